#!/usr/bin/env bash
# Create (or reuse) a throwaway Python venv with the pinned jusText reference.
#
#   scripts/reference/setup-venv.sh
#
# Venv path: $PITH_REFERENCE_VENV, default <repo>/.venv-reference (git-ignored via /.venv*).
# Python:    $PITH_REFERENCE_PYTHON, default python3 from PATH.
# Idempotent: if the venv already has exactly the pinned versions nothing is installed.
# Prints the versions in use, including lxml.etree.LIBXML_VERSION.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="${PITH_REFERENCE_VENV:-$repo/.venv-reference}"
py="${PITH_REFERENCE_PYTHON:-python3}"

pins=(justext==3.0.2 lxml==6.1.3 lxml_html_clean==0.4.6)

check_pins() {
    "$venv/bin/python" - <<'PY' 2>/dev/null
import sys
from importlib.metadata import version
want = {"justext": "3.0.2", "lxml": "6.1.3", "lxml_html_clean": "0.4.6"}
for name, v in want.items():
    try:
        if version(name) != v:
            sys.exit(1)
    except Exception:
        sys.exit(1)
PY
}

if [ ! -x "$venv/bin/python" ]; then
    echo "creating venv $venv with $("$py" --version 2>&1)" >&2
    "$py" -m venv "$venv"
fi

if ! check_pins; then
    echo "installing ${pins[*]} into $venv" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${pins[@]}"
    check_pins || { echo "error: pinned versions not installed correctly" >&2; exit 1; }
fi

"$venv/bin/python" - <<'PY'
import sys, platform
from importlib.metadata import version
import lxml.etree
print("venv:", sys.prefix)
print("python:", platform.python_version())
print("justext:", version("justext"))
print("lxml:", version("lxml"))
print("lxml_html_clean:", version("lxml_html_clean"))
print("libxml2:", ".".join(map(str, lxml.etree.LIBXML_VERSION)))
PY
