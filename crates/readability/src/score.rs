//! Readability's content scores, as two stages that record what they compute in the
//! document's annotation table (so the next stages, and learned features, read them).
//!
//! - `readability.class_weight` (the step `FLAG_WEIGHT_CLASSES` turns off;
//!   `_getClassWeight`): −`weight` when an element's `class` matches `negative`,
//!   +`weight` when it matches `positive`, the same again for its `id`. Recorded for
//!   every element under [`CLASS_WEIGHT`]; without this stage
//!   every weight reads as 0.
//! - `readability.score` (`_initializeNode` and the scoring loop of `_grabArticle`):
//!   every element named in `tags_to_score` with at least `min_length` characters of
//!   text scores 1 + (commas + 1) + min(length / `chars_per_point`, `max_length_points`);
//!   each of its `ancestor_levels` nearest element ancestors (not `<html>`) becomes a
//!   candidate — starting from `initial_scores` of its tag plus its class weight — and
//!   gets the score divided by 1 (parent), 2 (grandparent) or 3 × level. Finally each
//!   candidate's score is multiplied by 1 − its link density, and recorded under
//!   [`CONTENT_SCORE`].
//!
//! ```
//! # use pith_readability::Score;
//! let stage: Score = serde_json::from_str(r#"{"min_length": 25}"#).unwrap();
//! assert_eq!(stage.initial_scores["div"], 5.0);
//! ```

use std::collections::BTreeMap;

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, Edge, NodeData, NodeId, TagNames};
use serde::{Deserialize, Serialize};

use crate::paragraphs::default_hash_link_weight;
use crate::pattern::Pattern;
use crate::text::{TextSpans, TextStats};
use crate::walk;
use crate::{CLASS_WEIGHT, CONTENT_SCORE};

/// Readability's `REGEXPS.positive`.
pub const POSITIVE: &str =
    "article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story";
/// Readability's `REGEXPS.negative`.
pub const NEGATIVE: &str = "-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|foot|footer|footnote|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget";
/// Readability's `REGEXPS.commas`: commas of Latin, Arabic, Chinese and other scripts.
pub const COMMAS: &str =
    "\u{002C}|\u{060C}|\u{FE50}|\u{FE10}|\u{FE11}|\u{2E41}|\u{2E34}|\u{2E32}|\u{FF0C}";
/// Readability's `DEFAULT_TAGS_TO_SCORE`.
pub const TAGS_TO_SCORE: &[&str] = &["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"];

/// The `readability.class_weight` stage. Fields and defaults: `positive` ([`POSITIVE`]),
/// `negative` ([`NEGATIVE`]), `weight` (25).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassWeight {
    /// Class/id pattern of content.
    #[serde(default = "default_positive")]
    pub positive: Pattern,
    /// Class/id pattern of boilerplate.
    #[serde(default = "default_negative")]
    pub negative: Pattern,
    /// Points per match.
    #[serde(default = "default_weight")]
    pub weight: f64,
}

fn default_positive() -> Pattern {
    Pattern::builtin(POSITIVE)
}
fn default_negative() -> Pattern {
    Pattern::builtin(NEGATIVE)
}
fn default_weight() -> f64 {
    25.0
}

impl Default for ClassWeight {
    fn default() -> Self {
        ClassWeight {
            positive: default_positive(),
            negative: default_negative(),
            weight: default_weight(),
        }
    }
}

impl ClassWeight {
    /// The class/id weight of an element.
    pub fn weight_of(&self, el: &pith_dom::Element) -> f64 {
        let mut w = 0.0;
        if el.namespace() != pith_dom::ElementNamespace::Html {
            // SVG's className is not a string in the DOM: Readability skips it.
            return w;
        }
        for value in [el.attr("class"), el.attr("id")].into_iter().flatten() {
            if value.is_empty() {
                continue;
            }
            if self.negative.is_match(value) {
                w -= self.weight;
            }
            if self.positive.is_match(value) {
                w += self.weight;
            }
        }
        w
    }
}

