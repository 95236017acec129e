//! The two node tests of `_grabArticle` that use the page's metadata:
//!
//! - `readability.remove_byline` (`_checkByline`): the first element whose `rel` is
//!   `author`, whose `itemprop` contains `author`, or whose `class + " " + id` matches
//!   `pattern`, and whose text is 1 to `max_length` − 1 (99) characters long, is the
//!   byline and is removed — unless the page names its author in a `<meta>` (`author`,
//!   `dc:creator`, `dcterm:creator`, `parsely-author`), in which case Readability takes
//!   the byline from there and removes nothing.
//! - `readability.remove_title_header` (`_headerDuplicatesTitle`): the first `h1`/`h2`
//!   whose words are, by `_textSimilarity`, more than `similarity` (0.75) the article
//!   title's is removed. The title is the first `<meta>` title (`dc:title`,
//!   `dcterm:title`, `og:title`, `title`, `twitter:title`, `parsely-title`), else the
//!   `<title>` element's text.
//!
//! ```
//! # use pith_readability::RemoveByline;
//! let stage: RemoveByline = serde_json::from_str(r#"{"max_length": 100}"#).unwrap();
//! assert!(stage.pattern.is_match("article-byline"));
//! ```

use std::collections::HashMap;
use std::sync::LazyLock;

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, Edge, Element, NodeId, TagNames};
use serde::{Deserialize, Serialize};

use crate::pattern::Pattern;
pub use crate::similarity::text_similarity;
use crate::similarity::{TitleTokens, Words};
use crate::text::{inner_text, inner_text_len_at_most};
use crate::walk::{self, next_element, remove_and_next, write_match_string};

/// Readability's `REGEXPS.byline`.
pub const BYLINE: &str = "byline|author|dateline|writtenby|p-author";

/// `<meta>`, the element whose `name` or `property` Readability reads.
static META: LazyLock<TagNames> = LazyLock::new(|| TagNames::from(["meta"]));

/// The value of the first `<meta>` whose `name` or `property` (lower case, `.` read
/// as `:`) is one of `keys`, in the order of `keys`.
///
/// Each attempt of the retry asks twice (the byline's and the title's keys), so the
/// `<meta>` elements are found by a pass over the arena, not a walk of the page: when
/// one attached `<meta>` has the best key, it is the answer; only two with the same
/// best key (which comes first then depends on document order) take the walk
/// ([`meta_content_by_walk`], the definition).
fn meta_content(doc: &Document, keys: &[&str]) -> Option<String> {
    let mut best: Option<(usize, NodeId)> = None;
    for n in doc.arena_elements_named(&META) {
        let Some(rank) = doc.element(n).and_then(|el| meta_rank(el, keys)) else {
            continue;
        };
        if !doc.is_inclusive_ancestor(doc.root(), n) {
            continue;
        }
        match best {
            Some((r, _)) if r < rank => {}
            Some((r, _)) if r == rank => return meta_content_by_walk(doc, keys),
            _ => best = Some((rank, n)),
        }
    }
    let (_, n) = best?;
    meta_value(doc.element(n)?).map(str::to_owned)
}

/// [`meta_content`] by its definition: every `<meta>` in document order, the first of
/// the best key.
fn meta_content_by_walk(doc: &Document, keys: &[&str]) -> Option<String> {
    let mut found: Option<(usize, &str)> = None;
    for n in walk::elements_named(doc, doc.root(), &META) {
        let Some(el) = doc.element(n) else { continue };
        if let (Some(rank), Some(value)) = (meta_rank(el, keys), meta_value(el)) {
            if found.is_none_or(|(r, _)| rank < r) {
                found = Some((rank, value));
            }
        }
    }
    found.map(|(_, value)| value.to_owned())
}

/// A `<meta>`'s `content`, trimmed, when it is not empty.
fn meta_value(el: &Element) -> Option<&str> {
    el.attr("content").map(str::trim).filter(|c| !c.is_empty())
}

/// The place in `keys` of a `<meta>`'s `name` or `property` (the better of the two),
/// when it has a `content` worth reading.
fn meta_rank(el: &Element, keys: &[&str]) -> Option<usize> {
    meta_value(el)?;
    ["name", "property"]
        .into_iter()
        .filter_map(|attr| el.attr(attr))
        .filter_map(|name| {
            let name = name.trim().to_lowercase().replace('.', ":");
            keys.iter().position(|k| *k == name)
        })
        .min()
}

/// The `readability.remove_byline` stage. Fields and defaults: `pattern` ([`BYLINE`]),
/// `max_length` (100).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveByline {
    /// Class/id pattern of a byline.
    #[serde(default = "default_byline")]
    pub pattern: Pattern,
    /// A byline is shorter than this (characters).
    #[serde(default = "default_byline_length")]
    pub max_length: usize,
}

fn default_byline() -> Pattern {
    Pattern::builtin(BYLINE)
}
fn default_byline_length() -> usize {
    100
}

impl Default for RemoveByline {
    fn default() -> Self {
        RemoveByline {
            pattern: default_byline(),
            max_length: default_byline_length(),
        }
    }
}

