//! `--format html`: the kept blocks as a small HTML5 page, with the structure the
//! Markdown writer gives them ([`crate::markdown`]): headings with their level,
//! paragraphs (the lines a lone `<br>` cut, in a paragraph, heading, item or
//! preformatted text, as lines again), lists nested as the page nested them
//! (an `<ol>` with its `start`; the blocks of one `<li>` in one item), block quotes,
//! preformatted text (`<pre><code class="language-rust">` when the page named its
//! language), data tables ([`crate::table`]), and inside the text the page's code,
//! strong, emphasis and strikethrough as `<code>`, `<strong>`, `<em>` and `<del>`
//! ([`crate::inline`]), and with [`MarkdownOptions::links`] its links as `<a href>`,
//! resolved as Markdown resolves them. Readers of trafilatura's or Readability's HTML
//! output expect that much; a browser shows the page as the article it was.
//!
//! The page holds nothing the pipeline dropped and none of the page's own markup: every
//! element is written here from the blocks and the layout, every text escaped, and a
//! link is written only when its URL is not a script or data (`javascript:`,
//! `vbscript:`, `data:`), so the page is safe to show. Without the tree's layout, blocks
//! keep their shapes (from their `dom_path`) but not their spans, links, tables or list
//! numbers.
//!
//! Inline spans of different kinds may overlap (`<b>a<i>b</b>c</i>` on the page): the
//! writer keeps its elements nested by closing and reopening one where another ends, so
//! the page is well formed and reads as the same text.

use std::io::{self, Write};

use pith_core::{Block, Extraction};
use pith_dom::Document;

use crate::inline::{InlineKind, InlineSpan, LinkSpan};
use crate::inline_images::with_images;
use crate::layout::{OrderedList, TreeLayout};
use crate::markdown::MarkdownOptions;
use crate::marks::Marks;
use crate::output::{escape, heading_denied};
use crate::shape::{block_shape, BlockKind, BlockShape};
use crate::table::{segments, written, Cell, DataTable, Written};

/// Writes the good blocks of `ex` as an HTML5 page: the page's language and title in
/// its head when known, and in its body the blocks with their structure (see the
/// module's docs), their spans and links read from `layout` (from
/// [`TreeLayout::read`]), links written when `options` asks for them.
pub fn write_html<W: Write>(
    out: &mut W,
    ex: &Extraction,
    layout: Option<&TreeLayout>,
    options: &MarkdownOptions,
) -> io::Result<()> {
    write_html_with_metadata(out, ex, layout, options, &[])
}

/// [`write_html`], with the page's metadata in its head ([`head_metadata`]).
pub fn write_html_with_metadata<W: Write>(
    out: &mut W,
    ex: &Extraction,
    layout: Option<&TreeLayout>,
    options: &MarkdownOptions,
    fields: &[(&str, String)],
) -> io::Result<()> {
    // The page's language (so a browser and a screen reader read it right) and title,
    // when known; the direction from the text itself (`dir="auto"`: an Arabic or
    // Hebrew page reads right to left).
    let lang = ex.language.map_or(String::new(), |id| {
        format!(" lang=\"{}\"", id.language.code)
    });
    let title = (ex.metadata.title.as_deref())
        .map_or(String::new(), |t| format!("<title>{}</title>", escape(t)));
    writeln!(
        out,
        "<!DOCTYPE html><html{lang}><head><meta charset=\"utf-8\">{title}{}</head><body dir=\"auto\">",
        head_metadata(fields)
    )?;
    let marks = Marks::new(ex, layout, options);
    let mut body = Body::default();
    let segments = segments(ex, layout.map(|l| l.tables.as_slice()));
    for piece in written(&segments, continues) {
        match piece {
            Written::Lines(lines) => {
                let (i, _) = lines[0];
                let place = Place {
                    list: layout.and_then(|l| l.list(i)),
                    item: layout.and_then(|l| l.item(i)),
                    language: layout.and_then(|l| l.language(i)),
                };
                body.block(ex, &lines, &marks, place);
            }
            Written::Table(table) => {
                body.enter_quotes(block_shape(table.first).quote_depth);
                table_html(&mut body.html, table, &marks);
                body.previous = None;
            }
        }
    }
    body.close_to(0);
    out.write_all(body.html.as_bytes())?;
    out.write_all(b"</body></html>\n")
}

