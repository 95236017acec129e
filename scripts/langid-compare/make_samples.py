#!/usr/bin/env python3
"""Builds the labelled samples for the language-identification comparison (decision 0010).

Input: `pith extract --format jsonl --paragraphs -s auto --preset justext` output of each
set (see run.sh). Each page's sample is the text pith's identification reads
(`pith_core::language::language_sample`: block texts of >= 40 bytes in page order, else
any block, joined by newlines, cut at 1024 bytes on a character boundary).

Labels: the English development folders are `en`; the golden pages of
crates/pith/tests/languages.rs carry their code; WARC records are labelled by hand in
warc-labels.tsv (record id, ISO 639-1 code or `-` for no running text to judge).
Writes JSON lines {set, id, label, text} to stdout.
"""
import json
import re
import sys
from pathlib import Path

MAX_BYTES = 1024
MIN_BLOCK = 40


def sample(blocks):
    out = b""
    for min_len in (MIN_BLOCK, 1):
        for text in blocks:
            b = text.encode("utf-8")
            if len(b) < min_len:
                continue
            if len(out) >= MAX_BYTES:
                break
            if out:
                out += b"\n"
            room = max(0, MAX_BYTES - len(out))
            out += b[:room]
        if out:
            break
    return out.decode("utf-8", errors="ignore")  # drops a cut multi-byte tail


def records(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if "paragraphs" in rec:
                yield rec


def main():
    here = Path(__file__).resolve().parent
    work = Path(sys.argv[1])  # the folder run.sh wrote the extractions to
    root = here.parent.parent
    for name in ["cleaneval-dev", "dragnet-train", "l3s-gn1-dev", "googletrends-dev"]:
        for rec in records(work / f"{name}.jsonl"):
            text = sample([p["text"] for p in rec["paragraphs"]])
            if text.strip():
                print(json.dumps({"set": name, "id": rec["id"], "label": "en", "text": text}))
    # Golden pages written for the project, one paragraph each.
    src = (root / "crates/pith/tests/languages.rs").read_text(encoding="utf-8")
    for code, para in re.findall(r'code: "(\w+)",.*?paragraph: "((?:[^"\\]|\\.)*)"', src, re.S):
        para = re.sub(r"\\\n\s*", "", para)
        print(json.dumps({"set": "golden", "id": code, "label": code, "text": para}))
    labels = {}
    for line in (here / "warc-labels.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rid, code = line.split("\t")[:2]
            labels[rid] = code
    for name in ["cc-main-2020-34-sample", "cc-main-2024-22-whirlwind", "clueweb09-ja-quirk"]:
        for rec in records(work / f"{name}.jsonl"):
            code = labels.get(rec["id"])
            if code is None:
                sys.exit(f"{rec['id']}: no label in warc-labels.tsv")
            text = sample([p["text"] for p in rec["paragraphs"]])
            if code != "-" and text.strip():
                print(json.dumps({"set": name, "id": rec["id"], "label": code, "text": text}))


if __name__ == "__main__":
    main()
