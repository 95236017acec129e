# Shared by the side-by-side speed scripts (bench_vs_python.sh, bench_corpus.sh); source
# it from the repository root. Sets html_dir (the scrapinghub pages under
# $PITH_DATASETS, default ../shared/datasets), builds target/release/pith and the
# reference venv, and sets venv.
datasets="${PITH_DATASETS:-../shared/datasets}"
case "$datasets" in
    /*) ;;
    *) datasets="$PWD/$datasets" ;;
esac
html_dir="$datasets/scrapinghub/html"
if [ ! -d "$html_dir" ]; then
    echo "no pages at $html_dir (set PITH_DATASETS)" >&2
    exit 1
fi

echo "building target/release/pith" >&2
cargo build --release --quiet -p pith-cli

scripts/reference/setup-venv.sh >&2
venv="${PITH_REFERENCE_VENV:-$PWD/.venv-reference}"