/// The elements of a page's head that say its metadata (`fields` by their record
/// names), in the tags pith's own metadata reader reads, so a page written with them
/// reads back with the same metadata: `canonical_url` as `<link rel="canonical">`,
/// `description` and `author` as `<meta name>`, `site_name` and `published` as Open
/// Graph's `og:site_name` and `article:published_time`, `url` (where the page was
/// fetched from) as Dublin Core's `DC.source`. The title and language have their own
/// places (`<title>`, `<html lang>`); other names are left out.
pub fn head_metadata(fields: &[(&str, String)]) -> String {
    let mut head = String::new();
    for (name, value) in fields {
        let value = escape_attribute(value);
        match *name {
            "canonical_url" => head.push_str(&format!("<link rel=\"canonical\" href=\"{value}\">")),
            "url" => head.push_str(&format!("<meta name=\"DC.source\" content=\"{value}\">")),
            "description" | "author" => {
                head.push_str(&format!("<meta name=\"{name}\" content=\"{value}\">"))
            }
            "site_name" => head.push_str(&format!(
                "<meta property=\"og:site_name\" content=\"{value}\">"
            )),
            "published" => head.push_str(&format!(
                "<meta property=\"article:published_time\" content=\"{value}\">"
            )),
            _ => {}
        }
    }
    head
}

/// The HTML page of the good blocks as a string, with the layout read from `tree`,
/// the document the blocks were cut from
/// ([`Pipeline::run_bytes_and_tree`](pith_core::Pipeline::run_bytes_and_tree) returns
/// it).
pub fn to_html(ex: &Extraction, tree: &Document, options: &MarkdownOptions) -> String {
    let (ex, layout) = crate::images::page_layout(ex, Some(tree), options);
    let mut out = Vec::new();
    write_html(&mut out, &ex, layout.as_ref(), options).expect("writing to a Vec never fails");
    String::from_utf8(out).expect("the blocks are UTF-8")
}

/// What the tree says of a block besides its marks: the ordered list it is an item of,
/// the `li` it is (in) the item of, its code's language.
#[derive(Clone, Copy, Default)]
struct Place<'a> {
    list: Option<OrderedList>,
    item: Option<usize>,
    language: Option<&'a str>,
}

/// An element open around the block being written. Quotes are outermost, then the
/// lists, each with its open item (as Markdown nests them: a list in a quote, not a
/// quote in a list item).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Container {
    /// A `blockquote`.
    Quote,
    /// A `ul`, or an `ol` (the tree's `ol` element, when it told).
    List { ordered: bool, list: Option<usize> },
    /// An `li`: the tree's `li` element, when it told.
    Item(Option<usize>),
}

/// The body being written: its HTML, the elements open in it, and the shape of the
/// last block written (a list item nests at most one level below the one before).
#[derive(Default)]
struct Body {
    html: String,
    open: Vec<Container>,
    previous: Option<BlockShape>,
}

