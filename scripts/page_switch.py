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
that made it never saw the page) and Readability's are scored against the gold with
`pith eval`'s token F1 (lower-cased `\\w+` tokens, per page; Python's `\\w`, which differs
from pith's only on a few combining marks). Prints each folder's mean for a few (C, R),
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


def token_f1(extracted, gold):
    """pith eval's per-page bag-of-words F1 (an empty extraction of an empty gold is 1)."""
    n_ext, n_gold = sum(extracted.values()), sum(gold.values())
    common = sum((extracted & gold).values())
    precision = common / n_ext if n_ext else float(n_gold == 0)
    recall = common / n_gold if n_gold else 1.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def gold_texts(datasets, folder):
    if os.path.exists(f"{datasets}/{folder}/ground-truth.json"):
        truth = json.load(open(f"{datasets}/{folder}/ground-truth.json", encoding="utf-8"))
        return {pid: page["articleBody"] for pid, page in truth.items()}
    gold_dir = f"{datasets}/{folder}/gold"
    return {
        name[:-4]: open(f"{gold_dir}/{name}", encoding="utf-8", errors="replace").read()
        for name in os.listdir(gold_dir)
        if name.endswith(".txt")
    }


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
    gold = gold_texts(datasets, folder)
    readability = readability_texts(pith, datasets, folder)
    rows = []
    for pid in sorted(readability):
        path = f"{oof_dir}/{folder}/{pid}.txt"
        kept = tokens(open(path, encoding="utf-8").read() if os.path.exists(path) else "")
        article = tokens(readability[pid])
        n_kept, n_article = sum(kept.values()), sum(article.values())
        inside = sum((kept & article).values()) / n_article if n_article else 0.0
        ratio = n_article / n_kept if n_kept else float("inf")
        g = tokens(gold.get(pid, ""))
        rows.append((pid, token_f1(kept, g), token_f1(article, g), inside, ratio))
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
