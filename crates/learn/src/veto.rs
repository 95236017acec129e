//! `learn.veto`: a pass that labels bad the blocks a column marks, after the passes
//! before it decided; and the vetoes that `pith extract --no-comments` and
//! `--no-tables` add to a pipeline.
//!
//! Why: whether a blog's comment thread belongs to the page's text is the user's
//! choice more than the page's. The development golds split on it (dragnet-train keeps
//! the thread on 33 of its blog pages and drops it on 240; docs/evaluation.md,
//! "Comment sections"), so the learned preset keeps what its trees judge, and
//! trafilatura's users know the switch as `--no-comments`.
//!
//! A class or id names comments far more often than it wraps a thread (`<body
//! class="… f_comments_on">`, `<article class="post commented">` around the story, a
//! post's `category-for-discussion`), so guards keep the veto from taking the article:
//! - the column ([`drop_comment_sections`]) does not count the elements that hold
//!   Readability's top candidate, nor `<html>` and `<body>` ([`ClassWords`]'s
//!   `outside`);
//! - it counts the marked elements a block sits in (`depth`). A thread is a list of
//!   marked entries inside a marked section (`<li class="comment">` in `<div
//!   id="comments">`), so its comments sit in two or more and always go
//!   (`always_above`), however long the thread; text in one marked element only may
//!   be the article in an element named after its comments;
//! - the pass leaves those one-deep blocks alone when they hold at least `max_share` of
//!   the characters the page keeps once the comments are gone (default one half):
//!   blocks that outweigh the rest of the kept text are more likely the page's main
//!   text than an aside to it;
//! - and it never takes every block a page keeps: a page whose kept text is all
//!   comments (Readability's article a thread) keeps it, rather than coming out empty.
//!
//! Measured in docs/evaluation.md, "A `--no-comments` switch".
//!
//! `--no-tables` (trafilatura's switch of that name) marks the blocks inside a
//! `<table>`, with the same share guard: a page laid out in tables keeps its text,
//! a data table beside the article goes ([`drop_tables`]).
//!
//! `--no-title` marks the blocks that repeat the page's `<title>` (the headline,
//! [`crate::title_repeat`]), with the same guard: a page whose kept text is mostly its
//! title keeps it ([`drop_title`]).
//!
//! The `pith` preset itself ends with a veto on its byline column (`learn.byline`),
//! written in its base pipeline file rather than added by a switch: Readability,
//! trafilatura and scrapinghub's golds leave bylines out of the text, the other
//! development folders' golds keep one on up to a quarter of their pages (dropping it
//! there costs little), and the trees alone keep them (docs/evaluation.md, "Bylines").
//! A second veto there takes the text of `<nav>` elements (the column
//! `learn.inside_nav_element`), which the golds leave out and the trees alone keep when a
//! `<nav>` sits between a headline and its article, as Wikipedia's page tools do
//! (docs/evaluation.md, "Navigation elements").

use pith_core::dom::TagNames;
use pith_core::{ContextPass, Error, Feature, FeatureKey, Label, PassContext, Result};
use serde::{Deserialize, Serialize};

use crate::features::{ClassWords, Inside};
use crate::title_repeat::{TitleRepeat, TITLE_REPEAT};

/// The words that name a comment section in a `class` or `id` (those of the `pith`
/// preset's `learn.in_comments` column).
pub const COMMENT_WORDS: &[&str] = &[
    "comment",
    "reply",
    "replies",
    "discussion",
    "disqus",
    "respond",
    "talkback",
];

/// The column [`drop_comment_sections`] adds: how many comment sections the block sits
/// in (0 outside any).
pub const COMMENT_SECTION: &str = "learn.comment_section";

/// Blocks deeper than this in comment sections are comments of a thread, and go
/// whatever their share: inside two or more.
pub const THREAD_DEPTH: f64 = 1.5;

/// The annotation of the article that a comment section may not hold.
pub const ARTICLE_MARK: &str = "readability.top_candidate";

