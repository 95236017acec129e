#!/usr/bin/env python3
"""Runs the peer extractors (trafilatura, readability-lxml, resiliparse) over pith's
development folders and saves their outputs where `pith eval --outputs NAME=DIR` reads
them, so that "pith against its peers" is measured with pith's own metrics.

  peers.py --out DIR [--dataset NAME ...] [--peer NAME ...] [--datasets-root ROOT]
  peers.py --table DIR   # the Markdown table of a finished scripts/peers.sh DIR

Normally run through scripts/peers.sh, which makes the virtual environment (outside the
repository; the pinned versions are in PINNED below) and runs this under `nice -n 19`.

For each peer and dataset it writes DIR/<peer>/<dataset>/:
* `<id>.txt`: the peer's text of page `<id>` (UTF-8; an empty file when the peer
  returned nothing). No file when the peer raised an error or ran over --timeout
  seconds: `pith eval` then scores the page as an empty extraction and names it.
* `seconds.tsv`: `id<TAB>cpu seconds` of each extraction (the call alone, after the
  page was read), which `pith eval` reads for its ms/page and MB/s rows.
* `run.json`: the peer's version and settings, pages, bytes, CPU and wall seconds,
  pages/s and MB/s on one core (by CPU time of the extraction calls), empty outputs and
  errors.

The pages are read as pith reads them (`crates/eval/src/dataset.rs`): `html/<id>.html`
for every id with a gold text (`ground-truth.json` or `gold/<id>.txt`), CleanEval's
`<text …>` wrapper lines stripped. Bytes go to the peers that take bytes (trafilatura
and readability-lxml decode them as the page's charset says); resiliparse takes text,
decoded with the charset the page (or the folder's meta.json) declares, else the one
resiliparse detects.

Each peer runs with its usual settings for main-text extraction:
* trafilatura: `extract(html, include_comments=False, include_tables=True)` (the
  defaults otherwise: text output, no precision/recall bias, fallbacks on);
* readability-lxml: `Document(html).summary()`, then the text of that HTML with a line
  break around every block element (so that words of adjacent paragraphs stay apart);
* resiliparse: `extract_plain_text(tree, main_content=True)`.

Only the standard library is needed to read this file; the peers are imported when
run. One process, one page at a time: the speeds are on one core.
"""

import argparse
import json
import os
import re
import signal
import sys
import time
from pathlib import Path

FOLDERS = ["scrapinghub", "cleaneval-dev", "dragnet-train", "l3s-gn1-dev", "googletrends-dev"]
PEERS = ["trafilatura", "readability-lxml", "resiliparse"]
# The versions measured in docs/evaluation.md ("Peers"); scripts/peers.sh installs them.
PINNED = {"trafilatura": "2.3.1", "readability-lxml": "0.9", "resiliparse": "2.0.1"}


def strip_cleaneval_wrapper(html: bytes) -> bytes:
    """CleanEval's `<text id=…>` … `</text>` pseudo-tag, dropped as pith drops it."""
    if not html.startswith(b"<text "):
        return html
    lines = html.split(b"\n")[1:]
    while lines and not lines[-1].strip():
        lines.pop()
    if lines and lines[-1].strip().startswith(b"</text>"):
        lines.pop()
    return b"\n".join(lines)


def load_pages(folder: Path):
    """(id, bytes) of every page with a gold text, sorted by id, as pith eval reads them."""
    truth = {}
    gt = folder / "ground-truth.json"
    if gt.exists():
        truth = json.loads(gt.read_text(encoding="utf-8"))
    pages = []
    for path in sorted((folder / "html").glob("*.html")):
        pid = path.stem
        if pid in truth or (folder / "gold" / f"{pid}.txt").exists():
            pages.append((pid, strip_cleaneval_wrapper(path.read_bytes())))
    return pages


def declared_charsets(folder: Path):
    """id -> the charset meta.json records as declared (where the folder has one)."""
    meta = folder / "meta.json"
    if not meta.exists():
        return {}
    data = json.loads(meta.read_text(encoding="utf-8"))
    return {k: v.get("declared_charset") for k, v in data.items() if v.get("declared_charset")}


META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)


def page_charset(html: bytes, declared):
    """The charset the page declares (meta.json's record, else its own <meta>), as a
    name Python's codecs know (WHATWG's `windows-874` is Python's `cp874`); None when
    there is none or it is unknown."""
    import codecs

    if not declared:
        m = META_CHARSET.search(html[:4096])
        declared = m.group(1).decode("ascii") if m else None
    if not declared:
        return None
    for name in (declared, re.sub(r"^windows-(\d+)$", r"cp\1", declared.lower())):
        try:
            return codecs.lookup(name).name
        except LookupError:
            pass
    return None


BLOCK_TAGS = {
    "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "td",
    "th", "tr", "ul",
}


def html_text(fragment: str) -> str:
    """The text of an HTML fragment, a line break around every block element."""
    import lxml.html

    if not fragment.strip():
        return ""
    root = lxml.html.fromstring(fragment)
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.lower() in BLOCK_TAGS:
            el.tail = "\n" + (el.tail or "")
            if el.tag.lower() != "br":
                el.text = "\n" + (el.text or "")
    lines = (" ".join(line.split()) for line in root.text_content().splitlines())
    return "\n".join(line for line in lines if line)


