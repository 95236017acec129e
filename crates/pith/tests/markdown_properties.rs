//! `--format markdown` read back by a CommonMark parser (pulldown-cmark) gives the
//! blocks' texts back, one block each, whatever characters they hold, however the
//! headings, list items, quotes and preformatted blocks follow each other and whatever
//! inline spans (code, strong, emphasis, strikethrough) they have, crossing or not; and
//! a data table's cells, each in its row and column; and with links asked for, each
//! link reads back as a link, to its URL, around its text.

use pith::inline::{InlineKind, InlineSpan, LinkSpan};
use pith::layout::TreeLayout;
use pith::markdown::{
    to_markdown, write_markdown_with, write_markdown_with_tables, MarkdownOptions,
};
use pith::{Block, Pipeline};
use proptest::prelude::*;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::common::{inline_html, word, LINK_URL};

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
            Event::SoftBreak => cur.get_or_insert_with(String::new).push(' '),
            // A paragraph's lines (blocks cut at a lone `<br>`) read back as lines.
            Event::HardBreak => cur.get_or_insert_with(String::new).push('\n'),
            _ => {}
        }
    }
    finish(&mut cur);
    out.retain(|t| !t.is_empty());
    out
}

/// Spans as drawn: a kind and two places in the text (any numbers: taken modulo the
/// text's character boundaries, so a span may start or end anywhere, at a space, inside
/// a word, and cross another).
fn drawn_spans() -> impl Strategy<Value = Vec<(usize, usize, usize)>> {
    proptest::collection::vec((0usize..4, 0usize..64, 0usize..64), 0..5)
}

/// The spans drawn over `text`.
fn spans_over(text: &str, drawn: &[(usize, usize, usize)]) -> Vec<InlineSpan> {
    let bounds: Vec<usize> = (text.char_indices().map(|(i, _)| i))
        .chain([text.len()])
        .collect();
    let mut spans: Vec<InlineSpan> = drawn
        .iter()
        .filter_map(|&(k, a, b)| {
            let (a, b) = (bounds[a % bounds.len()], bounds[b % bounds.len()]);
            (a != b).then(|| InlineSpan {
                kind: InlineKind::ALL[k],
                start: a.min(b),
                end: a.max(b),
            })
        })
        .collect();
    spans.sort_by_key(|s| (s.start, s.kind));
    spans
}

