//! Decoding as browsers do: the HTML Standard's encoding sniffing algorithm over the
//! WHATWG Encoding Standard's encodings (`encoding_rs`), with Firefox's detector
//! (`chardetng`) where nothing declares the encoding. Used by
//! [`DecodeStandard::Whatwg`](super::DecodeStandard::Whatwg) (every preset except the
//! jusText parity ones, which keep Python's decoding; decision 0013).
//!
//! The order, first answer wins:
//!
//! 1. **Byte-order mark** (UTF-8, UTF-16LE, UTF-16BE), stripped; it beats even a forced
//!    encoding, as in the standard ([`DecodeOptions::honour_bom`] turns it off).
//! 2. **Forced encoding** ([`DecodeOptions::encoding`], a WHATWG label): the user's
//!    override, or the transport layer's charset (pith-corpus passes a WARC response's
//!    HTTP `Content-Type` charset here when it is a known label and the user forced
//!    nothing). An unknown label is [`DecodeError::UnknownEncoding`].
//! 3. **Prescan** of the first 1,024 bytes ([`super::whatwg_prescan`]): `<meta charset>`,
//!    `<meta http-equiv=content-type content="…charset=…">`, then an XML declaration;
//!    UTF-16 labels mean UTF-8 and `x-user-defined` means windows-1252 there.
//!    [`DecodeOptions::sniff_meta`] turns the `<meta>` part off,
//!    [`DecodeOptions::sniff_xml_declaration`] the XML part.
//! 4. **UTF-8** when the bytes are valid UTF-8 (the text then borrows the input). Pure
//!    ASCII with an ISO-2022-JP escape (`ESC $` or `ESC (`) goes to the detector instead.
//! 5. **Default**: [`DecodeOptions::default_encoding`] when it names an encoding other
//!    than UTF-8 (the user's fallback, e.g. `--encoding cp1251`).
//! 6. **Detector**: `chardetng`, UTF-8 not allowed (it was not valid), fed the page's
//!    non-ASCII stretches with the bytes around them, which give it the whole page's
//!    guess at a fraction of the cost (`decode/detector.rs`).
//! 7. **Change the encoding**: when 5 or 6 only guessed, the first `<meta>` declaring an
//!    encoding that the parser would meet later in the page (past the prescan's 1,024
//!    bytes; not inside `<script>`, `<style>`, `<title>`, …) wins, as a browser reparses
//!    with it ([`DecodeOptions::sniff_meta`] turns this off too). The record's
//!    `encoding_source` is then `meta-charset`.
//!
//! Labels that the Encoding Standard maps to the *replacement* encoding (`iso-2022-kr`,
//! `hz-gb-2312`, `iso-2022-cn`, …) decode, as in a browser, to one U+FFFD: those
//! encodings are not safe to decode and are not used on the web.

use std::borrow::Cow;

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8};

use super::{decode_whatwg, prescan, DecodeError, DecodeOptions, Decoded, EncodingSource, Out};

/// How many bytes the prescan reads (the standard's advice).
pub const PRESCAN_BYTES: usize = 1024;

/// A WHATWG label (`Encoding::for_label`: ASCII case-insensitive, surrounding ASCII
/// whitespace ignored).
pub fn lookup_label(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label(label.as_bytes())
}

/// Decodes as the module documentation says.
pub(super) fn decode<'a>(
    bytes: &'a [u8],
    opts: &DecodeOptions,
) -> Result<Decoded<Cow<'a, str>>, DecodeError> {
    if opts.honour_bom {
        if let Some((enc, len)) = Encoding::for_bom(bytes) {
            return run(enc, &bytes[len..], len, EncodingSource::ByteOrderMark, opts);
        }
    }
    if let Some(label) = opts.encoding.as_deref().filter(|l| !l.is_empty()) {
        let enc =
            lookup_label(label).ok_or_else(|| DecodeError::UnknownEncoding(label.to_owned()))?;
        return run(enc, bytes, 0, EncodingSource::Forced, opts);
    }
    let head = &bytes[..bytes.len().min(PRESCAN_BYTES)];
    let sniffed = if opts.sniff_meta {
        prescan::prescan(head)
            .filter(|&(_, found)| found == prescan::Found::Meta || opts.sniff_xml_declaration)
    } else if opts.sniff_xml_declaration {
        prescan::xml_declaration(head).map(|e| (e, prescan::Found::XmlDeclaration))
    } else {
        None
    };
    if let Some((enc, found)) = sniffed {
        let source = match found {
            prescan::Found::Meta => EncodingSource::MetaCharset,
            prescan::Found::XmlDeclaration => EncodingSource::XmlDeclaration,
        };
        return run(enc, bytes, 0, source, opts);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        if !(text.is_ascii() && has_iso_2022_jp_escape(bytes)) {
            return Ok(Decoded {
                text: Cow::Borrowed(text),
                encoding: UTF_8.name().to_owned(),
                source: EncodingSource::Utf8,
                replaced: false,
            });
        }
    }
    let (guess, source) = match lookup_label(&opts.default_encoding).filter(|&e| e != UTF_8) {
        Some(enc) => (enc, EncodingSource::Default),
        None => {
            let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
            super::detector::feed(&mut detector, bytes);
            let tld = opts.tld.as_deref().and_then(detector_tld);
            (
                detector.guess(tld, Utf8Detection::Deny),
                EncodingSource::Detector,
            )
        }
    };
    if opts.sniff_meta {
        if let Some(declared) = change_the_encoding(guess, bytes) {
            return run(declared, bytes, 0, EncodingSource::MetaCharset, opts);
        }
    }
    run(guess, bytes, 0, source, opts)
}

