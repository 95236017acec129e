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

/// The error of an input that [`is_binary`]: named on the command line, or given to
/// Python's `extract`.
pub const NOT_A_PAGE: &str =
    "not an HTML page: binary content (a NUL byte and no markup in its first 8 KiB)";

/// How many leading bytes [`is_binary`] looks at (git's heuristic looks at 8000).
const SNIFF_BYTES: usize = 8192;

/// Whether bytes are binary rather than a page: a NUL byte among the first 8 KiB and
/// no markup there. A page with a stray NUL keeps its tags, and UTF-16 text has a NUL
/// next to each `<`; neither is binary.
pub fn is_binary(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
    if !head.contains(&0) {
        return false;
    }
    let utf16_markup = head.windows(2).any(|w| w == b"<\0" || w == b"\0<");
    !(utf16_markup || has_tag(head))
}

/// Whether `head` holds a tag that only HTML has (case-insensitive).
fn has_tag(head: &[u8]) -> bool {
    const TAGS: [&[u8]; 9] = [
        b"<html",
        b"<!doctype",
        b"<head",
        b"<body",
        b"<p",
        b"<div",
        b"<meta",
        b"<title",
        b"<br",
    ];
    let lower = head.to_ascii_lowercase();
    TAGS.iter()
        .any(|tag| lower.windows(tag.len()).any(|w| w == *tag))
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
}
