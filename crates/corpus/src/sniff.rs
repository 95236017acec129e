//! What kind of file a path or its first bytes are: which files of a directory are
//! inputs (by name), which inputs are JSON Lines when their name does not say
//! (by content), and which are binary junk rather than a page (by content), so that
//! none is "extracted" into a wrong or empty record.

/// The extensions of HTML files taken from a directory (also with `.gz` after them).
pub const HTML_EXTENSIONS: [&str; 5] = ["html", "htm", "xhtml", "xht", "shtml"];

/// Whether a file found in a directory is an input by its name: an HTML file
/// ([`HTML_EXTENSIONS`]), a WARC (`.warc`) or JSON Lines (`.jsonl`, `.ndjson`) file,
/// each possibly gzipped (`.gz`). Case is ignored.
pub fn is_input_name(name: &str) -> bool {
    extension(name).is_some_and(|ext| {
        HTML_EXTENSIONS.contains(&ext.as_str())
            || matches!(ext.as_str(), "warc" | "jsonl" | "ndjson")
    })
}

/// Whether a file found in a directory is an input of `format` by its name:
/// [`is_input_name`] for `auto`; for a named format, its own extensions only (`.warc`;
/// `.jsonl`, `.ndjson`; [`HTML_EXTENSIONS`]), so that `--input-format warc DIR` (and
/// Python's `read_warc(DIR)`) reads a folder's WARC files, not its pages as broken
/// WARC files. Case is ignored; `.gz` may follow.
pub fn is_input_name_for(format: crate::InputFormat, name: &str) -> bool {
    use crate::InputFormat;
    match format {
        InputFormat::Auto => is_input_name(name),
        InputFormat::Warc => extension(name).is_some_and(|ext| ext == "warc"),
        InputFormat::Jsonl => {
            extension(name).is_some_and(|ext| matches!(ext.as_str(), "jsonl" | "ndjson"))
        }
        InputFormat::Html => {
            extension(name).is_some_and(|ext| HTML_EXTENSIONS.contains(&ext.as_str()))
        }
    }
}

/// A file name's extension, lower-cased, after a `.gz` one is taken off (`a.HTML.gz` →
/// `html`); `None` without one.
pub(crate) fn extension(name: &str) -> Option<String> {
    let name = name.to_ascii_lowercase();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    name.rsplit_once('.').map(|(_, ext)| ext.to_owned())
}

/// Whether an input's first bytes look like JSON Lines rather than a page: its first
/// character (after a UTF-8 byte order mark and white space) is `{`, which no HTML
/// page starts with. For inputs whose name says nothing (stdin, `part-00000`).
pub fn looks_like_json_lines(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// Whether a path is named like an HTML file ([`HTML_EXTENSIONS`], possibly gzipped):
/// such a file is read as a page even when it starts like JSON.
pub fn is_html_name(path: &std::path::Path) -> bool {
    (path.file_name())
        .and_then(|name| extension(&name.to_string_lossy()))
        .is_some_and(|ext| HTML_EXTENSIONS.contains(&ext.as_str()))
}

/// How many leading bytes [`not_a_page`] looks at (git's heuristic looks at 8000).
const SNIFF_BYTES: usize = 8192;

/// Why bytes are not an HTML page, as the error that names such an input, or `None`
/// when they may be one. A page in a crawl or on a disk is text with markup: bytes
/// that start with `<` (after white space and a UTF-8 byte order mark), which no
/// binary format does, and UTF-16 text (a byte order mark, or tags with a NUL beside
/// each character) are pages. Other bytes are not a page when they are
/// - a file format their first bytes name ([`infer`]'s table of magic numbers: images,
///   audio, video, archives, fonts, executables, PDF…) and the first 8 KiB hold a
///   binary data byte (the [MIME Sniffing standard]'s: `0x00`–`0x08`, `0x0B`,
///   `0x0E`–`0x1A`, `0x1C`–`0x1F`, which text does not have), or a PDF or PostScript
///   document, whose first kilobytes may all be text;
/// - or other bytes with a binary data byte among the first 8 KiB and no HTML tag there
///   (`<html`, `<!doctype`, `<head`, `<body`, `<p`, `<div`, `<meta`, `<title`, `<br`,
///   `<script`, `<style`, `<link`, `<table`, `<span`, `<img`, `<a`, each followed by
///   white space, `/` or `>`; or a comment, `<!--`).
///
/// An ARC file (it starts with `filedesc://`), the web archive format before WARC, is
/// not a page either: its error says to convert it.
///
/// So a page with a stray control byte after text (a PHP warning before its markup)
/// keeps its tags and is a page; a file whose first bytes merely start like `BM` (a
/// bitmap's signature) but hold no control byte is not taken for an image. `pith extract` answers such an input with this error
/// when the command line names it (skips it when a directory holds it), as it answers
/// a WARC response labelled `text/html` whose payload is one (a PDF served as HTML);
/// Python's `extract` raises it.
///
/// [MIME Sniffing standard]: https://mimesniff.spec.whatwg.org/#binary-data-byte
pub fn not_a_page(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
    if head.starts_with(b"filedesc://") {
        return Some(
            "not an HTML page: an ARC file (the web archive format before WARC), which pith \
             does not read; convert it to WARC first (e.g. with warctools' arc2warc)"
                .to_owned(),
        );
    }
    let control = has_binary_data_byte(head);
    if !control && !head.starts_with(b"%") {
        // Text (every page of the development folders): a page, unless a PDF or
        // PostScript document (`%PDF-`, `%!PS`).
        return None;
    }
    // No binary format starts with `<`: bytes that do (after white space) are markup,
    // whatever follows (a control byte in a page, a tar header's `ustar` at byte 257).
    let markup_first = (head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head).iter())
        .find(|b| !b.is_ascii_whitespace())
        == Some(&b'<');
    if markup_first || is_utf16_text(head) {
        return None;
    }
    let format = infer::get(head).filter(|kind| {
        kind.matcher_type() != infer::MatcherType::Text
            && (control || TEXT_LIKE_FORMATS.contains(&kind.mime_type()))
    });
    if let Some(kind) = format {
        return Some(format!(
            "not an HTML page: binary content ({}, by its first bytes)",
            kind.mime_type()
        ));
    }
    (control && !has_tag(head)).then(|| {
        "not an HTML page: binary content (control bytes and no markup in its first 8 KiB)"
            .to_owned()
    })
}

