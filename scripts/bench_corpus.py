#!/usr/bin/env python3
"""Corpus-scale speed and memory of `pith extract --format jsonl` on a WARC file, side by
side with Python jusText 3.0.2 on the same pages (normally run by bench_corpus.sh).

  bench_corpus.py --pith "$(. scripts/pith-bin.sh; pith_release_bin)" --python .venv-reference/bin/python \
      [--repeat 3] [--scale 10] [--workdir /tmp/pith-bench] HTML_DIR

1. Packs every HTML_DIR/*.html into WORKDIR/sample.warc.gz as WARC/1.0 `response`
   records (HTTP 200, `Content-Type: text/html`, no charset: decoding as for the files),
   one gzip member per record as Common Crawl does; and WORKDIR/sample-xN.warc.gz with
   the same records N times (new record ids).
2. Python: the pages in memory, only the `justext.justext(bytes, stoplist)` calls timed
   (bench_vs_python.py's worker). It does not read the WARC at all, which flatters
   Python.
3. pith, single core: `taskset -c 0 pith extract --preset justext --format jsonl -j 1` over the WARC,
   wall clock of the whole process (gunzip, WARC and HTTP parsing, JSON output); then
   `-j 2` without pinning.
   Python, pith -j 1 and pith -j 2 run in turns, --repeat rounds; each keeps its best
   round, so a slow spell of a shared machine cannot favour one side.
4. Peak RSS (`/usr/bin/time -v`, maximum resident set size) of `-j 2` on the sample and
   on the N-times corpus.
"""

import argparse
import glob
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))


def record(page, n, copy):
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n" % len(page)
    block = http + page
    rid = uuid.UUID(int=(copy << 32) | n)
    head = (
        "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%s>\r\n"
        "WARC-Target-URI: http://bench.invalid/%d/%d\r\nWARC-Date: 2024-01-01T00:00:00Z\r\n"
        "Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n"
        % (rid, copy, n, len(block))
    ).encode()
    return gzip.compress(head + block + b"\r\n\r\n", compresslevel=6)


def pack(pages, path, copies):
    with open(path, "wb") as f:
        for c in range(copies):
            for n, page in enumerate(pages):
                f.write(record(page, n, c))


def timed(cmd, repeat, env=None):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        times.append(time.perf_counter() - t0)
        if p.returncode not in (0, 1):
            sys.exit(f"{' '.join(cmd)} exited with {p.returncode}: {p.stderr.decode()[-2000:]}")
    return times


def peak_rss_mb(cmd):
    p = subprocess.run(["/usr/bin/time", "-v", *cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    m = re.search(rb"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    return int(m.group(1)) / 1024 if m else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("html_dir")
    ap.add_argument("--pith", required=True)
    ap.add_argument("--python", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--scale", type=int, default=10)
    ap.add_argument("--workdir", default="/tmp/pith-bench")
    ap.add_argument("--stoplist", default="English")
    args = ap.parse_args()

    paths = sorted(glob.glob(os.path.join(args.html_dir, "*.html")))
    pages = [open(p, "rb").read() for p in paths]
    nbytes = sum(len(p) for p in pages)
    os.makedirs(args.workdir, exist_ok=True)
    sample = os.path.join(args.workdir, "sample.warc.gz")
    big = os.path.join(args.workdir, f"sample-x{args.scale}.warc.gz")
    pack(pages, sample, 1)
    pack(pages, big, args.scale)
    print(f"{len(pages)} pages, {nbytes / 1e6:.2f} MB of HTML; {sample}: {os.path.getsize(sample) / 1e6:.2f} MB; "
          f"{big}: {os.path.getsize(big) / 1e6:.2f} MB; best of {args.repeat}")

    list_file = os.path.join(args.workdir, "files.txt")
    with open(list_file, "w", encoding="utf-8") as f:
        f.write("\n".join(paths) + "\n")
    python_cmd = [args.python, os.path.join(HERE, "bench_vs_python.py"), "--worker", "--files-from", list_file,
                  "--repeat", "1", "--stoplist", args.stoplist]
    base = [args.pith, "extract", "--preset", "justext", "--format", "jsonl", "-q", "-s", args.stoplist]
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []

    # The three contestants take turns, one run each per round, so that a slow spell of
    # a shared machine hits them alike; each keeps its best round.
    py_times, one, two = [], [], []
    version = None
    for _ in range(args.repeat):
        py = json.loads(subprocess.run(python_cmd, check=True, stdout=subprocess.PIPE).stdout)
        py_times += py["times"]
        version = py["version"]
        one += timed([*pin, *base, "-j", "1", sample], 1)
        two += timed([*base, "-j", "2", sample], 1)
    py = {"times": py_times, "version": version}
    py_best = min(py_times)
    one_best, two_best = min(one), min(two)

    def line(name, best, note):
        print(f"{name:<14} best {best:7.3f} s  {len(pages) / best:8.1f} docs/s  {nbytes / 1e6 / best:6.2f} MB/s  ({note})")

    print(f"python runs {', '.join(f'{t:.3f}' for t in py['times'])}; pith -j1 runs {', '.join(f'{t:.3f}' for t in one)}; "
          f"pith -j2 runs {', '.join(f'{t:.3f}' for t in two)}")
    line("python", py_best, f"jusText {py['version']}, in-process justext() calls only, pages in memory")
    line("pith -j1", one_best, "whole process over the WARC.gz" + (", pinned to one core" if pin else ""))
    line("pith -j2", two_best, "whole process over the WARC.gz")
    print(f"single core: pith is {py_best / one_best:.1f}x Python jusText (best against best)")
    print(f"2 workers:   {one_best / two_best:.2f}x single core (best against best)")
    # Each round's own ratio, Python and pith run back to back: less exposed to a
    # slow spell than the ratio of two bests taken minutes apart.
    single = sorted(p / o for p, o in zip(py_times, one))
    scaling = sorted(o / t for o, t in zip(one, two))
    print(f"per round:   single core {', '.join(f'{r:.1f}' for r in single)} (median {statistics.median(single):.1f}x); "
          f"2 workers {', '.join(f'{r:.2f}' for r in scaling)} (median {statistics.median(scaling):.2f}x)")

    rss_sample = peak_rss_mb([*base, "-j", "2", sample])
    rss_big = peak_rss_mb([*base, "-j", "2", big])
    print(f"peak RSS -j2: sample {rss_sample:.1f} MB, {args.scale}x corpus {rss_big:.1f} MB")


if __name__ == "__main__":
    main()
