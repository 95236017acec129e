//! Page-level and article-relative block features: what a block's own columns cannot
//! say — whether the page's Readability article is worth trusting.
//!
//! Why: the trees see Readability's per-block verdict (`readability.in_article`) but
//! one threshold serves every page; they keep too much where Readability's article is
//! good and too little where it failed. Page-level values (the article's share of the
//! page's text and its length, the page's link density, how much declutter keeps, how
//! far the families agree on the page) let a split tell those pages apart, and a
//! block's place relative to the article (before, inside, after; how many blocks or
//! tree steps away) tells the trees where the article's edges are.
//!
//! | tag | key | value |
//! |---|---|---|
//! | `learn.page` | `key` (default `learn.page_<stat>`, `learn.page_<stat>(<of>)` or `learn.page_<stat>(<of>@<within>)`) | one value of the whole page, the same on every block: the `of` column's mean weighted by the blocks' characters (`mean`), the characters of the blocks weighted by `of` (`chars`), or the blocks whose `of` is above 0.5 (`blocks`); without `of`, every block counts as 1; with `within`, only the blocks whose `within` column is above 0.5 |
//! | `learn.agree` | `key` (default `learn.agree(<a>,<b>)`) | 1 when columns `a` and `b` are on the same side of their thresholds, else 0 (`NaN` when either is) |
//! | `learn.span` | `key` (default `learn.span_<measure>(<of>)`) | the block's place relative to the span from the first to the last block whose `of` is above 0.5: `side` −1 before, 0 inside, 1 after; `distance` blocks between it and the span (0 inside); `NaN` on a page without such a block |
//! | `learn.tree_distance` | `key` (default `learn.tree_distance(<annotation>)`) | edges between the block's node and the first node (document order) whose `annotation` is above 0.5; `NaN` when there is none |

use pith_core::dom::{value_at, Document, NodeId};
use pith_core::{
    AttributeUse, Block, Error, Feature, FeatureInput, FeatureKey, FeatureTable, Result,
};
use serde::{Deserialize, Serialize};

use crate::features::{column_of, inherited_column};

/// The value above which a 0/1 column (or annotation) counts as set.
const SET: f64 = 0.5;

/// What [`Page`] measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PageStat {
    /// The `of` column's mean, each block weighted by its characters (blocks whose
    /// value is `NaN` left out; 0 when no characters remain).
    Mean,
    /// The blocks' characters, each block's multiplied by its `of` value (`NaN` as 0).
    Chars,
    /// The blocks whose `of` value is above 0.5.
    Blocks,
}

impl PageStat {
    fn name(self) -> &'static str {
        match self {
            PageStat::Mean => "mean",
            PageStat::Chars => "chars",
            PageStat::Blocks => "blocks",
        }
    }
}

/// `learn.page`: one value of the whole page, repeated on every block's row. Fields:
/// `stat` (`mean`, `chars` or `blocks`, see [`PageStat`]), `of` (the column measured;
/// without it every block's value is 1: `chars` is then the page's characters and
/// `blocks` its number of blocks), `within` (a column: only the blocks whose value in
/// it is above 0.5 count, e.g. the share of Readability's article that lies in comment
/// sections; without it every block counts), `key` (default `learn.page_<stat>`,
/// `learn.page_<stat>(<of>)`, or with `within` `learn.page_<stat>(<of>@<within>)`).
///
/// ```
/// # use pith_learn::page_features::{Page, PageStat};
/// let f: Page = serde_json::from_str(r#"{"stat": "mean", "of": "readability.in_article"}"#).unwrap();
/// assert_eq!(f.stat, PageStat::Mean);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    /// What to measure.
    pub stat: PageStat,
    /// The column measured (`None`: 1 for every block).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
    /// Only the blocks whose value in this column is above 0.5 count (`None`: every
    /// block).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<String>,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

