#!/usr/bin/env bash
# Issue 12's quality target: `-s auto` against `-s English` for every preset that has a
# stoplist, on every development folder (token F1 = `pith eval`'s bag-of-words macro F1).
#
#   scripts/auto_vs_english.sh [FOLDER ...]
#
# Builds the release pith (honouring CARGO_TARGET_DIR; PITH_BIN=path skips the build) and
# prints a Markdown table: folder, preset, F1 with `stoplist=English`, with
# `stoplist=auto`, and the difference. `declutter` and `readability` have no stoplist
# and are left out. Pages: $PITH_DATASETS (default ../shared/datasets). Runs under nice.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/.."
export PITH_DATASETS="${PITH_DATASETS:-../shared/datasets}"
# shellcheck source=pith-bin.sh
. "$here/pith-bin.sh"
pith="$(pith_bin)"
presets=(justext justext4-very-strict justext4-strict justext4-balanced justext4-permissive
    justext4-boilernet2017 justext-java declutter-justext shake-justext pith)
folders=("$@")
[ ${#folders[@]} -gt 0 ] || folders=(scrapinghub cleaneval-dev dragnet-train l3s-gn1-dev googletrends-dev)
args=()
for p in "${presets[@]}"; do
    args+=(--pipeline "$p:stoplist=English" --pipeline "$p:stoplist=auto")
done
echo "| folder | preset | -s English | -s auto | auto − English |"
echo "|---|---|---|---|---|"
for f in "${folders[@]}"; do
    nice -n 19 "$pith" eval -q --bootstrap 0 --dataset "$f" "${args[@]}" --format csv |
        python3 -c '
import csv, sys
folder = sys.argv[1]
f1 = {r["pipeline"]: float(r["value"]) for r in csv.DictReader(sys.stdin)
      if r["metric"] == "bow_macro_f1"}
for name in dict.fromkeys(k.split(":")[0] for k in f1):
    e, a = f1[name + ":stoplist=English"], f1[name + ":stoplist=auto"]
    print(f"| {folder} | {name} | {e:.4f} | {a:.4f} | {a - e:+.4f} |")
' "$f"
done
