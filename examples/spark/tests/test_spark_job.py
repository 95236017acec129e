"""The Spark job in local[2] over the shared WARC samples: one row per HTML record,
exactly the records `pith extract --format jsonl` writes for the same files."""

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import need_dataset, need_java, pith_cli

HERE = Path(__file__).resolve().parent
JOB = HERE.parent / "pith_spark.py"


def test_spark_job_writes_exactly_the_cli_records(tmp_path):
    need_java()
    warcs = sorted(need_dataset("warc").glob("*.warc.gz"))
    assert len(warcs) >= 3
    listing = tmp_path / "warc-paths.txt"
    listing.write_text("# the shared samples\n" + "".join(f"{p}\n" for p in warcs) + "\n")
    out = tmp_path / "out.parquet"
    # The executors' Python is this interpreter (with pith installed).
    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    sys.path.insert(0, str(JOB.parent))
    import pith_spark
    from pyspark.sql import SparkSession

    import pith

    spark = SparkSession.builder.master("local[2]").appName("pith-test").getOrCreate()
    try:
        summary = pith_spark.run(spark, str(listing), str(out), pith.Pipeline.preset("justext"))
        rows = [r.asDict() for r in spark.read.parquet(str(out)).collect()]
    finally:
        spark.stop()

    cli = subprocess.run(
        [pith_cli(), "extract", "--preset", "justext", "--format", "jsonl", "-q", "-j", "2",
         *map(str, warcs)],
        capture_output=True, check=False,
    )
    assert cli.returncode in (0, 1), cli.stderr
    expected = [json.loads(line) for line in cli.stdout.decode("utf-8").splitlines()]

    key = lambda r: (r["source"], r["id"])
    want = sorted(
        ({"id": r["id"], "source": r["source"], "url": r.get("url"), "date": r.get("date"),
          "language": r.get("language"), "text": r.get("text"), "error": r.get("error")} for r in expected),
        key=key,
    )
    assert sorted(rows, key=key) == want
    # No page lost: every HTML record is one row, text or error, and the counts add up.
    assert summary["rows"] == len(expected) > 0
    assert summary["extracted"] + summary["errors"] == summary["rows"]
    assert summary["documents"] == summary["rows"] + summary["skipped"]
    assert all((r["text"] is None) != (r["error"] is None) for r in rows)


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
