//! Where a block sits in a data table: its table, row and column, read from the tree
//! the blocks were cut from, so that Markdown can write a table as a table instead of
//! one paragraph per cell.
//!
//! A block is a cell when its `dom_path` ends at a `td` or `th` (the segmenter opened
//! it at the cell, so the cell holds its text directly, with inline markup at most).
//! A paragraph, list or heading inside a cell is [`TablePart::Other`]: a table holding
//! one is a layout table (a page laid out in table cells, its article in one of them),
//! or one Markdown's one-line cells cannot hold, and Markdown writes its blocks as the
//! paragraphs they are. The column counts the cells before it in its row, with their
//! `colspan` (which [`Pipeline::run_bytes_and_tree`](pith_core::Pipeline::run_bytes_and_tree)
//! keeps), so a cell the classifier dropped leaves its column empty instead of
//! shifting the others left.

use pith_core::{Block, Extraction};
use pith_dom::{Document, NodeId};

/// Where a block sits in a table. Elements are named by their index in the tree
/// ([`NodeId::index`]): identities within the page, which outlive the tree (a result
/// kept, or pickled, without its page still writes its tables).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablePlace {
    /// The nearest `table` element around the block.
    pub table: usize,
    /// What the block is in that table.
    pub part: TablePart,
}

/// What a block is in its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TablePart {
    /// A cell of a row.
    Cell {
        /// The `tr` element.
        row: usize,
        /// The column, from 0.
        column: usize,
    },
    /// The table's `caption`.
    Caption,
    /// Anything else: a paragraph, list or heading inside a cell, text in no row.
    Other,
}

/// The widest `colspan` counted (HTML's own limit is 1000).
const MAX_COLSPAN: usize = 1000;

/// The table place of every block of `ex` (`None` for a block in no table), read
/// from `doc`, the tree its blocks were cut from.
pub fn table_places(ex: &Extraction, doc: &Document) -> Vec<Option<TablePlace>> {
    ex.blocks.iter().map(|b| table_place(b, doc)).collect()
}

/// The table place of one block (`None` in no table, or without a tree node).
pub fn table_place(block: &Block, doc: &Document) -> Option<TablePlace> {
    let own = block.dom_path.rsplit('.').next()?.trim_start_matches('…');
    // From the element holding the block's first text up to the nearest table: the
    // first cell or caption on the way is the block's own element when the
    // segmenter opened the block there.
    let mut part = None;
    let mut at = block.node?;
    loop {
        match doc.element_name(at) {
            Some("table") => break,
            Some(name @ ("td" | "th" | "caption")) if part.is_none() => {
                part = Some(if name != own {
                    TablePart::Other
                } else if name == "caption" {
                    TablePart::Caption
                } else {
                    cell_part(doc, at).unwrap_or(TablePart::Other)
                });
            }
            _ => {}
        }
        at = doc.parent(at)?;
    }
    Some(TablePlace {
        table: at.index(),
        part: part.unwrap_or(TablePart::Other),
    })
}

/// A cell's row and column, when it is a cell of a row.
fn cell_part(doc: &Document, cell: NodeId) -> Option<TablePart> {
    let row = doc.parent(cell)?;
    if doc.element_name(row) != Some("tr") {
        return None;
    }
    let mut column = 0;
    let mut sibling = doc.prev_sibling(cell);
    while let Some(s) = sibling {
        if matches!(doc.element_name(s), Some("td" | "th")) {
            column += colspan(doc, s);
        }
        sibling = doc.prev_sibling(s);
    }
    Some(TablePart::Cell {
        row: row.index(),
        column,
    })
}

