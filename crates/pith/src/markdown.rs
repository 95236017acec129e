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
//! Given the tree ([`TreeLayout`]), the inline code, strong, emphasis and strikethrough
//! the page wrote in a block ([`crate::inline`]) are written as `` `code` ``,
//! `**strong**`, `*emphasis*` and `~~struck~~` in paragraphs, headings, list items,
//! quotes and table cells (not in fenced text, which is as written; links are text
//! unless asked for, below): corpus builders want at least the code spans, as every
//! HTML-to-Markdown converter writes them. Markers go only where a CommonMark reader
//! reads them (a span whose markers would not flank is written without them), and the
//! escaping counts them, so the Markdown still reads back as the block's words (the
//! private module `spans` says how).
//!
//! Given the tree the blocks were cut from ([`TreeLayout`]), a data table's kept cells
//! are written as a table (GitHub's pipe tables, which most Markdown readers and
//! language-model corpora know), each in its row and column ([`crate::table`]); without
//! it, or for a page laid out in a table, each cell is a paragraph.
//!
//! Ordered list items are numbered from their list's first item: from the `ol`'s `start`
//! when the tree gives one (`<ol start="4">` is `4.`, `5.`; a start Markdown cannot
//! write, negative or of ten digits, is ignored), else from 1. An item of another `ol`
//! right after a list's items (a list continued after an ad the pipeline dropped)
//! carries on the count, or jumps to that `ol`'s `start` when it has one.
//!
//! Given the tree, the blocks of one `<li>` (`<li><p>a</p><p>b</p></li>`: the segmenters
//! cut a block at each paragraph) are one item: its further blocks are paragraphs
//! indented under its text, so the list has the page's items and numbers (without the
//! tree, each block is an item); and a code block's fence names the language its markup
//! names (`<pre><code class="language-rust">` opens ```` ```rust ````).
//!
//! A block the segmenter cut at a lone `<br>` ([`Block::after_line_break`]: an
//! address, a verse, `<li>a<br>b</li>`) is a further line of the paragraph, item or
//! quote before it, after a hard line break (two spaces at the line's end), when that
//! block was kept; two `<br>`s end a paragraph, as old pages use them. A heading's
//! lines stay headings, and a table cell's lines are one line of its cell. The lines
//! are escaped as one text, since a CommonMark reader reads them so: a `*` on one line
//! pairs with one on the next, a line may not open a heading, list item, fence or
//! quote (each can interrupt a paragraph), nor be `=` alone (it would make the lines
//! above a heading), and `|` is escaped (a table's rows could follow).
//!
//! Links are text unless asked for ([`MarkdownOptions::links`], the CLI's `--links`, as
//! trafilatura's `include_links` asks for them): then, given the tree, a block's links
//! ([`crate::inline::LinkSpan`]) are `[text](url)`, each `href` resolved against the
//! page's base (its `<base href>`, itself resolved against the page's URL, else that
//! URL; with neither, or a base without a scheme, as written). A link's text keeps its
//! inline spans; a link never holds a line break (each line of a paragraph is a block
//! of its own).

use std::borrow::Cow;
use std::io::{self, Write};

use pith_core::{Block, Extraction};
use pith_dom::Document;

use crate::inline::{InlineSpan, LinkSpan};
use crate::inline_images::{with_images, Placed};
use crate::layout::{OrderedList, TreeLayout, MAX_NUMBER};
use crate::marks::Marks;
use crate::shape::{block_shape, continues_line, BlockKind, BlockShape};
use crate::table::{segments, written, Cell, DataTable, Written};

mod spans;
use spans::spanned;

/// Writes the good blocks of `ex` as Markdown: one block per paragraph, separated by a
/// blank line, except consecutive list items, which form one list. Table cells are
/// paragraphs here, and ordered lists are numbered from 1; [`write_markdown_with_tables`]
/// writes tables as tables and numbers lists from their `start`.
pub fn write_markdown<W: Write>(out: &mut W, ex: &Extraction) -> io::Result<()> {
    write_markdown_with_tables(out, ex, None)
}

/// [`write_markdown`], with what the tree says of each block (`layout`, from
/// [`TreeLayout::read`]): ordered lists are numbered from their `start` (see the
/// module's docs), and the kept blocks of one table, when each is a cell's text or its
/// caption and the cells fill two rows and two columns at least, are written as a table
/// (GitHub's pipe tables): its caption first; its first row as the header when that
/// row's cells are header cells (`th`, `thead`), else an empty header; `tfoot` rows
/// last; each cell in its column (a cell the pipeline dropped is left empty, a column
/// with no cell kept left out). A table that holds headings, lists, quotes or code in
/// its cells, or a cell of more than [`MAX_CELL_CHARS`](crate::table::MAX_CELL_CHARS)
/// characters (a page laid out in a table), or more than
/// [`MAX_COLUMNS`](crate::table::MAX_COLUMNS) columns, is written as its blocks.
pub fn write_markdown_with_tables<W: Write>(
    out: &mut W,
    ex: &Extraction,
    layout: Option<&TreeLayout>,
) -> io::Result<()> {
    write_markdown_with(out, ex, layout, &MarkdownOptions::default())
}

