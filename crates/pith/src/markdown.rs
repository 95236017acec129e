//! `--format markdown`: the kept blocks as CommonMark, for corpus builders who feed text
//! to language models and want its structure (headings with their level, list items,
//! block quotes, preformatted text) without HTML.
//!
//! Each block's shape comes from its `dom_path` ([`crate::shape`]); its text is the
//! block's whitespace-normalised text, but a preformatted block's as written when the
//! segmenter kept it ([`Block::preformatted`](pith_core::Block::preformatted):
//! `declutter.blocks`, as the `pith` preset segments), so code keeps its lines and
//! indentation inside its fence. Characters that Markdown would read as markup are
//! escaped, so the text reads back as the same text.
//!
//! Given the tree the blocks were cut from, a data table's kept cells are written as a
//! table (GitHub's pipe tables, which most Markdown readers and language-model corpora
//! know), each in its row and column ([`crate::table`]); without it, or for a page laid
//! out in a table, each cell is a paragraph.

use std::io::{self, Write};

use pith_core::{Block, Extraction};
use pith_dom::Document;

use crate::shape::{block_shape, BlockKind, BlockShape};
use crate::table::{TablePart, TablePlace};

/// Writes the good blocks of `ex` as Markdown: one block per paragraph, separated by a
/// blank line, except consecutive list items, which form one list. Table cells are
/// paragraphs here; [`write_markdown_with_tables`] writes them as tables.
pub fn write_markdown<W: Write>(out: &mut W, ex: &Extraction) -> io::Result<()> {
    write_markdown_with_tables(out, ex, None)
}

/// [`write_markdown`], with each block's place in a table (`places`, one per block of
/// `ex`, from [`table_places`](crate::table::table_places)): the kept blocks of one
/// table, when each is a cell or its caption and the cells fill two rows and two
/// columns at least, are written as a table (GitHub's pipe tables), its caption first,
/// its first row as the header, each cell in its column (a cell the pipeline dropped is
/// left empty, a column with no cell kept left out). A table that holds paragraphs, lists or headings in its cells (a page
/// laid out in a table) is written as those blocks.
pub fn write_markdown_with_tables<W: Write>(
    out: &mut W,
    ex: &Extraction,
    places: Option<&[Option<TablePlace>]>,
) -> io::Result<()> {
    let good: Vec<(usize, &Block)> = ex.good_blocks_indexed().collect();
    let place = |k: usize| places.and_then(|p| p.get(good[k].0).copied().flatten());
    let mut previous: Option<BlockShape> = None;
    let mut k = 0;
    while k < good.len() {
        let Some(first) = place(k) else {
            previous = Some(write_one(out, ex, good[k], previous)?);
            k += 1;
            continue;
        };
        let end = (k..good.len())
            .find(|&e| place(e).is_none_or(|p| p.table != first.table))
            .unwrap_or(good.len());
        match Table::of((k..end).map(|e| (place(e).map(|p| p.part), good[e].1))) {
            Some(table) => {
                let quote_depth = block_shape(good[k].1).quote_depth;
                let shape = BlockShape {
                    kind: BlockKind::Paragraph,
                    quote_depth,
                };
                let quote = "> ".repeat(quote_depth);
                for caption in &table.captions {
                    separate(out, previous, shape)?;
                    writeln!(out, "{quote}{}", escape(caption))?;
                    previous = Some(shape);
                }
                separate(out, previous, shape)?;
                table.write(out, &quote)?;
                previous = Some(shape);
            }
            None => {
                for &block in &good[k..end] {
                    previous = Some(write_one(out, ex, block, previous)?);
                }
            }
        }
        k = end;
    }
    Ok(())
}

