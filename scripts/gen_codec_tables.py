#!/usr/bin/env python3
"""Generate `crates/dom/src/decode/python_codecs.rs` from this Python's codec registry.

Usage (from the repository root):

    python3 scripts/gen_codec_tables.py            # writes the Rust file
    python3 scripts/gen_codec_tables.py --check    # exits 1 if the file is stale

What it emits (all data, no logic):

* `MODULES`: every module of the `encodings` package that can be imported on
  this machine, sorted by module name, with the codec's canonical name
  (`codecs.lookup(name).name`) and how pith decodes it (`Impl`):
  a 256-entry table for single-byte codecs (taken byte by byte from Python
  itself), a hand-written decoder for the UTF family, the closest
  `encoding_rs` decoder for the CJK multi-byte codecs, or `Unsupported` /
  `NotText` / `NotCodec`.
* `ALIASES`: `encodings.aliases.aliases`, sorted, alias -> module.
* `ASCII_HIGH` / `FULL`: the deduplicated decoding tables.

The lookup algorithm that consumes this data (`codecs.lookup` + `bytes.decode`
text-encoding check) is re-implemented here in `emulate_lookup` and checked
against the real `codecs.lookup` on every alias, module name and a few
thousand mangled/random labels before anything is written, and every table is
checked against Python's own decoder on random inputs for all three error
policies.
"""

import codecs
import encodings
import encodings.aliases
import importlib
import os
import pkgutil
import random
import re
import sys

OUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    "..",
    "crates",
    "dom",
    "src",
    "decode",
    "python_codecs.rs",
)

# Multi-byte text codecs: module -> (Rust `Impl` expression, note for the docs).
# Exact hand-written decoders first, then the approximations by encoding_rs.
EXACT = {
    "utf_8": "Impl::Utf8",
    "utf_8_sig": "Impl::Utf8Sig",
    "utf_16": "Impl::Utf16",
    "utf_16_le": "Impl::Utf16Le",
    "utf_16_be": "Impl::Utf16Be",
    "utf_32": "Impl::Utf32",
    "utf_32_le": "Impl::Utf32Le",
    "utf_32_be": "Impl::Utf32Be",
    "utf_7": "Impl::Utf7",
}
APPROX = {
    # module: encoding_rs static
    "euc_kr": "EUC_KR",
    "cp949": "EUC_KR",
    "gb2312": "GBK",
    "gbk": "GBK",
    "gb18030": "GB18030",
    "big5": "BIG5",
    "big5hkscs": "BIG5",
    "cp950": "BIG5",
    "shift_jis": "SHIFT_JIS",
    "shift_jis_2004": "SHIFT_JIS",
    "shift_jisx0213": "SHIFT_JIS",
    "cp932": "SHIFT_JIS",
    "euc_jp": "EUC_JP",
    "euc_jis_2004": "EUC_JP",
    "euc_jisx0213": "EUC_JP",
    "iso2022_jp": "ISO_2022_JP",
    "iso2022_jp_1": "ISO_2022_JP",
    "iso2022_jp_2": "ISO_2022_JP",
    "iso2022_jp_2004": "ISO_2022_JP",
    "iso2022_jp_3": "ISO_2022_JP",
    "iso2022_jp_ext": "ISO_2022_JP",
}
# Text codecs pith does not decode (treated as unknown labels).
UNSUPPORTED = {
    "hz": "no HZ-GB-2312 decoder in encoding_rs",
    "johab": "no Johab decoder in encoding_rs",
    "iso2022_kr": "encoding_rs maps ISO-2022-KR to the replacement encoding",
    "idna": "not a page encoding; the reference raises UnicodeError on most pages",
    "punycode": "not a page encoding",
    "unicode_escape": "not a page encoding (interprets backslash escapes)",
    "raw_unicode_escape": "not a page encoding (interprets backslash escapes)",
    "undefined": "always raises UnicodeError in Python (the reference crashes)",
}
SINGLE_BYTE_BUILTINS = {"latin_1", "ascii", "charmap"}


def c_normalize(label):
    """CPython's `_Py_normalize_encoding` (used by `codecs.lookup`) on UTF-8 bytes."""
    out = []
    punct = False
    for b in label.encode("utf-8", "surrogatepass"):
        c = chr(b)
        if (b < 128 and c.isalnum()) or c == ".":
            if punct and out:
                out.append("_")
            punct = False
            out.append(c.lower())
        else:
            punct = True
    return "".join(out)


