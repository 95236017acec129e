//! Cross-algorithm block features: each a Feature stage, one column per block.
//!
//! Why these: a learned rule needs general signals, not rules fitted to a few pages.
//! The judgements other algorithms already make (declutter's shake score and verdict,
//! Readability's content score, jusText's context-free class) are the strongest;
//! the DOM context (how deep, inside which elements, which class/id words, where in
//! the page) and the neighbours' values let the trees see what jusText's context
//! passes see.
//!
//! Features that read the tree use the block's [`node`](pith_core::Block::node) and
//! the document the pipeline hands them ([`FeatureInput::document`]); without a
//! document (blocks given directly) they give `NaN`, which the trees send left.
//!
//! | tag | key | value |
//! |---|---|---|
//! | `learn.annotation` | the annotation's name | the nearest annotated inclusive ancestor's value (`missing` when none) |
//! | `learn.depth` | `learn.depth` | ancestors of the block's node |
//! | `learn.position` | `learn.position` | share of the page's text (characters) before the block, 0 to 1 |
//! | `learn.inside` | `key` (default `learn.inside_<tag>`) | 1 if the node or an ancestor is one of `tags`, else 0 |
//! | `learn.class_words` | `key` (default `learn.class_words`) | 1 if the `class` or `id` (or the `attributes` named) of the node or an ancestor contains one of `words` (ASCII case-insensitive), else 0; with `count`, how many words are found on the node and its ancestors |
//! | `learn.justext_class` | `learn.justext_class` | jusText's context-free class as a number: bad 0, short 1, neargood 2, good 3 |
//! | `learn.neighbour` | `key` (default `<of>@<offset>`) | the `of` column's value `offset` blocks away (`NaN` past the ends) |
//! | `learn.relative_annotation` | `key` (default `<annotation>/max`) | the nearest annotated inclusive ancestor's value over the page's greatest value of that annotation |
//! | `learn.text_share` | `learn.text_share` | the block's share of the page's text (characters), 0 to 1 |
//! | `learn.container_link_density` | `key` (default `learn.container_link_density@<up>`) | characters inside links over all characters, in the subtree of the block's node's `up`-th ancestor |

use pith_core::dom::{Document, NodeId, TagNames};
use pith_core::{
    AttributeUse, Block, Error, Feature, FeatureInput, FeatureKey, FeatureTable, Label, Result,
    WordAutomaton,
};
use pith_declutter::prune::POISON_WORDS;
use pith_justext::features::{LENGTH, LINK_DENSITY, STOPWORDS_DENSITY};
use serde::{Deserialize, Serialize};

fn nan_column(blocks: &[Block]) -> Vec<f64> {
    vec![f64::NAN; blocks.len()]
}

/// A column's value by block index, `NaN` when the column or the block is missing:
/// [`FeatureTable::get`] with the column looked up once (the lookup compares the key
/// with every column's, and a page has ~70 columns and ~200 blocks).
pub(crate) fn column_of<'a>(
    table: &'a FeatureTable,
    key: &FeatureKey,
) -> impl Fn(usize) -> f64 + 'a {
    let column = table.column(key).unwrap_or(&[]);
    move |i| column.get(i).copied().unwrap_or(f64::NAN)
}

/// Applies `f` to each block's node, `NaN` for blocks without one or without a document.
fn per_node(input: FeatureInput<'_>, mut f: impl FnMut(&Document, NodeId) -> f64) -> Vec<f64> {
    let Some(doc) = input.document else {
        return nan_column(input.blocks);
    };
    input
        .blocks
        .iter()
        .map(|b| match b.node {
            Some(n) if n.index() < doc.arena_len() => f(doc, n),
            _ => f64::NAN,
        })
        .collect()
}

/// The inclusive ancestors of a node, innermost first.
fn ancestors(doc: &Document, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
    doc.inclusive_ancestors(node)
}

/// Each block's `step`-inherited value, `value(n) = step(n, value(parent(n)))` with
/// `top` standing for a missing parent; `None` for a block without a node; `None` for
/// the whole page without a document. One pass over the blocks' paths, which the
/// pipeline lists once per page for every such feature ([`FeatureInput::ancestry`]):
/// each node of the paths is visited once, parents first, instead of one walk to the
/// root per block.
pub(crate) fn inherited_values<T: Copy>(
    input: FeatureInput<'_>,
    top: T,
    mut step: impl FnMut(&Document, NodeId, T) -> T,
) -> Option<Vec<Option<T>>> {
    let doc = input.document?;
    let ancestry = input.ancestry()?;
    let values = ancestry.fold(top, |n, up| step(doc, n, up));
    Some(ancestry.block_values(&values).collect())
}

