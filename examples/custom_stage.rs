//! Compose your own extractor: a user-defined feature and rule, declared in this file
//! (outside pith's crates), used from a pipeline file next to the built-in jusText
//! stages.
//!
//! - `example.digit_ratio` is a [`Feature`]: for every block, the share of its characters
//!   that are ASCII digits.
//! - `example.max_digit_ratio` is a [`ContextFreeRule`] that reads that column and calls
//!   a block `bad` when the share is above `max_digit_ratio`.
//!
//! Put in the decision list before `justext.length_low`, the rule catches short lines of
//! numbers (phone numbers, timestamps, prices) that jusText would otherwise call `short`
//! and then promote to `good` because good paragraphs surround them.
//!
//! ```sh
//! cargo run -p pith-examples --example custom_stage
//! ```
//!
//! Registration: `#[typetag::serde(name = "...")]` on the trait impl adds the stage to
//! the registry the pipeline loader reads, as soon as this code is linked. The macro
//! expands to paths starting with `typetag::`, so either depend on `typetag` (the same
//! version as pith) or bring pith's re-export into scope, as here.

use pith::core::typetag;
use pith::core::{
    Block, ContextFreeRule, Feature, FeatureKey, FeatureRow, FeatureTable, Label, Pipeline,
};
use serde::{Deserialize, Serialize};

/// The column our feature fills; the rule asks for it by the same key.
pub const DIGIT_RATIO: FeatureKey = FeatureKey::new("example.digit_ratio");

/// `example.digit_ratio`: ASCII digits / characters (0 for an empty block).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DigitRatio {}

#[typetag::serde(name = "example.digit_ratio")]
impl Feature for DigitRatio {
    fn key(&self) -> FeatureKey {
        DIGIT_RATIO
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> pith::Result<Vec<f64>> {
        Ok(blocks
            .iter()
            .map(|b| {
                let chars = b.len_chars();
                let digits = b.text.chars().filter(char::is_ascii_digit).count();
                if chars == 0 {
                    0.0
                } else {
                    digits as f64 / chars as f64
                }
            })
            .collect())
    }
}

fn default_max_digit_ratio() -> f64 {
    0.3
}

/// `example.max_digit_ratio`: `bad` if the digit ratio is above `max_digit_ratio` (0.3).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaxDigitRatio {
    /// The largest share of digits a content block may have.
    #[serde(default = "default_max_digit_ratio")]
    pub max_digit_ratio: f64,
}

#[typetag::serde(name = "example.max_digit_ratio")]
impl ContextFreeRule for MaxDigitRatio {
    fn requires(&self) -> Vec<FeatureKey> {
        vec![DIGIT_RATIO] // checked when the pipeline loads
    }
    fn prepare(&mut self) -> pith::Result<()> {
        if !(0.0..=1.0).contains(&self.max_digit_ratio) {
            return Err(pith::Error::Stage {
                stage: "example.max_digit_ratio".into(),
                message: format!("max_digit_ratio {} is not in 0..=1", self.max_digit_ratio),
            });
        }
        Ok(())
    }
    fn classify(&self, _: &Block, features: FeatureRow<'_>) -> Option<Label> {
        (features.get(&DIGIT_RATIO) > self.max_digit_ratio).then_some(Label::Bad)
    }
}

/// jusText 3.0.2 with our feature and rule added; every field left out takes its
/// default.
pub const PIPELINE: &str = r#"{
  "version": 1,
  "name": "justext-no-numbers",
  "tree": [{"type": "justext.clean"}],
  "segmenter": {"type": "justext.paragraphs"},
  "features": [
    {"type": "justext.length"},
    {"type": "justext.link_density"},
    {"type": "justext.words_count"},
    {"type": "justext.stopwords_count"},
    {"type": "justext.stopwords_density"},
    {"type": "justext.heading"},
    {"type": "example.digit_ratio"}
  ],
  "rules": [
    {"type": "justext.max_link_density"},
    {"type": "justext.copyright"},
    {"type": "justext.select_path"},
    {"type": "example.max_digit_ratio", "max_digit_ratio": 0.3},
    {"type": "justext.length_low"},
    {"type": "justext.stopwords_high"},
    {"type": "justext.stopwords_low"}
  ],
  "passes": [
    {"type": "justext.good_headings"},
    {"type": "justext.revise_short"},
    {"type": "justext.revise_neargood"},
    {"type": "justext.more_good_headings"}
  ]
}"#;

/// A page with a line of numbers between two paragraphs of prose.
pub const PAGE: &str = "<html><body><div>\
<p>The town council met on Tuesday evening to discuss the plans for the new library, \
and most of the people who came along said that they would like it to stay open later \
on the weekends than it does at the moment.</p>\
<p>Tel. 01632 960 123 / 01632 960 456</p>\
<p>The council said that it would think about the idea over the summer and that it \
would write to everyone who had taken part in the meeting before it made any final \
decision about the opening hours of the building.</p>\
</div></body></html>";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let plain = pith::preset("justext")?.run_str(PAGE)?;
    let ours = load()?.run_str(PAGE)?;
    println!("{:<10} {:<10} text", "justext", "ours");
    for (i, block) in ours.blocks.iter().enumerate() {
        let text: String = block.text.chars().take(50).collect();
        println!(
            "{:<10} {:<10} {text}",
            plain.labels[i].as_str(),
            ours.labels[i].as_str()
        );
    }
    Ok(())
}

/// Loads [`PIPELINE`]: built-in and user stages side by side.
pub fn load() -> pith::Result<Pipeline> {
    Pipeline::from_json(PIPELINE)
}
