//! Comparison of our paragraphs with the reference's JSON output, shared by the parity
//! tests (`parity_events`, `golden`).

use pith_core::Extraction;
use pith_justext::features::{HEADING, LINK_DENSITY, STOPWORDS_DENSITY, WORDS_COUNT};
use serde_json::Value;

pub fn close(expected: &Value, ours: Option<f64>) -> bool {
    match (expected.as_f64(), ours) {
        (Some(e), Some(o)) => (e - o).abs() <= 1e-12,
        _ => false,
    }
}

/// Compares paragraphs; `full` = every field, else (text, class_type, cf_class, heading).
/// Returns the first difference.
pub fn compare(ex: &Extraction, expected: &[Value], full: bool) -> Result<(), String> {
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
        let mut checks: Vec<(&str, bool, String)> = vec![
            (
                "text",
                get("text") == b.text.as_str(),
                format!("{:?}", b.text),
            ),
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
                "heading",
                get("heading").as_bool() == Some(f.get(&HEADING, i) == Some(1.0)),
                format!("{:?}", f.get(&HEADING, i)),
            ),
        ];
        if full {
            checks.extend([
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
                    "words_count",
                    get("words_count").as_f64() == f.get(&WORDS_COUNT, i),
                    format!("{:?}", f.get(&WORDS_COUNT, i)),
                ),
                (
                    "links_density",
                    close(get("links_density"), f.get(&LINK_DENSITY, i)),
                    format!("{:?}", f.get(&LINK_DENSITY, i)),
                ),
                (
                    "stopwords_density",
                    close(get("stopwords_density"), f.get(&STOPWORDS_DENSITY, i)),
                    format!("{:?}", f.get(&STOPWORDS_DENSITY, i)),
                ),
            ]);
        }
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
