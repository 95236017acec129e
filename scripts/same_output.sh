#!/usr/bin/env bash
# Byte-identical output check for speed work: runs two pith binaries over every
# development folder and the WARC samples, for each preset given, and compares the
# outputs (`--format jsonl --paragraphs`: text, every paragraph's label and jusText
# features, language, warnings).
#
#   scripts/same_output.sh BASE_PITH NEW_PITH [PRESET...]     (default presets:
#       justext declutter readability pith)
#
# Outputs go to ${PITH_SAME_DIR:-/tmp/pith-same}/{base,new}/PRESET/NAME.jsonl; a base
# output already there is reused (delete the directory after changing BASE_PITH).
# Exit status 0 when every pair is identical, 1 otherwise (the differing pairs are
# listed). Pages: $PITH_DATASETS (default ../shared/datasets from the repository).
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,13p' "$0" >&2
    exit 2
fi
base="$1"
new="$2"
shift 2
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(justext declutter readability pith)

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
datasets="${PITH_DATASETS:-$here/../../shared/datasets}"
out="${PITH_SAME_DIR:-/tmp/pith-same}"

inputs=()
for d in scrapinghub cleaneval-dev dragnet-train l3s-gn1-dev googletrends-dev; do
    [ -d "$datasets/$d/html" ] && inputs+=("$d=$datasets/$d/html")
done
for w in "$datasets"/warc/*.warc.gz; do
    [ -f "$w" ] && inputs+=("$(basename "$w" .warc.gz)=$w")
done
[ ${#inputs[@]} -gt 0 ] || { echo "same_output.sh: no datasets under $datasets" >&2; exit 2; }

run() { # BIN DIR PRESET NAME INPUT
    local file="$2/$3/$4.jsonl"
    mkdir -p "$2/$3"
    if [ "$2" = "$out/base" ] && [ -s "$file" ]; then return; fi
    # -j 1: record order and timing-free output do not depend on it, but it keeps
    # the check light on a shared machine.
    "$1" extract --format jsonl --paragraphs -q -j 1 --preset "$3" "$5" > "$file" || true
}

status=0
pairs=0
records=0
for p in "${presets[@]}"; do
    for i in "${inputs[@]}"; do
        name="${i%%=*}"
        path="${i#*=}"
        run "$base" "$out/base" "$p" "$name" "$path"
        run "$new" "$out/new" "$p" "$name" "$path"
        pairs=$((pairs + 1))
        records=$((records + $(wc -l < "$out/new/$p/$name.jsonl")))
        if ! cmp -s "$out/base/$p/$name.jsonl" "$out/new/$p/$name.jsonl"; then
            echo "DIFFERENT: $p $name ($out/base/$p/$name.jsonl vs $out/new/$p/$name.jsonl)"
            status=1
        fi
    done
done
if [ $status -eq 0 ]; then
    echo "same_output.sh: $pairs outputs identical (presets: ${presets[*]}; $records records)"
fi
exit $status
