"""What the Python package's and the Spark job's pytest suites share (each
`conftest.py` imports it): where the development datasets are ($PITH_DATASETS, default
../shared/datasets beside the repository) with the project's skip-or-fail rule (without
a dataset a test skips visibly, unless PITH_REQUIRE_DATASETS=1 makes it fail), and the
`pith` CLI of this checkout."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def datasets_dir():
    """$PITH_DATASETS, else ../shared/datasets beside the repository."""
    return Path(os.environ.get("PITH_DATASETS", REPO.parent / "shared" / "datasets"))


def need_dataset(*parts):
    """The path of a dataset folder; skips (or fails with PITH_REQUIRE_DATASETS=1)
    when it is missing."""
    path = datasets_dir().joinpath(*parts)
    if not path.exists():
        message = f"skipped: dataset not found: {path}"
        if os.environ.get("PITH_REQUIRE_DATASETS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return path


def pith_cli():
    """The `pith` binary: $PITH_BIN, else this checkout's debug build (built with cargo
    if needed, found where cargo puts it, so CARGO_TARGET_DIR is honoured)."""
    explicit = os.environ.get("PITH_BIN")
    if explicit:
        return explicit
    subprocess.run(["cargo", "build", "-q", "-p", "pith-cli"], cwd=REPO, check=True)
    meta = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps"],
        cwd=REPO, check=True, capture_output=True,
    )
    return str(Path(json.loads(meta.stdout)["target_directory"]) / "debug" / "pith")
