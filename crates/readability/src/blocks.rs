//! `readability.blocks`: the segmenter of the `readability` preset — the article's
//! blocks of text in document order.
//!
//! A block starts at the opening and the closing of every element named in
//! `block_tags` and at every `<br>`; the text between two boundaries is one block (text
//! nodes joined, whitespace runs collapsed to one space, stripped); empty blocks are
//! dropped. Each block gets its `dom_path`, `text_nodes`, `chars_count_in_links` and
//! `node` (the element holding its first text, where features find its annotations).
//! Text in `<head>` is skipped. With `article_only` (for a tree that
//! `readability.retry` annotated and left whole), only text nodes it marked
//! [`IN_ARTICLE`](crate::IN_ARTICLE) count, which gives the article's text without
//! deleting anything.
//!
//! ```
//! # use pith_readability::Blocks;
//! let stage: Blocks = serde_json::from_str(r#"{"article_only": false}"#).unwrap();
//! assert!(stage.block_tags.contains(&"p".to_string()));
//! ```

use pith_core::{Block, Result, Segmenter};
use pith_dom::{Document, Edge, NodeData, NodeId};
use serde::{Deserialize, Serialize};

use crate::walk;
use crate::IN_ARTICLE;

/// The elements that delimit blocks by default: HTML's block-level elements.
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

/// The `readability.blocks` segmenter. Fields and defaults: `block_tags`
/// ([`BLOCK_TAGS`]), `article_only` (`false`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blocks {
    /// Elements whose start and end delimit blocks (`<br>` always does).
    #[serde(default = "default_block_tags")]
    pub block_tags: Vec<String>,
    /// Only text that `readability.retry` in annotate mode marked as in the article.
    #[serde(default)]
    pub article_only: bool,
}

fn default_block_tags() -> Vec<String> {
    walk::lower(BLOCK_TAGS)
}

impl Default for Blocks {
    fn default() -> Self {
        Blocks {
            block_tags: default_block_tags(),
            article_only: false,
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

fn collapse_into(out: &mut String, text: &str) {
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

impl Open {
    fn flush(&mut self, blocks: &mut Vec<Block>, path: &str) {
        let text = self.text.trim_end();
        if !text.is_empty() {
            blocks.push(Block {
                text: text.to_owned(),
                text_nodes: std::mem::take(&mut self.nodes),
                dom_path: std::mem::take(&mut self.path),
                chars_count_in_links: self.link_chars,
                node: self.node,
                ..Block::default()
            });
        }
        self.text.clear();
        self.nodes.clear();
        self.link_chars = 0;
        self.node = None;
        self.path = short_path(path);
    }
}

#[typetag::serde(name = "readability.blocks")]
impl Segmenter for Blocks {
    fn segment(&self, doc: &Document) -> Result<Vec<Block>> {
        let in_article = if self.article_only {
            Some(doc.annotations().column(IN_ARTICLE).unwrap_or(&[]))
        } else {
            None
        };
        let mut blocks = Vec::new();
        let mut open = Open::default();
        let mut path = String::new();
        let mut path_lens: Vec<usize> = Vec::new();
        let (mut links, mut head) = (0usize, 0usize);
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
                            open.flush(&mut blocks, &path);
                        }
                    }
                    NodeData::Text(t) if head == 0 => {
                        if in_article.is_some_and(|c| pith_dom::value_at(c, id) != Some(1.0)) {
                            continue;
                        }
                        if open.text.is_empty() && t.trim().is_empty() {
                            continue;
                        }
                        if open.node.is_none() {
                            open.node = doc.parent(id);
                        }
                        let before = open.text.len();
                        collapse_into(&mut open.text, t);
                        if links > 0 {
                            open.link_chars += open.text[before..].chars().count();
                        }
                        let mut node = String::new();
                        collapse_into(&mut node, t);
                        open.nodes.push(node);
                    }
                    _ => {}
                },
                Edge::Close(id) => {
                    if let Some(name) = doc.element_name(id) {
                        if let Some(len) = path_lens.pop() {
                            path.truncate(len);
                        }
                        match name {
                            "a" => links = links.saturating_sub(1),
                            "head" => head = head.saturating_sub(1),
                            _ => {}
                        }
                        if self.block_tags.iter().any(|t| t == name) {
                            open.flush(&mut blocks, &path);
                        }
                    }
                }
            }
        }
        open.flush(&mut blocks, "");
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
        assert_eq!(doc.element_name(blocks[1].node.unwrap()), Some("p"));
    }
}