impl Body {
    /// Writes one good block and its further lines (`lines`), their text with its
    /// `marks` (but preformatted text, written as it is).
    fn block(
        &mut self,
        ex: &Extraction,
        lines: &[(usize, &Block)],
        marks: &Marks<'_>,
        place: Place<'_>,
    ) {
        let text = || lines_html(lines, marks);
        let (i, block) = lines[0];
        let mut shape = block_shape(block);
        if matches!(shape.kind, BlockKind::Heading(_)) && heading_denied(ex, i) {
            shape.kind = BlockKind::Paragraph;
        }
        if block.preformatted.is_some() {
            shape.kind = BlockKind::Preformatted;
        }
        match shape.kind {
            BlockKind::ListItem { ordered, depth } => {
                let same_item = place.item.is_some()
                    && self.previous.is_some_and(|p| {
                        matches!(p.kind, BlockKind::ListItem { .. })
                            && p.quote_depth == shape.quote_depth
                    })
                    && self.open.last() == Some(&Container::Item(place.item));
                if same_item {
                    // A further paragraph of the item before (`<li><p>a</p><p>b</p>`).
                    self.html.push_str("\n<p>");
                    self.html.push_str(&text());
                    self.html.push_str("</p>");
                    return;
                }
                self.enter_item(shape.quote_depth, ordered, depth, place);
                self.html.push_str(&text());
            }
            BlockKind::Heading(level) => {
                self.enter_quotes(shape.quote_depth);
                self.html
                    .push_str(&format!("<h{level}>{}</h{level}>\n", text()));
            }
            BlockKind::Preformatted => {
                self.enter_quotes(shape.quote_depth);
                let code = (lines.iter())
                    .map(|(_, b)| escape(b.shown_text()))
                    .collect::<Vec<_>>()
                    .join("<br>");
                match place.language {
                    Some(language) => self.html.push_str(&format!(
                        "<pre><code class=\"language-{}\">{code}</code></pre>\n",
                        escape_attribute(language)
                    )),
                    // A line break right after `<pre>` is not read as text: one
                    // more keeps the text's own.
                    None if code.starts_with('\n') => {
                        self.html.push_str(&format!("<pre>\n{code}</pre>\n"))
                    }
                    None => self.html.push_str(&format!("<pre>{code}</pre>\n")),
                }
            }
            BlockKind::Paragraph => {
                self.enter_quotes(shape.quote_depth);
                self.html.push_str(&format!("<p>{}</p>\n", text()));
            }
        }
        self.previous = Some(shape);
    }

    /// Ends the line being written (an item's text), if one is.
    fn end_line(&mut self) {
        if !self.html.is_empty() && !self.html.ends_with('\n') {
            self.html.push('\n');
        }
    }

    /// How many block quotes are open.
    fn quotes(&self) -> usize {
        (self.open.iter())
            .take_while(|c| **c == Container::Quote)
            .count()
    }

    /// Closes the open elements past the first `len`.
    fn close_to(&mut self, len: usize) {
        while self.open.len() > len {
            let closing = match self.open.pop().expect("longer than len") {
                Container::Quote => "</blockquote>\n",
                Container::List { ordered: true, .. } => "</ol>\n",
                Container::List { ordered: false, .. } => "</ul>\n",
                Container::Item(_) => "</li>\n",
            };
            if closing != "</li>\n" {
                self.end_line();
            }
            self.html.push_str(closing);
        }
    }

    /// Leaves every list and is inside `depth` block quotes, for a block that is not
    /// a list item.
    fn enter_quotes(&mut self, depth: usize) {
        let quotes = self.quotes();
        self.close_to(quotes.min(depth));
        for _ in quotes.min(depth)..depth {
            self.html.push_str("<blockquote>\n");
            self.open.push(Container::Quote);
        }
        self.previous = None;
    }

    /// Opens a new item of a list (`ordered`) at `depth` (1: the outermost list) inside
    /// `quotes` block quotes: in the list open at that depth when it is one of its
    /// kind (and, for an `ol`, the same `ol` as far as the tree told), else in a new
    /// list. An item nests at most one level below the items open.
    fn enter_item(&mut self, quotes: usize, ordered: bool, depth: usize, place: Place<'_>) {
        if self.quotes() != quotes {
            self.enter_quotes(quotes);
        }
        let levels = (self.open.len() - quotes) / 2;
        let depth = depth.clamp(1, levels + 1);
        let list_at = quotes + 2 * (depth - 1);
        let list = place.list.map(|l| l.list);
        let continues = match self.open.get(list_at) {
            Some(Container::List {
                ordered: open_ordered,
                list: open_list,
            }) => {
                *open_ordered == ordered
                    && (!ordered || open_list.is_none() || list.is_none() || *open_list == list)
            }
            _ => false,
        };
        if continues {
            self.close_to(list_at + 1);
        } else {
            self.close_to(list_at);
            self.end_line();
            match (ordered, place.list.and_then(|l| l.start)) {
                (true, Some(start)) => self.html.push_str(&format!("<ol start=\"{start}\">\n")),
                (true, None) => self.html.push_str("<ol>\n"),
                (false, _) => self.html.push_str("<ul>\n"),
            }
            self.open.push(Container::List { ordered, list });
        }
        self.html.push_str("<li>");
        self.open.push(Container::Item(place.item));
    }
}