/// [`inherited_values`] as a column of `value`s, `NaN` for blocks without a node or
/// without a document.
pub(crate) fn inherited_column<T: Copy>(
    input: FeatureInput<'_>,
    top: T,
    mut step: impl FnMut(&Document, NodeId, T) -> T,
    value: impl Fn(T) -> f64,
) -> Vec<f64> {
    let (Some(doc), Some(ancestry)) = (input.document, input.ancestry()) else {
        return nan_column(input.blocks);
    };
    let values = ancestry.fold(top, |n, up| step(doc, n, up));
    ancestry
        .block_values(&values)
        .map(|v| v.map_or(f64::NAN, &value))
        .collect()
}

/// `learn.annotation`: the value a tree stage recorded for the block's nearest
/// annotated inclusive ancestor. Fields: `annotation` (the annotation key, e.g.
/// `"declutter.shake_score"`; also the column's key), `missing` (value when no
/// ancestor has one; default `null`, read as `NaN`).
///
/// ```
/// # use pith_learn::Annotation;
/// let f: Annotation = serde_json::from_str(r#"{"annotation": "declutter.removed", "missing": 0}"#).unwrap();
/// assert_eq!(f.missing, Some(0.0));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Annotation {
    /// The annotation key to read.
    pub annotation: String,
    /// The value for blocks with no annotated ancestor (`None`: `NaN`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missing: Option<f64>,
}

#[typetag::serde(name = "learn.annotation")]
impl Feature for Annotation {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        FeatureKey(self.annotation.clone().into())
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![self.missing.unwrap_or(f64::NAN); blocks.len()])
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        let missing = self.missing.unwrap_or(f64::NAN);
        let column = input
            .document
            .and_then(|d| d.annotations().column(&self.annotation));
        let (Some(column), Some(_)) = (column, input.document) else {
            return self.compute(input.blocks, input.features);
        };
        // The nearest annotated inclusive ancestor's value, as `Document::nearest_in`:
        // `NaN` is no value there (`value_at`), so it stands for none here too, and a
        // node without one takes its parent's.
        let nearest = inherited_column(
            input,
            f64::NAN,
            |_, m, up| match column.get(m.index()) {
                Some(&v) if !v.is_nan() => v,
                _ => up,
            },
            |v| v,
        );
        Ok(nearest
            .into_iter()
            .map(|v| if v.is_nan() { missing } else { v })
            .collect())
    }
}

/// `learn.relative_annotation`: the value a tree stage recorded for the block's
/// nearest annotated inclusive ancestor, divided by the greatest value of that
/// annotation on the page — for Readability's content score, how the block's
/// candidate compares with the page's best (1: the best). Fields: `annotation`, `key`
/// (default `<annotation>/max`), `missing` (when no ancestor has a value, or the
/// page's greatest value is not positive; default `null`, read as `NaN`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RelativeAnnotation {
    /// The annotation key to read.
    pub annotation: String,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The value for blocks without one (`None`: `NaN`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missing: Option<f64>,
}

#[typetag::serde(name = "learn.relative_annotation")]
impl Feature for RelativeAnnotation {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        FeatureKey(
            self.key
                .clone()
                .unwrap_or_else(|| format!("{}/max", self.annotation))
                .into(),
        )
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![self.missing.unwrap_or(f64::NAN); blocks.len()])
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        let missing = self.missing.unwrap_or(f64::NAN);
        let column = input
            .document
            .and_then(|d| d.annotations().column(&self.annotation));
        let (Some(doc), Some(column)) = (input.document, column) else {
            return self.compute(input.blocks, input.features);
        };
        let best = column
            .iter()
            .copied()
            .filter(|v| v.is_finite())
            .fold(f64::NEG_INFINITY, f64::max);
        if best <= 0.0 || !best.is_finite() {
            return self.compute(input.blocks, input.features);
        }
        Ok(input
            .blocks
            .iter()
            .map(|b| {
                b.node
                    .and_then(|n| doc.nearest_in(n, column))
                    .map_or(missing, |(_, v)| v / best)
            })
            .collect())
    }
}

/// Each block's text length in characters (what `learn.text_share`, `learn.position`
/// and `learn.page` measure the page's text in), for blocks without their page: a
/// pipeline's stages share one count ([`FeatureInput::char_lengths`]).
pub(crate) fn char_lengths(blocks: &[Block]) -> Vec<usize> {
    blocks.iter().map(|b| b.text.chars().count()).collect()
}

/// `learn.text_share`: the block's share of the page's text, in characters (the
/// blocks' texts summed; 0 when the page has none). No fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextShare {}

/// The key of [`TextShare`].
pub const TEXT_SHARE: FeatureKey = FeatureKey::new("learn.text_share");

#[typetag::serde(name = "learn.text_share")]
impl Feature for TextShare {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        TEXT_SHARE
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(text_shares(&char_lengths(blocks)))
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        Ok(text_shares(&input.char_lengths()))
    }
}

/// Each block's share of the page's characters (its `lengths`), 0 on a page without.
fn text_shares(lengths: &[usize]) -> Vec<f64> {
    let total = lengths.iter().sum::<usize>().max(1) as f64;
    lengths.iter().map(|&n| n as f64 / total).collect()
}

