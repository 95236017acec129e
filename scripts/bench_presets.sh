#!/usr/bin/env bash
# The presets side by side on one core: justext, justext without language
# identification, declutter, readability and pith over the scrapinghub pages,
# interleaved rounds (issue 11's and issue 12's speed targets).
#
#   scripts/bench_presets.sh [--rounds N] [--cpu C] [--preset NAME ...] [--base OLD_PITH] [--json FILE]
#
# Builds the release pith (honouring CARGO_TARGET_DIR; PITH_BIN=path skips the build),
# then runs scripts/bench_presets.py (see its docstring for what is timed) under
# nice -n 19. Pages: $PITH_DATASETS/scrapinghub/html (default ../shared/datasets).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/.."

# shellcheck source=scrapinghub-dir.sh
. "$here/scrapinghub-dir.sh"
# shellcheck source=pith-bin.sh
. "$here/pith-bin.sh"
pith="$(pith_bin)"

exec nice -n 19 python3 "$here/bench_presets.py" --pith "$pith" "$@" "$html_dir"
