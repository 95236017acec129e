//! Golden cases, one folder each under `tests/golden/`: `input.html` (read as bytes),
//! an optional `pipeline.json` (default: the `readability` preset), `expected.json`
//! (every block's `text`, `cf_label` and `label`) and a `README.md` saying which step
//! of Readability.js the case shows. Each case is its own test.
//! `PITH_BLESS_GOLDEN=1 cargo test -p pith-readability golden::` rewrites the
//! expected files (review the diff: they are the specification).

use std::path::{Path, PathBuf};

use pith_core::Pipeline;
use serde_json::{json, Value};

fn case_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

fn run_case(name: &str) {
    let dir = case_dir(name);
    let pipeline_file = dir.join("pipeline.json");
    let pipeline = if pipeline_file.is_file() {
        Pipeline::from_json(&std::fs::read_to_string(&pipeline_file).unwrap()).unwrap()
    } else {
        Pipeline::from_json(pith_readability::presets()[0].json).unwrap()
    };
    let input = std::fs::read(dir.join("input.html")).unwrap();
    let ex = pipeline.run_bytes(&input).unwrap();
    let blocks: Vec<Value> = ex
        .blocks
        .iter()
        .zip(ex.cf_labels.iter().zip(&ex.labels))
        .map(|(b, (cf, l))| json!({"text": b.text, "cf_label": cf, "label": l}))
        .collect();
    let got = Value::Array(blocks);
    let expected_file = dir.join("expected.json");
    if std::env::var_os("PITH_BLESS_GOLDEN").is_some() {
        let text = serde_json::to_string_pretty(&got).unwrap() + "\n";
        std::fs::write(&expected_file, text).unwrap();
        return;
    }
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(&expected_file).unwrap()).unwrap();
    assert_eq!(
        got,
        expected,
        "{name}: got\n{}",
        serde_json::to_string_pretty(&got).unwrap()
    );
}

macro_rules! golden {
    ($($name:ident),* $(,)?) => {
        $(#[test] fn $name() { run_case(stringify!($name)); })*
    };
}

golden!(
    unlikely_candidates,
    sibling_inclusion,
    retry_without_unlikely_stripping,
    clean_conditionally,
    title_and_byline,
    br_chains,
    hidden_nodes,
);

#[test]
fn every_folder_has_a_test() {
    let listed = [
        "unlikely_candidates",
        "sibling_inclusion",
        "retry_without_unlikely_stripping",
        "clean_conditionally",
        "title_and_byline",
        "br_chains",
        "hidden_nodes",
    ];
    let mut found: Vec<String> = std::fs::read_dir(case_dir(""))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    let mut listed: Vec<String> = listed.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
}
