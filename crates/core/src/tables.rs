//! Where each block sits in a table, read from the tree the blocks were cut from: its
//! table, and its part of it (a cell's text, with the cell's row and column; the
//! caption; anything else). Two users read tables so, and share this reading so that
//! both see the same tables: Markdown (`pith::table`) writes a data table as a pipe
//! table, each kept cell in its column, and the `learn.whole_tables` pass keeps a data
//! table whole when its trees kept most of it.
//!
//! A block is a cell's text when no element between the cell and the block's own
//! element is a heading, list, quote, preformatted text or form ([`TablePart::Cell`]: a
//! `p`, `div` or `br` inside a cell splits its text into blocks, all of the cell). A
//! block under such an element is [`TablePart::Other`]: a table holding one is a
//! layout table (a page laid out in table cells, its article in one of them), or one
//! a one-line cell cannot hold. A cell's column is the one HTML's table model gives it:
//! after its row's earlier cells with their `colspan`, and past the columns a `rowspan`
//! from a row above still holds (the attributes
//! [`Pipeline::run_bytes_and_tree`](crate::Pipeline::run_bytes_and_tree) keeps), so a
//! cell the classifier dropped leaves its column empty instead of shifting the others
//! left. A block's table is the nearest one around it; [`Tables::holding`] says which
//! tables hold another (a page laid out in tables, a table of tables).

use std::collections::{HashMap, HashSet};

use pith_dom::{Document, NodeId};

use crate::path_budget::is_shortened;
use crate::{Ancestry, Block};

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
    /// The text of a cell of a row (all of it, or a paragraph or line of it).
    Cell {
        /// The `tr` element.
        row: usize,
        /// The column, from 0.
        column: usize,
        /// A header cell: a `th`, or any cell of a `thead`.
        header: bool,
        /// A cell of a `tfoot` (written last, wherever the page has it).
        footer: bool,
    },
    /// The table's `caption`.
    Caption,
    /// Anything else: a heading, list, quote or preformatted text inside a cell, text
    /// in no row.
    Other,
}

/// The tables of a page's blocks: each block's place, the cell or caption around it,
/// and the tables that hold another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tables {
    /// Each block's place in the nearest table around it (`None` for a block in no
    /// table, or without a tree node).
    pub places: Vec<Option<TablePlace>>,
    /// Each block's nearest cell or caption in that table, whatever lies between them
    /// (a list in a cell is in the cell's row here, while its place is
    /// [`TablePart::Other`], which a one-line cell cannot hold); `None` for a block in
    /// no cell or caption, or in no table.
    pub holders: Vec<Option<Holder>>,
    /// The tables (by tree index) that hold one of the blocks' tables.
    pub holding: HashSet<usize>,
}

/// The cell or caption a block is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// A cell (`td`, `th`) of the row `row` (the `tr`'s tree index).
    Cell {
        /// The cell's row.
        row: usize,
    },
    /// The table's `caption`.
    Caption,
}

/// The table place of every block of `blocks` (`None` for a block in no table), read
/// from `doc`, the tree they were cut from.
pub fn table_places(blocks: &[Block], doc: &Document) -> Vec<Option<TablePlace>> {
    read_tables(blocks, doc).places
}

/// [`table_places`], each block's cell or caption, and which tables hold another.
pub fn read_tables(blocks: &[Block], doc: &Document) -> Tables {
    let mut grids = HashMap::new();
    // Each block's table, read down the blocks' paths once when the first block that
    // may be in a table asks (most pages' blocks are in none).
    let mut above: Option<Vec<Option<Above>>> = None;
    let mut seen: HashSet<usize> = HashSet::new();
    let mut tables = Tables::default();
    for (i, block) in blocks.iter().enumerate() {
        let found = place_in(block, doc, &mut grids, || {
            above.get_or_insert_with(|| tables_above(doc, blocks))[i]
        });
        if let Some(found) = &found {
            if seen.insert(found.place.table) {
                // The next table out, once per table.
                tables.holding.extend(found.outer.map(NodeId::index));
            }
        }
        tables.places.push(found.as_ref().map(|f| f.place));
        tables.holders.push(found.and_then(|f| f.holder));
    }
    tables
}

