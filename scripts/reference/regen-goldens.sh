#!/usr/bin/env bash
# Regenerate the golden outputs of every fixture in tests/golden/ with the pinned
# Python jusText 3.0.2 reference.
#
#   scripts/reference/regen-goldens.sh [FIXTURE_DIR...]
#
# For each tests/golden/*/input.html (or only the given fixture folders) writes, next
# to it: expected.json (paragraph list or {"error": ...}), events.json (the event
# stream the reference's segmenter sees) and reference.json (versions used).
# The venv is created / checked first (scripts/reference/setup-venv.sh,
# path $PITH_REFERENCE_VENV, default <repo>/.venv-reference).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="${PITH_REFERENCE_VENV:-$repo/.venv-reference}"
export PITH_REFERENCE_VENV="$venv"

"$here/setup-venv.sh" >&2
py="$venv/bin/python"
runner="$here/justext_reference.py"

if [ "$#" -gt 0 ]; then
    dirs=("$@")
else
    dirs=()
    for f in "$repo"/tests/golden/*/input.html; do
        [ -e "$f" ] && dirs+=("$(dirname "$f")")
    done
fi

info="$("$py" "$runner" --info)"
n=0
for d in "${dirs[@]}"; do
    d="${d%/}"
    if [ ! -f "$d/input.html" ]; then
        echo "skip $d: no input.html" >&2
        continue
    fi
    "$py" "$runner" "$d/input.html" --out "$d/expected.json" --events "$d/events.json"
    printf '%s\n' "$info" > "$d/reference.json"
    n=$((n + 1))
done
echo "regenerated $n fixture(s) with $info" >&2
