//! `learn.class_word_sets`: several [`learn.class_words`](crate::ClassWords) columns over
//! the same attributes from one pass.
//!
//! Why: the `pith` preset asks four word lists of the same `class` and `id` values (the
//! poison and navigation words, Readability's positive and negative vocabularies, the
//! comment-section words), and as four stages each ran its own automaton over every
//! value on the blocks' paths — the largest of the learned features' costs. This stage
//! runs one automaton of all the lists' words over each value and reads each list's
//! column from the words found. Its columns are exactly those of the `learn.class_words`
//! stages it stands for (a property test holds it to them).

use pith_core::dom::{Document, NodeId};
use pith_core::{
    AttributeUse, Block, Error, Feature, FeatureInput, FeatureKey, FeatureTable, Result,
    WordAutomaton,
};
use serde::{Deserialize, Serialize};

use crate::features::{default_class_attributes, exempt_nodes, is_default_class_attributes};

/// `learn.class_word_sets`: one column per entry of `sets`, each the column a
/// `learn.class_words` stage with that entry's `key`, `words`, `count` and `depth` and
/// this stage's `attributes`, `outside` and `skip_html_body` gives (see
/// [`ClassWords`](crate::ClassWords) for what they mean). Fields: `sets` (at least one;
/// each `{"key", "words", "count", "depth"}`, `key` and `words` required, `count` and
/// `depth` default `false` and exclude each other), `attributes` (default `class` and
/// `id`), `outside` (default none), `skip_html_body` (default `false`). The stage's key is
/// its first set's.
///
/// ```
/// # use pith_learn::ClassWordSets;
/// let f: ClassWordSets = serde_json::from_str(r#"{"sets": [
///     {"key": "nav", "words": ["nav", "menu"]},
///     {"key": "negative", "words": ["footer", "sidebar"], "count": true}
/// ]}"#).unwrap();
/// assert_eq!(f.sets.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassWordSets {
    /// The word lists, one column each.
    pub sets: Vec<WordSet>,
    /// The attributes whose values are searched.
    #[serde(
        default = "default_class_attributes",
        skip_serializing_if = "is_default_class_attributes"
    )]
    pub attributes: Vec<String>,
    /// The annotation whose first marked node, with the elements that hold it, does
    /// not count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outside: Option<String>,
    /// `<html>` and `<body>` do not count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip_html_body: bool,
    /// All the sets' words as one automaton and each set's words in it, built by
    /// `prepare`.
    #[serde(skip)]
    matcher: Matcher,
}

/// One word list of [`ClassWordSets`] and how its column counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordSet {
    /// The column's key.
    pub key: String,
    /// The words to look for.
    pub words: Vec<String>,
    /// Count the words found on the node and its ancestors instead of 0/1.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub count: bool,
    /// Count the marked elements on the path (each once) instead of 0/1.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub depth: bool,
}

/// The automaton of every set's words (set by set, in order) and, for each set, the
/// bits of its words in the automaton's bitset. Not part of the stage's identity.
#[derive(Clone, Debug, Default)]
struct Matcher(Option<(WordAutomaton, Vec<Vec<u64>>)>);

impl PartialEq for Matcher {
    fn eq(&self, _: &Matcher) -> bool {
        true
    }
}

/// How a set's value at a node follows from its parent's and the node's own words.
#[derive(Clone, Copy)]
enum Fold {
    /// 1 when the node or an ancestor carries a word.
    Any,
    /// The words found on the node and its ancestors, each once per attribute value.
    Count,
    /// The elements on the path that carry a word.
    Depth,
}

impl ClassWordSets {
    fn error(message: impl Into<String>) -> Error {
        Error::Stage {
            stage: "learn.class_word_sets".into(),
            message: message.into(),
        }
    }

    fn folds(&self) -> Vec<Fold> {
        (self.sets.iter())
            .map(|s| match (s.count, s.depth) {
                (true, _) => Fold::Count,
                (_, true) => Fold::Depth,
                _ => Fold::Any,
            })
            .collect()
    }

    /// For each set, the words of `node`'s attributes in it: how many (each once per
    /// attribute value) for a counting set, else 1 when there is one. `found`, `seen`:
    /// scratch space.
    fn words_on(
        &self,
        doc: &Document,
        node: NodeId,
        (automaton, masks): &(WordAutomaton, Vec<Vec<u64>>),
        folds: &[Fold],
        seen: &mut Vec<u64>,
        found: &mut [u32],
    ) {
        found.fill(0);
        let Some(el) = doc.element(node) else {
            return;
        };
        for value in self.attributes.iter().filter_map(|a| el.attr(a)) {
            seen.clear();
            seen.resize(automaton.blocks(), 0);
            automaton.words_in(value, seen);
            for ((found, mask), fold) in found.iter_mut().zip(masks).zip(folds) {
                let words: u32 = (seen.iter().zip(mask))
                    .map(|(s, m)| (s & m).count_ones())
                    .sum();
                *found = match fold {
                    Fold::Count => found.saturating_add(words),
                    Fold::Any | Fold::Depth => *found | u32::from(words > 0),
                };
            }
        }
    }
}

