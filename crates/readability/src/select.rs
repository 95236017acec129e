//! `readability.select_article`: the top candidate and its siblings become the article
//! (the end of Readability's `_grabArticle`), from the scores `readability.score`
//! recorded.
//!
//! 1. The `n_top_candidates` (5) best-scored candidates, in document order for ties.
//! 2. If at least `min_alternatives` (3) of the others score within
//!    `alternative_ratio` (0.75) of the best, the nearest ancestor of the best (below
//!    `<body>`) that contains that many of them becomes the top candidate.
//! 3. Walking up from the top candidate while ancestors have scores not below a third
//!    of the top candidate's: the first ancestor that scores higher than the one below
//!    it becomes the top candidate. Then, while it is an only child (below `<body>`),
//!    its parent does.
//! 4. Siblings of the top candidate join the article when their score (plus
//!    `same_class_bonus` (0.2) × the top score if they share its non-empty `class`)
//!    reaches max(`sibling_min_score` (10), `sibling_score_ratio` (0.2) × the top score),
//!    or, for a `<p>`, when it has more than `p_min_length` (80) characters and a link
//!    density below `p_max_link_density` (0.25), or fewer characters, no links and a
//!    sentence end (`p_sentence_end`). Siblings not named in `keep_names` become `div`s.
//! 5. No candidate at all (or `<body>` itself): the whole body is the article.
//!
//! The article is a new `<div>` that replaces the body's content; it is recorded under
//! [`ARTICLE`] and the top candidate under
//! [`TOP_CANDIDATE`].
//!
//! ```
//! # use pith_readability::SelectArticle;
//! let stage: SelectArticle = serde_json::from_str(r#"{"n_top_candidates": 5}"#).unwrap();
//! assert_eq!(stage.sibling_min_score, 10.0);
//! ```

use std::collections::{BTreeMap, HashSet};

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, Element, NodeData, NodeId, TagNames};
use serde::{Deserialize, Serialize};

use crate::paragraphs::default_hash_link_weight;
use crate::pattern::Pattern;
use crate::score::{default_initial_scores, initial_score};
use crate::text::{inner_text, TextStats};
use crate::walk::{self, is};
use crate::{ARTICLE, CONTENT_SCORE, TOP_CANDIDATE};

/// The `readability.select_article` stage; fields and defaults in the module docs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelectArticle {
    /// How many top candidates are compared.
    #[serde(default = "default_n_top")]
    pub n_top_candidates: usize,
    /// Score ratio (to the best) of an alternative candidate.
    #[serde(default = "default_alternative_ratio")]
    pub alternative_ratio: f64,
    /// Alternatives needed for a common ancestor to win.
    #[serde(default = "default_min_alternatives")]
    pub min_alternatives: usize,
    /// Sibling threshold as a share of the top score.
    #[serde(default = "default_sibling_ratio")]
    pub sibling_score_ratio: f64,
    /// Lowest sibling threshold.
    #[serde(default = "default_sibling_min")]
    pub sibling_min_score: f64,
    /// Bonus (share of the top score) of a sibling with the top candidate's class.
    #[serde(default = "default_sibling_ratio")]
    pub same_class_bonus: f64,
    /// A sibling `<p>` longer than this joins when not too linky.
    #[serde(default = "default_p_min_length")]
    pub p_min_length: usize,
    /// Highest link density of a long sibling `<p>`.
    #[serde(default = "default_p_max_link_density")]
    pub p_max_link_density: f64,
    /// A short sibling `<p>` without links joins when this matches its text.
    #[serde(default = "default_sentence_end")]
    pub p_sentence_end: Pattern,
    /// Siblings that keep their name (others become `div`).
    #[serde(default = "default_keep_names")]
    pub keep_names: TagNames,
    /// Starting score of a top candidate that had none (as `readability.score`'s).
    #[serde(default = "default_initial_scores")]
    pub initial_scores: BTreeMap<String, f64>,
    /// Weight of the text of in-page links (`href="#…"`) in link densities.
    #[serde(default = "default_hash_link_weight")]
    pub hash_link_weight: f64,
}

