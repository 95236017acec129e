//! jusText's context-free classification (algorithms.md A.7) as a decision list: each
//! check is a rule; the first rule that answers labels the paragraph; a paragraph no
//! rule answers for gets the pipeline's `default_label` (`bad`, jusText's last step).
//!
//! jusText 3.0.2's order: `justext.max_link_density`, `justext.copyright`,
//! `justext.select_path`, `justext.length_low`, `justext.stopwords_high`,
//! `justext.stopwords_low`. The Java port adds `justext.image` (first) and
//! `justext.headline` (after the copyright test).

use pith_core::{Block, ContextFreeRule, FeatureKey, FeatureRow, Label};
use serde::{Deserialize, Serialize};

use crate::features::{LENGTH, LINK_DENSITY, STOPWORDS_DENSITY};

fn d_max_link_density() -> f64 {
    0.2
}
fn d_length_low() -> usize {
    70
}
fn d_length_high() -> usize {
    200
}
fn d_stopwords_low() -> f64 {
    0.30
}
fn d_stopwords_high() -> f64 {
    0.32
}
fn d_copy_entity() -> String {
    "&copy".to_owned()
}

/// `justext.max_link_density`: `bad` if link density > `max_link_density` (0.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaxLinkDensity {
    /// The largest link density a content paragraph may have.
    #[serde(default = "d_max_link_density")]
    pub max_link_density: f64,
}

impl Default for MaxLinkDensity {
    fn default() -> Self {
        MaxLinkDensity {
            max_link_density: d_max_link_density(),
        }
    }
}

#[typetag::serde(name = "justext.max_link_density")]
impl ContextFreeRule for MaxLinkDensity {
    fn requires(&self) -> Vec<FeatureKey> {
        vec![LINK_DENSITY]
    }
    fn classify(&self, _: &Block, f: FeatureRow<'_>) -> Option<Label> {
        (f.get(&LINK_DENSITY) > self.max_link_density).then_some(Label::Bad)
    }
}

/// `justext.copyright`: `bad` if the text contains `©` or the literal `entity`
/// (`"&copy"` in jusText; the Java port tests `"&copy;"`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Copyright {
    /// The undecoded entity text that also marks a copyright line.
    #[serde(default = "d_copy_entity")]
    pub entity: String,
}

impl Default for Copyright {
    fn default() -> Self {
        Copyright {
            entity: d_copy_entity(),
        }
    }
}

#[typetag::serde(name = "justext.copyright")]
impl ContextFreeRule for Copyright {
    fn classify(&self, b: &Block, _: FeatureRow<'_>) -> Option<Label> {
        (b.text.contains('\u{a9}') || b.text.contains(self.entity.as_str())).then_some(Label::Bad)
    }
}

/// How the `select` test reads a path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SelectMatch {
    /// jusText 3.0.2: `select` anywhere in the path (`ng-select` counts).
    #[default]
    Substring,
    /// jusText ≤ 2.2 and the Java port: the path starts with `select` or contains `.select`.
    PathSegmentPrefix,
}

/// `justext.select_path`: `bad` if the paragraph was opened inside a `select`-like tag.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelectPath {
    /// How the path is tested.
    #[serde(default, rename = "match")]
    pub matching: SelectMatch,
}

#[typetag::serde(name = "justext.select_path")]
impl ContextFreeRule for SelectPath {
    fn classify(&self, b: &Block, _: FeatureRow<'_>) -> Option<Label> {
        let hit = match self.matching {
            SelectMatch::Substring => b.dom_path.contains("select"),
            SelectMatch::PathSegmentPrefix => {
                b.dom_path.starts_with("select") || b.dom_path.contains(".select")
            }
        };
        hit.then_some(Label::Bad)
    }
}

/// `justext.length_low`: a paragraph shorter than `length_low` (70) is `bad` if it has
/// link text, else `short`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LengthLow {
    /// Paragraphs shorter than this (in code points) are short.
    #[serde(default = "d_length_low")]
    pub length_low: usize,
}

impl Default for LengthLow {
    fn default() -> Self {
        LengthLow {
            length_low: d_length_low(),
        }
    }
}

