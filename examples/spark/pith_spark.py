#!/usr/bin/env python3
"""Extract the main text of every HTML page in a list of WARC files with pith, on Spark.

In the style of cc-pyspark: the input is a text file with one WARC path or URI per line
(blank lines and lines starting with # are ignored); each Spark task takes some WARC
files and runs pith's corpus engine on them with one pipeline per partition
(``mapPartitions``); the output is Parquet with one row per HTML document --
``id``, ``source``, ``url``, ``date``, ``title``, ``canonical_url``, ``description``,
``site_name``, ``author``, ``published``, ``language``, ``language_confidence`` (a
double), ``text``, ``word_count`` (a long), ``warnings`` (an array of strings, null
when none) and ``error`` (the fields of ``pith extract
--format jsonl`` records; exactly one of ``text`` and ``error`` is set),
with ``--markdown`` also ``markdown`` after ``text`` (each page as Markdown, as ``pith
extract --markdown`` writes it: headings, lists, code, data tables as pipe tables; null
in an error row) -- and a summary of the counts is printed (and written with
``--summary FILE``).

    spark-submit --master local[*] examples/spark/pith_spark.py warc-paths.txt out.parquet
    PYSPARK_PYTHON=./environment/bin/python spark-submit --master yarn \\
        --archives pith-env.tar.gz#environment \\
        examples/spark/pith_spark.py s3a://bucket/warc-paths.txt s3a://bucket/out.parquet

Local paths (and ``file:`` URIs) are streamed from disk by pith on the executors.
``http://`` and ``https://`` URIs (Common Crawl's ``https://data.commoncrawl.org/``) are
downloaded by the executor that processes them, in 1 MiB pieces, to a temporary file,
and processed from there: a task holds one piece in memory whatever the file's size
(three tries; a file that still cannot be read is one row with its error, as a missing
local file is). Any other URI (``hdfs://``, ``s3a://``, ...) is read through Spark's
Hadoop file system (``binaryFiles``), which holds the whole file in the task's memory
(twice: in the JVM and in Python), then written to a temporary file. With
``--input-base-url URL``, the lines that are relative paths (Common Crawl's
``warc.paths.gz`` lists; Spark reads the list gzipped or not) are read below URL, as
cc-pyspark's ``--input_base_url`` does. Every WARC record that is an HTML page yields one row, text
or error: no page is lost.

Options: ``--preset NAME`` or ``--pipeline FILE`` (default: the ``pith`` preset),
``--param NAME=VALUE`` (repeatable; a pipeline parameter, e.g. ``stoplist=German``),
``--favor-precision`` or ``--favor-recall`` (as ``pith extract``: the learned preset's
lean, ``Pipeline.favoring``), ``--no-comments``, ``--no-tables`` and ``--no-title``
(``Pipeline.without_comments``, ``Pipeline.without_tables``, ``Pipeline.without_title``),
``--markdown`` (the ``markdown`` column; ``--links``: its links as ``[text](url)``,
``--images``: the images of its main text as ``![alt](src)``),
``--input-base-url URL`` (for relative paths
in the list), ``--partitions N`` (default: one per WARC file),
``--master URL`` (when not run by spark-submit; default ``local[*]``), ``--summary
FILE``.
"""

import argparse
import http.client
import json
import os
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.request
from urllib.parse import urljoin, urlparse

COLUMNS = ("id", "source", "url", "date", "title", "canonical_url", "description", "site_name",
           "author", "published", "language", "language_confidence", "text", "word_count",
           "warnings", "error")

#: The columns that are not strings: the identifier's confidence in ``language`` (0-1)
#: and the number of words in ``text``, as numbers so that a corpus can be filtered on
#: them (``language_confidence > 0.5``, ``word_count >= 50``) without a cast.
NUMERIC_COLUMNS = {"language_confidence": "double", "word_count": "long"}

#: The columns of lists of strings: a record's ``warnings`` (a stoplist that does not
#: fit the page's language, a limit hit), null when it has none, as in the JSONL record.
LIST_COLUMNS = ("warnings",)


def columns(markdown=False):
    """The output's columns: ``COLUMNS``, with ``markdown`` after ``text`` when asked."""
    if not markdown:
        return COLUMNS
    at = COLUMNS.index("text") + 1
    return COLUMNS[:at] + ("markdown",) + COLUMNS[at:]


def schema(markdown=False):
    """The output's schema: every column nullable, a string but ``NUMERIC_COLUMNS`` and
    ``LIST_COLUMNS`` (arrays of strings)."""
    from pyspark.sql.types import (ArrayType, DoubleType, LongType, StringType, StructField,
                                   StructType)

    types = {"double": DoubleType(), "long": LongType()}

    def type_of(name):
        if name in LIST_COLUMNS:
            return ArrayType(StringType())
        return types.get(NUMERIC_COLUMNS.get(name), StringType())

    return StructType([StructField(name, type_of(name), True) for name in columns(markdown)])


