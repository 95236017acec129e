//! End-to-end parity with Python jusText 3.0.2 on raw HTML, as a test: the figures in
//! docs/parity.md must hold, and the parse limits (on by default) must not change any
//! ordinary page: the same pages give the same paragraphs with every limit switched off.

use serde_json::Value;

type Key = (String, String, String, bool);

fn keys(records: &[pith::output::ParagraphRecord<'_>]) -> Vec<Key> {
    records
        .iter()
        .map(|r| {
            (
                r.text.to_owned(),
                r.class_type.to_string(),
                r.cf_class.to_string(),
                r.heading,
            )
        })
        .collect()
}

fn reference_keys(v: &Value) -> Vec<Key> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["text"].as_str().unwrap().to_owned(),
                p["class_type"].as_str().unwrap().to_owned(),
                p["cf_class"].as_str().unwrap().to_owned(),
                p["heading"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// Returns (pages, pages identical to the reference), or None without the dataset.
fn check(dataset: &str) -> Option<(usize, usize)> {
    pith_testdata::dataset(&format!("{dataset}/html"))?;
    let dir = pith_testdata::dataset(dataset)?;
    let with_limits = pith::preset("justext").unwrap();
    let mut unlimited = pith::preset_value("justext").unwrap();
    for limit in ["max_depth", "max_attributes", "max_nodes"] {
        unlimited["parse"][limit] = serde_json::json!(0);
    }
    let unlimited = pith::Pipeline::from_value(unlimited).unwrap();
    let pages = pith_testdata::files_with_extension(&dir.join("html"), "html");
    let mut identical = 0;
    for page in &pages {
        let bytes = std::fs::read(page).unwrap();
        let id = page.file_stem().unwrap().to_string_lossy();
        let ex = with_limits.run_bytes(&bytes).unwrap();
        assert!(
            ex.diagnostics.notes.is_empty(),
            "{id}: a limit was hit on an ordinary page: {:?}",
            ex.diagnostics.notes
        );
        let ours = keys(&pith::output::records(&ex));
        let raw = unlimited.run_bytes(&bytes).unwrap();
        assert_eq!(
            ours,
            keys(&pith::output::records(&raw)),
            "{id}: limits changed the result"
        );
        let reference: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join("justext-3.0.2").join(format!("{id}.json"))).unwrap(),
        )
        .unwrap();
        if ours == reference_keys(&reference) {
            identical += 1;
        }
    }
    eprintln!(
        "{dataset}: {identical}/{} pages identical end to end",
        pages.len()
    );
    Some((pages.len(), identical))
}

#[test]
fn scrapinghub_end_to_end_parity_holds_with_the_limits_on() {
    if let Some((pages, identical)) = check("scrapinghub") {
        assert_eq!(pages, 181);
        assert_eq!(identical, 181, "docs/parity.md records 181/181");
    }
}

#[test]
fn cleaneval_end_to_end_parity_holds_with_the_limits_on() {
    if let Some((pages, identical)) = check("cleaneval-dev") {
        assert_eq!(pages, 57);
        assert_eq!(
            identical, 52,
            "docs/parity.md records 52/57 and names the other five"
        );
    }
}
