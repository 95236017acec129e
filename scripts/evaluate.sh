#!/usr/bin/env bash
# Regenerates docs/evaluation.md's tables with `pith eval`: the jusText 3.0.2 validation
# run (the published scrapinghub figures), then every built-in preset (`pith pipeline
# list`) on scrapinghub and cleaneval-dev ($PITH_DATASETS, default ../shared/datasets).
# Markdown on stdout; extra arguments go to every `pith eval` (e.g. --format csv).
set -e
cd "$(dirname "$0")/.."
# shellcheck source=pith-bin.sh
. scripts/pith-bin.sh
P="$(pith_release_bin)"
echo "## jusText 3.0.2 with the benchmark's parameters (scrapinghub)"
echo
$P eval --quiet --format markdown --dataset scrapinghub \
  --pipeline 'justext:length_low=50,length_high=200,stopwords_low=0.1,stopwords_high=0.2,max_link_density=0.2,max_heading_distance=200,no_headings=true' "$@"
PIPELINES=$($P pipeline list | awk '{printf " --pipeline %s", $1}')
for ds in scrapinghub cleaneval-dev; do
  echo
  echo "## Every preset on $ds"
  echo
  # shellcheck disable=SC2086 # one word per option
  $P eval --quiet --format markdown --dataset "$ds" $PIPELINES "$@"
done