def emulate_lookup(label, modules, aliases):
    """Return the module name pith will resolve `label` to, or None."""
    if "\0" in label:
        return None
    norm = c_normalize(label)
    aliased = aliases.get(norm) or aliases.get(norm.replace(".", "_"))
    candidates = [aliased, norm] if aliased is not None else [norm]
    for cand in candidates:
        if not cand or "." in cand:
            continue
        if cand in modules:
            return cand
    return None


def python_lookup(label):
    """What `bytes.decode(label)` resolves to: module-ish key, or None."""
    try:
        info = codecs.lookup(label)
    except (LookupError, ValueError):
        return None
    return info


def single_byte_table(module):
    table = []
    for b in range(256):
        try:
            s = bytes([b]).decode(module)
        except UnicodeDecodeError:
            table.append(None)
            continue
        if len(s) != 1:
            raise SystemExit(f"{module}: byte {b:#x} decodes to {s!r}")
        cp = ord(s)
        if cp > 0xFFFF or cp == 0xFFFE or 0xD800 <= cp <= 0xDFFF:
            raise SystemExit(f"{module}: byte {b:#x} decodes to {cp:#x}")
        table.append(cp)
    return table


def check_single_byte(module, table, rng):
    """Python's decoder must equal the per-byte table under every policy."""
    samples = [bytes(range(256)), b"\\u0041\\x41+AGE-", b""]
    for _ in range(300):
        n = rng.randrange(0, 40)
        samples.append(bytes(rng.randrange(256) for _ in range(n)))
    for data in samples:
        rep = "".join("\ufffd" if table[b] is None else chr(table[b]) for b in data)
        ign = "".join("" if table[b] is None else chr(table[b]) for b in data)
        if data.decode(module, "replace") != rep or data.decode(module, "ignore") != ign:
            return False
        bad = [i for i, b in enumerate(data) if table[b] is None]
        try:
            data.decode(module, "strict")
            ok = not bad
        except UnicodeDecodeError as e:
            ok = bool(bad) and e.start == bad[0] and e.end == bad[0] + 1
        if not ok:
            return False
    return True