/// The text of every code span of the Markdown, in order.
fn read_code(md: &str) -> Vec<String> {
    let gfm = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    (Parser::new_ext(md, gfm))
        .filter_map(|event| match event {
            Event::Code(t) => Some(t.to_string()),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Each block reads back as its text, its spans' markers read as markup (a stray
    /// `*` would stay in the text), and a paragraph's, heading's or quote's code spans
    /// as the code, each whole.
    #[test]
    fn the_markdown_reads_back_as_the_blocks(
        blocks in proptest::collection::vec(
            (proptest::sample::select(PATHS), text(), drawn_spans(), proptest::bool::weighted(0.3)),
            1..8,
        )
    ) {
        let pipeline = Pipeline::from_json(
            r#"{"version": 1, "segmenter": {"type": "justext.paragraphs"}, "default_label": "good"}"#,
        ).unwrap();
        let spans: Vec<Vec<InlineSpan>> = blocks
            .iter()
            .map(|(_, text, drawn, _)| spans_over(text, drawn))
            .collect();
        let blocks: Vec<Block> = blocks
            .iter()
            .map(|(path, text, _, after_line_break)| Block {
                text: text.clone(),
                dom_path: path.to_string(),
                after_line_break: *after_line_break,
                ..Block::default()
            })
            .collect();
        // A block cut at a lone `<br>` from a block of the same path, text or an item,
        // is a further line of its paragraph.
        let joins = |k: usize| {
            let (prev, b) = (&blocks[k - 1], &blocks[k]);
            b.after_line_break
                && b.dom_path == prev.dom_path
                && !["pre", "h2", "h6"].iter().any(|e| b.dom_path.ends_with(e))
        };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for k in 0..blocks.len() {
            match groups.last_mut() {
                Some(group) if joins(k) => group.push(k),
                _ => groups.push(vec![k]),
            }
        }
        // A line break in a block is a space but in preformatted text; a paragraph's
        // lines read back one per line.
        let shown = |b: &Block| if b.dom_path.ends_with("pre") { b.text.clone() } else { b.text.replace('\n', " ") };
        let want: Vec<String> = (groups.iter())
            .map(|g| g.iter().map(|&k| shown(&blocks[k])).collect::<Vec<_>>().join("\n"))
            .collect();
        // The code spans, when each block has one at most (`|` escaped in a paragraph of
        // several lines).
        let want_code: Option<Vec<String>> = (groups.iter())
            .flat_map(|g| g.iter().map(move |&k| (k, g.len() > 1)))
            .map(|(k, lines)| whole_code(&blocks[k], &spans[k], lines))
            .collect::<Option<Vec<Vec<String>>>>()
            .map(|code| code.concat());
        let ex = pipeline.classify_blocks(blocks).unwrap();
        prop_assert_eq!(read_back(&to_markdown(&ex)), want.clone());
        let layout = TreeLayout { spans, ..TreeLayout::default() };
        let mut md = Vec::new();
        write_markdown_with_tables(&mut md, &ex, Some(&layout)).unwrap();
        let md = String::from_utf8(md).unwrap();
        prop_assert_eq!(read_back(&md), want, "markdown:\n{}", md);
        if let Some(want_code) = want_code {
            prop_assert_eq!(read_code(&md), want_code, "markdown:\n{}", md);
        }
    }
}

/// The code spans a block must read back with, when it has one code span at most
/// (`None` for more, which merge or not): the span's text trimmed (none when only
/// whitespace, or in an item or a paragraph of several `lines` when it holds a `|`,
/// which both escape); none in preformatted text.
fn whole_code(block: &Block, spans: &[InlineSpan], lines: bool) -> Option<Vec<String>> {
    let code: Vec<&InlineSpan> = spans
        .iter()
        .filter(|s| s.kind == InlineKind::Code)
        .collect();
    if block.dom_path.ends_with("pre") || code.is_empty() {
        return Some(Vec::new());
    }
    if code.len() > 1 {
        return None;
    }
    let text = block.text.replace('\n', " ");
    let trimmed = text[code[0].start..code[0].end].trim();
    let pipes = lines || block.dom_path.ends_with(".li");
    Some(if trimmed.is_empty() || (pipes && trimmed.contains('|')) {
        vec![]
    } else {
        vec![trimmed.to_owned()]
    })
}

/// URLs of what a link's destination must escape or bracket: spaces, parentheses,
/// angle brackets, pipes, backslashes, entities, brackets, markers, non-ASCII.
fn href() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r"[-a-z0-9/:.?=#%()<>|\\&;é _\[\]*!`]{1,12}")
        .unwrap()
        .prop_map(|h| h.trim().to_owned())
        .prop_filter("an href", |h| !h.is_empty())
}

/// Links drawn over `text` as spans are (`drawn`: two places and a URL each), those
/// that overlap one before them left out.
fn links_over(text: &str, drawn: &[(usize, usize, String)]) -> Vec<LinkSpan> {
    let bounds: Vec<usize> = (text.char_indices().map(|(i, _)| i))
        .chain([text.len()])
        .collect();
    let mut links: Vec<LinkSpan> = (drawn.iter())
        .filter_map(|(a, b, href)| {
            let (a, b) = (bounds[a % bounds.len()], bounds[b % bounds.len()]);
            (a != b).then(|| LinkSpan {
                start: a.min(b),
                end: a.max(b),
                href: href.clone(),
            })
        })
        .collect();
    links.sort_by_key(|l| (l.start, l.end));
    let mut kept: Vec<LinkSpan> = Vec::new();
    for l in links {
        if kept.last().is_none_or(|k| k.end <= l.start) {
            kept.push(l);
        }
    }
    kept
}

