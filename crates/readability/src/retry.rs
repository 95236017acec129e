//! `readability.retry`: Readability's sieve — run the article passes, and when the
//! article is shorter than `char_threshold`, run them again with one more step turned
//! off (`FLAG_STRIP_UNLIKELYS`, then `FLAG_WEIGHT_CLASSES`, then
//! `FLAG_CLEAN_CONDITIONALLY`).
//!
//! The retry needs the page as it was before the first attempt. Readability.js saves
//! the body's HTML and re-parses it; here the stage holds the passes itself (`stages`,
//! any tree stages) and runs each attempt on a clone of the document it was given. A
//! relaxed flag is a stage left out: attempt *k* (from 0) skips every stage whose tag
//! is among the first *k* of `relax` — by default `readability.strip_unlikely`,
//! `readability.class_weight` (without it every class weight reads 0) and
//! `readability.clean_conditionally`. The first attempt whose text (body, trimmed,
//! whitespace runs as one) reaches `char_threshold` (500) characters wins; if none
//! does, the longest (the earliest among equals). See decision 0011. When every pass is
//! a stage of this crate (none of which changes a text node), each attempt carries the
//! text spans measured so far, so a text node is measured once per page
//! ([`crate::text`]).
//!
//! **Annotate mode** (`annotate: true`): the chosen attempt's annotations (content
//! scores, class weights, top candidate) are copied onto the original nodes, every
//! original node gets [`IN_ARTICLE`] 1 or 0 (whether the attempt
//! kept it), [`ATTEMPT`] is recorded on the root, and the tree itself
//! is left whole: one tree, Readability's judgement as columns for learned features.
//!
//! ```
//! # use pith_readability::Retry;
//! let stage: Retry = serde_json::from_str(r#"{"char_threshold": 500}"#).unwrap();
//! assert_eq!(stage.relax[0], "readability.strip_unlikely");
//! ```

use pith_core::{AttributeUse, Diagnostics, Error, Result, TreeStage};
use pith_dom::{Document, NodeId};
use serde::{Deserialize, Serialize};

use crate::text::{span_below, TEXT_SPANS};
use crate::walk;
use crate::{ATTEMPT, IN_ARTICLE};

/// The `readability.retry` stage. Fields and defaults: `stages` (the `readability`
/// preset's article passes, [`crate::presets::article_passes`]), `char_threshold`
/// (500), `relax` (see the module docs), `annotate` (`false`).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retry {
    /// The passes of one attempt, in order.
    #[serde(default = "crate::presets::article_passes")]
    pub stages: Vec<Box<dyn TreeStage>>,
    /// An article with fewer characters is retried.
    #[serde(default = "default_char_threshold")]
    pub char_threshold: usize,
    /// Stage tags left out one more per retry.
    #[serde(default = "default_relax")]
    pub relax: Vec<String>,
    /// Record the result as annotations and leave the tree whole.
    #[serde(default)]
    pub annotate: bool,
    /// The tag of each stage, found in `prepare`.
    #[serde(skip)]
    tags: Vec<String>,
    /// Whether every stage is one of [`KEEP_TEXT`], found in `prepare`.
    #[serde(skip)]
    keeps_text: bool,
}

/// The stages of this crate, none of which changes a text node (they move, remove,
/// create and rename elements): when the passes are only these, each text node's span
/// is taken once for all of them ([`crate::text`]).
const KEEP_TEXT: &[&str] = &[
    "readability.prep_document",
    "readability.remove_hidden",
    "readability.remove_byline",
    "readability.remove_title_header",
    "readability.strip_unlikely",
    "readability.remove_empty",
    "readability.div_to_p",
    "readability.class_weight",
    "readability.score",
    "readability.select_article",
    "readability.clean",
    "readability.clean_share",
    "readability.clean_headers",
    "readability.clean_conditionally",
];

