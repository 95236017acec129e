//! Tree-level parity with Python jusText 3.0.2: for every page of the datasets, the
//! reference's own event stream (after its parse and cleaning) is fed to our segmenter,
//! features, rules and passes; every paragraph must equal the reference's on every
//! field. A difference here is a port bug, never a parser difference.
//!
//! Data: `$PITH_DATASETS/{scrapinghub,cleaneval-dev}/justext-3.0.2{,-events}/`
//! (default `../shared/datasets` beside the workspace).

use pith_core::Pipeline;
use pith_dom::{Document, Event};
use serde_json::Value;

use crate::common::compare;

fn check_dataset(name: &str, pipeline: &Pipeline) -> Option<(usize, Vec<String>)> {
    let dir = pith_testdata::dataset(name)?;
    let events_dir = pith_testdata::dataset(&format!("{name}/justext-3.0.2-events"))?;
    let files = pith_testdata::files_with_extension(&events_dir, "json");
    let mut failures = Vec::new();
    for path in &files {
        let id = path.file_name().unwrap().to_string_lossy().into_owned();
        let events: Vec<Event> =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let expected: Vec<Value> = serde_json::from_str(
            &std::fs::read_to_string(dir.join("justext-3.0.2").join(&id)).unwrap(),
        )
        .unwrap();
        let doc = Document::from_events(events).unwrap();
        let ex = pipeline.classify(&doc).unwrap();
        if let Err(why) = compare(&ex, &expected, true) {
            failures.push(format!("{name}/{id}: {why}"));
        }
    }
    Some((files.len(), failures))
}

#[test]
fn event_streams_reproduce_the_reference_exactly() {
    let pipeline = pith_justext::pipeline("justext").unwrap().unwrap();
    let mut all_failures = Vec::new();
    for name in ["scrapinghub", "cleaneval-dev"] {
        if let Some((pages, failures)) = check_dataset(name, &pipeline) {
            eprintln!(
                "{name}: {} of {pages} pages identical on every field",
                pages - failures.len()
            );
            assert!(pages > 0, "{name}: no pages found");
            all_failures.extend(failures);
        }
    }
    assert!(
        all_failures.is_empty(),
        "{} page(s) differ:\n{}",
        all_failures.len(),
        all_failures.join("\n")
    );
}
