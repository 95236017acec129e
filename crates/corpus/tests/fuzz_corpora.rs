//! Replays the seed corpora of the fuzz targets whose checks need pith-corpus
//! (`fuzz/corpus/jsonl/*`, `fuzz/corpus/sniff/*`, `fuzz/corpus/corpus_warc/*`) through the checks the fuzzer runs, so
//! `cargo test` keeps them passing without cargo-fuzz or nightly. (The other targets'
//! corpora are replayed by `crates/pith/tests/fuzz_corpus.rs`.)

#[path = "../../../fuzz/src/corpus_warc.rs"]
mod corpus_warc;
#[path = "../../../fuzz/src/jsonl.rs"]
mod jsonl;
#[path = "../../../fuzz/src/replay.rs"]
#[allow(dead_code)]
mod replay;
#[path = "../../../fuzz/src/sniff.rs"]
mod sniff;

/// [`replay::replay`], with at least five seeds in the corpus.
fn replay(target: &str, check: fn(&[u8])) {
    let seeds = replay::corpus_files(target).len();
    assert!(seeds >= 5, "the {target} seed corpus is missing");
    replay::replay(target, check);
}

#[test]
fn jsonl_corpus() {
    replay("jsonl", jsonl::jsonl);
}

#[test]
fn sniff_corpus() {
    replay("sniff", sniff::sniff);
}

#[test]
fn corpus_warc_corpus() {
    replay("corpus_warc", corpus_warc::corpus_warc);
}
