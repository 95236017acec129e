//! `learn.justext_label` is jusText's own verdict: added to each jusText 4 preset with
//! that preset's parameters, its column is 1 exactly on the blocks the preset keeps, on
//! any page without the two rules the feature leaves out (a copyright sign, a path under
//! `select`).

use pith_core::{FeatureKey, Label, Pipeline};
use proptest::prelude::*;
use serde_json::{json, Value};

/// The parameter `name` of the stage of type `kind` in `stages`.
fn param(stages: &Value, kind: &str, name: &str) -> Value {
    stages
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["type"] == kind)
        .unwrap_or_else(|| panic!("no {kind}"))[name]
        .clone()
}

/// A jusText 4 preset with `learn.justext_label` added, set from the preset's own rules
/// and passes.
fn preset_with_label(name: &str) -> Pipeline {
    // Links pith-learn's stages into this test binary (typetag registers them there).
    std::hint::black_box(pith_learn::JustextLabel::default());
    let preset = pith_justext::presets()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap();
    let mut spec: Value = serde_json::from_str(preset.json).unwrap();
    let (rules, passes) = (spec["rules"].clone(), spec["passes"].clone());
    assert_eq!(
        param(&passes, "justext.good_headings", "reproduce_3_0_2_bug"),
        false,
        "{name}: the feature runs the heading pass as jusText 4 does"
    );
    let label = json!({
        "type": "learn.justext_label",
        "length_low": param(&rules, "justext.length_low", "length_low"),
        "length_high": param(&rules, "justext.stopwords_high", "length_high"),
        "stopwords_low": param(&rules, "justext.stopwords_low", "stopwords_low"),
        "stopwords_high": param(&rules, "justext.stopwords_high", "stopwords_high"),
        "max_link_density": param(&rules, "justext.max_link_density", "max_link_density"),
        "max_heading_distance": param(&passes, "justext.good_headings", "max_heading_distance"),
        "max_good_distance": param(&passes, "justext.revise_short", "max_good_distance"),
    });
    spec["features"].as_array_mut().unwrap().push(label);
    Pipeline::from_value(spec).unwrap()
}

const PRESETS: &[&str] = &[
    "justext4-very-strict",
    "justext4-strict",
    "justext4-balanced",
    "justext4-permissive",
    "justext4-boilernet2017",
];

/// Whether the column agrees with the pipeline's final labels on `html`; the blocks
/// where it does not, otherwise.
fn disagreements(pipeline: &Pipeline, html: &str) -> Vec<(usize, f64, Label)> {
    let ex = pipeline.run_str(html).unwrap();
    let key = FeatureKey::new("learn.justext_label");
    (0..ex.blocks.len())
        .map(|i| (i, ex.features.get(&key, i).unwrap(), ex.labels[i]))
        .filter(|&(_, value, label)| (value == 1.0) != (label == Label::Good))
        .collect()
}

#[test]
fn a_short_line_between_paragraphs_is_kept_and_a_menu_is_not() {
    let prose = "The river flows through the old town and it is known for the bridges that \
                 were built over it in the years after the war, when the town was rebuilt \
                 by the people who had come back to it and who wanted to see it as it was.";
    let html = format!(
        "<html><body><ul><li><a href=/>Home</a></li><li><a href=/n>News</a></li></ul>\
         <h1>The river</h1><p>{prose}</p><p>Photo: the bridge.</p><p>{prose}</p>\
         <p>Share</p></body></html>"
    );
    for name in PRESETS {
        let pipeline = preset_with_label(name);
        assert_eq!(disagreements(&pipeline, &html), [], "{name}");
        let ex = pipeline.run_str(&html).unwrap();
        let key = FeatureKey::new("learn.justext_label");
        let kept: Vec<&str> = (0..ex.blocks.len())
            .filter(|&i| ex.features.get(&key, i) == Some(1.0))
            .map(|i| ex.blocks[i].text.as_str())
            .collect();
        assert!(kept.contains(&"Photo: the bridge."), "{name}: {kept:?}");
        assert!(!kept.contains(&"Home"), "{name}: {kept:?}");
    }
}

/// Words of prose and of page furniture, stop words among them; no copyright sign.
const WORDS: &[&str] = &[
    "the", "and", "of", "it", "was", "in", "to", "that", "river", "bridge", "town", "Home", "News",
    "Login", "2024", "share", "built", "years", "|", "»",
];

fn block() -> impl Strategy<Value = String> {
    let words = prop::collection::vec(prop::sample::select(WORDS), 0..40).prop_map(|w| w.join(" "));
    (0..6u8, words).prop_map(|(kind, text)| match kind {
        0 => format!("<p>{text}</p>"),
        1 => format!("<h2>{text}</h2>"),
        2 => format!("<p><a href=/x>{text}</a></p>"),
        3 => format!("<p>{text} <a href=/y>more</a> {text}</p>"),
        4 => format!("<ul><li><a href=/z>{text}</a></li><li>{text}</li></ul>"),
        _ => format!("<div>{text}</div>"),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_column_is_the_presets_verdict(blocks in prop::collection::vec(block(), 0..30)) {
        let html = format!("<html><body>{}</body></html>", blocks.concat());
        for name in PRESETS {
            let pipeline = preset_with_label(name);
            prop_assert_eq!(disagreements(&pipeline, &html), vec![], "{}", name);
        }
    }
}