/// What Markdown writes beyond the blocks, their shapes and their inline spans.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MarkdownOptions {
    /// Links as `[text](url)` (the CLI's `--links`); without, a link is its text. It
    /// takes the tree's layout: without it, there are no links to write.
    pub links: bool,
    /// The URL the page was fetched from, which its relative links are resolved
    /// against (through its `<base href>` when it has one); `None` for a page read from
    /// a file, whose links stay as written (or resolve against an absolute `<base>`).
    pub url: Option<String>,
    /// The images of the main text, as `![alt](src)` (the CLI's `--images`;
    /// [`crate::images`] says which). It takes the tree: without it, there are none.
    /// The writers write the image blocks they are given ([`Block::is_image`] with an
    /// [`image_src`](Block::image_src)) as images; [`crate::images::page_layout`] adds
    /// the page's.
    pub images: bool,
}

impl MarkdownOptions {
    /// The URL the page's links are resolved against: its `<base href>` resolved
    /// against `url`, else `url`, else an absolute `<base href>` (one without a scheme
    /// resolves nothing).
    pub fn base(&self, ex: &Extraction) -> Option<String> {
        match (&self.url, &ex.metadata.base_href) {
            (Some(url), Some(base)) => Some(crate::url::resolve(url, base)),
            (Some(url), None) => Some(url.clone()),
            (None, base) => base.clone(),
        }
    }
}

/// [`write_markdown_with_tables`], with `options` (links).
pub fn write_markdown_with<W: Write>(
    out: &mut W,
    ex: &Extraction,
    layout: Option<&TreeLayout>,
    options: &MarkdownOptions,
) -> io::Result<()> {
    let marks = Marks::new(ex, layout, options);
    let mut previous: Option<BlockShape> = None;
    let mut lists = Lists::default();
    let segments = segments(ex, layout.map(|l| l.tables.as_slice()));
    for piece in written(&segments, continues_line) {
        match piece {
            Written::Lines(lines) => {
                let i = lines[0].0;
                let place = Place {
                    list: layout.and_then(|l| l.list(i)),
                    spans: marks.spans(i),
                    links: marks.links(i),
                    item: layout.and_then(|l| l.item(i)),
                    language: layout.and_then(|l| l.language(i)),
                };
                let paragraph = BlockLines {
                    lines,
                    marks: &marks,
                };
                previous = Some(write_one(out, ex, &paragraph, place, previous, &mut lists)?);
            }
            Written::Table(table) => {
                let shape = BlockShape {
                    kind: BlockKind::Paragraph,
                    quote_depth: block_shape(table.first).quote_depth,
                };
                let quote = "> ".repeat(shape.quote_depth);
                for &(i, caption) in &table.captions {
                    separate(out, previous, shape)?;
                    let text = spanned(caption, marks.spans(i), marks.links(i), false);
                    writeln!(out, "{quote}{text}")?;
                    previous = Some(shape);
                }
                separate(out, previous, shape)?;
                write_table(out, table, &marks, &quote)?;
                previous = Some(shape);
                lists = Lists::default();
            }
        }
    }
    Ok(())
}

/// One paragraph to write: a block, and the blocks that are its further lines
/// ([`continues_line`]), each with its index in the extraction; and what is marked in
/// their text.
struct BlockLines<'a> {
    lines: Vec<(usize, &'a Block)>,
    marks: &'a Marks<'a>,
}

impl BlockLines<'_> {
    /// The first block.
    fn first(&self) -> (usize, &Block) {
        self.lines[0]
    }

    /// The Markdown of each line, with its spans, escaped as one text: a paragraph of
    /// one line as [`spanned`] writes a block's text (`pipes`: with `|` escaped), of
    /// several as [`spans::spanned_lines`] does.
    fn texts(&self, pipes: bool) -> Vec<String> {
        let marks = self.marks;
        if let [(i, block)] = self.lines.as_slice() {
            if let Some(src) = marks.image_src(block) {
                let link = marks.links(*i).first().map(|l| l.href.as_str());
                return vec![image(&block.text, src, link)];
            }
        }
        let placed: Vec<Placed<'_>> = (self.lines.iter())
            .map(|&(i, b)| {
                with_images(
                    &b.text,
                    marks.spans(i),
                    marks.links(i),
                    marks.inline_images(i),
                )
            })
            .collect();
        let written = match placed.as_slice() {
            [line] => vec![spanned(&line.text, &line.spans, &line.links, pipes)],
            lines => spans::spanned_lines(
                &(lines.iter())
                    .map(|l| (l.text.as_ref(), l.spans.as_ref(), l.links.as_ref()))
                    .collect::<Vec<_>>(),
            ),
        };
        // One written line per line.
        (written.into_iter().zip(&placed))
            .map(|(out, line)| {
                line.fill(out, |img, in_link| {
                    let link = img.link.as_deref().filter(|_| !in_link);
                    image(&img.alt, &img.src, link)
                })
            })
            .collect()
    }
}

