#!/bin/sh
# Rebuilds the `pith` preset (crates/learn/presets/pith.json) from the development
# datasets: the base pipeline's features, boosted trees fitted on every page of the four
# training folders and scrapinghub, with 5-fold out-of-fold scores printed per folder.
# Deterministic: the same data and seed give the same file, byte for byte.
#   PITH_DATASETS=/path/to/datasets scripts/train-pith.sh [path/to/pith-binary]
set -eu
cd "$(dirname "$0")/.."
PITH=${1:-target/release/pith}
"$PITH" train \
  --dataset scrapinghub --dataset cleaneval-dev --dataset dragnet-train \
  --dataset l3s-gn1-dev --dataset googletrends-dev \
  --base crates/learn/presets/pith-base.json \
  --out crates/learn/presets/pith.json --seed 1 --folds 5 --rounds 300 --max-depth 6
