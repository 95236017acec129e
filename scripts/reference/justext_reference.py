#!/usr/bin/env python3
"""Run the pinned Python jusText 3.0.2 reference on one HTML file.

Must run inside the venv made by scripts/reference/setup-venv.sh
(justext 3.0.2, lxml 6.1.3 / libxml2 2.14.6, lxml_html_clean 0.4.6).

Usage:
  justext_reference.py INPUT.html [--params PARAMS.json] [--out EXPECTED.json] [--events EVENTS.json]
      Reads INPUT.html as bytes and calls justext.justext(bytes, stoplist, **params).
      Parameters come from --params, else from params.json next to the input if it
      exists, else English stoplist + library defaults. Writes the paragraph list
      (--out, default stdout) in the format of
      shared/datasets/scrapinghub/justext-3.0.2/<id>.json and, with --events, the
      event stream the segmenter sees, in the format of justext-3.0.2-events/<id>.json.
      If the reference raises, the file(s) contain {"error": "<Type>: <message>"}.

  justext_reference.py --check-dataset DIR [--limit N]
      DIR is a dataset folder with html/, justext-3.0.2/ and justext-3.0.2-events/
      (e.g. shared/datasets/scrapinghub). Recomputes both files for each page (first
      N pages in sorted order, default all) and reports byte-identical / different.

  justext_reference.py --info
      Prints the reference.json record (versions actually in use).

params.json keys (all optional):
  "stoplist": a built-in stoplist name (default "English") or "none"; "none" means an
      empty stoplist with stopwords_low = stopwords_high = 0 (as the CLI's `-s None`
      does; these override any stopwords_* given in the same file),
  "length_low", "length_high", "stopwords_low", "stopwords_high",
  "max_link_density", "max_heading_distance", "no_headings".

Output format: json.dumps(obj, ensure_ascii=False) encoded as UTF-8, no trailing
newline (byte-identical to the dataset files).
"""

import argparse
import json
import os
import platform
import sys

import justext
import justext.core as jcore
import lxml
import lxml.etree
import lxml.sax
from xml.sax.handler import ContentHandler

PARAM_KEYS = (
    "length_low",
    "length_high",
    "stopwords_low",
    "stopwords_high",
    "max_link_density",
    "max_heading_distance",
    "no_headings",
)


def load_params(path):
    """Return (stoplist frozenset, kwargs dict) from a params.json path or None."""
    raw = {}
    if path is not None:
        with open(path, "rb") as f:
            raw = json.loads(f.read().decode("utf-8"))
    unknown = set(raw) - set(PARAM_KEYS) - {"stoplist"}
    if unknown:
        raise SystemExit("unknown keys in %s: %s" % (path, sorted(unknown)))
    kwargs = {k: raw[k] for k in PARAM_KEYS if k in raw}
    name = raw.get("stoplist", "English")
    if name.lower() == "none":
        stoplist = frozenset()
        # language-independent mode, exactly as `python -m justext -s None`
        kwargs["stopwords_low"] = 0
        kwargs["stopwords_high"] = 0
    else:
        stoplist = justext.get_stoplist(name)
    return stoplist, kwargs


def paragraph_record(p, stoplist):
    # Field order and computation as in the dataset files.
    sl = jcore.define_stoplist(stoplist)
    return {
        "text": p.text,
        "class_type": p.class_type,
        "cf_class": p.cf_class,
        "heading": p.heading,
        "words_count": p.words_count,
        "chars_count_in_links": p.chars_count_in_links,
        "tags_count": p.tags_count,
        "dom_path": p.dom_path,
        "xpath": p.xpath,
        "links_density": p.links_density(),
        "stopwords_density": p.stopwords_density(sl),
    }


def error_record(exc):
    return {"error": "%s: %s" % (type(exc).__name__, exc)}


def run_paragraphs(html_bytes, stoplist, kwargs):
    try:
        paragraphs = justext.justext(html_bytes, stoplist, **kwargs)
    except Exception as exc:  # the reference raised: record it
        return error_record(exc)
    return [paragraph_record(p, stoplist) for p in paragraphs]


