//! The declutter presets: pipelines built in code here, and the same pipelines as JSON
//! files in `presets/` (embedded). A test checks that each file equals its builder.
//!
//! - `declutter`: `declutter.prune` → `declutter.shake` → `declutter.purify`, segmented
//!   by `declutter.blocks`, every block good (Beer's algorithm; its text is the text of
//!   the purified HTML).
//! - `declutter-justext`: `declutter.prune`, then the whole `justext` pipeline, with the
//!   stoplist chosen per page (`stoplist: "auto"`).
//! - `shake-justext`: `declutter.prune` and `declutter.shake`, then jusText's cleaning,
//!   segmenter, features, rules and passes on what shake kept (`stoplist: "auto"`).

use pith_core::{
    preset, Label, LanguageOptions, PipelineSpec, Preset, TreeStage, PIPELINE_VERSION,
};
use pith_dom::decode::DecodeOptions;
use pith_dom::ParseLimits;
use pith_justext::{justext_spec, JustextParams, Variant};

use crate::{Blocks, Prune, Purify, Shake};

/// The `declutter` pipeline: prune, shake, purify; every block of the result good.
pub fn declutter_spec(prune: Prune, shake: Shake, purify: Purify) -> PipelineSpec {
    let tree: Vec<Box<dyn TreeStage>> = vec![Box::new(prune), Box::new(shake), Box::new(purify)];
    PipelineSpec {
        version: PIPELINE_VERSION,
        name: None,
        description: None,
        decode: DecodeOptions::whatwg(),
        parse: ParseLimits::default(),
        language: LanguageOptions::default(),
        tree,
        segmenter: Box::new(Blocks::default()),
        features: Vec::new(),
        rules: Vec::new(),
        default_label: Label::Good,
        passes: Vec::new(),
    }
}

/// A jusText pipeline (3.0.2 stages with parameters `p`) with `stages` run before
/// jusText's own cleaning.
pub fn before_justext(stages: Vec<Box<dyn TreeStage>>, p: &JustextParams) -> PipelineSpec {
    let mut spec = justext_spec(p, Variant::Python302);
    // Not a parity preset: decode as browsers do.
    spec.decode = DecodeOptions::whatwg();
    let mut tree = stages;
    tree.append(&mut spec.tree);
    spec.tree = tree;
    spec
}

/// jusText's parameters used by `shake-justext`: what shake kept is mostly content, so
/// jusText's thresholds are relaxed (tuned on scrapinghub and cleaneval-dev, see
/// `docs/evaluation.md`): length_low 30, stopwords_low 0.1, stopwords_high 0.15,
/// max_link_density 0.3, no headings.
pub fn shake_justext_params() -> JustextParams {
    JustextParams {
        length_low: 30,
        length_high: 200,
        stopwords_low: 0.1,
        stopwords_high: 0.15,
        max_link_density: 0.3,
        no_headings: true,
        ..auto_stoplist()
    }
}

/// jusText's default parameters with the stoplist chosen per page (`"auto"`): these
/// presets are not jusText parity presets, so they identify each page's language.
pub fn auto_stoplist() -> JustextParams {
    JustextParams {
        stoplist: pith_justext::features::AUTO.to_owned(),
        ..JustextParams::default()
    }
}

/// Every declutter preset.
pub fn presets() -> Vec<Preset> {
    vec![
        preset!(
            "declutter",
            "Daniel Beer's declutter: prune, shake, purify; the blocks of the purified tree",
            declutter_spec(Prune::default(), Shake::default(), Purify::default())
        ),
        preset!(
            "declutter-justext",
            "declutter's prune, then jusText 3.0.2 (default parameters)",
            before_justext(vec![Box::new(Prune::default())], &auto_stoplist())
        ),
        preset!(
            "shake-justext",
            "declutter's prune and shake, then jusText's segmenter, rules and passes on what shake kept",
            before_justext(
                vec![Box::new(Prune::default()), Box::new(Shake::default())],
                &shake_justext_params()
            )
        ),
    ]
}