#[typetag::serde(name = "learn.page")]
impl Feature for Page {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        match (&self.within, &self.key) {
            (Some(within), None) => FeatureKey(
                format!(
                    "learn.page_{}({}@{within})",
                    self.stat.name(),
                    self.of.as_deref().unwrap_or("")
                )
                .into(),
            ),
            _ => stat_key("learn.page", self.stat.name(), &self.of, &self.key),
        }
    }
    fn requires(&self) -> Vec<FeatureKey> {
        self.of
            .iter()
            .chain(&self.within)
            .map(|k| FeatureKey(k.clone().into()))
            .collect()
    }
    fn compute(&self, blocks: &[Block], table: &FeatureTable) -> Result<Vec<f64>> {
        let lengths = crate::features::char_lengths(blocks);
        Ok(vec![self.value(&lengths, table); blocks.len()])
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        // The lengths the page's other stages count too: counted once, kept in the cache.
        let value = self.value(&input.char_lengths(), input.features);
        Ok(vec![value; input.blocks.len()])
    }
}

impl Page {
    /// The page's value, each block's characters given by `lengths` (one per block).
    fn value(&self, lengths: &[usize], table: &FeatureTable) -> f64 {
        let of = self
            .of
            .as_ref()
            .map(|of| column_of(table, &FeatureKey(of.clone().into())));
        let within = self
            .within
            .as_ref()
            .map(|w| column_of(table, &FeatureKey(w.clone().into())));
        let counts = |i: usize| within.as_ref().is_none_or(|w| w(i) > SET);
        let value = |i: usize| match &of {
            Some(column) => column(i),
            None => 1.0,
        };
        match self.stat {
            PageStat::Mean => {
                let (mut sum, mut weight) = (0.0, 0.0);
                for (i, &n) in lengths.iter().enumerate() {
                    let x = value(i);
                    if !x.is_nan() && counts(i) {
                        let n = n as f64;
                        sum += n * x;
                        weight += n;
                    }
                }
                if weight > 0.0 {
                    sum / weight
                } else {
                    0.0
                }
            }
            PageStat::Chars => lengths
                .iter()
                .enumerate()
                .map(|(i, &n)| {
                    let x = value(i);
                    if x.is_nan() || !counts(i) {
                        0.0
                    } else {
                        n as f64 * x
                    }
                })
                .sum(),
            PageStat::Blocks => (0..lengths.len())
                .filter(|&i| counts(i) && value(i) > SET)
                .count() as f64,
        }
    }
}

/// The key of a statistic stage such as [`Page`]: `key` when given, else
/// `<tag>_<stat>(<of>)`, or `<tag>_<stat>` without `of`.
pub(crate) fn stat_key(
    tag: &str,
    stat: &str,
    of: &Option<String>,
    key: &Option<String>,
) -> FeatureKey {
    let key = key.clone().unwrap_or_else(|| match of {
        Some(of) => format!("{tag}_{stat}({of})"),
        None => format!("{tag}_{stat}"),
    });
    FeatureKey(key.into())
}

fn half() -> f64 {
    SET
}

/// `learn.agree`: 1 when column `a` is above `a_above` exactly when column `b` is
/// above `b_above`, else 0; `NaN` when either value is. With the page mean of it
/// (`learn.page`), how far two families agree on the page. Fields: `a`, `b`,
/// `a_above`, `b_above` (default 0.5), `key`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Agree {
    /// The first column.
    pub a: String,
    /// The second column.
    pub b: String,
    /// `a` above this counts as set.
    #[serde(default = "half")]
    pub a_above: f64,
    /// `b` above this counts as set.
    #[serde(default = "half")]
    pub b_above: f64,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