#[typetag::serde(name = "learn.class_word_sets")]
impl Feature for ClassWordSets {
    /// The attributes searched (`attributes`).
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::named(self.attributes.iter().map(|a| a.to_ascii_lowercase()))
    }
    fn key(&self) -> FeatureKey {
        let first = self
            .sets
            .first()
            .map_or("learn.class_word_sets", |s| &s.key);
        FeatureKey(first.to_owned().into())
    }
    fn more_keys(&self) -> Vec<FeatureKey> {
        (self.sets.iter().skip(1))
            .map(|s| FeatureKey(s.key.clone().into()))
            .collect()
    }
    fn prepare(&mut self) -> Result<()> {
        if self.sets.is_empty() {
            return Err(Self::error("`sets` is empty"));
        }
        if let Some(set) = self.sets.iter().find(|s| s.count && s.depth) {
            return Err(Self::error(format!(
                "set {:?}: `count` and `depth` exclude each other",
                set.key
            )));
        }
        for a in &mut self.attributes {
            a.make_ascii_lowercase();
        }
        let mut words = Vec::new();
        let mut ranges = Vec::new();
        for set in &mut self.sets {
            let start = words.len();
            for w in &mut set.words {
                w.make_ascii_lowercase();
                words.push(w.clone());
            }
            ranges.push(start..words.len());
        }
        let automaton = WordAutomaton::new(&words).map_err(Self::error)?;
        let masks = (ranges.into_iter())
            .map(|range| {
                let mut mask = vec![0u64; automaton.blocks()];
                for i in range {
                    mask[i / 64] |= 1 << (i % 64);
                }
                mask
            })
            .collect();
        self.matcher = Matcher(Some((automaton, masks)));
        Ok(())
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![f64::NAN; blocks.len()])
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        let mut columns = self.compute_columns_in(input)?;
        Ok(columns.swap_remove(0))
    }
    fn compute_columns_in(&self, input: FeatureInput<'_>) -> Result<Vec<Vec<f64>>> {
        if self.sets.is_empty() {
            return Err(Self::error("`sets` is empty"));
        }
        let sets = self.sets.len();
        let nan = || vec![vec![f64::NAN; input.blocks.len()]; sets];
        let (Some(doc), Some(ancestry)) = (input.document, input.ancestry()) else {
            return Ok(nan());
        };
        let Some(matcher) = &self.matcher.0 else {
            return Err(Self::error("not prepared"));
        };
        let exempt = exempt_nodes(doc, self.outside.as_deref(), self.skip_html_body);
        let folds = self.folds();
        // Each listed node's value for every set, `sets` values a node, parents first.
        let nodes = ancestry.nodes();
        let mut values = vec![0u32; nodes.len() * sets];
        let (mut seen, mut found) = (Vec::new(), vec![0u32; sets]);
        for (slot, &node) in nodes.iter().enumerate() {
            if exempt.get(node.index()).copied().unwrap_or(false) {
                found.fill(0);
            } else {
                self.words_on(doc, node, matcher, &folds, &mut seen, &mut found);
            }
            for (s, fold) in folds.iter().enumerate() {
                let up = ancestry.parent(slot).map_or(0, |p| values[p * sets + s]);
                values[slot * sets + s] = match fold {
                    Fold::Any => up | found[s],
                    Fold::Count | Fold::Depth => up.saturating_add(found[s]),
                };
            }
        }
        let mut columns = vec![Vec::with_capacity(input.blocks.len()); sets];
        for block in 0..input.blocks.len() {
            let slot = ancestry.block_slot(block);
            for (s, column) in columns.iter_mut().enumerate() {
                column.push(slot.map_or(f64::NAN, |slot| f64::from(values[slot * sets + s])));
            }
        }
        Ok(columns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ClassWords;
    use pith_core::dom::parse_html;
    use pith_core::PageCache;
    use proptest::prelude::*;

    fn blocks_of(doc: &Document) -> Vec<Block> {
        doc.descendants(doc.root())
            .filter(|&n| doc.element(n).is_some())
            .map(|n| Block {
                node: Some(n),
                ..Block::default()
            })
            .collect()
    }

    fn columns_of(f: &dyn Feature, doc: &Document, blocks: &[Block]) -> Vec<Vec<f64>> {
        let table = FeatureTable::default();
        let cache = PageCache::new();
        let input = FeatureInput::new(blocks, &table)
            .with_document(Some(doc))
            .with_cache(Some(&cache));
        f.compute_columns_in(input).unwrap()
    }

    /// The `learn.class_words` stage a set stands for.
    fn alone(sets: &ClassWordSets, set: &WordSet) -> ClassWords {
        let mut f: ClassWords = serde_json::from_value(serde_json::json!({
            "words": set.words,
            "key": set.key,
            "attributes": sets.attributes,
            "count": set.count,
            "depth": set.depth,
            "outside": sets.outside,
            "skip_html_body": sets.skip_html_body,
        }))
        .unwrap();
        f.prepare().unwrap();
        f
    }

    fn same(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(x, y)| x == y || (x.is_nan() && y.is_nan()))
    }

    #[test]
    fn each_column_is_its_sets_class_words_column() {
        let doc = parse_html(
            r#"<body class="single comments-open"><div id="main-nav" class="menu">
            <p class="Footer-Nav nav">a</p></div><div id="comments"><ul class="comment-list">
            <li class="comment">b</li></ul></div><p itemprop="articleBody">c</p></body>"#,
        );
        let blocks = blocks_of(&doc);
        let mut f: ClassWordSets = serde_json::from_str(
            r#"{"skip_html_body": true, "sets": [
                {"key": "any", "words": ["nav", "menu"]},
                {"key": "count", "words": ["nav", "footer", "comment"], "count": true},
                {"key": "depth", "words": ["comment"], "depth": true},
                {"key": "none", "words": ["sidebar"]}
            ]}"#,
        )
        .unwrap();
        f.prepare().unwrap();
        let columns = columns_of(&f, &doc, &blocks);
        assert_eq!(columns.len(), 4);
        for (set, column) in f.sets.iter().zip(&columns) {
            let want = columns_of(&alone(&f, set), &doc, &blocks).remove(0);
            assert!(
                same(column, &want),
                "{}: {column:?} against {want:?}",
                set.key
            );
        }
        // The `<p class="Footer-Nav nav">` counts "nav" twice and "footer" once.
        let p = blocks
            .iter()
            .position(|b| {
                doc.element(b.node.unwrap()).unwrap().attr("class") == Some("Footer-Nav nav")
            })
            .unwrap();
        assert_eq!(columns[1][p], 3.0);
        assert_eq!(
            columns[2].iter().copied().fold(0.0, f64::max),
            3.0,
            "#comments, ul, li"
        );
        assert!(columns[3].iter().all(|&v| v == 0.0));
    }

    #[test]
    fn keys_are_the_sets_and_bad_sets_are_refused() {
        let f: ClassWordSets = serde_json::from_str(
            r#"{"sets": [{"key": "a", "words": ["x"]}, {"key": "b", "words": ["y"]}]}"#,
        )
        .unwrap();
        assert_eq!(f.key().as_str(), "a");
        assert_eq!(f.more_keys(), [FeatureKey("b".into())]);
        let mut empty: ClassWordSets = serde_json::from_str(r#"{"sets": []}"#).unwrap();
        let table = FeatureTable::default();
        assert!(
            empty.compute_in(FeatureInput::new(&[], &table)).is_err(),
            "not a panic"
        );
        assert!(empty.prepare().is_err());
        let mut both: ClassWordSets = serde_json::from_str(
            r#"{"sets": [{"key": "a", "words": ["x"], "count": true, "depth": true}]}"#,
        )
        .unwrap();
        assert!(both.prepare().unwrap_err().to_string().contains("exclude"));
    }

    proptest! {
        /// On generated pages and word lists, every column is the one its
        /// `learn.class_words` stage computes.
        #[test]
        fn columns_match_class_words_stages(
            classes in prop::collection::vec(("[a-dA-D -]{0,8}", "[a-d]{0,4}"), 1..12),
            nesting in prop::collection::vec(0usize..4, 1..12),
            lists in prop::collection::vec(
                (prop::collection::vec("[a-dA-D-]{0,3}", 0..5), 0u8..3), 1..5),
            skip_html_body in any::<bool>(),
        ) {
            // Elements nested as `nesting` says (how many to close before each opens).
            let mut html = String::from(r#"<body class="a b">"#);
            let mut open = 0;
            for ((class, id), close) in classes.iter().zip(nesting.iter().cycle()) {
                for _ in 0..(*close).min(open) {
                    html.push_str("</div>");
                    open -= 1;
                }
                html.push_str(&format!(r#"<div class="{class}" id="{id}">t"#));
                open += 1;
            }
            let doc = parse_html(&html);
            let blocks = blocks_of(&doc);
            let sets: Vec<serde_json::Value> = lists.iter().enumerate().map(|(i, (words, mode))| {
                serde_json::json!({"key": format!("k{i}"), "words": words,
                    "count": *mode == 1, "depth": *mode == 2})
            }).collect();
            let mut f: ClassWordSets = serde_json::from_value(serde_json::json!({
                "sets": sets, "skip_html_body": skip_html_body})).unwrap();
            f.prepare().unwrap();
            let columns = columns_of(&f, &doc, &blocks);
            for (set, column) in f.sets.iter().zip(&columns) {
                let want = columns_of(&alone(&f, set), &doc, &blocks).remove(0);
                prop_assert!(same(column, &want), "{}: {:?} against {:?}", set.key, column, want);
            }
        }
    }
}
