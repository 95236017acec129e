//! Markup cues of a block: what the page's authors said about it in the markup.
//!
//! Why: class and id names (`entry-content`, `comment-list`, `sidebar`), headings and
//! the page's `<title>` are how a site labels its own parts, and the best extractors
//! read them: Readability weighs class/id names against positive and negative
//! patterns, trafilatura and boilerpipe drop elements by such lists, and the title is
//! what the article's headline repeats. Here they are columns, not decisions: the
//! vocabularies are counted (`learn.class_words` with `count`, the lists below), the
//! heading level and the title match are numbers the trees weigh with the rest.
//!
//! | tag | key | value |
//! |---|---|---|
//! | `learn.heading_level` | `learn.heading_level` | the level (1–6) of the innermost `h1`…`h6` that is the block's node or an ancestor, 0 when none |
//! | `learn.hidden` | `learn.hidden` | 1 when the block's node or an ancestor is one a reader cannot see (Readability's `_isProbablyVisible`: inline `display: none` or `visibility: hidden`, the `hidden` attribute, `aria-hidden="true"`; or a modal dialog), else 0 |
//! | `learn.title_match` | `learn.title_match` | 2 when the block's text is the page's `<title>` text (ASCII case and whitespace ignored), 1 when one contains the other, 0 otherwise or without a title |

use pith_core::dom::{Document, NodeId};
use pith_core::{AttributeUse, Block, Feature, FeatureInput, FeatureKey, FeatureTable, Result};
use serde::{Deserialize, Serialize};

use pith_readability::unlikely::{is_hidden, HIDDEN_ATTRIBUTES};

use crate::features::{contains_ignore_ascii_case, inherited_column};
use crate::substrings::Substrings;

/// Class/id words of content: Readability.js's `positive` pattern
/// (`article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story`)
/// plus the article-body names of common themes and trafilatura's content
/// selectors.
pub const POSITIVE_CLASS_WORDS: &[&str] = &[
    "article",
    "body",
    "content",
    "entry",
    "hentry",
    "h-entry",
    "main",
    "page",
    "pagination",
    "post",
    "text",
    "blog",
    "story",
    "prose",
    "rich-text",
    "itemprop",
];

/// Class/id words of page furniture: Readability.js's `negative` and
/// `unlikelyCandidates` patterns, with trafilatura's and boilerpipe's usual
/// boilerplate names (sharing, newsletters, cookies, navigation).
pub const NEGATIVE_CLASS_WORDS: &[&str] = &[
    // Readability.js negative
    "-ad-",
    "hidden",
    "banner",
    "combx",
    "comment",
    "com-",
    "contact",
    "footer",
    "gdpr",
    "masthead",
    "media",
    "meta",
    "outbrain",
    "promo",
    "related",
    "scroll",
    "share",
    "shoutbox",
    "sidebar",
    "skyscraper",
    "sponsor",
    "shopping",
    "tags",
    "widget",
    // Readability.js unlikelyCandidates (those not above)
    "ai2html",
    "breadcrumb",
    "community",
    "cover-wrap",
    "disqus",
    "extra",
    "header",
    "legends",
    "menu",
    "remark",
    "replies",
    "rss",
    "social",
    "supplemental",
    "ad-break",
    "agegate",
    "pager",
    "popup",
    "yom-remote",
    // trafilatura / boilerpipe furniture
    "nav",
    "newsletter",
    "subscribe",
    "signup",
    "login",
    "cookie",
    "consent",
    "advert",
    "popular",
    "recommend",
    "teaser",
    "author",
    "byline",
    "date",
    "caption",
    "copyright",
];

/// `learn.heading_level`: the level of the innermost heading element (`h1` 1 …
/// `h6` 6) that is the block's node or one of its ancestors, 0 when there is none.
/// No fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeadingLevel {}

/// The key of [`HeadingLevel`].
pub const HEADING_LEVEL: FeatureKey = FeatureKey::new("learn.heading_level");

/// The level of a heading element's name (`h1` → 1), `None` for other names.
fn heading_level(name: &str) -> Option<u8> {
    match name.as_bytes() {
        [b'h', d @ b'1'..=b'6'] => Some(d - b'0'),
        _ => None,
    }
}

#[typetag::serde(name = "learn.heading_level")]
impl Feature for HeadingLevel {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        HEADING_LEVEL
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![f64::NAN; blocks.len()])
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        Ok(inherited_column(
            input,
            0u8,
            |doc, n, up| doc.element_name(n).and_then(heading_level).unwrap_or(up),
            f64::from,
        ))
    }
}

