#!/usr/bin/env bash
# Pith against its peers: runs trafilatura, readability-lxml and resiliparse over the
# development folders (scripts/peers.py, one core, `nice -n 19`), then scores their saved
# outputs beside pith's presets with `pith eval --outputs` on every folder, with the
# `pith` preset's out-of-fold extractions (`pith train --oof-dir`) as a column too, and
# those of the preset with `--no-comments` (trafilatura runs with include_comments=False).
#
#   scripts/peers.sh OUT [peers.py options, e.g. --dataset scrapinghub --peer trafilatura]
#   scripts/peers.sh OUT --score-only   # score OUT's saved outputs again (after a pith change)
#
# OUT/<peer>/<dataset>/ gets each peer's texts, seconds.tsv and run.json (peers.py);
# OUT/eval/<dataset>.json the `pith eval --format json` of the peers and the presets
# readability, declutter and pith. The peers live in a virtual environment outside the
# repository, $PEERS_VENV (default ../venvs/peers beside the checkout), made on first
# use with the pinned versions below (from PyPI). Datasets: $PITH_DATASETS, default
# ../shared/datasets. The CI does not run this: it is a measurement, not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,14p' "$0" >&2; exit 2; }
OUT="$1"
shift
export PITH_DATASETS="${PITH_DATASETS:-../shared/datasets}"
SCORE_ONLY=0
VENV="${PEERS_VENV:-../venvs/peers}"
if [ "${1:-}" = --score-only ]; then
    SCORE_ONLY=1
    shift
else
    PINS=(trafilatura==2.3.1 readability-lxml==0.9 resiliparse==2.0.1)
    if [ ! -x "$VENV/bin/python" ]; then
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install -q -U pip
    fi
    "$VENV/bin/pip" install -q "${PINS[@]}"
    nice -n 19 "$VENV/bin/python" scripts/peers.py --out "$OUT" "$@"
fi

# shellcheck source=pith-bin.sh
. scripts/pith-bin.sh
P="$(pith_release_bin)"
# The `pith` preset out of fold: scripts/train-pith.sh's training (the options of
# scripts/pith-train-options.sh) writing each page's out-of-fold extraction to
# OUT/pith-oof/<dataset>/, scored below as the column `pith-oof`. Training is deterministic, so the model it fits must
# be the shipped crates/learn/presets/pith.json byte for byte; if not, the column is of
# another model than the preset, and this says so.
# shellcheck source=pith-train-options.sh
. scripts/pith-train-options.sh
TRAIN=("${PITH_TRAIN_OPTIONS[@]}" --base "$PITH_TRAIN_BASE" --seed 1)
if [ "$SCORE_ONLY" = 0 ] || [ ! -d "$OUT/pith-oof" ]; then
    rm -rf "$OUT/pith-oof"
    nice -n 19 "$P" train "${TRAIN[@]}" --out "$OUT/pith-oof.json" --oof-dir "$OUT/pith-oof" >&2
    if ! cmp -s "$OUT/pith-oof.json" crates/learn/presets/pith.json; then
        echo "peers.sh: WARNING: these training options do not give the shipped pith.json;" \
            "the pith-oof column is not the preset's (retrain it: scripts/train-pith.sh)" >&2
    fi
fi
# The same with `--no-comments` (the veto after the trees, each fold scored after it):
# trafilatura runs with include_comments=False here, so this is the like-for-like column,
# `pith-oof-no-comments`.
if [ "$SCORE_ONLY" = 0 ] || [ ! -d "$OUT/pith-oof-no-comments" ]; then
    rm -rf "$OUT/pith-oof-no-comments"
    nice -n 19 "$P" train "${PITH_TRAIN_OPTIONS[@]}" --base "$PITH_TRAIN_BASE:no_comments=true" \
        --seed 1 --out "$OUT/pith-oof-no-comments.json" --oof-dir "$OUT/pith-oof-no-comments" >&2
fi
mkdir -p "$OUT/eval"
for dir in "$OUT"/*/; do
    case "$(basename "$dir")" in eval | speed | *-work) continue ;; esac
    for ds in "$dir"*/; do basename "$ds"; done
done | sort -u | while read -r ds; do
    # trafilatura first (the baseline of the paired tests: the extractor to beat),
    # then the other peers, then any other folder of OUT.
    cols=()
    declare -A seen=([eval]=1 [speed]=1)
    for peer in trafilatura readability-lxml resiliparse $(ls "$OUT"); do
        [ -z "${seen[$peer]:-}" ] && [ "${peer%-work}" = "$peer" ] || continue
        seen[$peer]=1
        if [ -d "$OUT/$peer/$ds" ]; then cols+=(--outputs "$peer=$OUT/$peer/$ds"); fi
    done
    echo "peers.sh: pith eval $ds" >&2
    rc=0
    nice -n 19 "$P" eval --quiet --format json --bootstrap 1000 --dataset "$ds" "${cols[@]}" \
        --pipeline readability --pipeline declutter --pipeline pith \
        -o "$OUT/eval/$ds.json" || rc=$?
    # 1: some page failed or has no output (named in the JSON); 2: a real error.
    [ "$rc" -le 1 ] || exit "$rc"
done
# Speed on one core by CPU time over the scrapinghub pages, 3 interleaved rounds (the
# table takes each extractor's best): each peer's extraction calls (peers.py again,
# into OUT/speed/; needs the venv), and each preset's `pith extract -j 1` process (user
# + system) less the same process on one tiny page (start-up: loading the pipeline),
# so that both count the extraction and not the start-up. One row per run in
# OUT/eval/speed.tsv: name, MB/s, CPU seconds.
SPEED_DIR="$PITH_DATASETS/scrapinghub/html"
bytes=$(find "$SPEED_DIR" -name '*.html' -printf '%s\n' | awk '{ s += $1 } END { print s }')
: > "$OUT/eval/speed.tsv"
printf '<p>start-up</p>' > "$OUT/eval/tiny.html"
TIMEFORMAT='%U %S'
for round in 1 2 3; do
    echo "peers.sh: speed, round $round of 3" >&2
    if [ -x "$VENV/bin/python" ]; then
        for peer in trafilatura readability-lxml resiliparse; do
            nice -n 19 "$VENV/bin/python" scripts/peers.py --out "$OUT/speed" --peer "$peer" \
                --dataset scrapinghub > /dev/null
            python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
print(r["peer"], r["mb_per_s"], r["cpu_seconds"], sep="\t")' \
                "$OUT/speed/$peer/scrapinghub/run.json" >> "$OUT/eval/speed.tsv"
        done
    fi
    for preset in readability declutter pith; do
        t=$( { time nice -n 19 "$P" extract --preset "$preset" -j 1 -q --format jsonl "$SPEED_DIR" > /dev/null 2>&1; } 2>&1 )
        t0=$( { time nice -n 19 "$P" extract --preset "$preset" -j 1 -q --format jsonl "$OUT/eval/tiny.html" > /dev/null 2>&1; } 2>&1 )
        echo "$preset $bytes $t $t0" | awk '{ c = $3 + $4 - $5 - $6; printf "%s\t%.3f\t%.3f\n", $1, $2 / 1e6 / c, c }' >> "$OUT/eval/speed.tsv"
    done
done
rm -rf "$OUT/speed"
python3 scripts/peers.py --table "$OUT"
