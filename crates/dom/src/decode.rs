//! Bytes → text, by one of two standards ([`DecodeOptions::standard`]):
//!
//! * [`DecodeStandard::Python`] (the default, and the jusText parity presets'): exactly
//!   as Python jusText 3.0.2 decodes a page, described below (decision 0004).
//! * [`DecodeStandard::Whatwg`] (every other preset): as a browser does, the HTML
//!   Standard's encoding sniffing with `encoding_rs` and `chardetng`; see [`whatwg`]
//!   (decision 0013).
//!
//! The reference (`justext.core.decode_html`, called by `html_to_dom`) does:
//!
//! 1. **Forced encoding.** If an encoding is given (a non-empty string), decode with that
//!    Python codec and the error policy; nothing else is tried. An unknown name is an
//!    error ([`DecodeError::UnknownEncoding`]).
//! 2. **`<meta … charset=…>`.** Search the raw bytes — anywhere, first match only, ASCII
//!    case-insensitively — with `re.search(br'''<meta[^>]+charset=["']?([^'"/>\s]+)''')`.
//!    [`sniff_meta_charset`] reproduces that regex exactly: the greedy `[^>]+` means the
//!    *last* `charset=` before the first `>` after `<meta` wins (as long as at least one
//!    label byte follows it), `charset = x` does not match, and a `<meta` inside body
//!    text or a comment matches too. If Python knows the label as a text codec, the page
//!    is decoded with it and the error policy (a strict failure is an error); unknown
//!    labels and non-text codecs (`base64`, `rot13`, …) are ignored.
//! 3. **UTF-8, then the default.** Strict UTF-8; if that fails, the default encoding
//!    (`utf8` unless configured) with the error policy; if that fails too (only possible
//!    with [`ErrorPolicy::Strict`]) the result is [`DecodeError::Undecodable`].
//!
//! ```
//! use pith_dom::decode::{decode, DecodeOptions, EncodingSource};
//!
//! let page = b"<meta charset=windows-1251><p>\xcf\xf0\xe8\xe2\xe5\xf2</p>";
//! let d = decode(page, &DecodeOptions::default()).unwrap();
//! assert_eq!(d.text, "<meta charset=windows-1251><p>Привет</p>");
//! assert_eq!((d.encoding.as_str(), d.source), ("cp1251", EncodingSource::MetaCharset));
//! ```
//!
//! Codec names are looked up as `bytes.decode(name)` does ([`lookup_codec`]): CPython's
//! `_Py_normalize_encoding` (ASCII letters lower-cased, every run of other characters
//! except `.` collapsed to one `_`, leading and trailing runs dropped), then the
//! `encodings.aliases` table (also tried with `.` replaced by `_`), then the module name.
//! So `UTF8`, `utf-8;` and ` Latin_1 ` work, `latin.1` and `x-sjis` do not. The names,
//! aliases and the decoding table of every single-byte codec are generated from Python
//! 3.11 itself by `scripts/gen_codec_tables.py` (see `decode/python_codecs.rs`); the
//! generator checks the lookup emulation against `codecs.lookup` and each table against
//! Python's decoder before writing. Python codecs are *not* the WHATWG ones:
//! `iso-8859-1`/`latin1` is true Latin-1 (0x80–0x9F are C1 controls), `ascii` rejects
//! every byte ≥ 0x80, `cp1252` leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D undefined,
//! `ks_c_5601-1987` is `euc_kr`, `ms_kanji` is `cp932`, `macintosh` is `mac_roman`, and
//! labels such as `windows-31j`, `x-sjis`, `windows-874`, `x-cp1252`, `iso-8859-8-i`,
//! `x-user-defined` are unknown.
//!
//! # Error policies
//!
//! [`ErrorPolicy::Replace`] (the reference default) puts one U+FFFD where Python's codec
//! reports one error: one per undefined byte for single-byte codecs, one per maximal
//! invalid subsequence for UTF-8 (the same as [`String::from_utf8_lossy`]), Python's
//! exact error ranges for UTF-16, UTF-32 and UTF-7. [`ErrorPolicy::Ignore`] drops the
//! same ranges; [`ErrorPolicy::Strict`] stops at the first. Nothing panics on any input.
//!
//! # Decoders
//!
//! * Single-byte codecs (every `cp*`, `iso8859_*`, `koi8_*`, `mac_*`, `latin_1`, `ascii`,
//!   `charmap`, `tis_620`, `ptcp154`, `kz1048`, `hp_roman8`, `palmos`, EBCDIC …): exact,
//!   from Python's own tables.
//! * `utf_8`, `utf_8_sig`, `utf_16`, `utf_16_le`, `utf_16_be`, `utf_32`, `utf_32_le`,
//!   `utf_32_be`, `utf_7`: hand-written ports of CPython's decoders, exact including the
//!   error ranges (`utf_16`/`utf_32` honour a leading BOM and otherwise read
//!   little-endian, as CPython does on little-endian machines). One difference: Python
//!   strings can hold lone surrogates and Rust strings cannot, so the lone surrogates
//!   CPython's UTF-7 decoder lets through become U+FFFD (dropped under `Ignore`) and
//!   set [`Decoded::replaced`].
//! * CJK multi-byte codecs: the closest `encoding_rs` (WHATWG) decoder. These are
//!   **approximations** ([`Codec::is_approximation`]): the WHATWG decoders are mostly
//!   supersets that decode some sequences Python rejects, a few mappings differ, and
//!   invalid sequences are delimited differently, so the number and place of U+FFFD can
//!   differ on malformed input. Measured by decoding every two-byte sequence (lead
//!   0x80–0xFF, trail 0x40–0xFF) with both, "agree" counting the pairs Python decodes:
//!   - `euc_kr` → EUC-KR (= windows-949): all 8,225 agree; the 8,823 UHC-extension
//!     pairs Python rejects (including lead 0x81–0xC6 + ASCII letter) are decoded; KS X 1001
//!     "make-up" sequences (`A4 D4 A4 xx A4 xx A4 xx`) stay four jamo instead of
//!     composing one syllable as Python does;
//!   - `cp949` → EUC-KR: all 17,048 agree (exact on this measure);
//!   - `gb2312` → GBK (the gb18030 decoder): 7,443 of 7,445 agree (`A1 A4` is U+00B7
//!     not U+30FB, `A1 AA` U+2014 not U+2015); GBK pairs and 0x80 (€) are decoded;
//!   - `gbk` → GBK: all 21,791 agree; 0x80 (€) and 2,214 more pairs are decoded, and
//!     four-byte GB18030 sequences;
//!   - `gb18030` → gb18030: 23,920 of 23,940 agree (Python keeps GB18030-2000's PUA
//!     code points for `A3 A0`, `A6 D9`…, `A8 BC`, `FE xx`, `encoding_rs` the later
//!     standard characters);
//!   - `big5` → Big5 (WHATWG Big5 = Big5-HKSCS): 13,450 of 13,710 agree (11 symbol
//!     mappings in rows `A1`/`A2` such as `A1 45`, `A1 C2`, `A2 44`, and the kana/
//!     Cyrillic block at `C6 A1`–`C7 FC`, which WHATWG shifts); HKSCS pairs decoded;
//!   - `big5hkscs` → Big5: 18,391 of 18,402 agree (the same 11 symbols);
//!   - `cp950` → Big5: 13,502 of 13,752 agree (the `C6`/`C7` block and one `F9` pair);
//!   - `shift_jis` → Shift_JIS (= windows-31j): 14,874 of 14,880 agree (`81 60` 〜,
//!     `81 61` ‖, `81 7C` −, `81 91` ¢, `81 92` £, `81 CA` ¬ get the Microsoft
//!     mappings); NEC/IBM extension pairs are decoded;
//!   - `cp932` → Shift_JIS: all pairs agree; the single bytes 0xA0, 0xFD–0xFF (Python:
//!     U+F8F0–U+F8F3) are errors;
//!   - `shift_jis_2004`, `shift_jisx0213` → Shift_JIS: about 14,820 of 19,230 agree
//!     (no JIS X 0213);
//!   - `euc_jp` → EUC-JP: 6,936 of 6,942 agree (the same six JIS/Microsoft mapping
//!     differences as `shift_jis`); of the 6,067 three-byte JIS X 0212 sequences
//!     only `8F A2 B7` differs (U+FF5E, Python U+007E);
//!   - `euc_jis_2004`, `euc_jisx0213` → EUC-JP: about 7,009 of 8,855 agree (no
//!     JIS X 0213);
//!   - `iso2022_jp`, `iso2022_jp_1`, `iso2022_jp_2`, `iso2022_jp_2004`, `iso2022_jp_3`,
//!     `iso2022_jp_ext` → ISO-2022-JP (ASCII, JIS X 0201 Roman and katakana, JIS X 0208;
//!     none of the other designations of the `_1`/`_2`/`_3`/`_2004` variants, and an
//!     unknown escape is an error where Python passes ESC through).
//! * **Unsupported** text codecs, treated as unknown names (so a meta tag naming one is
//!   ignored, a forced one is [`DecodeError::UnknownEncoding`]): `hz`, `johab`,
//!   `iso2022_kr` (no `encoding_rs` decoder), `idna`, `punycode`, `unicode_escape`,
//!   `raw_unicode_escape` (not page encodings; the reference mostly crashes or yields
//!   garbage on them) and `undefined` (always raises in Python).
//!
//! # Extensions beyond the reference
//!
//! The reference crashes or garbles text in these cases; pith does not:
//!
//! * A meta label that is not ASCII makes the reference crash (`UnicodeDecodeError` from
//!   `match.group(1).decode("ASCII")`); a label with a NUL byte makes it crash too
//!   (`ValueError`). pith ignores such a meta tag and goes on with rule 3.
//! * Byte-order mark ([`DecodeOptions::honour_bom`], on by default): when no encoding is
//!   forced, a leading UTF-8, UTF-16LE/BE or UTF-32LE/BE BOM selects the encoding before
//!   anything else and is stripped. (The reference keeps U+FEFF from a UTF-8 BOM, lets a
//!   meta tag override it, and reads UTF-16 pages without a meta tag as broken UTF-8.)
//! * XML declaration ([`DecodeOptions::sniff_xml_declaration`], on by default): when
//!   rule 2 found no usable meta charset, an `<?xml … encoding="X"?>` at the very start
//!   (after optional whitespace) naming a known codec is used. The reference decodes such
//!   pages as UTF-8/default and, because lxml refuses a `str` with an encoding
//!   declaration, re-parses the raw bytes, garbling e.g. ISO-8859-2 Polish text. A
//!   declaration naming UTF-16 or UTF-32 is ignored: it was readable as ASCII, so it is
//!   wrong.
//! * [`DecodeOptions::sniff_meta`] (on by default): setting it to false turns rule 2 off.
//! * Codecs CPython lacks on this platform (`mbcs`, `oem`) are unknown, as on Linux.
//! * The reference raises a bare `UnicodeDecodeError` for a strict failure of a
//!   meta-declared codec and `JustextError` for the default; both are
//!   [`DecodeError::Undecodable`] here.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use encoding_rs::{DecoderResult, Encoding};
use serde::{Deserialize, Serialize};

