//! The fast implementations of the learn stages give exactly what the plain definitions
//! give: the tree-by-tree margins of a page against `Trees::margin` of each row (bit for
//! bit), and the once-per-node ancestor features against a walk to the root per block,
//! on random trees, rows and documents.

use pith_core::dom::{Document, NodeId};
use pith_core::PassContext;
use pith_core::{
    Block, ContextPass, Feature, FeatureInput, FeatureKey, FeatureTable, Label, PageCache,
};
use pith_learn::{
    Annotation, ClassWords, Depth, Inside, Page, PageStat, Position, Prior, TextShare, Tree, Trees,
    ROWS_PER_WALK,
};
use proptest::prelude::*;

/// A random valid tree over `n_features` features: node `i`'s children follow it;
/// the right child right after the left one (as `fit` lays trees out) or, with
/// `swapped`, before it.
fn tree(n_features: usize) -> impl Strategy<Value = Tree> {
    (
        prop::collection::vec(
            (
                0..n_features as u32,
                -3.0f64..3.0,
                any::<bool>(),
                -1.0f64..1.0,
            ),
            1..40,
        ),
        any::<bool>(),
    )
        .prop_map(|(spec, swapped)| {
            let n = spec.len();
            let mut t = Tree {
                feature: Vec::new(),
                threshold: Vec::new(),
                left: Vec::new(),
                right: Vec::new(),
                value: Vec::new(),
            };
            // A node splits when asked and there is room for two children after it (a
            // heap layout: children 2i+1 and 2i+2).
            for (i, &(f, th, split, v)) in spec.iter().enumerate() {
                let (l, r) = if swapped {
                    (2 * i + 2, 2 * i + 1)
                } else {
                    (2 * i + 1, 2 * i + 2)
                };
                let inner = split && l.max(r) < n;
                t.feature.push(f);
                t.threshold.push(th);
                t.left.push(if inner { l as u32 } else { 0 });
                t.right.push(if inner { r as u32 } else { 0 });
                t.value.push(v);
            }
            t
        })
}

/// A feature value: often NaN, sometimes exactly a threshold-like number.
fn value() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(0.0),
        Just(-0.0),
        -3.0f64..3.0,
        (-3i32..3).prop_map(f64::from)
    ]
}

/// The four feature keys the random trees read (`f0` … `f3`).
fn keys() -> Vec<String> {
    (0..4).map(|i| format!("f{i}")).collect()
}

/// A `learn.trees` pass over [`keys`] with the threshold decoding, its prior (if any)
/// on `f0`.
fn stage_of(
    trees: Vec<Tree>,
    base: f64,
    threshold: f64,
    fallback: bool,
    prior_weight: Option<f64>,
) -> Trees {
    Trees {
        features: keys(),
        base_score: base,
        trees: trees.into(),
        margin_threshold: threshold,
        fallback,
        decode: Default::default(),
        prior: prior_weight.map(|weight| Prior {
            feature: "f0".into(),
            weight,
        }),
    }
}

/// The table of `rows`' columns under the first three keys (`f3` is left out: a
/// missing column reads `NaN`).
fn table_of(rows: &[Vec<f64>]) -> FeatureTable {
    let mut table = FeatureTable::new();
    for (f, key) in keys().iter().take(3).enumerate() {
        table.insert(
            FeatureKey(key.clone().into()),
            rows.iter().map(|r| r[f]).collect(),
        );
    }
    table
}

/// Block `b`'s row of the four keys as the table gives it (`NaN` where it has none).
fn row_of(table: &FeatureTable, b: usize) -> Vec<f64> {
    keys()
        .iter()
        .map(|k| {
            table
                .get(&FeatureKey(k.clone().into()), b)
                .unwrap_or(f64::NAN)
        })
        .collect()
}