#[typetag::serde(name = "readability.remove_byline")]
impl TreeStage for RemoveByline {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        const AUTHOR: &[&str] = &["dc:creator", "dcterm:creator", "author", "parsely-author"];
        if meta_content(doc, AUTHOR).is_some() {
            return Ok(());
        }
        let root = doc.root();
        let mut m = String::new();
        let mut cur = next_element(doc, root, false, root);
        while let Some(n) = cur {
            let el = doc.element(n).expect("the walk yields elements");
            let looks = el.attr("rel") == Some("author")
                || el.attr("itemprop").is_some_and(|i| i.contains("author"))
                || {
                    write_match_string(el, &mut m);
                    self.pattern.is_match(&m)
                };
            if looks {
                let len = inner_text_len_at_most(doc, n, self.max_length);
                if len > 0 && len < self.max_length {
                    doc.detach(n);
                    return Ok(());
                }
            }
            cur = next_element(doc, n, false, root);
        }
        Ok(())
    }
}

/// The `readability.remove_title_header` stage. Fields and defaults: `tags` (`h1`,
/// `h2`), `similarity` (0.75).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveTitleHeader {
    /// Headings compared with the title.
    #[serde(default = "default_title_tags")]
    pub tags: TagNames,
    /// A heading more similar than this to the title is removed.
    #[serde(default = "default_similarity")]
    pub similarity: f64,
}

fn default_title_tags() -> TagNames {
    walk::lower(&["h1", "h2"])
}
fn default_similarity() -> f64 {
    0.75
}

impl Default for RemoveTitleHeader {
    fn default() -> Self {
        RemoveTitleHeader {
            tags: default_title_tags(),
            similarity: default_similarity(),
        }
    }
}

/// The article title as Readability's metadata gives it (meta tags, else `<title>`).
pub fn article_title(doc: &Document) -> String {
    const TITLE: &[&str] = &[
        "dc:title",
        "dcterm:title",
        "og:title",
        "title",
        "twitter:title",
        "parsely-title",
    ];
    if let Some(t) = meta_content(doc, TITLE) {
        return t;
    }
    doc.descendants(doc.root())
        .find(|&n| walk::is(doc, n, "title"))
        .map(|t| inner_text(doc, t))
        .unwrap_or_default()
}

#[typetag::serde(name = "readability.remove_title_header")]
impl TreeStage for RemoveTitleHeader {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let title = article_title(doc);
        if title.is_empty() {
            return Ok(());
        }
        let title = TitleTokens::new(&title);
        let root = doc.root();
        // The verdicts of headings nested in a heading already judged.
        let mut nested = HashMap::new();
        let mut cur: Option<NodeId> = next_element(doc, root, false, root);
        while let Some(n) = cur {
            if doc.is_element_named_in(n, &self.tags) {
                let similar = match nested.get(&n) {
                    Some(&similar) => similar,
                    None => self.judge(doc, n, &title, &mut nested),
                };
                if similar {
                    remove_and_next(doc, n, root);
                    return Ok(());
                }
            }
            cur = next_element(doc, n, false, root);
        }
        Ok(())
    }
}

