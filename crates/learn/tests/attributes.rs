//! Features that read attributes see them whatever the rest of the pipeline reads: the
//! parser leaves out the attributes no stage reads (decision 0007), and features are
//! stages that read the document too. A jusText pipeline (whose stages read almost no
//! attribute) with the `learn` features that read `class`, `style` and the like added
//! must give the same columns as when the whole tree is kept.

use pith_core::{FeatureKey, Pipeline};

const PAGE: &str = "<html><body><div class=story><p>The council said that it would review \
    the plan for the new bridge over the river before the end of the year.</p></div>\
    <div style='display:none' itemprop=articleBody><p>The council said that it would \
    review the plan for the new bridge over the river before the end of the year.</p></div>\
    <div class=comment-1><p>First!</p></div><div class=comment-2><p>Second.</p></div>\
    </body></html>";

#[test]
fn features_that_read_attributes_keep_them_in_a_justext_pipeline() {
    // Links pith-learn's stages into this test binary (typetag registers them there).
    std::hint::black_box(pith_learn::Hidden {});
    let justext = pith_justext::presets()
        .into_iter()
        .find(|p| p.name == "justext")
        .unwrap();
    let mut spec: serde_json::Value = serde_json::from_str(justext.json).unwrap();
    let added = [
        serde_json::json!({"type": "learn.class_words", "words": ["story"]}),
        serde_json::json!({"type": "learn.class_words", "words": ["articlebody"],
            "attributes": ["itemprop"], "key": "schema"}),
        serde_json::json!({"type": "learn.hidden"}),
        serde_json::json!({"type": "learn.path_group", "stat": "blocks"}),
    ];
    spec["features"].as_array_mut().unwrap().extend(added);
    let pipeline = Pipeline::from_value(spec).unwrap();
    let cut = pipeline.run_str(PAGE).unwrap();
    let whole = pipeline.run_str_keeping_tree(PAGE).unwrap().0;
    let column = |ex: &pith_core::Extraction, key: &str| -> Vec<f64> {
        let key = FeatureKey(key.to_owned().into());
        (0..ex.blocks.len())
            .map(|i| ex.features.get(&key, i).unwrap())
            .collect()
    };
    assert_eq!(cut.blocks.len(), 4);
    assert_eq!(column(&cut, "learn.class_words"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(column(&cut, "schema"), [0.0, 1.0, 0.0, 0.0]);
    // (jusText's cleaning removes every `style` attribute, so `learn.hidden` reads 0
    // on this page either way; it is compared below.)
    // The two comments share a path (their classes differ in digits only).
    assert_eq!(
        column(&cut, "learn.path_group_blocks"),
        [1.0, 1.0, 2.0, 2.0]
    );
    for key in [
        "learn.class_words",
        "schema",
        "learn.hidden",
        "learn.path_group_blocks",
    ] {
        assert_eq!(column(&cut, key), column(&whole, key), "{key}");
    }
}