mod detector;
mod prescan;
mod python_codecs;
pub mod whatwg;

pub use prescan::{
    meta_in_document as whatwg_meta_in_document, prescan as whatwg_prescan, Found as PrescanFound,
};
use python_codecs::{ALIASES, ASCII_HIGH, FULL, MODULES, UNDEFINED};

/// What to do with bytes the codec cannot decode (Python's `errors=` argument).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ErrorPolicy {
    /// Fail with [`DecodeError::Undecodable`] at the first undecodable byte.
    Strict,
    /// Put U+FFFD where Python's codec reports an error (the reference default).
    #[default]
    Replace,
    /// Drop the undecodable bytes.
    Ignore,
}

impl ErrorPolicy {
    /// The Python spelling: `"strict"`, `"replace"` or `"ignore"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorPolicy::Strict => "strict",
            ErrorPolicy::Replace => "replace",
            ErrorPolicy::Ignore => "ignore",
        }
    }
}

impl fmt::Display for ErrorPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error-policy name that is not `strict`, `replace` or `ignore`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown error policy {0:?} (expected strict, replace or ignore)")]
pub struct UnknownErrorPolicy(pub String);

impl FromStr for ErrorPolicy {
    type Err = UnknownErrorPolicy;

    /// Parses `strict`, `replace` or `ignore`, ASCII case-insensitively.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("strict") {
            Ok(ErrorPolicy::Strict)
        } else if s.eq_ignore_ascii_case("replace") {
            Ok(ErrorPolicy::Replace)
        } else if s.eq_ignore_ascii_case("ignore") {
            Ok(ErrorPolicy::Ignore)
        } else {
            Err(UnknownErrorPolicy(s.to_owned()))
        }
    }
}