/// `learn.container_link_density`: in the subtree of the block node's `up`-th
/// ancestor (1: its parent; the root when there are fewer), the characters of text
/// inside `<a>` elements over all characters of text (0 without text). A paragraph's
/// own link density says little when it is one link of a menu; its container's says
/// it is a menu. One walk over the page, whatever the number of blocks. Fields: `up`
/// (default 1), `key` (default `learn.container_link_density@<up>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContainerLinkDensity {
    /// How many ancestors up the container is.
    #[serde(default = "one")]
    pub up: usize,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

fn one() -> usize {
    1
}

impl Default for ContainerLinkDensity {
    fn default() -> Self {
        ContainerLinkDensity { up: 1, key: None }
    }
}

/// What every node's subtree holds (indexed by node): non-space characters of text, of
/// text inside links, and elements (the node itself included).
struct SubtreeCounts {
    text: Vec<u32>,
    link: Vec<u32>,
    elements: Vec<u32>,
}

/// The [`SubtreeCounts`] of every node. Preorder once to know which text is inside a
/// link, then children before parents to sum: iterative, any depth.
fn subtree_counts(doc: &Document) -> SubtreeCounts {
    let n = doc.arena_len();
    let (mut text, mut link, mut elements) = (vec![0u32; n], vec![0u32; n], vec![0u32; n]);
    let mut in_link = vec![false; n];
    let order: Vec<NodeId> = doc.descendants(doc.root()).collect();
    for &id in &order {
        let inherited = doc.parent(id).is_some_and(|p| in_link[p.index()]);
        let name = doc.element_name(id);
        in_link[id.index()] = inherited || name == Some("a");
        elements[id.index()] = u32::from(name.is_some());
        if let Some(t) = doc.text(id) {
            let chars =
                u32::try_from(t.chars().filter(|c| !c.is_whitespace()).count()).unwrap_or(u32::MAX);
            text[id.index()] = chars;
            if in_link[id.index()] {
                link[id.index()] = chars;
            }
        }
    }
    for &id in order.iter().rev() {
        if let Some(p) = doc.parent(id) {
            let (i, p) = (id.index(), p.index());
            text[p] = text[p].saturating_add(text[i]);
            link[p] = link[p].saturating_add(link[i]);
            elements[p] = elements[p].saturating_add(elements[i]);
        }
    }
    SubtreeCounts {
        text,
        link,
        elements,
    }
}

/// The block node's `up`-th ancestor (the root when there are fewer).
fn container(doc: &Document, node: NodeId, up: usize) -> NodeId {
    ancestors(doc, node).take(up + 1).last().unwrap_or(node)
}

/// The key of a container feature: `key` when given, else `<tag>@<up>`.
fn container_key(tag: &str, up: usize, key: &Option<String>) -> FeatureKey {
    FeatureKey(key.clone().unwrap_or_else(|| format!("{tag}@{up}")).into())
}

/// Each block's `measure` of its container's [`SubtreeCounts`] (the counts and the
/// container's index), from one walk over the page; `NaN` for blocks without a node
/// or without a document.
fn container_column(
    input: FeatureInput<'_>,
    up: usize,
    measure: impl Fn(&SubtreeCounts, usize) -> f64,
) -> Vec<f64> {
    let Some(doc) = input.document else {
        return nan_column(input.blocks);
    };
    let counts = subtree_counts(doc);
    per_node(input, |doc, n| {
        measure(&counts, container(doc, n, up).index())
    })
}

#[typetag::serde(name = "learn.container_link_density")]
impl Feature for ContainerLinkDensity {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        container_key("learn.container_link_density", self.up, &self.key)
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(nan_column(blocks))
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        Ok(container_column(input, self.up, |counts, c| {
            let t = counts.text[c];
            if t == 0 {
                0.0
            } else {
                f64::from(counts.link[c]) / f64::from(t)
            }
        }))
    }
}

/// `learn.container_text_density`: in the subtree of the block node's `up`-th ancestor
/// (0: the node itself, 1: its parent; the root when there are fewer), the non-space
/// characters of text per element (the container included, so never a division by
/// zero) — the text density of Sun, Song & Liao's content extraction via text density
/// (SIGIR 2011). Article containers hold long runs of text in few tags; menus, link
/// lists and widgets hold a little text in many. One walk over the page, whatever the
/// number of blocks. Fields: `up` (default 1), `key` (default
/// `learn.container_text_density@<up>`).
///
/// ```
/// # use pith_learn::ContainerTextDensity;
/// let f: ContainerTextDensity = serde_json::from_str(r#"{"up": 2}"#).unwrap();
/// assert_eq!(f.up, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContainerTextDensity {
    /// How many ancestors up the container is.
    #[serde(default = "one")]
    pub up: usize,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

impl Default for ContainerTextDensity {
    fn default() -> Self {
        ContainerTextDensity { up: 1, key: None }
    }
}

