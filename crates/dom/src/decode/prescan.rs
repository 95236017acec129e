//! The HTML Standard's "prescan a byte stream to determine its encoding", with its
//! helpers "get an attribute", "the algorithm for extracting a character encoding from a
//! meta element" and "get an XML encoding", step for step.
//!
//! Why our own: no maintained crate on crates.io implements the prescan (Servo's is
//! inside its `script` crate; the small crates found approximate it); see decision 0013.
//! It reads only the bytes it is given: [`super::whatwg`] gives it the first 1,024, as
//! the standard advises, so a declaration that starts or ends later is not seen.
//!
//! The scan is a loop over byte positions that only moves forward, so it runs in time
//! linear in its input (every `get an attribute` consumes what it reads).

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

/// Where the prescan found the encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A `<meta charset>` or `<meta http-equiv=content-type content="…charset=…">`.
    Meta,
    /// An XML declaration (`<?xml … encoding="…"?>`, or a UTF-16 `<?x` at the start).
    XmlDeclaration,
}

/// The prescan's answer for `bytes` (pass the first 1,024 bytes of a page for the
/// standard's behaviour). `None` when nothing in them declares a known encoding.
///
/// ```
/// use pith_dom::decode::whatwg_prescan;
///
/// let (enc, _) = whatwg_prescan(b"<meta charset=shift_jis>").unwrap();
/// assert_eq!(enc.name(), "Shift_JIS");
/// // A UTF-16 label in an ASCII-readable page cannot be true: UTF-8.
/// let (enc, _) = whatwg_prescan(b"<meta charset=utf-16>").unwrap();
/// assert_eq!(enc.name(), "UTF-8");
/// ```
pub fn prescan(bytes: &[u8]) -> Option<(&'static Encoding, Found)> {
    if let Some(enc) = utf16_xml(bytes) {
        return Some((enc, Found::XmlDeclaration));
    }
    // Running out of bytes ends the loop; then the XML declaration is the fallback.
    scan_meta(bytes)
        .map(|e| (e, Found::Meta))
        .or_else(|| xml_encoding(bytes).map(|e| (e, Found::XmlDeclaration)))
}

/// The first `<meta>` anywhere in `bytes` that declares a usable encoding, read as the
/// prescan reads one (UTF-16 labels mean UTF-8, `x-user-defined` windows-1252), for the
/// HTML Standard's "change the encoding": the parser meets such a `<meta>` while the
/// encoding is still a guess. Unlike the prescan, it skips the content of the elements
/// the tokenizer reads as text (`script`, `style`, `textarea`, `title`, `xmp`,
/// `iframe`, `noembed`, `noframes`), where the parser sees no `<meta>`, and stops at
/// `<plaintext>`. Linear in the input, like the prescan.
///
/// ```
/// use pith_dom::decode::whatwg_meta_in_document;
///
/// let page = b"<script>var s = '<meta charset=koi8-r>';</script><meta charset=big5>";
/// assert_eq!(whatwg_meta_in_document(page).unwrap().name(), "Big5");
/// ```
pub fn meta_in_document(bytes: &[u8]) -> Option<&'static Encoding> {
    scan(bytes, true)
}

/// The prescan without its `<meta>` part: the UTF-16 `<?x` check, then "get an XML
/// encoding".
pub fn xml_declaration(bytes: &[u8]) -> Option<&'static Encoding> {
    utf16_xml(bytes).or_else(|| xml_encoding(bytes))
}

