"""The Spark job in local[2] over the shared WARC samples: one row per HTML record,
exactly the records `pith extract --format jsonl` writes for the same files, whether
the files are local paths or http URIs the executors download."""

import functools
import http.server
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from conftest import need_dataset, need_java, pith_cli

HERE = Path(__file__).resolve().parent
JOB = HERE.parent / "pith_spark.py"
sys.path.insert(0, str(JOB.parent))


@pytest.fixture(scope="module")
def spark():
    need_java()
    # The executors' Python is this interpreter (with pith installed).
    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    session = SparkSession.builder.master("local[2]").appName("pith-test").getOrCreate()
    yield session
    session.stop()


def cli_rows(warcs, markdown=False, links=False, preset="justext", images=False):
    """The job's columns of the records `pith extract --preset PRESET --format jsonl`
    (with ``--markdown`` when ``markdown``, ``--links`` when ``links``, ``--images``
    when ``images``) writes for ``warcs``."""
    cli = subprocess.run(
        [pith_cli(), "extract", "--preset", preset, "--format", "jsonl", "-q", "-j", "2",
         *(["--markdown"] if markdown else []), *(["--links"] if links else []),
         *(["--images"] if images else []),
         *map(str, warcs)],
        capture_output=True, check=False,
    )
    assert cli.returncode in (0, 1), cli.stderr
    expected = [json.loads(line) for line in cli.stdout.decode("utf-8").splitlines()]
    import pith_spark

    return [{name: r.get(name) for name in pith_spark.columns(markdown)} for r in expected]


def by_source_and_id(rows):
    return sorted(rows, key=lambda r: (r["source"], r["id"]))


def test_spark_job_writes_exactly_the_cli_records(tmp_path, spark):
    warcs = sorted(need_dataset("warc").glob("*.warc.gz"))
    assert len(warcs) >= 3
    listing = tmp_path / "warc-paths.txt"
    listing.write_text("# the shared samples\n" + "".join(f"{p}\n" for p in warcs) + "\n")
    out = tmp_path / "out.parquet"
    import pith_spark

    import pith

    summary = pith_spark.run(spark, str(listing), str(out), pith.Pipeline.preset("justext"))
    written = spark.read.parquet(str(out))
    rows = [r.asDict() for r in written.collect()]

    expected = cli_rows(warcs)
    assert by_source_and_id(rows) == by_source_and_id(expected)
    # The two numbers are numbers, to filter on without a cast.
    from pyspark.sql.types import ArrayType, DoubleType, LongType, StringType

    types = {f.name: f.dataType for f in written.schema.fields}
    assert types.pop("warnings") == ArrayType(StringType())
    # The Chinese and Japanese pages say why the English stoplist kept nothing.
    assert any("stoplist" in w for r in rows for w in r["warnings"] or [])
    assert types.pop("language_confidence") == DoubleType()
    assert types.pop("word_count") == LongType()
    assert set(types.values()) == {StringType()}
    texts = [r for r in rows if r["text"] is not None]
    assert texts and all(isinstance(r["word_count"], int) for r in texts)
    assert any(isinstance(r["language_confidence"], float) for r in texts)
    assert written.filter("word_count >= 50 AND language_confidence > 0.5").count() > 0
    # No page lost: every HTML record is one row, text or error, and the counts add up.
    assert summary["rows"] == len(expected) > 0
    assert summary["extracted"] + summary["errors"] == summary["rows"]
    assert summary["documents"] == summary["rows"] + summary["skipped"]
    assert all((r["text"] is None) != (r["error"] is None) for r in rows)


def test_the_markdown_column_is_the_cli_records_markdown(tmp_path, spark):
    """``--markdown``: a nullable string column ``markdown`` after ``text``, in each row
    the ``markdown`` of the record `pith extract --format jsonl --markdown` writes (null
    in an error row); the other columns as without it."""
    from pyspark.sql.types import StringType

    warcs = sorted(need_dataset("warc").glob("*.warc.gz"))
    listing = tmp_path / "warc-paths.txt"
    listing.write_text("".join(f"{p}\n" for p in warcs))
    out = tmp_path / "out.parquet"
    import pith_spark

    import pith

    pith_spark.run(spark, str(listing), str(out), pith.Pipeline.preset("justext"), markdown=True)
    written = spark.read.parquet(str(out))
    assert written.columns == list(pith_spark.columns(markdown=True))
    assert written.columns[written.columns.index("text") + 1] == "markdown"
    field = written.schema["markdown"]
    assert field.dataType == StringType() and field.nullable
    rows = [r.asDict() for r in written.collect()]
    assert by_source_and_id(rows) == by_source_and_id(cli_rows(warcs, markdown=True))
    assert any(r["markdown"] for r in rows)
    assert all((r["markdown"] is None) == (r["error"] is not None) for r in rows)


