#!/usr/bin/env python3
"""How a folder's gold treats comment sections: for every page with at least 200 words
inside comment sections, the share of those words that the gold text holds.

  scripts/comment_gold.py [--datasets DIR] [--list] FOLDER [FOLDER ...]

A comment section is an element whose `class` or `id` contains one of the words of the
`pith` preset's `learn.in_comments` column (comment, reply, replies, discussion, disqus,
respond, talkback), as that column reads them; its words are the `\\w+` runs of its text
(lower-cased, `script` and `style` left out). The share is of its word 4-grams (runs of
four words, as the shingle F1 counts them, multisets) that occur in the gold: single
words would match the article's common words by chance. A page whose gold holds more
than half of them keeps its comments; one that holds at most a fifth drops them. A diagnostic of the labels (why
one classifier cannot both keep and drop the same kind of block), not of any preset.
The HTML is read with Python's standard `html.parser`, not pith's parser: a rough
count, good enough to tell the two conventions apart. Pages: DIR/FOLDER/html and
DIR/FOLDER/gold (DIR: --datasets, else $PITH_DATASETS, else ../shared/datasets).

--list prints instead one line per page, `FOLDER<TAB>PAGE<TAB>GROUP`, the group being
`keeps`, `drops`, `part` (in between) or `short` (under 200 comment-section words): to
score a switch such as `--no-comments` by the gold's convention, page by page, with
`pith eval --format json`.
"""

import argparse
import os
import re
import sys
from collections import Counter
from html.parser import HTMLParser

COMMENT_WORDS = ("comment", "reply", "replies", "discussion", "disqus", "respond", "talkback")
VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
    "source", "track", "wbr",
}
MIN_WORDS = 200


class CommentText(HTMLParser):
    """Collects the text inside comment sections (script and style left out)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open = []  # (tag, is a comment section, is script/style)
        self.in_comments = 0
        self.in_code = 0
        self.text = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        values = " ".join(v or "" for k, v in attrs if k in ("class", "id")).lower()
        comment = any(w in values for w in COMMENT_WORDS)
        code = tag in ("script", "style")
        self.open.append((tag, comment, code))
        self.in_comments += comment
        self.in_code += code

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                for _, comment, code in self.open[i:]:
                    self.in_comments -= comment
                    self.in_code -= code
                del self.open[i:]
                return

    def handle_data(self, data):
        if self.in_comments and not self.in_code:
            self.text.append(data)


def words(text):
    return re.findall(r"\w+", text.lower())


def shingles(seq, n=4):
    return Counter(tuple(seq[i : i + n]) for i in range(len(seq) - n + 1))


def page_shares(root, folder):
    """(page, comment-section words, share of their 4-grams in the gold or None when
    under MIN_WORDS words) for every page of `folder` that has a gold text."""
    html_dir, gold_dir = os.path.join(root, folder, "html"), os.path.join(root, folder, "gold")
    for name in sorted(os.listdir(html_dir)):
        page = os.path.splitext(name)[0]
        gold_path = os.path.join(gold_dir, page + ".txt")
        if not os.path.exists(gold_path):
            continue
        parser = CommentText()
        with open(os.path.join(html_dir, name), encoding="utf-8", errors="replace") as f:
            parser.feed(f.read())
        comment_words = words(" ".join(parser.text))
        if len(comment_words) < MIN_WORDS:
            yield page, len(comment_words), None
            continue
        with open(gold_path, encoding="utf-8", errors="replace") as f:
            gold = shingles(words(f.read()))
        ours = shingles(comment_words)
        held = sum(min(n, gold[s]) for s, n in ours.items())
        yield page, len(comment_words), held / sum(ours.values())


def group(share):
    """The convention a page's gold follows, from `page_shares`' share."""
    if share is None:
        return "short"
    return "keeps" if share > 0.5 else "drops" if share <= 0.2 else "part"


def folder_report(root, folder):
    """Prints how many of `folder`'s pages keep and drop their comments, and the largest."""
    shares = [s for s in page_shares(root, folder) if s[2] is not None]
    keep = [s for s in shares if group(s[2]) == "keeps"]
    drop = [s for s in shares if group(s[2]) == "drops"]
    print(
        f"{folder}: {len(shares)} pages with ≥ {MIN_WORDS} comment-section words; "
        f"the gold keeps most of them on {len(keep)}, drops them on {len(drop)}, "
        f"keeps part on {len(shares) - len(keep) - len(drop)}"
    )
    for label, chosen in (("keeps", keep), ("drops", drop)):
        biggest = sorted(chosen, key=lambda s: -s[1])[:5]
        listed = ", ".join(f"{p} ({n} words, {share:.2f})" for p, n, share in biggest)
        if listed:
            print(f"  largest that it {label}: {listed}")


def folder_list(root, folder):
    """Prints one line per page of `folder`: folder, page, group (`--list`)."""
    for page, _, share in page_shares(root, folder):
        print(f"{folder}\t{page}\t{group(share)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--datasets", default=None)
    ap.add_argument("--list", action="store_true", help="one line per page: folder, page, group")
    ap.add_argument("folders", nargs="+")
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    root = args.datasets or os.environ.get("PITH_DATASETS") or os.path.join(
        here, "..", "..", "shared", "datasets"
    )
    for folder in args.folders:
        if not os.path.isdir(os.path.join(root, folder, "html")):
            sys.exit(f"comment_gold.py: no {folder}/html under {root}")
        (folder_list if args.list else folder_report)(root, folder)


if __name__ == "__main__":
    main()
