#!/usr/bin/env bash
# Corpus throughput: pith over the scrapinghub pages packed into a WARC.gz vs Python
# jusText 3.0.2; 2-worker scaling; peak memory for the sample and a 10x corpus.
#
#   scripts/bench_corpus.sh [--repeat N] [--scale N]
#
# Builds the release pith (honouring CARGO_TARGET_DIR), sets up the reference venv (scripts/reference/setup-venv.sh),
# then runs scripts/bench_corpus.py (see its docstring for what is timed). The WARC files
# are written to ${PITH_BENCH_DIR:-/tmp/pith-bench}. Pages: $PITH_DATASETS/scrapinghub/html.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$repo"

# shellcheck source=bench-setup.sh
. "$here/bench-setup.sh"

exec python3 "$here/bench_corpus.py" \
    --pith "$pith" \
    --python "$venv/bin/python" \
    --workdir "${PITH_BENCH_DIR:-/tmp/pith-bench}" \
    "$@" \
    "$html_dir"