def test_the_links_and_images_options_write_the_cli_records_links_and_images(tmp_path, spark):
    """``--markdown --links --images``: the ``markdown`` column holds each page's links
    as ``[text](url)`` and its images as ``![alt](src)``, as `pith extract --format
    jsonl --markdown --links --images` writes them (the ``pith`` preset, whose blocks
    are cut at tags)."""
    warcs = sorted(need_dataset("warc").glob("*.warc.gz"))
    listing = tmp_path / "warc-paths.txt"
    listing.write_text("".join(f"{p}\n" for p in warcs))
    out = tmp_path / "out.parquet"
    import pith_spark

    import pith

    pith_spark.run(spark, str(listing), str(out), pith.Pipeline.preset("pith"), markdown=True,
                   links=True, images=True)
    rows = [r.asDict() for r in spark.read.parquet(str(out)).collect()]
    want = cli_rows(warcs, markdown=True, links=True, preset="pith", images=True)
    assert by_source_and_id(rows) == by_source_and_id(want)
    assert any("](http" in (r["markdown"] or "") for r in rows)
    assert any("![" in (r["markdown"] or "") for r in rows)


def test_markdown_is_an_option_of_the_job():
    """No Spark needed: ``--markdown`` is read, off by default, and only it adds the
    column."""
    import pith_spark

    assert pith_spark.parse_args(["paths.txt", "out.parquet", "--markdown"]).markdown
    assert not pith_spark.parse_args(["paths.txt", "out.parquet"]).markdown
    assert pith_spark.parse_args(["paths.txt", "out.parquet", "--markdown", "--links"]).links
    with pytest.raises(SystemExit):
        pith_spark.parse_args(["paths.txt", "out.parquet", "--links"])
    assert pith_spark.parse_args(["paths.txt", "out.parquet", "--markdown", "--images"]).images
    assert not pith_spark.parse_args(["paths.txt", "out.parquet", "--markdown"]).images
    with pytest.raises(SystemExit):
        pith_spark.parse_args(["paths.txt", "out.parquet", "--images"])
    assert pith_spark.columns() == pith_spark.COLUMNS
    assert set(pith_spark.columns(markdown=True)) - set(pith_spark.COLUMNS) == {"markdown"}


def test_the_job_options_build_the_pipeline_pith_extract_would():
    """``--param``, ``--favor-precision``, ``--no-comments``, ``--no-tables`` and ``--no-title`` reach the pipeline the executors get
    (no Spark needed: the options are read on the driver)."""
    sys.path.insert(0, str(JOB.parent))
    import argparse

    import pith_spark

    import pith

    def pipeline(**options):
        args = argparse.Namespace(pipeline=None, preset="pith", param=[],
                                  favor_precision=False, favor_recall=False,
                                  no_comments=False, no_tables=False, no_title=False)
        vars(args).update(options)
        return pith_spark.load_pipeline(args)

    leaned = pipeline(favor_precision=True, param=["stoplist=English"])
    want = pith.Pipeline.preset("pith").with_params(stoplist="English").favoring("precision")
    assert leaned.to_json() == want.to_json()
    assert '"beta":0.5' in leaned.to_json().replace(" ", "")
    assert pipeline().to_json() == pith.Pipeline.preset("pith").to_json()
    bare = pipeline(no_comments=True, no_tables=True, no_title=True)
    want = pith.Pipeline.preset("pith").without_comments().without_tables().without_title()
    assert bare.to_json() == want.to_json()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def test_http_uris_are_downloaded_by_the_executors(tmp_path, spark):
    """Relative paths below ``--input-base-url`` (as Common Crawl's warc.paths lists),
    served over http: the same records as the CLI's over the local files, with the URI
    as their source; a file the server does not have is one error row naming it."""
    folder = need_dataset("warc")
    warcs = sorted(folder.glob("*.warc.gz"))
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        listing = tmp_path / "warc.paths"
        listing.write_text("".join(f"{p.name}\n" for p in warcs) + "no-such-file.warc.gz\n")
        out = tmp_path / "out.parquet"
        import pith_spark

        import pith

        summary = pith_spark.run(spark, str(listing), str(out), pith.Pipeline.preset("justext"),
                                 input_base_url=base)
        rows = [r.asDict() for r in spark.read.parquet(str(out)).collect()]
    finally:
        server.shutdown()

    missing = base + "no-such-file.warc.gz"
    expected = [dict(r, source=base + Path(r["source"]).name) for r in cli_rows(warcs)]
    expected.append({name: None for name in pith_spark.COLUMNS}
                    | {"id": missing, "source": missing, "error": "cannot read: HTTP 404 File not found"})
    assert by_source_and_id(rows) == by_source_and_id(expected)
    assert summary["rows"] == len(expected)
    assert summary["errors"] == 1 + sum(r["error"] is not None for r in expected[:-1])
    assert summary["documents"] == summary["rows"] + summary["skipped"]


