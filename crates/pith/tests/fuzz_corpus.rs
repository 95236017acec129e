//! Replays the fuzz seed corpora (`fuzz/corpus/<target>/*`) through the code the fuzz
//! targets run, so `cargo test` keeps them panic-free without cargo-fuzz or nightly.

use std::fs;
use std::path::Path;

// The fuzz package's checks, shared verbatim with `fuzz/fuzz_targets/*.rs`.
#[path = "../../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod checks;
// How a corpus is replayed, shared with `crates/corpus/tests/fuzz_corpora.rs`.
#[path = "../../../fuzz/src/replay.rs"]
#[allow(dead_code)]
mod replay;

use replay::{corpus_files, replay};

#[test]
fn extract_bytes_corpus() {
    replay("extract_bytes", checks::extract_bytes);
}

#[test]
fn decode_corpus() {
    replay("decode", checks::decode);
}

#[test]
fn declutter_corpus() {
    replay("declutter", checks::declutter);
}

#[test]
fn readability_corpus() {
    replay("readability", checks::readability);
}

#[test]
fn learn_corpus() {
    replay("learn", checks::learn);
}

#[test]
fn pipeline_json_corpus() {
    replay("pipeline_json", checks::pipeline_json);
}

#[test]
fn pipeline_toml_corpus() {
    replay("pipeline_toml", checks::pipeline_toml);
}

#[test]
fn warc_corpus() {
    replay("warc", checks::warc);
}

/// Every target's corpus is fed to every check too: pages as pipelines, JSON as pages.
#[test]
fn all_corpora_through_all_checks() {
    let targets = [
        "extract_bytes",
        "decode",
        "pipeline_json",
        "pipeline_toml",
        "declutter",
        "readability",
        "warc",
        "learn",
    ];
    for target in targets {
        for path in corpus_files(target) {
            let data = fs::read(&path).expect("corpus file");
            checks::extract_bytes(&data);
            checks::decode(&data);
            checks::pipeline_json(&data);
            checks::pipeline_toml(&data);
            checks::declutter(&data);
            checks::readability(&data);
            checks::warc(&data);
            checks::learn(&data);
        }
    }
}

/// No corpus directory without a fuzz target, and the reverse.
#[test]
fn corpus_dirs_match_targets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut dirs: Vec<String> = fs::read_dir(root.join("corpus"))
        .expect("fuzz/corpus")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    dirs.sort();
    let mut targets: Vec<String> = fs::read_dir(root.join("fuzz_targets"))
        .expect("fuzz/fuzz_targets")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    targets.sort();
    assert_eq!(dirs, targets);
}
