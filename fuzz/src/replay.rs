//! Replaying a fuzz target's seed corpus (`fuzz/corpus/<target>/*`) under `cargo test`,
//! so the seeds stay passing without cargo-fuzz or nightly. One copy for the test files
//! that replay corpora (`crates/pith/tests/fuzz_corpus.rs`, and
//! `crates/corpus/tests/fuzz_corpora.rs` for the checks that need pith-corpus), each
//! including it with `#[path]`; std only. Both test crates sit at `crates/<name>`, so
//! the corpus is `../../fuzz/corpus` from their manifest.

use std::fs;
use std::path::{Path, PathBuf};

/// The folder of `target`'s seed corpus.
pub fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target)
}

/// Every regular, non-hidden file of a target's corpus, sorted.
pub fn corpus_files(target: &str) -> Vec<PathBuf> {
    let dir = corpus_dir(target);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file())
        .filter(|p| {
            !p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with('.'))
        })
        .collect();
    files.sort();
    files
}

/// Runs `check` on every seed of `target`'s corpus, which must not be empty; a seed
/// that makes it panic fails the test, naming the seed.
pub fn replay(target: &str, check: fn(&[u8])) {
    let files = corpus_files(target);
    assert!(!files.is_empty(), "empty corpus for {target}");
    for path in &files {
        let data = fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{target}: {} panicked", path.display());
    }
}
