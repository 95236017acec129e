# Sourced by the speed scripts from the repository root: sets html_dir to the
# scrapinghub pages under $PITH_DATASETS (default ../shared/datasets, made absolute),
# or exits naming the missing folder.
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
