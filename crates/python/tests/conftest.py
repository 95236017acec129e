"""Shared fixtures: where the development datasets are (PITH_DATASETS, default
../shared/datasets beside the repository), and the skip-or-fail rule of the project:
without a dataset a test skips visibly, unless PITH_REQUIRE_DATASETS=1 makes it fail."""

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def datasets_dir():
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


@pytest.fixture
def sample_html():
    return (REPO / "examples" / "sample.html").read_bytes()


def pith_cli():
    """The `pith` binary of this checkout (built with cargo if needed)."""
    import json
    import subprocess

    explicit = os.environ.get("PITH_BIN")
    if explicit:
        return explicit
    subprocess.run(["cargo", "build", "-q", "-p", "pith-cli"], cwd=REPO, check=True)
    meta = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps"],
        cwd=REPO, check=True, capture_output=True,
    )
    return str(Path(json.loads(meta.stdout)["target_directory"]) / "debug" / "pith")
