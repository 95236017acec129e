#!/usr/bin/env bash
# Leave-one-folder-out figures: how the `pith` preset's training does on a folder it has
# never seen a page of.
#
#   scripts/leave-one-out.sh [--base PIPELINE] [--seed S] [--keep DIR] [-- MORE PITH TRAIN OPTIONS]
#
# Out-of-fold figures (`pith train`, scripts/train-seeds.sh) deal the pages of every
# folder into folds, so the trees that label a page have seen other pages of its folder:
# its sites, its templates and the conventions of its gold (whether a headline, a caption
# or a comment thread is content). Pages from another dataset share none of that. For
# each of the five development folders this trains as scripts/train-pith.sh does
# (scripts/pith-train-options.sh, threshold chosen by cross-validation on the training
# folders only) on the *other four* folders, and scores the held-out folder with
# `pith eval` (token F1, the BoW macro F1, and the benchmark's shingle F1). Prints a
# Markdown table of those figures, with the mean token F1 of the four folders other than
# scrapinghub. MORE options are added to the training and replace the options file's
# options of the same name (e.g. `-- --max-depth 6`); --base defaults to the shipped base
# and takes what `pith train --base` takes (`…/pith-base.json:no_comments=true`);
# --keep DIR keeps the five trained pipelines as DIR/without-<folder>.json.
# Builds the release pith (honouring CARGO_TARGET_DIR; PITH_BIN=path skips the build).
# Pages: $PITH_DATASETS (default ../shared/datasets). Needs python3 (standard library).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/.."
base=""
seed=1
keep=""
while [ $# -gt 0 ]; do
    case "$1" in
        --base) base="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --keep) keep="$2"; shift 2 ;;
        --) shift; break ;;
        *) echo "leave-one-out.sh: unknown option $1 (see the header)" >&2; exit 2 ;;
    esac
done
# shellcheck source=pith-bin.sh
. "$here/pith-bin.sh"
pith="$(pith_bin)"
# shellcheck source=pith-train-options.sh
. "$here/pith-train-options.sh"
base="${base:-$PITH_TRAIN_BASE}"

# The options file's training options without its `--dataset` pairs, and without the
# options MORE names again (with their values): MORE overrides the file.
more=("$@")
pith_train_options_less --dataset "${more[@]}"
options=("${PITH_TRAIN_OPTIONS_LESS[@]}")

FOLDERS=(scrapinghub cleaneval-dev dragnet-train l3s-gn1-dev googletrends-dev)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for held_out in "${FOLDERS[@]}"; do
    echo "leave-one-out.sh: training without $held_out" >&2
    training=()
    for folder in "${FOLDERS[@]}"; do
        [ "$folder" = "$held_out" ] || training+=(--dataset "$folder")
    done
    "$pith" train "${training[@]}" "${options[@]}" --base "$base" --seed "$seed" \
        --out "$work/without-$held_out.json" "${more[@]}" > "$work/train-$held_out.txt"
    "$pith" eval --dataset "$held_out" --pipeline "$work/without-$held_out.json" \
        --bootstrap 0 --format json > "$work/eval-$held_out.json"
    if [ -n "$keep" ]; then
        mkdir -p "$keep"
        cp "$work/without-$held_out.json" "$keep/"
    fi
done

python3 - "$work" "${FOLDERS[@]}" <<'EOF'
import json, statistics, sys

work, folders = sys.argv[1], sys.argv[2:]
rows = {}
for folder in folders:
    report = json.load(open(f"{work}/eval-{folder}.json"))
    pipeline = report["pipelines"][0]
    rows[folder] = (pipeline["bow"]["macro"]["f1"], pipeline["shingle"]["f1"], pipeline["empty"])
print("| held-out folder | token F1 | shingle F1 | empty |")
print("|---|---:|---:|---:|")
for folder, (token, shingle, empty) in rows.items():
    print(f"| {folder} | {token:.4f} | {shingle:.4f} | {empty} |")
print(f"| mean of four (all but scrapinghub) | {statistics.mean(rows[f][0] for f in folders[1:]):.4f} | | |")
EOF