/// `learn.hidden`: 1 when the block's node or one of its ancestors is an element a
/// reader cannot see, as Readability judges it
/// ([`pith_readability::unlikely::is_hidden`]: an inline `style` with `display: none`
/// or `visibility: hidden`, the `hidden` attribute, `aria-hidden="true"` but for
/// class `fallback-image`, a modal dialog), else 0. Pages hide whole copies of their
/// article this way (schema.org microdata with `display: none`), and collapsed
/// menus and pop-ups. `NaN` for blocks handed over without a document. No fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hidden {}

/// The key of [`Hidden`].
pub const HIDDEN: FeatureKey = FeatureKey::new("learn.hidden");

#[typetag::serde(name = "learn.hidden")]
impl Feature for Hidden {
    fn key(&self) -> FeatureKey {
        HIDDEN
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![f64::NAN; blocks.len()])
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        Ok(inherited_column(
            input,
            false,
            |doc, n, up| up || doc.element(n).is_some_and(is_hidden),
            |hidden| f64::from(u8::from(hidden)),
        ))
    }
    /// What Readability's visibility test reads.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::named(HIDDEN_ATTRIBUTES.iter().copied())
    }
}

/// `learn.title_match`: how the block's text compares with the page's `<title>`
/// (the first `title` child of `<head>`): 2 when equal, 1 when one contains the other
/// (a headline inside "Headline – Site name"), 0 otherwise, without a title, or for
/// an empty block. ASCII case is ignored and whitespace runs count as one space.
/// `NaN` for blocks handed over without a document. No fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleMatch {}

/// The key of [`TitleMatch`].
pub const TITLE_MATCH: FeatureKey = FeatureKey::new("learn.title_match");

/// Lower-cased (ASCII), whitespace runs as one space, trimmed.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.make_ascii_lowercase();
    out
}

/// The page's `<title>` text, normalised; `None` without one or when it is empty.
fn page_title(doc: &Document) -> Option<String> {
    let head = doc.child_element(doc.html_element()?, "head")?;
    let title: NodeId = doc.child_element(head, "title")?;
    Some(normalise(&doc.text_content(title))).filter(|t| !t.is_empty())
}

/// Bytes of title searched directly for each block; a longer one is indexed once
/// (`substrings`), so that a page's cost stays its blocks' length plus its title's.
const LONG_TITLE: usize = 256;

/// A page's normalised title and what searching it takes.
struct Title {
    text: String,
    /// The index of a title longer than [`LONG_TITLE`].
    substrings: Option<Substrings>,
}

impl Title {
    fn new(text: String) -> Title {
        let substrings = (text.len() > LONG_TITLE).then(|| Substrings::of(text.as_bytes()));
        Title { text, substrings }
    }

    /// Whether `text` (not empty) occurs in the title: as it is when `lower` (a
    /// normalised text, lower case like the title), else with ASCII case ignored.
    #[inline]
    fn has_inside(&self, text: &str, lower: bool) -> bool {
        match &self.substrings {
            Some(index) => index.contains_folded(text.as_bytes(), |b| b.to_ascii_lowercase()),
            None if lower => self.text.contains(text),
            None => contains_ignore_ascii_case(&self.text, text),
        }
    }

    /// Whether the title occurs in `text` (as in [`has_inside`](Title::has_inside)).
    /// A long title is looked for only in blocks long enough to hold it, each in one
    /// linear search.
    #[inline]
    fn is_inside(&self, text: &str, lower: bool) -> bool {
        if lower {
            text.len() >= self.text.len() && text.contains(self.text.as_str())
        } else if self.substrings.is_none() {
            contains_ignore_ascii_case(text, &self.text)
        } else {
            text.len() >= self.text.len() && text.to_ascii_lowercase().contains(self.text.as_str())
        }
    }
}

/// 2 equal, 1 one inside the other, 0 otherwise (empty text: 0), for a normalised text.
fn title_match(title: &Title, text: &str) -> f64 {
    compare_with_title(title, text, true)
}

/// [`title_match`] or [`title_match_normal`]: `lower` when `text` is normalised (lower
/// case, like the title), else ASCII case is ignored in the comparisons.
fn compare_with_title(title: &Title, text: &str, lower: bool) -> f64 {
    let equal = if lower {
        text == title.text
    } else {
        text.eq_ignore_ascii_case(&title.text)
    };
    if text.is_empty() {
        0.0
    } else if equal {
        2.0
    } else if title.has_inside(text, lower) || title.is_inside(text, lower) {
        1.0
    } else {
        0.0
    }
}