/// The column [`drop_tables`] adds: 1 inside a `<table>`.
pub const TABLE_SECTION: &str = "learn.table_section";

/// The `learn.veto` pass (see the [module docs](self)). Fields: `feature` (the column
/// read), `above` (default 0.5: a block whose value is greater is marked; `NaN`
/// never is), `max_share` (default 0.5: the marked blocks are labelled bad only when
/// they hold less than this share of the characters of the good blocks; 1 or more:
/// always), `always_above` (default none: a block whose value is greater is labelled
/// bad whatever its share, before the share of the others is taken).
///
/// ```
/// # use pith_core::{Block, ContextPass, FeatureKey, FeatureTable, Label, PassContext};
/// let veto: pith_learn::Veto = serde_json::from_str(r#"{"feature": "x"}"#).unwrap();
/// let blocks: Vec<Block> = ["An article of some length.", "A reply.", "Menu"]
///     .iter()
///     .map(|t| Block { text: t.to_string(), ..Block::default() })
///     .collect();
/// let mut features = FeatureTable::new();
/// features.insert(FeatureKey::new("x"), vec![0.0, 1.0, f64::NAN]);
/// let mut labels = vec![Label::Good, Label::Good, Label::Bad];
/// let cf = labels.clone();
/// let ctx = PassContext { blocks: &blocks, features: &features, cf_labels: &cf, document: None };
/// veto.revise(ctx, &mut labels).unwrap();
/// assert_eq!(labels, [Label::Good, Label::Bad, Label::Bad]);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Veto {
    /// The column read.
    pub feature: String,
    /// Blocks whose value is above this are marked.
    #[serde(default = "half")]
    pub above: f64,
    /// The share of the good blocks' characters the marked ones must stay below.
    #[serde(default = "half")]
    pub max_share: f64,
    /// Blocks whose value is above this are labelled bad without the share guard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub always_above: Option<f64>,
}

fn half() -> f64 {
    0.5
}

impl Veto {
    /// The blocks the veto labels bad, given each block's value in its column
    /// (`column`; a block past its end reads `NaN`), its length in characters and
    /// whether it is good before the veto: what [`ContextPass::revise`] does to the
    /// labels, as a pure function (`pith train` applies it to its out-of-fold
    /// selections).
    pub fn vetoed(&self, column: &[f64], chars: &[usize], good: &[bool]) -> Vec<bool> {
        let value = |i: usize| column.get(i).copied().unwrap_or(f64::NAN);
        let marked = |i: usize| value(i) > self.above;
        let beyond_guard = |i: usize| self.always_above.is_some_and(|a| value(i) > a);
        // The characters of the good blocks that `pick` takes.
        let good_chars = |pick: &dyn Fn(usize) -> bool| -> usize {
            good.iter()
                .zip(chars)
                .enumerate()
                .filter(|&(i, (&good, _))| good && pick(i))
                .map(|(_, (_, &chars))| chars)
                .sum()
        };
        // The unguarded veto, unless it would leave the page no text at all.
        let unguarded = good_chars(&|i| !beyond_guard(i)) > 0;
        let sure = |i: usize| unguarded && beyond_guard(i);
        let kept_chars = good_chars(&|i| !sure(i));
        let marked_chars = good_chars(&|i| !sure(i) && marked(i));
        let guarded = marked_chars > 0 && marked_chars as f64 >= self.max_share * kept_chars as f64;
        (0..good.len())
            .map(|i| sure(i) || (marked(i) && !guarded))
            .collect()
    }
}

