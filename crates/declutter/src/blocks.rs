//! `declutter.blocks`: a segmenter for a decluttered tree — its blocks of text, in
//! document order, as the purified HTML would show them.
//!
//! A new block starts at the opening and the closing of every element named in
//! `block_tags` and at every `<br>`; the text between two such boundaries is one block
//! (text nodes joined, whitespace runs collapsed to one space, stripped). Empty blocks
//! are not emitted. Each block gets its `dom_path` (element names from the root, joined
//! by `.`), `text_nodes`, and `chars_count_in_links` (characters of its text inside
//! `<a>`). Text inside `<head>` (the title) is skipped unless `include_head` is set.
//! Label every block good with `"default_label": "good"` and no rules, as the
//! `declutter` preset does.
//!
//! ```
//! # use pith_declutter::Blocks;
//! let stage: Blocks = serde_json::from_str(r#"{"include_head": false}"#).unwrap();
//! assert!(stage.block_tags.contains(&"p".to_string()));
//! ```

use pith_core::{Block, Result, Segmenter};
use pith_dom::{Document, Edge, NodeData, NodeId};
use serde::{Deserialize, Serialize};

/// The elements that delimit blocks by default.
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

/// The `declutter.blocks` segmenter. Fields and defaults: `block_tags` ([`BLOCK_TAGS`]),
/// `include_head` (`false`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blocks {
    /// Elements whose start and end delimit blocks (`<br>` always does).
    #[serde(default = "default_block_tags")]
    pub block_tags: Vec<String>,
    /// Also emit the text inside `<head>` (the title).
    #[serde(default)]
    pub include_head: bool,
}

fn default_block_tags() -> Vec<String> {
    BLOCK_TAGS.iter().map(|s| s.to_string()).collect()
}

impl Default for Blocks {
    fn default() -> Self {
        Blocks {
            block_tags: default_block_tags(),
            include_head: false,
        }
    }
}

#[derive(Default)]
struct Open {
    text: String,
    nodes: Vec<String>,
    link_chars: usize,
    path: String,
    node: Option<NodeId>,
}

fn normalise_into(out: &mut String, text: &str) {
    let mut space = out.ends_with(' ') || out.is_empty();
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

impl Open {
    fn flush(&mut self, blocks: &mut Vec<Block>) {
        let text = self.text.trim_end().to_owned();
        if !text.is_empty() {
            blocks.push(Block {
                text,
                text_nodes: std::mem::take(&mut self.nodes),
                dom_path: self.path.clone(),
                chars_count_in_links: self.link_chars,
                node: self.node,
                ..Block::default()
            });
        }
        self.text.clear();
        self.nodes.clear();
        self.link_chars = 0;
        self.node = None;
    }
}

/// Longest `dom_path` kept whole, in bytes; longer paths keep their end, after `…`
/// (so that pages nested thousands deep stay linear).
pub const MAX_PATH: usize = 1024;

fn short_path(path: &str) -> String {
    if path.len() <= MAX_PATH {
        return path.to_owned();
    }
    let mut start = path.len() - MAX_PATH;
    while !path.is_char_boundary(start) {
        start += 1;
    }
    format!("…{}", &path[start..])
}

#[typetag::serde(name = "declutter.blocks")]
impl Segmenter for Blocks {
    fn segment(&self, doc: &Document) -> Result<Vec<Block>> {
        let mut blocks = Vec::new();
        let mut open = Open::default();
        // The dom path as a string, grown and truncated as elements open and close.
        let mut path = String::new();
        let mut path_lens: Vec<usize> = Vec::new();
        let mut links = 0usize;
        let mut head = 0usize;
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
                            _ => {}
                        }
                        if name == "br" || self.block_tags.iter().any(|t| t == name) {
                            open.flush(&mut blocks);
                            open.path = short_path(&path);
                        }
                    }
                    NodeData::Text(t) if head == 0 || self.include_head => {
                        if open.text.is_empty() && t.trim().is_empty() {
                            continue;
                        }
                        if open.node.is_none() {
                            open.node = doc.parent(id);
                        }
                        let before = open.text.len();
                        normalise_into(&mut open.text, t);
                        if links > 0 {
                            open.link_chars += open.text[before..].chars().count();
                        }
                        let mut node = String::new();
                        normalise_into(&mut node, t);
                        open.nodes.push(node);
                    }
                    _ => {}
                },
                Edge::Close(id) => {
                    if let NodeData::Element(el) = doc.data(id) {
                        let name = el.name();
                        if let Some(len) = path_lens.pop() {
                            path.truncate(len);
                        }
                        match name {
                            "a" => links = links.saturating_sub(1),
                            "head" => head = head.saturating_sub(1),
                            _ => {}
                        }
                        if self.block_tags.iter().any(|t| t == name) {
                            open.flush(&mut blocks);
                            open.path = short_path(&path);
                        }
                    }
                }
            }
        }
        open.flush(&mut blocks);
        Ok(blocks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    #[test]
    fn splits_at_block_tags_and_br() {
        let doc = parse_html(
            "<title>T</title><div>a <b>b</b><p> c\n d </p>e<br>f <a href=x>g h</a></div>",
        );
        let blocks = Blocks::default().segment(&doc).unwrap();
        let texts: Vec<&str> = blocks.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(texts, ["a b", "c d", "e", "f g h"]);
        assert_eq!(blocks[1].dom_path, "html.body.div.p");
        assert_eq!(blocks[3].chars_count_in_links, 3);
    }
}
