//! Blocks (the units a segmenter cuts a page into) and their labels.

use pith_dom::NodeId;
use serde::{Deserialize, Serialize};

/// The class of a block, with jusText's names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    /// Main content.
    Good,
    /// Boilerplate.
    Bad,
    /// Probably content; decided by its neighbours.
    #[serde(rename = "neargood")]
    NearGood,
    /// Too short to judge on its own; decided by its neighbours.
    Short,
}

impl Label {
    /// jusText's string for the label (`good`, `bad`, `neargood`, `short`).
    pub fn as_str(self) -> &'static str {
        match self {
            Label::Good => "good",
            Label::Bad => "bad",
            Label::NearGood => "neargood",
            Label::Short => "short",
        }
    }
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.as_str())
    }
}

impl std::str::FromStr for Label {
    type Err = String;
    fn from_str(s: &str) -> Result<Label, String> {
        match s {
            "good" => Ok(Label::Good),
            "bad" => Ok(Label::Bad),
            "neargood" => Ok(Label::NearGood),
            "short" => Ok(Label::Short),
            other => Err(format!("unknown label {other:?}")),
        }
    }
}

/// A block of text as a segmenter found it: jusText's paragraph.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Block {
    /// The block's text: its text nodes joined, stripped and whitespace-normalised.
    pub text: String,
    /// The text nodes as the segmenter collected them (each normalised, not stripped).
    pub text_nodes: Vec<String>,
    /// Element names from the root to the block's opening element, joined by `.`.
    pub dom_path: String,
    /// The XPath of the block's opening element, `/html[1]/body[1]/...`, as jusText's
    /// segmenter writes it; empty from the segmenters that cut at tags
    /// (`declutter.blocks`, `readability.blocks`), which do not build it.
    pub xpath: String,
    /// Characters (code points) of text inside links.
    pub chars_count_in_links: usize,
    /// Inline tags seen inside the block (can go negative, as in jusText).
    pub tags_count: i64,
    /// `Some(src)` if the block stands for an image (Java port's image paragraphs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_src: Option<String>,
    /// Whether the block stands for an image.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub is_image: bool,
    /// The text as written, line breaks and indentation kept, when all of it is
    /// preformatted (inside `pre`, `listing`, `xmp` or `plaintext`): code, poems,
    /// tables drawn in text. Outputs show this ([`Block::shown_text`]); `text` stays
    /// whitespace-normalised, the input of every feature. Only segmenters that split
    /// at tags (`declutter.blocks`, `readability.blocks`) set it: jusText's
    /// paragraphs are the reference's, normalised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preformatted: Option<String>,
    /// Whether the block is cut from the block before it by one `<br>` and nothing
    /// else (`12 High Street<br>Leeds`, a verse's lines): a line of the same paragraph,
    /// which Markdown writes after a hard line break, not a paragraph of its own. Only
    /// segmenters that split at tags (`declutter.blocks`, `readability.blocks`) set
    /// it; jusText's reads a lone `<br>` as a space and two as a paragraph's end, as
    /// `<br><br>` is for these too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_line_break: bool,
    /// The element that holds the block's first text, in the document the segmenter
    /// read (`None` for blocks not cut from a document). Features find the block's
    /// DOM context and its nearest annotated ancestors from here
    /// ([`Document::nearest_annotation`](pith_dom::Document::nearest_annotation)).
    /// Not saved: a node id means nothing without its document.
    #[serde(skip)]
    pub node: Option<NodeId>,
}

impl Block {
    /// Length of the text in code points (Python's `len`).
    pub fn len_chars(&self) -> usize {
        self.text.chars().count()
    }

    /// The text to show a reader: the [`preformatted`](Block::preformatted) text as
    /// written when there is one, else the normalised `text`.
    pub fn shown_text(&self) -> &str {
        self.preformatted.as_deref().unwrap_or(&self.text)
    }
}
