#!/usr/bin/env python3
"""Builds the Chinese and Japanese stoplists in stoplists/wordfreq/ from wordfreq's data.

jusText ships no stoplist for Chinese or Japanese. pith counts every Han, Hiragana and
Katakana character as one word in those scripts (crates/lang/src/words.rs), so their
stoplists are lists of single characters: the most frequent characters of the language,
by wordfreq's word frequencies (each word's frequency added to each of its characters),
taken in order until they cover the same share of running text as jusText's English
stoplist covers of English words by the same data. Stop-word densities then mean the same
thing across the three languages, and jusText's thresholds (0.30 / 0.32) apply as they are.

Run (reproducible: the wordfreq version is pinned):

    python3 -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq==3.1.1
    /tmp/wf/bin/python scripts/build_wordfreq_stoplists.py

Source: wordfreq 3.1.1 (PyPI, https://github.com/rspeer/wordfreq), code Apache-2.0, word
frequency data CC BY-SA 4.0 (see stoplists/wordfreq/README.md).
"""
import collections
import pathlib
import unicodedata

import wordfreq

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "stoplists" / "wordfreq"
TOP_WORDS = 100_000


def is_spaceless(c):
    """The same ranges as pith_lang::is_spaceless."""
    o = ord(c)
    return (
        0x3005 <= o <= 0x3007
        or 0x3040 <= o <= 0x309F
        or 0x30A0 <= o <= 0x30FA
        or 0x30FC <= o <= 0x30FF
        or 0x31F0 <= o <= 0x31FF
        or 0x3400 <= o <= 0x4DBF
        or 0x4E00 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFF66 <= o <= 0xFF9F
        or 0x20000 <= o <= 0x3134F
    )


def english_share():
    """The share of English running words (by wordfreq) in jusText's English stoplist."""
    stop = set((ROOT / "stoplists" / "English.txt").read_text("utf8").lower().split("\n"))
    total = covered = 0.0
    for w, f in wordfreq.get_frequency_dict("en").items():
        total += f
        if w in stop:
            covered += f
    return covered / total


def character_list(lang, share):
    freq = collections.Counter()
    words = sorted(wordfreq.get_frequency_dict(lang).items(), key=lambda wf: (-wf[1], wf[0]))
    for w, f in words[:TOP_WORDS]:
        for c in w:
            if is_spaceless(c):
                freq[c] += f
    total = sum(freq.values())
    chosen, covered = [], 0.0
    for c, f in sorted(freq.items(), key=lambda cf: (-cf[1], cf[0])):
        if covered / total >= share:
            break
        chosen.append(unicodedata.normalize("NFC", c))
        covered += f
    return chosen, covered / total


def main():
    share = english_share()
    print(f"English stoplist share of running words: {share:.3f}")
    for lang, name in (("zh", "Chinese"), ("ja", "Japanese")):
        chars, covered = character_list(lang, share)
        (OUT / f"{name}.txt").write_text("".join(c + "\n" for c in chars), "utf8")
        print(f"{name}: {len(chars)} characters covering {covered:.3f}")


if __name__ == "__main__":
    main()