#[typetag::serde(name = "justext.length_low")]
impl ContextFreeRule for LengthLow {
    fn requires(&self) -> Vec<FeatureKey> {
        vec![LENGTH]
    }
    fn classify(&self, b: &Block, f: FeatureRow<'_>) -> Option<Label> {
        if f.get(&LENGTH) < self.length_low as f64 {
            Some(if b.chars_count_in_links > 0 {
                Label::Bad
            } else {
                Label::Short
            })
        } else {
            None
        }
    }
}

/// `justext.stopwords_high`: stop-word density ≥ `stopwords_high` (0.32) makes a
/// paragraph `good` if longer than `length_high` (200), else `neargood`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StopwordsHigh {
    /// The density from which a paragraph is content-like.
    #[serde(default = "d_stopwords_high")]
    pub stopwords_high: f64,
    /// Content-like paragraphs longer than this are good, others near-good.
    #[serde(default = "d_length_high")]
    pub length_high: usize,
}

impl Default for StopwordsHigh {
    fn default() -> Self {
        StopwordsHigh {
            stopwords_high: d_stopwords_high(),
            length_high: d_length_high(),
        }
    }
}

#[typetag::serde(name = "justext.stopwords_high")]
impl ContextFreeRule for StopwordsHigh {
    fn requires(&self) -> Vec<FeatureKey> {
        vec![STOPWORDS_DENSITY, LENGTH]
    }
    fn classify(&self, _: &Block, f: FeatureRow<'_>) -> Option<Label> {
        if f.get(&STOPWORDS_DENSITY) >= self.stopwords_high {
            Some(if f.get(&LENGTH) > self.length_high as f64 {
                Label::Good
            } else {
                Label::NearGood
            })
        } else {
            None
        }
    }
}

/// `justext.stopwords_low`: stop-word density ≥ `stopwords_low` (0.30) → `neargood`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StopwordsLow {
    /// The density from which a paragraph may be content.
    #[serde(default = "d_stopwords_low")]
    pub stopwords_low: f64,
}

impl Default for StopwordsLow {
    fn default() -> Self {
        StopwordsLow {
            stopwords_low: d_stopwords_low(),
        }
    }
}

#[typetag::serde(name = "justext.stopwords_low")]
impl ContextFreeRule for StopwordsLow {
    fn requires(&self) -> Vec<FeatureKey> {
        vec![STOPWORDS_DENSITY]
    }
    fn classify(&self, _: &Block, f: FeatureRow<'_>) -> Option<Label> {
        (f.get(&STOPWORDS_DENSITY) >= self.stopwords_low).then_some(Label::NearGood)
    }
}

/// `justext.image` (Java port): an image paragraph is `bad`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImageParagraph {}

#[typetag::serde(name = "justext.image")]
impl ContextFreeRule for ImageParagraph {
    fn classify(&self, b: &Block, _: FeatureRow<'_>) -> Option<Label> {
        b.is_image.then_some(Label::Bad)
    }
}

fn d_headline_tag() -> String {
    "h1".to_owned()
}

/// `justext.headline` (Java port): a paragraph whose path contains the word `tag`
/// (`h1`) is `good`, unless `no_headlines`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Headline {
    /// The Java port's `noHeadlines` option.
    #[serde(default)]
    pub no_headlines: bool,
    /// The heading tag that makes a headline.
    #[serde(default = "d_headline_tag")]
    pub tag: String,
}

impl Default for Headline {
    fn default() -> Self {
        Headline {
            no_headlines: false,
            tag: d_headline_tag(),
        }
    }
}

#[typetag::serde(name = "justext.headline")]
impl ContextFreeRule for Headline {
    fn classify(&self, b: &Block, _: FeatureRow<'_>) -> Option<Label> {
        if self.no_headlines {
            return None;
        }
        let is_word = |c: char| c.is_alphanumeric() || c == '_';
        let hit = b.dom_path.match_indices(self.tag.as_str()).any(|(i, m)| {
            let before = b.dom_path[..i].chars().next_back();
            let after = b.dom_path[i + m.len()..].chars().next();
            !before.is_some_and(is_word) && !after.is_some_and(is_word)
        });
        hit.then_some(Label::Good)
    }
}