/// Whether block `next` is a line of the block `prev` ends: the segmenter cut it from
/// `prev` at a lone `<br>`, right after it, both have one shape, and neither is an
/// image. Unlike in Markdown, a heading's and preformatted text's lines are lines too
/// (`<h2>a<br>b</h2>`).
fn continues((i, prev): (usize, &Block), (j, next): (usize, &Block)) -> bool {
    next.after_line_break
        && j == i + 1
        && !prev.is_image
        && !next.is_image
        && block_shape(prev) == block_shape(next)
}

/// The HTML of a paragraph's lines: each line's text with its marks, `<br>` between.
fn lines_html(lines: &[(usize, &Block)], marks: &Marks<'_>) -> String {
    let mut html = String::new();
    if let [(i, block)] = lines {
        if let Some(src) = marks.image_src(block) {
            let link = marks.links(*i).first().map(|l| l.href.as_str());
            return image_html(&block.text, src, link);
        }
    }
    for (n, &(i, block)) in lines.iter().enumerate() {
        if n > 0 {
            html.push_str("<br>");
        }
        let images = marks.inline_images(i);
        let line = with_images(&block.text, marks.spans(i), marks.links(i), images);
        let mut written = String::new();
        inline_html(&mut written, &line.text, &line.spans, &line.links);
        html.push_str(&line.fill(written, |img, in_link| {
            let link = img.link.as_deref().filter(|_| !in_link);
            image_html(&img.alt, &img.src, link)
        }));
    }
    html
}

/// An image as HTML: `<img src alt>`, inside `<a href>` when it has a link that may
/// be written ([`safe_href`]).
fn image_html(alt: &str, src: &str, link: Option<&str>) -> String {
    let img = format!(
        "<img src=\"{}\" alt=\"{}\">",
        escape_attribute(src),
        escape_attribute(alt)
    );
    match link.filter(|href| safe_href(href)) {
        Some(href) => format!("<a href=\"{}\">{img}</a>", escape_attribute(href)),
        None => img,
    }
}

/// Writes a data table: its caption, its header row as `th` cells (when the page had
/// one), its rows; each cell with its marks.
fn table_html(html: &mut String, table: &DataTable<'_>, marks: &Marks<'_>) {
    html.push_str("<table>");
    if !table.captions.is_empty() {
        html.push_str("<caption>");
        for (n, &(i, caption)) in table.captions.iter().enumerate() {
            if n > 0 {
                html.push(' ');
            }
            inline_html(html, caption, marks.spans(i), marks.links(i));
        }
        html.push_str("</caption>");
    }
    let row = |html: &mut String, cells: &[Cell], tag: &str| {
        html.push_str("<tr>");
        for c in cells {
            html.push_str(&format!("<{tag}>"));
            inline_html(html, &c.text, &marks.cell_spans(c), &marks.cell_links(c));
            html.push_str(&format!("</{tag}>"));
        }
        html.push_str("</tr>");
    };
    if let Some(header) = &table.header {
        html.push_str("<thead>");
        row(html, header, "th");
        html.push_str("</thead>");
    }
    html.push_str("<tbody>");
    for cells in &table.rows {
        row(html, cells, "td");
    }
    html.push_str("</tbody></table>\n");
}

/// An inline element: a link (by its index in the block's links) or a span's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Inline {
    Link(usize),
    Span(InlineKind),
}

/// The element an inline span of `kind` is written as.
fn tag_of(kind: InlineKind) -> &'static str {
    match kind {
        InlineKind::Code => "code",
        InlineKind::Strong => "strong",
        InlineKind::Emphasis => "em",
        InlineKind::Strikethrough => "del",
    }
}