/// Which decoding rules apply: Python jusText's or the browsers' (WHATWG).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DecodeStandard {
    /// Python jusText 3.0.2's decoding with Python's codecs (the module documentation).
    #[default]
    Python,
    /// The HTML Standard's encoding sniffing with WHATWG encodings ([`whatwg`]).
    Whatwg,
}

impl DecodeStandard {
    /// Whether `label` names an encoding under this standard (a Python codec name, or a
    /// WHATWG label).
    pub fn knows(self, label: &str) -> bool {
        match self {
            DecodeStandard::Python => lookup_codec(label).is_some(),
            DecodeStandard::Whatwg => whatwg::lookup_label(label).is_some(),
        }
    }

    /// Whether this is the default ([`DecodeStandard::Python`]); pipeline files leave it out.
    pub fn is_python(&self) -> bool {
        *self == DecodeStandard::Python
    }
}

/// How to decode page bytes. The default reproduces jusText's defaults.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DecodeOptions {
    /// The decoding rules: `python` (the default) or `whatwg`. The other fields mean the
    /// same under both, with WHATWG labels instead of Python codec names under `whatwg`
    /// (see [`whatwg`] for the order of its steps).
    #[serde(skip_serializing_if = "DecodeStandard::is_python")]
    pub standard: DecodeStandard,
    /// Force this Python codec (jusText's `encoding=`); nothing is sniffed. An empty
    /// string counts as absent, as in the reference (`if encoding:`).
    pub encoding: Option<String>,
    /// Codec used when the page is not valid UTF-8 and declares no known charset
    /// (jusText's `default_encoding=`, `"utf8"` by default).
    pub default_encoding: String,
    /// Error policy (jusText's `errors=`, `replace` by default).
    pub errors: ErrorPolicy,
    /// Look for `<meta … charset=…>` (the reference always does).
    pub sniff_meta: bool,
    /// Extension: use a leading `<?xml … encoding="…"?>` when no meta charset was usable.
    pub sniff_xml_declaration: bool,
    /// Extension: a leading byte-order mark selects the encoding and is stripped.
    pub honour_bom: bool,
    /// The page's top-level domain (`jp`, `ru`, `xn--p1ai`), a hint for the WHATWG
    /// standard's detector, as browsers give it. Per document, never in pipeline files:
    /// pith-corpus sets it from a WARC record's target URI.
    #[serde(skip)]
    pub tld: Option<String>,
}

impl Default for DecodeOptions {
    fn default() -> Self {
        DecodeOptions {
            standard: DecodeStandard::Python,
            encoding: None,
            default_encoding: "utf8".to_owned(),
            errors: ErrorPolicy::Replace,
            sniff_meta: true,
            sniff_xml_declaration: true,
            honour_bom: true,
            tld: None,
        }
    }
}

impl DecodeOptions {
    /// The defaults with [`DecodeStandard::Whatwg`]: decoding as browsers do (what every
    /// preset except the jusText parity ones uses).
    pub fn whatwg() -> Self {
        DecodeOptions {
            standard: DecodeStandard::Whatwg,
            ..DecodeOptions::default()
        }
    }
}

/// Which rule chose the encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EncodingSource {
    /// [`DecodeOptions::encoding`] was given.
    Forced,
    /// A leading byte-order mark (extension).
    ByteOrderMark,
    /// A `<meta … charset=…>` naming a known codec: found by the prescan, or (WHATWG
    /// standard, when the encoding was only a guess) later in the page, where the
    /// parser's "change the encoding" takes it.
    MetaCharset,
    /// A leading XML declaration naming a known codec (extension).
    XmlDeclaration,
    /// The bytes were valid UTF-8.
    Utf8,
    /// [`DecodeOptions::default_encoding`].
    Default,
    /// The WHATWG standard's detector (`chardetng`) guessed it.
    Detector,
}

impl EncodingSource {
    /// A stable lower-case name: `forced`, `byte-order-mark`, `meta-charset`,
    /// `xml-declaration`, `utf8`, `default` or `detector` (the `encoding_source` of
    /// corpus records).
    pub fn label(self) -> &'static str {
        match self {
            EncodingSource::Forced => "forced",
            EncodingSource::ByteOrderMark => "byte-order-mark",
            EncodingSource::MetaCharset => "meta-charset",
            EncodingSource::XmlDeclaration => "xml-declaration",
            EncodingSource::Utf8 => "utf8",
            EncodingSource::Default => "default",
            EncodingSource::Detector => "detector",
        }
    }
}

/// A decoded page. The text is a `String` ([`decode`]), or a `Cow<str>` that borrows
/// the page bytes when they were already that text ([`decode_borrowed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<T = String> {
    /// The text (without a byte-order mark when one selected the encoding).
    pub text: T,
    /// Python's canonical codec name (`codecs.lookup(name).name`, e.g. `utf-8`,
    /// `iso8859-1`, `cp1252`, `euc_kr`); `utf-8`, `utf-16-le`, … for a BOM. Under
    /// [`DecodeStandard::Whatwg`], the encoding's WHATWG name (`UTF-8`,
    /// `windows-1252`, `Shift_JIS`, `replacement`, …).
    pub encoding: String,
    /// Which rule chose the encoding.
    pub source: EncodingSource,
    /// Whether any U+FFFD was inserted or any byte dropped by the error policy.
    pub replaced: bool,
}