/// Writes one good block (`i`, its index in `ex`) after the block of shape `previous`;
/// returns its shape.
fn write_one<W: Write>(
    out: &mut W,
    ex: &Extraction,
    (i, block): (usize, &Block),
    previous: Option<BlockShape>,
) -> io::Result<BlockShape> {
    let mut shape = block_shape(block);
    if matches!(shape.kind, BlockKind::Heading(_)) && crate::output::heading_denied(ex, i) {
        // `--no-headings` (jusText's `no_headings`): no block is a heading.
        shape.kind = BlockKind::Paragraph;
    }
    // An item nests at most one level below the item before it: the outer items
    // may be boilerplate, and an item indented under no item would be a code block.
    if let BlockKind::ListItem { depth, .. } = &mut shape.kind {
        *depth = (*depth).min(match previous {
            Some(BlockShape {
                kind: BlockKind::ListItem { depth: above, .. },
                quote_depth,
            }) if quote_depth == shape.quote_depth => above + 1,
            _ => 1,
        });
    }
    separate(out, previous, shape)?;
    let text = match shape.kind {
        BlockKind::Preformatted => block.shown_text(),
        _ => &block.text,
    };
    write_block(out, shape, text)?;
    Ok(shape)
}

/// The blank line (inside the quotes both share) between a block of shape `previous`
/// and the next, of shape `next`; none between items of one list, or before the first.
fn separate<W: Write>(
    out: &mut W,
    previous: Option<BlockShape>,
    next: BlockShape,
) -> io::Result<()> {
    let Some(prev) = previous else {
        return Ok(());
    };
    let same_list = matches!(prev.kind, BlockKind::ListItem { .. })
        && matches!(next.kind, BlockKind::ListItem { .. })
        && prev.quote_depth == next.quote_depth;
    if !same_list {
        let quote = "> ".repeat(prev.quote_depth.min(next.quote_depth));
        writeln!(out, "{}", quote.trim_end())?;
    }
    Ok(())
}

/// A table's kept cells, row by row, each row as wide as the widest, and its caption.
struct Table<'a> {
    captions: Vec<&'a str>,
    rows: Vec<Vec<String>>,
}

/// The widest table written as one (wider rows are cut to it): a page's
/// `colspan="1000"` must not make every row a thousand cells.
const MAX_COLUMNS: usize = 64;

