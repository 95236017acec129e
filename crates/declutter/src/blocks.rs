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
//! `declutter` preset does. The walk is [`pith_core::tag_blocks`], shared with
//! `readability.blocks`.
//!
//! ```
//! # use pith_declutter::Blocks;
//! let stage: Blocks = serde_json::from_str(r#"{"include_head": false}"#).unwrap();
//! assert!(stage.block_tags.contains("p"));
//! ```

use pith_core::tag_blocks::split_at_tags;
use pith_core::{AttributeUse, Block, Result, Segmenter};
use pith_dom::{Document, TagNames};
use serde::{Deserialize, Serialize};

pub use pith_core::tag_blocks::{BLOCK_TAGS, MAX_PATH};

/// The `declutter.blocks` segmenter. Fields and defaults: `block_tags` ([`BLOCK_TAGS`]),
/// `include_head` (`false`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blocks {
    /// Elements whose start and end delimit blocks (`<br>` always does).
    #[serde(default = "default_block_tags")]
    pub block_tags: TagNames,
    /// Also emit the text inside `<head>` (the title).
    #[serde(default)]
    pub include_head: bool,
}

fn default_block_tags() -> TagNames {
    TagNames::from(BLOCK_TAGS)
}

impl Default for Blocks {
    fn default() -> Self {
        Blocks {
            block_tags: default_block_tags(),
            include_head: false,
        }
    }
}

#[typetag::serde(name = "declutter.blocks")]
impl Segmenter for Blocks {
    fn segment(&self, doc: &Document) -> Result<Vec<Block>> {
        Ok(split_at_tags(doc, &self.block_tags, |_, in_head| {
            !in_head || self.include_head
        }))
    }

    /// Reads no attribute: blocks are cut at element names.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
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
        let with_head = Blocks {
            include_head: true,
            ..Blocks::default()
        };
        assert_eq!(with_head.segment(&doc).unwrap()[0].text, "T");
    }
}
