//! Replays the `sniff` fuzz target's seed corpus (`fuzz/corpus/sniff/*`) through the
//! check the fuzzer runs, so `cargo test` keeps it passing without cargo-fuzz or nightly.

use std::fs;
use std::path::Path;

#[path = "../../../fuzz/src/sniff.rs"]
mod check;

#[test]
fn sniff_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/sniff");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the sniff seed corpus is missing");
    for path in &files {
        let data = fs::read(path).expect("seed readable");
        let outcome = std::panic::catch_unwind(|| check::sniff(&data));
        assert!(outcome.is_ok(), "{} failed the sniff check", path.display());
    }
}