def make_peer(name: str):
    """(version, settings, extract(id, html bytes, declared charset) -> str or None)."""
    from importlib.metadata import version

    if name == "trafilatura":
        import trafilatura

        def run(_pid, html, _declared):
            return trafilatura.extract(html, include_comments=False, include_tables=True)

        return version("trafilatura"), "extract(html, include_comments=False, include_tables=True)", run
    if name == "readability-lxml":
        from readability import Document

        def run(_pid, html, _declared):
            return html_text(Document(html).summary())

        return version("readability-lxml"), "Document(html).summary(), then its text", run
    if name == "resiliparse":
        from resiliparse.extract.html2text import extract_plain_text
        from resiliparse.parse.encoding import bytes_to_str, detect_encoding
        from resiliparse.parse.html import HTMLTree

        def run(_pid, html, declared):
            charset = page_charset(html, declared) or detect_encoding(html)
            tree = HTMLTree.parse(bytes_to_str(html, charset))
            return extract_plain_text(tree, main_content=True)

        return version("resiliparse"), "extract_plain_text(tree, main_content=True)", run
    raise SystemExit(f"peers.py: unknown peer {name!r}; known: {', '.join(PEERS)}")


class Timeout(Exception):
    pass


def _alarm(_signum, _frame):
    raise Timeout()


def run_peer(peer: str, dataset: str, root: Path, out: Path, timeout: int):
    ver, settings, extract = make_peer(peer)
    folder = root / dataset
    pages = load_pages(folder)
    charsets = declared_charsets(folder)
    dest = out / peer / dataset
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("*.txt"):
        old.unlink()
    signal.signal(signal.SIGALRM, _alarm)
    cpu_total = 0.0
    wall_start = time.perf_counter()
    errors, empty, times = {}, [], []
    for pid, html in pages:
        signal.alarm(timeout)
        c0 = time.process_time()
        try:
            text = extract(pid, html, charsets.get(pid))
            err = None
        except Timeout:
            text, err = None, f"timeout after {timeout} s"
        except Exception as e:  # a peer's failure on a page is recorded, never fatal
            text, err = None, f"{type(e).__name__}: {e}"
        finally:
            signal.alarm(0)
        seconds = time.process_time() - c0
        cpu_total += seconds
        times.append((pid, seconds))
        if err is not None:
            errors[pid] = err[:300]
            continue
        text = text or ""
        if not re.search(r"\w", text):
            empty.append(pid)
        (dest / f"{pid}.txt").write_text(text, encoding="utf-8")
    wall = time.perf_counter() - wall_start
    with open(dest / "seconds.tsv", "w", encoding="utf-8") as f:
        for pid, s in times:
            f.write(f"{pid}\t{s:.6f}\n")
    nbytes = sum(len(h) for _, h in pages)
    summary = {
        "peer": peer,
        "version": ver,
        "settings": settings,
        "dataset": dataset,
        "pages": len(pages),
        "bytes": nbytes,
        "cpu_seconds": round(cpu_total, 3),
        "wall_seconds": round(wall, 3),
        "pages_per_s": round(len(pages) / cpu_total, 2) if cpu_total else None,
        "mb_per_s": round(nbytes / 1e6 / cpu_total, 3) if cpu_total else None,
        "empty": empty,
        "errors": errors,
        "python": sys.version.split()[0],
    }
    (dest / "run.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    print(
        f"{peer} {ver} {dataset}: {len(pages)} pages, {summary['mb_per_s']} MB/s "
        f"({summary['pages_per_s']} pages/s) on one core by CPU time, "
        f"{len(empty)} empty, {len(errors)} errors",
        flush=True,
    )


# The preset fitted on these folders: its eval figures are in-sample.
IN_SAMPLE = {"pith"}
# scripts/peers.sh's out-of-fold columns: the `pith` preset, and the preset with
# `--no-comments` (the setting trafilatura runs in here), each with the preset whose
# speed it is shown with and its label.
OUT_OF_FOLD = {
    "pith-oof": ("pith", "`pith`"),
    "pith-oof-no-comments": ("pith", "`pith --no-comments`"),
}