/// What the walk up from a node finds: the nearest table at or above it, the first
/// cell or caption (`td`, `th`, `caption`) on the way to that table, if any, and the
/// next table out of that table.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Above {
    table: NodeId,
    holder: Option<NodeId>,
    outer: Option<NodeId>,
}

/// [`Above`] of each block's node (`None` in no table, or without a node): one pass
/// down the blocks' paths ([`Ancestry`]), each node once, where a walk up from every
/// block cost blocks × depth (100,000 paragraphs under 480 `<div>`s whose paths are
/// cut short for depth, so that every one of them needs the walk).
fn tables_above(doc: &Document, blocks: &[Block]) -> Vec<Option<Above>> {
    let ancestry = Ancestry::new(doc, blocks);
    let values = ancestry.fold(None, |n, up: Option<Above>| match doc.element_name(n) {
        Some("table") => Some(Above {
            table: n,
            holder: None,
            outer: up.map(|u| u.table),
        }),
        // A cell or caption below another is the first one a walk from under it meets.
        Some("td" | "th" | "caption") => up.map(|u| Above {
            holder: Some(n),
            ..u
        }),
        _ => up,
    });
    ancestry
        .block_values(&values)
        .map(Option::flatten)
        .collect()
}

/// What the walk from a block up to its table finds.
struct Found {
    place: TablePlace,
    holder: Option<Holder>,
    /// The next table out of the block's table.
    outer: Option<NodeId>,
}

/// The table place of one block (`None` in no table, or without a tree node), its
/// cell or caption and the next table out, from what the walk up from its node finds
/// (`above`, asked only when the block's path may hold a table); the tables' columns
/// laid out once per table in `grids`.
fn place_in(
    block: &Block,
    doc: &Document,
    grids: &mut Grids,
    above: impl FnOnce() -> Option<Above>,
) -> Option<Found> {
    // Most blocks are in no table, and a whole path says so without a walk to the root
    // (a block's element holds no table before its first text: a table's cells open
    // blocks of their own).
    // (A substring search first: most paths hold no `table` at all.)
    let path = &block.dom_path;
    let names_a_table = path.contains("table") && path.split('.').any(|n| n == "table");
    if !is_shortened(path) && !names_a_table {
        return None;
    }
    // From the element holding the block's first text up to the nearest table, past
    // the first cell or caption on the way.
    let Above {
        table,
        holder,
        outer,
    } = above()?;
    let part = match holder {
        Some(holder) if fits_a_cell(&block.dom_path) => {
            if doc.element_name(holder) == Some("caption") {
                TablePart::Caption
            } else {
                let grid = grids
                    .entry(table.index())
                    .or_insert_with(|| lay_out(doc, table));
                match grid.get(&holder.index()) {
                    Some(&(row, column, header, footer)) => TablePart::Cell {
                        row,
                        column,
                        header,
                        footer,
                    },
                    None => TablePart::Other,
                }
            }
        }
        _ => TablePart::Other,
    };
    let holder = holder.map(|h| match doc.element_name(h) {
        Some("caption") => Holder::Caption,
        // A cell's row is its parent `tr` (a cell outside any row, which a parser
        // never makes, is a row of its own).
        _ => Holder::Cell {
            row: (doc.parent(h))
                .filter(|&r| doc.element_name(r) == Some("tr"))
                .unwrap_or(h)
                .index(),
        },
    });
    let place = TablePlace {
        table: table.index(),
        part,
    };
    Some(Found {
        place,
        holder,
        outer,
    })
}

/// Elements a one-line Markdown cell cannot hold: a block opened inside a cell under
/// one of them is [`TablePart::Other`].
const STRUCTURE: &[&str] = &[
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "menu",
    "dir",
    "dl",
    "dt",
    "dd",
    "pre",
    "listing",
    "xmp",
    "plaintext",
    "blockquote",
    "table",
    "form",
    "fieldset",
];

