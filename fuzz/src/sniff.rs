//! The check of the `sniff` fuzz target, shared with `crates/corpus/tests/fuzz_corpora.rs`
//! (which replays the seed corpus under `cargo test`): what a WARC payload becomes.
//! Undoing each content coding (`pith_corpus::http_payload`) never panics and never
//! gives more than the limit; whether bytes are a page at all
//! (`pith_corpus::sniff::not_a_page`) never panics, reads only the first 8 KiB, and
//! takes bytes that start with a tag for a page whatever follows.

/// How many leading bytes decide (`sniff.rs`'s `SNIFF_BYTES`).
const DECIDING_BYTES: usize = 8192;

/// The most bytes a payload may decode to here.
const LIMIT: u64 = 1 << 16;

/// Runs the checks on one input.
pub fn sniff(data: &[u8]) {
    for coding in ["gzip", "deflate", "br", "zstd", "gzip, br"] {
        match pith_corpus::http_payload(data, false, Some(coding), LIMIT) {
            Ok(page) => assert!(page.len() as u64 <= LIMIT.max(data.len() as u64)),
            Err(e) => assert!(e.contains("larger than"), "{coding}: {e}"),
        }
    }
    let verdict = pith_corpus::sniff::not_a_page(data);
    if data.len() > DECIDING_BYTES {
        assert_eq!(
            verdict,
            pith_corpus::sniff::not_a_page(&data[..DECIDING_BYTES]),
            "bytes past the first 8 KiB changed the verdict"
        );
    }
    let mut page = b"<html>".to_vec();
    page.extend_from_slice(data);
    let verdict = pith_corpus::sniff::not_a_page(&page);
    assert!(verdict.is_none(), "markup first is a page: {verdict:?}");
}