def table(out: Path) -> str:
    """The Markdown "Peers" tables from OUT/eval/<dataset>.json (`pith eval` of the
    peers' outputs and the presets), OUT/<peer>/scrapinghub/run.json (the peers'
    versions, and their speed if OUT/eval/speed.tsv lacks it) and OUT/eval/speed.tsv
    (every run's speed; the best is shown), as scripts/peers.sh leaves them."""
    evals = {}
    for ds in FOLDERS:
        f = out / "eval" / f"{ds}.json"
        if f.exists():
            evals[ds] = json.loads(f.read_text(encoding="utf-8"))
    if not evals:
        raise SystemExit(f"peers.py: no {out}/eval/<dataset>.json")
    # Rows in the column order of the folder with the most columns (a partial run may
    # lack peers on some folders); the paired tests' baseline is each folder's first.
    ref = max(evals.values(), key=lambda d: len(d["pipelines"]))
    names = [p["name"] for p in ref["pipelines"]]
    for data in evals.values():
        for p in data["pipelines"]:
            if p["name"] not in names:
                names.append(p["name"])
    bases = {d["pipelines"][0]["name"] for d in evals.values()}
    speed = {}
    for name in names:
        run = out / name / "scrapinghub" / "run.json"
        if run.exists():
            r = json.loads(run.read_text(encoding="utf-8"))
            speed[name] = (r["mb_per_s"], f"{name} {r['version']}", r["cpu_seconds"])
    tsv = out / "eval" / "speed.tsv"
    if tsv.exists():
        best = {}
        for line in tsv.read_text(encoding="utf-8").splitlines():
            name, mbs, cpu = line.split("\t")[:3]
            if float(mbs) > best.get(name, (0.0, 0.0))[0]:
                best[name] = (float(mbs), float(cpu))
        for name, (mbs, cpu) in best.items():
            speed[name] = (mbs, speed.get(name, (None, name))[1], cpu)
    folders = [ds for ds in FOLDERS if ds in evals]
    four = [ds for ds in folders if ds != "scrapinghub"]
    head = "| extractor | " + " | ".join(f"{ds} ({evals[ds]['pages']})" for ds in folders)
    head += " | mean of four | empty | MB/s | pages/s |\n|---|" + "---:|" * (len(folders) + 4)
    speed_pages = evals["scrapinghub"]["pages"] if "scrapinghub" in evals else None
    rows = [head]
    for name in names:
        cells, tok4, sh4, empty = [], [], [], 0
        for ds in folders:
            p = next((p for p in evals[ds]["pipelines"] if p["name"] == name), None)
            if p is None:
                cells.append("")
                continue
            tok, sh = p["bow"]["macro"]["f1"], p["shingle"]["f1"]
            cells.append(f"{tok:.3f} / {sh:.3f}")
            empty += p["empty"]
            if ds in four:
                tok4.append(tok)
                sh4.append(sh)
        mean = (
            f"{sum(tok4) / len(tok4):.3f} / {sum(sh4) / len(sh4):.3f}"
            if len(tok4) == len(four)
            else ""
        )
        of, oof_label = OUT_OF_FOLD.get(name, (name, None))
        label = speed.get(name, (None, name))[1]
        label = f"`{label}`" + (" (in-sample)" if name in IN_SAMPLE else "")
        if oof_label:
            label = f"{oof_label}, out of fold (`{name}`)"
        mbs, _, cpu = speed.get(of, (None, None, None))
        pps = f"{speed_pages / cpu:.0f}" if cpu and speed_pages else ""
        rows.append(
            f"| {label} | "
            + " | ".join(cells)
            + f" | {mean} | {empty} | {'' if mbs is None else f'{mbs:.1f}'} | {pps} |"
        )
    against = f"`{next(iter(bases))}`" if len(bases) == 1 else "each folder's first column"
    rows.append("")
    rows.append(
        f"Token F1 / shingle F1 against {against}: difference and "
        "paired bootstrap p-value (`pith eval`, 1000 resamples, seed 42):"
    )
    rows.append("")
    rows.append("| extractor | " + " | ".join(folders) + " |\n|---|" + "---:|" * len(folders))
    for name in [n for n in names if not (len(bases) == 1 and n in bases)]:
        cells = []
        for ds in folders:
            p = next((p for p in evals[ds]["pipelines"] if p["name"] == name), None)
            if p is None or p["delta_f1"] is None:
                cells.append("")
            else:
                def pv(v):
                    return "< 0.001" if v == 0 else f"{v:.3f}"

                cells.append(
                    f"{p['delta_token_f1']:+.3f} (p {pv(p['p_value_token'])}) / "
                    f"{p['delta_f1']:+.3f} (p {pv(p['p_value'])})"
                )
        rows.append(f"| `{name}` | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, help="where DIR/<peer>/<dataset>/ go")
    ap.add_argument(
        "--table",
        type=Path,
        metavar="OUT",
        help="only print the Markdown table of a finished scripts/peers.sh OUT",
    )
    ap.add_argument("--dataset", action="append", help=f"default: {' '.join(FOLDERS)}")
    ap.add_argument("--peer", action="append", help=f"default: {' '.join(PEERS)}")
    ap.add_argument(
        "--datasets-root",
        type=Path,
        default=Path(os.environ.get("PITH_DATASETS") or "../shared/datasets"),
        help="default: $PITH_DATASETS, else ../shared/datasets",
    )
    ap.add_argument("--timeout", type=int, default=120, help="seconds per page (default 120)")
    args = ap.parse_args()
    if args.table:
        sys.stdout.write(table(args.table))
        return
    if not args.out:
        ap.error("--out is required")
    for peer in args.peer or PEERS:
        for dataset in args.dataset or FOLDERS:
            if not (args.datasets_root / dataset / "html").is_dir():
                raise SystemExit(f"peers.py: no dataset {args.datasets_root / dataset}/html")
            run_peer(peer, dataset, args.datasets_root, args.out, args.timeout)


if __name__ == "__main__":
    main()
