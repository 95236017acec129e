//! The check behind the `jsonl` fuzz target: bytes as a JSON Lines file through
//! pith-corpus's reader (`pith_corpus::jsonl::JsonlReader`).
//!
//! Shared with `crates/corpus/tests/fuzz_corpora.rs` (included there with `#[path]`), so
//! `cargo test -p pith-corpus` replays the seed corpus through exactly this code. It
//! depends on `pith_corpus` and `serde_json` only, which is why it is not in `lib.rs`
//! (that file is shared with the `pith` crate's tests, which do not link pith-corpus).

use pith_corpus::jsonl::{JsonlItem, JsonlReader};

/// A small line limit, so over-long lines are reached by small inputs too.
const MAX_BYTES: u64 = 64;

/// The reader's limit on a line: `max_bytes` plus 64 KiB for the other fields.
const LINE_LIMIT: usize = MAX_BYTES as usize + 64 * 1024;

/// `jsonl`: must never panic. Checked besides: no line is silently dropped (one item per
/// line that is not blank, an over-long one included; a byte order mark opening the
/// input is not part of the first line), and a line that is a JSON object
/// with a string `html` field is a document with exactly that text (the reader keeps the
/// last of repeated fields, as `serde_json` does).
pub fn jsonl(data: &[u8]) {
    let items: Vec<JsonlItem> =
        JsonlReader::new(data, "fuzz".to_owned(), "html".to_owned(), MAX_BYTES).collect();

    // Each line with whether a newline ended it (the reader counts it in the size).
    let mut lines: Vec<(&[u8], bool)> = data.split(|&b| b == b'\n').map(|l| (l, true)).collect();
    if let Some(last) = lines.pop() {
        if !last.0.is_empty() {
            lines.push((last.0, false)); // the rest after the last newline
        }
    }
    // A byte order mark before the first line is not part of it (but counts in its
    // length).
    let counted: Vec<(&[u8], bool)> = lines
        .into_iter()
        .enumerate()
        .map(|(i, (l, newline))| {
            let overlong = l.len() + usize::from(newline) > LINE_LIMIT;
            let content = match i {
                0 => l.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(l),
                _ => l,
            };
            (content, overlong)
        })
        .filter(|&(l, overlong)| overlong || !l.iter().all(u8::is_ascii_whitespace))
        .collect();
    assert_eq!(items.len(), counted.len(), "a line was dropped or invented");

    for (item, &(line, overlong)) in items.iter().zip(&counted) {
        let expected = serde_json::from_slice::<serde_json::Value>(line)
            .ok()
            .and_then(|v| v.get("html").and_then(|h| h.as_str().map(str::to_owned)))
            .filter(|_| !overlong);
        match (item, expected) {
            (JsonlItem::Doc(meta, text), Some(html)) => {
                assert_eq!(text, &html, "the document's text is not its html field");
                assert!(!meta.id.is_empty(), "a document without an id");
            }
            (JsonlItem::Error(_, msg), Some(_)) => {
                panic!("a line with a string html field became an error: {msg}")
            }
            (_, None) => {}
        }
    }
}