fn default_n_top() -> usize {
    5
}
fn default_alternative_ratio() -> f64 {
    0.75
}
fn default_min_alternatives() -> usize {
    3
}
fn default_sibling_ratio() -> f64 {
    0.2
}
fn default_sibling_min() -> f64 {
    10.0
}
fn default_p_min_length() -> usize {
    80
}
fn default_p_max_link_density() -> f64 {
    0.25
}
fn default_sentence_end() -> Pattern {
    Pattern::builtin(r"\.( |$)")
}
fn default_keep_names() -> TagNames {
    walk::lower(&["div", "article", "section", "p"])
}

impl Default for SelectArticle {
    fn default() -> Self {
        SelectArticle {
            n_top_candidates: default_n_top(),
            alternative_ratio: default_alternative_ratio(),
            min_alternatives: default_min_alternatives(),
            sibling_score_ratio: default_sibling_ratio(),
            sibling_min_score: default_sibling_min(),
            same_class_bonus: default_sibling_ratio(),
            p_min_length: default_p_min_length(),
            p_max_link_density: default_p_max_link_density(),
            p_sentence_end: default_sentence_end(),
            keep_names: default_keep_names(),
            initial_scores: default_initial_scores(),
            hash_link_weight: default_hash_link_weight(),
        }
    }
}

/// Scores as recorded, plus the ones this stage initialises.
struct Scores(Vec<f64>);

impl Scores {
    fn get(&self, id: NodeId) -> Option<f64> {
        self.0.get(id.index()).copied().filter(|v| !v.is_nan())
    }
}

impl SelectArticle {
    /// The top candidates, best first (ties: document order).
    fn top_candidates(&self, doc: &Document, scores: &Scores) -> Vec<NodeId> {
        let mut top: Vec<(NodeId, f64)> = Vec::with_capacity(self.n_top_candidates + 1);
        for n in doc.descendants(doc.root()) {
            let Some(s) = scores.get(n) else { continue };
            if let Some(pos) =
                (0..self.n_top_candidates).find(|&t| top.get(t).is_none_or(|x| s > x.1))
            {
                top.insert(pos, (n, s));
                top.truncate(self.n_top_candidates);
            }
        }
        top.into_iter().map(|(n, _)| n).collect()
    }

    /// Steps 2 and 3 of the module docs.
    fn refine(&self, doc: &Document, scores: &mut Scores, top: &[NodeId], body: NodeId) -> NodeId {
        let mut best = top[0];
        let best_score = scores.get(best).unwrap_or(0.0);
        let alternatives: Vec<NodeId> = top[1..]
            .iter()
            .copied()
            .filter(|&c| scores.get(c).unwrap_or(0.0) / best_score >= self.alternative_ratio)
            .collect();
        if alternatives.len() >= self.min_alternatives {
            // Each alternative's ancestors, collected once: the walk below may be long.
            let ancestors: Vec<HashSet<NodeId>> = alternatives
                .iter()
                .map(|&a| std::iter::successors(doc.parent(a), |&n| doc.parent(n)).collect())
                .collect();
            let mut parent = doc.parent(best);
            while let Some(p) = parent {
                if p == body || doc.element(p).is_none() {
                    break;
                }
                let containing = ancestors.iter().filter(|set| set.contains(&p)).count();
                if containing >= self.min_alternatives {
                    best = p;
                    break;
                }
                parent = doc.parent(p);
            }
        }
        if scores.get(best).is_none() {
            scores.0[best.index()] = initial_score(doc, best, &self.initial_scores);
        }
        let mut last = scores.get(best).unwrap_or(0.0);
        let threshold = last / 3.0;
        let mut parent = doc.parent(best);
        while let Some(p) = parent {
            if p == body || doc.element(p).is_none() {
                break;
            }
            let Some(ps) = scores.get(p) else {
                parent = doc.parent(p);
                continue;
            };
            if ps < threshold {
                break;
            }
            if ps > last {
                best = p;
                break;
            }
            last = ps;
            parent = doc.parent(p);
        }
        while let Some(p) = doc.parent(best) {
            if p == body || doc.element(p).is_none() || walk::element_children(doc, p).count() != 1
            {
                break;
            }
            best = p;
        }
        best
    }

