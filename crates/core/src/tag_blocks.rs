//! Blocks of text between block-level tags: the walk that `declutter.blocks` and
//! `readability.blocks` share, so that both segment a tree the same way and differ only
//! in which text nodes they take.
//!
//! A block starts at the opening and the closing of every element named in the block
//! tags and at every `<br>`; the text between two boundaries is one block (text nodes
//! joined, whitespace runs collapsed to one space, stripped); empty blocks are dropped.
//! Each block gets its `dom_path` (element names from the root joined by `.`, cut to its
//! last [`MAX_PATH`] bytes), `text_nodes`, `chars_count_in_links` (characters of its
//! text inside `<a>`), `node` (the parent of its first text node) and
//! `after_line_break` (one `<br>`, and no other boundary, cuts it from the block before:
//! Markdown writes it as a line of that paragraph). The walk is
//! iterative and keeps the path as one string grown and truncated as elements open and
//! close, so a page nested thousands deep stays linear.
//!
//! ```
//! use pith_core::tag_blocks::{split_at_tags, BLOCK_TAGS};
//! let doc = pith_dom::parse_html("<div>a <b>b</b><p>c</p></div>");
//! let tags = pith_dom::TagNames::from(BLOCK_TAGS);
//! let blocks = split_at_tags(&doc, &tags, |_, in_head| !in_head);
//! let texts: Vec<&str> = blocks.iter().map(|b| b.text.as_str()).collect();
//! assert_eq!(texts, ["a b", "c"]);
//! ```

use pith_dom::{Document, Edge, NodeData, NodeId, TagNames};

use crate::path_budget::{path_end, path_tail, PathBudget};
use crate::Block;

/// HTML's block-level elements: the default block tags of `declutter.blocks` and
/// `readability.blocks`.
pub const BLOCK_TAGS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "center",
    "dd",
    "details",
    "dialog",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "html",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "summary",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "title",
    "tr",
    "ul",
];

/// Longest `dom_path` kept whole, in bytes; a longer one keeps its end after `…`.
pub const MAX_PATH: usize = 1024;

/// `path` when it is at most [`MAX_PATH`] bytes, else `…` and its last bytes (from the
/// first character boundary within the last [`MAX_PATH`]).
pub fn short_path(path: &str) -> String {
    path_end(path, MAX_PATH)
}

/// Appends `text` to `out` with every whitespace run collapsed to one space, and no
/// space at the start of `out` or after one already there. Whitespace is Unicode's
/// (`char::is_whitespace`: the no-break space, the ideographic space… too).
pub fn collapse_whitespace_into(out: &mut String, text: &str) {
    // Read byte by byte, the text copied in slices as long as collapsing changes nothing
    // in them (words with one space between them: most of a page's text is one slice).
    // Only ASCII whitespace and the lead bytes of the other whitespace characters
    // (U+0085 and U+00A0: 0xC2; U+1680: 0xE1; U+2000–U+205F: 0xE2; U+3000: 0xE3) can be
    // whitespace, and only those lead bytes are decoded. (A push per character cost 2 %
    // of the `pith` preset's instructions, a split at every whitespace character 1.6 %.)
    out.reserve(text.len());
    let bytes = text.as_bytes();
    let mut space = out.is_empty() || out.ends_with(' ');
    let mut copy_from = 0;
    let mut at = 0;
    while at < bytes.len() {
        let whitespace_len = match bytes[at] {
            b' ' if !space => {
                // One space after a word: collapsing keeps it as it is.
                space = true;
                at += 1;
                continue;
            }
            b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r' => 1,
            0xC2 | 0xE1 | 0xE2 | 0xE3 => match text[at..].chars().next() {
                Some(c) if c.is_whitespace() => c.len_utf8(),
                _ => 0,
            },
            _ => 0,
        };
        if whitespace_len == 0 {
            space = false;
            at += 1;
            continue;
        }
        out.push_str(&text[copy_from..at]);
        if !space {
            out.push(' ');
            space = true;
        }
        at += whitespace_len;
        copy_from = at;
    }
    out.push_str(&text[copy_from..]);
}

/// Appends `raw`, already collapsed on its own as `collapsed`, to `out`: what
/// [`collapse_whitespace_into`]`(out, raw)` appends, without collapsing it twice (the
/// two differ only by the space that `raw`'s leading whitespace makes after text).
fn append_collapsed(out: &mut String, raw: &str, collapsed: &str) {
    if raw.starts_with(char::is_whitespace) && !out.is_empty() && !out.ends_with(' ') {
        out.push(' ');
    }
    out.push_str(collapsed);
}

/// The block being filled.
#[derive(Default)]
struct Open {
    text: String,
    nodes: Vec<String>,
    link_chars: usize,
    path: String,
    node: Option<NodeId>,
    /// The text nodes as written, while every one of them is preformatted.
    raw: String,
    /// Whether a text node outside preformatted elements was taken.
    flowing: bool,
    /// The boundaries between the last block emitted and this one's text.
    lead: Lead,
}

