#!/usr/bin/env python3
"""Presets side by side: `pith extract --format jsonl -q -j 1` over one folder of pages
(normally the 181 scrapinghub pages, 31.5 MB of HTML) for each preset, pinned to one
core, interleaved (normally run by bench_presets.sh).

  bench_presets.py --pith PITH [--rounds 7] [--cpu 0] [--preset NAME ...] HTML_DIR

* Variants: the presets given (default justext, declutter, readability, pith) and
  `justext-noid`, the justext preset with `language.identify: false` (a pipeline file
  written to --workdir), so that the cost of language identification is measured in
  the same run (issue 12: it may add at most 5% to a justext run).
* Each round runs every variant once, in an order rotated from round to round, so a
  slow spell of this shared machine falls on all of them alike. A run is the whole
  process: loading the pipeline, reading the files, writing the records.
* For each run: wall time, and CPU time (user + system, from wait4), which does not
  count the time the process waited for the core while other jobs ran.
* Reported per variant: median, min and max of both; MB/s of input HTML at the median
  CPU time; the median over rounds of the variant's CPU time over justext's in the same
  round (the ratio to compare: absolute figures from different runs are not comparable
  here); and the start-up cost (loading the pipeline: the same command on one small
  page, median CPU time).
* --base PITH_OLD runs each preset with a second binary as well, as `NAME@base` in the
  same rounds (A/B for a speed change: compare `pith@base` with `pith`).
* --json FILE writes every measurement.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

SMALL_PAGE = b"<html><body><p>A small page.</p></body></html>\n"


def run(cmd):
    """Runs cmd with stdout discarded; returns (wall seconds, user+sys CPU seconds)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read()
    p.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{' '.join(cmd)} exited with {code}: {err.decode(errors='replace')[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("html_dir")
    ap.add_argument("--pith", required=True)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--cpu", type=int, default=0, help="core to pin to (taskset -c)")
    ap.add_argument("--preset", action="append", help="repeatable; default justext, declutter, readability, pith")
    ap.add_argument("--no-noid", action="store_true", help="leave out justext-noid")
    ap.add_argument("--workdir", default="/tmp/pith-bench-presets")
    ap.add_argument("--json", help="write every measurement here")
    ap.add_argument("--base", help="a second pith binary: each preset runs with it too, as NAME@base")
    args = ap.parse_args()

    presets = args.preset or ["justext", "declutter", "readability", "pith"]
    os.makedirs(args.workdir, exist_ok=True)
    pages = sorted(
        os.path.join(args.html_dir, f) for f in os.listdir(args.html_dir) if f.endswith(".html")
    )
    if not pages:
        sys.exit(f"no *.html in {args.html_dir}")
    mb = sum(os.path.getsize(p) for p in pages) / 1e6
    small = os.path.join(args.workdir, "small.html")
    with open(small, "wb") as f:
        f.write(SMALL_PAGE)

    variants = {p: [args.pith, "--preset", p] for p in presets}
    if args.base:
        variants.update({f"{p}@base": [args.base, "--preset", p] for p in presets})
    if "justext" in presets and not args.no_noid:
        spec = json.loads(subprocess.check_output([args.pith, "pipeline", "show", "justext"]))
        spec["language"] = {"identify": False}
        noid = os.path.join(args.workdir, "justext-noid.json")
        with open(noid, "w") as f:
            json.dump(spec, f)
        variants["justext-noid"] = [args.pith, "--pipeline", noid]
    names = list(variants)

    def cmd(name, target):
        binary, *options = variants[name]
        return ["taskset", "-c", str(args.cpu), binary, "extract", "--format", "jsonl", "-q", "-j", "1",
                *options, target]

    wall = {n: [] for n in names}
    cpu = {n: [] for n in names}
    start = {n: [] for n in names}
    print(f"{len(pages)} pages, {mb:.1f} MB from {args.html_dir}; {args.rounds} rounds; core {args.cpu}; "
          f"load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    for r in range(args.rounds):
        order = names[r % len(names):] + names[: r % len(names)]
        for n in order:
            w, c = run(cmd(n, args.html_dir))
            wall[n].append(w)
            cpu[n].append(c)
            start[n].append(run(cmd(n, small))[1])
        print(f"round {r + 1}: " + "  ".join(f"{n} {cpu[n][-1]:.3f}" for n in names), flush=True)

    def med(xs):
        return statistics.median(xs)

    base = "justext" if "justext" in names else names[0]
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end; CPU = user + system seconds of the process")
    print(f"| variant | CPU median (min–max) s | wall median (min–max) s | MB/s (CPU median) | "
          f"CPU / {base}, median of rounds (min–max) | start-up CPU s |")
    print("|---|---|---|---|---|---|")
    rows = {}
    for n in names:
        ratios = [c / b for c, b in zip(cpu[n], cpu[base])]
        rows[n] = {
            "cpu": cpu[n],
            "wall": wall[n],
            "startup_cpu": start[n],
            "ratio_to_" + base: ratios,
        }
        print(f"| {n} | {med(cpu[n]):.3f} ({min(cpu[n]):.3f}–{max(cpu[n]):.3f}) | "
              f"{med(wall[n]):.3f} ({min(wall[n]):.3f}–{max(wall[n]):.3f}) | {mb / med(cpu[n]):.1f} | "
              f"{med(ratios):.3f} ({min(ratios):.3f}–{max(ratios):.3f}) | {med(start[n]):.3f} |")
    if "justext-noid" in names:
        extra = [j / n - 1 for j, n in zip(cpu["justext"], cpu["justext-noid"])]
        print(f"\nlanguage identification in a justext run: {100 * med(extra):+.1f}% CPU, median of rounds "
              f"({100 * min(extra):+.1f}% to {100 * max(extra):+.1f}%)")
    for n in names:
        if n.endswith("@base") and n[: -len("@base")] in names:
            new = n[: -len("@base")]
            ratios = [a / b for a, b in zip(cpu[new], cpu[n])]
            print(f"{new}: CPU over the base binary's {med(ratios):.3f}, median of rounds "
                  f"({min(ratios):.3f}–{max(ratios):.3f})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"pages": len(pages), "mb": mb, "rounds": args.rounds, "variants": rows}, f, indent=1)


if __name__ == "__main__":
    main()