def main():
    check_only = "--check" in sys.argv[1:]
    rng = random.Random(20240601)

    # 1. Every importable module of the `encodings` package.
    modules = {}  # name -> (kind, canonical name or None, extra)
    for info in sorted(pkgutil.iter_modules(encodings.__path__), key=lambda m: m.name):
        name = info.name
        try:
            mod = importlib.import_module("encodings." + name)
        except ImportError:
            continue  # e.g. mbcs/oem off Windows: Python skips them too
        if not hasattr(mod, "getregentry"):
            modules[name] = ("NotCodec", None, None)
            continue
        if hasattr(mod, "getaliases"):
            raise SystemExit(f"{name} registers extra aliases; not handled")
        ci = codecs.lookup(name)
        if not ci._is_text_encoding:
            modules[name] = ("NotText", ci.name, None)
        elif name in EXACT:
            modules[name] = ("Exact", ci.name, EXACT[name])
        elif name in APPROX:
            modules[name] = ("Approx", ci.name, APPROX[name])
        elif name in UNSUPPORTED:
            modules[name] = ("Unsupported", ci.name, UNSUPPORTED[name])
        elif hasattr(mod, "decoding_table") or name in SINGLE_BYTE_BUILTINS:
            table = single_byte_table(name)
            if not check_single_byte(name, table, rng):
                raise SystemExit(f"{name}: not a plain single-byte codec")
            modules[name] = ("Table", ci.name, table)
        else:
            raise SystemExit(f"unclassified text codec {name!r}: add it to a list")
    for listed in list(EXACT) + list(APPROX) + list(UNSUPPORTED):
        if listed not in modules:
            raise SystemExit(f"{listed} listed but not importable here")

    aliases = dict(encodings.aliases.aliases)

    # 2. Check the lookup emulation against the real registry.
    labels = set(aliases) | set(modules)
    extra = []
    for lab in sorted(labels):
        extra += [lab.upper(), lab.replace("_", "-"), lab.replace("_", " "), " " + lab + ";",
                  lab.replace("_", "."), lab.replace("_", ""), "x-" + lab, lab + ".", "." + lab,
                  lab.replace("_", "-_-"), lab + "\u00e9", "\u00fc" + lab, lab.title()]
    alphabet = "abcdefgiklmnopqrstuvwxyz0123456789-_. ;:'\"\u00e9"
    for _ in range(20000):
        extra.append("".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 10))))
    extra += ["", "utf\0" + "8", "\u00ff", "utf..8", "latin.1", "iso.8859.1", "iso8859.1"]
    for lab in sorted(labels) + extra:
        want = python_lookup(lab)
        got = emulate_lookup(lab, modules, aliases)
        got_codec = got is not None and modules[got][0] != "NotCodec"
        if (want is None) != (not got_codec):
            raise SystemExit(f"lookup emulation differs on {lab!r}: {want} vs {got}")
        if want is not None and want.name != modules[got][1]:
            raise SystemExit(f"lookup emulation differs on {lab!r}: {want.name} vs {got}")

    # 3. Deduplicate tables.
    high_tables, full_tables = [], []
    high_index, full_index = {}, {}
    impls = {}
    for name, (kind, cname, extra_) in modules.items():
        if kind == "Table":
            t = tuple(extra_)
            if all(t[i] == i for i in range(128)):
                key = t[128:]
                if key not in high_index:
                    high_index[key] = len(high_tables)
                    high_tables.append(key)
                impls[name] = f"Impl::AsciiHigh({high_index[key]})"
            else:
                if t not in full_index:
                    full_index[t] = len(full_tables)
                    full_tables.append(t)
                impls[name] = f"Impl::Full({full_index[t]})"
        elif kind == "Exact":
            impls[name] = extra_
        elif kind == "Approx":
            impls[name] = f"Impl::Whatwg(&encoding_rs::{extra_}_INIT)"
        else:
            impls[name] = f"Impl::{kind}"

    # 4. Emit.
    ver = sys.version.split()[0]
    o = []
    w = o.append
    w("// @generated by `python3 scripts/gen_codec_tables.py` (Python %s). Do not edit." % ver)
    w("//")
    w("// Python's text codecs: module names, canonical names, aliases and the")
    w("// decoding tables of every single-byte codec, dumped from the interpreter.")
    w("// Regenerate with `python3 scripts/gen_codec_tables.py` from the repository root.")
    w("")
    w("use super::Impl;")
    w("")
    w("/// Sentinel for a byte the codec leaves undefined (Python uses U+FFFE too).")
    w("pub(super) const UNDEFINED: u16 = 0xFFFE;")
    w("")
    w("/// `encodings.<module>`: (module name, `codecs.lookup(module).name`, decoder).")
    w("/// Sorted by module name. Non-codec modules have an empty canonical name.")
    w("#[rustfmt::skip]")
    w("pub(super) static MODULES: [(&str, &str, Impl); %d] = [" % len(modules))
    for name in sorted(modules):
        kind, cname, extra_ = modules[name]
        comment = ""
        if kind == "Approx":
            comment = "  // approximation"
        elif kind == "Unsupported":
            comment = "  // %s" % extra_
        w('    ("%s", "%s", %s),%s' % (name, cname or "", impls[name], comment))
    w("];")
    w("")
    w("/// `encodings.aliases.aliases`: (normalised alias, module name), sorted by alias.")
    w("#[rustfmt::skip]")
    w("pub(super) static ALIASES: [(&str, &str); %d] = [" % len(aliases))
    for alias in sorted(aliases):
        w('    ("%s", "%s"),' % (alias, aliases[alias]))
    w("];")
    w("")

    def emit_tables(tname, tables, width, doc):
        w(doc)
        w("#[rustfmt::skip]")
        w("pub(super) static %s: [[u16; %d]; %d] = [" % (tname, width, len(tables)))
        for t in tables:
            users = sorted(
                n for n, i in impls.items()
                if i == ("Impl::AsciiHigh(%d)" % tables.index(t) if width == 128
                         else "Impl::Full(%d)" % tables.index(t))
            )
            w("    // %s" % ", ".join(users))
            w("    [")
            for row in range(0, width, 16):
                cells = ", ".join(
                    "0xFFFE" if v is None else "0x%04X" % v for v in t[row:row + 16]
                )
                w("        %s," % cells)
            w("    ],")
        w("];")
        w("")

    emit_tables(
        "ASCII_HIGH", high_tables, 128,
        "/// Bytes 0x80..=0xFF of the ASCII-compatible single-byte codecs.",
    )
    emit_tables(
        "FULL", full_tables, 256,
        "/// All 256 bytes of the single-byte codecs that are not ASCII-compatible.",
    )
    text = "\n".join(o)

    out = os.path.normpath(OUT)
    if check_only:
        with open(out, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{out} is stale; run python3 scripts/gen_codec_tables.py")
                sys.exit(1)
        print(f"{out} is up to date")
        return
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {out}: {len(modules)} modules, {len(aliases)} aliases, "
          f"{len(high_tables)} high-half + {len(full_tables)} full tables")


if __name__ == "__main__":
    main()
