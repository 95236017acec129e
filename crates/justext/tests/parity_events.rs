//! Tree-level parity with Python jusText 3.0.2: for every page of the datasets, the
//! reference's own event stream (after its parse and cleaning) is fed to our segmenter,
//! features, rules and passes; every paragraph must equal the reference's on every
//! field. A difference here is a port bug, never a parser difference.
//!
//! Data: `$PITH_DATASETS/{scrapinghub,cleaneval-dev}/justext-3.0.2{,-events}/`
//! (default `../shared/datasets` beside the workspace).

use std::path::{Path, PathBuf};

use pith_core::{Extraction, Pipeline};
use pith_dom::{Document, Event};
use serde_json::Value;

fn datasets_dir() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    match std::env::var_os("PITH_DATASETS") {
        Some(p) if Path::new(&p).is_absolute() => PathBuf::from(p),
        Some(p) => root.join(p),
        None => root.join("../shared/datasets"),
    }
}

/// Compares one page; returns a description of the first difference.
fn compare(ex: &Extraction, expected: &[Value]) -> Result<(), String> {
    if ex.blocks.len() != expected.len() {
        let ours: Vec<&str> = ex.blocks.iter().map(|b| b.text.as_str()).collect();
        return Err(format!(
            "{} paragraphs, expected {}; ours: {:?}",
            ex.blocks.len(),
            expected.len(),
            &ours[..ours.len().min(5)]
        ));
    }
    let f = &ex.features;
    for (i, (b, e)) in ex.blocks.iter().zip(expected).enumerate() {
        let get = |k: &str| e.get(k).unwrap_or(&Value::Null);
        let checks: Vec<(&str, bool, String)> = vec![
            ("text", get("text") == b.text.as_str(), b.text.clone()),
            (
                "class_type",
                get("class_type") == ex.labels[i].as_str(),
                ex.labels[i].to_string(),
            ),
            (
                "cf_class",
                get("cf_class") == ex.cf_labels[i].as_str(),
                ex.cf_labels[i].to_string(),
            ),
            (
                "dom_path",
                get("dom_path") == b.dom_path.as_str(),
                b.dom_path.clone(),
            ),
            ("xpath", get("xpath") == b.xpath.as_str(), b.xpath.clone()),
            (
                "chars_count_in_links",
                get("chars_count_in_links").as_u64() == Some(b.chars_count_in_links as u64),
                b.chars_count_in_links.to_string(),
            ),
            (
                "tags_count",
                get("tags_count").as_i64() == Some(b.tags_count),
                b.tags_count.to_string(),
            ),
            (
                "heading",
                get("heading").as_bool()
                    == Some(f.get(&pith_justext::features::HEADING, i) == Some(1.0)),
                format!("{:?}", f.get(&pith_justext::features::HEADING, i)),
            ),
            (
                "words_count",
                get("words_count").as_f64() == f.get(&pith_justext::features::WORDS_COUNT, i),
                format!("{:?}", f.get(&pith_justext::features::WORDS_COUNT, i)),
            ),
            (
                "links_density",
                close(
                    get("links_density"),
                    f.get(&pith_justext::features::LINK_DENSITY, i),
                ),
                format!("{:?}", f.get(&pith_justext::features::LINK_DENSITY, i)),
            ),
            (
                "stopwords_density",
                close(
                    get("stopwords_density"),
                    f.get(&pith_justext::features::STOPWORDS_DENSITY, i),
                ),
                format!("{:?}", f.get(&pith_justext::features::STOPWORDS_DENSITY, i)),
            ),
        ];
        for (field, ok, ours) in checks {
            if !ok {
                return Err(format!(
                    "paragraph {i} ({:?}): {field} is {ours}, expected {}",
                    b.text.chars().take(60).collect::<String>(),
                    get(field)
                ));
            }
        }
    }
    Ok(())
}

fn close(expected: &Value, ours: Option<f64>) -> bool {
    match (expected.as_f64(), ours) {
        (Some(e), Some(o)) => (e - o).abs() <= 1e-12,
        _ => false,
    }
}

fn check_dataset(name: &str, pipeline: &Pipeline) -> Option<(usize, Vec<String>)> {
    let dir = datasets_dir().join(name);
    let events_dir = dir.join("justext-3.0.2-events");
    if !events_dir.is_dir() {
        eprintln!("skipped: dataset not found: {}", events_dir.display());
        return None;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&events_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
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
        if let Err(why) = compare(&ex, &expected) {
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
