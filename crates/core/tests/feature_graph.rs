//! The feature dependency graph is checked and ordered once, at load time.

use pith_core::{Block, Error, Feature, FeatureKey, FeatureTable, Pipeline, Result, Segmenter};
use pith_dom::Document;
use serde::{Deserialize, Serialize};

/// A feature with a configurable key and dependencies; its value is 1 + the sum of its
/// inputs, so the order of computation shows in the numbers.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sum {
    key: String,
    #[serde(default)]
    inputs: Vec<String>,
}

#[typetag::serde(name = "test.sum")]
impl Feature for Sum {
    fn key(&self) -> FeatureKey {
        FeatureKey(self.key.clone().into())
    }
    fn requires(&self) -> Vec<FeatureKey> {
        self.inputs
            .iter()
            .map(|k| FeatureKey(k.clone().into()))
            .collect()
    }
    fn compute(&self, blocks: &[Block], table: &FeatureTable) -> Result<Vec<f64>> {
        Ok((0..blocks.len())
            .map(|i| {
                1.0 + self
                    .requires()
                    .iter()
                    .map(|k| table.get(k, i).expect("inputs are computed first"))
                    .sum::<f64>()
            })
            .collect())
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct OneBlock {}

#[typetag::serde(name = "test.one_block")]
impl Segmenter for OneBlock {
    fn segment(&self, _: &Document) -> Result<Vec<Block>> {
        Ok(vec![Block::default()])
    }
}

fn load(features: &str) -> Result<Pipeline> {
    Pipeline::from_json(&format!(
        r#"{{"version": 1, "segmenter": {{"type": "test.one_block"}}, "features": {features}}}"#
    ))
}

#[test]
fn features_are_computed_in_dependency_order_whatever_the_file_order() {
    let p = load(
        r#"[{"type": "test.sum", "key": "c", "inputs": ["a", "b"]},
            {"type": "test.sum", "key": "b", "inputs": ["a"]},
            {"type": "test.sum", "key": "a"}]"#,
    )
    .unwrap();
    let ex = p.run_str("").unwrap();
    let get = |k: &'static str| ex.features.get(&FeatureKey::new(k), 0);
    assert_eq!(
        (get("a"), get("b"), get("c")),
        (Some(1.0), Some(2.0), Some(4.0))
    );
}

#[test]
fn a_missing_dependency_names_the_stage_and_the_feature() {
    let err = load(r#"[{"type": "test.sum", "key": "b", "inputs": ["a"]}]"#).unwrap_err();
    match err {
        Error::MissingFeature { stage, feature } => {
            assert_eq!((stage.as_str(), feature.as_str()), ("test.sum", "a"))
        }
        other => panic!("unexpected {other}"),
    }
}

#[test]
fn a_cycle_is_an_error_naming_a_stage() {
    let err = load(
        r#"[{"type": "test.sum", "key": "a", "inputs": ["b"]},
            {"type": "test.sum", "key": "b", "inputs": ["a"]}]"#,
    )
    .unwrap_err();
    assert!(matches!(&err, Error::CyclicFeatures { stage } if stage == "test.sum"));
    assert!(err.to_string().contains("cycle"));
}

#[test]
fn two_stages_computing_one_feature_is_an_error() {
    let err = load(r#"[{"type": "test.sum", "key": "a"}, {"type": "test.sum", "key": "a"}]"#)
        .unwrap_err();
    assert!(matches!(err, Error::DuplicateFeature { .. }));
}

#[test]
fn load_errors_name_the_path_of_the_bad_field() {
    let err = load(r#"[{"type": "test.sum", "key": "a", "inputz": []}]"#).unwrap_err();
    let msg = err.to_string();
    assert!(msg.starts_with("features[0]"), "{msg}");
    assert!(msg.contains("inputz"), "{msg}");
    let err = Pipeline::from_json(r#"{"version": 2, "segmenter": {"type": "test.one_block"}}"#)
        .unwrap_err();
    assert!(matches!(err, Error::Version(2)));
}

/// Reads the tree: 1 when the pipeline handed it a document, 0 otherwise.
#[derive(Debug, Serialize, Deserialize)]
struct SeesDocument {}

#[typetag::serde(name = "test.sees_document")]
impl Feature for SeesDocument {
    fn key(&self) -> FeatureKey {
        FeatureKey::new("seen")
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![0.0; blocks.len()])
    }
    fn compute_in(&self, input: pith_core::FeatureInput<'_>) -> Result<Vec<f64>> {
        let seen = f64::from(u8::from(input.document.is_some()));
        Ok(vec![seen; input.blocks.len()])
    }
}

#[test]
fn features_see_the_document_when_the_pipeline_has_one() {
    let p = load(r#"[{"type": "test.sees_document"}]"#).unwrap();
    let key = FeatureKey::new("seen");
    let ex = p.run_str("<p>x</p>").unwrap();
    assert_eq!(ex.features.get(&key, 0), Some(1.0));
    let ex = p.classify_blocks(vec![Block::default()]).unwrap();
    assert_eq!(ex.features.get(&key, 0), Some(0.0));
}

/// A stage of several columns: `keys[i]`'s value is `i + 10`, or, with `columns`, that
/// many columns whatever its keys (a broken stage).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Several {
    keys: Vec<String>,
    #[serde(default)]
    columns: Option<usize>,
}

#[typetag::serde(name = "test.several")]
impl Feature for Several {
    fn key(&self) -> FeatureKey {
        FeatureKey(self.keys[0].clone().into())
    }
    fn more_keys(&self) -> Vec<FeatureKey> {
        (self.keys[1..].iter())
            .map(|k| FeatureKey(k.clone().into()))
            .collect()
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![10.0; blocks.len()])
    }
    fn compute_columns_in(&self, input: pith_core::FeatureInput<'_>) -> Result<Vec<Vec<f64>>> {
        let n = self.columns.unwrap_or(self.keys.len());
        Ok((0..n)
            .map(|i| vec![i as f64 + 10.0; input.blocks.len()])
            .collect())
    }
}

#[test]
fn a_stage_of_several_columns_fills_each_and_others_may_require_any() {
    let p = load(
        r#"[{"type": "test.sum", "key": "after", "inputs": ["y"]},
            {"type": "test.several", "keys": ["x", "y", "z"]}]"#,
    )
    .unwrap();
    let ex = p.run_str("").unwrap();
    let get = |k: &'static str| ex.features.get(&FeatureKey::new(k), 0);
    assert_eq!(
        (get("x"), get("y"), get("z"), get("after")),
        (Some(10.0), Some(11.0), Some(12.0), Some(12.0))
    );
}

#[test]
fn each_key_of_a_stage_of_several_columns_is_checked() {
    let err =
        load(r#"[{"type": "test.sum", "key": "z"}, {"type": "test.several", "keys": ["x", "z"]}]"#)
            .unwrap_err();
    assert!(matches!(&err, Error::DuplicateFeature { feature, .. } if feature == "z"));
    let err = load(r#"[{"type": "test.several", "keys": ["x", "x"]}]"#).unwrap_err();
    assert!(matches!(err, Error::DuplicateFeature { .. }));
}

#[test]
fn a_stage_giving_another_number_of_columns_than_keys_is_an_error_naming_it() {
    let p = load(r#"[{"type": "test.several", "keys": ["x", "y"], "columns": 1}]"#).unwrap();
    let err = p.run_str("").unwrap_err().to_string();
    assert!(
        err.contains("test.several") && err.contains("1 columns for 2 keys"),
        "{err}"
    );
}
