//! What kind of element a block stands for (heading, list item, preformatted text,
//! paragraph) and how deep in block quotes and lists it sits. A paragraph or line of a
//! list item (`<li><p>`, `<li>a<br>b`) is an item of its own, so the list stays one
//! list.
//!
//! Read from the block's `dom_path` (element names from the root to the element that
//! opened the block), which every segmenter already fills: the jusText segmenter opens a
//! block at each of its paragraph tags (`h1`–`h6`, `li`, `pre`, `blockquote`, `p`, ...)
//! and closes one at their end, so the path's last paragraph tag is the block's own
//! element and the ones before it are its containers. Deriving the shape here, instead
//! of storing it in [`Block`], leaves the block model (and with it jusText parity)
//! untouched.

use pith_core::Block;

/// The element a block stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// Ordinary text (`p`, `div`, table cells, text between blocks, ...).
    Paragraph,
    /// A heading, `h1` (1) to `h6` (6).
    Heading(u8),
    /// A list item.
    ListItem {
        /// Whether the nearest list around it is an `ol`.
        ordered: bool,
        /// How many lists (`ul`, `ol`, `menu`, `dir`) it is nested in, at least 1.
        depth: usize,
    },
    /// Preformatted text (inside `pre`, `listing`, `xmp` or `plaintext`).
    Preformatted,
}

/// A block's kind and the number of block quotes around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockShape {
    /// The element the block stands for.
    pub kind: BlockKind,
    /// How many `blockquote` elements contain it.
    pub quote_depth: usize,
}

/// The shape of a block, from its `dom_path`. An image ([`Block::is_image`]) is a
/// paragraph where its path reads as a heading or preformatted text: images there are
/// not taken ([`crate::images`]), but a path can say so of an image that is not, since
/// an element's name may hold a dot (`<n.pre>` gives the path `….n.pre.img`), and
/// preformatted text or a heading would write its `alt` as text.
pub fn block_shape(block: &Block) -> BlockShape {
    let mut shape = shape_of_path(&block.dom_path);
    if block.is_image && matches!(shape.kind, BlockKind::Preformatted | BlockKind::Heading(_)) {
        shape.kind = BlockKind::Paragraph;
    }
    shape
}

/// Whether block `next` is a line of the paragraph that block `prev` ends: the
/// segmenter cut it from `prev` at a lone `<br>` ([`Block::after_line_break`]), `prev`
/// is the block right before it (`i`, `j`: their indices; none was dropped between),
/// and both are text or items of one shape (a heading's lines stay headings, and
/// preformatted text keeps its own lines); neither is an image (an image is a
/// paragraph of its own, [`crate::images`]).
pub(crate) fn continues_line((i, prev): (usize, &Block), (j, next): (usize, &Block)) -> bool {
    if !next.after_line_break || j != i + 1 || prev.is_image || next.is_image {
        return false;
    }
    let shape = block_shape(prev);
    matches!(
        shape.kind,
        BlockKind::Paragraph | BlockKind::ListItem { .. }
    ) && block_shape(next) == shape
}

/// Whether a block whose `dom_path` is `path` may be [`BlockKind::Preformatted`]: a
/// substring search for the preformatted tags' names, quicker than
/// [`shape_of_path`], which decides. What reads every block of a page (the inline
/// spans, for instance) asks this first.
pub fn may_be_preformatted(path: &str) -> bool {
    pith_core::tag_blocks::PREFORMATTED
        .iter()
        .any(|name| path.contains(name))
}

/// Whether a block whose `dom_path` is `path` may be an ordered list's item: `ol` is in
/// it (a substring search; [`shape_of_path`] decides).
pub fn may_be_ordered_item(path: &str) -> bool {
    path.contains("ol")
}