/// What cut a block from the block before it: the boundaries (block tags opened or
/// closed, `<br>`s) met since that block's text, while this one had none yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Lead {
    /// No block was emitted before: the page's first block.
    #[default]
    First,
    /// One `<br>` and nothing else: a line of the same paragraph.
    OneBreak,
    /// Anything else: a block tag, or two `<br>`s (the old pages' paragraph break).
    Other,
}

/// A boundary the walk meets: a `<br>`, or a block tag opened or closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Boundary {
    Break,
    BlockTag,
}

impl Open {
    /// Ends the block at `boundary`: emits it when it has text (its path whole while
    /// the page's `budget` lasts), and starts the next one at `path`; else counts the
    /// boundary into what cuts the next block from the last one emitted.
    fn flush(
        &mut self,
        blocks: &mut Vec<Block>,
        budget: &mut PathBudget,
        path: &str,
        boundary: Boundary,
    ) {
        let text = self.text.trim_end();
        if text.is_empty() {
            if self.lead != Lead::First {
                self.lead = Lead::Other;
            }
        } else {
            let dom_path = std::mem::take(&mut self.path);
            let dom_path = if budget.admit(dom_path.len()) {
                dom_path
            } else {
                path_tail(&dom_path)
            };
            let raw = self.raw.trim_end();
            let preformatted =
                (!self.flowing && !raw.trim_start().is_empty()).then(|| raw.to_owned());
            blocks.push(Block {
                text: text.to_owned(),
                text_nodes: std::mem::take(&mut self.nodes),
                dom_path,
                chars_count_in_links: self.link_chars,
                node: self.node,
                preformatted,
                after_line_break: self.lead == Lead::OneBreak,
                ..Block::default()
            });
            self.lead = match boundary {
                Boundary::Break => Lead::OneBreak,
                Boundary::BlockTag => Lead::Other,
            };
        }
        self.raw.clear();
        self.flowing = false;
        self.text.clear();
        self.nodes.clear();
        self.link_chars = 0;
        self.node = None;
        self.path = short_path(path);
    }
}

/// The elements whose text keeps its white space (the HTML Standard renders them
/// `white-space: pre`).
pub const PREFORMATTED: [&str; 4] = ["pre", "listing", "xmp", "plaintext"];