/// Writes a paragraph's lines: the first after `lead`, each further one after a hard
/// line break (two spaces at the line's end, CommonMark's, which a reader does not
/// see, unlike a `\`) and `indent` (the quotes around it, and the indentation of the
/// item whose text it is).
fn write_lines<W: Write>(
    out: &mut W,
    lead: &str,
    indent: &str,
    lines: &[String],
) -> io::Result<()> {
    let mut lines = lines.iter();
    write!(out, "{lead}{}", lines.next().map_or("", String::as_str))?;
    for line in lines {
        write!(out, "  \n{indent}{line}")?;
    }
    writeln!(out)
}

/// What the tree says of one block ([`TreeLayout`]): the ordered list it is an item
/// of, its inline spans and links, the `li` it is (in) the item of, and its code's
/// language.
#[derive(Clone, Copy, Default)]
struct Place<'a> {
    list: Option<OrderedList>,
    spans: &'a [InlineSpan],
    links: &'a [LinkSpan],
    item: Option<usize>,
    language: Option<&'a str>,
}

/// The lists open at the block being written, outermost first, so ordered items are
/// numbered (1, 2, 3, or from their list's `start`) and a nested item is indented
/// under its parent's text; and the `li` of the last item written, whose further
/// blocks are paragraphs of that item.
#[derive(Default)]
struct Lists {
    levels: Vec<Level>,
    last_li: Option<usize>,
}

/// One open list: whether it is ordered, its last item's number, and the `ol` that
/// item belongs to (when the tree told).
#[derive(Clone, Copy, Default)]
struct Level {
    ordered: bool,
    number: u32,
    list: Option<usize>,
}

impl Lists {
    /// Counts an item at `depth` (1: the outermost list), of the ordered list `list`
    /// when the tree told, closing deeper lists; returns its indentation and marker.
    fn item(&mut self, ordered: bool, depth: usize, list: Option<OrderedList>) -> (String, String) {
        self.levels.truncate(depth);
        let begins = self
            .levels
            .get(depth - 1)
            .is_none_or(|l| l.ordered != ordered);
        self.levels.resize(depth, Level::default());
        let level = &mut self.levels[depth - 1];
        // A layout built by hand (its fields are public) may hold a start that
        // Markdown cannot write: ignored, as `TreeLayout::read` ignores it.
        let start = (list.and_then(|l| l.start)).filter(|&s| s <= MAX_NUMBER);
        let another_list = list.is_some_and(|l| level.list.is_some_and(|at| at != l.list));
        level.number = match start {
            Some(start) if begins || another_list => start,
            _ if begins => 1,
            // A number past Markdown's nine digits would end the list: the same number
            // again still reads as the next item.
            _ => (level.number + 1).min(MAX_NUMBER),
        };
        level.ordered = ordered;
        level.list = list.map(|l| l.list);
        let l = self.levels[depth - 1];
        (self.text_indent(depth - 1), marker(l.ordered, l.number))
    }

    /// The indentation of the text of the last item counted at `depth` (0: none),
    /// under which a further paragraph of that item, or an item nested in it, is
    /// written.
    fn text_indent(&self, depth: usize) -> String {
        let width: usize = (self.levels.iter().take(depth))
            .map(|l| marker(l.ordered, l.number).len() + 1)
            .sum();
        " ".repeat(width)
    }
}

/// An item's marker: its number for an ordered list, else `-`.
fn marker(ordered: bool, number: u32) -> String {
    if ordered {
        format!("{number}.")
    } else {
        "-".to_owned()
    }
}