/// Whether `normalise` would change nothing but ASCII case: no whitespace other than
/// single spaces between words (segmenters' block text is mostly so already).
fn is_normal(text: &str) -> bool {
    !text.starts_with(' ')
        && !text.ends_with(' ')
        && !text.contains("  ")
        && !has_whitespace_but_space(text)
}

/// Whether `text` has a whitespace character (`char::is_whitespace`) other than
/// `' '`. Read byte by byte: other than the ASCII controls `\t` … `\r`, whitespace
/// characters start with one of four bytes (U+0085 and U+00A0 with 0xC2, U+1680 with
/// 0xE1, U+2000 … U+205F with 0xE2, U+3000 with 0xE3), and only there is a character
/// decoded and tested.
fn has_whitespace_but_space(text: &str) -> bool {
    text.bytes().enumerate().any(|(i, b)| match b {
        b'\t'..=b'\r' => true,
        0xC2 | 0xE1 | 0xE2 | 0xE3 => text[i..].chars().next().is_some_and(char::is_whitespace),
        _ => false,
    })
}

/// [`title_match`] of a text that [`is_normal`], without copying it: ASCII case is
/// ignored in the comparisons instead.
fn title_match_normal(title: &Title, text: &str) -> f64 {
    compare_with_title(title, text, false)
}