#[typetag::serde(name = "learn.container_text_density")]
impl Feature for ContainerTextDensity {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        container_key("learn.container_text_density", self.up, &self.key)
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(nan_column(blocks))
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        Ok(container_column(input, self.up, |counts, c| {
            f64::from(counts.text[c]) / f64::from(counts.elements[c].max(1))
        }))
    }
}

/// `learn.depth`: the number of ancestors of the block's node. No fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Depth {}

/// The key of [`Depth`].
pub const DEPTH: FeatureKey = FeatureKey::new("learn.depth");

#[typetag::serde(name = "learn.depth")]
impl Feature for Depth {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        DEPTH
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(nan_column(blocks))
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        // `Document::depth`: the root has none, every other node one more than its parent.
        Ok(inherited_column(
            input,
            -1i64,
            |_, _, up| up + 1,
            |d| d as f64,
        ))
    }
}

/// `learn.position`: the share of the page's text (in characters) that comes before
/// the block: 0 for the first block, near 1 for the last. No fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {}

/// The key of [`Position`].
pub const POSITION: FeatureKey = FeatureKey::new("learn.position");

#[typetag::serde(name = "learn.position")]
impl Feature for Position {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        POSITION
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(positions(&char_lengths(blocks)))
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        Ok(positions(&input.char_lengths()))
    }
}

/// Each block's share of the page's characters (the blocks' `lengths`) before it.
fn positions(lengths: &[usize]) -> Vec<f64> {
    let total: usize = lengths.iter().sum();
    let mut before = 0usize;
    lengths
        .iter()
        .map(|&n| {
            let v = if total == 0 {
                0.0
            } else {
                before as f64 / total as f64
            };
            before += n;
            v
        })
        .collect()
}

/// `learn.inside`: 1 if the block's node or one of its ancestors is an element named
/// in `tags`, else 0. Fields: `tags` (lower-case names), `key` (default
/// `learn.inside_<first tag>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Inside {
    /// The element names.
    pub tags: TagNames,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

#[typetag::serde(name = "learn.inside")]
impl Feature for Inside {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        match &self.key {
            Some(k) => FeatureKey(k.clone().into()),
            None => {
                FeatureKey(format!("learn.inside_{}", self.tags.iter().next().unwrap_or("")).into())
            }
        }
    }
    fn prepare(&mut self) -> Result<()> {
        if self.tags.is_empty() {
            return Err(Error::Stage {
                stage: "learn.inside".into(),
                message: "`tags` is empty".into(),
            });
        }
        Ok(())
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(nan_column(blocks))
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        Ok(inherited_column(
            input,
            false,
            |doc, n, up| up || doc.is_element_named_in(n, &self.tags),
            |hit| f64::from(u8::from(hit)),
        ))
    }
}

/// Class/id words of navigation and page furniture that `learn.class_words` looks
/// for besides declutter's prune poison words ([`POISON_WORDS`], the one list of
/// those, owned by `declutter.prune`).
pub const NAVIGATION_WORDS: &[&str] = &[
    "header", "nav", "menu", "sidebar", "share", "social", "widget", "ad-", "advert", "sponsor",
];

/// `learn.class_words`: 1 if the `class` or `id` of the block's node or an ancestor
/// contains one of `words` (ASCII case-insensitive substring), else 0. Fields:
/// `words` (default [`POISON_WORDS`] then [`NAVIGATION_WORDS`]), `key` (default
/// `learn.class_words`), `attributes` (the attributes read; default `class` and
/// `id`; e.g. `itemprop` for schema.org's `articleBody`, `rel` for `author`),
/// `count` (default `false`; `true`: the number of words found, each word counted
/// once per attribute value of the node and of every ancestor — Readability's
/// positive and negative class patterns as counts, not decisions), `depth` (default
/// `false`; `true`: the number of elements on the path — the block's node and its
/// ancestors — that carry one of the words, each element once however many words it
/// carries: how deeply the block is nested in marked sections, so that a comment
/// (`<li class="comment">` inside `<div id="comments">`) tells itself from an article
/// inside one element named after its comments; exclusive with `count`).
/// `outside` (default none): an annotation key, e.g. `readability.top_candidate`.
/// The first node marked with it (value above 0.5) and the elements that hold it do
/// not count; on a page without such a node, `<html>` and `<body>` do not. A section
/// named after comments that holds the article (`<body class="… comments_on">`,
/// `<article class="post commented">`) is then not taken for a comment section.
/// `skip_html_body` (default `false`; `true`: `<html>` and `<body>` do not count):
/// their class and id name the site, its theme or the page's type (`comments-open`,
/// `page`, `single-post`), the same for every block of the page, so counted they say
/// nothing of a block and move every block's value by what one site writes there.
///
/// ```
/// # use pith_learn::ClassWords;
/// let f: ClassWords = serde_json::from_str(
///     r#"{"words": ["articlebody"], "attributes": ["itemprop"], "key": "schema"}"#,
/// ).unwrap();
/// assert!(!f.count);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassWords {
    /// The words to look for.
    #[serde(default = "default_class_words")]
    pub words: Vec<String>,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The attributes whose values are searched.
    #[serde(
        default = "default_class_attributes",
        skip_serializing_if = "is_default_class_attributes"
    )]
    pub attributes: Vec<String>,
    /// Count the words found on the node and its ancestors instead of 0/1.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub count: bool,
    /// Count the marked elements on the path (each once) instead of 0/1.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub depth: bool,
    /// The annotation whose first marked node, with the elements that hold it, does
    /// not count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outside: Option<String>,
    /// `<html>` and `<body>` do not count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip_html_body: bool,
    /// The words as one automaton, built by `prepare`.
    #[serde(skip)]
    matcher: Matcher,
}

