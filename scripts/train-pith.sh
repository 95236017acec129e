#!/usr/bin/env bash
# Rebuilds the `pith` preset (crates/learn/presets/pith.json) from the development
# datasets: boosted trees fitted on the base pipeline's features (presets/pith-base.json)
# over every page of the five development folders, with 5-fold out-of-fold scores
# printed per folder (token and shingle F1) and the decision threshold chosen out of
# fold. Deterministic: the same data and seed give the same file. The options are in
# scripts/pith-train-options.sh.
#   PITH_DATASETS=/path/to/datasets scripts/train-pith.sh
set -eu
cd "$(dirname "$0")/.."
# shellcheck source=pith-bin.sh
. scripts/pith-bin.sh
P="$(pith_release_bin)"
# shellcheck source=pith-train-options.sh
. scripts/pith-train-options.sh
"$P" train "${PITH_TRAIN_OPTIONS[@]}" --base "$PITH_TRAIN_BASE" --seed 1 --out crates/learn/presets/pith.json
