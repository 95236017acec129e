//! `--format html`'s page of kept blocks read back as a page gives the same blocks:
//! cut again by the same segmenter, it has the same texts, shapes, line breaks, inline
//! spans, links, list items and list starts, whatever characters the text holds and
//! however the page's inline elements cross; and writing it again gives the same page.

use pith::layout::TreeLayout;
use pith::markdown::MarkdownOptions;
use pith::shape::{block_shape, may_be_preformatted};
use pith::Pipeline;
use proptest::prelude::*;

use crate::common::{inline_html, keep_every_tag_block, word, LINK_URL};

/// Element indices replaced by the order each is first seen in, so that two trees'
/// groupings compare.
fn first_seen(ids: impl Iterator<Item = Option<usize>>) -> Vec<Option<usize>> {
    let mut seen: Vec<usize> = Vec::new();
    ids.map(|id| {
        id.map(|id| match seen.iter().position(|&s| s == id) {
            Some(n) => n,
            None => {
                seen.push(id);
                seen.len() - 1
            }
        })
    })
    .collect()
}

/// What a page's blocks are, as the writer should keep them: each block's text, shape,
/// whether a `<br>` cut it, its spans (none in preformatted text, written as is), its
/// links, its list's start, and which blocks share a list item and an `ol`.
fn reading(pipeline: &Pipeline, html: &str) -> (impl PartialEq + std::fmt::Debug, String) {
    let (ex, tree) = pipeline.run_str_and_tree(html).unwrap();
    let layout = TreeLayout::read(&ex, &tree);
    let blocks: Vec<_> = (ex.blocks.iter().enumerate())
        .map(|(i, b)| {
            let pre = may_be_preformatted(&b.dom_path);
            (
                b.shown_text().to_owned(),
                format!("{:?}", block_shape(b)),
                b.after_line_break,
                if pre {
                    vec![]
                } else {
                    layout.spans(i).to_vec()
                },
                layout.links(i).to_vec(),
                layout.list(i).and_then(|l| l.start),
            )
        })
        .collect();
    let items = first_seen(layout.items.iter().copied());
    let lists = first_seen(layout.lists.iter().map(|l| l.map(|l| l.list)));
    let options = MarkdownOptions {
        links: true,
        url: None,
        ..MarkdownOptions::default()
    };
    let page = pith::html::to_html(&ex, &tree, &options);
    ((blocks, items, lists), page)
}

/// The body of a written page. (Its `lang` is the language identifier's, which may
/// read a few words of no language differently once the page's markup has changed.)
fn body(page: &str) -> &str {
    page.split_once("<body").expect("a body").1
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Pages of paragraphs, headings, items of nested and numbered lists, quotes and
    /// preformatted text, with inline elements in any order (nested, crossing, with
    /// spaces at their edges or not, a `<br>` in between): the page written reads back
    /// as the same blocks, and written again is the same page.
    #[test]
    fn the_page_reads_back_as_its_blocks(
        blocks in proptest::collection::vec(
            (
                proptest::sample::select(vec![
                    ("<p>", "</p>"), ("<h2>", "</h2>"), ("<div>", "</div>"),
                    ("<ul><li>", "</li></ul>"), ("<ol start='3'><li>", "</li></ol>"),
                    ("<ol><li>", "</li></ol>"), ("<ul><li>item<ul><li>", "</li></ul></li></ul>"),
                    ("<ul><li><p>one</p><p>", "</p></li></ul>"),
                    ("<blockquote><p>", "</p></blockquote>"),
                    ("<blockquote><ol><li>", "</li></ol></blockquote>"),
                    ("<pre>", "</pre>"), ("<pre><code class='language-rust'>", "</code></pre>"),
                ]),
                proptest::collection::vec((inline_html(), proptest::bool::weighted(0.1)), 1..5),
            ),
            1..6,
        ),
        title in proptest::option::of(word()),
    ) {
        let mut html = String::from("<html><head>");
        if let Some(title) = &title {
            html.push_str(&format!("<title>{}</title>", title.replace('&', "&amp;").replace('<', "&lt;")));
        }
        html.push_str("</head><body>");
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
        let pipeline = keep_every_tag_block();
        let (want, page) = reading(&pipeline, &html);
        let (got, again) = reading(&pipeline, &page);
        prop_assert_eq!(&got, &want, "page:\n{}\nwritten:\n{}", html, page);
        prop_assert_eq!(body(&again), body(&page), "page:\n{}", html);
        // Every link leads where the page's did.
        for href in page.split("href=\"").skip(1) {
            let href = href.split('"').next().unwrap().replace("&amp;", "&");
            prop_assert_eq!(href, LINK_URL);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A data table's cells, with inline elements, read back as the same cells: the
    /// table written is a table of the same rows, header and caption.
    #[test]
    fn a_table_reads_back_as_its_cells(
        rows in proptest::collection::vec(proptest::collection::vec(inline_html(), 2..4), 2..4),
        header in any::<bool>(),
        caption in proptest::option::of(inline_html()),
    ) {
        let mut html = String::from("<html><body><table>");
        if let Some(caption) = &caption {
            html.push_str(&format!("<caption>{caption}</caption>"));
        }
        for (r, row) in rows.iter().enumerate() {
            html.push_str("<tr>");
            let tag = if header && r == 0 { "th" } else { "td" };
            for cell in row {
                html.push_str(&format!("<{tag}>{cell}</{tag}>"));
            }
            html.push_str("</tr>");
        }
        html.push_str("</table></body></html>");
        let pipeline = keep_every_tag_block();
        let (want, page) = reading(&pipeline, &html);
        let (got, again) = reading(&pipeline, &page);
        prop_assert_eq!(&got, &want, "page:\n{}\nwritten:\n{}", html, page);
        prop_assert_eq!(body(&again), body(&page), "page:\n{}", html);
    }
}
