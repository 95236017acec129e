#!/bin/sh
# Reproduces docs/evaluation.md: the jusText validation run, then every preset on
# scrapinghub and cleaneval-dev ($PITH_DATASETS, default ../shared/datasets).
set -e
cd "$(dirname "$0")/.."
cargo build --release -q -p pith-eval
E=target/release/pith-eval
$E --preset justext --set length_low=50 --set length_high=200 --set stopwords_low=0.1 \
  --set stopwords_high=0.2 --set max_link_density=0.2 --set max_heading_distance=200 \
  --set no_headings=true --bootstrap 1000
$E --preset justext --preset declutter --preset declutter-justext --preset shake-justext --bootstrap 1000
$E --dataset cleaneval-dev --preset justext --preset declutter --preset declutter-justext --preset shake-justext
