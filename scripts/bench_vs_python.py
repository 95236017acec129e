#!/usr/bin/env python3
"""Throughput of pith vs the Python jusText 3.0.2 reference on the scrapinghub pages.

Usage (normally through scripts/bench_vs_python.sh):
  bench_vs_python.py --pith "$(. scripts/pith-bin.sh; pith_release_bin)" --python .venv-reference/bin/python \
      [--repeat 3] [--stoplist English] HTML_DIR

Both sides run single-threaded over every *.html in HTML_DIR, --repeat times; the best
(shortest) run counts.

  * Python: one process (the venv's interpreter running this file with --worker);
    the pages are read into memory first, and only the justext.justext(bytes, stoplist)
    calls are timed (no interpreter start-up, no imports, no file reading).
  * pith: the script can only call the CLI, so this is the wall clock of one
    `taskset -c 0 pith extract --preset justext -s English --format json -j 1 FILES...` process over all
    files (output discarded): it includes process start-up, reading the files and
    writing JSON, so it flatters Python slightly.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import time


def worker(paths, stoplist_name, repeat):
    import justext  # only inside the reference venv

    pages = []
    for p in paths:
        with open(p, "rb") as f:
            pages.append(f.read())
    stoplist = justext.get_stoplist(stoplist_name)
    times = []
    errors = 0
    for _ in range(repeat):
        errors = 0
        t0 = time.perf_counter()
        for page in pages:
            try:
                justext.justext(page, stoplist)
            except Exception:
                errors += 1
        times.append(time.perf_counter() - t0)
    json.dump({"times": times, "errors": errors, "version": justext_version()}, sys.stdout)


def justext_version():
    try:
        from importlib.metadata import version

        return version("justext")
    except Exception:
        return "?"


def run_pith(pith, paths, stoplist_name, repeat):
    # One worker (`-j 1`) and pinned to one core, so both sides run single-threaded.
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    cmd = [*pin, pith, "extract", "--preset", "justext", "-s", stoplist_name, "--format", "json",
           "-j", "1", "--quiet", *paths]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            sys.stderr.write(proc.stderr.decode("utf-8", "replace")[-2000:])
            sys.exit(f"pith exited with {proc.returncode}")
    return times


def report(name, pages, nbytes, best, note):
    mb = nbytes / 1e6
    print(
        f"{name:<8} {pages:>5} pages  {mb:7.2f} MB  best {best:8.3f} s  "
        f"{pages / best:9.1f} pages/s  {mb / best:7.2f} MB/s   ({note})"
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("html_dir", nargs="?")
    ap.add_argument("--pith")
    ap.add_argument("--python", help="interpreter of the reference venv")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--stoplist", default="English")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--files-from", help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.worker:
        with open(args.files_from, encoding="utf-8") as f:
            paths = [line.rstrip("\n") for line in f if line.strip()]
        worker(paths, args.stoplist, args.repeat)
        return

    if not (args.html_dir and args.pith and args.python):
        ap.error("HTML_DIR, --pith and --python are required")
    paths = sorted(glob.glob(os.path.join(args.html_dir, "*.html")))
    if not paths:
        sys.exit(f"no *.html in {args.html_dir}")
    nbytes = sum(os.path.getsize(p) for p in paths)
    print(f"{len(paths)} pages, {nbytes / 1e6:.2f} MB from {args.html_dir}; best of {args.repeat}, single thread")

    list_file = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"pith-bench-files-{os.getpid()}.txt")
    with open(list_file, "w", encoding="utf-8") as f:
        f.write("\n".join(paths) + "\n")
    try:
        out = subprocess.run(
            [args.python, os.path.abspath(__file__), "--worker", "--files-from", list_file,
             "--repeat", str(args.repeat), "--stoplist", args.stoplist],
            check=True, stdout=subprocess.PIPE,
        ).stdout
    finally:
        os.unlink(list_file)
    py = json.loads(out)
    py_best = min(py["times"])

    pith_times = run_pith(args.pith, paths, args.stoplist, args.repeat)
    pith_best = min(pith_times)

    print(f"python runs: {', '.join(f'{t:.3f}' for t in py['times'])} s; "
          f"pith runs: {', '.join(f'{t:.3f}' for t in pith_times)} s")
    report("python", len(paths), nbytes, py_best,
           f"jusText {py['version']}, in-process, justext() calls only; {py['errors']} pages raised")
    report("pith", len(paths), nbytes, pith_best,
           "CLI wall clock incl. process start-up, file reading, JSON output")
    print(f"ratio    pith is {py_best / pith_best:.1f}x faster than Python jusText")


if __name__ == "__main__":
    main()