/// Appends `text` escaped, with its `spans` and `links` as elements, nested: at each
/// place where a span or link starts or ends, the elements that end there (and those
/// opened inside them) are closed, and the ones going on reopened; a link is one
/// element (a span that holds only part of it is cut at its ends, not it at the span's).
/// Spans and links that are not byte ranges of `text` at character boundaries (a
/// layout built by hand) are left out, as are links to scripts and data.
fn inline_html(html: &mut String, text: &str, spans: &[InlineSpan], links: &[LinkSpan]) {
    let fits = |start: usize, end: usize| {
        start < end
            && end <= text.len()
            && text.is_char_boundary(start)
            && text.is_char_boundary(end)
    };
    let spans: Vec<&InlineSpan> = spans.iter().filter(|s| fits(s.start, s.end)).collect();
    let mut links: Vec<(usize, &LinkSpan)> = (links.iter().enumerate())
        .filter(|(_, l)| fits(l.start, l.end) && safe_href(&l.href))
        .collect();
    links.sort_by_key(|(_, l)| l.start);
    if spans.is_empty() && links.is_empty() {
        html.push_str(&escape(text));
        return;
    }
    let mut cuts: Vec<usize> = (spans.iter().flat_map(|s| [s.start, s.end]))
        .chain(links.iter().flat_map(|(_, l)| [l.start, l.end]))
        .chain([0, text.len()])
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    // Each kind's spans, and the links, are disjoint: a cursor into each finds the one
    // around a piece, so a block of many spans is written in linear time.
    let mut by_kind: [Vec<&InlineSpan>; 4] = Default::default();
    for span in &spans {
        by_kind[span.kind.index()].push(span);
    }
    for of_kind in &mut by_kind {
        of_kind.sort_by_key(|s| s.start);
    }
    let mut at_kind = [0usize; 4];
    let mut at_link = 0;
    let mut open: Vec<Inline> = Vec::new();
    for piece in cuts.windows(2) {
        let (a, b) = (piece[0], piece[1]);
        // The span of each kind around the piece, if any.
        let mut around: [Option<&InlineSpan>; 4] = [None; 4];
        for kind in InlineKind::ALL {
            let (k, of_kind) = (kind.index(), &by_kind[kind.index()]);
            while of_kind.get(at_kind[k]).is_some_and(|s| s.end <= a) {
                at_kind[k] += 1;
            }
            around[k] = of_kind
                .get(at_kind[k])
                .copied()
                .filter(|s| s.start <= a && b <= s.end);
        }
        while links.get(at_link).is_some_and(|(_, l)| l.end <= a) {
            at_link += 1;
        }
        let link = links
            .get(at_link)
            .filter(|(_, l)| l.start <= a && b <= l.end);
        let mut wanted: Vec<Inline> = link.map(|(n, _)| Inline::Link(*n)).into_iter().collect();
        wanted.extend(
            (InlineKind::ALL.into_iter())
                .filter(|kind| around[kind.index()].is_some())
                .map(Inline::Span),
        );
        // Close from the first open element that does not go on; when a link opens,
        // from the first that does not hold all of it, so a link is never cut in two
        // (the spans are, inside it).
        let keep = match link {
            Some((n, l)) if !open.contains(&Inline::Link(*n)) => (open.iter())
                .position(|e| {
                    !matches!(e, Inline::Span(kind) if around[kind.index()]
                        .is_some_and(|s| s.start <= l.start && l.end <= s.end))
                })
                .unwrap_or(open.len()),
            _ => (open.iter())
                .position(|e| !wanted.contains(e))
                .unwrap_or(open.len()),
        };
        while open.len() > keep {
            match open.pop().expect("longer than keep") {
                Inline::Link(_) => html.push_str("</a>"),
                Inline::Span(kind) => html.push_str(&format!("</{}>", tag_of(kind))),
            }
        }
        for element in wanted {
            if open.contains(&element) {
                continue;
            }
            match element {
                Inline::Link(_) => {
                    let href = &link.expect("a link is wanted inside one").1.href;
                    html.push_str(&format!("<a href=\"{}\">", escape_attribute(href)));
                }
                Inline::Span(kind) => html.push_str(&format!("<{}>", tag_of(kind))),
            }
            open.push(element);
        }
        html.push_str(&escape(&text[a..b]));
    }
    for element in open.into_iter().rev() {
        match element {
            Inline::Link(_) => html.push_str("</a>"),
            Inline::Span(kind) => html.push_str(&format!("</{}>", tag_of(kind))),
        }
    }
}

