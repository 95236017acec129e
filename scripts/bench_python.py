#!/usr/bin/env python3
"""Speed of the Python package against the CLI and Python jusText (issue 13's targets).

  scripts/bench_python.py --pith PITH_RELEASE_BIN [--rounds 5] [--copies 5] [--spark] HTML_DIR

Run it with a Python that has the release build of `pith` installed (`maturin build
--release` then `pip install` the wheel) and, for the drop-in comparison, Python jusText
3.0.2 (`pip install justext==3.0.2 lxml==6.1.3 lxml_html_clean==0.4.6`). Pages: every
HTML_DIR/*.html (the scrapinghub pages). Every measurement keeps the best of --rounds,
the sides of a comparison running in turns, so a slow spell of a shared machine cannot
favour one side.

1. extract_many vs the CLI, N = 1 and 2: `pipeline.extract_many(pages, workers=N)` over
   the pages --copies times (in memory), against the wall clock of `pith extract
   --format jsonl -j N` over the same files (--copies times on its command line; the CLI
   also reads the files and writes JSON).
2. Per-call overhead: `pipeline.extract(page)` in a Python loop against the same calls
   made from Rust (`Pipeline._time_rust_calls`, no Python objects), on a small page
   and on a median page.
3. The drop-in against Python jusText 3.0.2: `justext.justext(page, stoplist)` of each,
   in the same process, pages as bytes.
4. With --spark: examples/spark/pith_spark.py in local[2] over a WARC.gz of the pages
   (--spark-copies times, >= 50 MB of HTML, in two files), against `pith extract --format jsonl -j 2`
   on the same WARC. The Spark time is that of the job (read, extract, write Parquet,
   count) in a session already started.
"""

import argparse
import glob
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def best_of(rounds, *fns):
    """Runs each fn once per round, in turns; returns each fn's best time."""
    times = [[] for _ in fns]
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            t0 = time.perf_counter()
            fn()
            times[i].append(time.perf_counter() - t0)
    return [min(t) for t in times]


def cli(pith, args):
    def run():
        subprocess.run([pith, *args], check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pith", required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--copies", type=int, default=5)
    ap.add_argument("--spark", action="store_true")
    ap.add_argument("--spark-copies", type=int, default=2)
    ap.add_argument("--workdir", default="/tmp/pith-bench-python")
    ap.add_argument("html_dir")
    args = ap.parse_args()

    import pith

    paths = sorted(glob.glob(os.path.join(args.html_dir, "*.html")))
    pages = [open(p, "rb").read() for p in paths]
    mb = sum(map(len, pages)) / 1e6
    print(f"pages: {len(pages)} ({mb:.1f} MB) from {args.html_dir}; best of {args.rounds} rounds")
    pipeline = pith.Pipeline.preset("justext")

    # 1. extract_many vs the CLI.
    many = pages * args.copies
    files = paths * args.copies
    for n in (1, 2):
        t_py, t_cli = best_of(
            args.rounds,
            lambda: pipeline.extract_many(many, workers=n),
            cli(args.pith, ["extract", "--preset", "justext", "--format", "jsonl", "-q", "-j", str(n), *files]),
        )
        print(
            f"extract_many workers={n}: {len(many) / t_py:.0f} pages/s ({mb * args.copies / t_py:.1f} MB/s); "
            f"pith extract -j {n}: {len(many) / t_cli:.0f} pages/s; ratio {t_cli / t_py:.2f}"
        )

    # 2. Per-call overhead.
    by_size = sorted(pages, key=len)
    for name, page, calls in (("small page (34 bytes)", b"<html><body><p>Hello</p></body></html>", 20000),
                              (f"median page ({len(by_size[len(by_size) // 2]) // 1000} kB)",
                               by_size[len(by_size) // 2], 50)):
        def python_calls():
            for _ in range(calls):
                pipeline.extract(page)

        rust = []
        py = []
        for _ in range(args.rounds):
            t0 = time.perf_counter()
            python_calls()
            py.append((time.perf_counter() - t0) / calls)
            rust.append(pipeline._time_rust_calls(page, calls) / calls)
        print(
            f"extract() on a {name}: Python {min(py) * 1e6:.2f} us/call, Rust {min(rust) * 1e6:.2f} us/call, "
            f"overhead {(min(py) - min(rust)) * 1e6:.2f} us"
        )

    # 3. The drop-in vs Python jusText 3.0.2.
    try:
        import justext as reference
    except ImportError:
        print("drop-in vs Python jusText: skipped (justext 3.0.2 not installed)")
    else:
        from pith import justext as dropin

        ref_stop = reference.get_stoplist("English")
        our_stop = dropin.get_stoplist("English")

        def run_ref():
            for p in pages:
                try:
                    reference.justext(p, ref_stop)
                except Exception:
                    pass

        def run_ours():
            for p in pages:
                dropin.justext(p, our_stop)

        t_ref, t_ours = best_of(args.rounds, run_ref, run_ours)
        print(
            f"jusText drop-in: {mb / t_ours:.1f} MB/s; Python jusText 3.0.2: {mb / t_ref:.1f} MB/s; "
            f"{t_ref / t_ours:.1f}x faster (one thread each)"
        )

    # 4. Spark local[2] vs the CLI -j 2 on a WARC.
    if args.spark:
        sys.path.insert(0, HERE)
        sys.path.insert(0, os.path.join(HERE, "..", "examples", "spark"))
        from bench_corpus import pack

        import pith_spark
        from pyspark.sql import SparkSession

        os.makedirs(args.workdir, exist_ok=True)
        listing = os.path.join(args.workdir, "warc-paths.txt")
        n_pages = len(pages) * args.spark_copies
        os.environ["PYSPARK_PYTHON"] = sys.executable
        spark = SparkSession.builder.master("local[2]").appName("pith-bench").getOrCreate()
        spark.sparkContext.setLogLevel("ERROR")
        # The pages --spark-copies times, in two WARC.gz files (Spark's unit of work is a
        # file: two files give the two cores one partition each).
        halves = []
        for h in range(2):
            path = os.path.join(args.workdir, f"half-{h}-x{args.spark_copies}.warc.gz")
            if not os.path.exists(path):
                pack(pages[h::2], path, args.spark_copies)
            halves.append(path)
        with open(listing, "w") as f:
            f.write("".join(p + "\n" for p in halves))
        try:
            t_spark, t_cli = best_of(
                max(1, args.rounds // 2),
                lambda: pith_spark.run(spark, listing, os.path.join(args.workdir, "out.parquet"), pipeline),
                cli(args.pith, ["extract", "--preset", "justext", "--format", "jsonl", "-q", "-j", "2", *halves]),
            )
        finally:
            spark.stop()
        print(
            f"Spark local[2] over {n_pages} pages ({mb * args.spark_copies:.0f} MB of HTML in 2 WARC.gz): "
            f"{n_pages / t_spark:.0f} pages/s; pith extract -j 2: {n_pages / t_cli:.0f} pages/s; "
            f"ratio {t_cli / t_spark:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