/// A cell's `colspan` (1 when absent or unreadable).
fn colspan(doc: &Document, cell: NodeId) -> usize {
    doc.element(cell)
        .and_then(|e| e.attr("colspan"))
        .and_then(|v| v.trim().parse::<usize>().ok())
        .map_or(1, |n| n.clamp(1, MAX_COLSPAN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_core::Label;

    /// Every block of the page, all labelled good, and the tree they were cut from.
    pub(crate) fn all_good(html: &str) -> (Extraction, Document) {
        let pipeline = crate::preset("justext").expect("preset");
        let (mut ex, doc) = pipeline.run_str_and_tree(html).expect("runs");
        ex.labels = vec![Label::Good; ex.blocks.len()];
        (ex, doc)
    }

    fn column(part: TablePart) -> Option<usize> {
        match part {
            TablePart::Cell { column, .. } => Some(column),
            _ => None,
        }
    }

    fn places(html: &str) -> Vec<(String, Option<usize>)> {
        let (ex, doc) = all_good(html);
        let places = table_places(&ex, &doc);
        ex.blocks
            .iter()
            .zip(places)
            .map(|(b, p)| (b.text.clone(), p.and_then(|p| column(p.part))))
            .collect()
    }

    #[test]
    fn cells_have_their_columns_and_colspans_count() {
        let got = places(
            "<table><tr><th>Name<th>Points<th>Wins</tr>\
             <tr><td colspan=2>Kyle Busch, 5040<td>5</tr></table><p>After the table.</p>",
        );
        assert_eq!(
            got,
            vec![
                ("Name".into(), Some(0)),
                ("Points".into(), Some(1)),
                ("Wins".into(), Some(2)),
                ("Kyle Busch, 5040".into(), Some(0)),
                ("5".into(), Some(2)),
                ("After the table.".into(), None),
            ]
        );
    }

    #[test]
    fn paragraphs_in_a_layout_cell_are_other_parts_of_their_table() {
        let (ex, doc) = all_good(
            "<table><caption>Standings</caption><tr><td><p>An article laid out in a \
             table cell.</p><p>Its second paragraph.</p></td><td><b>Menu</b></td></tr>\
             </table><p>After it.</p>",
        );
        let places = table_places(&ex, &doc);
        let parts: Vec<(&str, Option<TablePart>)> = ex
            .blocks
            .iter()
            .zip(&places)
            .map(|(b, p)| (b.text.as_str(), p.map(|p| p.part)))
            .collect();
        assert_eq!(parts[0], ("Standings", Some(TablePart::Caption)));
        assert_eq!(parts[1].1, Some(TablePart::Other));
        assert_eq!(parts[2].1, Some(TablePart::Other));
        assert!(matches!(
            parts[3],
            ("Menu", Some(TablePart::Cell { column: 1, .. }))
        ));
        assert_eq!(parts[4], ("After it.", None));
        let tables: Vec<usize> = places[..4].iter().map(|p| p.unwrap().table).collect();
        assert!(tables.iter().all(|&t| t == tables[0]), "one table");
    }

    #[test]
    fn a_table_nested_in_a_cell_is_its_own_table() {
        let (ex, doc) = all_good(
            "<table><tr><td>outer<table><tr><td>a</td><td>b</td></tr></table></td></tr></table>",
        );
        let places = table_places(&ex, &doc);
        let by_text = |t: &str| {
            let i = ex.blocks.iter().position(|b| b.text == t).expect(t);
            places[i].expect("in a table")
        };
        let (outer, a, b) = (by_text("outer"), by_text("a"), by_text("b"));
        assert!(matches!(a.part, TablePart::Cell { column: 0, .. }));
        assert!(matches!(b.part, TablePart::Cell { column: 1, .. }));
        assert_eq!(a.table, b.table);
        assert_ne!(outer.table, a.table, "the inner table is its own");
        assert!(matches!(outer.part, TablePart::Cell { column: 0, .. }));
    }

    #[test]
    fn blocks_without_a_tree_node_have_no_place() {
        let (mut ex, doc) = all_good("<table><tr><td>a</td><td>b</td></tr></table>");
        for b in &mut ex.blocks {
            b.node = None;
        }
        assert!(table_places(&ex, &doc).iter().all(Option::is_none));
    }
}