/// The blocks of `doc` split at `block_tags` (lower-case element names) and `<br>`; a
/// block whose text is all inside `pre`, `listing`, `xmp` or `plaintext` elements keeps it
/// as written too
/// ([`Block::preformatted`]).
/// `take(text_node, in_head)` says whether a text node counts (`in_head`: it is inside
/// `<head>`); a text node it refuses adds nothing, while its elements still delimit.
pub fn split_at_tags(
    doc: &Document,
    block_tags: &TagNames,
    take: impl Fn(NodeId, bool) -> bool,
) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open = Open::default();
    let mut budget = PathBudget::new();
    let mut path = String::new();
    let mut path_lens: Vec<usize> = Vec::new();
    let (mut links, mut head, mut pre) = (0usize, 0usize, 0usize);
    for edge in doc.traverse(doc.root()) {
        match edge {
            Edge::Open(id) => match doc.data(id) {
                NodeData::Element(el) => {
                    let name = el.name();
                    path_lens.push(path.len());
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(name);
                    match name {
                        "a" => links += 1,
                        "head" => head += 1,
                        n if PREFORMATTED.contains(&n) => pre += 1,
                        _ => {}
                    }
                    if name == "br" {
                        open.flush(&mut blocks, &mut budget, &path, Boundary::Break);
                    } else if el.is_named_in(block_tags) {
                        open.flush(&mut blocks, &mut budget, &path, Boundary::BlockTag);
                    }
                }
                NodeData::Text(t) => {
                    if !take(id, head > 0) || (open.text.is_empty() && t.trim().is_empty()) {
                        continue;
                    }
                    if open.node.is_none() {
                        open.node = doc.parent(id);
                    }
                    let mut node = String::new();
                    collapse_whitespace_into(&mut node, t);
                    let before = open.text.len();
                    append_collapsed(&mut open.text, t, &node);
                    if links > 0 {
                        open.link_chars += open.text[before..].chars().count();
                    }
                    open.nodes.push(node);
                    if pre > 0 {
                        open.raw.push_str(t);
                    } else {
                        open.flowing = true;
                    }
                }
                _ => {}
            },
            Edge::Close(id) => {
                if let Some(el) = doc.element(id) {
                    let name = el.name();
                    if let Some(len) = path_lens.pop() {
                        path.truncate(len);
                    }
                    match name {
                        "a" => links = links.saturating_sub(1),
                        "head" => head = head.saturating_sub(1),
                        n if PREFORMATTED.contains(&n) => pre = pre.saturating_sub(1),
                        _ => {}
                    }
                    if el.is_named_in(block_tags) {
                        open.flush(&mut blocks, &mut budget, &path, Boundary::BlockTag);
                    }
                }
            }
        }
    }
    open.flush(&mut blocks, &mut budget, "", Boundary::BlockTag);
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;
    use proptest::prelude::*;

    /// The definition: one character at a time.
    fn collapse_naive(out: &mut String, text: &str) {
        let mut space = out.is_empty() || out.ends_with(' ');
        for c in text.chars() {
            if c.is_whitespace() {
                if !space {
                    out.push(' ');
                    space = true;
                }
            } else {
                out.push(c);
                space = false;
            }
        }
    }

    proptest! {
        #[test]
        fn collapsing_is_the_character_loop(
            out in "[a \t]{0,4}",
            // Every whitespace character, and characters that share their lead bytes.
            text in "[ab \t\n\u{b}\u{c}\r\u{1c}\u{85}\u{a0}\u{a9}\u{1680}\u{1681}\u{2000}-\u{200b}\u{2019}\u{2028}\u{2029}\u{202f}\u{205f}\u{2060}\u{3000}\u{3001}é日]{0,16}",
        ) {
            let mut want = out.clone();
            collapse_naive(&mut want, &text);
            let mut got = out.clone();
            collapse_whitespace_into(&mut got, &text);
            prop_assert_eq!(&got, &want);
            let mut alone = String::new();
            collapse_whitespace_into(&mut alone, &text);
            let mut appended = out.clone();
            append_collapsed(&mut appended, &text, &alone);
            prop_assert_eq!(&appended, &want);
        }
    }

    fn tags() -> TagNames {
        TagNames::from(BLOCK_TAGS)
    }

    #[test]
    fn splits_at_block_tags_and_br() {
        let doc = parse_html(
            "<title>T</title><div>a <b>b</b><p> c\n d </p>e<br>f <a href=x>g h</a></div>",
        );
        let blocks = split_at_tags(&doc, &tags(), |_, in_head| !in_head);
        let texts: Vec<&str> = blocks.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(texts, ["a b", "c d", "e", "f g h"]);
        assert_eq!(blocks[1].dom_path, "html.body.div.p");
        assert_eq!(blocks[1].text_nodes, ["c d "]);
        assert_eq!(blocks[3].chars_count_in_links, 3);
        assert_eq!(doc.element_name(blocks[1].node.unwrap()), Some("p"));
    }

    #[test]
    fn a_lone_br_makes_a_line_of_the_same_paragraph() {
        let doc = parse_html(
            "<br>first<p>a <b>b</b><br><i>c</i><br> <br>d<br></p>e<div>f<br><div>g</div></div>\
             <address>h<br>\n<!-- x --><span></span>i</address>",
        );
        let blocks = split_at_tags(&doc, &tags(), |_, in_head| !in_head);
        let got: Vec<(&str, bool)> = (blocks.iter())
            .map(|b| (b.text.as_str(), b.after_line_break))
            .collect();
        assert_eq!(
            got,
            [
                ("first", false),
                ("a b", false),
                ("c", true),
                ("d", false),
                ("e", false),
                ("f", false),
                ("g", false),
                ("h", false),
                ("i", true),
            ]
        );
    }

    #[test]
    fn preformatted_blocks_keep_their_text_as_written() {
        let doc = parse_html(
            "<p>Some  words</p><pre>\ndef f():\n    return 1\n\n</pre>\
             <div>mixed <pre>  code</pre></div><pre>   </pre><xmp>a  <b>\n b</xmp>",
        );
        let blocks = split_at_tags(&doc, &tags(), |_, in_head| !in_head);
        let got: Vec<(&str, Option<&str>)> = blocks
            .iter()
            .map(|b| (b.text.as_str(), b.preformatted.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                ("Some words", None),
                // The parser drops the newline right after <pre>.
                ("def f(): return 1", Some("def f():\n    return 1")),
                ("mixed", None),
                ("code", Some("  code")),
                ("a <b> b", Some("a  <b>\n b")),
            ]
        );
        assert_eq!(blocks[1].shown_text(), "def f():\n    return 1");
        assert_eq!(blocks[0].shown_text(), "Some words");
    }

    #[test]
    fn the_head_is_taken_only_when_asked() {
        let doc = parse_html("<title>T</title><p>body</p>");
        let with_head = split_at_tags(&doc, &tags(), |_, _| true);
        let texts: Vec<&str> = with_head.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(texts, ["T", "body"]);
    }

    #[test]
    fn long_paths_keep_their_end() {
        let long = "a.".repeat(MAX_PATH);
        let short = short_path(&long);
        assert!(short.starts_with('…'));
        assert!(long.ends_with(&short['…'.len_utf8()..]));
        assert_eq!(short_path("html.body"), "html.body");
        // A cut inside a multi-byte character moves to the next boundary.
        let wide = "é".repeat(MAX_PATH);
        assert!(short_path(&wide).len() <= MAX_PATH + '…'.len_utf8());
    }
}