/// Whether a block whose `dom_path` is `path` is text of its cell (or caption): no
/// element after the last `td`, `th` or `caption` of the path is [`STRUCTURE`] (a `p`,
/// `div` or `br` in a cell is, as the cell's text). `false` when the path holds no
/// cell (a path cut short for depth).
fn fits_a_cell(path: &str) -> bool {
    for name in path.rsplit('.').map(|n| n.trim_start_matches('…')) {
        if matches!(name, "td" | "th" | "caption") {
            return true;
        }
        if STRUCTURE.contains(&name) {
            return false;
        }
    }
    false
}

/// Each table's cells (by tree index): their row (the `tr`'s tree index), column,
/// whether they are header cells and whether they are in a `tfoot`.
type Grids = HashMap<usize, HashMap<usize, Laid>>;

/// A cell's row, column, header and footer flags.
type Laid = (usize, usize, bool, bool);

/// The row and column of every cell of `table`, as HTML's table model lays them out
/// (simplified: its rows in tree order, each row group on its own): a cell takes the
/// first column that neither its row's earlier cells nor a `rowspan` from a row above
/// hold, and holds `colspan` columns for `rowspan` rows (`rowspan="0"`: to the end of
/// its row group). Columns past [`MAX_COLUMN`] are not told apart.
fn lay_out(doc: &Document, table: NodeId) -> HashMap<usize, Laid> {
    let mut cells = HashMap::new();
    let element_children = |id: NodeId| doc.children(id).filter(|&c| doc.element(c).is_some());
    // The row groups: `thead`, `tbody`, `tfoot` (the parser puts a row written
    // straight into a table into a `tbody`); rows outside them make one more group.
    let mut groups: Vec<(Option<&str>, Vec<NodeId>)> = Vec::new();
    let mut loose = Vec::new();
    for child in element_children(table) {
        match doc.element_name(child) {
            Some(name @ ("thead" | "tbody" | "tfoot")) => groups.push((
                Some(name),
                element_children(child)
                    .filter(|&r| doc.element_name(r) == Some("tr"))
                    .collect(),
            )),
            Some("tr") => loose.push(child),
            _ => {}
        }
    }
    groups.push((None, loose));
    for (group, rows) in groups {
        // `held[c]`: the first row of the group that column `c` is free again in.
        let mut held: Vec<usize> = Vec::new();
        for (r, &row) in rows.iter().enumerate() {
            let mut column = 0;
            for cell in element_children(row) {
                let name = doc.element_name(cell);
                if !matches!(name, Some("td" | "th")) {
                    continue;
                }
                while column < MAX_COLUMN && held.get(column).is_some_and(|&until| until > r) {
                    column += 1;
                }
                let header = name == Some("th") || group == Some("thead");
                let footer = group == Some("tfoot");
                cells.insert(cell.index(), (row.index(), column, header, footer));
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
pub const MAX_COLUMN: usize = 1000;

/// A cell's `colspan` or `rowspan` as HTML reads a non-negative integer: the digits
/// after any leading whitespace (`"2.5"` is 2), `None` without any.
fn span(doc: &Document, cell: NodeId, name: &str) -> Option<usize> {
    let value = doc.element(cell)?.attr(name)?.trim_start();
    let digits = value.bytes().take_while(u8::is_ascii_digit).count();
    // More digits than a column count needs are a huge number all the same.
    value[..digits.min(9)].parse::<usize>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tag_blocks::{split_at_tags, BLOCK_TAGS};
    use pith_dom::{parse_html, TagNames};

    /// A chain of elements named `names`, each in the one before, with a text in the
    /// last: the first element and the text.
    fn chain(doc: &mut Document, names: &[&str]) -> (NodeId, NodeId) {
        let text = doc.create(pith_dom::NodeData::Text("x".into()));
        let mut top = text;
        for name in names.iter().rev() {
            let element = pith_dom::NodeData::Element(pith_dom::Element::new(name, []));
            let element = doc.create(element);
            doc.append(element, top);
            top = element;
        }
        (top, text)
    }

    /// What the walk up from a node finds ([`Above`]'s table and holder), as one plain
    /// walk up from the node.
    fn plain_above(doc: &Document, node: NodeId) -> Option<(NodeId, Option<NodeId>)> {
        let mut holder = None;
        let table = doc.inclusive_ancestors(node).find(|&at| {
            let name = doc.element_name(at);
            if holder.is_none() && matches!(name, Some("td" | "th" | "caption")) {
                holder = Some(at);
            }
            name == Some("table")
        })?;
        Some((table, holder))
    }

    proptest::proptest! {
        /// The answers read down the blocks' paths are the plain walk's, whatever nodes
        /// the blocks stand on and in whatever order: tables in cells, cells without
        /// tables, captions, cells in cells and a detached subtree; and the next table
        /// out is the plain walk's from the table's parent.
        #[test]
        fn answers_read_down_the_paths_are_what_a_plain_walk_finds(
            pieces in proptest::collection::vec(0usize..14, 0..60),
            asked in proptest::collection::vec(0usize..1000, 0..80),
        ) {
            const PIECES: [&str; 14] = [
                "<table>", "</table>", "<tr>", "<td>", "</td>", "<th>", "<caption>",
                "</caption>", "<div>", "</div>", "<p>x</p>", "<ul><li>y", "text ",
                "<td><table><tr><td>z",
            ];
            let html: String = pieces.iter().map(|&i| PIECES[i]).collect();
            let mut doc = parse_html(&html);
            // Built by hand, as no parser nests them so: a cell in a cell (the lower
            // one is the holder), a caption in a cell, a table in a detached cell.
            let body = doc.body().unwrap_or(doc.root());
            let (nested, _) = chain(&mut doc, &["table", "td", "div", "th", "caption", "p"]);
            doc.append(body, nested);
            let (_, loose) = chain(&mut doc, &["td", "table", "tr", "td", "td"]);
            let mut all: Vec<NodeId> = doc.descendants(doc.root()).collect();
            all.extend(doc.inclusive_ancestors(loose).collect::<Vec<_>>());
            let blocks: Vec<Block> = asked
                .iter()
                .map(|&i| Block { node: Some(all[i % all.len()]), ..Block::default() })
                .collect();
            for (block, found) in blocks.iter().zip(tables_above(&doc, &blocks)) {
                let node = block.node.unwrap();
                proptest::prop_assert_eq!(found.map(|a| (a.table, a.holder)), plain_above(&doc, node));
                if let Some(found) = found {
                    let outer = doc.parent(found.table).and_then(|p| plain_above(&doc, p));
                    proptest::prop_assert_eq!(found.outer, outer.map(|(table, _)| table));
                }
            }
        }
    }

    #[test]
    fn holders_see_through_structure_and_outer_tables_are_known() {
        let doc = parse_html(
            "<table><caption><b>Caption</b></caption><tr><td><ul><li>listed</li></ul></td>\
             <td>plain</td></tr><tr><td>inner <table><tr><td>x</td></tr></table></td></tr>\
             </table><p>after</p>",
        );
        let blocks = split_at_tags(&doc, &TagNames::from(BLOCK_TAGS), |_, head| !head);
        let tables = read_tables(&blocks, &doc);
        assert_eq!(tables.places, table_places(&blocks, &doc));
        let at = |text: &str| blocks.iter().position(|b| b.text == text).expect(text);
        let (outer, inner) = (
            tables.places[at("plain")].unwrap().table,
            tables.places[at("x")].unwrap().table,
        );
        assert_ne!(outer, inner);
        assert_eq!(tables.holding, HashSet::from([outer]));
        assert_eq!(tables.holders[at("Caption")], Some(Holder::Caption));
        assert_eq!(tables.places[at("listed")].unwrap().part, TablePart::Other);
        let row_of = |text: &str| match tables.holders[at(text)] {
            Some(Holder::Cell { row }) => row,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            row_of("listed"),
            row_of("plain"),
            "a list in a cell is in its row"
        );
        assert_ne!(row_of("inner"), row_of("plain"));
        assert_eq!(tables.holders[at("after")], None);
        assert_eq!(tables.places[at("after")], None);
    }
}