/// Why page bytes could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// A forced or default encoding that Python does not know as a text codec (or that
    /// pith does not support, see the module documentation).
    #[error("unknown encoding: {0}")]
    UnknownEncoding(String),
    /// Strict decoding failed.
    #[error("unable to decode the HTML as {encoding}: invalid data at byte {position}")]
    Undecodable {
        /// Python's canonical name of the codec that failed.
        encoding: String,
        /// Offset in the input of the first byte that could not be decoded (always in
        /// the whole input, also after a BOM; Python's `utf_8_sig` counts from after
        /// its BOM instead).
        position: usize,
    },
}

/// How a codec is decoded (generated data refers to these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Impl {
    /// A module of the `encodings` package that is not a codec (`aliases`).
    NotCodec,
    /// A bytes-to-bytes or str-to-str codec (`base64`, `rot13`, …): not for `decode`.
    NotText,
    /// A text codec pith does not implement.
    Unsupported,
    /// ASCII-compatible single-byte codec: index into [`ASCII_HIGH`].
    AsciiHigh(u8),
    /// Other single-byte codec: index into [`FULL`].
    Full(u8),
    Utf8,
    Utf8Sig,
    Utf16,
    Utf16Le,
    Utf16Be,
    Utf32,
    Utf32Le,
    Utf32Be,
    Utf7,
    /// Approximated by an `encoding_rs` decoder.
    Whatwg(&'static Encoding),
}

/// A Python text codec that pith can decode. Obtain one with [`lookup_codec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Codec {
    name: &'static str,
    imp: Impl,
}

impl Codec {
    /// Python's canonical name (`codecs.lookup(label).name`), e.g. `iso8859-1`.
    pub fn name(&self) -> &str {
        self.name
    }

    /// Whether this codec is approximated by a WHATWG decoder rather than reproduced
    /// exactly (see the module documentation).
    pub fn is_approximation(&self) -> bool {
        matches!(self.imp, Impl::Whatwg(_))
    }

    /// Decodes `bytes` as Python's `bytes.decode(codec, policy)` would. Returns the text
    /// and whether the policy replaced or dropped anything.
    pub fn decode(&self, bytes: &[u8], policy: ErrorPolicy) -> Result<(String, bool), DecodeError> {
        self.decode_at(bytes, policy, 0)
    }

    /// [`Codec::decode`] for bytes that start at offset `base` of the input.
    /// The text itself when `bytes` decode to exactly themselves: a UTF-8 codec and
    /// valid UTF-8 (after the signature, for `utf-8-sig`).
    fn as_utf8<'a>(&self, bytes: &'a [u8]) -> Option<&'a str> {
        let bytes = match self.imp {
            Impl::Utf8 => bytes,
            Impl::Utf8Sig => bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes),
            _ => return None,
        };
        std::str::from_utf8(bytes).ok()
    }

    fn decode_at(
        &self,
        bytes: &[u8],
        policy: ErrorPolicy,
        base: usize,
    ) -> Result<(String, bool), DecodeError> {
        let mut out = Out::new(policy, bytes.len());
        let result = match self.imp {
            Impl::AsciiHigh(i) => match ASCII_HIGH.get(usize::from(i)) {
                Some(high) => decode_ascii_high(bytes, high, &mut out),
                None => Err(0),
            },
            Impl::Full(i) => match FULL.get(usize::from(i)) {
                Some(table) => decode_full(bytes, table, &mut out),
                None => Err(0),
            },
            Impl::Utf8 => decode_utf8(bytes, &mut out),
            Impl::Utf8Sig => match bytes.strip_prefix(b"\xEF\xBB\xBF") {
                Some(rest) => decode_utf8(rest, &mut out).map_err(|p| p + 3),
                None => decode_utf8(bytes, &mut out),
            },
            Impl::Utf16 => decode_utf16(bytes, true, true, &mut out),
            Impl::Utf16Le => decode_utf16(bytes, true, false, &mut out),
            Impl::Utf16Be => decode_utf16(bytes, false, false, &mut out),
            Impl::Utf32 => decode_utf32(bytes, true, true, &mut out),
            Impl::Utf32Le => decode_utf32(bytes, true, false, &mut out),
            Impl::Utf32Be => decode_utf32(bytes, false, false, &mut out),
            Impl::Utf7 => decode_utf7(bytes, &mut out),
            Impl::Whatwg(encoding) => decode_whatwg(encoding, bytes, &mut out),
            // `lookup_codec` never hands these out.
            Impl::NotCodec | Impl::NotText | Impl::Unsupported => {
                return Err(DecodeError::UnknownEncoding(self.name.to_owned()))
            }
        };
        match result {
            Ok(()) => Ok((out.text, out.replaced)),
            Err(position) => Err(DecodeError::Undecodable {
                encoding: self.name.to_owned(),
                position: base + position,
            }),
        }
    }
}

/// Looks a codec up as Python's `bytes.decode(label)` does (see the module
/// documentation). `None` for names Python does not know, for non-text codecs and for
/// the text codecs pith does not support.
pub fn lookup_codec(label: &str) -> Option<Codec> {
    let (name, imp) = resolve_module(label)?;
    match imp {
        Impl::NotCodec | Impl::NotText | Impl::Unsupported => None,
        _ => Some(Codec { name, imp }),
    }
}

/// `codecs.lookup` + `encodings.search_function`: the module `label` resolves to.
fn resolve_module(label: &str) -> Option<(&'static str, Impl)> {
    if label.contains('\0') {
        // Python raises ValueError("embedded null character").
        return None;
    }
    let norm = normalize_encoding(label);
    let aliased = alias_of(&norm).or_else(|| {
        if norm.contains('.') {
            alias_of(&norm.replace('.', "_"))
        } else {
            None
        }
    });
    // Python imports the first candidate that exists and stops there, codec or not.
    for candidate in aliased.into_iter().chain(std::iter::once(norm.as_str())) {
        if candidate.is_empty() || candidate.contains('.') {
            continue;
        }
        if let Ok(i) = MODULES.binary_search_by(|(m, _, _)| (*m).cmp(candidate)) {
            let (_, name, imp) = MODULES[i];
            return Some((name, imp));
        }
    }
    None
}