impl RemoveTitleHeader {
    /// Whether `heading`'s text is more similar than `similarity` to the title, with
    /// the verdict of every heading nested in it put in `nested`: one walk over its
    /// text nodes (their text as they are: the inner text, trimmed and with whitespace
    /// runs collapsed, has the same tokens), each nested heading's words added into
    /// the heading around it when it closes ([`crate::similarity`]).
    fn judge(
        &self,
        doc: &Document,
        heading: NodeId,
        title: &TitleTokens,
        nested: &mut HashMap<NodeId, bool>,
    ) -> bool {
        let mut open: Vec<(NodeId, Words)> = vec![(heading, Words::default())];
        for edge in doc.traverse(heading) {
            match edge {
                Edge::Open(n) if n != heading && doc.is_element_named_in(n, &self.tags) => {
                    open.push((n, Words::default()));
                }
                Edge::Open(n) => {
                    if let (Some(text), Some((_, words))) = (doc.text(n), open.last_mut()) {
                        title.add_text(words, text);
                    }
                }
                Edge::Close(n) if n != heading && open.last().is_some_and(|(h, _)| *h == n) => {
                    if let Some((_, words)) = open.pop() {
                        let inner = title.similarity_of(&words) > self.similarity;
                        nested.insert(n, inner);
                        if let Some((_, around)) = open.last_mut() {
                            title.add_words(around, words);
                        }
                    }
                }
                Edge::Close(_) => {}
            }
        }
        open.pop()
            .is_some_and(|(_, words)| title.similarity_of(&words) > self.similarity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::{parse_html, NodeData};

    /// `remove_title_header` as first written: each heading's similarity read from
    /// its own text nodes, one heading at a time.
    fn remove_title_header_plainly(doc: &mut Document, title: &str) {
        let stage = RemoveTitleHeader::default();
        let title = TitleTokens::new(title);
        let root = doc.root();
        let mut cur = next_element(doc, root, false, root);
        while let Some(n) = cur {
            let text = doc.descendants(n).filter_map(|t| doc.text(t));
            if doc.is_element_named_in(n, &stage.tags) && title.similarity(text) > stage.similarity
            {
                remove_and_next(doc, n, root);
                return;
            }
            cur = next_element(doc, n, false, root);
        }
    }

    const TITLE_KEYS: &[&str] = &["og:title", "title"];

    #[test]
    fn the_meta_of_the_best_key_wins_and_the_first_of_equals() {
        let page = |metas: &str| parse_html(&format!("<head>{metas}</head><body>x</body>"));
        let best = |doc: &Document| meta_content(doc, TITLE_KEYS);
        let doc =
            page(r#"<meta name="title" content="B"><meta property="og:title" content=" A ">"#);
        assert_eq!(best(&doc).as_deref(), Some("A"));
        // `.` read as `:`, names lowered; an empty content does not count.
        let doc =
            page(r#"<meta property="og:title" content=" "><meta name="OG.Title" content="C">"#);
        assert_eq!(best(&doc).as_deref(), Some("C"));
        let doc = page(r#"<meta name="title" content="D"><meta name="title" content="E">"#);
        assert_eq!(best(&doc).as_deref(), Some("D"));
        assert_eq!(best(&page(r#"<meta name="author" content="F">"#)), None);
    }

    #[test]
    fn metas_are_read_only_when_attached_and_in_document_order() {
        let mut doc =
            parse_html(r#"<head><meta name="title" content="first"></head><body><p>x</p></body>"#);
        let meta = |doc: &mut Document, key: &str, content: &str| {
            doc.create(NodeData::Element(Element::new(
                "meta",
                [("property", key), ("content", content)],
            )))
        };
        // A better key on a detached `<meta>` does not count.
        let loose = meta(&mut doc, "og:title", "loose");
        assert_eq!(meta_content(&doc, TITLE_KEYS).as_deref(), Some("first"));
        let p = walk::elements_named(&doc, doc.root(), &TagNames::from(["p"]))[0];
        doc.append(p, loose);
        assert_eq!(meta_content(&doc, TITLE_KEYS).as_deref(), Some("loose"));
        doc.detach(loose);
        assert_eq!(meta_content(&doc, TITLE_KEYS).as_deref(), Some("first"));
        // Made after the first but placed before it: document order, not creation order.
        let first = walk::elements_named(&doc, doc.root(), &TagNames::from(["meta"]))[0];
        let earlier = meta(&mut doc, "title", "earlier");
        doc.insert_before(first, earlier);
        assert_eq!(meta_content(&doc, TITLE_KEYS).as_deref(), Some("earlier"));
    }

    proptest::proptest! {
        /// Headings nested in headings (through a `<div>`, as the parser allows), with
        /// words that run on across their edges: the stage removes the heading the
        /// plain reading removes, and the same page is left.
        #[test]
        fn nested_headings_are_judged_as_one_by_one(
            title in "[ab ]{1,8}",
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "<h1>", "</h1>", "<h2>", "</h2>", "<div>", "</div>", "a", "b", "ab ", " ", "c", "A b",
            ]), 0..40),
        ) {
            let html = format!("<title>{title}</title>{}", parts.concat());
            let mut want = parse_html(&html);
            remove_title_header_plainly(&mut want, &title);
            let mut got = parse_html(&html);
            RemoveTitleHeader::default().apply(&mut got, &mut Diagnostics::default()).unwrap();
            proptest::prop_assert_eq!(got.to_html(got.root()), want.to_html(want.root()));
        }
    }

    #[test]
    fn a_heading_inside_a_heading_is_judged_by_its_own_words() {
        // The outer heading has words of its own; the inner one is the title's.
        let html = "<title>River news</title><h1>Other words <div><h2>River news</h2></div> here</h1><p>Body.</p>";
        let mut doc = parse_html(html);
        RemoveTitleHeader::default()
            .apply(&mut doc, &mut Diagnostics::default())
            .unwrap();
        assert_eq!(
            doc.text_content(doc.body().unwrap()),
            "Other words  hereBody."
        );
    }

    #[test]
    fn removes_the_title_header_and_the_byline() {
        let mut doc = parse_html(
            "<title>Snooze cruise: study | News</title><h1>Snooze cruise: study</h1>\
             <p class=byline>By Someone</p><p>Body text.</p>",
        );
        let mut d = Diagnostics::default();
        RemoveTitleHeader::default()
            .apply(&mut doc, &mut d)
            .unwrap();
        RemoveByline::default().apply(&mut doc, &mut d).unwrap();
        assert_eq!(doc.text_content(doc.body().unwrap()), "Body text.");
        let mut doc = parse_html(
            "<meta name=author content=X><p class=byline>By Someone</p><p>Body text.</p>",
        );
        RemoveByline::default().apply(&mut doc, &mut d).unwrap();
        assert_eq!(
            doc.text_content(doc.body().unwrap()),
            "By SomeoneBody text."
        );
    }
}