/// Writes one good block and its further lines (`paragraph`; `place`, what the tree
/// says of its first block) after the block of shape `previous`; returns its shape. A
/// list item's block after a block of the same `li` (`<li><p>a</p><p>b</p></li>`) is a
/// further paragraph of that item, indented under its text, not an item of its own:
/// the list keeps its numbers.
fn write_one<W: Write>(
    out: &mut W,
    ex: &Extraction,
    paragraph: &BlockLines<'_>,
    place: Place<'_>,
    previous: Option<BlockShape>,
    lists: &mut Lists,
) -> io::Result<BlockShape> {
    let (i, block) = paragraph.first();
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
    if let (
        BlockKind::ListItem { .. },
        Some(
            above @ BlockShape {
                kind: BlockKind::ListItem { depth, .. },
                quote_depth,
            },
        ),
        Some(item),
    ) = (shape.kind, previous, place.item)
    {
        if quote_depth == shape.quote_depth && lists.last_li == Some(item) {
            let quote = "> ".repeat(quote_depth);
            writeln!(out, "{}", quote.trim_end())?;
            let indent = format!("{quote}{}", lists.text_indent(depth));
            write_lines(out, &indent, &indent, &paragraph.texts(true))?;
            return Ok(above);
        }
    }
    separate(out, previous, shape)?;
    write_block(out, shape, paragraph, place, lists)?;
    lists.last_li = match shape.kind {
        BlockKind::ListItem { .. } => place.item,
        _ => None,
    };
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

/// Writes a data table's rows, each line after `quote`: the page's header row, or an
/// empty one (a pipe table must have one), then the rule, then the rows; every cell
/// on one line with its inline markers and `|` escaped (nothing opens a block inside
/// a cell), and its blocks' spans (from `layout`) written.
fn write_table<W: Write>(
    out: &mut W,
    table: &DataTable<'_>,
    marks: &Marks<'_>,
    quote: &str,
) -> io::Result<()> {
    let cell = |c: &Cell| spanned(&c.text, &marks.cell_spans(c), &marks.cell_links(c), true);
    let width = table.width();
    match &table.header {
        Some(h) => writeln!(out, "{quote}{}", pipe_row(h.iter().map(cell)))?,
        None => writeln!(
            out,
            "{quote}{}",
            pipe_row((0..width).map(|_| String::new()))
        )?,
    }
    let rule = (0..width).map(|_| "---".to_owned());
    writeln!(out, "{quote}{}", pipe_row(rule))?;
    for row in &table.rows {
        writeln!(out, "{quote}{}", pipe_row(row.iter().map(cell)))?;
    }
    Ok(())
}

/// One line of a pipe table: `| a | b |`.
fn pipe_row(cells: impl Iterator<Item = String>) -> String {
    let mut line = String::from("|");
    for c in cells {
        line.push(' ');
        line.push_str(&c);
        line.push_str(" |");
    }
    line
}

/// The Markdown of the good blocks as a string, data tables as tables and ordered lists
/// numbered from their `start`: `tree` is the document the blocks were cut from
/// ([`Pipeline::run_bytes_and_tree`](pith_core::Pipeline::run_bytes_and_tree) or
/// [`run_str_and_tree`](pith_core::Pipeline::run_str_and_tree) return it).
pub fn to_markdown_with_tables(ex: &Extraction, tree: &Document) -> String {
    to_markdown_with(ex, tree, &MarkdownOptions::default())
}

/// [`to_markdown_with_tables`], with `options` (links, images).
pub fn to_markdown_with(ex: &Extraction, tree: &Document, options: &MarkdownOptions) -> String {
    let (ex, layout) = crate::images::page_layout(ex, Some(tree), options);
    let mut out = Vec::new();
    write_markdown_with(&mut out, &ex, layout.as_ref(), options)
        .expect("writing to a Vec never fails");
    String::from_utf8(out).expect("the blocks are UTF-8")
}

/// The Markdown of the good blocks as a string (table cells as paragraphs, ordered
/// lists numbered from 1: without the tree, a block's place in a table and its list's
/// `start` are unknown; see [`to_markdown_with_tables`]).
pub fn to_markdown(ex: &Extraction) -> String {
    let mut out = Vec::new();
    write_markdown(&mut out, ex).expect("writing to a Vec never fails");
    String::from_utf8(out).expect("the blocks are UTF-8")
}

/// Writes one block of shape `shape` (`paragraph`'s first, with its further lines when
/// it is text or an item); `lists` numbers a list item (of the ordered list `list`,
/// when known) and indents it, and closes every list at any other block.
fn write_block<W: Write>(
    out: &mut W,
    shape: BlockShape,
    paragraph: &BlockLines<'_>,
    place: Place<'_>,
    lists: &mut Lists,
) -> io::Result<()> {
    let block = paragraph.first().1;
    let (text, spans, links) = (block.text.as_str(), place.spans, place.links);
    let quote = "> ".repeat(shape.quote_depth);
    if !matches!(shape.kind, BlockKind::ListItem { .. }) {
        *lists = Lists::default();
    }
    match shape.kind {
        BlockKind::Heading(level) => {
            let hashes = "#".repeat(usize::from(level));
            writeln!(
                out,
                "{quote}{hashes} {}",
                escape_heading(text, spans, links)
            )
        }
        BlockKind::ListItem { ordered, depth } => {
            // `|` is escaped in an item: items follow each other line after line, so an
            // item `- a | b` before an item `- |` would be read as a table's header and
            // delimiter rows (a paragraph, alone between blank lines, cannot be).
            let (indent, marker) = lists.item(ordered, depth, place.list);
            let lead = format!("{quote}{indent}{marker} ");
            let under = format!("{quote}{indent}{}", " ".repeat(marker.len() + 1));
            write_lines(out, &lead, &under, &paragraph.texts(true))
        }
        BlockKind::Preformatted => {
            let text = block.shown_text();
            let fence = fence_for(text);
            // The info string: letters, digits and `+-_.#` only (`TreeLayout`).
            let language = place.language.unwrap_or("");
            writeln!(out, "{quote}{fence}{language}")?;
            for line in text.lines() {
                writeln!(out, "{quote}{line}")?;
            }
            writeln!(out, "{quote}{fence}")
        }
        BlockKind::Paragraph => write_lines(out, &quote, &quote, &paragraph.texts(false)),
    }
}

/// A backtick fence longer than any run of backticks in the text.
fn fence_for(text: &str) -> String {
    "`".repeat((longest_run(text, '`') + 1).max(3))
}

/// The longest run of `c` in `text`.
fn longest_run(text: &str, c: char) -> usize {
    let mut longest = 0;
    let mut run = 0;
    for x in text.chars() {
        run = if x == c { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

/// Escapes what CommonMark (with GitHub's tables and strikethrough) would read as
/// markup in a block's text, written on one line: inline markers where they could
/// open or close something, and at the start of the text what would open a heading,
/// quote, list or thematic break. Only what needs it is escaped (an `_` inside a word,
/// a `#` or `&` in running text stay as they are), so the text reads back as the same
/// text and a reader of the Markdown sees it as written.
pub fn escape(text: &str) -> String {
    escape_line_start(escape_inline(&one_line(text), false))
}

/// The text on one line: jusText's paragraphs keep the page's line breaks (as the
/// reference's `normalize_whitespace` does), which Markdown would read as the end of a
/// heading, a table row or a list item.
fn one_line(text: &str) -> Cow<'_, str> {
    if text.contains(['\n', '\r']) {
        Cow::Owned(text.replace(['\n', '\r'], " "))
    } else {
        Cow::Borrowed(text)
    }
}

/// Which inline markers a block's text (or the pieces of it outside its spans) has
/// two runs of or more, so that one could pair with another: those are escaped.
#[derive(Clone, Copy, Debug, Default)]
struct Paired {
    stars: bool,
    ticks: bool,
    tildes: bool,
    underscores: bool,
    /// A code span holds a `]`: a `[` at the start would open a link reference
    /// definition (`[a]: b`), whose label ends at the first `]`, in code or not.
    code_brackets: bool,
}

impl Paired {
    /// The markers `text` has two runs of or more.
    fn of(text: &str) -> Paired {
        let mut paired = Paired::default();
        paired.count([text]);
        paired
    }

    /// Sets the markers that have two runs or more in `pieces` together (a run ends
    /// with its piece: what follows it is a code span or another marker).
    fn count<'a>(&mut self, pieces: impl IntoIterator<Item = &'a str>) {
        let mut runs = [0usize; 4];
        for piece in pieces {
            for (n, marker) in runs.iter_mut().zip(['*', '`', '~', '_']) {
                *n += runs_of(piece, marker);
            }
        }
        self.stars |= runs[0] >= 2;
        self.ticks |= runs[1] >= 2;
        self.tildes |= runs[2] >= 2;
        self.underscores |= runs[3] >= 2;
    }
}

/// An image as Markdown: `![alt](src)`, its text escaped as a link's (every bracket)
/// on one line; inside its link, `[![alt](src)](href)`, when it has one.
fn image(alt: &str, src: &str, link: Option<&str>) -> String {
    let alt = one_line(alt);
    let piece = Piece {
        in_link: true,
        pipes: true,
        ..Piece::default()
    };
    let alt = escape_piece(&alt, &Paired::of(&alt), piece);
    let image = format!("![{alt}]({})", spans::destination(src));
    match link {
        Some(href) => format!("[{image}]({})", spans::destination(href)),
        None => image,
    }
}

/// Escapes the inline markers where they could open or close something, and nowhere
/// else (a reader of the Markdown, a language model among them, sees the text as
/// written):
/// - `*`, `` ` ``, `~`: when the text has two runs of that character or more (emphasis,
///   a code span and strikethrough each need an opening run and a closing one; one run
///   is text); `_` on the same condition, and then but between two letters or digits
///   (where it cannot emphasise);
/// - `]` before `(`, `[` or `:` (a link, a reference, a reference's definition: without
///   a definition, which this rule leaves none of, `[1]` is text), and `[` of a task
///   list's box (`[ ]`, `[x]`) at the start;
/// - `<` before a letter, `/`, `!` or `?` (an HTML tag, comment or autolink);
/// - `\` before ASCII punctuation or at the end (elsewhere it is a backslash);
/// - `&` where it starts what reads as an entity (`&amp;`, `&#38;`);
/// - `|` with `pipes` (cells and list items).
fn escape_inline(text: &str, pipes: bool) -> String {
    let piece = Piece {
        at_start: true,
        pipes,
        ..Piece::default()
    };
    escape_piece(text, &Paired::of(text), piece)
}

/// Where a piece of a block's text is, for [`escape_piece`].
#[derive(Clone, Copy, Debug, Default)]
struct Piece {
    /// The piece starts the text.
    at_start: bool,
    /// `|` is escaped (cells, list items, paragraphs of several lines).
    pipes: bool,
    /// The piece is (part of) a link's text: every `[` and `]` is escaped.
    in_link: bool,
    /// A link's `[` follows the piece: a `]` or `!` at its end is escaped.
    before_link: bool,
}

/// [`escape_inline`] for a piece of a block's text between its spans' markers:
/// `paired` says which markers have two runs or more in the block (its markers
/// counted), `piece` where the piece is. What follows the piece is a marker, a code
/// span or a link's bracket (punctuation), so its end is the end of a text: a `\`
/// there is escaped, a `]` or `&` there opens nothing, unless a link follows.
fn escape_piece(text: &str, paired: &Paired, piece: Piece) -> String {
    let Piece {
        at_start,
        pipes,
        in_link,
        before_link,
    } = piece;
    let mut out = String::with_capacity(text.len() + 8);
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices() {
        let rest = &text[i + c.len_utf8()..];
        let next = rest.chars().next();
        let escaped = match c {
            '*' => paired.stars,
            '`' => paired.ticks,
            '~' => paired.tildes,
            '_' => {
                paired.underscores
                    && !(prev.is_some_and(char::is_alphanumeric)
                        && next.is_some_and(char::is_alphanumeric))
            }
            '[' | ']' if in_link => true,
            ']' => matches!(next, Some('(' | '[' | ':')) || (before_link && next.is_none()),
            '!' => before_link && next.is_none(),
            '[' => {
                at_start
                    && i == 0
                    && (paired.code_brackets
                        || ["[ ]", "[x]", "[X]"]
                            .iter()
                            .any(|box_| text.starts_with(box_)))
            }
            '<' => next.is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, '/' | '!' | '?')),
            '\\' => next.is_none_or(|n| n.is_ascii_punctuation()),
            '&' => could_be_entity(rest),
            '|' => pipes,
            _ => false,
        };
        if escaped {
            out.push('\\');
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// How many runs of `marker` (one or more in a row) `text` has, counting to two.
fn runs_of(text: &str, marker: char) -> usize {
    let mut runs = 0;
    let mut in_run = false;
    for c in text.chars() {
        let is = c == marker;
        if is && !in_run {
            runs += 1;
            if runs == 2 {
                break;
            }
        }
        in_run = is;
    }
    runs
}

/// Whether the text after an `&` makes it an entity or character reference: `#`, then
/// letters or digits (at most 32), then `;`.
fn could_be_entity(rest: &str) -> bool {
    let name = rest.strip_prefix('#').unwrap_or(rest);
    let len = name.bytes().take_while(u8::is_ascii_alphanumeric).count();
    (1..=32).contains(&len) && name.as_bytes().get(len) == Some(&b';')
}

/// What would open a block at the start of a line: `#` to `######` before a space (a
/// heading), `>` (a quote), `+`, `-` or `*` before a space (a list item), a line of
/// `-`, `*` or `_` (a thematic break), three backticks or tildes (a code fence), `1.`
/// or `1)` before a space (an ordered item).
fn escape_line_start(text: String) -> String {
    let bytes = text.as_bytes();
    let after = |n: usize| matches!(bytes.get(n), None | Some(b' ' | b'\t'));
    let run = |b: u8| bytes.iter().take_while(|&&c| c == b).count();
    // A line of `b` (and spaces) only, `at_least` of them: a thematic break. Any
    // number of `-` is one after a list item's `- `.
    let only = |b: u8, at_least: usize| {
        text.bytes().all(|c| c == b || matches!(c, b' ' | b'\t'))
            && text.bytes().filter(|&c| c == b).count() >= at_least
    };
    let opens = match bytes.first() {
        Some(b'#') => {
            let hashes = run(b'#');
            hashes <= 6 && after(hashes)
        }
        Some(b'>') => true,
        Some(b'+') => after(1),
        Some(b'-') => after(1) || only(b'-', 1),
        Some(b'*') => after(1) || only(b'*', 3),
        Some(b'_') => only(b'_', 3),
        Some(&b @ (b'`' | b'~')) => run(b) >= 3,
        _ => false,
    };
    if opens {
        return format!("\\{text}");
    }
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if (1..=9).contains(&digits)
        && matches!(bytes.get(digits), Some(b'.' | b')'))
        && after(digits + 1)
    {
        return format!("{}\\{}", &text[..digits], &text[digits..]);
    }
    text
}

/// A heading's escaped text with its spans, with a run of `#` at its end after a space
/// escaped (it would close the heading).
fn escape_heading(text: &str, spans: &[InlineSpan], links: &[LinkSpan]) -> String {
    let escaped = spanned(text, spans, links, false);
    let body = escaped.trim_end();
    let run = body.len() - body.trim_end_matches('#').len();
    let at = body.len() - run;
    if run > 0 && at > 0 && matches!(body.as_bytes()[at - 1], b' ' | b'\t') {
        format!("{}\\{}", &escaped[..at], &escaped[at..])
    } else {
        escaped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            escape("a *b* _c_ [d](e) <f> ~~g~~"),
            r"a \*b\* \_c\_ [d\](e) \<f> \~\~g\~\~"
        );
        assert_eq!(escape("[d][e] and [f]: g"), r"[d\][e] and [f\]: g");
        assert_eq!(escape("C:\\Users\\* <!-- x"), r"C:\Users\\* \<!-- x");
        assert_eq!(escape("* not an item"), r"\* not an item");
        assert_eq!(escape("***"), r"\***");
        assert_eq!(escape("___"), r"\___");
        assert_eq!(escape("```rust"), r"\```rust");
        assert_eq!(escape("~~~ x"), r"\~~~ x");
        assert_eq!(escape("[x] done, [y] not"), r"\[x] done, [y] not");
        assert_eq!(escape("# not a heading"), r"\# not a heading");
        assert_eq!(escape("> not a quote"), r"\> not a quote");
        assert_eq!(escape("- not an item"), r"\- not an item");
        assert_eq!(escape("---"), r"\---");
        assert_eq!(escape("1984. A year"), r"1984\. A year");
        assert_eq!(escape("plain text, 1. ok"), "plain text, 1. ok");
        assert_eq!(
            escape("&amp; and &#38; stay text"),
            r"\&amp; and \&#38; stay text"
        );
    }

    #[test]
    fn only_what_needs_it_is_escaped() {
        for text in [
            "Smith & Wesson, Q&A at AT&T, S&P 500",
            "issue #326 of C# in a paragraph",
            "recipe_nehudeem and snake_case_names",
            "1.9 - 1.27 and -Illissius",
            "#hashtag, a > b, a | b",
            // One run of a marker has nothing to pair with; brackets without a link.
            "Terms apply*, ~200 km, C:\\Users\\Ann, it`s, _init",
            "5 * 3 = 15",
            "Smith [1] says [sic] that a < b <= c and <3",
        ] {
            assert_eq!(escape(text), text);
        }
    }

    #[test]
    fn a_list_item_escapes_pipes() {
        // `- |0` over `  - |` read as a table's header and delimiter rows (found by
        // the read-back property test).
        assert_eq!(spanned("|0", &[], &[], true), r"\|0");
        assert_eq!(escape("|0"), "|0");
    }

    #[test]
    fn a_line_break_in_a_block_is_a_space() {
        assert_eq!(
            escape("The history\nof the town"),
            "The history of the town"
        );
        assert_eq!(
            escape("first line\n- not an item"),
            r"first line - not an item"
        );
    }

    #[test]
    fn a_heading_keeps_a_closing_hash() {
        assert_eq!(escape_heading("Issue #", &[], &[]), r"Issue \#");
        assert_eq!(escape_heading("Learn C#", &[], &[]), "Learn C#");
    }

    /// The `justext` preset's blocks of `html` and its tree, every block kept but those
    /// whose text is in `dropped`.
    fn kept_but(html: &str, dropped: &[&str]) -> (Extraction, Document) {
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
        (ex, doc)
    }

    /// The Markdown of `html` with every block kept but those whose text is in
    /// `dropped`, tables read from the tree (the `justext` preset's blocks).
    fn markdown_of(html: &str, dropped: &[&str]) -> String {
        let (ex, doc) = kept_but(html, dropped);
        let layout = TreeLayout::read(&ex, &doc);
        let mut out = Vec::new();
        write_markdown_with_tables(&mut out, &ex, Some(&layout)).unwrap();
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
    fn a_table_without_header_cells_has_an_empty_header_and_its_footer_last() {
        let md = markdown_of(
            "<table><tfoot><tr><td>Total</td><td>30</td></tr></tfoot>\
             <tr><td>Apples<br>and pears</td><td><p>10</p></td></tr>\
             <tr><td>Plums</td><td><div>20</div></td></tr></table>",
            &[],
        );
        assert_eq!(
            md,
            "|  |  |\n| --- | --- |\n| Apples and pears | 10 |\n| Plums | 20 |\n| Total | 30 |\n"
        );
    }

    #[test]
    fn too_wide_or_too_long_is_paragraphs() {
        let row = |n: usize, text: &str| {
            let cells: String = (0..n).map(|i| format!("<td>{text}{i}</td>")).collect();
            format!("<tr>{cells}</tr>")
        };
        let wide = markdown_of(
            &format!("<table>{}{}</table>", row(65, "h"), row(65, "v")),
            &[],
        );
        assert!(!wide.contains("| --- |"), "{wide}");
        let long = "word ".repeat(250);
        let md = markdown_of(
            &format!("<table>{}{}</table>", row(2, "a"), row(2, &long)),
            &[],
        );
        assert!(!md.contains("| --- |"), "{md}");
        let md = markdown_of(
            &format!("<table>{}{}</table>", row(64, "h"), row(64, "v")),
            &[],
        );
        assert!(md.contains("| --- |"), "64 columns are a table: {md}");
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
        let md = to_markdown(&kept_but(STANDINGS, &[]).0);
        assert!(!md.contains("| --- |"), "{md}");
        assert!(md.contains("\n\nKyle Busch\n\n"), "{md}");
    }

    #[test]
    fn a_list_counts_on_from_its_start_but_past_nine_digits() {
        let md = markdown_of(
            "<ol start=999999998><li>a</li><li>b</li><li>c</li></ol>",
            &[],
        );
        assert_eq!(md, "999999998. a\n999999999. b\n999999999. c\n");
    }

    #[test]
    fn an_item_of_the_same_list_after_a_nested_list_counts_on() {
        // The nested list is another `ol` with a start, at another level: the outer
        // list's count goes on under it.
        let md = markdown_of(
            "<ol start=3><li>a<ol start=7><li>x</li></ol></li><li>b</li></ol>",
            &[],
        );
        assert_eq!(md, "3. a\n   7. x\n4. b\n");
    }

    #[test]
    fn a_hand_built_start_of_ten_digits_is_ignored() {
        let (ex, doc) = kept_but("<ol start=5><li>a</li><li>b</li></ol>", &[]);
        let mut layout = TreeLayout::read(&ex, &doc);
        for list in layout.lists.iter_mut().flatten() {
            list.start = Some(MAX_NUMBER + 1);
        }
        let mut out = Vec::new();
        write_markdown_with_tables(&mut out, &ex, Some(&layout)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "1. a\n2. b\n");
    }

    #[test]
    fn without_the_tree_lists_count_from_one() {
        let (ex, _) = kept_but("<ol start=5><li>a</li><li>b</li></ol>", &[]);
        assert_eq!(to_markdown(&ex), "1. a\n2. b\n");
    }

    /// The Markdown of `html` with the `declutter` preset (every block kept, cut at
    /// block tags and at every `<br>`), tables and items read from the tree.
    fn declutter_markdown(html: &str) -> String {
        let pipeline = crate::preset("declutter").expect("preset");
        let (ex, doc) = pipeline.run_str_and_tree(html).expect("runs");
        to_markdown_with_tables(&ex, &doc)
    }

    #[test]
    fn a_lone_br_is_a_hard_line_break() {
        let md = declutter_markdown(
            "<address>Pith Books<br>12 High Street</address>\
             <p>Roses are *red*<br>violets are *blue*<br>=====<br># no heading<br>- no item\
             <br>a | b<br>- | -</p><p>One.<br><br>Two.</p>\
             <ul><li>First<br>its second line</li><li>Second</li></ul>\
             <h2>Title<br>Subtitle</h2>",
        );
        assert_eq!(
            md,
            "Pith Books  \n12 High Street\n\n\
             Roses are \\*red\\*  \nviolets are \\*blue\\*  \n\\=====  \n\\# no heading  \n\
             \\- no item  \na \\| b  \n\\- \\| -\n\n\
             One.\n\nTwo.\n\n\
             - First  \n  its second line\n- Second\n\n\
             ## Title\n\n## Subtitle\n"
        );
    }

    #[test]
    fn a_line_after_a_dropped_block_is_a_paragraph() {
        let pipeline = crate::preset("declutter").expect("preset");
        let (mut ex, doc) = (pipeline.run_str_and_tree("<p>a<br>b<br>c</p>")).expect("runs");
        ex.labels[1] = pith_core::Label::Bad;
        assert_eq!(to_markdown_with_tables(&ex, &doc), "a\n\nc\n");
        // Without the tree, the blocks still say where a line breaks.
        ex.labels[1] = pith_core::Label::Good;
        assert_eq!(to_markdown(&ex), "a  \nb  \nc\n");
    }

    #[test]
    fn fences_outgrow_backticks_in_the_text() {
        assert_eq!(fence_for("no ticks"), "```");
        assert_eq!(fence_for("a ```` b"), "`````");
    }
}
