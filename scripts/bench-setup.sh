# Shared by the side-by-side speed scripts (bench_vs_python.sh, bench_corpus.sh); source
# it from the repository root. Sets html_dir (the scrapinghub pages under
# $PITH_DATASETS, default ../shared/datasets), builds the release pith and sets pith
# to its path (wherever CARGO_TARGET_DIR puts it), sets up the reference venv and sets
# venv.
# shellcheck source=scrapinghub-dir.sh
. "$PWD/scripts/scrapinghub-dir.sh"

echo "building the release pith" >&2
# shellcheck source=pith-bin.sh
. "$PWD/scripts/pith-bin.sh"
pith="$(pith_release_bin)"

scripts/reference/setup-venv.sh >&2
venv="${PITH_REFERENCE_VENV:-$PWD/.venv-reference}"