impl<'a> Table<'a> {
    /// The table of one table's kept blocks (in page order, each with its part), or
    /// `None` when a block is neither a cell nor the caption, or the cells fill fewer
    /// than two rows or two columns (a lone row or column reads better as paragraphs).
    /// A column no kept cell fills is left out.
    fn of(blocks: impl Iterator<Item = (Option<TablePart>, &'a Block)>) -> Option<Table<'a>> {
        let mut captions = Vec::new();
        let mut row_ids = Vec::new();
        let mut rows: Vec<Vec<String>> = Vec::new();
        for (part, block) in blocks {
            let (row_id, column) = match part? {
                TablePart::Cell { row, column } => (row, column),
                TablePart::Caption => {
                    captions.push(block.text.as_str());
                    continue;
                }
                TablePart::Other => return None,
            };
            let r = match row_ids.iter().rposition(|&id| id == row_id) {
                Some(r) => r,
                None => {
                    row_ids.push(row_id);
                    rows.push(Vec::new());
                    rows.len() - 1
                }
            };
            let column = column.min(MAX_COLUMNS - 1);
            let row = &mut rows[r];
            if row.len() <= column {
                row.resize(column + 1, String::new());
            }
            let cell = &mut row[column];
            if !cell.is_empty() {
                cell.push(' ');
            }
            // Nothing opens a block inside a cell: the inline markers and `|` are
            // escaped, and the text is the block's normalised text, on one line.
            cell.push_str(&escape_inline(&block.text));
        }
        // Columns no kept cell fills (spacers and borders of old layouts, or every
        // cell of the column dropped) are left out.
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let filled: Vec<bool> = (0..width)
            .map(|c| {
                rows.iter()
                    .any(|row| row.get(c).is_some_and(|t| !t.is_empty()))
            })
            .collect();
        for row in &mut rows {
            row.resize(width, String::new());
            let mut c = 0;
            row.retain(|_| {
                c += 1;
                filled[c - 1]
            });
        }
        if rows.len() < 2 || rows[0].len() < 2 {
            return None;
        }
        Some(Table { captions, rows })
    }

    /// Writes the table, each line after `quote`; the first row is the header.
    fn write<W: Write>(&self, out: &mut W, quote: &str) -> io::Result<()> {
        let line = |cells: &[String]| {
            let mut s = String::from("|");
            for c in cells {
                s.push(' ');
                s.push_str(c);
                s.push_str(" |");
            }
            s
        };
        writeln!(out, "{quote}{}", line(&self.rows[0]))?;
        let rule = vec!["---".to_owned(); self.rows[0].len()];
        writeln!(out, "{quote}{}", line(&rule))?;
        for row in &self.rows[1..] {
            writeln!(out, "{quote}{}", line(row))?;
        }
        Ok(())
    }
}

/// The Markdown of the good blocks as a string, data tables as tables: `tree` is the
/// document the blocks were cut from ([`Pipeline::run_bytes_and_tree`](pith_core::Pipeline::run_bytes_and_tree)
/// or [`run_str_and_tree`](pith_core::Pipeline::run_str_and_tree) return it).
pub fn to_markdown_with_tables(ex: &Extraction, tree: &Document) -> String {
    let places = crate::table::table_places(ex, tree);
    let mut out = Vec::new();
    write_markdown_with_tables(&mut out, ex, Some(&places)).expect("writing to a Vec never fails");
    String::from_utf8(out).expect("the blocks are UTF-8")
}

/// The Markdown of the good blocks as a string (table cells as paragraphs: without the
/// tree, a block's place in a table is unknown; see [`to_markdown_with_tables`]).
pub fn to_markdown(ex: &Extraction) -> String {
    let mut out = Vec::new();
    write_markdown(&mut out, ex).expect("writing to a Vec never fails");
    String::from_utf8(out).expect("the blocks are UTF-8")
}

fn write_block<W: Write>(out: &mut W, shape: BlockShape, text: &str) -> io::Result<()> {
    let quote = "> ".repeat(shape.quote_depth);
    match shape.kind {
        BlockKind::Heading(level) => {
            let hashes = "#".repeat(usize::from(level));
            writeln!(out, "{quote}{hashes} {}", escape(text))
        }
        BlockKind::ListItem { ordered, depth } => {
            // Four spaces per level nest under both `- ` and `1. ` items.
            let indent = "    ".repeat(depth - 1);
            let marker = if ordered { "1." } else { "-" };
            writeln!(out, "{quote}{indent}{marker} {}", escape(text))
        }
        BlockKind::Preformatted => {
            let fence = fence_for(text);
            writeln!(out, "{quote}{fence}")?;
            for line in text.lines() {
                writeln!(out, "{quote}{line}")?;
            }
            writeln!(out, "{quote}{fence}")
        }
        BlockKind::Paragraph => writeln!(out, "{quote}{}", escape(text)),
    }
}

/// A backtick fence longer than any run of backticks in the text.
fn fence_for(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    "`".repeat((longest + 1).max(3))
}

/// Escapes what CommonMark would read as markup: inline markers anywhere, and at the
/// start of the text what would open a heading, quote, list, fence or thematic break.
pub fn escape(text: &str) -> String {
    escape_line_start(escape_inline(text))
}

/// Escapes the inline markers, `|` (a table's cell border) and `#` (a heading's
/// trailing ` #` would close it) wherever they are.
fn escape_inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '#'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `+`, `-`, `=`, `~` or `1.`/`1)` at the start of a line would open a block (`#` and
/// `>` are escaped everywhere).
fn escape_line_start(text: String) -> String {
    let first = text.chars().next();
    if matches!(first, Some('+' | '-' | '=' | '~')) {
        return format!("\\{text}");
    }
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && matches!(text.as_bytes().get(digits), Some(b'.' | b')')) {
        return format!("{}\\{}", &text[..digits], &text[digits..]);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            escape("a *b* _c_ [d](e) <f>"),
            r"a \*b\* \_c\_ \[d\](e) \<f\>"
        );
        assert_eq!(escape("# not a heading"), r"\# not a heading");
        assert_eq!(escape("- not an item"), r"\- not an item");
        assert_eq!(escape("1984. A year"), r"1984\. A year");
        assert_eq!(escape("plain text, 1. ok"), "plain text, 1. ok");
    }

    /// The Markdown of `html` with every block kept but those whose text is in
    /// `dropped`, tables read from the tree (the `justext` preset's blocks).
    fn markdown_of(html: &str, dropped: &[&str]) -> String {
        let pipeline = crate::preset("justext").expect("preset");
        let (mut ex, doc) = pipeline.run_str_and_tree(html).expect("runs");
        ex.labels = (ex.blocks.iter())
            .map(|b| {
                if dropped.contains(&b.text.as_str()) {
                    pith_core::Label::Bad
                } else {
                    pith_core::Label::Good
                }
            })
            .collect();
        let places = crate::table::table_places(&ex, &doc);
        let mut out = Vec::new();
        write_markdown_with_tables(&mut out, &ex, Some(&places)).unwrap();
        String::from_utf8(out).unwrap()
    }

    const STANDINGS: &str = "<p>Before the table.</p><table><caption>Standings</caption>\
        <thead><tr><th>Pos.</th><th>Driver</th><th>Points</th></tr></thead>\
        <tbody><tr><td>1</td><td>Kyle Busch</td><td>5040</td></tr>\
        <tr><td>2</td><td>Martin Truex Jr. | MTJ</td><td>5035</td></tr></tbody></table>\
        <p>After the table.</p>";

    #[test]
    fn a_data_table_is_a_table() {
        assert_eq!(
            markdown_of(STANDINGS, &[]),
            "Before the table.\n\nStandings\n\n| Pos. | Driver | Points |\n\
             | --- | --- | --- |\n| 1 | Kyle Busch | 5040 |\n\
             | 2 | Martin Truex Jr. \\| MTJ | 5035 |\n\nAfter the table.\n"
        );
    }

    #[test]
    fn a_dropped_cell_leaves_its_column_empty() {
        let md = markdown_of(STANDINGS, &["Kyle Busch", "Standings"]);
        assert!(md.contains("\n| 1 |  | 5040 |\n"), "{md}");
    }

    #[test]
    fn a_layout_table_is_its_paragraphs() {
        let md = markdown_of(
            "<table><tr><td><h1>Title</h1><p>First paragraph.</p></td><td>Menu</td></tr>\
             <tr><td><p>Second paragraph.</p></td><td>More</td></tr></table>",
            &[],
        );
        assert_eq!(
            md,
            "# Title\n\nFirst paragraph.\n\nMenu\n\nSecond paragraph.\n\nMore\n"
        );
    }

    #[test]
    fn a_lone_row_or_column_is_paragraphs() {
        let row = markdown_of("<table><tr><td>a</td><td>b</td></tr></table>", &[]);
        assert_eq!(row, "a\n\nb\n");
        let column = markdown_of("<table><tr><td>a</td></tr><tr><td>b</td></tr></table>", &[]);
        assert_eq!(column, "a\n\nb\n");
    }

    #[test]
    fn without_places_cells_are_paragraphs() {
        let pipeline = crate::preset("justext").expect("preset");
        let mut ex = pipeline.run_str(STANDINGS).expect("runs");
        ex.labels = vec![pith_core::Label::Good; ex.blocks.len()];
        let md = to_markdown(&ex);
        assert!(!md.contains("| --- |"), "{md}");
        assert!(md.contains("\n\nKyle Busch\n\n"), "{md}");
    }

    #[test]
    fn fences_outgrow_backticks_in_the_text() {
        assert_eq!(fence_for("no ticks"), "```");
        assert_eq!(fence_for("a ```` b"), "`````");
    }
}
