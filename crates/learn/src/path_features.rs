//! Tag-path groups: the blocks of a page whose nodes sit at the same path of element
//! names and classes from the root, and what a block's group looks like.
//!
//! Why: pages are made from templates, and a template repeats one markup path for
//! every item of a kind — each paragraph of the article body, each comment of a thread,
//! each teaser of a "related stories" list, each link of a menu. A block's own columns
//! say what it is; its group says what its *kind* is on this page: how many there are,
//! how much of the page's text they hold (a thread of short comments against a few long
//! paragraphs of body text), and how the other families judged the *other* members
//! (a paragraph Readability left out while its siblings of the same path are in the
//! article; a comment whose like-classed neighbours are all outside it). This is the
//! signal of tag-path methods in the literature (text per tag path, as in "path ratio"
//! news extractors), made one column per statistic.
//!
//! The path of a node is folded from its ancestors (memoised per node, one visit each):
//! each element contributes its local name and its `class` value with ASCII digits
//! left out, so `comment-1041` and `comment-1042` are one class while `byline` and
//! `comment` differ. `id` is left out (it names one element, not a kind).
//!
//! | tag | key | value |
//! |---|---|---|
//! | `learn.path_group` | `key` (default `learn.path_group_<stat>` or `learn.path_group_<stat>(<of>)`) | `blocks`: the blocks sharing the block's path (itself included); `share`: their characters over the page's; `others_mean`: the `of` column's mean over the *other* blocks of the group, weighted by their characters (`NaN` when none has characters or a value); `NaN` for blocks without a node or a document |

use std::hash::{Hash, Hasher};

use pith_core::dom::{Document, NodeId};
use pith_core::{
    AttributeUse, Block, Error, Feature, FeatureInput, FeatureKey, FeatureTable, Result,
};
use rustc_hash::{FxHashMap, FxHasher};
use serde::{Deserialize, Serialize};

use crate::features::{column_of, inherited_values};
use crate::page_features::stat_key;

/// What [`PathGroup`] measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PathGroupStat {
    /// The blocks of the group, the block itself included.
    Blocks,
    /// The group's characters over the page's (0 on a page without characters).
    Share,
    /// The `of` column's mean over the other blocks of the group, weighted by their
    /// characters.
    OthersMean,
}

impl PathGroupStat {
    fn name(self) -> &'static str {
        match self {
            PathGroupStat::Blocks => "blocks",
            PathGroupStat::Share => "share",
            PathGroupStat::OthersMean => "others_mean",
        }
    }
}

/// `learn.path_group`: a statistic of the blocks that share the block's tag path
/// (element names and digit-free `class` values from the root to the block's node).
/// Fields: `stat` ([`PathGroupStat`]: `blocks`, `share`, `others_mean`), `of` (the
/// column `others_mean` averages; required by it, refused by the others), `key`.
///
/// ```
/// # use pith_learn::path_features::{PathGroup, PathGroupStat};
/// let f: PathGroup =
///     serde_json::from_str(r#"{"stat": "others_mean", "of": "readability.in_article"}"#).unwrap();
/// assert_eq!(f.stat, PathGroupStat::OthersMean);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathGroup {
    /// What to measure.
    pub stat: PathGroupStat,
    /// The column `others_mean` averages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

/// The path hash of a node from its parent's: the element's name and its `class`
/// without ASCII digits; other nodes (text, the document) keep their parent's.
fn fold_path(doc: &Document, node: NodeId, parent: u64) -> u64 {
    let Some(element) = doc.element(node) else {
        return parent;
    };
    let mut h = FxHasher::default();
    parent.hash(&mut h);
    element.name().hash(&mut h);
    for b in element.attr("class").unwrap_or("").bytes() {
        if !b.is_ascii_digit() {
            h.write_u8(b);
        }
    }
    h.finish()
}

/// Each block's path hash (`None` for a block without a node), or `None` without a
/// document.
fn block_paths(input: FeatureInput<'_>) -> Option<Vec<Option<u64>>> {
    inherited_values(input, 0u64, fold_path)
}

