#!/usr/bin/env bash
# Throughput of pith vs Python jusText 3.0.2 on the scrapinghub pages (single thread).
#
#   scripts/bench_vs_python.sh [--repeat N]
#
# Builds the release pith (honouring CARGO_TARGET_DIR), sets up the reference venv (scripts/reference/setup-venv.sh,
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

# shellcheck source=bench-setup.sh
. "$here/bench-setup.sh"

exec python3 "$here/bench_vs_python.py" \
    --pith "$pith" \
    --python "$venv/bin/python" \
    --repeat "$repeat" \
    "$html_dir"