/// Whether bytes are binary rather than a page: [`not_a_page`] has a reason.
pub fn is_binary(bytes: &[u8]) -> bool {
    not_a_page(bytes).is_some()
}

/// Formats whose signature names them even when no control byte follows it in the
/// first 8 KiB: a PDF's header and first objects, a PostScript program, are text.
const TEXT_LIKE_FORMATS: [&str; 2] = ["application/pdf", "application/postscript"];

/// The MIME Sniffing standard's binary data bytes: control characters that text does
/// not hold (tab, line feed, form feed, carriage return and escape are text).
fn is_binary_data_byte(b: u8) -> bool {
    matches!(b, 0x00..=0x08 | 0x0B | 0x0E..=0x1A | 0x1C..=0x1F)
}

/// Whether `head` holds a [binary data byte](is_binary_data_byte): read in blocks of
/// 64 without a branch per byte, so that the test costs a page (which has none) little.
fn has_binary_data_byte(head: &[u8]) -> bool {
    head.chunks(64).any(|block| {
        block
            .iter()
            .fold(false, |seen, &b| seen | is_binary_data_byte(b))
    })
}

/// Whether `head` is UTF-16 text: a byte order mark, or HTML tags written with a NUL
/// beside every character (the bytes of one parity are then nearly all NUL).
fn is_utf16_text(head: &[u8]) -> bool {
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return true;
    }
    let even: Vec<u8> = head.iter().step_by(2).copied().collect();
    let odd: Vec<u8> = head.iter().skip(1).step_by(2).copied().collect();
    let mostly_nul = |bytes: &[u8]| {
        bytes.len() >= 4 && bytes.iter().filter(|&&b| b == 0).count() * 10 >= bytes.len() * 9
    };
    (mostly_nul(&odd) && has_tag(&even)) || (mostly_nul(&even) && has_tag(&odd))
}