fn alias_of(norm: &str) -> Option<&'static str> {
    ALIASES
        .binary_search_by(|(a, _)| (*a).cmp(norm))
        .ok()
        .map(|i| ALIASES[i].1)
}

/// CPython's `_Py_normalize_encoding` (which `encodings.normalize_encoding` then leaves
/// unchanged): ASCII alphanumerics (lower-cased) and `.` are kept, every other run of
/// bytes becomes one `_`, except at the start and the end.
fn normalize_encoding(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    let mut punct = false;
    for &b in label.as_bytes() {
        if b.is_ascii_alphanumeric() || b == b'.' {
            if punct && !out.is_empty() {
                out.push('_');
            }
            punct = false;
            out.push(char::from(b.to_ascii_lowercase()));
        } else {
            punct = true;
        }
    }
    out
}

/// Python's bytes-pattern `\s`: space, `\t`, `\n`, `\v`, `\f`, `\r`.
fn is_py_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// Finds `needle` (lower-case ASCII, starting with a byte that has no case, like `<`)
/// in `hay[from..]`, ASCII case-insensitively.
fn find_ci(hay: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    let mut at = from;
    while let Some(i) = memchr::memchr(needle[0], &hay[at..]).map(|i| at + i) {
        if hay.len() - i >= needle.len() && hay[i..i + needle.len()].eq_ignore_ascii_case(needle) {
            return Some(i);
        }
        at = i + 1;
    }
    None
}

/// The label captured by the reference's meta regex,
/// `re.search(br'''<meta[^>]+charset=["']?([^'"/>\s]+)''', bytes, re.IGNORECASE)`,
/// with the same semantics (first `<meta` that matches; within it the last `charset=`
/// before the next `>` that is followed by at least one label byte). Runs in linear
/// time.
pub fn sniff_meta_charset(bytes: &[u8]) -> Option<&[u8]> {
    const META: &[u8] = b"<meta";
    const CHARSET: &[u8] = b"charset=";
    let is_label = |b: u8| !matches!(b, b'\'' | b'"' | b'/' | b'>') && !is_py_space(b);
    let mut from = 0;
    while let Some(start) = find_ci(bytes, from, META) {
        let body = start + META.len();
        // `[^>]+` can reach up to the next `>` (or the end of the input).
        let end = memchr::memchr(b'>', &bytes[body..]).map_or(bytes.len(), |i| body + i);
        // `[^>]+` needs at least one byte, so `charset=` starts at `body + 1` or later
        // and, containing no `>`, ends at `end` or before. Backtracking tries the
        // rightmost position first.
        if end >= body + 1 + CHARSET.len() {
            for s in (body + 1..=end - CHARSET.len()).rev() {
                if !bytes[s..s + CHARSET.len()].eq_ignore_ascii_case(CHARSET) {
                    continue;
                }
                let mut v = s + CHARSET.len();
                // `["']?` is greedy, and the label class excludes both quotes, so taking
                // the quote is the only way a quote can be followed by a label.
                if matches!(bytes.get(v), Some(b'"' | b'\'')) {
                    v += 1;
                }
                let len = bytes[v..].iter().take_while(|&&b| is_label(b)).count();
                if len > 0 {
                    return Some(&bytes[v..v + len]);
                }
            }
        }
        // Any later `<meta` before `end` sees the same `>` and a subset of the
        // positions just tried, so it cannot match either.
        from = end.max(start + 1);
    }
    None
}

/// Extension: the `encoding="…"` of an XML declaration at the very start of `bytes`
/// (after optional whitespace), e.g. `<?xml version="1.0" encoding="iso-8859-2"?>`.
pub fn sniff_xml_encoding(bytes: &[u8]) -> Option<&[u8]> {
    let is_ws = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let mut i = bytes.iter().take_while(|&&b| is_ws(b)).count();
    if !bytes.get(i..i + 5)?.eq_ignore_ascii_case(b"<?xml") {
        return None;
    }
    i += 5;
    if !is_ws(*bytes.get(i)?) {
        return None;
    }
    // Pseudo-attributes: name = "value" or name = 'value', up to `?>`.
    let limit = bytes.len().min(i + 1024);
    let bytes = &bytes[..limit];
    loop {
        while bytes.get(i).is_some_and(|&b| is_ws(b)) {
            i += 1;
        }
        let name_start = i;
        while bytes
            .get(i)
            .is_some_and(|&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b':' | b'.'))
        {
            i += 1;
        }
        if i == name_start {
            return None; // `?>`, `>`, the end, or garbage
        }
        let name = &bytes[name_start..i];
        while bytes.get(i).is_some_and(|&b| is_ws(b)) {
            i += 1;
        }
        if bytes.get(i) != Some(&b'=') {
            return None;
        }
        i += 1;
        while bytes.get(i).is_some_and(|&b| is_ws(b)) {
            i += 1;
        }
        let quote = *bytes.get(i)?;
        if quote != b'"' && quote != b'\'' {
            return None;
        }
        i += 1;
        let len = bytes[i..].iter().position(|&b| b == quote || b == b'>')?;
        if bytes[i + len] != quote {
            return None;
        }
        let value = &bytes[i..i + len];
        i += len + 1;
        if name.eq_ignore_ascii_case(b"encoding") {
            return (!value.is_empty()).then_some(value);
        }
    }
}

/// A leading byte-order mark: the codec it selects and its length.
fn sniff_bom(bytes: &[u8]) -> Option<(&'static str, usize)> {
    if bytes.starts_with(b"\xFF\xFE\x00\x00") {
        Some(("utf_32_le", 4))
    } else if bytes.starts_with(b"\x00\x00\xFE\xFF") {
        Some(("utf_32_be", 4))
    } else if bytes.starts_with(b"\xEF\xBB\xBF") {
        Some(("utf_8", 3))
    } else if bytes.starts_with(b"\xFF\xFE") {
        Some(("utf_16_le", 2))
    } else if bytes.starts_with(b"\xFE\xFF") {
        Some(("utf_16_be", 2))
    } else {
        None
    }
}

