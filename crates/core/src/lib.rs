//! pith's core: the block model, the stage traits and the pipeline that runs them.
//!
//! A plugin author depends on this crate alone. A stage is a struct of parameters with
//! `#[typetag::serde]` on its trait impl; once its crate is linked, pipeline files can
//! name it next to the built-in stages.
//!
//! ```
//! use pith_core::{Block, ContextFreeRule, FeatureRow, Label, Pipeline};
//! use serde::{Deserialize, Serialize};
//!
//! /// Calls every block that mentions "pith" good.
//! #[derive(Debug, Serialize, Deserialize)]
//! struct MentionsPith {}
//!
//! #[typetag::serde(name = "example.mentions_pith")]
//! impl ContextFreeRule for MentionsPith {
//!     fn classify(&self, block: &Block, _: FeatureRow<'_>) -> Option<Label> {
//!         block.text.contains("pith").then_some(Label::Good)
//!     }
//! }
//!
//! # #[derive(Debug, Serialize, Deserialize)] struct Bodies {}
//! # #[typetag::serde(name = "example.bodies")]
//! # impl pith_core::Segmenter for Bodies {
//! #     fn segment(&self, doc: &pith_dom::Document) -> pith_core::Result<Vec<Block>> {
//! #         Ok(vec![Block { text: doc.text_content(doc.root()), ..Block::default() }])
//! #     }
//! # }
//! let pipeline = Pipeline::from_json(r#"{
//!     "version": 1,
//!     "segmenter": {"type": "example.bodies"},
//!     "rules": [{"type": "example.mentions_pith"}]
//! }"#).unwrap();
//! let ex = pipeline.run_str("<p>pith keeps the text</p>").unwrap();
//! assert_eq!(ex.labels, [Label::Good]);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod ancestry;
mod block;
mod error;
mod features;
pub mod language;
pub mod path_budget;
mod pipeline;
pub mod preset;
mod stage;
pub mod tables;
pub mod tag_blocks;
mod type_first;
mod word_automaton;
pub mod words;

pub use ancestry::Ancestry;
pub use block::{Block, Label};
pub use error::{Error, Result};
pub use features::{FeatureKey, FeatureRow, FeatureTable};
pub use language::{Identification, Language, LanguageOptions};
pub use pipeline::{
    set_param, spec_from_json, spec_from_toml, spec_from_value, Extraction, Pipeline, PipelineSpec,
    ShapeAttributes, PIPELINE_VERSION,
};
pub use preset::Preset;
pub use stage::{
    AttributeUse, ContextFreeRule, ContextPass, Diagnostics, Feature, FeatureInput, PageCache,
    PassContext, Segmenter, TreeStage,
};
pub use word_automaton::WordAutomaton;

/// Re-exported so stage crates and users name the same versions.
pub use pith_dom as dom;
pub use pith_lang as lang;
pub use typetag;
