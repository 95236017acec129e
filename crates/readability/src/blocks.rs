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
//! [`IN_ARTICLE`] count, which gives the article's text without
//! deleting anything. The walk is [`pith_core::tag_blocks`], shared with
//! `declutter.blocks`.
//!
//! ```
//! # use pith_readability::Blocks;
//! let stage: Blocks = serde_json::from_str(r#"{"article_only": false}"#).unwrap();
//! assert!(stage.block_tags.contains("p"));
//! ```

use pith_core::tag_blocks::split_at_tags;
use pith_core::{AttributeUse, Block, Result, Segmenter};
use pith_dom::{Document, TagNames};
use serde::{Deserialize, Serialize};

use crate::walk;
use crate::IN_ARTICLE;

pub use pith_core::tag_blocks::{BLOCK_TAGS, MAX_PATH};

/// The `readability.blocks` segmenter. Fields and defaults: `block_tags`
/// ([`BLOCK_TAGS`]), `article_only` (`false`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blocks {
    /// Elements whose start and end delimit blocks (`<br>` always does).
    #[serde(default = "default_block_tags")]
    pub block_tags: TagNames,
    /// Only text that `readability.retry` in annotate mode marked as in the article.
    #[serde(default)]
    pub article_only: bool,
}

fn default_block_tags() -> TagNames {
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

#[typetag::serde(name = "readability.blocks")]
impl Segmenter for Blocks {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn segment(&self, doc: &Document) -> Result<Vec<Block>> {
        let in_article = if self.article_only {
            Some(doc.annotations().column(IN_ARTICLE).unwrap_or(&[]))
        } else {
            None
        };
        Ok(split_at_tags(doc, &self.block_tags, |id, in_head| {
            !in_head && in_article.is_none_or(|c| pith_dom::value_at(c, id) == Some(1.0))
        }))
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
