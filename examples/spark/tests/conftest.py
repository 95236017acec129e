"""Data and tools for the Spark job's test: datasets as for every pith test
(PITH_DATASETS, skip visibly unless PITH_REQUIRE_DATASETS=1), the `pith` CLI of this
checkout, and Java (the test skips, saying so, without it)."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def need_dataset(*parts):
    root = Path(os.environ.get("PITH_DATASETS", REPO.parent / "shared" / "datasets"))
    path = root.joinpath(*parts)
    if not path.exists():
        message = f"skipped: dataset not found: {path}"
        if os.environ.get("PITH_REQUIRE_DATASETS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return path


def need_java():
    if not shutil.which("java") and not os.environ.get("JAVA_HOME"):
        pytest.skip("skipped: no Java for Spark (install Java 17)")


def pith_cli():
    explicit = os.environ.get("PITH_BIN")
    if explicit:
        return explicit
    subprocess.run(["cargo", "build", "-q", "-p", "pith-cli"], cwd=REPO, check=True)
    meta = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps"],
        cwd=REPO, check=True, capture_output=True,
    )
    return str(Path(json.loads(meta.stdout)["target_directory"]) / "debug" / "pith")