/// The HTML Standard's "change the encoding", for a page whose encoding is a guess (the
/// default or the detector's; its confidence is *tentative*): the first `<meta>` the
/// parser would meet that declares an encoding — after the prescan's 1,024 bytes, or
/// straddling them — names the encoding instead, as a browser reparses the page with it.
/// `None` when there is no such `<meta>`, when it names the guess itself, or when the
/// guess is UTF-16 (the standard then keeps it). pith decides before decoding, so the
/// page is decoded once; the scan is linear ([`prescan::meta_in_document`]).
///
/// Pages taken as UTF-8 because they are valid UTF-8 (step 4, pith's own) are not
/// guesses here: text of non-ASCII bytes that is valid UTF-8 is UTF-8 in practice, and
/// pure ASCII reads the same in every encoding a `<meta>` can name.
fn change_the_encoding(guess: &'static Encoding, bytes: &[u8]) -> Option<&'static Encoding> {
    if guess == UTF_16BE || guess == UTF_16LE {
        return None;
    }
    prescan::meta_in_document(bytes).filter(|&declared| declared != guess)
}

/// A top-level domain as `chardetng` takes it (lower-case ASCII letters, digits and
/// hyphens; it panics on anything else), or `None`.
fn detector_tld(tld: &str) -> Option<&[u8]> {
    let ok = !tld.is_empty()
        && tld
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    ok.then_some(tld.as_bytes())
}

/// The top-level domain of a URL's host (`http://www.example.co.JP:80/x` → `jp`), for
/// [`DecodeOptions::tld`]; `None` without a host or when the last label is not a
/// domain label (an IPv4 or IPv6 address).
pub fn tld_of_url(url: &str) -> Option<String> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next()?;
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if host.starts_with('[') {
        return None; // IPv6
    }
    let host = host.split(':').next()?.trim_end_matches('.');
    let label = host.rsplit('.').next()?.to_ascii_lowercase();
    let valid = !label.is_empty()
        && !label.bytes().all(|b| b.is_ascii_digit())
        && detector_tld(&label).is_some();
    valid.then_some(label)
}

/// `ESC $` or `ESC (`: the designations ISO-2022-JP text starts with.
fn has_iso_2022_jp_escape(bytes: &[u8]) -> bool {
    memchr::memchr_iter(0x1B, bytes).any(|i| matches!(bytes.get(i + 1), Some(b'$' | b'(')))
}

/// Decodes `rest` (which starts at offset `base` of the input) with `enc` and the error
/// policy, borrowing valid UTF-8.
fn run<'a>(
    enc: &'static Encoding,
    rest: &'a [u8],
    base: usize,
    source: EncodingSource,
    opts: &DecodeOptions,
) -> Result<Decoded<Cow<'a, str>>, DecodeError> {
    let name = enc.name().to_owned();
    if enc == UTF_8 {
        if let Ok(text) = std::str::from_utf8(rest) {
            return Ok(Decoded {
                text: Cow::Borrowed(text),
                encoding: name,
                source,
                replaced: false,
            });
        }
    }
    let mut out = Out::new(opts.errors, rest.len());
    match decode_whatwg(enc, rest, &mut out) {
        Ok(()) => Ok(Decoded {
            text: Cow::Owned(out.text),
            encoding: name,
            source,
            replaced: out.replaced,
        }),
        Err(position) => Err(DecodeError::Undecodable {
            encoding: name,
            position: base + position,
        }),
    }
}
