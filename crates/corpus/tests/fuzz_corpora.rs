//! Replays the seed corpora of the fuzz targets whose checks need pith-corpus
//! (`fuzz/corpus/jsonl/*`, `fuzz/corpus/sniff/*`) through the checks the fuzzer runs, so
//! `cargo test` keeps them passing without cargo-fuzz or nightly. (The other targets'
//! corpora are replayed by `crates/pith/tests/fuzz_corpus.rs`.)

use std::fs;
use std::path::Path;

#[path = "../../../fuzz/src/jsonl.rs"]
mod jsonl;
#[path = "../../../fuzz/src/sniff.rs"]
mod sniff;

/// Runs `check` on every seed of `target`'s corpus (at least five of them).
fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the {target} seed corpus is missing");
    for path in &files {
        let data = fs::read(path).expect("seed readable");
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(
            outcome.is_ok(),
            "{} failed the {target} check",
            path.display()
        );
    }
}

#[test]
fn jsonl_corpus() {
    replay("jsonl", jsonl::jsonl);
}

#[test]
fn sniff_corpus() {
    replay("sniff", sniff::sniff);
}
