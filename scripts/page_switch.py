#!/usr/bin/env python3
"""Would a page-level switch to Readability's article help the `pith` preset?

  pith train ... --oof-dir OOF          # scripts/train-pith.sh's command plus --oof-dir
  scripts/page_switch.py --pith PITH_RELEASE_BIN --oof-dir OOF [--datasets DIR]

The rule tried (docs/evaluation.md, "A page-level switch to Readability's article"): on a
page where Readability's article (`pith extract --preset readability`) is nearly all inside
what pith keeps (at least C of its tokens, as a multiset) and much shorter (at most R
times pith's tokens), take Readability's article instead: what pith keeps around it
(related stories, comments, teasers) is then more likely furniture. For every page of the
five development folders, the out-of-fold extraction of `pith train --oof-dir` (the trees
that made it never saw the page) and Readability's are scored against the gold by
`pith eval --outputs oof=DIR --pipeline readability --format json` (each page's token F1,
`pipelines[i].pages`). The share and length ratio compare lower-cased `\\w+` tokens
(Python's `\\w`, which differs from pith's only on a few combining marks). Prints each folder's mean for a few (C, R),
then nested figures: the pages dealt into 5 folds by a hash of their id, (C, R) chosen on
four folds by the mean of the five folders' means and applied to the fifth.
Needs only the standard library.
"""

import argparse
import hashlib
import itertools
import json
import os
import re
import statistics
import subprocess
from collections import Counter

FOLDERS = ["scrapinghub", "cleaneval-dev", "dragnet-train", "l3s-gn1-dev", "googletrends-dev"]
WORD = re.compile(r"\w+")
GRID = list(itertools.product([0.9, 0.95, 0.97, 0.98, 0.99, 1.0], [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95]))


def tokens(text):
    return Counter(w.lower() for w in WORD.findall(text))


def page_f1s(pith, datasets, oof_dir, folder):
    """Each page's token F1 of the out-of-fold extraction and of Readability's, from
    `pith eval`'s JSON (exit code 1 only means a page failed; it is scored as empty)."""
    run = subprocess.run(
        [pith, "eval", "--dataset", f"{datasets}/{folder}", "--outputs", f"oof={oof_dir}/{folder}",
         "--pipeline", "readability", "--format", "json", "--bootstrap", "0", "-q"],
        capture_output=True, text=True,
    )
    if run.returncode not in (0, 1):
        raise SystemExit(f"page_switch.py: pith eval {folder}: {run.stderr}")
    oof, readability = json.loads(run.stdout)["pipelines"]
    f1 = lambda p: {page["id"]: page["token"]["f1"] for page in p["pages"]}
    return f1(oof), f1(readability)


def readability_texts(pith, datasets, folder):
    out = subprocess.run(
        [pith, "extract", "--preset", "readability", "--format", "jsonl", "-q", f"{datasets}/{folder}/html"],
        check=True, capture_output=True, text=True,
    ).stdout
    texts = {}
    for line in out.splitlines():
        record = json.loads(line)
        texts[os.path.basename(record["id"])[: -len(".html")]] = record.get("text") or ""
    return texts


def pages_of(pith, datasets, oof_dir, folder):
    """(id, pith's F1, Readability's F1, share of Readability's tokens pith keeps, length ratio)."""
    oof_f1, readability_f1 = page_f1s(pith, datasets, oof_dir, folder)
    readability = readability_texts(pith, datasets, folder)
    rows = []
    for pid in sorted(oof_f1):
        path = f"{oof_dir}/{folder}/{pid}.txt"
        kept = tokens(open(path, encoding="utf-8").read() if os.path.exists(path) else "")
        article = tokens(readability.get(pid, ""))
        n_kept, n_article = sum(kept.values()), sum(article.values())
        inside = sum((kept & article).values()) / n_article if n_article else 0.0
        ratio = n_article / n_kept if n_kept else float("inf")
        rows.append((pid, oof_f1[pid], readability_f1[pid], inside, ratio))
    return rows


def switched(row, rule):
    _, _, _, inside, ratio = row
    return inside >= rule[0] and ratio <= rule[1]


def folder_means(pages, rule, include=lambda folder, pid: True):
    means = {}
    for folder, rows in pages.items():
        scores = [(r[2] if rule and switched(r, rule) else r[1]) for r in rows if include(folder, r[0])]
        means[folder] = statistics.mean(scores) if scores else 0.0
    return means


def line(label, means):
    four = statistics.mean(means[f] for f in FOLDERS[1:])
    return f"| {label} | " + " | ".join(f"{means[f]:.4f}" for f in FOLDERS) + f" | {four:.4f} |"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pith", required=True, help="the release pith binary")
    ap.add_argument("--oof-dir", required=True, help="pith train --oof-dir's folder")
    ap.add_argument("--datasets", default=os.environ.get("PITH_DATASETS", "../shared/datasets"))
    args = ap.parse_args()
    pages = {f: pages_of(args.pith, args.datasets, args.oof_dir, f) for f in FOLDERS}
    print("| rule (C, R) | " + " | ".join(FOLDERS) + " | mean of four |")
    print("|---" * (len(FOLDERS) + 2) + "|")
    print(line("none (out of fold)", folder_means(pages, None)))
    print(line("Readability alone", folder_means(pages, (0.0, float("inf")))))
    for rule in [(0.99, 0.8), (0.97, 0.7), (0.95, 0.7)]:
        print(line(str(rule), folder_means(pages, rule)))

    def fold(folder, pid):
        return int(hashlib.sha1(f"{folder}/{pid}".encode()).hexdigest(), 16) % 5

    totals = {f: 0.0 for f in FOLDERS}
    chosen = []
    for k in range(5):
        rule = max(GRID, key=lambda r: sum(folder_means(pages, r, lambda f, p: fold(f, p) != k).values()))
        chosen.append(rule)
        for folder, rows in pages.items():
            totals[folder] += sum((r[2] if switched(r, rule) else r[1]) for r in rows if fold(folder, r[0]) == k)
    print(line("nested " + " ".join(map(str, chosen)), {f: totals[f] / len(pages[f]) for f in FOLDERS}))


if __name__ == "__main__":
    main()
