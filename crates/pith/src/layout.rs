//! What Markdown reads from the tree the blocks were cut from, beyond the blocks
//! themselves: where each block sits in a data table ([`crate::table`]), which
//! ordered list each list item is an item of, with the number that list starts at
//! (`<ol start="4">`: a recipe's steps continued after a photo, a list split by an ad),
//! which list item each item's block is of (an `<li>` of two paragraphs is one item,
//! not two: its list keeps its numbers), the language a code block names
//! (`<pre><code class="language-rust">`), and the inline spans of each block's text
//! (code, strong, emphasis, strikethrough) and its links ([`crate::inline`]).
//!
//! Read once per page, while the tree is at hand, into plain values: elements are named
//! by their index in the tree ([`NodeId::index`]), identities within the page that
//! outlive the tree (a result kept, or pickled, without its page still writes its
//! tables and numbers its lists).

use pith_core::{Block, Extraction};
use pith_dom::{Document, NodeId};

use crate::inline::{read_inline, ImageAt, InlineSpan, LinkSpan};
use crate::shape::{block_shape, may_be_ordered_item, may_be_preformatted, BlockKind};
use crate::table::{table_places, TablePlace};

/// Each block's place in a data table and in an ordered list, and its inline spans, one
/// entry per block of an [`Extraction`]; read from its tree by [`TreeLayout::read`]. A
/// block past the end of a vector is in no table, no ordered list, or has no spans (the
/// default layout, empty, is that of a page whose tree is unknown).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeLayout {
    /// Each block's place in a table ([`table_places`]).
    pub tables: Vec<Option<TablePlace>>,
    /// Each block's ordered list, `None` but for an item of an `ol` ([`ordered_lists`]).
    pub lists: Vec<Option<OrderedList>>,
    /// Each block's inline spans ([`crate::inline::inline_spans`]), in order of their
    /// start; empty for a block written flat.
    pub spans: Vec<Vec<InlineSpan>>,
    /// Each block's links ([`LinkSpan`]), in order; empty for a block written flat. An
    /// image block's link, when an `<a>` holds its `<img>`, covers its whole text.
    pub links: Vec<Vec<LinkSpan>>,
    /// Each list item block's `li` element, by its index in the tree ([`list_items`]):
    /// the blocks of one item (`<li><p>a</p><p>b</p></li>`, `<li>a<br>b</li>`) have the
    /// same; `None` for every other block.
    pub items: Vec<Option<usize>>,
    /// Each preformatted block's language, as its `pre` or `code` element's class
    /// names it ([`code_languages`]): a code fence's info string.
    pub languages: Vec<Option<String>>,
    /// Each block's `<img>` elements after its first text, as the walk of its text
    /// met them ([`ImageAt`]): what [`crate::images::PageImages::read`] reads to write
    /// an image between a paragraph's words where it was. Read from the tree, and not
    /// kept without it (a layout rebuilt from plain values has none).
    pub text_images: Vec<Vec<ImageAt>>,
    /// Each block's images written inside its text ([`InlineImage`]), in order: set
    /// by [`crate::images::PageImages::merged`] for the images asked for, empty
    /// otherwise.
    pub inline_images: Vec<Vec<InlineImage>>,
}

/// An image written inside a block's text, where the page had it (`<p>text <img>
/// more</p>`), as Markdown's `![alt](src)` or HTML's `<img>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InlineImage {
    /// The byte of the block's text it comes at ([`ImageAt::at`]), before its text's
    /// length.
    pub at: usize,
    /// Its `alt` text, whitespace collapsed.
    pub alt: String,
    /// Its source, resolved against the page's base when there is one.
    pub src: String,
    /// Where the link around it leads, as the page wrote it: the `href` of the
    /// nearest `<a>` holding the `<img>` when that leads somewhere.
    pub link: Option<String>,
}