/// The shape of a block whose `dom_path` is `path` (`html.body.ol.li`).
pub fn shape_of_path(path: &str) -> BlockShape {
    let mut heading = None;
    let mut preformatted = false;
    let mut quote_depth = 0;
    let mut lists: Vec<bool> = Vec::new();
    // Whether the block is (in) the item of the innermost list: its own element is an
    // `li`, or a paragraph, `div` or line break of one (`<li><p>…</p><p>…</p></li>`,
    // `<li>a<br>b</li>`), not a quote, table or list inside it.
    let mut in_item = false;
    for name in path.split('.') {
        let name = name.trim_start_matches('…');
        match name {
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => heading = Some(name.as_bytes()[1] - b'0'),
            n if pith_core::tag_blocks::PREFORMATTED.contains(&n) => preformatted = true,
            "blockquote" => quote_depth += 1,
            "ul" | "menu" | "dir" => lists.push(false),
            "ol" => lists.push(true),
            _ => {}
        }
        in_item = match name {
            "li" => true,
            "blockquote" | "table" | "ul" | "ol" | "menu" | "dir" | "dl" | "figure" => false,
            _ => in_item,
        };
    }
    let kind = if let Some(level) = heading {
        BlockKind::Heading(level)
    } else if preformatted {
        BlockKind::Preformatted
    } else if in_item && !lists.is_empty() {
        BlockKind::ListItem {
            ordered: lists.last() == Some(&true),
            depth: lists.len(),
        }
    } else {
        BlockKind::Paragraph
    };
    BlockShape { kind, quote_depth }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(path: &str) -> BlockKind {
        shape_of_path(path).kind
    }

    proptest::proptest! {
        /// The quick tests never rule out a block that the shape says is preformatted,
        /// or an ordered item.
        #[test]
        fn the_quick_tests_rule_out_nothing_they_should_not(
            names in proptest::collection::vec(
                proptest::sample::select(vec![
                    "html", "body", "div", "p", "pre", "xmp", "listing", "plaintext", "ol",
                    "ul", "li", "blockquote", "table", "td", "h2", "…pre", "col", "span",
                ]),
                0..12,
            )
        ) {
            let path = names.join(".");
            let shape = kind(&path);
            if shape == BlockKind::Preformatted {
                proptest::prop_assert!(may_be_preformatted(&path), "{path}");
            }
            if matches!(shape, BlockKind::ListItem { ordered: true, .. }) {
                proptest::prop_assert!(may_be_ordered_item(&path), "{path}");
            }
        }
    }

    #[test]
    fn the_last_paragraph_tag_decides() {
        assert_eq!(kind("html.body.div.p"), BlockKind::Paragraph);
        assert_eq!(kind("html.body.h3"), BlockKind::Heading(3));
        assert_eq!(kind("html.body.h2.div"), BlockKind::Heading(2));
        assert_eq!(kind("html.body.pre"), BlockKind::Preformatted);
        assert_eq!(
            kind("html.body.li"),
            BlockKind::Paragraph,
            "li outside a list"
        );
    }

    #[test]
    fn lists_nest_and_the_nearest_decides_the_numbering() {
        assert_eq!(
            kind("html.body.ol.li.ul.li"),
            BlockKind::ListItem {
                ordered: false,
                depth: 2
            }
        );
        assert_eq!(
            kind("html.body.ul.li.ol.li"),
            BlockKind::ListItem {
                ordered: true,
                depth: 2
            }
        );
        // Text right inside a list, in no item, is a paragraph.
        assert_eq!(kind("html.body.ul.li.ul"), BlockKind::Paragraph);
    }

    #[test]
    fn a_paragraph_or_line_of_an_item_is_an_item() {
        let item = BlockKind::ListItem {
            ordered: false,
            depth: 1,
        };
        assert_eq!(kind("html.body.ul.li.p"), item);
        assert_eq!(kind("html.body.ul.li.br"), item);
        assert_eq!(kind("html.body.ul.li.div.p"), item);
        assert_eq!(kind("html.body.ul.li.blockquote.p"), BlockKind::Paragraph);
        assert_eq!(
            kind("html.body.ul.li.table.tbody.tr.td"),
            BlockKind::Paragraph
        );
    }

    #[test]
    fn quotes_are_counted() {
        let s = shape_of_path("html.body.blockquote.blockquote.p");
        assert_eq!(s.quote_depth, 2);
        assert_eq!(s.kind, BlockKind::Paragraph);
    }
}