#[typetag::serde(name = "learn.agree")]
impl Feature for Agree {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        FeatureKey(
            self.key
                .clone()
                .unwrap_or_else(|| format!("learn.agree({},{})", self.a, self.b))
                .into(),
        )
    }
    fn requires(&self) -> Vec<FeatureKey> {
        vec![
            FeatureKey(self.a.clone().into()),
            FeatureKey(self.b.clone().into()),
        ]
    }
    fn compute(&self, blocks: &[Block], table: &FeatureTable) -> Result<Vec<f64>> {
        let (a, b) = (
            column_of(table, &FeatureKey(self.a.clone().into())),
            column_of(table, &FeatureKey(self.b.clone().into())),
        );
        Ok((0..blocks.len())
            .map(|i| {
                let (x, y) = (a(i), b(i));
                if x.is_nan() || y.is_nan() {
                    f64::NAN
                } else {
                    f64::from(u8::from((x > self.a_above) == (y > self.b_above)))
                }
            })
            .collect())
    }
}

/// What [`Span`] measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpanMeasure {
    /// −1 before the span, 0 inside it, 1 after it.
    Side,
    /// Blocks between the block and the span (0 inside it).
    Distance,
}

/// `learn.span`: a block's place relative to the span from the first to the last
/// block whose `of` is above 0.5 (for `readability.in_article`: Readability's
/// article, with whatever it dropped in between). Fields: `of`, `measure` (`side` or
/// `distance`, see [`SpanMeasure`]), `key`. `NaN` on a page without such a block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Span {
    /// The 0/1 column that marks the span's blocks.
    pub of: String,
    /// What to measure.
    pub measure: SpanMeasure,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

#[typetag::serde(name = "learn.span")]
impl Feature for Span {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        let measure = match self.measure {
            SpanMeasure::Side => "side",
            SpanMeasure::Distance => "distance",
        };
        FeatureKey(
            self.key
                .clone()
                .unwrap_or_else(|| format!("learn.span_{measure}({})", self.of))
                .into(),
        )
    }
    fn requires(&self) -> Vec<FeatureKey> {
        vec![FeatureKey(self.of.clone().into())]
    }
    fn compute(&self, blocks: &[Block], table: &FeatureTable) -> Result<Vec<f64>> {
        let of = column_of(table, &FeatureKey(self.of.clone().into()));
        let set = |i: usize| of(i) > SET;
        let first = (0..blocks.len()).find(|&i| set(i));
        let last = (0..blocks.len()).rev().find(|&i| set(i));
        let (Some(first), Some(last)) = (first, last) else {
            return Ok(vec![f64::NAN; blocks.len()]);
        };
        Ok((0..blocks.len())
            .map(|i| {
                let (side, distance) = if i < first {
                    (-1.0, first - i)
                } else if i > last {
                    (1.0, i - last)
                } else {
                    (0.0, 0)
                };
                match self.measure {
                    SpanMeasure::Side => side,
                    SpanMeasure::Distance => distance as f64,
                }
            })
            .collect())
    }
}

/// `learn.tree_distance`: the number of edges between the block's node and the first
/// node in document order whose `annotation` is above 0.5 (for
/// `readability.top_candidate`: Readability's top candidate), through their nearest
/// common ancestor. `NaN` when no node has it, for a block without a node, and
/// without a document. Fields: `annotation`, `key`. One walk over the page, then one
/// pass down the blocks' paths ([`FeatureInput::ancestry`]), each node once, where a
/// walk up from every block cost blocks × depth (a page of 100,000 paragraphs under
/// 480 `<div>`s).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeDistance {
    /// The annotation that marks the target node.
    pub annotation: String,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

#[typetag::serde(name = "learn.tree_distance")]
impl Feature for TreeDistance {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        FeatureKey(
            self.key
                .clone()
                .unwrap_or_else(|| format!("learn.tree_distance({})", self.annotation))
                .into(),
        )
    }
    fn prepare(&mut self) -> Result<()> {
        if self.annotation.is_empty() {
            return Err(Error::Stage {
                stage: "learn.tree_distance".into(),
                message: "`annotation` is empty".into(),
            });
        }
        Ok(())
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![f64::NAN; blocks.len()])
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        let Some(doc) = input.document else {
            return self.compute(input.blocks, input.features);
        };
        let Some(target) = marked_node(doc, &self.annotation) else {
            return self.compute(input.blocks, input.features);
        };
        // Down each block's path: the distance to the target from the nearest node of
        // the target's own path, plus one a step below it.
        let up = distances_up(doc, target);
        Ok(inherited_column(
            input,
            f64::NAN,
            |_, n, above| match up.get(n.index()) {
                Some(&e) if e > 0 => (e - 1) as f64,
                _ => above + 1.0,
            },
            |distance| distance,
        ))
    }
}