/// Every link of the Markdown: its destination and its text, as a reader sees them.
fn read_links(md: &str) -> Vec<(String, String)> {
    let gfm = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let mut links = Vec::new();
    let mut open: Option<(String, String)> = None;
    for event in Parser::new_ext(md, gfm) {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) => {
                open = Some((dest_url.to_string(), String::new()))
            }
            Event::End(TagEnd::Link) => links.extend(open.take()),
            Event::Text(t) | Event::Code(t) => {
                if let Some((_, text)) = &mut open {
                    text.push_str(&t);
                }
            }
            Event::SoftBreak => {
                if let Some((_, text)) = &mut open {
                    text.push(' ');
                }
            }
            _ => {}
        }
    }
    links
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// With links asked for, each block still reads back as its text, and each link
    /// (but in preformatted text, and those of whitespace only) reads back as a link to
    /// its URL around its text, whatever the text and the URL hold and however strong,
    /// emphasis and strikethrough cross it. With code spans too (whose edges move a
    /// link's), each link read back is one of the block's.
    #[test]
    fn links_read_back_as_links(
        blocks in proptest::collection::vec(
            (
                proptest::sample::select(PATHS),
                text(),
                proptest::collection::vec((0usize..4, 0usize..64, 0usize..64), 0..4),
                proptest::collection::vec((0usize..64, 0usize..64, href()), 0..4),
                proptest::bool::weighted(0.3),
            ),
            1..6,
        )
    ) {
        let pipeline = Pipeline::from_json(
            r#"{"version": 1, "segmenter": {"type": "justext.paragraphs"}, "default_label": "good"}"#,
        ).unwrap();
        let spans: Vec<Vec<InlineSpan>> = (blocks.iter())
            .map(|(_, text, drawn, _, _)| spans_over(text, drawn))
            .collect();
        let links: Vec<Vec<LinkSpan>> = (blocks.iter())
            .map(|(_, text, _, drawn, _)| links_over(text, drawn))
            .collect();
        let want_links: Vec<(String, String)> = (blocks.iter().zip(&links))
            .filter(|((path, ..), _)| !path.ends_with("pre"))
            .flat_map(|((_, text, ..), links)| {
                let text = text.replace('\n', " ");
                (links.iter())
                    .map(|l| (l.href.clone(), text[l.start..l.end].trim().to_owned()))
                    .filter(|(_, t)| !t.is_empty())
                    .collect::<Vec<_>>()
            })
            .collect();
        let blocks: Vec<Block> = (blocks.iter())
            .map(|(path, text, _, _, after_line_break)| Block {
                text: text.clone(),
                dom_path: path.to_string(),
                after_line_break: *after_line_break,
                ..Block::default()
            })
            .collect();
        let ex = pipeline.classify_blocks(blocks).unwrap();
        let layout = TreeLayout { spans: spans.clone(), links, ..TreeLayout::default() };
        let mut plain = Vec::new();
        write_markdown_with_tables(&mut plain, &ex, Some(&layout)).unwrap();
        let plain = String::from_utf8(plain).unwrap();
        let options = MarkdownOptions {
            links: true,
            ..MarkdownOptions::default()
        };
        let mut md = Vec::new();
        write_markdown_with(&mut md, &ex, Some(&layout), &options).unwrap();
        let md = String::from_utf8(md).unwrap();
        prop_assert_eq!(read_back(&md), read_back(&plain), "markdown:\n{}", md);
        let code = spans.iter().flatten().any(|s| s.kind == InlineKind::Code);
        if code {
            for (url, _) in read_links(&md) {
                prop_assert!(want_links.iter().any(|(u, _)| *u == url), "{} in:\n{}", url, md);
            }
        } else {
            prop_assert_eq!(read_links(&md), want_links, "markdown:\n{}", md);
        }
        prop_assert!(read_links(&plain).is_empty());
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
        let layout = TreeLayout::read(&ex, &tree);
        let mut md = Vec::new();
        write_markdown_with_tables(&mut md, &ex, Some(&layout)).unwrap();
        let md = String::from_utf8(md).unwrap();
        // A first row of header cells is the header; else the header is empty.
        let mut want = grid.clone();
        if !headed {
            want.insert(0, vec![String::new(); grid[0].len()]);
        }
        prop_assert_eq!(read_tables(&md), vec![want], "markdown:\n{}", md);
    }
}