fn default_char_threshold() -> usize {
    500
}
fn default_relax() -> Vec<String> {
    [
        "readability.strip_unlikely",
        "readability.class_weight",
        "readability.clean_conditionally",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

impl Default for Retry {
    fn default() -> Self {
        Retry {
            stages: crate::presets::article_passes(),
            char_threshold: default_char_threshold(),
            relax: default_relax(),
            annotate: false,
            tags: Vec::new(),
            keeps_text: false,
        }
    }
}

fn tag_of(stage: &dyn TreeStage) -> Result<String> {
    let value = serde_json::to_value(stage).map_err(|e| Error::Stage {
        stage: "readability.retry".into(),
        message: format!("a stage does not serialise: {e}"),
    })?;
    Ok(value
        .get("type")
        .and_then(|t| t.as_str())
        .unwrap_or_default()
        .to_owned())
}

/// The text length Readability compares with its threshold.
fn article_len(doc: &Document) -> usize {
    span_below(doc, walk::page(doc)).trimmed_len()
}

impl Retry {
    /// Runs attempt `k` on `doc`; returns the article length.
    fn attempt(
        &self,
        k: usize,
        doc: &mut Document,
        diagnostics: &mut Diagnostics,
    ) -> Result<usize> {
        let skipped = &self.relax[..k.min(self.relax.len())];
        for (stage, tag) in self.stages.iter().zip(&self.tags) {
            if !skipped.contains(tag) {
                stage.apply(doc, diagnostics)?;
            }
        }
        Ok(article_len(doc))
    }

    /// Copies what the chosen attempt computed onto the original document (not the
    /// text spans its passes shared).
    fn annotate_original(original: &mut Document, result: &Document, attempt: usize) {
        let n = original.arena_len();
        let keys: Vec<String> = result
            .annotations()
            .keys()
            .filter(|&k| k != TEXT_SPANS)
            .map(str::to_owned)
            .collect();
        for key in keys {
            if let Some(column) = result.annotations().column(&key) {
                let mut column = column.to_vec();
                column.resize(n, f64::NAN);
                original.annotations_mut().insert_column(&key, column);
            }
        }
        let mut kept = vec![0.0; n];
        for id in result.descendants(result.root()) {
            if let Some(k) = kept.get_mut(id.index()) {
                *k = 1.0;
            }
        }
        original.annotations_mut().insert_column(IN_ARTICLE, kept);
        let root: NodeId = original.root();
        original.annotate(root, ATTEMPT, attempt as f64);
    }
}

#[typetag::serde(name = "readability.retry")]
impl TreeStage for Retry {
    fn prepare(&mut self) -> Result<()> {
        self.tags.clear();
        for stage in &mut self.stages {
            stage.prepare()?;
            self.tags.push(tag_of(stage.as_ref())?);
        }
        self.keeps_text = self.tags.iter().all(|t| KEEP_TEXT.contains(&t.as_str()));
        Ok(())
    }

    fn apply(&self, doc: &mut Document, diagnostics: &mut Diagnostics) -> Result<()> {
        if self.tags.len() != self.stages.len() {
            return Err(Error::Stage {
                stage: "readability.retry".into(),
                message: "not prepared (load it through a pipeline)".into(),
            });
        }
        // The page before the first attempt. In annotate mode that is `doc` itself,
        // which no attempt touches: each attempt runs on a clone of it. In deleting
        // mode the first attempt runs on `doc` and the last on the saved page, so a
        // page that succeeds at once costs one clone, as does one that needs them all.
        let mut original = if self.annotate {
            None
        } else {
            Some(doc.clone())
        };
        // No pass changes a text node: the spans one attempt's passes record are handed
        // to the next passes and attempts (crate::text).
        let mut spans = self.keeps_text.then(Vec::new);
        let last = self.relax.len();
        let mut best: Option<(usize, usize, Document)> = None;
        for k in 0..=last {
            let mut work = match original.as_mut() {
                None => doc.clone(),
                Some(_) if k == 0 => std::mem::take(doc),
                Some(saved) if k == last => std::mem::take(saved),
                Some(saved) => saved.clone(),
            };
            if let Some(spans) = spans.as_mut() {
                work.annotations_mut()
                    .insert_column(TEXT_SPANS, std::mem::take(spans));
            }
            let len = self.attempt(k, &mut work, diagnostics)?;
            if let Some(spans) = spans.as_mut().filter(|_| len < self.char_threshold) {
                // For the next attempt.
                spans.extend_from_slice(work.annotations().column(TEXT_SPANS).unwrap_or(&[]));
            }
            let better = best.as_ref().is_none_or(|b| len > b.1);
            if len >= self.char_threshold {
                best = Some((k, len, work));
                break;
            }
            if better {
                best = Some((k, len, work));
            }
        }
        let Some((k, _, mut result)) = best else {
            // Unreachable: the first attempt is always the best so far.
            if let Some(saved) = original {
                *doc = saved;
            }
            return Ok(());
        };
        if spans.is_some() && !self.annotate {
            result.annotations_mut().remove_column(TEXT_SPANS);
        }
        if self.annotate {
            Self::annotate_original(doc, &result, k);
        } else {
            *doc = result;
        }
        Ok(())
    }

    fn deletes_with_content(&self) -> Vec<String> {
        match self.stages.first() {
            Some(first) if !self.annotate => first.deletes_with_content(),
            _ => Vec::new(),
        }
    }

    /// In annotate mode the page is left whole and each attempt runs on a clone, whose
    /// first pass (when no retry leaves it out) deletes what it deletes with content
    /// (`readability.prep_document`: `script`, `noscript`, `style`) before any other
    /// pass looks: their content is never read.
    fn ignores_content_of(&self) -> Vec<String> {
        match (self.stages.first(), self.tags.first()) {
            (Some(first), Some(tag)) if self.annotate && !self.relax.contains(tag) => {
                first.deletes_with_content()
            }
            _ => Vec::new(),
        }
    }

    /// What its stages read.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::union(self.stages.iter().map(|s| s.reads_attributes()))
    }
}