#[typetag::serde(name = "learn.title_match")]
impl Feature for TitleMatch {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        TITLE_MATCH
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(vec![f64::NAN; blocks.len()])
    }
    fn compute_in(&self, input: FeatureInput<'_>) -> Result<Vec<f64>> {
        let Some(doc) = input.document else {
            return self.compute(input.blocks, input.features);
        };
        let Some(title) = page_title(doc).map(Title::new) else {
            return Ok(vec![0.0; input.blocks.len()]);
        };
        Ok(input
            .blocks
            .iter()
            .map(|b| {
                if is_normal(&b.text) {
                    title_match_normal(&title, &b.text)
                } else {
                    title_match(&title, &normalise(&b.text))
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte reading finds what testing every character finds, for every character.
    #[test]
    fn whitespace_is_found_as_char_is_whitespace_finds_it() {
        let plain = |t: &str| t.chars().any(|c| c.is_whitespace() && c != ' ');
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            let text = format!("a{c}é");
            assert_eq!(has_whitespace_but_space(&text), plain(&text), "{c:?}");
        }
    }

    fn blocks_of(doc: &Document, nodes: &[NodeId]) -> Vec<Block> {
        nodes
            .iter()
            .map(|&n| Block {
                text: doc.text_content(n).trim().to_string(),
                node: Some(n),
                ..Block::default()
            })
            .collect()
    }

    fn run(f: &dyn Feature, doc: &Document, blocks: &[Block]) -> Vec<f64> {
        f.compute_in(FeatureInput::new(blocks, &FeatureTable::new()).with_document(Some(doc)))
            .unwrap()
    }

    /// Every element of the body, in document order.
    fn elements(doc: &Document) -> Vec<NodeId> {
        doc.descendants(doc.body().unwrap())
            .filter(|&n| doc.element(n).is_some())
            .collect()
    }

    /// The `pith` base pipeline counts exactly these vocabularies (its file lists them,
    /// so a change here must be a change there, and a retrain).
    #[test]
    fn the_pith_base_counts_these_vocabularies() {
        let base: serde_json::Value = serde_json::from_str(crate::presets::PITH_BASE_JSON).unwrap();
        // A `learn.class_words` stage, or a set of a `learn.class_word_sets` stage.
        let words = |key: &str| -> Vec<String> {
            let f = (base["features"].as_array().unwrap().iter())
                .flat_map(|f| std::iter::once(f).chain(f["sets"].as_array().into_iter().flatten()))
                .find(|f| f["key"] == key)
                .unwrap_or_else(|| panic!("{key} in pith-base.json"));
            assert_eq!(f["count"], true);
            serde_json::from_value(f["words"].clone()).unwrap()
        };
        assert_eq!(words("learn.class_positive"), POSITIVE_CLASS_WORDS);
        assert_eq!(words("learn.class_negative"), NEGATIVE_CLASS_WORDS);
    }

    #[test]
    fn hidden_is_inherited_from_any_invisible_ancestor() {
        let doc = pith_core::dom::parse_html(
            "<body><div style='color: red; DISPLAY : none !important'><p>copy</p></div>\
             <p>seen</p><section hidden><p>h</p></section><p aria-hidden=true>a</p>\
             <p aria-hidden=true class=fallback-image>f</p><p style='visibility:hidden'>v</p></body>",
        );
        let ps: Vec<NodeId> = elements(&doc)
            .into_iter()
            .filter(|&n| doc.element_name(n) == Some("p"))
            .collect();
        let b = blocks_of(&doc, &ps);
        assert_eq!(run(&Hidden {}, &doc, &b), [1.0, 0.0, 1.0, 1.0, 0.0, 1.0]);
        assert!(Hidden {}
            .compute(&b, &FeatureTable::new())
            .unwrap()
            .iter()
            .all(|v| v.is_nan()));
    }

    #[test]
    fn heading_level_is_the_innermost_heading() {
        let doc = pith_core::dom::parse_html(
            "<body><h2>Sub <b>bold</b></h2><p>text</p><h1>Top</h1><h7>no</h7></body>",
        );
        let nodes = elements(&doc);
        let names: Vec<_> = nodes
            .iter()
            .map(|&n| doc.element_name(n).unwrap())
            .collect();
        assert_eq!(names, ["body", "h2", "b", "p", "h1", "h7"]);
        let blocks = blocks_of(&doc, &nodes);
        assert_eq!(
            run(&HeadingLevel {}, &doc, &blocks),
            [0.0, 2.0, 2.0, 0.0, 1.0, 0.0]
        );
        assert!(HeadingLevel {}
            .compute(&blocks, &FeatureTable::new())
            .unwrap()
            .iter()
            .all(|v| v.is_nan()));
    }

    /// The definition: both sides normalised, then compared as strings.
    fn title_match_reference(title: &str, text: &str) -> f64 {
        let text = normalise(text);
        if text.is_empty() {
            0.0
        } else if text == title {
            2.0
        } else if title.contains(text.as_str()) || text.contains(title) {
            1.0
        } else {
            0.0
        }
    }

    #[test]
    fn the_fast_title_match_is_the_normalised_one() {
        let short = "the big story | daily news";
        // Past LONG_TITLE bytes the title is searched through its index.
        let long = format!("{short} {}", ["more words of a long title"; 20].join(" "));
        assert!(long.len() > LONG_TITLE);
        for title in [short.to_owned(), long.clone()] {
            let indexed = Title::new(title.clone());
            for text in [
                "The BIG story",
                "the big story | daily news",
                "THE BIG STORY | DAILY NEWS and more",
                "Daily",
                "other",
                "x",
                "the big story | daily news | é",
                "OF A LONG title more",
                &long.to_uppercase(),
                &format!("before {long} after"),
            ] {
                assert!(is_normal(text));
                let want = title_match_reference(&title, text);
                assert_eq!(title_match_normal(&indexed, text), want, "{text}");
                assert_eq!(title_match(&indexed, &normalise(text)), want, "{text}");
            }
        }
        for text in [" a", "a ", "a  b", "a\u{a0}b", "a\tb", ""] {
            assert_eq!(is_normal(text), text.is_empty(), "{text:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn title_match_is_the_definition_for_short_and_long_titles(
            words in proptest::collection::vec("[abAB]{1,3}", 1..200),
            texts in proptest::collection::vec("[abAB ]{0,12}", 1..20),
        ) {
            let title = normalise(&words.join(" "));
            let indexed = Title::new(title.clone());
            for text in &texts {
                let want = title_match_reference(&title, text);
                if is_normal(text) {
                    proptest::prop_assert_eq!(title_match_normal(&indexed, text), want);
                }
                proptest::prop_assert_eq!(title_match(&indexed, &normalise(text)), want);
            }
        }
    }

    #[test]
    fn title_match_equal_contained_or_not() {
        let doc = pith_core::dom::parse_html(
            "<title>  The Big  Story | Daily News</title><body><h1>The big story</h1>\
             <p>The Big Story | Daily News</p><p>Other text</p><p>Daily</p><p></p></body>",
        );
        let nodes: Vec<NodeId> = elements(&doc).into_iter().skip(1).collect();
        let blocks = blocks_of(&doc, &nodes);
        assert_eq!(
            run(&TitleMatch {}, &doc, &blocks),
            [1.0, 2.0, 0.0, 1.0, 0.0]
        );
        let untitled = pith_core::dom::parse_html("<body><p>The big story</p></body>");
        let nodes = elements(&untitled);
        let blocks = blocks_of(&untitled, &nodes);
        assert_eq!(run(&TitleMatch {}, &untitled, &blocks), [0.0, 0.0]);
    }
}