/// The labels `stage` gives `blocks` blocks (context-free labels all bad).
fn labels_of(stage: &Trees, table: &FeatureTable, blocks: usize) -> Vec<Label> {
    let plain = vec![Block::default(); blocks];
    let cf = vec![Label::Bad; blocks];
    let mut labels = cf.clone();
    stage
        .revise(
            PassContext {
                blocks: &plain,
                features: table,
                cf_labels: &cf,
                document: None,
            },
            &mut labels,
        )
        .unwrap();
    labels
}

proptest! {
    #[test]
    fn page_margins_are_the_rows_margins(
        trees in prop::collection::vec(tree(4), 0..12),
        base in -2.0f64..2.0,
        // Column 3 is left out of the table: a missing column reads NaN.
        rows in prop::collection::vec(prop::collection::vec(value(), 3), 0..20),
        short in any::<bool>(),
    ) {
        let keys: Vec<String> = (0..4).map(|i| format!("f{i}")).collect();
        for t in &trees {
            prop_assert!(t.check(4).is_ok());
        }
        let stage = Trees {
            features: keys.clone(),
            base_score: base,
            trees: trees.into(),
            margin_threshold: 0.0,
            fallback: true,
            decode: Default::default(),
            prior: None,
        };
        let mut table = FeatureTable::new();
        for (f, key) in keys.iter().take(3).enumerate() {
            let mut column: Vec<f64> = rows.iter().map(|r| r[f]).collect();
            if short && f == 1 {
                // A short column: the rows past its end read NaN.
                column.truncate(rows.len() / 2);
            }
            table.insert(FeatureKey(key.clone().into()), column);
        }
        let margins = stage.margins(&table, rows.len());
        prop_assert_eq!(margins.len(), rows.len());
        for (b, m) in margins.iter().enumerate() {
            prop_assert_eq!(m.to_bits(), stage.margin(&row_of(&table, b)).to_bits());
        }
        // And the pass labels by those margins.
        let labels = labels_of(&stage, &table, rows.len());
        for (label, m) in labels.iter().zip(&margins) {
            if *m > 0.0 {
                prop_assert_eq!(*label, Label::Good);
            }
        }
    }
}