    fn sibling_joins(
        &self,
        doc: &Document,
        scores: &Scores,
        stats: &TextStats,
        sibling: NodeId,
        top: NodeId,
        top_score: f64,
    ) -> bool {
        if sibling == top {
            return true;
        }
        let class = |n: NodeId| doc.element(n).and_then(|e| e.attr("class")).unwrap_or("");
        let bonus = if !class(top).is_empty() && class(sibling) == class(top) {
            top_score * self.same_class_bonus
        } else {
            0.0
        };
        let threshold = self
            .sibling_min_score
            .max(top_score * self.sibling_score_ratio);
        if scores.get(sibling).is_some_and(|s| s + bonus >= threshold) {
            return true;
        }
        if !is(doc, sibling, "p") {
            return false;
        }
        let density = stats.link_density(sibling);
        let len = stats.len(sibling);
        if len > self.p_min_length && density < self.p_max_link_density {
            return true;
        }
        len < self.p_min_length
            && len > 0
            && density == 0.0
            && self.p_sentence_end.is_match(&inner_text(doc, sibling))
    }
}

#[typetag::serde(name = "readability.select_article")]
impl TreeStage for SelectArticle {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let body = walk::page(doc);
        let mut scores = Scores(
            doc.annotations()
                .column(CONTENT_SCORE)
                .map(<[f64]>::to_vec)
                .unwrap_or_default(),
        );
        scores.0.resize(doc.arena_len(), f64::NAN);
        let top = self.top_candidates(doc, &scores);
        let article = doc.create(NodeData::Element(Element::new("div", [])));
        let top = match top.first() {
            Some(&first) if first != body => {
                let best = self.refine(doc, &mut scores, &top, body);
                if scores.get(best).is_none() {
                    scores.0[best.index()] = initial_score(doc, best, &self.initial_scores);
                }
                best
            }
            _ => {
                // The whole body is the article.
                doc.reparent_children(body, article);
                doc.append(body, article);
                doc.annotate(article, ARTICLE, 1.0);
                doc.annotate(article, TOP_CANDIDATE, 1.0);
                return Ok(());
            }
        };
        let top_score = scores.get(top).unwrap_or(0.0);
        let parent = doc.parent(top).expect("a candidate has a parent");
        // Only the siblings' measures are read: the parent's subtree is enough.
        let stats = TextStats::measure(doc, parent, self.hash_link_weight);
        let joining: Vec<NodeId> = walk::element_children(doc, parent)
            .filter(|&s| self.sibling_joins(doc, &scores, &stats, s, top, top_score))
            .collect();
        for s in joining {
            let keep = doc.is_element_named_in(s, &self.keep_names);
            if !keep {
                if let Some(el) = doc.element_mut(s) {
                    el.set_name("div");
                }
            }
            doc.append(article, s);
        }
        while let Some(c) = doc.first_child(body) {
            doc.detach(c);
        }
        doc.append(body, article);
        doc.annotate(article, ARTICLE, 1.0);
        doc.annotate(top, TOP_CANDIDATE, 1.0);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{ClassWeight, Score};
    use pith_dom::parse_html;

    #[test]
    fn keeps_the_best_scored_container_and_good_siblings() {
        let para = "This is a sentence, with commas, that goes on and on for a while. ".repeat(3);
        let html = format!(
            "<div class=menu><p><a href=/>Home</a> <a href=/a>About us and more links here</a></p></div>\
             <div id=main><div class=story><p>{para}</p><p>{para}</p></div>\
             <p>A short closing line.</p><div class=ad><a href=/x>Buy now, buy now, buy now, buy now</a></div></div>"
        );
        let mut doc = parse_html(&html);
        let mut d = Diagnostics::default();
        ClassWeight::default().apply(&mut doc, &mut d).unwrap();
        Score::default().apply(&mut doc, &mut d).unwrap();
        SelectArticle::default().apply(&mut doc, &mut d).unwrap();
        let text = inner_text(&doc, doc.body().unwrap());
        assert!(text.contains("This is a sentence"));
        assert!(text.contains("A short closing line."));
        assert!(!text.contains("Home"));
        assert!(!text.contains("Buy now"));
    }
}