/// A sniffed label (meta or XML declaration) to a codec: ASCII, no NUL, known.
fn label_codec(label: &[u8]) -> Option<Codec> {
    if !label.is_ascii() {
        return None; // the reference crashes here
    }
    lookup_codec(std::str::from_utf8(label).ok()?)
}

/// Decodes page bytes by [`DecodeOptions::standard`]: as jusText 3.0.2 does, plus the
/// documented extensions, or as a browser does.
pub fn decode(bytes: &[u8], opts: &DecodeOptions) -> Result<Decoded, DecodeError> {
    let d = decode_borrowed(bytes, opts)?;
    Ok(Decoded {
        text: d.text.into_owned(),
        encoding: d.encoding,
        source: d.source,
        replaced: d.replaced,
    })
}

/// [`decode`] without copying the page when it is valid UTF-8 decoded as UTF-8 (most
/// of the web): the text then borrows `bytes`. Same answer as [`decode`] otherwise.
pub fn decode_borrowed<'a>(
    bytes: &'a [u8],
    opts: &DecodeOptions,
) -> Result<Decoded<Cow<'a, str>>, DecodeError> {
    if opts.standard == DecodeStandard::Whatwg {
        return whatwg::decode(bytes, opts);
    }
    let policy = opts.errors;
    let done = |codec: Codec, rest: &'a [u8], base: usize, source| {
        let text = match codec.as_utf8(rest) {
            Some(text) => Cow::Borrowed(text),
            None => {
                let (text, replaced) = codec.decode_at(rest, policy, base)?;
                return Ok(Decoded {
                    text: Cow::Owned(text),
                    encoding: codec.name.to_owned(),
                    source,
                    replaced,
                });
            }
        };
        Ok(Decoded {
            text,
            encoding: codec.name.to_owned(),
            source,
            replaced: false,
        })
    };

    if let Some(label) = opts.encoding.as_deref().filter(|l| !l.is_empty()) {
        let codec =
            lookup_codec(label).ok_or_else(|| DecodeError::UnknownEncoding(label.to_owned()))?;
        return done(codec, bytes, 0, EncodingSource::Forced);
    }

    if opts.honour_bom {
        if let Some((module, len)) = sniff_bom(bytes) {
            if let Some(codec) = lookup_codec(module) {
                return done(codec, &bytes[len..], len, EncodingSource::ByteOrderMark);
            }
        }
    }

    if opts.sniff_meta {
        if let Some(codec) = sniff_meta_charset(bytes).and_then(label_codec) {
            return done(codec, bytes, 0, EncodingSource::MetaCharset);
        }
    }

    if opts.sniff_xml_declaration {
        let codec = sniff_xml_encoding(bytes).and_then(label_codec).filter(|c| {
            !matches!(
                c.imp,
                Impl::Utf16
                    | Impl::Utf16Le
                    | Impl::Utf16Be
                    | Impl::Utf32
                    | Impl::Utf32Le
                    | Impl::Utf32Be
            )
        });
        if let Some(codec) = codec {
            return done(codec, bytes, 0, EncodingSource::XmlDeclaration);
        }
    }

    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(Decoded {
            text: Cow::Borrowed(text),
            encoding: "utf-8".to_owned(),
            source: EncodingSource::Utf8,
            replaced: false,
        });
    }

    let codec = lookup_codec(&opts.default_encoding)
        .ok_or_else(|| DecodeError::UnknownEncoding(opts.default_encoding.clone()))?;
    done(codec, bytes, 0, EncodingSource::Default)
}

/// [`decode`] with [`DecodeOptions::default`], which cannot fail.
pub fn decode_str_default(bytes: &[u8]) -> Decoded {
    decode(bytes, &DecodeOptions::default()).unwrap_or_else(|_| {
        // Unreachable with the defaults (policy `replace`, default `utf8`); kept total.
        let text = String::from_utf8_lossy(bytes);
        Decoded {
            replaced: matches!(text, Cow::Owned(_)),
            text: text.into_owned(),
            encoding: "utf-8".to_owned(),
            source: EncodingSource::Default,
        }
    })
}

// ---------------------------------------------------------------------------------------
// Decoders. Each returns `Err(offset of the first bad byte)` under the strict policy.

/// Output under construction, with Python's error-handler behaviour.
struct Out {
    text: String,
    replaced: bool,
    policy: ErrorPolicy,
}

impl Out {
    fn new(policy: ErrorPolicy, capacity: usize) -> Self {
        Out {
            text: String::with_capacity(capacity),
            replaced: false,
            policy,
        }
    }

    /// Python's error handler for one reported error range starting at `start`.
    fn error(&mut self, start: usize) -> Result<(), usize> {
        match self.policy {
            ErrorPolicy::Strict => return Err(start),
            ErrorPolicy::Replace => self.text.push(char::REPLACEMENT_CHARACTER),
            ErrorPolicy::Ignore => {}
        }
        self.replaced = true;
        Ok(())
    }

    /// A UTF-16 code unit or code point; a lone surrogate (which Python would keep but
    /// Rust cannot) becomes U+FFFD, or nothing under `ignore`.
    fn push_code_point(&mut self, cp: u32) {
        match char::from_u32(cp) {
            Some(c) => self.text.push(c),
            None => {
                if self.policy != ErrorPolicy::Ignore {
                    self.text.push(char::REPLACEMENT_CHARACTER);
                }
                self.replaced = true;
            }
        }
    }
}

fn decode_ascii_high(bytes: &[u8], high: &[u16; 128], out: &mut Out) -> Result<(), usize> {
    let mut i = 0;
    while i < bytes.len() {
        let run = bytes[i..].iter().take_while(|b| b.is_ascii()).count();
        if run > 0 {
            // ASCII is valid UTF-8.
            out.text
                .push_str(std::str::from_utf8(&bytes[i..i + run]).unwrap_or_default());
            i += run;
            continue;
        }
        let cp = high[usize::from(bytes[i] - 0x80)];
        if cp == UNDEFINED {
            out.error(i)?;
        } else {
            out.push_code_point(u32::from(cp));
        }
        i += 1;
    }
    Ok(())
}