/// Whether a link to `href` may be written: not to a script or to data (`javascript:`,
/// `vbscript:`, `data:`, in any case), which a page of extracted text has no use for
/// and a browser would run or show.
fn safe_href(href: &str) -> bool {
    let href = href.trim_start_matches(|c: char| c <= ' ');
    !["javascript:", "vbscript:", "data:"]
        .iter()
        .any(|scheme| (href.get(..scheme.len())).is_some_and(|s| s.eq_ignore_ascii_case(scheme)))
}

/// Escapes an attribute's value for a double-quoted attribute: `&`, `"`, `<`, `>`.
fn escape_attribute(value: &str) -> String {
    escape(value).replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(kind: InlineKind, start: usize, end: usize) -> InlineSpan {
        InlineSpan { kind, start, end }
    }

    fn link(start: usize, end: usize, href: &str) -> LinkSpan {
        LinkSpan {
            start,
            end,
            href: href.to_owned(),
        }
    }

    fn html_of(text: &str, spans: &[InlineSpan], links: &[LinkSpan]) -> String {
        let mut html = String::new();
        inline_html(&mut html, text, spans, links);
        html
    }

    #[test]
    fn text_without_marks_is_escaped() {
        assert_eq!(html_of("a < b & c", &[], &[]), "a &lt; b &amp; c");
    }

    #[test]
    fn spans_and_links_are_elements() {
        let text = "call f() or see docs";
        let spans = [span(InlineKind::Code, 5, 8)];
        let links = [link(16, 20, "https://example.com/?a=1&b=\"2\"")];
        assert_eq!(
            html_of(text, &spans, &links),
            "call <code>f()</code> or see \
             <a href=\"https://example.com/?a=1&amp;b=&quot;2&quot;\">docs</a>"
        );
    }

    #[test]
    fn overlapping_spans_stay_nested() {
        // <b>ab<i>cd</b>ef</i>
        let spans = [
            span(InlineKind::Strong, 0, 4),
            span(InlineKind::Emphasis, 2, 6),
        ];
        assert_eq!(
            html_of("abcdef", &spans, &[]),
            "<strong>ab<em>cd</em></strong><em>ef</em>"
        );
    }

    #[test]
    fn a_link_inside_a_span_stays_inside_it_and_a_span_inside_a_link_too() {
        let spans = [span(InlineKind::Emphasis, 0, 6)];
        let links = [link(2, 4, "/x")];
        assert_eq!(
            html_of("abcdef", &spans, &links),
            "<em>ab<a href=\"/x\">cd</a>ef</em>"
        );
        let spans = [span(InlineKind::Emphasis, 2, 4)];
        let links = [link(0, 6, "/x")];
        assert_eq!(
            html_of("abcdef", &spans, &links),
            "<a href=\"/x\">ab<em>cd</em>ef</a>"
        );
    }

    #[test]
    fn a_link_across_the_end_of_a_span_reopens_the_span_inside_it() {
        let spans = [span(InlineKind::Strong, 0, 4)];
        let links = [link(2, 6, "/x")];
        assert_eq!(
            html_of("abcdef", &spans, &links),
            "<strong>ab</strong><a href=\"/x\"><strong>cd</strong>ef</a>"
        );
    }

    #[test]
    fn links_to_scripts_and_data_are_text() {
        for href in [
            "javascript:alert(1)",
            " JavaScript:x",
            "vbscript:x",
            "DATA:text/html,x",
        ] {
            assert_eq!(html_of("go", &[], &[link(0, 2, href)]), "go", "{href}");
        }
    }

    #[test]
    fn marks_that_are_not_ranges_of_the_text_are_left_out() {
        let spans = [span(InlineKind::Code, 1, 9), span(InlineKind::Strong, 0, 1)];
        // "é" is two bytes: 0..1 is not a character.
        assert_eq!(html_of("é!", &spans, &[link(2, 2, "/")]), "é!");
    }
}