/// "Prescan for UTF-16 XML declarations": `<?x` in UTF-16LE or UTF-16BE at the start.
fn utf16_xml(bytes: &[u8]) -> Option<&'static Encoding> {
    if bytes.starts_with(b"<\0?\0x\0") {
        Some(UTF_16LE)
    } else if bytes.starts_with(b"\0<\0?\0x") {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// HT, LF, FF, CR, space: the prescan's whitespace.
fn is_space(b: u8) -> bool {
    matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

/// The loop of the prescan: `Some` as soon as a `<meta>` declares a usable encoding,
/// `None` when the bytes run out.
fn scan_meta(bytes: &[u8]) -> Option<&'static Encoding> {
    scan(bytes, false)
}

/// Elements whose content the tokenizer reads as text (script data, RAWTEXT, RCDATA).
/// `noscript` is not one: pith parses with scripting off, where its content is markup.
const TEXT_ELEMENTS: [&[u8]; 8] = [
    b"script",
    b"style",
    b"textarea",
    b"title",
    b"xmp",
    b"iframe",
    b"noembed",
    b"noframes",
];

/// [`scan_meta`], and with `skip_text` the content of [`TEXT_ELEMENTS`] skipped and
/// `<plaintext>` the end.
fn scan(bytes: &[u8], skip_text: bool) -> Option<&'static Encoding> {
    let mut pos = 0;
    while pos < bytes.len() {
        let rest = &bytes[pos..];
        if rest.starts_with(b"<!--") {
            // To the `>` of the first `-->` after the `<` (its dashes may be the
            // opening's own: `<!-->` closes).
            pos += find(&rest[2..], b"-->")? + 2 + 2;
        } else if rest.len() >= 6
            && rest[..5].eq_ignore_ascii_case(b"<meta")
            && (is_space(rest[5]) || rest[5] == b'/')
        {
            pos += 5;
            if let Some(enc) = meta(bytes, &mut pos)? {
                return Some(enc);
            }
        } else if rest.len() >= 2
            && rest[0] == b'<'
            && (rest[1].is_ascii_alphabetic()
                || (rest[1] == b'/' && rest.get(2).is_some_and(u8::is_ascii_alphabetic)))
        {
            // Another tag: skip its name, then its attributes (whose values may hold `>`
            // or `<meta` inside quotes).
            let name_end = rest.iter().position(|&b| is_space(b) || b == b'>')?;
            pos += name_end;
            while get_attribute(bytes, &mut pos)?.is_some() {}
            if skip_text && rest[1] != b'/' {
                let name = &rest[1..name_end];
                let name = &name[..name.iter().position(|&b| b == b'/').unwrap_or(name.len())];
                if name.eq_ignore_ascii_case(b"plaintext") {
                    return None;
                }
                if let Some(element) = TEXT_ELEMENTS.iter().find(|e| name.eq_ignore_ascii_case(e)) {
                    // To the `<` of its end tag (`</script`, any case); none: all text.
                    pos += find_end_tag(&bytes[pos..], element)?;
                    continue;
                }
            }
        } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            pos += rest[1..].iter().position(|&b| b == b'>')? + 1;
        }
        // Next byte.
        pos += 1;
    }
    None
}

/// The attributes of one `<meta>` (from just after `<meta`): `Ok(Some)` when they
/// declare a usable encoding, `Ok(None)` when not (the scan goes on from `pos`), `None`
/// when the bytes ran out.
#[allow(clippy::option_option)]
fn meta(bytes: &[u8], pos: &mut usize) -> Option<Option<&'static Encoding>> {
    let (mut seen_http_equiv, mut seen_content, mut seen_charset) = (false, false, false);
    let mut got_pragma = false;
    let mut need_pragma: Option<bool> = None;
    // `None` is the standard's "null"; `Some(None)` is "failure" (an unknown label).
    let mut charset: Option<Option<&'static Encoding>> = None;
    while let Some((name, value)) = get_attribute(bytes, pos)? {
        // An attribute name already in the attribute list is skipped.
        match name.as_slice() {
            b"http-equiv" if !seen_http_equiv => {
                seen_http_equiv = true;
                if value == b"content-type" {
                    got_pragma = true;
                }
            }
            b"content" if !seen_content => {
                seen_content = true;
                if let Some(enc) = encoding_from_content(&value) {
                    if charset.is_none() {
                        charset = Some(Some(enc));
                        need_pragma = Some(true);
                    }
                }
            }
            b"charset" if !seen_charset => {
                seen_charset = true;
                charset = Some(Encoding::for_label(&value));
                need_pragma = Some(false);
            }
            _ => {}
        }
    }
    // Processing.
    let Some(need_pragma) = need_pragma else {
        return Some(None);
    };
    if need_pragma && !got_pragma {
        return Some(None);
    }
    let Some(Some(enc)) = charset else {
        return Some(None); // failure: go on with the next byte
    };
    Some(Some(if enc == UTF_16BE || enc == UTF_16LE {
        UTF_8
    } else if enc == X_USER_DEFINED {
        WINDOWS_1252
    } else {
        enc
    }))
}

/// An attribute name and value, lower-cased.
type Attribute = (Vec<u8>, Vec<u8>);

