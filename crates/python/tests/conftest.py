"""Fixtures of the Python package's tests. The dataset and CLI helpers are shared with
the Spark job's tests: tests/python/pith_testing.py."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests" / "python"))
from pith_testing import REPO, datasets_dir, need_dataset, pith_cli  # noqa: E402,F401


@pytest.fixture
def sample_html():
    return (REPO / "examples" / "sample.html").read_bytes()
