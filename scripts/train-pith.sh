#!/usr/bin/env bash
# Rebuilds the `pith` preset (crates/learn/presets/pith.json) from the development
# datasets: boosted trees fitted on the base pipeline's features (presets/pith-base.json)
# over every page of the five development folders, with 5-fold out-of-fold scores
# printed per folder (token and shingle F1) and the decision threshold chosen out of
# fold. Deterministic: the same data and seed give the same file.
#   PITH_DATASETS=/path/to/datasets scripts/train-pith.sh
set -eu
cd "$(dirname "$0")/.."
# shellcheck source=pith-bin.sh
. scripts/pith-bin.sh
P="$(pith_release_bin)"
"$P" train \
  --dataset scrapinghub --dataset cleaneval-dev --dataset dragnet-train \
  --dataset l3s-gn1-dev --dataset googletrends-dev \
  --base crates/learn/presets/pith-base.json \
  --out crates/learn/presets/pith.json --seed 1 --folds 5 --rounds 300 --max-depth 6 --choose-threshold
