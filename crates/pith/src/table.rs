//! Where a block sits in a data table: its table, row and column, read from the tree
//! the blocks were cut from, so that Markdown can write a table as a table instead of
//! one paragraph per cell.
//!
//! A block is a cell when its `dom_path` ends at a `td` or `th` (the segmenter opened
//! it at the cell, so the cell holds its text directly, with inline markup at most).
//! A paragraph, list or heading inside a cell is [`TablePart::Other`]: a table holding
//! one is a layout table (a page laid out in table cells, its article in one of them),
//! or one Markdown's one-line cells cannot hold, and Markdown writes its blocks as the
//! paragraphs they are. A cell's column is the one HTML's table model gives it: after
//! its row's earlier cells with their `colspan`, and past the columns a `rowspan` from
//! a row above still holds (the attributes
//! [`Pipeline::run_bytes_and_tree`](pith_core::Pipeline::run_bytes_and_tree) keeps), so
//! a cell the classifier dropped leaves its column empty instead of shifting the others
//! left.

use std::collections::HashMap;

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

/// The table place of every block of `ex` (`None` for a block in no table), read
/// from `doc`, the tree its blocks were cut from.
pub fn table_places(ex: &Extraction, doc: &Document) -> Vec<Option<TablePlace>> {
    let mut grids = HashMap::new();
    ex.blocks
        .iter()
        .map(|b| place_in(b, doc, &mut grids))
        .collect()
}

/// The table place of one block (`None` in no table, or without a tree node).
pub fn table_place(block: &Block, doc: &Document) -> Option<TablePlace> {
    place_in(block, doc, &mut HashMap::new())
}

/// [`table_place`], with the tables' columns laid out once per table in `grids`.
fn place_in(block: &Block, doc: &Document, grids: &mut Grids) -> Option<TablePlace> {
    let own = block.dom_path.rsplit('.').next()?.trim_start_matches('…');
    // From the element holding the block's first text up to the nearest table: the
    // first cell or caption on the way is the block's own element when the
    // segmenter opened the block there.
    let mut part = None;
    let mut cell = None;
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
                    cell = Some(at);
                    TablePart::Other
                });
            }
            _ => {}
        }
        at = doc.parent(at)?;
    }
    let table = at;
    if let Some(cell) = cell {
        let grid = grids
            .entry(table.index())
            .or_insert_with(|| lay_out(doc, table));
        if let Some(&(row, column)) = grid.get(&cell.index()) {
            part = Some(TablePart::Cell { row, column });
        }
    }
    Some(TablePlace {
        table: table.index(),
        part: part.unwrap_or(TablePart::Other),
    })
}

/// Each table's cells (by tree index): their row (the `tr`'s tree index) and column.
type Grids = HashMap<usize, HashMap<usize, (usize, usize)>>;

/// The row and column of every cell of `table`, as HTML's table model lays them out
/// (simplified: its rows in tree order, each row group on its own): a cell takes the
/// first column that neither its row's earlier cells nor a `rowspan` from a row above
/// hold, and holds `colspan` columns for `rowspan` rows (`rowspan="0"`: to the end of
/// its row group). Columns past [`MAX_COLUMN`] are not told apart.
fn lay_out(doc: &Document, table: NodeId) -> HashMap<usize, (usize, usize)> {
    let mut cells = HashMap::new();
    let element_children = |id: NodeId| doc.children(id).filter(|&c| doc.element(c).is_some());
    // The row groups: `thead`, `tbody`, `tfoot` (the parser puts a row written
    // straight into a table into a `tbody`); rows outside them make one more group.
    let mut groups: Vec<Vec<NodeId>> = Vec::new();
    let mut loose = Vec::new();
    for child in element_children(table) {
        match doc.element_name(child) {
            Some("thead" | "tbody" | "tfoot") => groups.push(
                element_children(child)
                    .filter(|&r| doc.element_name(r) == Some("tr"))
                    .collect(),
            ),
            Some("tr") => loose.push(child),
            _ => {}
        }
    }
    groups.push(loose);
    for rows in groups {
        // `held[c]`: the first row of the group that column `c` is free again in.
        let mut held: Vec<usize> = Vec::new();
        for (r, &row) in rows.iter().enumerate() {
            let mut column = 0;
            for cell in element_children(row) {
                if !matches!(doc.element_name(cell), Some("td" | "th")) {
                    continue;
                }
                while column < MAX_COLUMN && held.get(column).is_some_and(|&until| until > r) {
                    column += 1;
                }
                cells.insert(cell.index(), (row.index(), column));
                let rows_held = match span(doc, cell, "rowspan") {
                    Some(0) => rows.len() - r,
                    n => n.unwrap_or(1).clamp(1, rows.len() - r),
                };
                let end = (column + span(doc, cell, "colspan").unwrap_or(1).max(1)).min(MAX_COLUMN);
                if held.len() < end {
                    held.resize(end, 0);
                }
                for until in &mut held[column.min(end)..end] {
                    *until = r + rows_held;
                }
                column = end;
            }
        }
    }
    cells
}

/// The greatest column told apart (HTML's own limit on `colspan` is 1000; Markdown
/// writes at most 64).
const MAX_COLUMN: usize = 1000;

/// A cell's `colspan` or `rowspan`, when it is a whole number.
fn span(doc: &Document, cell: NodeId, name: &str) -> Option<usize> {
    let value = doc.element(cell)?.attr(name)?;
    value.trim().parse::<usize>().ok()
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
    fn a_rowspan_holds_its_column_in_the_rows_below() {
        let got = places(
            "<table><tr><td rowspan=2>Texas</td><td>Busch</td><td>5040</td></tr>\
             <tr><td>Truex</td><td>5035</td></tr>\
             <tr><td rowspan=0>Phoenix</td><td>Harvick</td><td>5033</td></tr>\
             <tr><td>Hamlin</td><td colspan=abc>5027</td></tr></table>",
        );
        let columns: Vec<(&str, Option<usize>)> =
            got.iter().map(|(t, c)| (t.as_str(), *c)).collect();
        assert_eq!(
            columns,
            vec![
                ("Texas", Some(0)),
                ("Busch", Some(1)),
                ("5040", Some(2)),
                ("Truex", Some(1)),
                ("5035", Some(2)),
                ("Phoenix", Some(0)),
                ("Harvick", Some(1)),
                ("5033", Some(2)),
                ("Hamlin", Some(1)),
                ("5027", Some(2)),
            ]
        );
    }

    #[test]
    fn a_huge_colspan_is_cut() {
        let got = places(
            "<table><tr><td colspan=99999>wide</td><td>after</td></tr>\
             <tr><td>a</td><td>b</td></tr></table>",
        );
        assert_eq!(got[1], ("after".into(), Some(MAX_COLUMN)));
        assert_eq!(got[3], ("b".into(), Some(1)));
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
