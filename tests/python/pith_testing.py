"""What the Python package's and the Spark job's pytest suites share (each
`conftest.py` imports it): where the development datasets are ($PITH_DATASETS, default
../shared/datasets beside the repository) with the project's skip-or-fail rule (without
a dataset a test skips visibly, unless PITH_REQUIRE_DATASETS=1 makes it fail), the
`pith` CLI of this checkout, a page with a data table (Markdown's tables), and the
bundled sample page with an aside (the learned preset's lean)."""

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


#: A news article with a data table (the ``justext`` preset keeps it: Markdown's
#: tables). Imported from here, not from a ``conftest``: the two suites' ``conftest``
#: modules share one name when pytest runs them together.
STANDINGS = (
    "<html><body><article><h1>Busch keeps the lead after Texas</h1>"
    "<p>Kyle Busch kept his lead in the standings after a race in Texas on Sunday that saw "
    "three of the four leading drivers finish in the top ten, while the fourth retired after "
    "a crash on the final lap of the race.</p>"
    "<table><thead><tr><th>Pos.</th><th>Driver</th><th>Points</th></tr></thead><tbody>"
    "<tr><td>1</td><td>Kyle Busch</td><td>5040</td></tr>"
    "<tr><td>2</td><td>Martin Truex Jr.</td><td>5035</td></tr></tbody></table>"
    "<p>Phoenix will decide the title next Sunday, when the four drivers who are still in "
    "the running start the race level on points, and the best placed of them wins.</p>"
    "</article></body></html>"
)
#: The table of ``STANDINGS`` as Markdown.
STANDINGS_TABLE = ("| Pos. | Driver | Points |\n| --- | --- | --- |\n"
                   "| 1 | Kyle Busch | 5040 |\n| 2 | Martin Truex Jr. | 5035 |\n")


#: A sentence of an aside about the bridge's history, which ``sample_with_aside`` adds.
ASIDE = ("The footbridge was first built in 1884 and rebuilt twice since then, most "
         "recently after the floods of 1968.")


def sample_with_aside():
    """The bundled sample page with an aside (``ASIDE``) in its article, before its
    second heading: a block the ``pith`` preset keeps but is less sure of than of the
    story, so that ``favor_precision`` drops it (the page without it gives the same
    text whatever the lean; the CLI's tests use the same page). Should a retrained
    preset grow sure of it, pick another block here."""
    heading = b"<h2>Timber from the old mill</h2>"
    page = (REPO / "examples" / "sample.html").read_bytes()
    assert heading in page
    aside = b"<aside><p>" + ASIDE.encode() + b"</p></aside>"
    return page.replace(heading, aside + heading, 1)
