#!/usr/bin/env bash
# Out-of-fold figures of a base pipeline over several fold assignments (repeated k-fold).
#
#   scripts/train-seeds.sh [--seeds "1 2 3"] [--base PIPELINE] [-- MORE PITH TRAIN OPTIONS]
#
# `pith train --seed S` deals each folder's pages into folds with S; the trees it writes
# do not depend on S (no subsampling), only the out-of-fold estimate and the threshold
# chosen from it do. One deal moves the nested mean token F1 of four folders by about
# ±0.004 (docs/evaluation.md, "How far the fold deal moves the figures"), as much as
# most changes tried, so compare bases on the mean over several deals. (Each run
# chooses its threshold over five deals of its own, seeds S to S + 4, as the shipped
# recipe does, so it fits 25 ensembles; `-- --repeats 1` compares bases five times
# faster, each seed's threshold chosen on its own deal.) Runs
# scripts/train-pith.sh's training (scripts/pith-train-options.sh; MORE options are
# added and replace the file's options of the same name, e.g. `-- --max-depth 6`; --base,
# default the shipped base, is what `pith train --base` takes, overrides included, e.g.
# `crates/learn/presets/pith-base.json:no_comments=true`) once per seed, writing nothing into the
# project, and prints a Markdown table of each seed's nested token F1 per folder (each fold cut at the threshold the other folds chose),
# the mean of the four other than scrapinghub, scrapinghub's shingle F1, and the mean over the seeds.
# Builds the release pith (honouring CARGO_TARGET_DIR; PITH_BIN=path skips the build).
# Pages: $PITH_DATASETS (default ../shared/datasets). Needs python3 (standard library).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/.."
seeds="1 2 3"
base=""
while [ $# -gt 0 ]; do
    case "$1" in
        --seeds) seeds="$2"; shift 2 ;;
        --base) base="$2"; shift 2 ;;
        --) shift; break ;;
        *) echo "train-seeds.sh: unknown option $1 (see the header)" >&2; exit 2 ;;
    esac
done
# shellcheck source=pith-bin.sh
. "$here/pith-bin.sh"
pith="$(pith_bin)"
# shellcheck source=pith-train-options.sh
. "$here/pith-train-options.sh"
base="${base:-$PITH_TRAIN_BASE}"
pith_train_options_less "$@"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for seed in $seeds; do
    echo "train-seeds.sh: seed $seed" >&2
    "$pith" train "${PITH_TRAIN_OPTIONS_LESS[@]}" --base "$base" --seed "$seed" \
        --out "$work/trained-$seed.json" --report "$work/report-$seed.json" "$@" \
        > "$work/seed-$seed.txt"
done

python3 - "$work" $seeds <<'EOF'
import json, statistics, sys

work, seeds = sys.argv[1], sys.argv[2:]
FOLDERS = ["scrapinghub", "cleaneval-dev", "dragnet-train", "l3s-gn1-dev", "googletrends-dev"]

def nested(report):
    """Token F1 per folder of the nested table (`pith train --report`'s `nested`), and
    scrapinghub's shingle F1 (the issue's other scrapinghub target) as `shingle`."""
    rows = {r["dataset"]: r["token"]["f1"] for r in report["nested"]["datasets"]}
    rows.update(("shingle", r["shingle_f1"]) for r in report["nested"]["datasets"]
                if r["dataset"] == FOLDERS[0])
    if not rows:
        sys.exit("train-seeds.sh: pith train reported no nested table (needs --choose-threshold)")
    missing = [f for f in FOLDERS if f not in rows]
    if missing:
        sys.exit(f"train-seeds.sh: no nested row for {', '.join(missing)}")
    return rows

def mean_of_four(s):
    return statistics.mean(s[f] for f in FOLDERS[1:])

runs = {seed: nested(json.load(open(f"{work}/report-{seed}.json"))) for seed in seeds}
COLUMNS = FOLDERS + ["shingle"]
print("| seed | " + " | ".join(FOLDERS) + " | mean of four | scrapinghub shingle F1 |")
print("|---" * (len(COLUMNS) + 2) + "|")
for seed, s in runs.items():
    print(f"| {seed} | " + " | ".join(f"{s[f]:.3f}" for f in FOLDERS)
          + f" | {mean_of_four(s):.4f} | {s['shingle']:.3f} |")
mean = {f: statistics.mean(s[f] for s in runs.values()) for f in COLUMNS}
print("| mean | " + " | ".join(f"{mean[f]:.4f}" for f in FOLDERS)
      + f" | {statistics.mean(mean_of_four(s) for s in runs.values()):.4f} | {mean['shingle']:.4f} |")
EOF