/// An Aho-Corasick automaton over the words (ASCII case-insensitive,
/// [`WordAutomaton`]): one pass over an attribute value finds every word in it, where a
/// search per word costs the value's length times the number of words. Not part of the
/// stage's identity.
#[derive(Clone, Debug, Default)]
struct Matcher(Option<WordAutomaton>);

impl PartialEq for Matcher {
    fn eq(&self, _: &Matcher) -> bool {
        true
    }
}

pub(crate) fn default_class_attributes() -> Vec<String> {
    vec!["class".into(), "id".into()]
}

pub(crate) fn is_default_class_attributes(a: &[String]) -> bool {
    a == ["class", "id"]
}

fn default_class_words() -> Vec<String> {
    POISON_WORDS
        .iter()
        .chain(NAVIGATION_WORDS)
        .map(|s| s.to_string())
        .collect()
}

impl Default for ClassWords {
    fn default() -> Self {
        ClassWords {
            words: default_class_words(),
            key: None,
            attributes: default_class_attributes(),
            count: false,
            depth: false,
            outside: None,
            skip_html_body: false,
            matcher: Matcher::default(),
        }
    }
}

/// Whether `hay` contains `needle` (not empty) ignoring ASCII case.
pub(crate) fn contains_ignore_ascii_case(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let Some(&first) = n.first() else {
        return false;
    };
    let Some(last_start) = h.len().checked_sub(n.len()) else {
        return false;
    };
    // Only a place holding the first byte, in either case, can start a match: memchr
    // finds those many bytes at a time (the title feature searches every block's text
    // and the title in each other), and the rest is compared only there.
    let (lower, upper) = (first.to_ascii_lowercase(), first.to_ascii_uppercase());
    memchr::memchr2_iter(lower, upper, &h[..=last_start])
        .any(|i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

impl ClassWords {
    /// The words found in the node's attributes, each once per attribute value
    /// (`seen`: a scratch bitset, one bit per automaton pattern).
    fn words_on(&self, doc: &Document, n: NodeId, seen: &mut Vec<u64>) -> u32 {
        let Some(el) = doc.element(n) else {
            return 0;
        };
        let mut found = 0usize;
        for value in self.attributes.iter().filter_map(|attr| el.attr(attr)) {
            found += match &self.matcher.0 {
                Some(automaton) => {
                    seen.clear();
                    seen.resize(automaton.blocks(), 0);
                    automaton.words_in(value, seen);
                    seen.iter().map(|b| b.count_ones() as usize).sum()
                }
                // Not prepared: the same count, one search per word.
                None => self
                    .words
                    .iter()
                    .filter(|w| contains_ignore_ascii_case(value, w))
                    .count(),
            };
        }
        u32::try_from(found).unwrap_or(u32::MAX)
    }

    /// Whether one of the words is in one of the node's attributes.
    fn any_word_on(&self, doc: &Document, n: NodeId) -> bool {
        let Some(el) = doc.element(n) else {
            return false;
        };
        self.attributes
            .iter()
            .filter_map(|attr| el.attr(attr))
            .any(|value| match &self.matcher.0 {
                Some(automaton) => automaton.any_in(value),
                // Not prepared: the same answer, one search per word.
                None => self
                    .words
                    .iter()
                    .any(|w| contains_ignore_ascii_case(value, w)),
            })
    }
}

/// One flag per node of the arena (or fewer: a node past the end has none): whether
/// class words on the node do not count — with `outside`, the node is the first one
/// marked with that annotation or holds it ([`holders_of_mark`]); with
/// `skip_html_body`, it is `<html>` or `<body>`.
pub(crate) fn exempt_nodes(
    doc: &Document,
    outside: Option<&str>,
    skip_html_body: bool,
) -> Vec<bool> {
    let mut exempt = outside.map_or_else(Vec::new, |key| holders_of_mark(doc, key));
    if skip_html_body {
        exempt.resize(doc.arena_len(), false);
        for n in [doc.html_element(), doc.body()].into_iter().flatten() {
            if let Some(flag) = exempt.get_mut(n.index()) {
                *flag = true;
            }
        }
    }
    exempt
}

/// One flag per node of the arena: whether the node is the first one marked with
/// annotation `key` (value above 0.5) or holds it; on a page without such a node,
/// whether it is `<body>` or holds it (`<html>`, the document).
fn holders_of_mark(doc: &Document, key: &str) -> Vec<bool> {
    let mut flags = vec![false; doc.arena_len()];
    let start = crate::page_features::marked_node(doc, key).or_else(|| doc.body());
    for n in std::iter::successors(start, |&n| doc.parent(n)) {
        if let Some(flag) = flags.get_mut(n.index()) {
            *flag = true;
        }
    }
    flags
}

#[typetag::serde(name = "learn.class_words")]
impl Feature for ClassWords {
    /// The attributes searched (`attributes`).
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::named(self.attributes.iter().map(|a| a.to_ascii_lowercase()))
    }
    fn key(&self) -> FeatureKey {
        FeatureKey(
            self.key
                .clone()
                .unwrap_or_else(|| "learn.class_words".into())
                .into(),
        )
    }
    fn prepare(&mut self) -> Result<()> {
        if self.count && self.depth {
            return Err(Error::Stage {
                stage: "learn.class_words".into(),
                message: "`count` and `depth` exclude each other".into(),
            });
        }
        for w in &mut self.words {
            w.make_ascii_lowercase();
        }
        for a in &mut self.attributes {
            a.make_ascii_lowercase();
        }
        let automaton = WordAutomaton::new(&self.words).map_err(|message| Error::Stage {
            stage: "learn.class_words".into(),
            message,
        })?;
        self.matcher = Matcher(Some(automaton));
        Ok(())
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(nan_column(blocks))
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        let exempt = input.document.map_or_else(Vec::new, |doc| {
            exempt_nodes(doc, self.outside.as_deref(), self.skip_html_body)
        });
        let counts = |n: NodeId| !exempt.get(n.index()).copied().unwrap_or(false);
        if self.count {
            let mut seen = Vec::new();
            return Ok(inherited_column(
                input,
                0u32,
                |doc, n, up| {
                    let here = if counts(n) {
                        self.words_on(doc, n, &mut seen)
                    } else {
                        0
                    };
                    up.saturating_add(here)
                },
                f64::from,
            ));
        }
        if self.depth {
            return Ok(inherited_column(
                input,
                0u32,
                |doc, n, up| up.saturating_add(u32::from(counts(n) && self.any_word_on(doc, n))),
                f64::from,
            ));
        }
        Ok(inherited_column(
            input,
            false,
            |doc, n, up| up || (counts(n) && self.any_word_on(doc, n)),
            |hit| f64::from(u8::from(hit)),
        ))
    }
}

/// `learn.justext_class`: jusText 3.0.2's context-free classification as a number
/// (bad 0, short 1, neargood 2, good 3), from the jusText feature columns. Fields and
/// defaults as jusText's: `length_low` (70), `length_high` (200), `stopwords_low`
/// (0.30), `stopwords_high` (0.32), `max_link_density` (0.2). Requires
/// `justext.length`, `justext.link_density`, `justext.stopwords_density`. (jusText's
/// copyright and `select` rules are left out: they read the text, not the columns.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustextClass {
    /// Shorter blocks are short (or bad, with links).
    #[serde(default = "d70")]
    pub length_low: f64,
    /// Longer blocks with enough stop words are good.
    #[serde(default = "d200")]
    pub length_high: f64,
    /// Lower stop-word density: bad.
    #[serde(default = "d030")]
    pub stopwords_low: f64,
    /// Stop-word density for good.
    #[serde(default = "d032")]
    pub stopwords_high: f64,
    /// Higher link density: bad.
    #[serde(default = "d02")]
    pub max_link_density: f64,
}

