#!/usr/bin/env python3
"""How much of the text inside `<nav>` elements the development golds keep.

    PITH_DATASETS=/path/to/datasets python3 scripts/nav_in_gold.py

For every page of the five development folders with a gold text: the text of its
outermost `<nav>` elements (scripts and styles left out), line by line as lxml reads
it; a line of four words or more counts as in the gold when more than nine in ten of
its lower-cased `\\w+` words occur in the gold. Prints, per folder, the pages with a
`<nav>`, the words inside them, the words on lines found in the gold, and each page
with more than 30 such words (docs/evaluation.md, "Navigation elements"). A rough
measure (a line's words may occur in the gold elsewhere), meant to show whether the
golds ever keep navigation, not to label blocks. Needs lxml (the peers' venv has it).
"""

import collections
import os
import re
import sys

import lxml.html

FOLDERS = ["scrapinghub", "cleaneval-dev", "dragnet-train", "l3s-gn1-dev", "googletrends-dev"]


def words(text):
    return re.findall(r"\w+", text.lower())


def nav_words(path, gold):
    """(words inside the page's `<nav>`s, words on lines found in the gold); None
    when the page has no `<nav>`."""
    with open(path, "rb") as f:
        tree = lxml.html.fromstring(f.read())
    for element in tree.xpath("//script|//style"):
        element.drop_tree()
    navs = [n for n in tree.iter("nav") if not any(a.tag == "nav" for a in n.iterancestors())]
    if not navs:
        return None
    total = found = 0
    for nav in navs:
        for line in nav.itertext():
            line_words = words(line)
            total += len(line_words)
            if len(line_words) >= 4 and sum(gold[w] > 0 for w in line_words) > 0.9 * len(line_words):
                found += len(line_words)
    return total, found


def main():
    root = os.environ.get("PITH_DATASETS", "../shared/datasets")
    for folder in FOLDERS:
        base = os.path.join(root, folder)
        if not os.path.isdir(base):
            sys.exit(f"nav_in_gold.py: no folder {base} (set PITH_DATASETS)")
        pages = total = found = 0
        for name in sorted(os.listdir(os.path.join(base, "html"))):
            page = name[: -len(".html")]
            gold_path = os.path.join(base, "gold", page + ".txt")
            if not name.endswith(".html") or not os.path.exists(gold_path):
                continue
            with open(gold_path, encoding="utf-8", errors="replace") as f:
                gold = collections.Counter(words(f.read()))
            counts = nav_words(os.path.join(base, "html", name), gold)
            if counts is None:
                continue
            pages += 1
            total += counts[0]
            found += counts[1]
            if counts[1] > 30:
                print(f"  {folder}/{page}: {counts[1]} of {counts[0]} words inside <nav> on lines in the gold")
        print(f"{folder}: {pages} pages with <nav>, {total} words inside, {found} on lines in the gold")


if __name__ == "__main__":
    main()
