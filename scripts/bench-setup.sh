# Shared by the side-by-side speed scripts (bench_vs_python.sh, bench_corpus.sh); source
# it from the repository root. Sets html_dir (the scrapinghub pages under
# $PITH_DATASETS, default ../shared/datasets), builds the release pith and sets pith
# to its path (wherever CARGO_TARGET_DIR puts it), sets up the reference venv and sets
# venv.
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

echo "building the release pith" >&2
# shellcheck source=pith-bin.sh
. "$PWD/scripts/pith-bin.sh"
pith="$(pith_release_bin)"

scripts/reference/setup-venv.sh >&2
venv="${PITH_REFERENCE_VENV:-$PWD/.venv-reference}"