pub(crate) fn d70() -> f64 {
    70.0
}
pub(crate) fn d200() -> f64 {
    200.0
}
pub(crate) fn d030() -> f64 {
    0.30
}
pub(crate) fn d032() -> f64 {
    0.32
}
pub(crate) fn d02() -> f64 {
    0.2
}

impl Default for JustextClass {
    fn default() -> Self {
        JustextClass {
            length_low: d70(),
            length_high: d200(),
            stopwords_low: d030(),
            stopwords_high: d032(),
            max_link_density: d02(),
        }
    }
}

/// The key of [`JustextClass`].
pub const JUSTEXT_CLASS: FeatureKey = FeatureKey::new("learn.justext_class");

#[typetag::serde(name = "learn.justext_class")]
impl Feature for JustextClass {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        JUSTEXT_CLASS
    }
    fn requires(&self) -> Vec<FeatureKey> {
        vec![LENGTH, LINK_DENSITY, STOPWORDS_DENSITY]
    }
    fn compute(&self, blocks: &[Block], table: &FeatureTable) -> Result<Vec<f64>> {
        Ok(self.labels(blocks, table).map(class_number).collect())
    }
}

impl JustextClass {
    /// Each block's context-free label, read from the jusText columns of `table`.
    pub fn labels<'a>(
        &'a self,
        blocks: &'a [Block],
        table: &'a FeatureTable,
    ) -> impl Iterator<Item = Label> + 'a {
        let (length, links, stop) = (
            column_of(table, &LENGTH),
            column_of(table, &LINK_DENSITY),
            column_of(table, &STOPWORDS_DENSITY),
        );
        (blocks.iter().enumerate()).map(move |(i, b)| {
            self.label_of(length(i), links(i), stop(i), b.chars_count_in_links > 0)
        })
    }

    /// The label of a block of `length` characters, `links` link density and `stop`
    /// stop-word density (`has_links`: some of its characters are in links).
    fn label_of(&self, length: f64, links: f64, stop: f64, has_links: bool) -> Label {
        if links > self.max_link_density {
            Label::Bad
        } else if length < self.length_low {
            if has_links {
                Label::Bad
            } else {
                Label::Short
            }
        } else if stop >= self.stopwords_high {
            if length > self.length_high {
                Label::Good
            } else {
                Label::NearGood
            }
        } else if stop >= self.stopwords_low {
            Label::NearGood
        } else {
            Label::Bad
        }
    }
}