#[typetag::serde(name = "readability.class_weight")]
impl TreeStage for ClassWeight {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let mut column = vec![f64::NAN; doc.arena_len()];
        for n in doc.descendants(doc.root()) {
            if let Some(el) = doc.element(n) {
                column[n.index()] = self.weight_of(el);
            }
        }
        doc.annotations_mut().insert_column(CLASS_WEIGHT, column);
        Ok(())
    }
}

/// An element's recorded class weight (0 when none was recorded).
pub fn class_weight(doc: &Document, id: NodeId) -> f64 {
    doc.annotation(id, CLASS_WEIGHT).unwrap_or(0.0)
}

/// The `readability.score` stage. Fields and defaults: `tags_to_score`
/// ([`TAGS_TO_SCORE`]), `min_length` (25), `commas` ([`COMMAS`]), `chars_per_point`
/// (100), `max_length_points` (3), `ancestor_levels` (5), `initial_scores` (`div` 5;
/// `pre`, `td`, `blockquote` 3; `address`, `ol`, `ul`, `dl`, `dd`, `dt`, `li`, `form`
/// −3; `h1`–`h6`, `th` −5), `hash_link_weight` (0.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// The elements that give points to their ancestors.
    #[serde(default = "default_tags_to_score")]
    pub tags_to_score: TagNames,
    /// Elements with less text (characters) give nothing.
    #[serde(default = "default_min_length")]
    pub min_length: usize,
    /// What counts as a comma.
    #[serde(default = "default_commas")]
    pub commas: Pattern,
    /// Characters per length point.
    #[serde(default = "default_chars_per_point")]
    pub chars_per_point: usize,
    /// Most length points one element gives.
    #[serde(default = "default_max_length_points")]
    pub max_length_points: usize,
    /// How many ancestors get points.
    #[serde(default = "default_ancestor_levels")]
    pub ancestor_levels: usize,
    /// A candidate's starting score by tag (absent tags start at 0).
    #[serde(default = "default_initial_scores")]
    pub initial_scores: BTreeMap<String, f64>,
    /// Weight of the text of in-page links (`href="#…"`) in link densities.
    #[serde(default = "default_hash_link_weight")]
    pub hash_link_weight: f64,
}

fn default_tags_to_score() -> TagNames {
    walk::lower(TAGS_TO_SCORE)
}
fn default_min_length() -> usize {
    25
}
fn default_commas() -> Pattern {
    Pattern::builtin(COMMAS)
}
fn default_chars_per_point() -> usize {
    100
}
fn default_max_length_points() -> usize {
    3
}
fn default_ancestor_levels() -> usize {
    5
}
pub(crate) fn default_initial_scores() -> BTreeMap<String, f64> {
    let mut m = BTreeMap::new();
    m.insert("div".to_string(), 5.0);
    for t in ["pre", "td", "blockquote"] {
        m.insert(t.to_string(), 3.0);
    }
    for t in ["address", "ol", "ul", "dl", "dd", "dt", "li", "form"] {
        m.insert(t.to_string(), -3.0);
    }
    for t in ["h1", "h2", "h3", "h4", "h5", "h6", "th"] {
        m.insert(t.to_string(), -5.0);
    }
    m
}

impl Default for Score {
    fn default() -> Self {
        Score {
            tags_to_score: default_tags_to_score(),
            min_length: default_min_length(),
            commas: default_commas(),
            chars_per_point: default_chars_per_point(),
            max_length_points: default_max_length_points(),
            ancestor_levels: default_ancestor_levels(),
            initial_scores: default_initial_scores(),
            hash_link_weight: default_hash_link_weight(),
        }
    }
}

/// A candidate's starting score (`_initializeNode`): its tag's initial score plus its
/// recorded class weight.
pub fn initial_score(doc: &Document, id: NodeId, initial: &BTreeMap<String, f64>) -> f64 {
    let tag = doc.element_name(id).unwrap_or("");
    initial.get(tag).copied().unwrap_or(0.0) + class_weight(doc, id)
}

