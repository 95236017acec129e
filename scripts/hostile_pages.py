#!/usr/bin/env python3
"""Hostile pages at full size: times `pith extract --preset justext -s English` on each
(`--preset P` for another preset).

Builds every page of the hostile-pages issue in a temporary folder, runs the release
binary on each (one process per page, wall clock and peak RSS from /usr/bin/time), and
checks that the page's long English paragraph comes out as good text.

Usage: scripts/hostile_pages.py [--pith PITH] [--preset P]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pith_bin import release_pith

ROOT = Path(__file__).resolve().parent.parent
# The `expect` of an input that is no page: pith refuses it with an error (exit 1).
NOT_A_PAGE = object()
P = ("The quick brown fox jumps over the lazy dog, and this is the sort of sentence that is "
     "full of the words which we would call stop words in English, as it has to be long "
     "enough for the algorithm to think that it is good text and not a menu.")
POLISH = "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig, i to jest zdanie."


def page(body):
    return f"<html><body>{body}</body></html>".encode()


def pages():
    rnd = random.Random(1)
    yield "empty file", b"", None
    yield "whitespace only", b" \n\t \r\n" * 100, None
    # Binary content: no page, an error that says so (exit 1), quickly.
    yield "200 KB of random bytes", bytes(rnd.getrandbits(8) for _ in range(200_000)), NOT_A_PAGE
    nul = P.replace("lazy dog", "lazy\0dog").replace("stop words", "stop\x0bwords")
    yield "paragraph with NUL and vertical tab", page(f"<p>{nul}</p>"), "stop words"
    yield "260 nested <div>", page("<div>" * 260 + f"<p>{P}</p>" + "</div>" * 260), P
    yield "100,000 nested <div>", page("<div>" * 100_000 + f"<p>{P}</p>" + "</div>" * 100_000), P
    yield ("5,000 nested <table><tr><td>",
           page("<table><tr><td>" * 5000 + f"<p>{P}</p>" + "</td></tr></table>" * 5000), P)
    attrs = " ".join(f'a{i}="v"' for i in range(100_000))
    yield "<div> with 100,000 attributes", page(f"<div {attrs}><p>{P}</p></div>"), P
    filler = "More words of the same kind are added here so that the page is big enough. " * 13
    para = f"<p>{P} {filler}</p>\n"
    big = page(para * 40_000)
    yield f"{len(big) / 1e6:.0f} MB page of 40,000 paragraphs", big, P
    # jusText's context passes once searched from each short block for its neighbours:
    # quadratic in a run of short blocks (20 s for this page before).
    lines = "".join(f"line {i} of a long list<br><br>" for i in range(200_000))
    yield "200,000 short lines between <br><br>", page(f"<p>{P}</p><div>{lines}</div><p>{P}</p>"), P
    # Paths as long as the tree is deep, on every paragraph: paragraphs × depth bytes
    # (696 MB for this page before the page's path budget).
    deep = "<div>" * 480 + "<p>a b</p>" * 100_000 + f"<p>{P}</p>"
    yield "100,000 paragraphs under 480 <div>", page(deep), P
    # A title of many kilobytes, compared with every block by the `pith` preset's
    # `learn.title_match` (5.5 s for this page before the title was indexed once).
    title = " ".join(f"keyword{i % 997}" for i in range(15_000))
    paragraphs = "".join(f"<p>item {i} of a list</p>" for i in range(20_000))
    yield ("20,000 paragraphs, a 150 KB <title>",
           f"<html><head><title>{title}</title></head><body>{paragraphs}<p>{P}</p></body></html>".encode(), P)
    # The same title over 20,000 headings, each compared with it by Readability's
    # `remove_title_header` (7 s for this page before the title's words were a set).
    headings = "".join(f"<h2>Heading number {i} here</h2><p>text {i}</p>" for i in range(20_000))
    yield ("20,000 headings, a 150 KB <title>",
           f"<html><head><title>{title}</title></head><body>{headings}<p>{P}</p></body></html>".encode(), P)
    # Readability's stages once read the whole subtree's text for each element around
    # it: 60,000 links under 480 <div>s (clean_conditionally, 3 s) and 480 <div>s whose
    # class says byline over 100,000 paragraphs (remove_byline).
    links = f"<p>{P}</p>" + "<div>" * 480 + "<p>" + '<a href="#x">link</a> ' * 60_000 + "</p>"
    yield "60,000 links under 480 <div>", page(links), P
    bylines = '<div class="byline">' * 480 + "<p>a b</p>" * 100_000 + f"<p>{P}</p>"
    yield "100,000 paragraphs under 480 byline <div>", page(bylines), P
    # Headings nested in headings through a <div>: Readability's remove_title_header
    # read each heading's whole text, so the page's text once per heading around it.
    nested = "<h1>Heading <div>" * 480 + "<p>a b</p>" * 100_000 + f"<p>{P}</p>"
    yield ("100,000 paragraphs under 480 nested <h1>",
           f"<html><head><title>River news today</title></head><body>{nested}</body></html>".encode(), P)
    # A run of Thai without a space, and one of combining marks alone: the word
    # segmenter of the `declutter` and `pith` presets' word counts once took 20 s and
    # 248 s on 4 MB of each (`--preset declutter` or `pith` reads them).
    thai = "ตลาดน้ำเปิดใหม่ริมคลอง" * 60_000 + "</p><p>" + "\u0e31\u0e48" * 600_000
    yield "7.6 MB of Thai without a space", page(f"<p>{thai}</p><p>{P}</p>"), P
    xml = (f'<?xml version="1.0" encoding="iso-8859-2"?>\n'
           f"<html><body><p>{POLISH} {P}</p></body></html>")
    yield "XML declaration iso-8859-2, Polish", xml.encode("iso-8859-2"), POLISH


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pith", help="the pith binary (default: $PITH_BIN, else cargo builds the release one)")
    ap.add_argument("--preset", default="justext", help="the preset to run (default: justext)")
    args = ap.parse_args()
    if not args.pith:
        args.pith = release_pith()
    print(f"{'page':40} {'MB':>8} {'time s':>8} {'s/MB':>7} {'peak MB':>8}  kept  exit")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, data, expect in pages():
            path = Path(tmp) / "page.html"
            path.write_bytes(data)
            cmd = ["/usr/bin/time", "-f", "%M", args.pith, "extract", "--preset", args.preset,
                   "-s", "English", "--format", "text", str(path)]
            start = time.perf_counter()
            out = subprocess.run(cmd, capture_output=True)
            elapsed = time.perf_counter() - start
            peak_mb = int(out.stderr.decode().strip().splitlines()[-1]) / 1024
            mb = len(data) / 1e6
            text = out.stdout.decode("utf-8", "replace")
            if expect is NOT_A_PAGE:
                said = "not an HTML page" in out.stderr.decode("utf-8", "replace")
                kept = "-" if said and out.returncode == 1 else "NO"
                expect_rc = 1
            else:
                kept = "-" if expect is None else ("yes" if expect in text else "NO")
                expect_rc = 0
            per_mb = elapsed / mb if mb >= 0.01 else float("nan")
            slow = mb >= 0.01 and per_mb > 1.0
            if kept == "NO" or out.returncode != expect_rc or slow:
                failures += 1
            print(f"{name:40} {mb:8.2f} {elapsed:8.3f} {per_mb:7.3f} {peak_mb:8.1f}  {kept:>4}  "
                  f"{out.returncode}{'  SLOW' if slow else ''}")
    print("all pages answered in under 1 s per MB with their text kept" if failures == 0
          else f"{failures} page(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