#[typetag::serde(name = "learn.veto")]
impl ContextPass for Veto {
    fn requires(&self) -> Vec<FeatureKey> {
        vec![FeatureKey(self.feature.clone().into())]
    }
    fn prepare(&mut self) -> Result<()> {
        if self.above.is_nan()
            || self.max_share.is_nan()
            || self.always_above.is_some_and(f64::is_nan)
        {
            return Err(Error::Stage {
                stage: "learn.veto".into(),
                message: "`above`, `max_share` and `always_above` must be numbers, not NaN".into(),
            });
        }
        Ok(())
    }
    fn revise(&self, ctx: PassContext<'_>, labels: &mut [Label]) -> Result<()> {
        let key = FeatureKey(self.feature.clone().into());
        let column = ctx.features.column(&key).ok_or_else(|| Error::Stage {
            stage: "learn.veto".into(),
            message: format!("no column {}", self.feature),
        })?;
        let good: Vec<bool> = labels.iter().map(|l| *l == Label::Good).collect();
        let chars: Vec<usize> = ctx.blocks.iter().map(|b| b.len_chars()).collect();
        for (label, vetoed) in labels.iter_mut().zip(self.vetoed(column, &chars, &good)) {
            if vetoed {
                *label = Label::Bad;
            }
        }
        Ok(())
    }
}

/// Adds the comment-section column (`learn.class_words` with `depth` and `outside`)
/// and its veto (`always_above` [`THREAD_DEPTH`]) to a pipeline given as JSON: the
/// column as the last feature, the veto as the last pass, so that no block inside a
/// comment section is kept whatever the pipeline's own passes decide (within the
/// guards of the [module docs](self)). Works on any pipeline; without Readability's
/// annotations only `<html>` and `<body>` are exempt. Idempotent: a pipeline that
/// has the column and the veto already is left as it is. An error when the pipeline is
/// not a JSON object or its `features` or `passes` is not a list.
pub fn drop_comment_sections(pipeline: &mut serde_json::Value) -> std::result::Result<(), String> {
    let mut column = ClassWords::default();
    column.words = COMMENT_WORDS.iter().map(|w| w.to_string()).collect();
    column.key = Some(COMMENT_SECTION.into());
    column.outside = Some(ARTICLE_MARK.into());
    column.depth = true;
    add_veto(
        pipeline,
        Box::new(column),
        COMMENT_SECTION,
        Some(THREAD_DEPTH),
    )
}

/// Adds the `<table>` column and its veto to a pipeline given as JSON, as
/// [`drop_comment_sections`] adds its own (the share guard included): `--no-tables`.
pub fn drop_tables(pipeline: &mut serde_json::Value) -> std::result::Result<(), String> {
    let column = Inside {
        tags: TagNames::from(["table"]),
        key: Some(TABLE_SECTION.into()),
    };
    add_veto(pipeline, Box::new(column), TABLE_SECTION, None)
}

/// Adds the title column ([`TitleRepeat`]) and its veto to a pipeline given as JSON,
/// as [`drop_comment_sections`] adds its own (the share guard included): blocks that
/// repeat more than half of the page's title, and have few words of their own, go —
/// `--no-title`.
pub fn drop_title(pipeline: &mut serde_json::Value) -> std::result::Result<(), String> {
    add_veto(
        pipeline,
        Box::new(TitleRepeat {}),
        TITLE_REPEAT.0.as_ref(),
        None,
    )
}

/// Appends `column` (whose key is `key`) to the features and a veto on it to the
/// passes, each unless the pipeline has it already.
fn add_veto(
    pipeline: &mut serde_json::Value,
    column: Box<dyn Feature>,
    key: &str,
    always_above: Option<f64>,
) -> std::result::Result<(), String> {
    let veto: Box<dyn ContextPass> = Box::new(Veto {
        feature: key.into(),
        above: half(),
        max_share: half(),
        always_above,
    });
    let feature = serde_json::to_value(&column).map_err(|e| e.to_string())?;
    let pass = serde_json::to_value(&veto).map_err(|e| e.to_string())?;
    let map = pipeline
        .as_object_mut()
        .ok_or("the pipeline is not a JSON object")?;
    for (field, item) in [("features", feature), ("passes", pass)] {
        let list = map
            .entry(field)
            .or_insert_with(|| serde_json::Value::Array(Vec::new()))
            .as_array_mut()
            .ok_or_else(|| format!("the pipeline's `{field}` is not a list"))?;
        if !list.contains(&item) {
            list.push(item);
        }
    }
    Ok(())
}
