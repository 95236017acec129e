"""Data and tools for the Spark job's test: datasets and the `pith` CLI as for the
Python package's tests (tests/python/pith_testing.py), and Java (the test skips, saying
so, without it)."""

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests" / "python"))
from pith_testing import REPO, need_dataset, pith_cli  # noqa: E402,F401


def need_java():
    if not shutil.which("java") and not os.environ.get("JAVA_HOME"):
        pytest.skip("skipped: no Java for Spark (install Java 17)")