#[typetag::serde(name = "learn.path_group")]
impl Feature for PathGroup {
    /// `class` (each element's part of the path).
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::named(["class"])
    }
    fn key(&self) -> FeatureKey {
        stat_key("learn.path_group", self.stat.name(), &self.of, &self.key)
    }
    fn requires(&self) -> Vec<FeatureKey> {
        self.of
            .iter()
            .map(|of| FeatureKey(of.clone().into()))
            .collect()
    }
    fn prepare(&mut self) -> Result<()> {
        let needs_of = self.stat == PathGroupStat::OthersMean;
        if needs_of != self.of.is_some() {
            return Err(Error::Stage {
                stage: "learn.path_group".into(),
                message: if needs_of {
                    "`others_mean` needs `of`, the column to average".into()
                } else {
                    format!("`{}` takes no `of`", self.stat.name())
                },
            });
        }
        Ok(())
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![f64::NAN; blocks.len()])
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        let Some(paths) = block_paths(input) else {
            return self.compute(input.blocks, input.features);
        };
        let chars: Vec<f64> = input.char_lengths().iter().map(|&n| n as f64).collect();
        let of = self
            .of
            .as_ref()
            .map(|of| column_of(input.features, &FeatureKey(of.clone().into())));
        let value = |i: usize| match &of {
            Some(column) => column(i),
            None => f64::NAN,
        };
        // Per group: blocks, characters, and the characters and weighted sum of the
        // members with a value of `of`.
        #[derive(Default, Clone, Copy)]
        struct Group {
            blocks: f64,
            chars: f64,
            weight: f64,
            sum: f64,
        }
        let mut groups: FxHashMap<u64, Group> = FxHashMap::default();
        for (i, path) in paths.iter().enumerate() {
            let Some(path) = path else { continue };
            let g = groups.entry(*path).or_default();
            g.blocks += 1.0;
            g.chars += chars[i];
            let x = value(i);
            if !x.is_nan() {
                g.weight += chars[i];
                g.sum += chars[i] * x;
            }
        }
        let page_chars: f64 = chars.iter().sum();
        Ok(paths
            .iter()
            .enumerate()
            .map(|(i, path)| {
                let Some(g) = path.and_then(|p| groups.get(&p)) else {
                    return f64::NAN;
                };
                match self.stat {
                    PathGroupStat::Blocks => g.blocks,
                    PathGroupStat::Share if page_chars > 0.0 => g.chars / page_chars,
                    PathGroupStat::Share => 0.0,
                    PathGroupStat::OthersMean => {
                        let x = value(i);
                        let (weight, sum) = if x.is_nan() {
                            (g.weight, g.sum)
                        } else {
                            (g.weight - chars[i], g.sum - chars[i] * x)
                        };
                        if weight > 0.0 {
                            sum / weight
                        } else {
                            f64::NAN
                        }
                    }
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's blocks: one per `p`, in document order, with its text and node.
    fn paragraphs(doc: &Document) -> Vec<Block> {
        doc.descendants(doc.root())
            .filter(|&n| doc.element_name(n) == Some("p"))
            .map(|n| Block {
                text: doc.text_content(n),
                node: Some(n),
                ..Block::default()
            })
            .collect()
    }

    fn run(f: &PathGroup, doc: &Document, blocks: &[Block], table: &FeatureTable) -> Vec<f64> {
        f.compute_in(FeatureInput::new(blocks, table).with_document(Some(doc)))
            .unwrap()
    }

    const PAGE: &str = "<body><div class=story><p>aaaa</p><p>bbbb</p></div>\
        <ol><li class=comment-12><p>cc</p></li><li class=comment-13><p>dd</p></li>\
        <li class=comment-14><p>ee</p></li></ol><div class=byline><p>ff</p></div></body>";

    #[test]
    fn groups_follow_names_and_digit_free_classes() {
        let doc = pith_core::dom::parse_html(PAGE);
        let b = paragraphs(&doc);
        let blocks = PathGroup {
            stat: PathGroupStat::Blocks,
            of: None,
            key: None,
        };
        let none = FeatureTable::new();
        // Two story paragraphs, three comments (their classes differ only in digits),
        // one byline (a `div` like the story's, another class).
        assert_eq!(
            run(&blocks, &doc, &b, &none),
            [2.0, 2.0, 3.0, 3.0, 3.0, 1.0]
        );
        let share = PathGroup {
            stat: PathGroupStat::Share,
            ..blocks.clone()
        };
        assert_eq!(
            run(&share, &doc, &b, &none),
            [0.5, 0.5, 6.0 / 16.0, 6.0 / 16.0, 6.0 / 16.0, 2.0 / 16.0]
        );
        assert_eq!(share.key().as_str(), "learn.path_group_share");
    }

    #[test]
    fn others_mean_leaves_the_block_out() {
        let doc = pith_core::dom::parse_html(PAGE);
        let b = paragraphs(&doc);
        let mut table = FeatureTable::new();
        table.insert(
            FeatureKey::new("a"),
            vec![1.0, 0.0, 1.0, f64::NAN, 0.0, 1.0],
        );
        let f = PathGroup {
            stat: PathGroupStat::OthersMean,
            of: Some("a".into()),
            key: None,
        };
        assert_eq!(f.key().as_str(), "learn.path_group_others_mean(a)");
        assert_eq!(f.requires(), [FeatureKey::new("a")]);
        let v = run(&f, &doc, &b, &table);
        // Story: each sees the other. Comments: cc sees ee (dd has no value), dd sees cc
        // and ee, ee sees cc. The byline is alone.
        assert_eq!(&v[..5], &[0.0, 1.0, 0.0, 0.5, 1.0]);
        assert!(v[5].is_nan());
    }

    #[test]
    fn without_a_document_or_a_node_the_values_are_nan() {
        let doc = pith_core::dom::parse_html(PAGE);
        let mut b = paragraphs(&doc);
        b[0].node = None;
        let f = PathGroup {
            stat: PathGroupStat::Blocks,
            of: None,
            key: None,
        };
        let none = FeatureTable::new();
        let v = run(&f, &doc, &b, &none);
        assert!(v[0].is_nan());
        assert_eq!(v[1], 1.0);
        assert!(f.compute(&b, &none).unwrap().iter().all(|x| x.is_nan()));
    }

    #[test]
    fn prepare_checks_of_against_the_stat() {
        let mut f = PathGroup {
            stat: PathGroupStat::OthersMean,
            of: None,
            key: None,
        };
        assert!(f.prepare().is_err());
        f.of = Some("a".into());
        assert!(f.prepare().is_ok());
        f.stat = PathGroupStat::Share;
        assert!(f.prepare().is_err());
    }
}
