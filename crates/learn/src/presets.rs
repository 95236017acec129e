//! The `pith` preset: the trained pipeline file `presets/pith.json`, rebuilt from the
//! development datasets by `scripts/train-pith.sh` (`pith train` on the base pipeline
//! `presets/pith-base.json`). Its trees are data, so the file is its own builder: the
//! tests check that it loads and round-trips, and that training is deterministic.

use pith_core::{spec_from_json, PipelineSpec, Preset};

/// The trained pipeline file.
pub const PITH_JSON: &str = include_str!("../presets/pith.json");

/// The base pipeline `pith train` fits the `pith` preset's trees on.
pub const PITH_BASE_JSON: &str = include_str!("../presets/pith-base.json");

fn pith_spec() -> PipelineSpec {
    spec_from_json(PITH_JSON).expect("the embedded pith preset parses")
}

/// The presets of this crate.
pub fn presets() -> Vec<Preset> {
    vec![Preset {
        name: "pith",
        description: "pith's own extractor: jusText, declutter, Readability and DOM-context features of every block, labelled by boosted trees trained on the development datasets",
        json: PITH_JSON,
        build: pith_spec,
    }]
}
