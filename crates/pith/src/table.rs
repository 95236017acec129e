//! Data tables as the writers lay them out: the good blocks of one table, each a cell's
//! text or its caption, gathered into rows and columns, so that Markdown and the
//! page of kept blocks (`--format html`) write a table as a table instead of one
//! paragraph per cell.
//!
//! Where each block sits in its table (its row and column, as HTML's table model lays
//! them out) is read by [`pith_core::tables`], which the `learn.whole_tables` pass
//! reads too; this module adds what a writer needs on top: which runs of kept blocks
//! make a table it can write ([`segments`]).

use std::collections::HashMap;

use pith_core::{Block, Extraction};
use pith_dom::Document;

pub use pith_core::tables::{TablePart, TablePlace, MAX_COLUMN};

/// The table place of every block of `ex` (`None` for a block in no table), read
/// from `doc`, the tree its blocks were cut from ([`pith_core::tables::table_places`]).
pub fn table_places(ex: &Extraction, doc: &Document) -> Vec<Option<TablePlace>> {
    pith_core::tables::table_places(&ex.blocks, doc)
}

/// The good blocks of an extraction as the writers lay them out: a block alone, or a
/// data table gathered from consecutive good blocks of one table.
#[derive(Debug)]
pub enum Segment<'a> {
    /// A block and its index in [`Extraction::blocks`].
    Block((usize, &'a Block)),
    /// A data table.
    Table(DataTable<'a>),
}

/// A data table's kept cells, row by row, every row as wide as the others.
#[derive(Debug)]
pub struct DataTable<'a> {
    /// The table's first kept block (its quote depth is the table's).
    pub first: &'a Block,
    /// The caption's text, each kept block of it with its index in
    /// [`Extraction::blocks`].
    pub captions: Vec<(usize, &'a str)>,
    /// The header row: the first row when all its kept cells are header cells (`th`,
    /// or cells of a `thead`); `None` when the page gave none.
    pub header: Option<Vec<Cell>>,
    /// The other rows, `tfoot` rows last (a dropped cell is empty).
    pub rows: Vec<Vec<Cell>>,
}

/// One cell of a [`DataTable`]: its blocks' texts joined by spaces, and where each
/// block is in it (so the blocks' inline spans find their place in the cell).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The cell's text.
    pub text: String,
    /// Each block of the cell: its index in [`Extraction::blocks`] and the byte where
    /// its text starts in [`Cell::text`].
    pub blocks: Vec<(usize, usize)>,
}

impl Cell {
    /// Adds a block's text (block `index`) after a space.
    fn push(&mut self, index: usize, text: &str) {
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        self.blocks.push((index, self.text.len()));
        self.text.push_str(text);
    }
}

impl DataTable<'_> {
    /// The number of columns.
    pub fn width(&self) -> usize {
        self.header
            .as_ref()
            .map_or_else(|| self.rows[0].len(), Vec::len)
    }
}

/// The widest table gathered: a wider one is written as its cells' paragraphs.
pub const MAX_COLUMNS: usize = 64;

/// The longest cell a table may hold: a longer one is an article laid out in a table
/// (or text a one-line cell would garble), and its table is written as paragraphs.
pub const MAX_CELL_CHARS: usize = 1000;

/// The good blocks of `ex` as [`Segment`]s: with `places` (one per block, from
/// [`table_places`]), the good blocks of one table that follow each other are a
/// [`DataTable`] when [`DataTable::of`] makes one of them, else blocks; without,
/// every good block is a block.
pub fn segments<'a>(ex: &'a Extraction, places: Option<&[Option<TablePlace>]>) -> Vec<Segment<'a>> {
    let good: Vec<(usize, &Block)> = ex.good_blocks_indexed().collect();
    let place = |k: usize| places.and_then(|p| p.get(good[k].0).copied().flatten());
    let mut out = Vec::new();
    let mut k = 0;
    while k < good.len() {
        let Some(first) = place(k) else {
            out.push(Segment::Block(good[k]));
            k += 1;
            continue;
        };
        let end = (k..good.len())
            .find(|&e| place(e).is_none_or(|p| p.table != first.table))
            .unwrap_or(good.len());
        match DataTable::of((k..end).map(|e| (place(e).map(|p| p.part), good[e]))) {
            Some(table) => out.push(Segment::Table(table)),
            None => out.extend(good[k..end].iter().map(|&b| Segment::Block(b))),
        }
        k = end;
    }
    out
}

/// What a writer writes at a time: a good block with the blocks that are its further
/// lines (each with its index in [`Extraction::blocks`]), or a data table.
#[derive(Debug)]
pub(crate) enum Written<'s, 'a> {
    /// A block and its further lines, at least one.
    Lines(Vec<(usize, &'a Block)>),
    /// A data table.
    Table(&'s DataTable<'a>),
}

/// The segments as a writer writes them: each block with the blocks after it that
/// `continues(last line, next block)` says are its further lines (cut at a lone
/// `<br>`: the writers differ on which shapes keep their lines), each table alone.
pub(crate) fn written<'s, 'a>(
    segments: &'s [Segment<'a>],
    continues: impl Fn((usize, &Block), (usize, &Block)) -> bool,
) -> Vec<Written<'s, 'a>> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < segments.len() {
        let segment = &segments[k];
        k += 1;
        match segment {
            Segment::Block(block) => {
                let mut lines = vec![*block];
                while let Some(&Segment::Block(next)) = segments.get(k) {
                    if !continues(*lines.last().expect("one line"), next) {
                        break;
                    }
                    lines.push(next);
                    k += 1;
                }
                out.push(Written::Lines(lines));
            }
            Segment::Table(table) => out.push(Written::Table(table)),
        }
    }
    out
}

