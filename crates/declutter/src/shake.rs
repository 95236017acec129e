//! `declutter.shake`: the second phase of Beer's declutter, a post-order subtree filter.
//!
//! For every node the statistics of its subtree are computed bottom-up: **Words** (words
//! of text, see [`count_words`]: in Chinese and Japanese each Han, Hiragana and Katakana
//! character is one, since split at whitespace a paragraph of theirs is one "word" and
//! every block of such a page scored below zero — of scrapinghub's two Japanese
//! articles `declutter` kept 56 and 95 characters, 914 and 1,220 since; in Thai, Lao,
//! Khmer and Burmese, where a space ends a phrase, the words the Unicode Consortium's
//! dictionaries find; in Tibetan its syllables), **LinkWords** (words of
//! text inside an `<a>`), **Tags** (elements, the node itself included). Decisions are
//! made only at the elements named in `block_tags`, after those of their descendants:
//!
//! `Score = Words − link_weight·LinkWords − tag_weight·Tags`
//!
//! A score ≥ 0 sets **Keep**, which propagates to every ancestor. A node with a negative
//! score is deleted unless it has Keep (set by a descendant) or lies under a Blessed node;
//! its counts still reach its parent as if it were there, so each decision is
//! independent of the others. A deleted table cell (`td`, `th`) is emptied rather than
//! taken out of its row, so that the cells after it keep their columns (the article's
//! "subtree deleted", without moving a price under the name's header); its text goes
//! either way.
//!
//! The *bless* test runs at every element: if its `class` (or, with `match_id`, its
//! `id`) contains one of `bless_words`, the element is **Blessed** (no descendant of it
//! is deleted) and gets Keep (so no ancestor is deleted either).
//!
//! With `"annotate": true` nothing is deleted: the stage records what it computed in
//! the document's annotation side table ([`pith_dom::Annotations`]) and leaves the
//! tree whole, so that later features can read declutter's judgement next to other
//! algorithms' ([`ANNOTATIONS`] lists the keys).
//!
//! The walk is iterative (`Document::traverse`), so any depth works.
//!
//! ```
//! # use pith_declutter::Shake;
//! let stage: Shake = serde_json::from_str(r#"{"link_weight": 2.0, "tag_weight": 1.0}"#).unwrap();
//! assert!(stage.block_tags.contains("div"));
//! ```

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, Edge, ElementNamespace, NodeData, TagNames};
use serde::{Deserialize, Serialize};

use crate::words::{class_or_id_attributes, class_or_id_contains, count_words, ClassWords};

/// The decision points of `declutter.shake` by default.
pub const BLOCK_TAGS: &[&str] = &[
    "div",
    "section",
    "article",
    "aside",
    "header",
    "footer",
    "nav",
    "main",
    "table",
    "tr",
    "td",
    "th",
    "ul",
    "ol",
    "dl",
    "li",
    "form",
    "blockquote",
    "center",
    "figure",
];

/// Annotation key: the score of every decision point (an element of `block_tags`).
pub const SHAKE_SCORE: &str = "declutter.shake_score";
/// Annotation key: `1` at a decision point that has Keep (its score, a descendant's or
/// a blessing), `0` at the others.
pub const SHAKE_KEEP: &str = "declutter.keep";
/// Annotation key: `1` at every Blessed element (no other node has a value).
pub const SHAKE_BLESSED: &str = "declutter.blessed";
/// Annotation key: `1` at a decision point that shake deletes (alone or with an
/// ancestor), `0` at the others. A block is deleted exactly when its nearest decision
/// point is.
pub const SHAKE_REMOVED: &str = "declutter.removed";
/// Every key `"annotate": true` records.
pub const ANNOTATIONS: &[&str] = &[SHAKE_SCORE, SHAKE_KEEP, SHAKE_BLESSED, SHAKE_REMOVED];

/// Bless words matched in class names and ids by default.
pub const BLESS_WORDS: &[&str] = &["author", "byline", "dateline"];

/// The shake phase. Fields and defaults: `block_tags` ([`BLOCK_TAGS`]), `link_weight`
/// (2), `tag_weight` (1), `bless_words` ([`BLESS_WORDS`]), `match_id` (`true`),
/// `annotate` (`false`: delete; `true`: record [`ANNOTATIONS`] and delete nothing).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shake {
    /// Elements at which a keep-or-delete decision is made.
    #[serde(default = "default_block_tags")]
    pub block_tags: TagNames,
    /// Weight of LinkWords in the score (the article's 2).
    #[serde(default = "default_link_weight")]
    pub link_weight: f64,
    /// Weight of Tags in the score (the article's 1).
    #[serde(default = "default_tag_weight")]
    pub tag_weight: f64,
    /// Words whose presence in `class`/`id` blesses an element.
    #[serde(default = "default_bless_words")]
    pub bless_words: Vec<String>,
    /// Also look for bless words in `id`.
    #[serde(default = "default_true")]
    pub match_id: bool,
    /// Record scores and decisions as annotations instead of deleting.
    #[serde(default, skip_serializing_if = "is_false")]
    pub annotate: bool,
    #[serde(skip)]
    bless: ClassWords,
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}
fn default_block_tags() -> TagNames {
    TagNames::from(BLOCK_TAGS)
}
fn default_bless_words() -> Vec<String> {
    strings(BLESS_WORDS)
}
fn default_link_weight() -> f64 {
    2.0
}
fn default_tag_weight() -> f64 {
    1.0
}
fn default_true() -> bool {
    true
}
fn is_false(b: &bool) -> bool {
    !b
}