def is_local(path):
    """Whether pith can open the path itself (no scheme, or file:)."""
    scheme = urlparse(path).scheme
    return scheme in ("", "file") or (len(scheme) == 1 and os.name == "nt")


def is_http(path):
    """Whether the executors download the path themselves (http: or https:)."""
    return urlparse(path).scheme in ("http", "https")


def local_path(path):
    return urlparse(path).path if path.startswith("file:") else path


def with_base(path, base_url):
    """The path read below ``base_url`` when it is relative (no scheme, not absolute),
    as cc-pyspark's ``--input_base_url``; other paths as they are."""
    if not base_url or urlparse(path).scheme or path.startswith("/"):
        return path
    return urljoin(base_url if base_url.endswith("/") else base_url + "/", path)


#: Bytes a download holds in memory at a time.
DOWNLOAD_PIECE = 1 << 20


def download(uri, dest, tries=3, timeout=60, pause=2.0):
    """Copies ``uri`` into the open binary file ``dest`` in pieces of
    ``DOWNLOAD_PIECE`` bytes; returns None, or the last error's message after
    ``tries`` tries (a 4xx answer other than 408 and 429 is not tried again). A body
    shorter than the server's ``Content-Length`` is an error (``http.client`` returns
    what came before the connection closed without saying so), so a cut connection is
    never taken for the whole file."""
    message = None
    for attempt in range(tries):
        if attempt:
            time.sleep(pause * 2 ** (attempt - 1))
        dest.seek(0)
        dest.truncate()
        try:
            request = urllib.request.Request(uri, headers={"User-Agent": "pith-spark"})
            with urllib.request.urlopen(request, timeout=timeout) as response:
                promised = response.headers.get("Content-Length")
                shutil.copyfileobj(response, dest, DOWNLOAD_PIECE)
            dest.flush()
            got = dest.tell()
            if promised is None or not promised.isdigit() or int(promised) == got:
                return None
            message = f"the connection closed after {got} of {promised} bytes"
        except urllib.error.HTTPError as e:
            message = f"HTTP {e.code} {e.reason}"
            if 400 <= e.code < 500 and e.code not in (408, 429):
                break
        except (OSError, http.client.HTTPException) as e:
            message = str(e) or type(e).__name__
    return message


def rows_of(records, source=None, names=COLUMNS):
    """Parquet rows (``names``, by default ``COLUMNS``) from pith's record dicts (source
    overridden for remote files): the record's fields of those names
    (docs/record-format.md; the language is the page's identified language, an ISO 639-1
    code)."""
    cast = {"double": float, "long": int}
    for r in records:
        row = dict(r, source=source) if source is not None else r
        yield tuple(as_column_type(row.get(name), cast.get(NUMERIC_COLUMNS.get(name)))
                    for name in names)


def as_column_type(value, cast):
    """``value`` as its column's Python type (``cast``; a JSON ``1`` read as an int in a
    double column), or as it is (a string column, or a null)."""
    return value if value is None or cast is None else cast(value)


def make_partition_function(pipeline_json, counters, markdown=False, links=False, images=False):
    """The function each partition runs: one pipeline, then every WARC file of the
    partition through pith's corpus engine (one worker thread per task: Spark runs
    one task per core); with ``markdown``, each record also has the page's Markdown
    (with ``links``, its links as ``[text](url)``; with ``images``, its images)."""
    names = columns(markdown)

    def run_partition(items):
        import pith

        pipeline = pith.Pipeline.from_json(pipeline_json)

        def extract(path):
            return pith.extract_warc(path, pipeline, workers=1, markdown=markdown, links=links,
                                     images=images)

        for item in items:
            if isinstance(item, tuple):  # (uri, bytes) from binaryFiles
                uri, content = item
                with tempfile.NamedTemporaryFile(suffix=".warc.gz") as tmp:
                    tmp.write(content)
                    tmp.flush()
                    it = extract(tmp.name)
                    yield from rows_of(it, source=uri, names=names)
            elif is_http(item):
                with tempfile.NamedTemporaryFile(suffix=".warc.gz") as tmp:
                    error = download(item, tmp)
                    if error is not None:
                        # As pith's record of a local file it cannot read.
                        record = {"id": item, "source": item, "error": f"cannot read: {error}"}
                        yield from rows_of([record], names=names)
                        counters["documents"].add(1)
                        continue
                    it = extract(tmp.name)
                    yield from rows_of(it, source=item, names=names)
            else:
                it = extract(local_path(item))
                yield from rows_of(it, names=names)
            stats = it.stats
            counters["documents"].add(stats["documents"])
            counters["skipped"].add(stats["skipped"])

    return run_partition


def load_pipeline(args):
    import pith

    pipeline = (
        pith.Pipeline.from_file(args.pipeline) if args.pipeline else pith.Pipeline.preset(args.preset)
    )
    params = {}
    for item in args.param:
        name, _, value = item.partition("=")
        try:
            params[name] = json.loads(value)
        except ValueError:
            params[name] = value
    if params:
        pipeline = pipeline.with_params(**params)
    if args.favor_precision or args.favor_recall:
        pipeline = pipeline.favoring("precision" if args.favor_precision else "recall")
    if args.no_comments:
        pipeline = pipeline.without_comments()
    if args.no_tables:
        pipeline = pipeline.without_tables()
    if args.no_title:
        pipeline = pipeline.without_title()
    return pipeline


