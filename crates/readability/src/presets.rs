//! The `readability` preset: built here in code, and the same pipeline as the JSON file
//! `presets/readability.json` (embedded); a test checks that the two are equal.
//!
//! Its one tree stage is `readability.retry` holding the article passes in
//! Readability.js's order ([`article_passes`]); the segmenter is `readability.blocks`
//! and every block of the article is good.

use pith_core::{
    preset, Label, LanguageOptions, PipelineSpec, Preset, TreeStage, PIPELINE_VERSION,
};
use pith_dom::decode::DecodeOptions;
use pith_dom::ParseLimits;

use crate::{
    Blocks, ClassWeight, Clean, CleanConditionally, CleanHeaders, CleanShare, DivToP, PrepDocument,
    RemoveByline, RemoveEmpty, RemoveHidden, RemoveTitleHeader, Retry, Score, SelectArticle,
    StripUnlikely,
};

/// One attempt of Readability, stage by stage: `_prepDocument`, the node prepping and
/// scoring of `_grabArticle`, the top candidate and its siblings, then `_prepArticle`'s
/// cleaning in its order (conditional cleaning of `form`/`fieldset`, then the
/// unconditional `_clean` of embeds, footers, links and asides, share widgets, form
/// controls, negative headers, and conditional cleaning of `table`/`ul`/`div`).
pub fn article_passes() -> Vec<Box<dyn TreeStage>> {
    let clean = |tags: &[&str]| Clean {
        tags: tags.iter().map(|t| t.to_string()).collect(),
        ..Clean::default()
    };
    let conditionally = |tags: &[&str]| CleanConditionally {
        tags: tags.iter().map(|t| t.to_string()).collect(),
        ..CleanConditionally::default()
    };
    vec![
        Box::new(PrepDocument::default()),
        Box::new(RemoveHidden::default()),
        Box::new(RemoveByline::default()),
        Box::new(RemoveTitleHeader::default()),
        Box::new(StripUnlikely::default()),
        Box::new(RemoveEmpty::default()),
        Box::new(DivToP::default()),
        Box::new(ClassWeight::default()),
        Box::new(Score::default()),
        Box::new(SelectArticle::default()),
        Box::new(conditionally(&["form", "fieldset"])),
        Box::new(clean(&["object", "embed", "footer", "link", "aside"])),
        Box::new(CleanShare::default()),
        Box::new(clean(&["iframe", "input", "textarea", "select", "button"])),
        Box::new(CleanHeaders::default()),
        Box::new(conditionally(&["table", "ul", "div"])),
    ]
}

/// A pipeline of `retry`, segmented by `readability.blocks`, every block good.
pub fn readability_spec(retry: Retry, blocks: Blocks) -> PipelineSpec {
    PipelineSpec {
        version: PIPELINE_VERSION,
        name: None,
        description: None,
        decode: DecodeOptions::whatwg(),
        parse: ParseLimits::default(),
        language: LanguageOptions::default(),
        tree: vec![Box::new(retry)],
        segmenter: Box::new(blocks),
        features: Vec::new(),
        rules: Vec::new(),
        default_label: Label::Good,
        passes: Vec::new(),
    }
}

/// Every Readability preset.
pub fn presets() -> Vec<Preset> {
    vec![preset!(
        "readability",
        "Mozilla Readability: unlikely candidates, content scores, top candidate and siblings, article cleaning, retries; the article's blocks",
        readability_spec(Retry::default(), Blocks::default())
    )]
}