/// "Get an attribute" at `pos`: `Some(Some(attr))`, `Some(None)` when there is none (at
/// a `>`), `None` when the bytes ran out.
#[allow(clippy::option_option)]
fn get_attribute(bytes: &[u8], pos: &mut usize) -> Option<Option<Attribute>> {
    let at = |p: usize| bytes.get(p).copied();
    // 1. Skip whitespace and slashes.
    while is_space(at(*pos)?) || at(*pos)? == b'/' {
        *pos += 1;
    }
    // 2. `>`: no attribute.
    if at(*pos)? == b'>' {
        return Some(None);
    }
    // 3.–5. The name.
    let mut name = Vec::new();
    let mut value = Vec::new();
    loop {
        match at(*pos)? {
            b'=' if !name.is_empty() => {
                *pos += 1;
                break; // to "value"
            }
            b if is_space(b) => {
                // 6. Spaces.
                while is_space(at(*pos)?) {
                    *pos += 1;
                }
                // 7. Not `=`: a name without a value.
                if at(*pos)? != b'=' {
                    return Some(Some((name, value)));
                }
                // 8. Past the `=`.
                *pos += 1;
                break;
            }
            b'/' | b'>' => return Some(Some((name, value))),
            b => name.push(b.to_ascii_lowercase()),
        }
        *pos += 1;
    }
    // 9. Value: skip whitespace.
    while is_space(at(*pos)?) {
        *pos += 1;
    }
    // 10. The first byte of the value.
    match at(*pos)? {
        quote @ (b'"' | b'\'') => loop {
            *pos += 1;
            let b = at(*pos)?;
            if b == quote {
                *pos += 1;
                return Some(Some((name, value)));
            }
            value.push(b.to_ascii_lowercase());
        },
        b'>' => return Some(Some((name, value))),
        b => {
            value.push(b.to_ascii_lowercase());
            *pos += 1;
        }
    }
    // 11.–12. An unquoted value runs to whitespace or `>`.
    loop {
        let b = at(*pos)?;
        if is_space(b) || b == b'>' {
            return Some(Some((name, value)));
        }
        value.push(b.to_ascii_lowercase());
        *pos += 1;
    }
}

/// "The algorithm for extracting a character encoding from a meta element" on a
/// (lower-cased) `content` value such as `text/html; charset="koi8-r"`.
fn encoding_from_content(s: &[u8]) -> Option<&'static Encoding> {
    let is_ws = |b: u8| matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20);
    let mut pos = 0;
    // Loop: the first `charset` after `pos` followed (after whitespace) by `=`.
    loop {
        pos += find(&s[pos..], b"charset")? + 7;
        while s.get(pos).is_some_and(|&b| is_ws(b)) {
            pos += 1;
        }
        if s.get(pos) == Some(&b'=') {
            pos += 1;
            break;
        }
    }
    while s.get(pos).is_some_and(|&b| is_ws(b)) {
        pos += 1;
    }
    match *s.get(pos)? {
        quote @ (b'"' | b'\'') => {
            let rest = &s[pos + 1..];
            // An unmatched quote gives nothing.
            let end = rest.iter().position(|&b| b == quote)?;
            Encoding::for_label(&rest[..end])
        }
        _ => {
            let rest = &s[pos..];
            let end = rest
                .iter()
                .position(|&b| is_ws(b) || b == b';')
                .unwrap_or(rest.len());
            Encoding::for_label(&rest[..end])
        }
    }
}

/// "Get an XML encoding": the `encoding="…"` of an `<?xml` at the very start of the
/// bytes (case-sensitive, up to the first `>`), UTF-16 labels read as UTF-8.
fn xml_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    if !bytes.starts_with(b"<?xml") {
        return None;
    }
    let end = bytes.iter().position(|&b| b == b'>')?;
    let decl = &bytes[..end];
    let mut pos = find(decl, b"encoding")? + 8;
    while *decl.get(pos)? <= 0x20 {
        pos += 1;
    }
    if decl[pos] != b'=' {
        return None;
    }
    pos += 1;
    while *decl.get(pos)? <= 0x20 {
        pos += 1;
    }
    let quote = decl[pos];
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    pos += 1;
    let len = decl[pos..].iter().position(|&b| b == quote)?;
    let label = &decl[pos..pos + len];
    if label.iter().any(|&b| b <= 0x20) {
        return None;
    }
    let enc = Encoding::for_label(label)?;
    Some(if enc == UTF_16BE || enc == UTF_16LE {
        UTF_8
    } else {
        enc
    })
}

/// Where the end tag `</name` (ASCII case-insensitive, then whitespace, `/` or `>`)
/// starts in `hay`; each `<` is looked at once.
fn find_end_tag(hay: &[u8], name: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b'<', hay).find(|&i| {
        let tag = &hay[i + 1..];
        tag.first() == Some(&b'/')
            && tag.len() > name.len() + 1
            && tag[1..=name.len()].eq_ignore_ascii_case(name)
            && (is_space(tag[name.len() + 1]) || matches!(tag[name.len() + 1], b'/' | b'>'))
    })
}

