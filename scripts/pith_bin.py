"""Where the release `pith` is: $PITH_BIN, else cargo's own answer (which honours
CARGO_TARGET_DIR and build.target-dir), never a hard-coded target/release/pith."""

import json
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def release_pith() -> str:
    """Builds the release pith (unless $PITH_BIN names one) and returns its path."""
    if os.environ.get("PITH_BIN"):
        return os.environ["PITH_BIN"]
    out = subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "pith-cli",
         "--message-format=json-render-diagnostics"],
        cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True,
    ).stdout
    exe = None
    for line in out.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and (msg.get("executable") or "").endswith("/pith"):
            exe = msg["executable"]
    if not exe:
        raise SystemExit("pith_bin.py: cargo did not report a pith binary")
    return exe