fn decode_full(bytes: &[u8], table: &[u16; 256], out: &mut Out) -> Result<(), usize> {
    for (i, &b) in bytes.iter().enumerate() {
        let cp = table[usize::from(b)];
        if cp == UNDEFINED {
            out.error(i)?;
        } else {
            out.push_code_point(u32::from(cp));
        }
    }
    Ok(())
}

/// Python's UTF-8 decoder: one error per maximal invalid subsequence, exactly the
/// chunks of [`<[u8]>::utf8_chunks`].
fn decode_utf8(bytes: &[u8], out: &mut Out) -> Result<(), usize> {
    // Fast path: almost every page is valid UTF-8, and the validator is vectorised.
    if let Ok(text) = std::str::from_utf8(bytes) {
        out.text.push_str(text);
        return Ok(());
    }
    let mut pos = 0;
    for chunk in bytes.utf8_chunks() {
        out.text.push_str(chunk.valid());
        pos += chunk.valid().len();
        if !chunk.invalid().is_empty() {
            out.error(pos)?;
            pos += chunk.invalid().len();
        }
    }
    Ok(())
}

/// CPython's `PyUnicode_DecodeUTF16Stateful` (final), including its error ranges.
fn decode_utf16(bytes: &[u8], little: bool, detect_bom: bool, out: &mut Out) -> Result<(), usize> {
    let n = bytes.len();
    let mut little = little;
    let mut q = 0;
    if detect_bom && n >= 2 {
        match (bytes[0], bytes[1]) {
            (0xFF, 0xFE) => {
                q = 2;
                little = true;
            }
            (0xFE, 0xFF) => {
                q = 2;
                little = false;
            }
            _ => {}
        }
    }
    let unit = |i: usize| {
        let pair = [bytes[i], bytes[i + 1]];
        u32::from(if little {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        })
    };
    while q + 1 < n {
        let ch = unit(q);
        q += 2;
        if !(0xD800..=0xDFFF).contains(&ch) {
            out.push_code_point(ch);
            continue;
        }
        if ch >= 0xDC00 {
            // "illegal encoding": the lone low surrogate.
            out.error(q - 2)?;
            continue;
        }
        if q + 1 >= n {
            // "unexpected end of data": the high surrogate and any odd byte.
            out.error(q - 2)?;
            return Ok(());
        }
        let ch2 = unit(q);
        q += 2;
        if !(0xDC00..=0xDFFF).contains(&ch2) {
            // "illegal UTF-16 surrogate": the high surrogate only; re-read `ch2`.
            q -= 2;
            out.error(q - 2)?;
            continue;
        }
        out.push_code_point(0x10000 + ((ch - 0xD800) << 10) + (ch2 - 0xDC00));
    }
    if q < n {
        // "truncated data": the odd trailing byte.
        out.error(q)?;
    }
    Ok(())
}

/// CPython's `PyUnicode_DecodeUTF32Stateful` (final), including its error ranges.
fn decode_utf32(bytes: &[u8], little: bool, detect_bom: bool, out: &mut Out) -> Result<(), usize> {
    let n = bytes.len();
    let mut little = little;
    let mut q = 0;
    if detect_bom && n >= 4 {
        match u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) {
            0x0000_FEFF => {
                q = 4;
                little = true;
            }
            0xFFFE_0000 => {
                q = 4;
                little = false;
            }
            _ => {}
        }
    }
    while q < n {
        if n - q < 4 {
            // "truncated data"
            out.error(q)?;
            break;
        }
        let quad = [bytes[q], bytes[q + 1], bytes[q + 2], bytes[q + 3]];
        let cp = if little {
            u32::from_le_bytes(quad)
        } else {
            u32::from_be_bytes(quad)
        };
        match char::from_u32(cp) {
            Some(c) => out.text.push(c),
            // Surrogate or beyond U+10FFFF: one error per code unit.
            None => out.error(q)?,
        }
        q += 4;
    }
    Ok(())
}

fn is_base64(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'/'
}

fn from_base64(b: u8) -> u64 {
    u64::from(match b {
        b'A'..=b'Z' => b - b'A',
        b'a'..=b'z' => b - b'a' + 26,
        b'0'..=b'9' => b - b'0' + 52,
        b'+' => 62,
        _ => 63,
    })
}

/// CPython's `PyUnicode_DecodeUTF7Stateful` (final), including its error ranges.
fn decode_utf7(bytes: &[u8], out: &mut Out) -> Result<(), usize> {
    let direct = |b: u8| b <= 127 && b != b'+';
    let n = bytes.len();
    let mut s = 0;
    let mut in_shift = false;
    let mut bits: u32 = 0;
    let mut buffer: u64 = 0;
    let mut surrogate: u32 = 0;
    let mut start = 0; // the '+' of the current shift sequence (or the bad byte)
    while s < n {
        let ch = bytes[s];
        if in_shift {
            if is_base64(ch) {
                buffer = (buffer << 6) | from_base64(ch);
                bits += 6;
                s += 1;
                if bits >= 16 {
                    let unit = ((buffer >> (bits - 16)) & 0xFFFF) as u32;
                    bits -= 16;
                    buffer &= (1u64 << bits) - 1;
                    if surrogate != 0 {
                        if (0xDC00..=0xDFFF).contains(&unit) {
                            out.push_code_point(
                                0x10000 + ((surrogate - 0xD800) << 10) + (unit - 0xDC00),
                            );
                            surrogate = 0;
                            continue;
                        }
                        out.push_code_point(surrogate);
                        surrogate = 0;
                    }
                    if (0xD800..=0xDBFF).contains(&unit) {
                        surrogate = unit;
                    } else {
                        out.push_code_point(unit);
                    }
                }
            } else {
                // Leaving the base-64 section.
                in_shift = false;
                if bits > 0 && (bits >= 6 || buffer != 0) {
                    // "partial character" / "non-zero padding bits": the error range
                    // runs from the '+' through the terminating byte.
                    s += 1;
                    out.error(start)?;
                    continue;
                }
                if surrogate != 0 && direct(ch) {
                    out.push_code_point(surrogate);
                }
                surrogate = 0;
                if ch == b'-' {
                    s += 1; // absorbed; other terminators are decoded normally
                }
            }
        } else if ch == b'+' {
            start = s;
            s += 1;
            if s < n && bytes[s] == b'-' {
                s += 1;
                out.text.push('+');
            } else if s < n && !is_base64(bytes[s]) {
                s += 1;
                out.error(start)?; // "ill-formed sequence"
            } else {
                in_shift = true;
                surrogate = 0;
                bits = 0;
                buffer = 0;
            }
        } else if direct(ch) {
            s += 1;
            out.text.push(char::from(ch));
        } else {
            start = s;
            s += 1;
            out.error(start)?; // "unexpected special character"
        }
    }
    if in_shift && (surrogate != 0 || bits >= 6 || (bits > 0 && buffer != 0)) {
        out.error(start)?; // "unterminated shift sequence"
    }
    Ok(())
}