/// The first occurrence of `needle` in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(hay, needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(bytes: &[u8]) -> Option<&'static str> {
        prescan(bytes).map(|(e, _)| e.name())
    }

    #[test]
    fn meta_charset_in_its_forms() {
        assert_eq!(name(b"<meta charset=koi8-r>"), Some("KOI8-R"));
        assert_eq!(name(b"<META CHARSET=\"KOI8-R\">"), Some("KOI8-R"));
        assert_eq!(name(b"<meta charset='koi8-r'/>"), Some("KOI8-R"));
        assert_eq!(name(b"<meta/charset=koi8-r>"), Some("KOI8-R"));
        assert_eq!(name(b"<meta charset = koi8-r >"), Some("KOI8-R"));
        // The label is trimmed of ASCII whitespace by "get an encoding".
        assert_eq!(name(b"<meta charset=\" koi8-r \">"), Some("KOI8-R"));
        // `<meta` needs whitespace or `/` after it.
        assert_eq!(name(b"<metacharset=koi8-r>"), None);
        assert_eq!(name(b"<meta>"), None);
    }

    #[test]
    fn http_equiv_with_content() {
        let page =
            b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\">";
        assert_eq!(name(page), Some("windows-1251"));
        // Order does not matter, quotes inside content are honoured.
        let page = b"<meta content='text/html; charset=\"iso-8859-2\"' http-equiv=content-type>";
        assert_eq!(name(page), Some("ISO-8859-2"));
        let page = b"<meta content=\"text/html;charset = 'euc-kr' \" http-equiv='CONTENT-TYPE'>";
        assert_eq!(name(page), Some("EUC-KR"));
        // Without the pragma, content does not count.
        assert_eq!(name(b"<meta content=\"text/html; charset=koi8-r\">"), None);
        assert_eq!(
            name(b"<meta http-equiv=refresh content=\"text/html; charset=koi8-r\">"),
            None
        );
        // An unmatched quote gives nothing.
        let page = b"<meta http-equiv=content-type content='charset=\"koi8-r'>";
        assert_eq!(name(page), None);
        // `charset` not followed by `=` is skipped, the next one counts.
        let page = b"<meta http-equiv=content-type content='charsetx; charset=koi8-r'>";
        assert_eq!(name(page), Some("KOI8-R"));
        // The semicolon ends an unquoted label.
        let page = b"<meta http-equiv=content-type content='charset=koi8-r;x'>";
        assert_eq!(name(page), Some("KOI8-R"));
    }

    #[test]
    fn charset_attribute_beats_content_and_first_attribute_wins() {
        let page = b"<meta http-equiv=content-type content='charset=koi8-r' charset=big5>";
        assert_eq!(name(page), Some("Big5"));
        let page = b"<meta charset=big5 http-equiv=content-type content='charset=koi8-r'>";
        assert_eq!(name(page), Some("Big5"));
        // A repeated attribute is ignored.
        assert_eq!(name(b"<meta charset=big5 charset=koi8-r>"), Some("Big5"));
    }

    #[test]
    fn utf16_and_x_user_defined_are_remapped() {
        assert_eq!(name(b"<meta charset=utf-16>"), Some("UTF-8"));
        assert_eq!(name(b"<meta charset=utf-16be>"), Some("UTF-8"));
        assert_eq!(name(b"<meta charset=x-user-defined>"), Some("windows-1252"));
        let page = b"<meta http-equiv=content-type content='text/html; charset=utf-16le'>";
        assert_eq!(name(page), Some("UTF-8"));
    }

    #[test]
    fn replacement_labels_give_the_replacement_encoding() {
        for label in ["iso-2022-kr", "hz-gb-2312", "iso-2022-cn", "csiso2022kr"] {
            let page = format!("<meta charset={label}>");
            assert_eq!(name(page.as_bytes()), Some("replacement"), "{label}");
        }
    }

    #[test]
    fn unknown_label_goes_on_to_the_next_meta() {
        assert_eq!(
            name(b"<meta charset=bogus><meta charset=koi8-r>"),
            Some("KOI8-R")
        );
    }

    #[test]
    fn comments_and_other_markup_are_skipped() {
        assert_eq!(name(b"<!-- <meta charset=koi8-r> -->"), None);
        assert_eq!(name(b"<!-- x --><meta charset=koi8-r>"), Some("KOI8-R"));
        // `<!-->` is a whole comment.
        assert_eq!(name(b"<!--><meta charset=koi8-r>"), Some("KOI8-R"));
        // An unclosed comment hides everything after it.
        assert_eq!(name(b"<!-- <meta charset=koi8-r>"), None);
        // A `<meta` inside another tag's attribute value is not a tag.
        assert_eq!(
            name(b"<div title='<meta charset=koi8-r>'><meta charset=big5>"),
            Some("Big5")
        );
        // `<!DOCTYPE`, `<?php`, end tags are skipped to their `>`.
        assert_eq!(
            name(b"<!DOCTYPE html><?x y?></p><meta charset=big5>"),
            Some("Big5")
        );
        // Text is just bytes.
        assert_eq!(name(b"a < b <meta charset=big5>"), Some("Big5"));
    }

    #[test]
    fn running_out_inside_a_meta_finds_nothing() {
        assert_eq!(name(b"<meta charset=koi8-r"), None);
        assert_eq!(name(b"<meta charset=\"koi8-r>"), None);
    }

    #[test]
    fn xml_declarations() {
        assert_eq!(
            name(b"<?xml version=\"1.0\" encoding=\"iso-8859-2\"?><p>"),
            Some("ISO-8859-2")
        );
        // A meta wins over the XML declaration.
        assert_eq!(
            name(b"<?xml version='1.0' encoding='iso-8859-2'?><meta charset=koi8-r>"),
            Some("KOI8-R")
        );
        // UTF-16 read as ASCII means UTF-8; case-sensitive `encoding`; only at the start.
        assert_eq!(name(b"<?xml encoding='utf-16'?>"), Some("UTF-8"));
        assert_eq!(name(b"<?xml ENCODING='koi8-r'?>"), None);
        assert_eq!(name(b" <?xml encoding='koi8-r'?>"), None);
        assert_eq!(name(b"<?xml encoding='koi 8'?>"), None);
        // UTF-16 `<?x` itself.
        assert_eq!(name(b"<\0?\0x\0m\0l\0"), Some("UTF-16LE"));
        assert_eq!(name(b"\0<\0?\0x\0m\0l"), Some("UTF-16BE"));
    }

    fn in_document(bytes: &[u8]) -> Option<&'static str> {
        meta_in_document(bytes).map(Encoding::name)
    }

    #[test]
    fn meta_in_document_skips_what_the_tokenizer_reads_as_text() {
        assert_eq!(
            in_document(b"<p>x</p><meta charset=koi8-r>"),
            Some("KOI8-R")
        );
        for element in TEXT_ELEMENTS {
            let name = String::from_utf8_lossy(element).to_ascii_uppercase();
            let page = format!("<{name} a=b><meta charset=big5></{name}><meta charset=koi8-r>");
            assert_eq!(in_document(page.as_bytes()), Some("KOI8-R"), "{page}");
            // Unclosed: everything after the start tag is its text.
            let page = format!("<{name}><meta charset=big5>");
            assert_eq!(in_document(page.as_bytes()), None, "{page}");
        }
        // Only the element's own end tag ends it, with whitespace, `/` or `>` after.
        let page = b"<script><meta charset=big5></scripts></script/><meta charset=koi8-r>";
        assert_eq!(in_document(page), Some("KOI8-R"));
        let page = b"<script><meta charset=big5></style><meta charset=gbk>";
        assert_eq!(in_document(page), None);
        // `<script/>` is a start tag too (the `/` is ignored on it).
        assert_eq!(in_document(b"<script/><meta charset=big5>"), None);
        // `<plaintext>` never ends; `noscript` is markup (scripting off).
        assert_eq!(
            in_document(b"<plaintext></plaintext><meta charset=big5>"),
            None
        );
        assert_eq!(
            in_document(b"<noscript><meta charset=big5></noscript>"),
            Some("Big5")
        );
        // The prescan itself does not skip them.
        assert_eq!(name(b"<script><meta charset=big5></script>"), Some("Big5"));
    }

    #[test]
    fn meta_in_document_is_linear_on_hostile_input() {
        // Each `<` is looked at a bounded number of times (a quadratic scan would not
        // finish these).
        let page = "<title></titl</title".repeat(200_000);
        assert_eq!(in_document(page.as_bytes()), None);
        let mut page = "<script></script>".repeat(200_000);
        page.push_str("<meta charset=koi8-r>");
        assert_eq!(in_document(page.as_bytes()), Some("KOI8-R"));
    }
}
