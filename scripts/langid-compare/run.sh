#!/usr/bin/env bash
# The language-identification comparison of decision 0010, end to end:
#   scripts/langid-compare/run.sh [ROUNDS]
# Extracts every development page and WARC record with the `justext` preset and
# `-s auto` (paragraphs included), builds the 1 KiB samples pith's identification reads,
# labels them (English folders `en`, golden pages by their code, WARC records by
# warc-labels.tsv) and times and scores each identifier on them, one core.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
data="${PITH_DATASETS:-$root/../shared/datasets}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# shellcheck source=../pith-bin.sh
. "$root/scripts/pith-bin.sh"
pith="$(cd "$root" && pith_release_bin)"
for d in cleaneval-dev dragnet-train l3s-gn1-dev googletrends-dev; do
    "$pith" extract --format jsonl --paragraphs -q -j 1 -s auto --preset justext "$data/$d/html" > "$work/$d.jsonl"
done
for w in cc-main-2020-34-sample cc-main-2024-22-whirlwind clueweb09-ja-quirk; do
    "$pith" extract --format jsonl --paragraphs -q -j 1 -s auto --preset justext "$data/warc/$w.warc.gz" > "$work/$w.jsonl"
done
python3 "$here/make_samples.py" "$work" > "$work/samples.jsonl"
cd "$here"
cargo run --release -q -- "$work/samples.jsonl" "${1:-3}"