class PiecesHandler(http.server.BaseHTTPRequestHandler):
    """``/whole`` sends its body; ``/cut`` promises more bytes than it sends and closes;
    ``/gone`` is a 404; ``/busy`` a 503. Counts the requests per path."""

    body = bytes(range(256)) * 20
    requests = {}

    def do_GET(self):
        PiecesHandler.requests[self.path] = PiecesHandler.requests.get(self.path, 0) + 1
        if self.path in ("/gone", "/busy"):
            self.send_error(404 if self.path == "/gone" else 503)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(self.body) + (100 if self.path == "/cut" else 0)))
        self.end_headers()
        self.wfile.write(self.body)
        self.close_connection = True

    def log_message(self, *args):
        pass


def test_download_copies_in_pieces_and_reports_what_it_could_not_read(tmp_path, monkeypatch):
    """No Spark needed: ``download`` copies the whole body in pieces, names a body cut
    short after its tries, and does not try a 404 again."""
    import pith_spark

    monkeypatch.setattr(pith_spark, "DOWNLOAD_PIECE", 1000)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PiecesHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    PiecesHandler.requests.clear()
    try:
        with open(tmp_path / "f", "w+b") as f:
            f.write(b"left over from an earlier try")
            assert pith_spark.download(base + "/whole", f, pause=0) is None
            f.seek(0)
            assert f.read() == PiecesHandler.body
        with open(tmp_path / "g", "w+b") as f:
            error = pith_spark.download(base + "/cut", f, tries=2, pause=0)
        assert error == f"the connection closed after {len(PiecesHandler.body)} of " \
            f"{len(PiecesHandler.body) + 100} bytes"
        assert pith_spark.download(base + "/gone", open(tmp_path / "h", "w+b"), pause=0) \
            == "HTTP 404 Not Found"
        assert pith_spark.download(base + "/busy", open(tmp_path / "i", "w+b"), tries=2,
                                   pause=0).startswith("HTTP 503")
    finally:
        server.shutdown()
    assert PiecesHandler.requests == {"/whole": 1, "/cut": 2, "/gone": 1, "/busy": 2}


def test_relative_paths_are_read_below_the_base_url():
    import pith_spark

    base = "https://data.commoncrawl.org"
    path = "crawl-data/CC-MAIN-2024-22/segments/1/warc/a.warc.gz"
    assert pith_spark.with_base(path, base) == f"{base}/{path}"
    assert pith_spark.with_base(path, base + "/") == f"{base}/{path}"
    for kept in ("/data/a.warc.gz", "s3a://bucket/a.warc.gz", "https://x.org/a.warc.gz",
                 "file:/data/a.warc.gz"):
        assert pith_spark.with_base(kept, base) == kept
    assert pith_spark.with_base(path, None) == path
    assert pith_spark.is_http(f"{base}/{path}") and not pith_spark.is_local(f"{base}/{path}")
