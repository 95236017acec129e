#!/usr/bin/env bash
# Throughput of pith vs Python jusText 3.0.2 on the scrapinghub pages (single thread).
#
#   scripts/bench_vs_python.sh [--repeat N]
#
# Builds target/release/pith, sets up the reference venv (scripts/reference/setup-venv.sh,
# .venv-reference), then runs scripts/bench_vs_python.py: Python is timed in-process
# (justext() calls only), pith as the wall clock of one CLI run over all files; best of
# N runs (default 3) each. Pages: $PITH_DATASETS/scrapinghub/html/*.html, with
# PITH_DATASETS defaulting to ../shared/datasets relative to the workspace root.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$repo"

repeat=3
if [ "${1:-}" = "--repeat" ]; then
    repeat="$2"
    shift 2
fi

datasets="${PITH_DATASETS:-../shared/datasets}"
case "$datasets" in
    /*) ;;
    *) datasets="$repo/$datasets" ;;
esac
html_dir="$datasets/scrapinghub/html"
if [ ! -d "$html_dir" ]; then
    echo "no pages at $html_dir (set PITH_DATASETS)" >&2
    exit 1
fi

echo "building target/release/pith" >&2
cargo build --release --quiet -p pith-cli

"$repo/scripts/reference/setup-venv.sh" >&2
venv="${PITH_REFERENCE_VENV:-$repo/.venv-reference}"

exec python3 "$here/bench_vs_python.py" \
    --pith "$repo/target/release/pith" \
    --python "$venv/bin/python" \
    --repeat "$repeat" \
    "$html_dir"