/// An `ol`'s `start` attribute (`None`: none) and the number its list starts at in
/// Markdown, known by how the value was made: an integer from 0 to 999,999,999, as HTML
/// may write it (leading whitespace, a `+`, leading zeros, anything after the digits),
/// starts there; a negative or larger integer, or a value without digits, starts at 1.
fn start() -> impl Strategy<Value = (Option<String>, u64)> {
    let written = (
        proptest::sample::select(vec!["", " ", "\t", "\n "]),
        proptest::sample::select(vec!["", "+", "0", "00"]),
        proptest::sample::select(vec!["", "th", ".5", " x", "-2"]),
    );
    prop_oneof![
        (0u64..=999_999_999, written)
            .prop_map(|(n, (space, sign, tail))| { (Some(format!("{space}{sign}{n}{tail}")), n) }),
        (1u64..=999_999_999).prop_map(|n| (Some(format!("-{n}")), 1)),
        (1_000_000_000u64..=u64::MAX).prop_map(|n| (Some(n.to_string()), 1)),
        "[a-z .]{0,4}".prop_map(|s| (Some(s), 1)),
        Just((None, 1)),
    ]
}

/// The number every list of the Markdown starts at, as a CommonMark reader sees it
/// (1 for an unordered list).
fn list_starts(md: &str) -> Vec<u64> {
    (Parser::new(md))
        .filter_map(|event| match event {
            Event::Start(Tag::List(start)) => Some(start.unwrap_or(1)),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Ordered lists with any `start`, parsed lean (the segmenter reads no attribute,
    /// so the parse keeps only those Markdown reads), read back through a CommonMark
    /// reader as lists starting at the page's number when Markdown can write it, else
    /// at 1; their items as the page's.
    #[test]
    fn an_ordered_list_reads_back_from_its_start(
        lists in proptest::collection::vec((start(), 1usize..4), 1..5),
    ) {
        let mut html = String::new();
        let mut want_items = Vec::new();
        for (l, ((start, _), items)) in lists.iter().enumerate() {
            let attr = start.as_ref().map_or(String::new(), |s| format!(" start=\"{s}\""));
            html.push_str(&format!("<p>List {l}.</p><ol{attr}>"));
            want_items.push(format!("List {l}."));
            for i in 0..*items {
                html.push_str(&format!("<li>item {l} {i}</li>"));
                want_items.push(format!("item {l} {i}"));
            }
            html.push_str("</ol>");
        }
        let pipeline = Pipeline::from_json(
            r#"{"version": 1, "segmenter": {"type": "justext.paragraphs"}, "default_label": "good"}"#,
        ).unwrap();
        let (ex, tree) = pipeline.run_str_and_tree(&html).unwrap();
        let md = pith::markdown::to_markdown_with_tables(&ex, &tree);
        let want: Vec<u64> = lists.iter().map(|((_, n), _)| *n).collect();
        prop_assert_eq!(list_starts(&md), want, "page:\n{}\nmarkdown:\n{}", html, md);
        prop_assert_eq!(read_back(&md), want_items, "markdown:\n{}", md);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Pages of paragraphs, items, headings, quotes and cells with inline elements in
    /// any order (nested, side by side, with spaces at their edges or not, a `<br>` in
    /// between), cut as the `pith` preset cuts them: every block's spans are read back
    /// from the tree (none written flat), and the Markdown reads back as the blocks,
    /// those cut at a lone `<br>` as lines of one paragraph.
    #[test]
    fn inline_elements_read_back_as_the_blocks(
        blocks in proptest::collection::vec(
            (
                proptest::sample::select(vec![
                    ("<p>", "</p>"), ("<ul><li>", "</li></ul>"), ("<h2>", "</h2>"),
                    ("<blockquote><p>", "</p></blockquote>"), ("<div>", "</div>"),
                ]),
                proptest::collection::vec((inline_html(), proptest::bool::weighted(0.1)), 1..5),
            ),
            1..5,
        ),
    ) {
        let mut html = String::from("<html><body>");
        for ((open, close), parts) in &blocks {
            html.push_str(open);
            for (part, br) in parts {
                html.push_str(part);
                if *br {
                    html.push_str("<br>");
                }
            }
            html.push_str(close);
        }
        let pipeline = Pipeline::from_json(
            r#"{"version": 1, "segmenter": {"type": "declutter.blocks"}, "default_label": "good"}"#,
        ).unwrap();
        let (ex, tree) = pipeline.run_str_and_tree(&html).unwrap();
        let read = pith::inline::read_spans(&ex, &tree);
        prop_assert!(read.iter().all(Option::is_some), "written flat: {:?}", read);
        let md = pith::markdown::to_markdown_with_tables(&ex, &tree);
        // A block cut at a lone `<br>` is a further line of the paragraph or item
        // before it (a heading's lines stay headings).
        let mut want: Vec<String> = Vec::new();
        for b in &ex.blocks {
            match want.last_mut() {
                Some(last) if b.after_line_break && !b.dom_path.contains("h2") => {
                    last.push('\n');
                    last.push_str(&b.text);
                }
                _ => want.push(b.text.clone()),
            }
        }
        prop_assert_eq!(read_back(&md), want.clone(), "page:\n{}\nmarkdown:\n{}", html, md);
        // With links: the same text, and the links lead where the page's did.
        let options = MarkdownOptions {
            links: true,
            ..MarkdownOptions::default()
        };
        let linked = pith::markdown::to_markdown_with(&ex, &tree, &options);
        prop_assert_eq!(read_back(&linked), want, "page:\n{}\nmarkdown:\n{}", html, linked);
        let urls: Vec<String> = read_links(&linked).into_iter().map(|(url, _)| url).collect();
        prop_assert!(urls.iter().all(|u| u == LINK_URL), "{:?} in:\n{}", urls, linked);
        // A link inside code is code, and an `<a>` inside a link ends it (the parser
        // closes the link).
        if !["<code", "<kbd", "<a>"].iter().any(|t| html.contains(t)) {
            prop_assert_eq!(urls.is_empty(), !html.contains("<a href"), "markdown:\n{}", linked);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The same pages cut by jusText's segmenter (after its cleaner), which joins a
    /// paragraph's text nodes otherwise (a lone `<br>` a space, two a paragraph's end,
    /// whitespace runs with a line break kept as one): every paragraph's spans and
    /// links are read back from the tree (none written flat), and the Markdown, with
    /// links or without, reads back as the paragraphs.
    #[test]
    fn jus_text_paragraphs_read_their_spans_back_too(
        blocks in proptest::collection::vec(
            (
                proptest::sample::select(vec![
                    ("<p>", "</p>"), ("<ul><li>", "</li></ul>"), ("<h2>", "</h2>"),
                    ("<blockquote><p>", "</p></blockquote>"), ("<div>", "</div>"),
                    ("<section>", "</section>"),
                ]),
                proptest::collection::vec(
                    (inline_html(), proptest::sample::select(vec!["", "", "<br>", "<br><br>", "\n  "])),
                    1..5,
                ),
            ),
            1..5,
        ),
    ) {
        let mut html = String::from("<html><body>");
        for ((open, close), parts) in &blocks {
            html.push_str(open);
            for (part, after) in parts {
                html.push_str(part);
                html.push_str(after);
            }
            html.push_str(close);
        }
        let pipeline = Pipeline::from_json(
            r#"{"version": 1, "tree": [{"type": "justext.clean"}],
                "segmenter": {"type": "justext.paragraphs"}, "default_label": "good"}"#,
        ).unwrap();
        let (ex, tree) = pipeline.run_str_and_tree(&html).unwrap();
        let read = pith::inline::read_spans(&ex, &tree);
        prop_assert!(read.iter().all(Option::is_some), "written flat: {:?}\npage:\n{}", read, html);
        let want: Vec<String> = ex.blocks.iter().map(|b| b.text.replace('\n', " ")).collect();
        let md = pith::markdown::to_markdown_with_tables(&ex, &tree);
        prop_assert_eq!(read_back(&md), want.clone(), "page:\n{}\nmarkdown:\n{}", html, md);
        let options = MarkdownOptions {
            links: true,
            ..MarkdownOptions::default()
        };
        let linked = pith::markdown::to_markdown_with(&ex, &tree, &options);
        prop_assert_eq!(read_back(&linked), want, "page:\n{}\nmarkdown:\n{}", html, linked);
        prop_assert!(read_links(&linked).iter().all(|(u, _)| u == LINK_URL), "{}", linked);
    }
}

/// The number of list items of the Markdown, and the info string of each code block.
fn items_and_fences(md: &str) -> (usize, Vec<String>) {
    let (mut items, mut fences) = (0, Vec::new());
    for event in Parser::new_ext(md, Options::empty()) {
        match event {
            Event::Start(Tag::Item) => items += 1,
            Event::Start(Tag::CodeBlock(pulldown_cmark::CodeBlockKind::Fenced(info))) => {
                fences.push(info.to_string())
            }
            _ => {}
        }
    }
    (items, fences)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The blocks of one `li` (`<li><p>a</p><p>b</p></li>`) read back as one item with
    /// each block's text, so a list has as many items as the page's list had; and a
    /// code block's fence names the language its markup named.
    #[test]
    fn paragraphs_of_one_item_stay_one_item_and_fences_name_their_language(
        groups in proptest::collection::vec(
            (
                proptest::sample::select(vec!["html.body.ul.li", "html.body.ol.li",
                    "html.body.ol.li.p", "html.body.ul.li.ul.li.p", "html.body.pre", "html.body.p"]),
                proptest::collection::vec(text(), 1..4),
                proptest::option::of(proptest::sample::select(vec!["rust", "c++", "objective-c", "sh"])),
            ),
            1..6,
        )
    ) {
        let pipeline = Pipeline::from_json(
            r#"{"version": 1, "segmenter": {"type": "justext.paragraphs"}, "default_label": "good"}"#,
        ).unwrap();
        let (mut blocks, mut items, mut languages) = (Vec::new(), Vec::new(), Vec::new());
        let (mut want_items, mut want_fences) = (0, Vec::new());
        for (li, (path, texts, language)) in groups.iter().enumerate() {
            let is_item = path.contains("li");
            let is_code = path.ends_with("pre");
            // Paragraphs and code blocks are one block a group.
            let texts = if is_item { &texts[..] } else { &texts[..1] };
            want_items += usize::from(is_item);
            if is_code {
                want_fences.push(language.unwrap_or("").to_owned());
            }
            for text in texts {
                blocks.push(Block {
                    text: text.replace('\n', " "),
                    dom_path: path.to_string(),
                    ..Block::default()
                });
                items.push(is_item.then_some(li));
                languages.push(language.filter(|_| is_code).map(str::to_owned));
            }
        }
        let want: Vec<String> = blocks.iter().map(|b| b.text.clone()).collect();
        let ex = pipeline.classify_blocks(blocks).unwrap();
        let layout = TreeLayout { items, languages, ..TreeLayout::default() };
        let mut md = Vec::new();
        write_markdown_with_tables(&mut md, &ex, Some(&layout)).unwrap();
        let md = String::from_utf8(md).unwrap();
        prop_assert_eq!(read_back(&md), want, "markdown:\n{}", md);
        let (items, fences) = items_and_fences(&md);
        prop_assert_eq!(items, want_items, "markdown:\n{}", md);
        prop_assert_eq!(fences, want_fences, "markdown:\n{}", md);
    }
}