impl TreeLayout {
    /// The layout of the blocks of `ex`, read from `doc`, the tree they were cut from.
    pub fn read(ex: &Extraction, doc: &Document) -> TreeLayout {
        let inline = read_inline(ex, doc);
        let mut spans = Vec::with_capacity(inline.len());
        let mut links = Vec::with_capacity(inline.len());
        let mut text_images = Vec::with_capacity(inline.len());
        for b in inline {
            let b = b.unwrap_or_default();
            spans.push(b.spans);
            links.push(b.links);
            text_images.push(b.images);
        }
        TreeLayout {
            tables: table_places(ex, doc),
            lists: ordered_lists(ex, doc),
            spans,
            links,
            items: list_items(ex, doc),
            languages: code_languages(ex, doc),
            text_images,
            inline_images: Vec::new(),
        }
    }

    /// The place in a table of block `i`, if any.
    pub fn table(&self, i: usize) -> Option<TablePlace> {
        self.tables.get(i).copied().flatten()
    }

    /// The ordered list block `i` is an item of, if any.
    pub fn list(&self, i: usize) -> Option<OrderedList> {
        self.lists.get(i).copied().flatten()
    }

    /// The inline spans of block `i` (none when unknown).
    pub fn spans(&self, i: usize) -> &[InlineSpan] {
        self.spans.get(i).map_or(&[], Vec::as_slice)
    }

    /// The links of block `i` (none when unknown).
    pub fn links(&self, i: usize) -> &[LinkSpan] {
        self.links.get(i).map_or(&[], Vec::as_slice)
    }

    /// The `li` element block `i` is (in) the item of, if any.
    pub fn item(&self, i: usize) -> Option<usize> {
        self.items.get(i).copied().flatten()
    }

    /// The images written inside block `i`'s text (none when unknown).
    pub fn inline_images(&self, i: usize) -> &[InlineImage] {
        self.inline_images.get(i).map_or(&[], Vec::as_slice)
    }

    /// The language of preformatted block `i`'s code, if its markup names one.
    pub fn language(&self, i: usize) -> Option<&str> {
        self.languages.get(i).and_then(Option::as_deref)
    }
}

/// The `li` element of every block of `ex` that is a list item (by its `dom_path`),
/// by its index in `doc`, the tree the blocks were cut from; `None` for every other
/// block, and for an item without a tree node.
pub fn list_items(ex: &Extraction, doc: &Document) -> Vec<Option<usize>> {
    (ex.blocks.iter())
        .map(|b| {
            if !b.dom_path.contains("li")
                || !matches!(block_shape(b).kind, BlockKind::ListItem { .. })
            {
                return None;
            }
            nearest_item(doc, b.node?).map(NodeId::index)
        })
        .collect()
}

/// The nearest `li` at or above `node`, below the nearest list element.
fn nearest_item(doc: &Document, node: NodeId) -> Option<NodeId> {
    let li_or_list = doc.inclusive_ancestors(node).find(|&n| {
        matches!(
            doc.element_name(n),
            Some("li" | "ol" | "ul" | "menu" | "dir")
        )
    })?;
    (doc.element_name(li_or_list) == Some("li")).then_some(li_or_list)
}

/// The language of every preformatted block of `ex` whose code names one: the first
/// class `language-NAME` or `lang-NAME` (highlight.js, Prism, GitHub and the HTML
/// standard's own suggestion) of its `pre` element or of the `code` inside it, `NAME`
/// made of letters, digits and `+-_.#` only (an info string no fence can be confused
/// by); `None` for every other block.
pub fn code_languages(ex: &Extraction, doc: &Document) -> Vec<Option<String>> {
    (ex.blocks.iter())
        .map(|b| {
            if !may_be_preformatted(&b.dom_path) || block_shape(b).kind != BlockKind::Preformatted {
                return None;
            }
            let pre =
                (doc.inclusive_ancestors(b.node?)).find(|&n| doc.element_name(n) == Some("pre"))?;
            let code = doc.child_element(pre, "code");
            [Some(pre), code]
                .into_iter()
                .flatten()
                .find_map(|el| language_of_class(doc.element(el)?.attr("class")?))
        })
        .collect()
}

