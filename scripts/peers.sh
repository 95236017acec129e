#!/usr/bin/env bash
# Pith against its peers: runs trafilatura, readability-lxml and resiliparse over the
# development folders (scripts/peers.py, one core, `nice -n 19`), then scores their saved
# outputs beside pith's presets with `pith eval --outputs` on every folder.
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
if [ "${1:-}" = --score-only ]; then
    shift
else
    VENV="${PEERS_VENV:-../venvs/peers}"
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
mkdir -p "$OUT/eval"
for dir in "$OUT"/*/; do
    case "$(basename "$dir")" in eval) continue ;; esac
    for ds in "$dir"*/; do basename "$ds"; done
done | sort -u | while read -r ds; do
    # trafilatura first (the baseline of the paired tests: the extractor to beat),
    # then the other peers, then any other folder of OUT.
    cols=()
    declare -A seen=([eval]=1)
    for peer in trafilatura readability-lxml resiliparse $(ls "$OUT"); do
        [ -z "${seen[$peer]:-}" ] || continue
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
# The presets' speed measured as the peers' is: one core, CPU time (user + system),
# here of the whole `pith extract -j 1` process over the scrapinghub pages, best of 3.
SPEED_DIR="$PITH_DATASETS/scrapinghub/html"
bytes=$(find "$SPEED_DIR" -name '*.html' -printf '%s\n' | awk '{ s += $1 } END { print s }')
: > "$OUT/eval/speed.tsv"
TIMEFORMAT='%U %S'
for preset in readability declutter pith; do
    best=""
    for _ in 1 2 3; do
        t=$( { time nice -n 19 "$P" extract --preset "$preset" -j 1 -q --format jsonl "$SPEED_DIR" > /dev/null 2>&1; } 2>&1 )
        best=$(echo "$best $(echo "$t" | awk '{ print $1 + $2 }')" | awk '{ m = $1; for (i = 2; i <= NF; i++) if ($i < m) m = $i; print m }')
    done
    echo "$preset $bytes $best" | awk '{ printf "%s\t%.3f\t%s\n", $1, $2 / 1e6 / $3, $3 }' >> "$OUT/eval/speed.tsv"
done
python3 scripts/peers.py --table "$OUT"
