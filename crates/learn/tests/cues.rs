//! Property tests of the text and markup cues (`learn.text`, `learn.heading_level`,
//! `learn.title_match`, `learn.class_words` with `count`, `depth` and `outside`): the values
//! stay in their ranges on any text or page, and the per-node ones equal a naive walk
//! to the root.

use pith_core::dom::{Document, NodeId};
use pith_core::{Block, Feature, FeatureInput, FeatureTable};
use pith_learn::{ClassWords, HeadingLevel, Text, TextStat, TitleMatch};
use proptest::prelude::*;

const STATS: &[TextStat] = &[
    TextStat::SentenceEnds,
    TextStat::EndsSentence,
    TextStat::Capitalised,
    TextStat::Numeric,
    TextStat::DateLike,
    TextStat::WordLength,
    TextStat::SentenceLength,
    TextStat::Boilerplate,
    TextStat::Repeats,
];

/// Words that exercise every cue: prose, marks, dates, boilerplate, other scripts.
const WORDS: &[&str] = &[
    "The",
    "river",
    "flows.",
    "Home",
    "|",
    "©",
    "2024",
    "12:30",
    "1.5.2024",
    "share",
    "Read",
    "more",
    "»",
    "评论。",
    "Übersicht",
    "\"done.\"",
    "?",
    "",
    "x1",
    "…",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(prop::sample::select(WORDS), 0..12).prop_map(|w| w.join(" ")),
        any::<String>(),
    ]
}

proptest! {
    #[test]
    fn text_cues_stay_in_range(texts in prop::collection::vec(text(), 0..12)) {
        let blocks: Vec<Block> = texts
            .iter()
            .map(|t| Block { text: t.clone(), ..Block::default() })
            .collect();
        for &stat in STATS {
            let f = Text { stat, key: None };
            let column = f.compute(&blocks, &FeatureTable::new()).unwrap();
            prop_assert_eq!(column.len(), blocks.len());
            for (v, t) in column.iter().zip(&texts) {
                prop_assert!(v.is_finite() && *v >= 0.0, "{:?} {} on {:?}", stat, v, t);
                match stat {
                    TextStat::EndsSentence => prop_assert!(*v == 0.0 || *v == 1.0),
                    TextStat::Capitalised | TextStat::Numeric | TextStat::DateLike => {
                        prop_assert!(*v <= 1.0)
                    }
                    TextStat::Repeats => prop_assert!(*v < blocks.len() as f64),
                    _ => {}
                }
            }
            // The same through the document path, without a document.
            let empty = FeatureTable::new();
            let input = FeatureInput::new(&blocks, &empty);
            let again = f.compute_in(input).unwrap();
            prop_assert_eq!(
                again.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
                column.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
            );
        }
    }
}

const TAGS: &[&str] = &["div", "p", "h1", "h3", "a", "section", "span", "title"];
const CLASSES: &[&str] = &[
    "",
    "entry-content",
    "site-Nav",
    "x",
    "comment-list main",
    "Story",
];

/// A random page: nested elements with classes and text, a title.
fn page() -> impl Strategy<Value = String> {
    let element = (0..TAGS.len(), 0..CLASSES.len(), 0usize..3, 0..WORDS.len());
    (prop::collection::vec(element, 1..50), 0..WORDS.len()).prop_map(|(elements, title)| {
        let mut html = format!("<html><head><title>{}</title></head><body>", WORDS[title]);
        let mut open: Vec<&str> = Vec::new();
        for (t, c, closes, w) in elements {
            for _ in 0..closes.min(open.len()) {
                html.push_str(&format!("</{}>", open.pop().expect("counted")));
            }
            let tag = TAGS[t];
            html.push_str(&format!(
                "<{tag} class='{}' id='i{t}'>{}",
                CLASSES[c], WORDS[w]
            ));
            open.push(tag);
        }
        html.push_str("</body></html>");
        html
    })
}

fn naive_ancestors(doc: &Document, n: NodeId) -> Vec<NodeId> {
    std::iter::successors(Some(n), |&m| doc.parent(m)).collect()
}

/// How many of `words` the `class` and `id` values of `nodes` hold, each word once per
/// value (ASCII case-insensitive): what `learn.class_words` with `count` adds up.
fn words_in_class_or_id(doc: &Document, nodes: &[NodeId], words: &[&str]) -> usize {
    nodes
        .iter()
        .filter_map(|&a| doc.element(a))
        .flat_map(|el| ["class", "id"].map(|k| el.attr(k)))
        .flatten()
        .map(|v| {
            let v = v.to_ascii_lowercase();
            words.iter().filter(|w| v.contains(*w)).count()
        })
        .sum()
}

