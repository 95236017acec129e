//! Golden fixtures (`tests/golden/<name>/` at the workspace root), produced by the pinned
//! Python jusText 3.0.2 reference.
//!
//! - Tree level: the reference's own event stream (`events.json`) fed to our segmenter,
//!   features, rules and passes must reproduce `expected.json` on every field. A failure
//!   is a port bug, never a parser difference.
//! - End to end: `run_bytes(input.html)` must reproduce (text, class_type, cf_class,
//!   heading) of every paragraph for fixtures whose README index says html5ever builds the
//!   same tree; where the reference raised, we must return Ok with zero paragraphs. The
//!   other fixtures are only reported, but any end-to-end difference must be listed as
//!   expected in the README index.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pith_core::Pipeline;
use pith_dom::{Document, Event};
use serde_json::Value;

use crate::common::compare;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden")
}

/// Fixture folders, sorted.
fn fixtures() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("tests/golden exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("input.html").is_file())
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty(), "no golden fixtures found");
    dirs
}

fn name(dir: &Path) -> String {
    dir.file_name().unwrap().to_string_lossy().into_owned()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The justext preset with the fixture's `params.json` applied (reference kwargs).
fn pipeline_for(dir: &Path) -> Pipeline {
    let preset = pith_justext::presets()
        .into_iter()
        .find(|p| p.name == "justext")
        .expect("justext preset");
    let mut v: Value = serde_json::from_str(preset.json).unwrap();
    let params_path = dir.join("params.json");
    if params_path.is_file() {
        let params = read_json(&params_path);
        let params = params.as_object().expect("params.json is an object");
        let stoplist_none = params.get("stoplist").and_then(Value::as_str) == Some("none");
        for (k, val) in params {
            // "none" overrides any stopwords_* in the same file.
            if stoplist_none && (k == "stopwords_low" || k == "stopwords_high") {
                continue;
            }
            let n = pith_core::set_param(&mut v, k, val.clone());
            assert!(n > 0, "{}: parameter {k} matches no stage", name(dir));
        }
        if stoplist_none {
            for k in ["stopwords_low", "stopwords_high"] {
                assert!(pith_core::set_param(&mut v, k, Value::from(0.0)) > 0);
            }
        }
    }
    Pipeline::from_value(v).unwrap_or_else(|e| panic!("{}: {e}", name(dir)))
}

/// The reference's paragraph list, or `None` when it raised.
fn expected_paragraphs(dir: &Path) -> Option<Vec<Value>> {
    match read_json(&dir.join("expected.json")) {
        Value::Array(a) => Some(a),
        Value::Object(o) if o.contains_key("error") => None,
        other => panic!("{}: unexpected expected.json: {other}", name(dir)),
    }
}

/// Fixtures for which the README index (`| fixture | checklist item | expected html5ever
/// difference |`) announces a paragraph-level difference. The third column is "none" (or
/// starts with "none", e.g. "none with html5lib (...)") when the paragraphs are the same;
/// "same tree; ..." and "events only (...); paragraphs same ..." also mean the paragraph
/// list is expected to be identical. Anything else names the expected difference.
fn expected_differences() -> BTreeSet<String> {
    let readme = std::fs::read_to_string(golden_dir().join("README.md")).unwrap();
    let index = readme
        .split("## Index")
        .nth(1)
        .expect("README has an Index section");
    let mut rows = 0;
    let mut set = BTreeSet::new();
    for line in index.lines() {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
        if cells.len() != 3 {
            continue;
        }
        let fixture = cells[0].trim().trim_matches('`');
        let diff = cells[2].trim();
        if fixture == "fixture" || fixture.starts_with("---") || fixture.is_empty() {
            continue;
        }
        rows += 1;
        let same = diff.starts_with("none")
            || diff.starts_with("same tree")
            || diff.contains("paragraphs same");
        if !same {
            set.insert(fixture.to_owned());
        }
    }
    assert!(rows > 0, "README index table not found or not parsable");
    let all: BTreeSet<String> = fixtures().iter().map(|d| name(d)).collect();
    let unknown: Vec<&String> = set.difference(&all).collect();
    assert!(
        unknown.is_empty(),
        "README index names unknown fixtures: {unknown:?}"
    );
    set
}

#[test]
fn event_streams_reproduce_the_reference_exactly() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for dir in fixtures() {
        let n = name(&dir);
        let events_path = dir.join("events.json");
        if !events_path.is_file() {
            continue;
        }
        let Some(expected) = expected_paragraphs(&dir) else {
            continue;
        };
        let events: Vec<Event> = match serde_json::from_value(read_json(&events_path)) {
            Ok(ev) => ev,
            Err(e) => {
                failures.push(format!("{n}: events.json: {e}"));
                continue;
            }
        };
        checked += 1;
        let result = Document::from_events(events)
            .map_err(|e| format!("from_events: {e}"))
            .and_then(|doc| {
                pipeline_for(&dir)
                    .classify(&doc)
                    .map_err(|e| format!("classify: {e}"))
            })
            .and_then(|ex| compare(&ex, &expected, true));
        if let Err(why) = result {
            failures.push(format!("{n}: {why}"));
        }
    }
    eprintln!(
        "tree level: {} of {checked} fixtures identical on every field",
        checked - failures.len()
    );
    assert!(checked > 0, "no fixture with events.json");
    assert!(
        failures.is_empty(),
        "{} fixture(s) differ at tree level:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn html_inputs_reproduce_the_reference_end_to_end() {
    let listed = expected_differences();
    let mut failures = Vec::new();
    let mut differing = BTreeSet::new();
    let (mut equal, mut total) = (0, 0);
    for dir in fixtures() {
        let n = name(&dir);
        total += 1;
        let bytes = std::fs::read(dir.join("input.html")).unwrap();
        let ex = match pipeline_for(&dir).run_bytes(&bytes) {
            Ok(ex) => ex,
            Err(e) => {
                failures.push(format!("{n}: run_bytes failed: {e}"));
                continue;
            }
        };
        let Some(expected) = expected_paragraphs(&dir) else {
            // The reference raised (empty document): we return nothing instead.
            if ex.blocks.is_empty() {
                equal += 1;
            } else {
                failures.push(format!(
                    "{n}: reference raised, we returned {} paragraph(s)",
                    ex.blocks.len()
                ));
            }
            continue;
        };
        match compare(&ex, &expected, false) {
            Ok(()) => {
                equal += 1;
                if listed.contains(&n) {
                    eprintln!("{n}: equal (an html5ever difference was expected)");
                }
            }
            Err(why) => {
                differing.insert(n.clone());
                if listed.contains(&n) {
                    eprintln!("{n}: differs as expected: {why}");
                } else {
                    failures.push(format!("{n}: {why}"));
                }
            }
        }
    }
    eprintln!(
        "end to end: {equal} of {total} fixtures equal; {} differ ({} listed as expected in the README)",
        differing.len(),
        listed.len()
    );
    let unlisted: Vec<&String> = differing.difference(&listed).collect();
    assert!(
        failures.is_empty(),
        "{} fixture(s) fail end to end (unlisted differences: {unlisted:?}):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