/// The language a class attribute names (`"hljs language-rust"` is `rust`).
fn language_of_class(class: &str) -> Option<String> {
    class.split_ascii_whitespace().find_map(|c| {
        let name = (c.strip_prefix("language-")).or_else(|| c.strip_prefix("lang-"))?;
        let plain = |ch: char| ch.is_ascii_alphanumeric() || "+-_.#".contains(ch);
        (!name.is_empty() && name.len() <= 40 && name.chars().all(plain)).then(|| name.to_owned())
    })
}

/// The `ol` element a list item belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderedList {
    /// The `ol` element, by its index in the tree: two items of one list have the same.
    pub list: usize,
    /// The number of its first item: its `start` attribute, when that is an integer
    /// Markdown can write as an item's number (0 to [`MAX_NUMBER`]).
    pub start: Option<u32>,
}

/// The greatest number of an ordered list item that CommonMark reads (nine digits).
pub const MAX_NUMBER: u32 = 999_999_999;

/// The ordered list of every block of `ex` that is an ordered list item (by its
/// `dom_path`; `None` for every other block, and for an item without a tree node),
/// read from `doc`, the tree its blocks were cut from.
pub fn ordered_lists(ex: &Extraction, doc: &Document) -> Vec<Option<OrderedList>> {
    ex.blocks.iter().map(|b| ordered_list_of(b, doc)).collect()
}

/// The ordered list of one block: the nearest list element around the block's node,
/// when that is an `ol` and the block's shape is an ordered item.
fn ordered_list_of(block: &Block, doc: &Document) -> Option<OrderedList> {
    if !may_be_ordered_item(&block.dom_path)
        || !matches!(
            block_shape(block).kind,
            BlockKind::ListItem { ordered: true, .. }
        )
    {
        return None;
    }
    let list = nearest_list(doc, block.node?)?;
    (doc.element_name(list) == Some("ol")).then(|| OrderedList {
        list: list.index(),
        start: start_of(doc, list),
    })
}

/// The nearest `ol`, `ul`, `menu` or `dir` element at or above `node`.
fn nearest_list(doc: &Document, node: NodeId) -> Option<NodeId> {
    (doc.inclusive_ancestors(node))
        .find(|&n| matches!(doc.element_name(n), Some("ol" | "ul" | "menu" | "dir")))
}

/// An `ol`'s `start` attribute, when it is an integer from 0 to [`MAX_NUMBER`]: a
/// negative start, or one of ten digits or more, has no Markdown number (its list is
/// numbered from 1, as without one).
fn start_of(doc: &Document, list: NodeId) -> Option<u32> {
    let value = doc.element(list)?.attr("start")?;
    let n = html_integer(value)?;
    u32::try_from(n).ok().filter(|&n| n <= MAX_NUMBER)
}