proptest! {
    #[test]
    fn markup_cues_are_the_walks_to_the_root(html in page()) {
        let doc = pith_core::dom::parse_html(&html);
        let nodes: Vec<NodeId> = doc.descendants(doc.root()).collect();
        let mut blocks: Vec<Block> = nodes
            .iter()
            .map(|&n| Block { text: doc.text_content(n), node: Some(n), ..Block::default() })
            .collect();
        blocks.push(Block::default());
        let table = FeatureTable::new();
        let input = FeatureInput::new(&blocks, &table).with_document(Some(&doc));
        let words = ["content", "nav", "main"];
        let mut counted = ClassWords::default();
        counted.words = words.iter().map(|s| s.to_string()).collect();
        counted.count = true;
        counted.prepare().unwrap();
        let counts = counted.compute_in(input).unwrap();
        let levels = HeadingLevel {}.compute_in(input).unwrap();
        let titles = TitleMatch {}.compute_in(input).unwrap();
        for (b, block) in blocks.iter().enumerate() {
            // The title match reads the text, which every block has.
            prop_assert!([0.0, 1.0, 2.0].contains(&titles[b]));
            let Some(n) = block.node else {
                prop_assert!(counts[b].is_nan() && levels[b].is_nan());
                continue;
            };
            let up = naive_ancestors(&doc, n);
            let want_count = words_in_class_or_id(&doc, &up, &words);
            prop_assert_eq!(counts[b], want_count as f64);
            let want_level = up
                .iter()
                .find_map(|&a| match doc.element_name(a) {
                    Some("h1") => Some(1.0),
                    Some("h3") => Some(3.0),
                    _ => None,
                })
                .unwrap_or(0.0);
            prop_assert_eq!(levels[b], want_level);
        }
    }
}

proptest! {
    /// `learn.class_words` with `outside`: the same walk to the root, skipping the
    /// marked node and the elements that hold it (or, with no node marked, `<body>`
    /// and what holds it), in the 0/1, the counting and the depth form; with
    /// `skip_html_body`, skipping `<html>` and `<body>` (with `outside` or alone).
    #[test]
    fn outside_skips_what_holds_the_mark(
        html in page(),
        mark in any::<prop::sample::Index>(),
        marked in any::<bool>(),
        with_outside in any::<bool>(),
        skip_html_body in any::<bool>(),
    ) {
        // Page-wide classes that name the words, as real pages have them.
        let html = html
            .replacen("<html>", "<html id='nav-x'>", 1)
            .replacen("<body>", "<body class='f_comments_on'>", 1);
        let mut doc = pith_core::dom::parse_html(&html);
        let nodes: Vec<NodeId> = doc.descendants(doc.root()).collect();
        let target = marked.then(|| mark.get(&nodes)).copied();
        if let Some(t) = target {
            doc.annotate(t, "test.mark", 1.0);
        }
        let blocks: Vec<Block> = nodes
            .iter()
            .map(|&n| Block { node: Some(n), ..Block::default() })
            .collect();
        let table = FeatureTable::new();
        let input = FeatureInput::new(&blocks, &table).with_document(Some(&doc));
        let words = ["comment", "nav"];
        let mut exempt = match with_outside {
            true => naive_ancestors(&doc, target.or_else(|| doc.body()).expect("a body")),
            false => Vec::new(),
        };
        if skip_html_body {
            exempt.extend([doc.html_element(), doc.body()].into_iter().flatten());
        }
        for (count, depth) in [(false, false), (true, false), (false, true)] {
            let mut f = ClassWords::default();
            f.words = words.iter().map(|s| s.to_string()).collect();
            f.count = count;
            f.depth = depth;
            f.outside = with_outside.then(|| "test.mark".into());
            f.skip_html_body = skip_html_body;
            f.prepare().unwrap();
            let column = f.compute_in(input).unwrap();
            for (b, &n) in nodes.iter().enumerate() {
                let mut up = naive_ancestors(&doc, n);
                up.retain(|a| !exempt.contains(a));
                let found = words_in_class_or_id(&doc, &up, &words);
                // The elements on the path that carry a word, each once.
                let carriers = up
                    .iter()
                    .filter(|&&a| words_in_class_or_id(&doc, &[a], &words) > 0)
                    .count();
                let want = if count {
                    found as f64
                } else if depth {
                    carriers as f64
                } else {
                    f64::from(u8::from(found > 0))
                };
                prop_assert_eq!(column[b], want, "node {:?}", n);
            }
        }
    }
}