def run(spark, input_list, output, pipeline, partitions=None, input_base_url=None,
        markdown=False, links=False, images=False):
    """Runs the job in an existing SparkSession; returns the summary dict. Relative
    paths in the list are read below ``input_base_url`` when it is given; ``markdown``
    adds the ``markdown`` column, ``links`` writes its links as ``[text](url)``,
    ``images`` its images as ``![alt](src)``."""
    sc = spark.sparkContext
    if __name__ != "__main__":
        # Imported (e.g. by a test): executors must import this module too.
        sc.addPyFile(os.path.abspath(__file__))
    paths = [
        with_base(line.strip(), input_base_url)
        for line in sc.textFile(input_list).collect()
        if line.strip() and not line.strip().startswith("#")
    ]
    counters = {"documents": sc.accumulator(0), "skipped": sc.accumulator(0)}
    fn = make_partition_function(pipeline.to_json(), counters, markdown, links, images)
    # Local files and http(s) URIs are opened by the executors themselves.
    direct = [p for p in paths if is_local(p) or is_http(p)]
    remote = [p for p in paths if not (is_local(p) or is_http(p))]
    rdds = []
    if direct:
        n = partitions or len(direct)
        rdds.append(sc.parallelize(direct, max(1, min(n, len(direct)))).mapPartitions(fn))
    if remote:
        files = sc.binaryFiles(",".join(remote), minPartitions=partitions or len(remote))
        rdds.append(files.mapPartitions(fn))
    rows = rdds[0] if len(rdds) == 1 else sc.union(rdds) if rdds else sc.emptyRDD()
    df = spark.createDataFrame(rows, schema(markdown))
    df.write.mode("overwrite").parquet(output)
    written = spark.read.parquet(output)
    total = written.count()
    errors = written.filter(written.error.isNotNull()).count()
    summary = {
        "warc_files": len(paths),
        "documents": counters["documents"].value,
        "skipped": counters["skipped"].value,
        "rows": total,
        "extracted": total - errors,
        "errors": errors,
        "pipeline": pipeline.name,
        "output": output,
    }
    return summary


def parse_args(argv=None):
    """The job's options (``sys.argv`` when ``argv`` is None)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input_list", help="text file (any Hadoop URI) listing WARC paths, one per line")
    ap.add_argument("output", help="Parquet output directory (any Hadoop URI)")
    ap.add_argument("--preset", default="pith")
    ap.add_argument("--pipeline", help="a pipeline file (JSON or TOML) instead of --preset")
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    lean = ap.add_mutually_exclusive_group()
    lean.add_argument("--favor-precision", action="store_true",
                      help="less boilerplate, at the cost of some text (as pith extract)")
    lean.add_argument("--favor-recall", action="store_true",
                      help="more of the text, at the cost of some boilerplate (as pith extract)")
    ap.add_argument("--no-comments", action="store_true",
                    help="no block inside a comment section (as pith extract)")
    ap.add_argument("--no-tables", action="store_true",
                    help="no block inside a table (as pith extract)")
    ap.add_argument("--no-title", action="store_true",
                    help="no block that repeats the page's title, the headline (as pith extract)")
    ap.add_argument("--markdown", action="store_true",
                    help="add a markdown column: each page as Markdown, as pith extract "
                         "--markdown writes it (headings, lists, code, data tables)")
    ap.add_argument("--links", action="store_true",
                    help="with --markdown: links as [text](url), resolved against each "
                         "record's URL (as pith extract --links)")
    ap.add_argument("--images", action="store_true",
                    help="with --markdown: the images of the main text as ![alt](src), "
                         "resolved as links are (as pith extract --images)")
    ap.add_argument("--input-base-url", metavar="URL",
                    help="read relative paths in the list below URL (e.g. "
                         "https://data.commoncrawl.org/ for a warc.paths list)")
    ap.add_argument("--partitions", type=int, help="default: one per WARC file")
    ap.add_argument("--master", help="Spark master when not set by spark-submit (default local[*])")
    ap.add_argument("--summary", help="also write the summary as JSON to this local file")
    args = ap.parse_args(argv)
    if args.links and not args.markdown:
        ap.error("--links writes links in the markdown column: it needs --markdown")
    if args.images and not args.markdown:
        ap.error("--images writes images in the markdown column: it needs --markdown")
    return args


def main(argv=None):
    args = parse_args(argv)

    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("pith-extract")
    if args.master:  # else spark-submit's --master, or Spark's default local[*]
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    try:
        summary = run(spark, args.input_list, args.output, load_pipeline(args), args.partitions,
                      args.input_base_url, args.markdown, args.links, args.images)
    finally:
        spark.stop()
    line = json.dumps(summary)
    print(line)
    if args.summary:
        with open(args.summary, "w") as f:
            f.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