/// An `encoding_rs` decoder (no BOM sniffing), with Python's policies applied to each
/// malformed sequence it reports.
fn decode_whatwg(encoding: &'static Encoding, bytes: &[u8], out: &mut Out) -> Result<(), usize> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut pos = 0;
    loop {
        let rest = &bytes[pos..];
        let need = decoder
            .max_utf8_buffer_length_without_replacement(rest.len())
            .unwrap_or(rest.len().saturating_mul(3))
            .saturating_add(16);
        out.text.reserve(need);
        let (result, read) =
            decoder.decode_to_string_without_replacement(rest, &mut out.text, true);
        pos += read;
        match result {
            DecoderResult::InputEmpty => return Ok(()),
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(bad, after) => {
                let start = pos.saturating_sub(usize::from(bad) + usize::from(after));
                out.error(start)?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(label: &str, bytes: &[u8], policy: ErrorPolicy) -> Result<(String, bool), DecodeError> {
        lookup_codec(label).expect(label).decode(bytes, policy)
    }

    #[test]
    fn tables_are_sorted_for_binary_search() {
        assert!(MODULES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(ALIASES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn every_alias_and_module_resolves() {
        for (alias, module) in ALIASES {
            if normalize_encoding(alias) != alias {
                // Python's own alias `csHPRoman8` is unreachable: lookups are lower-cased.
                assert!(resolve_module(alias).is_none(), "{alias}");
                continue;
            }
            let from_alias = resolve_module(alias);
            let direct = MODULES.iter().find(|(m, _, _)| *m == module);
            assert_eq!(from_alias.map(|x| x.0), direct.map(|x| x.1), "{alias}");
        }
        for (module, name, _) in MODULES {
            assert_eq!(resolve_module(module).map(|x| x.0), Some(name));
        }
    }

    #[test]
    fn normalisation() {
        assert_eq!(normalize_encoding("  UTF-8; "), "utf_8");
        assert_eq!(normalize_encoding("iso.8859.1"), "iso.8859.1");
        assert_eq!(normalize_encoding("ü-utf8"), "utf8");
        assert_eq!(normalize_encoding("utfé8"), "utf_8");
        assert_eq!(lookup_codec("iso.8859.1").unwrap().name(), "iso8859-1");
        assert!(lookup_codec("latin.1").is_none());
        assert!(lookup_codec("utf\u{0}8").is_none());
        assert!(lookup_codec("").is_none());
        assert!(lookup_codec("aliases").is_none());
        assert!(lookup_codec("tactis").is_none()); // alias of a missing module
    }

    #[test]
    fn non_text_and_unsupported_codecs_are_unknown() {
        for l in [
            "base64",
            "rot13",
            "hex",
            "zlib",
            "hz",
            "johab",
            "idna",
            "undefined",
        ] {
            assert!(lookup_codec(l).is_none(), "{l}");
            assert!(resolve_module(l).is_some(), "{l}");
        }
    }

    #[test]
    fn every_codec_decodes_every_byte_under_every_policy() {
        let mut all: Vec<u8> = (0..=255u8).collect();
        all.extend((0..=255u8).rev());
        all.extend(b"+AGE-+2D3eAA-\x1b$B\x30\x21\x1b(B\xef\xbb\xbf");
        for (module, _, _) in MODULES {
            let Some(codec) = lookup_codec(module) else {
                continue;
            };
            let (text, _) = codec.decode(&all, ErrorPolicy::Replace).unwrap();
            let (dropped, _) = codec.decode(&all, ErrorPolicy::Ignore).unwrap();
            assert!(dropped.len() <= text.len(), "{module}");
            if let Ok((strict, _)) = codec.decode(&all, ErrorPolicy::Strict) {
                assert_eq!(strict, text, "{module}");
            }
            if let Impl::AsciiHigh(_) | Impl::Full(_) = codec.imp {
                assert_eq!(text.chars().count(), all.len(), "{module}");
            }
        }
    }

    #[test]
    fn utf16_error_ranges() {
        use ErrorPolicy::*;
        // Python: b'\x00\xd8a\x00'.decode('utf-16-le','replace') == '\ufffda'
        assert_eq!(
            dec("utf-16-le", b"\x00\xd8a\x00", Replace).unwrap().0,
            "\u{fffd}a"
        );
        // Python: b'a\x00\x00\xd8x'.decode('utf-16-le','replace') == 'a\ufffd'
        assert_eq!(
            dec("utf-16-le", b"a\x00\x00\xd8x", Replace).unwrap().0,
            "a\u{fffd}"
        );
        // Python: b'\x00\xdca\x00b'.decode('utf-16-le','replace') == '\ufffda\ufffd'
        assert_eq!(
            dec("utf-16-le", b"\x00\xdca\x00b", Replace).unwrap().0,
            "\u{fffd}a\u{fffd}"
        );
        assert_eq!(
            dec("utf-16-le", b"a\x00\x00\xdc", Strict),
            Err(DecodeError::Undecodable {
                encoding: "utf-16-le".into(),
                position: 2
            })
        );
    }

    #[test]
    fn meta_sniffing_is_linear_on_hostile_input() {
        let hostile = b"<meta ".repeat(200_000);
        assert_eq!(sniff_meta_charset(&hostile), None);
        let mut hostile = b"<meta charset=".repeat(100_000);
        hostile.extend_from_slice(b"x");
        assert_eq!(sniff_meta_charset(&hostile), Some(&b"x"[..]));
    }
}