/// A context-free label as [`JustextClass`]'s number: bad 0, short 1, neargood 2, good 3.
fn class_number(label: Label) -> f64 {
    match label {
        Label::Bad => 0.0,
        Label::Short => 1.0,
        Label::NearGood => 2.0,
        Label::Good => 3.0,
    }
}

/// `learn.neighbour`: the value of column `of` for the block `offset` places away
/// (`-1`: the previous block), `NaN` past either end. Fields: `of`, `offset`, `key`
/// (default `<of>@<offset>`, e.g. `justext.length@-1`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Neighbour {
    /// The column to read.
    pub of: String,
    /// How many blocks away (negative: before).
    pub offset: i64,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

#[typetag::serde(name = "learn.neighbour")]
impl Feature for Neighbour {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        FeatureKey(
            self.key
                .clone()
                .unwrap_or_else(|| format!("{}@{}", self.of, self.offset))
                .into(),
        )
    }
    fn requires(&self) -> Vec<FeatureKey> {
        vec![FeatureKey(self.of.clone().into())]
    }
    fn compute(&self, blocks: &[Block], table: &FeatureTable) -> Result<Vec<f64>> {
        let key = FeatureKey(self.of.clone().into());
        let column = table.column(&key).unwrap_or(&[]);
        Ok((0..blocks.len())
            .map(|i| {
                i64::try_from(i)
                    .ok()
                    .and_then(|i| i.checked_add(self.offset))
                    .and_then(|j| usize::try_from(j).ok())
                    .and_then(|j| column.get(j).copied())
                    .unwrap_or(f64::NAN)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contains_ignores_ascii_case() {
        assert!(contains_ignore_ascii_case("Site-NAV main", "nav"));
        assert!(!contains_ignore_ascii_case("na", "nav"));
        assert!(!contains_ignore_ascii_case("x", ""));
    }

    proptest::proptest! {
        /// The search by first bytes finds what a comparison at every place finds.
        #[test]
        fn contains_is_a_comparison_at_every_place(
            hay in "[aAbB é-]{0,30}",
            needle in "[aAbB é-]{0,4}",
        ) {
            let plain = !needle.is_empty()
                && hay
                    .as_bytes()
                    .windows(needle.len())
                    .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()));
            proptest::prop_assert_eq!(contains_ignore_ascii_case(&hay, &needle), plain);
        }
    }

    #[test]
    fn neighbour_reads_offsets_and_nan_past_the_ends() {
        let blocks = vec![Block::default(); 3];
        let mut t = FeatureTable::new();
        t.insert(FeatureKey::new("a"), vec![1.0, 2.0, 3.0]);
        let prev = Neighbour {
            of: "a".into(),
            offset: -1,
            key: None,
        };
        assert_eq!(prev.key().as_str(), "a@-1");
        let v = prev.compute(&blocks, &t).unwrap();
        assert!(v[0].is_nan());
        assert_eq!(&v[1..], &[1.0, 2.0]);
        let far = Neighbour {
            of: "a".into(),
            offset: i64::MAX,
            key: None,
        };
        assert!(far.compute(&blocks, &t).unwrap().iter().all(|x| x.is_nan()));
    }

    /// The element children of `<body>` as blocks of their text (golden pages).
    fn body_blocks(doc: &Document) -> Vec<Block> {
        let body = doc.body().unwrap();
        doc.children(body)
            .filter(|&c| doc.element(c).is_some())
            .map(|c| Block {
                text: doc.text_content(c),
                node: Some(c),
                ..Block::default()
            })
            .collect()
    }

    fn run(f: &dyn Feature, doc: &Document, blocks: &[Block]) -> Vec<f64> {
        f.compute_in(FeatureInput::new(blocks, &FeatureTable::new()).with_document(Some(doc)))
            .unwrap()
    }

    /// A link list and a paragraph with a link, and their blocks: the first `<li>` and
    /// the `<p>`.
    fn menu_and_paragraph() -> (Document, Vec<Block>) {
        let doc = pith_core::dom::parse_html(
            "<body><ul><li><a>Home</a></li><li><a>News</a> x</li></ul><p>Plain text <a>ab</a></p></body>",
        );
        let body = doc.body().unwrap();
        let ul = doc.first_child(body).unwrap();
        let li = doc.first_child(ul).unwrap();
        let p = doc.next_sibling(ul).unwrap();
        let blocks: Vec<Block> = [li, p]
            .iter()
            .map(|&n| Block {
                text: doc.text_content(n),
                node: Some(n),
                ..Block::default()
            })
            .collect();
        (doc, blocks)
    }

    #[test]
    fn container_link_density_reads_the_parent_subtree() {
        let (doc, blocks) = menu_and_paragraph();
        let parent = run(&ContainerLinkDensity::default(), &doc, &blocks);
        // The <li>'s parent <ul>: 8 link characters of 9; the <p>'s parent <body>: 10 of 20.
        assert_eq!(parent, [8.0 / 9.0, 10.0 / 20.0]);
        let own = ContainerLinkDensity { up: 0, key: None };
        assert_eq!(run(&own, &doc, &blocks), [1.0, 2.0 / 11.0]);
        assert_eq!(own.key().as_str(), "learn.container_link_density@0");
        // Far up is the root; without a document, NaN.
        let far = ContainerLinkDensity { up: 99, key: None };
        assert_eq!(run(&far, &doc, &blocks), [0.5, 0.5]);
        assert!(far.compute(&blocks, &FeatureTable::new()).unwrap()[0].is_nan());
    }

    #[test]
    fn container_text_density_is_characters_per_element() {
        let (doc, blocks) = menu_and_paragraph();
        // The <li>'s parent <ul>: 9 characters in ul, li, a, li, a; the <p>'s parent
        // <body>: 20 characters in body, ul, li, a, li, a, p, a.
        let parent = run(&ContainerTextDensity::default(), &doc, &blocks);
        assert_eq!(parent, [9.0 / 5.0, 20.0 / 8.0]);
        // Their own subtrees: "Home" in li and a; "Plain text ab" in p and a.
        let own = ContainerTextDensity { up: 0, key: None };
        assert_eq!(run(&own, &doc, &blocks), [2.0, 11.0 / 2.0]);
        assert_eq!(own.key().as_str(), "learn.container_text_density@0");
        // Far up is the root (html, head, body and the rest: 10 elements); without a
        // document, NaN.
        let far = ContainerTextDensity { up: 99, key: None };
        assert_eq!(run(&far, &doc, &blocks), [2.0, 2.0]);
        assert!(far.compute(&blocks, &FeatureTable::new()).unwrap()[0].is_nan());
    }

    #[test]
    fn relative_annotation_divides_by_the_page_best() {
        let mut doc =
            pith_core::dom::parse_html("<body><div><p>a</p></div><p>b</p><p>c</p></body>");
        let blocks = body_blocks(&doc);
        let (div, second) = (blocks[0].node.unwrap(), blocks[1].node.unwrap());
        doc.annotate(div, "s", 40.0);
        doc.annotate(second, "s", 10.0);
        let f = RelativeAnnotation {
            annotation: "s".into(),
            key: None,
            missing: Some(-1.0),
        };
        assert_eq!(f.key().as_str(), "s/max");
        assert_eq!(run(&f, &doc, &blocks), [1.0, 0.25, -1.0]);
        // A page whose best is not positive gives `missing` everywhere.
        doc.annotate(div, "s", -5.0);
        doc.annotate(second, "s", 0.0);
        assert_eq!(run(&f, &doc, &blocks), [-1.0, -1.0, -1.0]);
    }

    #[test]
    fn text_share_sums_to_one() {
        let blocks: Vec<Block> = ["ab", "cd", "efgh", ""]
            .iter()
            .map(|t| Block {
                text: t.to_string(),
                ..Block::default()
            })
            .collect();
        let v = TextShare {}.compute(&blocks, &FeatureTable::new()).unwrap();
        assert_eq!(v, [0.25, 0.25, 0.5, 0.0]);
        assert!(
            TextShare {}
                .compute(&[Block::default()], &FeatureTable::new())
                .unwrap()[0]
                == 0.0
        );
    }

    #[test]
    fn position_is_the_share_of_text_before() {
        let blocks: Vec<Block> = ["ab", "cd", "efgh"]
            .iter()
            .map(|t| Block {
                text: t.to_string(),
                ..Block::default()
            })
            .collect();
        let v = Position {}.compute(&blocks, &FeatureTable::new()).unwrap();
        assert_eq!(v, [0.0, 0.25, 0.5]);
    }
}