/// One row while a table is gathered.
struct Row {
    cells: Vec<Cell>,
    all_header: bool,
    footer: bool,
}

impl<'a> DataTable<'a> {
    /// The table of one table's kept blocks (in page order, each with its part), or
    /// `None` when a block is neither a cell's text nor the caption, the cells fill
    /// fewer than two rows or two columns (a lone row or column reads better as
    /// paragraphs), a cell is past [`MAX_COLUMNS`] or longer than [`MAX_CELL_CHARS`].
    /// A column no kept cell fills is left out (spacers and borders of old layouts, or
    /// every cell of the column dropped); `tfoot` rows go last.
    pub fn of(
        mut blocks: impl Iterator<Item = (Option<TablePart>, (usize, &'a Block))>,
    ) -> Option<DataTable<'a>> {
        let mut captions = Vec::new();
        let mut row_of: HashMap<usize, usize> = HashMap::new();
        let mut rows: Vec<Row> = Vec::new();
        let mut first = None;
        for (part, (index, block)) in &mut blocks {
            first.get_or_insert(block);
            let (row_id, column, header, footer) = match part? {
                TablePart::Cell {
                    row,
                    column,
                    header,
                    footer,
                } => (row, column, header, footer),
                TablePart::Caption => {
                    captions.push((index, block.text.as_str()));
                    continue;
                }
                TablePart::Other => return None,
            };
            if column >= MAX_COLUMNS {
                return None;
            }
            let r = *row_of.entry(row_id).or_insert_with(|| {
                rows.push(Row {
                    cells: Vec::new(),
                    all_header: true,
                    footer,
                });
                rows.len() - 1
            });
            let row = &mut rows[r];
            row.all_header &= header;
            if row.cells.len() <= column {
                row.cells.resize(column + 1, Cell::default());
            }
            let cell = &mut row.cells[column];
            cell.push(index, &block.text);
            if cell.text.chars().count() > MAX_CELL_CHARS {
                return None;
            }
        }
        let (mut rows, footers): (Vec<Row>, Vec<Row>) = rows.into_iter().partition(|r| !r.footer);
        rows.extend(footers);
        let width = rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
        let filled: Vec<bool> = (0..width)
            .map(|c| (rows.iter()).any(|r| r.cells.get(c).is_some_and(|t| !t.text.is_empty())))
            .collect();
        let mut rows: Vec<(bool, Vec<Cell>)> = rows
            .into_iter()
            .map(|mut r| {
                r.cells.resize(width, Cell::default());
                let mut c = 0;
                r.cells.retain(|_| {
                    c += 1;
                    filled[c - 1]
                });
                (r.all_header, r.cells)
            })
            .collect();
        let width = filled.iter().filter(|&&f| f).count();
        if rows.len() < 2 || width < 2 {
            return None;
        }
        let header = rows[0].0.then(|| rows.remove(0).1);
        Some(DataTable {
            first: first?,
            captions,
            header,
            rows: rows.into_iter().map(|(_, cells)| cells).collect(),
        })
    }
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
             <tr><td>Hamlin</td><td colspan=abc>5027</td></tr>\
             <tr><td colspan=\"2.5\">Logano</td><td>2380</td></tr></table>",
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
                // Phoenix's rowspan=0 holds column 0 to the end; "2.5" spans 2.
                ("Logano", Some(1)),
                ("2380", Some(3)),
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
    fn paragraphs_in_a_cell_are_its_text_and_structure_is_other() {
        let (ex, doc) = all_good(
            "<table><caption>Standings</caption><tr><td><h2>An article laid out in a \
             table cell</h2><p>Its first paragraph.</p><ul><li>A list</li></ul></td>\
             <td><p>Apples</p><div>and pears</div></td></tr></table><p>After it.</p>",
        );
        let places = table_places(&ex, &doc);
        let parts: Vec<(&str, Option<TablePart>)> = ex
            .blocks
            .iter()
            .zip(&places)
            .map(|(b, p)| (b.text.as_str(), p.map(|p| p.part)))
            .collect();
        assert_eq!(parts[0], ("Standings", Some(TablePart::Caption)));
        assert_eq!(parts[1].1, Some(TablePart::Other), "{:?}", parts[1]);
        assert!(
            matches!(parts[2].1, Some(TablePart::Cell { column: 0, .. })),
            "a paragraph of the cell: {:?}",
            parts[2]
        );
        assert_eq!(parts[3].1, Some(TablePart::Other), "{:?}", parts[3]);
        for i in [4, 5] {
            assert!(
                matches!(parts[i].1, Some(TablePart::Cell { column: 1, .. })),
                "{:?}",
                parts[i]
            );
        }
        assert_eq!(parts[6], ("After it.", None));
        let tables: Vec<usize> = places[..6].iter().map(|p| p.unwrap().table).collect();
        assert!(tables.iter().all(|&t| t == tables[0]), "one table");
    }

    #[test]
    fn header_and_footer_cells_say_so() {
        let (ex, doc) = all_good(
            "<table><thead><tr><td>Item</td><th>Cost</th></tr></thead>\
             <tfoot><tr><th>Total</th><td>30</td></tr></tfoot>\
             <tbody><tr><td>Apples</td><td>10</td></tr></tbody></table>",
        );
        let places = table_places(&ex, &doc);
        let flags: Vec<(&str, bool, bool)> = (ex.blocks.iter().zip(&places))
            .map(|(b, p)| match p.unwrap().part {
                TablePart::Cell { header, footer, .. } => (b.text.as_str(), header, footer),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            flags,
            vec![
                ("Item", true, false),
                ("Cost", true, false),
                ("Total", true, true),
                ("30", false, true),
                ("Apples", false, false),
                ("10", false, false),
            ]
        );
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
