//! Replays the `jsonl` fuzz target's seed corpus (`fuzz/corpus/jsonl/*`) through the
//! check the fuzzer runs, so `cargo test` keeps it passing without cargo-fuzz or nightly.

use std::fs;
use std::path::Path;

#[path = "../../../fuzz/src/jsonl.rs"]
mod check;

#[test]
fn jsonl_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/jsonl");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the jsonl seed corpus is missing");
    for path in &files {
        let data = fs::read(path).expect("seed readable");
        let outcome = std::panic::catch_unwind(|| check::jsonl(&data));
        assert!(outcome.is_ok(), "{} failed the jsonl check", path.display());
    }
}
