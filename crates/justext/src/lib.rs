//! jusText as pith stages: the reference pipeline of pith.
//!
//! Python jusText 3.0.2 (Pomikálek, 2011) classifies each paragraph of a page as
//! content or boilerplate from its length, link density and stop-word density, then
//! revises short and near-good paragraphs by their neighbours. Here every step is a
//! stage of its own (cleaning, segmenting, each feature, each rule, each pass), so the
//! `justext` preset reproduces 3.0.2 exactly and variants are other pipeline files.
//!
//! ```
//! let pipeline = pith_justext::pipeline("justext").unwrap().unwrap();
//! let html = "<html><body><div><p>The quick brown fox jumps over the lazy dog, and this \
//!     is the sort of sentence that is full of the words which we would call stop words \
//!     in English, as it has to be long enough for the algorithm to think it is good \
//!     text and not a menu.</p></div><div><a href='/'>Home</a></div></body></html>";
//! let ex = pipeline.run_str(html).unwrap();
//! assert!(ex.good_text("\n").starts_with("The quick brown fox"));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod clean;
pub mod features;
pub mod passes;
pub mod presets;
pub mod rules;
pub mod segment;
pub mod text;

pub use clean::JustextClean;
pub use pith_core::Preset;
pub use presets::{justext_spec, presets, JustextParams, Variant};
pub use segment::Paragraphs;

use pith_core::{Pipeline, Result};

/// Loads a jusText preset by name from its embedded pipeline file.
pub fn pipeline(name: &str) -> Option<Result<Pipeline>> {
    presets()
        .into_iter()
        .find(|p| p.name == name)
        .map(|p| Pipeline::from_json(p.json))
}
