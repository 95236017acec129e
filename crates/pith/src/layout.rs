//! What Markdown reads from the tree the blocks were cut from, beyond the blocks
//! themselves: where each block sits in a data table ([`crate::table`]), which
//! ordered list each list item is an item of, with the number that list starts at
//! (`<ol start="4">`: a recipe's steps continued after a photo, a list split by an ad),
//! and the inline spans of each block's text (code, strong, emphasis, strikethrough:
//! [`crate::inline`]).
//!
//! Read once per page, while the tree is at hand, into plain values: elements are named
//! by their index in the tree ([`NodeId::index`]), identities within the page that
//! outlive the tree (a result kept, or pickled, without its page still writes its
//! tables and numbers its lists).

use pith_core::{Block, Extraction};
use pith_dom::{Document, NodeId};

use crate::inline::{inline_spans, InlineSpan};
use crate::shape::{block_shape, may_be_ordered_item, BlockKind};
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
    /// Each block's inline spans ([`inline_spans`]), in order of their start; empty
    /// for a block written flat.
    pub spans: Vec<Vec<InlineSpan>>,
}

impl TreeLayout {
    /// The layout of the blocks of `ex`, read from `doc`, the tree they were cut from.
    pub fn read(ex: &Extraction, doc: &Document) -> TreeLayout {
        TreeLayout {
            tables: table_places(ex, doc),
            lists: ordered_lists(ex, doc),
            spans: inline_spans(ex, doc),
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
fn nearest_list(doc: &Document, mut node: NodeId) -> Option<NodeId> {
    loop {
        if matches!(doc.element_name(node), Some("ol" | "ul" | "menu" | "dir")) {
            return Some(node);
        }
        node = doc.parent(node)?;
    }
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

    #[test]
    fn the_largest_number_markdown_writes_is_a_start() {
        let html = "<ol start=999999999><li>last</li></ol>";
        assert_eq!(
            list_of(html, "last").and_then(|l| l.start),
            Some(MAX_NUMBER)
        );
    }
}
