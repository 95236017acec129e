//! `--format markdown` read back by a CommonMark parser (pulldown-cmark) gives the
//! blocks' texts back, one block each, whatever characters they hold and however the
//! headings, list items, quotes and preformatted blocks follow each other; and a data
//! table's cells, each in its row and column.

use pith::markdown::{to_markdown, write_markdown_with_tables};
use pith::table::table_places;
use pith::{Block, Pipeline};
use proptest::prelude::*;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// Paths of every shape the writer knows.
const PATHS: &[&str] = &[
    "html.body.p",
    "html.body.h2",
    "html.body.h6",
    "html.body.ul.li",
    "html.body.ol.li",
    "html.body.ul.li.ul.li",
    "html.body.ol.li.ul.li.ol.li",
    "html.body.blockquote.p",
    "html.body.blockquote.blockquote.p",
    "html.body.blockquote.ul.li",
    "html.body.pre",
    "html.body.blockquote.pre",
];

/// Words made of what Markdown reads as markup, digits, letters and non-ASCII.
fn word() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r"[-#*_`\[\]()<>&|\\!=~+.)0-9a-zé:;/\x22']{1,6}").unwrap()
}

/// Words joined by spaces, or now and then by a line break (jusText's paragraphs keep
/// the page's).
fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec((word(), proptest::bool::weighted(0.2)), 1..6).prop_map(|w| {
        let mut text = String::new();
        for (i, (word, line_break)) in w.iter().enumerate() {
            if i > 0 {
                text.push(if *line_break { '\n' } else { ' ' });
            }
            text.push_str(word);
        }
        text
    })
}

/// The text of every leaf block of the Markdown, in order.
fn read_back(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    let mut finish = |cur: &mut Option<String>| {
        if let Some(t) = cur.take() {
            out.push(t.trim_end_matches('\n').to_owned());
        }
    };
    // GitHub's extensions too: a task list's box would not read back as text.
    let gfm = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    for event in Parser::new_ext(md, gfm) {
        match event {
            Event::Start(Tag::Paragraph | Tag::Heading { .. } | Tag::CodeBlock(_) | Tag::Item) => {
                finish(&mut cur);
                cur = Some(String::new());
            }
            Event::Start(Tag::List(_)) => finish(&mut cur),
            Event::End(
                TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::CodeBlock | TagEnd::Item,
            ) => finish(&mut cur),
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => {
                cur.get_or_insert_with(String::new).push_str(&t)
            }
            Event::SoftBreak | Event::HardBreak => cur.get_or_insert_with(String::new).push(' '),
            _ => {}
        }
    }
    finish(&mut cur);
    out.retain(|t| !t.is_empty());
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_markdown_reads_back_as_the_blocks(
        blocks in proptest::collection::vec((proptest::sample::select(PATHS), text()), 1..8)
    ) {
        let pipeline = Pipeline::from_json(
            r#"{"version": 1, "segmenter": {"type": "justext.paragraphs"}, "default_label": "good"}"#,
        ).unwrap();
        let blocks: Vec<Block> = blocks
            .iter()
            .map(|(path, text)| Block {
                text: text.clone(),
                dom_path: path.to_string(),
                ..Block::default()
            })
            .collect();
        // A line break is a space but in preformatted text.
        let want: Vec<String> = blocks
            .iter()
            .map(|b| if b.dom_path.ends_with("pre") { b.text.clone() } else { b.text.replace('\n', " ") })
            .collect();
        let ex = pipeline.classify_blocks(blocks).unwrap();
        let md = to_markdown(&ex);
        prop_assert_eq!(read_back(&md), want, "markdown:\n{}", md);
    }
}

/// The cells of every table of the Markdown, row by row, as a GFM reader sees them.
fn read_tables(md: &str) -> Vec<Vec<Vec<String>>> {
    let mut tables: Vec<Vec<Vec<String>>> = Vec::new();
    let gfm = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    for event in Parser::new_ext(md, gfm) {
        match event {
            Event::Start(Tag::Table(_)) => tables.push(Vec::new()),
            Event::Start(Tag::TableHead | Tag::TableRow) => {
                tables.last_mut().unwrap().push(Vec::new())
            }
            Event::Start(Tag::TableCell) => {
                (tables.last_mut().unwrap().last_mut().unwrap()).push(String::new())
            }
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => {
                if let Some(cell) = (tables.last_mut())
                    .and_then(|t| t.last_mut())
                    .and_then(|r| r.last_mut())
                {
                    cell.push_str(&t);
                }
            }
            Event::End(TagEnd::Table) => {}
            _ => {}
        }
    }
    tables
}

/// Cell words: markup, digits, letters and non-ASCII, but no `<`, `>` or `&`, which
/// the page would have to escape.
fn cell_word() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r"[-#*_`\[\]()|\\!=~+.)0-9a-zé:;/\x22']{1,6}").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// A data table written as Markdown reads back, through a GFM reader, as the
    /// page's cells, each in its row and column, whatever characters they hold; its
    /// header is its first row when that row is of `th` cells, else empty.
    #[test]
    fn a_table_reads_back_as_its_cells(
        grid in (2usize..5, 2usize..5).prop_flat_map(|(rows, cols)| {
            proptest::collection::vec(
                proptest::collection::vec(
                    proptest::collection::vec(cell_word(), 1..4).prop_map(|w| w.join(" ")),
                    cols,
                ),
                rows,
            )
        }),
        headed in any::<bool>(),
    ) {
        let mut html = String::from("<table>");
        for (r, row) in grid.iter().enumerate() {
            html.push_str("<tr>");
            let tag = if headed && r == 0 { "th" } else { "td" };
            for cell in row {
                html.push_str(&format!("<{tag}>{cell}</{tag}>"));
            }
            html.push_str("</tr>");
        }
        html.push_str("</table>");
        let pipeline = Pipeline::from_json(
            r#"{"version": 1, "segmenter": {"type": "justext.paragraphs"}, "default_label": "good"}"#,
        ).unwrap();
        let (ex, tree) = pipeline.run_str_and_tree(&html).unwrap();
        let places = table_places(&ex, &tree);
        let mut md = Vec::new();
        write_markdown_with_tables(&mut md, &ex, Some(&places)).unwrap();
        let md = String::from_utf8(md).unwrap();
        // A first row of header cells is the header; else the header is empty.
        let mut want = grid.clone();
        if !headed {
            want.insert(0, vec![String::new(); grid[0].len()]);
        }
        prop_assert_eq!(read_tables(&md), vec![want], "markdown:\n{}", md);
    }
}