/// `value` read by the HTML standard's rules for parsing integers: leading ASCII
/// whitespace, an optional `-` or `+`, then one digit or more (what follows them is
/// ignored: `"3rd"` is 3); `None` without a digit. A number too large for an `i64` is
/// `i64::MAX` or `i64::MIN`: out of any list's range all the same.
fn html_integer(value: &str) -> Option<i64> {
    let rest = value.trim_start_matches([' ', '\t', '\n', '\x0C', '\r']);
    let (negative, rest) = match rest.as_bytes().first() {
        Some(b'-') => (true, &rest[1..]),
        Some(b'+') => (false, &rest[1..]),
        _ => (false, rest),
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit);
    let mut n: i64 = 0;
    let mut any = false;
    for d in digits {
        any = true;
        n = n.saturating_mul(10).saturating_add(i64::from(d - b'0'));
    }
    any.then_some(if negative { -n } else { n })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_read_as_html_reads_them() {
        assert_eq!(html_integer("4"), Some(4));
        assert_eq!(html_integer(" \t\n+07"), Some(7));
        assert_eq!(html_integer("-2"), Some(-2));
        assert_eq!(html_integer("3rd"), Some(3));
        assert_eq!(html_integer("2.5"), Some(2));
        assert_eq!(html_integer("99999999999999999999999"), Some(i64::MAX));
        for none in ["", " ", "abc", "-", "+-1", "\u{a0}5", "x5"] {
            assert_eq!(html_integer(none), None, "{none:?}");
        }
    }

    /// The ordered list of the block whose text is `text` in `html`, every block kept.
    fn list_of(html: &str, text: &str) -> Option<OrderedList> {
        let pipeline = crate::preset("justext").expect("preset");
        let (ex, doc) = pipeline.run_str_and_tree(html).expect("runs");
        let i = (ex.blocks.iter().position(|b| b.text == text)).expect(text);
        TreeLayout::read(&ex, &doc).list(i)
    }

    #[test]
    fn an_item_has_its_nearest_ol_and_its_start() {
        let html = "<ol start=' 4'><li>four<ol start=2><li>two</li></ol></li>\
            <li>five</li></ol><ol start=1000000000><li>big</li></ol>\
            <ol start=-3><li>negative</li></ol><ul><li>unordered</li></ul><p>text</p>";
        let four = list_of(html, "four").expect("an ol item");
        assert_eq!(four.start, Some(4));
        assert_eq!(list_of(html, "five"), Some(four), "one list");
        let two = list_of(html, "two").expect("an ol item");
        assert_eq!(two.start, Some(2));
        assert_ne!(two.list, four.list, "the nested list is its own");
        assert_eq!(list_of(html, "big").map(|l| l.start), Some(None));
        assert_eq!(list_of(html, "negative").map(|l| l.start), Some(None));
        assert_eq!(list_of(html, "unordered"), None);
        assert_eq!(list_of(html, "text"), None);
    }

    /// The layout of `html`'s blocks with the `declutter` preset, and their texts.
    fn layout_of(html: &str) -> (TreeLayout, Vec<String>) {
        let pipeline = crate::preset("declutter").expect("preset");
        let (ex, doc) = pipeline.run_str_and_tree(html).expect("runs");
        let texts = ex.blocks.iter().map(|b| b.text.clone()).collect();
        (TreeLayout::read(&ex, &doc), texts)
    }

    #[test]
    fn the_blocks_of_one_item_have_its_li() {
        let (layout, texts) = layout_of(
            "<ul><li><p>one a</p><p>one b</p></li><li>two a<br>two b\
             <ul><li>nested</li></ul></li></ul><p>after</p>",
        );
        let item = |text: &str| layout.item(texts.iter().position(|t| t == text).expect(text));
        assert!(item("one a").is_some());
        assert_eq!(item("one a"), item("one b"));
        assert_ne!(item("one a"), item("two a"));
        assert_ne!(
            item("nested"),
            item("two a"),
            "a nested list's item is its own"
        );
        assert_eq!(item("after"), None);
    }

    #[test]
    fn code_names_its_language_by_class() {
        let (layout, texts) = layout_of(
            "<pre><code class='hljs language-rust'>fn main() {}</code></pre>\
             <pre class='lang-c++'>int x;</pre><pre><code class='plain'>text</code></pre>\
             <pre><code class='language-a`b'>odd</code></pre><p class=language-rust>prose</p>",
        );
        let language = |text: &str| {
            layout
                .language(texts.iter().position(|t| t == text).expect(text))
                .map(str::to_owned)
        };
        assert_eq!(language("fn main() {}").as_deref(), Some("rust"));
        assert_eq!(language("int x;").as_deref(), Some("c++"));
        assert_eq!(language("text"), None);
        assert_eq!(language("odd"), None, "a backtick could end the fence");
        assert_eq!(language("prose"), None, "a paragraph is no code");
    }

    #[test]
    fn the_largest_number_markdown_writes_is_a_start() {
        let html = "<ol start=999999999><li>last</li></ol>";
        assert_eq!(
            list_of(html, "last").and_then(|l| l.start),
            Some(MAX_NUMBER)
        );
    }
}
