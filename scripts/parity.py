#!/usr/bin/env python3
"""End-to-end parity of `pith extract --preset justext` with Python jusText 3.0.2.

Runs `pith extract --preset justext -s English --format json` on every
`html/<id>.html` of a dataset (one call, all files) and compares each page with the
reference output `justext-3.0.2/<id>.json`:

- "paragraphs identical": same number of paragraphs and, for each, the same
  (text, class_type, cf_class, heading);
- "good text identical": the good paragraphs' texts, in order, are the same.

Usage: scripts/parity.py [--pith PITH] [--dataset DIR] [--show N]
Default dataset: $PITH_DATASETS/scrapinghub (PITH_DATASETS defaults to ../shared/datasets).
"""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from pith_bin import release_pith

ROOT = Path(__file__).resolve().parent.parent


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pith", help="the pith binary (default: $PITH_BIN, else cargo builds the release one)")
    default_ds = Path(os.environ.get("PITH_DATASETS", ROOT.parent / "shared" / "datasets")) / "scrapinghub"
    ap.add_argument("--dataset", default=str(default_ds))
    ap.add_argument("--show", type=int, default=10, help="list at most N differing pages")
    args = ap.parse_args()

    ds = Path(args.dataset)
    html_dir, ref_dir = ds / "html", ds / "justext-3.0.2"
    if not html_dir.is_dir() or not ref_dir.is_dir():
        print(f"skipped: dataset not found: {ds}")
        return 0
    pages = sorted(p for p in html_dir.glob("*.html"))
    if not args.pith:
        args.pith = release_pith()
    cmd = [args.pith, "extract", "--preset", "justext", "-s", "English", "--format", "json"]
    out = subprocess.run(cmd + [str(p) for p in pages], capture_output=True, check=False)
    records = [json.loads(line) for line in out.stdout.decode("utf-8").splitlines() if line.strip()]
    by_source = {Path(r["source"]).stem: r for r in records}

    same_paragraphs, same_good, errors, diffs = 0, 0, 0, []
    for page in pages:
        pid = page.stem
        ref = json.loads((ref_dir / f"{pid}.json").read_text(encoding="utf-8"))
        rec = by_source.get(pid)
        if rec is None or "error" in rec:
            errors += 1
            diffs.append((pid, "error: " + (rec or {}).get("error", "no record")))
            continue
        ours = rec["paragraphs"]
        key = lambda p: (p["text"], p["class_type"], p["cf_class"], bool(p["heading"]))
        if [key(p) for p in ours] == [key(p) for p in ref]:
            same_paragraphs += 1
        good = lambda ps: [p["text"] for p in ps if p["class_type"] == "good"]
        if good(ours) == good(ref):
            same_good += 1
        else:
            diffs.append((pid, first_difference(ours, ref)))

    n = len(pages)
    print(f"dataset: {ds}")
    print(f"pages: {n}, errors: {errors}")
    print(f"paragraphs identical (text, class_type, cf_class, heading): {same_paragraphs}/{n}")
    print(f"good text identical: {same_good}/{n}")
    for pid, what in diffs[: args.show]:
        print(f"  {pid[:16]}: {what}")
    return 0


def first_difference(ours, ref):
    for i, (a, b) in enumerate(zip(ours, ref)):
        if (a["text"], a["class_type"]) != (b["text"], b["class_type"]):
            return f"paragraph {i}: ours {a['class_type']} {a['text'][:50]!r} / ref {b['class_type']} {b['text'][:50]!r}"
    return f"{len(ours)} paragraphs vs {len(ref)}"


if __name__ == "__main__":
    sys.exit(main())