#[typetag::serde(name = "readability.score")]
impl TreeStage for Score {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let root = doc.root();
        // One walk: the elements to score in document order (their points are added
        // to their ancestors in that order), and bottom-up the text measures and the
        // commas of every subtree (a comma never spans two text nodes).
        let mut stats = TextStats::new(doc);
        let spans = TextSpans::of(doc);
        let mut commas = vec![0usize; doc.arena_len()];
        let mut scored: Vec<NodeId> = Vec::new();
        for edge in doc.traverse(root) {
            match edge {
                Edge::Open(id) => {
                    if doc.is_element_named_in(id, &self.tags_to_score) {
                        scored.push(id);
                    }
                }
                Edge::Close(id) => {
                    stats.close(doc, spans, id, root, self.hash_link_weight);
                    if let NodeData::Text(t) = doc.data(id) {
                        commas[id.index()] = self.commas.split_count(t) - 1;
                    }
                    if let Some(p) = doc.parent(id) {
                        commas[p.index()] += commas[id.index()];
                    }
                }
            }
        }
        stats.record(doc);
        let mut score = vec![f64::NAN; doc.arena_len()];
        let mut candidates = Vec::new();
        for el in scored {
            // Readability skips elements whose parent is not an element.
            if doc.parent(el).is_none_or(|p| doc.element(p).is_none()) {
                continue;
            }
            let len = stats.len(el);
            if len < self.min_length {
                continue;
            }
            let points = 1.0
                + (commas[el.index()] + 1) as f64
                + (len / self.chars_per_point.max(1)).min(self.max_length_points) as f64;
            let mut ancestor = doc.parent(el);
            for level in 0..self.ancestor_levels {
                let Some(a) = ancestor else { break };
                ancestor = doc.parent(a);
                // Not the document node, nor `<html>` (whose parent is no element).
                if doc.element(a).is_none() || ancestor.is_none_or(|p| doc.element(p).is_none()) {
                    continue;
                }
                let s = &mut score[a.index()];
                if s.is_nan() {
                    *s = initial_score(doc, a, &self.initial_scores);
                    candidates.push(a);
                }
                let divider = match level {
                    0 => 1.0,
                    1 => 2.0,
                    l => l as f64 * 3.0,
                };
                *s += points / divider;
            }
        }
        for c in candidates {
            score[c.index()] *= 1.0 - stats.link_density(c);
        }
        doc.annotations_mut().insert_column(CONTENT_SCORE, score);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    #[test]
    fn paragraphs_score_their_ancestors() {
        let text = "word, ".repeat(30); // 180 characters, 30 commas
        let mut doc = parse_html(&format!(
            "<div id=a class=article><article><p>{text}</p></article></div><div class=comment><p>short</p></div>"
        ));
        let mut d = Diagnostics::default();
        ClassWeight::default().apply(&mut doc, &mut d).unwrap();
        Score::default().apply(&mut doc, &mut d).unwrap();
        let find = |tag: &str| {
            doc.descendants(doc.root())
                .find(|&n| doc.element_name(n) == Some(tag))
                .unwrap()
        };
        let points = 1.0 + 31.0 + 1.0;
        let article = find("article");
        assert_eq!(doc.annotation(article, CONTENT_SCORE), Some(points));
        let div = find("div");
        // div: 5 + class weight 25 (+25 for "article"), grandparent: half the points.
        assert_eq!(
            doc.annotation(div, CONTENT_SCORE),
            Some(5.0 + 25.0 + points / 2.0)
        );
        let body = doc.body().unwrap();
        assert_eq!(doc.annotation(body, CONTENT_SCORE), Some(points / 6.0));
        let html = doc.html_element().unwrap();
        assert_eq!(doc.annotation(html, CONTENT_SCORE), None);
    }
}
