//! What the writers' tests share: the pipelines that keep every block (so a test
//! checks the writer, not the classifier), and the page generators of the property
//! tests (words made of what Markdown and HTML read as markup, inline elements around
//! them). Each test binary uses part of it.
#![allow(dead_code)]

use pith::Pipeline;
use proptest::prelude::*;

/// jusText's cleaner and segmenter, with every block labelled good.
pub fn keep_everything() -> Pipeline {
    Pipeline::from_json(
        r#"{"version": 1, "tree": [{"type": "justext.clean"}],
            "segmenter": {"type": "justext.paragraphs"}, "default_label": "good"}"#,
    )
    .unwrap()
}

/// The `pith` preset's segmenter (`declutter.blocks`, which keeps preformatted text as
/// written), with every block labelled good.
pub fn keep_every_tag_block() -> Pipeline {
    Pipeline::from_json(
        r#"{"version": 1, "segmenter": {"type": "declutter.blocks"}, "default_label": "good"}"#,
    )
    .unwrap()
}

/// Words made of what Markdown reads as markup, digits, letters and non-ASCII.
pub fn word() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r"[-#*_`\[\]()<>&|\\!=~+.)0-9a-zé:;/\x22']{1,6}").unwrap()
}

/// An inline element (or none: bare text) around words, with spaces or not at its
/// edges, holding another now and then.
pub fn inline_html() -> impl Strategy<Value = String> {
    let tags = proptest::sample::select(vec![
        "", "code", "kbd", "b", "strong", "em", "i", "del", "s", "span", "a", LINK,
    ]);
    let leaf = (
        tags.clone(),
        proptest::collection::vec(word(), 1..3),
        any::<(bool, bool)>(),
    )
        .prop_map(|(tag, words, edges)| element(tag, &html_words(&words), edges));
    (
        tags,
        proptest::collection::vec(leaf, 1..4),
        any::<(bool, bool)>(),
    )
        .prop_map(|(tag, inner, edges)| element(tag, &inner.concat(), edges))
}

/// A link's start tag (its name and attributes).
const LINK: &str = "a href=' /p?a=1&amp;b=(2)'";

/// Where [`LINK`] leads, as read.
pub const LINK_URL: &str = "/p?a=1&b=(2)";

/// `inner` in a `tag` element (its name and attributes; bare without a name), with a
/// space at its start and end by `edges`.
fn element(tag: &str, inner: &str, (lead, trail): (bool, bool)) -> String {
    let (lead, trail) = (if lead { " " } else { "" }, if trail { " " } else { "" });
    let name = tag.split(' ').next().unwrap_or(tag);
    if tag.is_empty() {
        format!("{lead}{inner}{trail}")
    } else {
        format!("<{tag}>{lead}{inner}{trail}</{name}>")
    }
}

/// Words as HTML text (`<`, `>` and `&` escaped), joined by spaces.
fn html_words(words: &[String]) -> String {
    let text = words.join(" ");
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