/// One entry per node of the arena: for the inclusive ancestors of `target`, their
/// distance from it plus one; 0 for every other node. A table rather than a map: each
/// block looks up its ancestors in it, and indexing costs less than hashing.
fn distances_up(doc: &Document, target: NodeId) -> Vec<usize> {
    let mut up = vec![0; doc.arena_len()];
    for (d, n) in std::iter::successors(Some(target), |&n| doc.parent(n)).enumerate() {
        if let Some(entry) = up.get_mut(n.index()) {
            *entry = d + 1;
        }
    }
    up
}

/// The first node in document order whose `annotation` is above 0.5.
pub(crate) fn marked_node(doc: &Document, annotation: &str) -> Option<NodeId> {
    let column = doc.annotations().column(annotation)?;
    doc.descendants(doc.root())
        .find(|&n| value_at(column, n).is_some_and(|v| v > SET))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(texts: &[&str]) -> Vec<Block> {
        texts
            .iter()
            .map(|t| Block {
                text: t.to_string(),
                ..Block::default()
            })
            .collect()
    }

    fn table(column: &[f64]) -> FeatureTable {
        let mut t = FeatureTable::new();
        t.insert(FeatureKey::new("a"), column.to_vec());
        t
    }

    #[test]
    fn page_stats_weigh_by_characters() {
        let b = blocks(&["ab", "cdef", "", "gh"]);
        let t = table(&[1.0, 0.0, 1.0, f64::NAN]);
        let stat = |stat, of: Option<&str>| {
            Page {
                stat,
                of: of.map(str::to_owned),
                within: None,
                key: None,
            }
            .compute(&b, &t)
            .unwrap()
        };
        // Mean: 2 of the 6 characters with a value are in a block at 1.
        assert_eq!(stat(PageStat::Mean, Some("a")), [2.0 / 6.0; 4]);
        assert_eq!(stat(PageStat::Chars, Some("a")), [2.0; 4]);
        assert_eq!(stat(PageStat::Blocks, Some("a")), [2.0; 4]);
        assert_eq!(stat(PageStat::Chars, None), [8.0; 4]);
        assert_eq!(stat(PageStat::Blocks, None), [4.0; 4]);
        assert_eq!(stat(PageStat::Mean, None), [1.0; 4]);
        let key = Page {
            stat: PageStat::Mean,
            of: Some("a".into()),
            within: None,
            key: None,
        }
        .key();
        assert_eq!(key.as_str(), "learn.page_mean(a)");
        // A missing column: no value, mean 0.
        let none = Page {
            stat: PageStat::Mean,
            of: Some("missing".into()),
            within: None,
            key: None,
        };
        assert_eq!(none.compute(&b, &t).unwrap(), [0.0; 4]);
        assert!(none.compute(&[], &t).unwrap().is_empty());
    }

    #[test]
    fn page_stats_within_count_only_the_blocks_inside() {
        let b = blocks(&["ab", "cdef", "", "gh"]);
        let mut t = table(&[1.0, 0.0, 1.0, 1.0]);
        t.insert(FeatureKey::new("w"), vec![1.0, 1.0, 0.0, 0.2]);
        let stat = |stat| Page {
            stat,
            of: Some("a".into()),
            within: Some("w".into()),
            key: None,
        };
        // Only "ab" (at 1) and "cdef" (at 0) are within "w": 2 of their 6 characters.
        assert_eq!(
            stat(PageStat::Mean).compute(&b, &t).unwrap(),
            [2.0 / 6.0; 4]
        );
        assert_eq!(stat(PageStat::Chars).compute(&b, &t).unwrap(), [2.0; 4]);
        assert_eq!(stat(PageStat::Blocks).compute(&b, &t).unwrap(), [1.0; 4]);
        assert_eq!(stat(PageStat::Mean).key().as_str(), "learn.page_mean(a@w)");
        assert_eq!(
            stat(PageStat::Mean).requires(),
            [FeatureKey::new("a"), FeatureKey::new("w")]
        );
        // Nothing within: no characters, mean 0.
        t.insert(FeatureKey::new("w"), vec![0.0; 4]);
        assert_eq!(stat(PageStat::Mean).compute(&b, &t).unwrap(), [0.0; 4]);
    }

    #[test]
    fn agree_compares_sides_of_the_thresholds() {
        let b = blocks(&["", "", "", ""]);
        let mut t = table(&[1.0, 0.0, 1.0, f64::NAN]);
        t.insert(FeatureKey::new("b"), vec![3.0, 3.0, 1.0, 3.0]);
        let f = Agree {
            a: "a".into(),
            b: "b".into(),
            a_above: 0.5,
            b_above: 2.0,
            key: None,
        };
        assert_eq!(f.key().as_str(), "learn.agree(a,b)");
        let v = f.compute(&b, &t).unwrap();
        assert_eq!(&v[..3], &[1.0, 0.0, 0.0]);
        assert!(v[3].is_nan());
    }

    #[test]
    fn span_places_blocks_before_inside_and_after() {
        let b = blocks(&["", "", "", "", "", ""]);
        let t = table(&[0.0, 1.0, 0.0, 1.0, 0.0, 0.0]);
        let span = |measure| {
            Span {
                of: "a".into(),
                measure,
                key: None,
            }
            .compute(&b, &t)
            .unwrap()
        };
        assert_eq!(span(SpanMeasure::Side), [-1.0, 0.0, 0.0, 0.0, 1.0, 1.0]);
        assert_eq!(span(SpanMeasure::Distance), [1.0, 0.0, 0.0, 0.0, 1.0, 2.0]);
        let none = table(&[0.0; 6]);
        let side = Span {
            of: "a".into(),
            measure: SpanMeasure::Side,
            key: None,
        };
        assert!(side.compute(&b, &none).unwrap().iter().all(|v| v.is_nan()));
        assert_eq!(side.key().as_str(), "learn.span_side(a)");
    }

    #[test]
    fn tree_distance_goes_through_the_common_ancestor() {
        let mut doc = pith_core::dom::parse_html(
            "<body><div><p>a</p><p>b</p></div><section><p>c</p></section></body>",
        );
        let body = doc.body().unwrap();
        let div = doc.first_child(body).unwrap();
        let p1 = doc.first_child(div).unwrap();
        let p2 = doc.next_sibling(p1).unwrap();
        let section = doc.next_sibling(div).unwrap();
        let p3 = doc.first_child(section).unwrap();
        doc.annotate(p1, "t", 1.0);
        let bl: Vec<Block> = [p1, p2, p3, div]
            .iter()
            .map(|&n| Block {
                node: Some(n),
                ..Block::default()
            })
            .collect();
        let f = TreeDistance {
            annotation: "t".into(),
            key: None,
        };
        let run = |doc: &Document| {
            f.compute_in(FeatureInput::new(&bl, &FeatureTable::new()).with_document(Some(doc)))
                .unwrap()
        };
        // p1 itself 0; its sibling 2; p3 → section → body ← div ← p1: 4; div 1.
        assert_eq!(run(&doc), [0.0, 2.0, 4.0, 1.0]);
        // Nothing marked above 0.5: NaN.
        doc.annotate(p1, "t", 0.0);
        assert!(run(&doc).iter().all(|v| v.is_nan()));
        assert_eq!(f.key().as_str(), "learn.tree_distance(t)");
    }
}