proptest! {
    #[test]
    fn threshold_sides_are_the_margins_sides(
        trees in prop::collection::vec(tree(4), 0..35),
        base in -2.0f64..2.0,
        threshold in -3.0f64..3.0,
        prior_weight in prop::option::of(-1.0f64..1.0),
        fallback in any::<bool>(),
        rows in prop::collection::vec(prop::collection::vec(value(), 3), 0..20),
    ) {
        let stage = stage_of(trees, base, threshold, fallback, prior_weight);
        let table = table_of(&rows);
        // Walking each row only until its side is decided gives every row's side.
        let margins = stage.margins(&table, rows.len());
        let want: Vec<bool> = margins.iter().map(|&m| m > threshold).collect();
        prop_assert_eq!(stage.threshold_sides(&table, rows.len()), want.clone());
        // And the pass labels by them, with the fallback on the first greatest margin.
        let labels = labels_of(&stage, &table, rows.len());
        let mut expected: Vec<Label> =
            want.iter().map(|&g| if g { Label::Good } else { Label::Bad }).collect();
        if fallback && !want.contains(&true) {
            let mut best: Option<(usize, f64)> = None;
            for (b, &m) in margins.iter().enumerate() {
                if best.is_none_or(|(_, x)| m > x) {
                    best = Some((b, m));
                }
            }
            if let Some((b, _)) = best {
                expected[b] = Label::Good;
            }
        }
        prop_assert_eq!(labels, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// A page of more blocks than one walk lays out (`ROWS_PER_WALK`) is walked in
    /// slices: the margins and sides are still every row's own, across the slices'
    /// edges, with a column that ends inside a later slice.
    #[test]
    fn pages_longer_than_one_walk_give_every_rows_margin(
        trees in prop::collection::vec(tree(4), 1..8),
        base in -2.0f64..2.0,
        threshold in -3.0f64..3.0,
        prior_weight in prop::option::of(-1.0f64..1.0),
        pattern in prop::collection::vec(prop::collection::vec(value(), 3), 1..9),
        blocks in (2 * ROWS_PER_WALK - 40)..(2 * ROWS_PER_WALK + 40),
        short_at in (ROWS_PER_WALK - 3)..(ROWS_PER_WALK + 3),
    ) {
        let keys = keys();
        let stage = stage_of(trees, base, threshold, false, prior_weight);
        let mut table = FeatureTable::new();
        for (f, key) in keys.iter().take(3).enumerate() {
            let mut column: Vec<f64> =
                (0..blocks).map(|b| pattern[(b * 7 + b / 5) % pattern.len()][f]).collect();
            if f == 2 {
                column.truncate(short_at);
            }
            table.insert(FeatureKey(key.clone().into()), column);
        }
        let margins = stage.margins(&table, blocks);
        prop_assert_eq!(margins.len(), blocks);
        for (b, m) in margins.iter().enumerate() {
            prop_assert_eq!(m.to_bits(), stage.margin(&row_of(&table, b)).to_bits(), "block {}", b);
        }
        let want: Vec<bool> = margins.iter().map(|&m| m > threshold).collect();
        prop_assert_eq!(stage.threshold_sides(&table, blocks), want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    /// An ensemble with more distinct thresholds on one feature than a byte numbers
    /// (the walk on bin numbers refuses it) is walked on the values: the same margins
    /// and sides.
    #[test]
    fn many_thresholds_on_one_feature_give_every_rows_margin(
        extra in prop::collection::vec(tree(4), 0..4),
        threshold in -3.0f64..3.0,
        rows in prop::collection::vec(prop::collection::vec(value(), 3), 1..20),
    ) {
        // 300 stumps on f0 at distinct thresholds, then the random trees.
        let mut trees: Vec<Tree> = (0..300)
            .map(|k| Tree {
                feature: vec![0, 0, 0],
                threshold: vec![-3.0 + f64::from(k) / 50.0, 0.0, 0.0],
                left: vec![1, 0, 0],
                right: vec![2, 0, 0],
                value: vec![0.0, -0.01, 0.01 * f64::from(k % 7)],
            })
            .collect();
        trees.extend(extra);
        let stage = stage_of(trees, 0.0, threshold, false, None);
        let table = table_of(&rows);
        let margins = stage.margins(&table, rows.len());
        for (b, m) in margins.iter().enumerate() {
            prop_assert_eq!(m.to_bits(), stage.margin(&row_of(&table, b)).to_bits(), "block {}", b);
        }
        let want: Vec<bool> = margins.iter().map(|&m| m > threshold).collect();
        prop_assert_eq!(stage.threshold_sides(&table, rows.len()), want);
    }
}

const TAGS: &[&str] = &["div", "p", "li", "a", "nav", "section", "span"];
const CLASSES: &[&str] = &["", "main", "site-Nav", "x", "comment-list", "story"];

/// A random page: nested elements with classes; some nodes annotated (some with `NaN`).
fn page() -> impl Strategy<Value = (String, Vec<(usize, f64)>)> {
    let element = (0..TAGS.len(), 0..CLASSES.len(), 0usize..3, any::<bool>());
    (
        prop::collection::vec(element, 1..60),
        // Some notes `NaN`: no value, as if the node had none.
        prop::collection::vec(
            (0usize..200, prop_oneof![Just(f64::NAN), -2.0f64..2.0]),
            0..10,
        ),
    )
        .prop_map(|(elements, notes)| {
            let mut html = String::from("<html><body>");
            let mut open: Vec<&str> = Vec::new();
            for (t, c, closes, text) in elements {
                for _ in 0..closes.min(open.len()) {
                    let tag = open.pop().expect("counted");
                    html.push_str(&format!("</{tag}>"));
                }
                let tag = TAGS[t];
                html.push_str(&format!("<{tag} class='{}' id='i{t}'>", CLASSES[c]));
                if text {
                    html.push_str("some text ");
                }
                open.push(tag);
            }
            html.push_str("</body></html>");
            (html, notes)
        })
}

fn naive_ancestors(doc: &Document, n: NodeId) -> Vec<NodeId> {
    std::iter::successors(Some(n), |&m| doc.parent(m)).collect()
}

proptest! {
    #[test]
    fn ancestor_features_are_the_walks_to_the_root(
        (html, notes) in page(),
        picks in prop::option::of(prop::collection::vec(0usize..200, 0..40)),
        shared in any::<bool>(),
    ) {
        let mut doc = pith_core::dom::parse_html(&html);
        let nodes: Vec<NodeId> = doc.descendants(doc.root()).collect();
        for (i, v) in notes {
            doc.annotate(nodes[i % nodes.len()], "note", v);
        }
        // A block for every node, in document order, or for nodes picked in any order
        // (some twice); and one without a node.
        let mut blocks: Vec<Block> = match picks {
            None => nodes.clone(),
            Some(picks) => picks.iter().map(|i| nodes[i % nodes.len()]).collect(),
        }
        .iter()
        .map(|&n| Block { node: Some(n), ..Block::default() })
        .collect();
        blocks.push(Block::default());
        let table = FeatureTable::new();
        // The blocks' paths built by each stage, or once for all of them as the
        // pipeline does.
        let cache = PageCache::new();
        let input = FeatureInput::new(&blocks, &table)
            .with_document(Some(&doc))
            .with_cache(shared.then_some(&cache));
        let words: Vec<String> = ["nav", "comment"].iter().map(|s| s.to_string()).collect();
        let mut class_words = ClassWords::default();
        class_words.words = words;
        class_words.prepare().unwrap();
        let mut counted = class_words.clone();
        counted.count = true;
        counted.prepare().unwrap();
        let mut nested = class_words.clone();
        nested.depth = true;
        nested.prepare().unwrap();
        let inside = Inside { tags: ["li", "nav"].into(), key: None };
        let note = Annotation { annotation: "note".into(), missing: Some(-9.0) };
        let columns = [
            Depth {}.compute_in(input).unwrap(),
            inside.compute_in(input).unwrap(),
            class_words.compute_in(input).unwrap(),
            note.compute_in(input).unwrap(),
            counted.compute_in(input).unwrap(),
            nested.compute_in(input).unwrap(),
        ];
        for (b, block) in blocks.iter().enumerate() {
            let want: [f64; 6] = match block.node {
                None => [f64::NAN, f64::NAN, f64::NAN, -9.0, f64::NAN, f64::NAN],
                Some(n) => {
                    let up = naive_ancestors(&doc, n);
                    let inside = up.iter().any(|&a| {
                        doc.element_name(a).is_some_and(|t| t == "li" || t == "nav")
                    });
                    // The words in each of an element's `class` and `id`.
                    let words_on = |a: NodeId| -> usize {
                        let Some(el) = doc.element(a) else { return 0 };
                        ["class", "id"]
                            .iter()
                            .filter_map(|k| el.attr(k))
                            .map(|v| {
                                let v = v.to_ascii_lowercase();
                                usize::from(v.contains("nav")) + usize::from(v.contains("comment"))
                            })
                            .sum()
                    };
                    let class = up.iter().any(|&a| words_on(a) > 0);
                    let count: usize = up.iter().map(|&a| words_on(a)).sum();
                    let marked = up.iter().filter(|&&a| words_on(a) > 0).count();
                    let noted = up
                        .iter()
                        .find_map(|&a| doc.annotation(a, "note"))
                        .unwrap_or(-9.0);
                    [
                        (up.len() - 1) as f64,
                        f64::from(u8::from(inside)),
                        f64::from(u8::from(class)),
                        noted,
                        count as f64,
                        marked as f64,
                    ]
                }
            };
            for (c, w) in columns.iter().zip(want) {
                prop_assert_eq!(c[b].to_bits(), w.to_bits(), "block {}", b);
            }
        }
    }
}

proptest! {
    /// `labels::token_count` (word characters classified from a table, starts counted)
    /// gives the number of `pith_core::words::word_tokens`, on ASCII, Latin, Greek,
    /// Cyrillic, Korean and CJK text, punctuation and any other character.
    #[test]
    fn token_counts_are_the_word_tokens(
        text in "([a-zA-Z0-9_ ,.'éÉßİΣσЖж한국日本ー・’“—\u{300}\u{2160}\u{a0}\u{b2}\u{2070}-]|\\PC){0,60}",
    ) {
        prop_assert_eq!(
            pith_learn::labels::token_count(&text),
            pith_core::words::word_tokens(&text).count()
        );
    }
}

proptest! {
    /// `learn.page`, `learn.position` and `learn.text_share` weigh blocks by the lengths
    /// the page's stages share (`FeatureInput::char_lengths`), giving what counting each
    /// block's characters in each stage gives, bit for bit.
    #[test]
    fn shared_lengths_are_each_blocks_characters(
        rows in prop::collection::vec(("(\\PC|[ aé한日])*", value(), value()), 0..30),
        shared in any::<bool>(),
    ) {
        let blocks: Vec<Block> = rows
            .iter()
            .map(|(t, _, _)| Block { text: t.clone(), ..Block::default() })
            .collect();
        let mut table = FeatureTable::new();
        table.insert(FeatureKey::new("x"), rows.iter().map(|r| r.1).collect());
        table.insert(FeatureKey::new("w"), rows.iter().map(|r| r.2).collect());
        let cache = PageCache::new();
        let input = FeatureInput::new(&blocks, &table).with_cache(shared.then_some(&cache));
        let chars: Vec<f64> = blocks.iter().map(|b| b.text.chars().count() as f64).collect();
        let total: f64 = chars.iter().sum();
        for stat in [PageStat::Mean, PageStat::Chars, PageStat::Blocks] {
            for (of, within) in [(None, None), (Some("x"), None), (Some("x"), Some("w"))] {
                let page = Page {
                    stat,
                    of: of.map(str::to_string),
                    within: within.map(str::to_string),
                    key: None,
                };
                let value = |i: usize| of.map_or(1.0, |_| rows[i].1);
                let counts = |i: usize| within.is_none() || rows[i].2 > 0.5;
                let want = match stat {
                    PageStat::Mean => {
                        let (mut sum, mut weight) = (0.0, 0.0);
                        for (i, &n) in chars.iter().enumerate() {
                            if !value(i).is_nan() && counts(i) {
                                sum += n * value(i);
                                weight += n;
                            }
                        }
                        if weight > 0.0 { sum / weight } else { 0.0 }
                    }
                    PageStat::Chars => (0..chars.len())
                        .map(|i| {
                            if value(i).is_nan() || !counts(i) { 0.0 } else { chars[i] * value(i) }
                        })
                        .sum(),
                    PageStat::Blocks => {
                        (0..chars.len()).filter(|&i| counts(i) && value(i) > 0.5).count() as f64
                    }
                };
                let got = page.compute_in(input).unwrap();
                prop_assert_eq!(got.len(), blocks.len());
                for v in got {
                    prop_assert_eq!(v.to_bits(), want.to_bits());
                }
            }
        }
        let mut before = 0.0;
        let positions = Position {}.compute_in(input).unwrap();
        for (i, v) in positions.into_iter().enumerate() {
            let want = if total == 0.0 { 0.0 } else { before / total };
            prop_assert_eq!(v.to_bits(), want.to_bits());
            before += chars[i];
        }
        let shares = TextShare {}.compute_in(input).unwrap();
        for (i, v) in shares.into_iter().enumerate() {
            prop_assert_eq!(v.to_bits(), (chars[i] / total.max(1.0)).to_bits());
        }
    }
}