impl Default for Shake {
    fn default() -> Self {
        let bless_words = default_bless_words();
        Shake {
            block_tags: default_block_tags(),
            link_weight: default_link_weight(),
            tag_weight: default_tag_weight(),
            bless: ClassWords::new(&bless_words),
            bless_words,
            match_id: true,
            annotate: false,
        }
    }
}

/// What shake computed for one node (exposed for tests and tools).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NodeStats {
    /// Words of text in the subtree.
    pub words: usize,
    /// Words of text inside links in the subtree.
    pub link_words: usize,
    /// Elements in the subtree, the node itself included.
    pub tags: usize,
}

impl Shake {
    /// The score of a node with these statistics.
    pub fn score(&self, s: NodeStats) -> f64 {
        s.words as f64 - self.link_weight * s.link_words as f64 - self.tag_weight * s.tags as f64
    }

    /// Runs shake on `doc`; returns the number of deleted subtrees (with `annotate`,
    /// the number it would delete; the tree is left whole).
    pub fn shake(&self, doc: &mut Document) -> usize {
        let n = doc.arena_len();
        let mut notes = self.annotate.then(|| Notes::new(n));
        let mut stats = vec![NodeStats::default(); n];
        let mut keep = vec![false; n];
        let mut blessed = vec![false; n];
        // Length of `doomed` when each node opened: a doomed node supersedes the doomed
        // nodes of its subtree, which were pushed after that point.
        let mut mark = vec![0usize; n];
        let mut blessed_open = 0usize;
        let mut links_open = 0usize;
        let mut doomed = Vec::new();
        let root = doc.root();
        for edge in doc.traverse(root) {
            match edge {
                Edge::Open(id) => {
                    mark[id.index()] = doomed.len();
                    match doc.data(id) {
                        NodeData::Element(el) => {
                            if el.name() == "a" {
                                links_open += 1;
                            }
                            if class_or_id_contains(el, &self.bless, self.match_id) {
                                blessed_open += 1;
                                blessed[id.index()] = true;
                                keep[id.index()] = true;
                            }
                        }
                        NodeData::Text(t) => {
                            let w = count_words(t);
                            let s = &mut stats[id.index()];
                            s.words = w;
                            if links_open > 0 {
                                s.link_words = w;
                            }
                        }
                        _ => {}
                    }
                }
                Edge::Close(id) => {
                    let i = id.index();
                    if let NodeData::Element(el) = doc.data(id) {
                        stats[i].tags += 1;
                        let is_block = el.namespace() == ElementNamespace::Html
                            && el.is_named_in(&self.block_tags);
                        if is_block && self.score(stats[i]) >= 0.0 {
                            keep[i] = true;
                        }
                        let removed = is_block && !keep[i] && blessed_open == 0;
                        if removed {
                            doomed.truncate(mark[i]);
                            doomed.push(id);
                        }
                        if let Some(notes) = notes.as_mut() {
                            if is_block {
                                notes.score[i] = self.score(stats[i]);
                                notes.keep[i] = f64::from(u8::from(keep[i]));
                                notes.removed[i] = f64::from(u8::from(removed));
                            }
                            if blessed[i] {
                                notes.blessed[i] = 1.0;
                            }
                        }
                        if el.name() == "a" {
                            links_open = links_open.saturating_sub(1);
                        }
                        if blessed[i] {
                            blessed_open -= 1;
                        }
                    }
                    if let Some(p) = doc.parent(id) {
                        let (s, k) = (stats[i], keep[i]);
                        let ps = &mut stats[p.index()];
                        ps.words += s.words;
                        ps.link_words += s.link_words;
                        ps.tags += s.tags;
                        keep[p.index()] |= k;
                    }
                }
            }
        }
        if let Some(notes) = notes {
            let table = doc.annotations_mut();
            table.insert_column(SHAKE_SCORE, notes.score);
            table.insert_column(SHAKE_KEEP, notes.keep);
            table.insert_column(SHAKE_BLESSED, notes.blessed);
            table.insert_column(SHAKE_REMOVED, notes.removed);
            return doomed.len();
        }
        for &id in &doomed {
            if matches!(doc.element_name(id), Some("td" | "th")) {
                // A table cell is emptied, not taken out: the cells after it keep
                // their columns (in the purified page, and in Markdown's tables).
                while let Some(child) = doc.first_child(id) {
                    doc.detach(child);
                }
            } else {
                doc.remove_and_merge_text(id);
            }
        }
        doomed.len()
    }
}

/// The columns `annotate` records, one value per node (`NaN`: none).
struct Notes {
    score: Vec<f64>,
    keep: Vec<f64>,
    blessed: Vec<f64>,
    removed: Vec<f64>,
}

impl Notes {
    fn new(n: usize) -> Notes {
        Notes {
            score: vec![f64::NAN; n],
            keep: vec![f64::NAN; n],
            blessed: vec![f64::NAN; n],
            removed: vec![f64::NAN; n],
        }
    }
}

#[typetag::serde(name = "declutter.shake")]
impl TreeStage for Shake {
    fn prepare(&mut self) -> Result<()> {
        self.bless = ClassWords::new(&self.bless_words);
        Ok(())
    }
    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        self.shake(doc);
        Ok(())
    }

    /// `class`, and `id` with `match_id` (the bless words).
    fn reads_attributes(&self) -> AttributeUse {
        class_or_id_attributes(self.match_id)
    }
}