/// Whether `head` holds a tag that only HTML has (case-insensitive): its name followed
/// by white space, `/` or `>`, so that bytes of a binary file that merely start like
/// one (`<p` then anything) do not count; or a comment.
fn has_tag(head: &[u8]) -> bool {
    const TAGS: [&[u8]; 16] = [
        b"<html",
        b"<!doctype",
        b"<head",
        b"<body",
        b"<p",
        b"<div",
        b"<meta",
        b"<title",
        b"<br",
        b"<script",
        b"<style",
        b"<link",
        b"<table",
        b"<span",
        b"<img",
        b"<a",
    ];
    memchr::memchr_iter(b'<', head).any(|at| {
        let rest = &head[at..];
        rest.starts_with(b"<!--")
            || TAGS.iter().any(|tag| {
                rest.len() > tag.len()
                    && rest[..tag.len()].eq_ignore_ascii_case(tag)
                    && matches!(
                        rest[tag.len()],
                        b' ' | b'\t' | b'\n' | b'\r' | 0x0C | b'/' | b'>'
                    )
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for yes in [
            "a.html",
            "b.HTM",
            "c.xhtml.gz",
            "d.warc.gz",
            "e.jsonl",
            "f.ndjson.gz",
        ] {
            assert!(is_input_name(yes), "{yes}");
        }
        for no in [
            "README.md",
            "gold.txt",
            "meta.json",
            "x.gz",
            "html",
            "a.html.bak",
        ] {
            assert!(!is_input_name(no), "{no}");
        }
    }

    #[test]
    fn json_lines_by_content() {
        assert!(looks_like_json_lines(b"{\"html\": \"<p>"));
        assert!(looks_like_json_lines(b"\xEF\xBB\xBF\n  {\"a\""));
        assert!(!looks_like_json_lines(b"<!DOCTYPE html>"));
        assert!(!looks_like_json_lines(b"  <p>{text}</p>"));
        assert!(!looks_like_json_lines(b"[1, 2]"));
        assert!(!looks_like_json_lines(b""));
    }

    #[test]
    fn binary() {
        assert!(is_binary(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"));
        assert!(!is_binary(b"<p>lazy\0dog</p>"));
        assert!(!is_binary(b"\xff\xfe<\0p\0>\0"));
        assert!(!is_binary(b"plain text, no NUL"));
        assert!(!is_binary(b""));
    }

    #[test]
    fn binary_files_are_named_by_their_first_bytes() {
        let png = not_a_page(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap();
        assert!(png.contains("binary content (image/png"), "{png}");
        // An executable whose bytes hold what starts like a tag (`<p`, `<br`).
        let mut elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0".to_vec();
        elf.resize(64, 0);
        elf.extend_from_slice(b"<p>\x01<br/>\x02\0");
        let why = not_a_page(&elf).unwrap();
        assert!(why.contains("application/x-executable"), "{why}");
        // A PDF's first kilobytes may be text: its signature names it anyway.
        let pdf = b"%PDF-1.5\n%\xd0\xd4\xc5\xd8\n1 0 obj\n<< /Type /Catalog >>\nendobj\n";
        assert!(not_a_page(pdf).unwrap().contains("application/pdf"));
        // An ARC file is text with pages in it, but no page: it is named, with what to do.
        let arc = b"filedesc://crawl.arc 0.0.0.0 20080101000000 text/plain 76\n1 0 Crawl\n";
        assert!(not_a_page(arc).unwrap().contains("an ARC file"));
    }

    #[test]
    fn control_bytes_without_markup_are_binary() {
        let why = not_a_page(b"\x01\x02<pq\x03 data").unwrap();
        assert!(why.contains("control bytes and no markup"), "{why}");
        // A page with a stray control byte keeps its tags.
        assert!(!is_binary(b"<html><body><p>a \x01 b</p>"));
        assert!(!is_binary(b"\x0b<DIV class=a>text</DIV>"));
        // Text that merely starts like a signature (`BM`, a bitmap's) is not an image.
        assert!(!is_binary(b"BMW recalls 10,000 cars"));
        assert!(!is_binary(b"ID3 tags explained"));
        // Markup first: a signature further in names nothing (a tar header's `ustar` at
        // byte 257), and a control byte is still a page's, even with no tag of the list.
        let mut page = b"<!DOCTYPE html>\x01".to_vec();
        page.resize(257, b' ');
        page.extend_from_slice(b"ustar\x0000<p>text</p>");
        assert!(!is_binary(&page));
        assert!(!is_binary(b"  <script>var a = 1;\x1a</script>"));
        // Text first, then markup: a PHP warning before the page.
        assert!(!is_binary(b"Warning: \x01 in line 3\n<!-- page -->"));
    }

    #[test]
    fn utf16_pages_are_text() {
        for page in ["<!DOCTYPE html><p>Hello</p>", "<html><body><div>x</div>"] {
            let le: Vec<u8> = page.encode_utf16().flat_map(u16::to_le_bytes).collect();
            let be: Vec<u8> = page.encode_utf16().flat_map(u16::to_be_bytes).collect();
            assert!(!is_binary(&le), "{page} LE");
            assert!(!is_binary(&be), "{page} BE");
            let mut bom = vec![0xFF, 0xFE];
            bom.extend_from_slice(&le);
            assert!(!is_binary(&bom), "{page} with a BOM");
        }
    }
}