class RecordingHandler(ContentHandler):
    """Records what ParagraphMaker would see from lxml.sax.saxify."""

    def __init__(self):
        ContentHandler.__init__(self)
        self.events = []

    def startElementNS(self, name, qname, attrs):
        self.events.append(["start", name[1]])

    def endElementNS(self, name, qname):
        self.events.append(["end", name[1]])

    def characters(self, content):
        self.events.append(["text", content])


def run_events(html_bytes):
    # Same steps as justext.justext() with default encoding arguments, then the
    # same saxify call as ParagraphMaker.make_paragraphs.
    try:
        dom = jcore.html_to_dom(html_bytes, jcore.DEFAULT_ENCODING, None, jcore.DEFAULT_ENC_ERRORS)
        dom = jcore.preprocessor(dom)
        handler = RecordingHandler()
        lxml.sax.saxify(dom, handler)
    except Exception as exc:
        return error_record(exc)
    return handler.events


def dump(obj):
    return json.dumps(obj, ensure_ascii=False).encode("utf-8")


def write(path, data):
    if path is None or path == "-":
        sys.stdout.buffer.write(data + b"\n")
    else:
        with open(path, "wb") as f:
            f.write(data)


def reference_info():
    from importlib.metadata import version

    return {
        "justext": version("justext"),
        "lxml": ".".join(map(str, lxml.etree.LXML_VERSION[:3])),
        "libxml2": ".".join(map(str, lxml.etree.LIBXML_VERSION)),
        "python": platform.python_version(),
        "lxml_html_clean": version("lxml_html_clean"),
    }


def check_dataset(root, limit):
    html_dir = os.path.join(root, "html")
    par_dir = os.path.join(root, "justext-3.0.2")
    ev_dir = os.path.join(root, "justext-3.0.2-events")
    ids = sorted(n[: -len(".html")] for n in os.listdir(html_dir) if n.endswith(".html"))
    if limit:
        ids = ids[:limit]
    stoplist, kwargs = load_params(None)
    same = diff = 0
    for pid in ids:
        with open(os.path.join(html_dir, pid + ".html"), "rb") as f:
            html = f.read()
        results = []
        for folder, data in (
            (par_dir, dump(run_paragraphs(html, stoplist, kwargs))),
            (ev_dir, dump(run_events(html))),
        ):
            path = os.path.join(folder, pid + ".json")
            if not os.path.exists(path):
                results.append("missing")
                continue
            with open(path, "rb") as f:
                results.append("identical" if f.read() == data else "DIFFERENT")
        ok = all(r == "identical" for r in results)
        same += ok
        diff += not ok
        print("%s paragraphs:%s events:%s" % (pid, results[0], results[1]))
    print("%d pages identical, %d not" % (same, diff))
    return 0 if diff == 0 else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input", nargs="?", help="HTML file (read as bytes)")
    ap.add_argument("--params", help="params.json (default: params.json next to the input, if any)")
    ap.add_argument("--out", help="paragraph list output (default stdout)")
    ap.add_argument("--events", help="event stream output")
    ap.add_argument("--check-dataset", metavar="DIR")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--info", action="store_true", help="print reference.json content")
    args = ap.parse_args(argv)

    if args.info:
        sys.stdout.write(json.dumps(reference_info()) + "\n")
        return 0
    if args.check_dataset:
        return check_dataset(args.check_dataset, args.limit)
    if not args.input:
        ap.error("an input file is required")

    params = args.params
    if params is None:
        candidate = os.path.join(os.path.dirname(os.path.abspath(args.input)), "params.json")
        if os.path.exists(candidate):
            params = candidate
    stoplist, kwargs = load_params(params)
    with open(args.input, "rb") as f:
        html = f.read()
    write(args.out, dump(run_paragraphs(html, stoplist, kwargs)))
    if args.events:
        write(args.events, dump(run_events(html)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
