//! Output formats: the reference CLI's four (`default`, `boilerplate`, `detailed`,
//! `krdwrd`, byte for byte), plus `text`, `json` (JSON Lines), `markdown`
//! ([`crate::markdown`]) and `html` ([`crate::html`]), and the metadata header of
//! `--with-metadata` ([`write_front_matter`]).

use std::io::{self, Write};

use pith_core::{Extraction, Label};
use serde::Serialize;

use crate::images::page_layout;
use crate::justext::features::{HEADING, LINK_DENSITY, STOPWORDS_DENSITY, WORDS_COUNT};
use crate::justext::text::python_strip;
use crate::markdown::MarkdownOptions;

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Good paragraphs as `<p> text` / `<h> text` (reference `default`).
    Default,
    /// All paragraphs; non-good ones as `<b> text` (reference `boilerplate`).
    Boilerplate,
    /// All paragraphs with class, cf class, heading and xpath (reference `detailed`).
    Detailed,
    /// One `CLASS<TAB>text` line per text node (reference `krdwrd`).
    Krdwrd,
    /// Good paragraphs, one per line, no markup.
    Text,
    /// One JSON object per input with every paragraph and its features.
    Json,
    /// A UTF-8 HTML5 document of the good blocks, with their structure and inline
    /// markup ([`crate::html`]); when the pipeline kept every block and the tree is
    /// given as [`Tree::Page`], the tree itself (declutter's purified page,
    /// [`pith_declutter::to_html_document`]), its URLs resolved when links are asked
    /// for.
    Html,
    /// The good blocks as Markdown: headings with their level, list items, block
    /// quotes, preformatted text ([`crate::markdown`]).
    Markdown,
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        Ok(match s {
            "default" => Format::Default,
            "boilerplate" => Format::Boilerplate,
            "detailed" => Format::Detailed,
            "krdwrd" => Format::Krdwrd,
            // `txt`: trafilatura's name for it (`--output-format txt`).
            "text" | "txt" => Format::Text,
            "json" | "jsonl" => Format::Json,
            "html" => Format::Html,
            "markdown" | "md" => Format::Markdown,
            other => return Err(format!("unknown output format {other:?}")),
        })
    }
}

/// jusText's HTML escaping of output text: `&`, `<`, `>` (quotes untouched).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

fn is_heading(ex: &Extraction, i: usize) -> bool {
    ex.features.get(&HEADING, i) == Some(1.0)
}

/// Whether the pipeline says block `i` is not a heading although its element may be
/// one: its `justext.heading` column is 0, as `--no-headings` (jusText's
/// `no_headings`) makes it for every block. Without the column, nothing is denied.
pub(crate) fn heading_denied(ex: &Extraction, i: usize) -> bool {
    ex.features.get(&HEADING, i) == Some(0.0)
}

/// One paragraph as `--format json` writes it, with jusText's field names.
#[derive(Debug, Serialize)]
pub struct ParagraphRecord<'a> {
    /// The paragraph text.
    pub text: &'a str,
    /// The final class.
    pub class_type: Label,
    /// The context-free class.
    pub cf_class: Label,
    /// Whether it is a heading.
    pub heading: bool,
    /// Number of words.
    pub words_count: u64,
    /// Characters inside links.
    pub chars_count_in_links: usize,
    /// Inline tags counted by the segmenter.
    pub tags_count: i64,
    /// Link characters / length.
    pub links_density: f64,
    /// Stop words / words.
    pub stopwords_density: f64,
    /// Element names from the root, joined by `.`.
    pub dom_path: &'a str,
    /// XPath of the opening element.
    pub xpath: &'a str,
}

/// The paragraph records of an extraction.
pub fn records(ex: &Extraction) -> Vec<ParagraphRecord<'_>> {
    let f = &ex.features;
    ex.blocks
        .iter()
        .enumerate()
        .map(|(i, b)| ParagraphRecord {
            text: &b.text,
            class_type: ex.label(i),
            cf_class: ex.cf_label(i),
            heading: is_heading(ex, i),
            words_count: f.get(&WORDS_COUNT, i).unwrap_or(0.0) as u64,
            chars_count_in_links: b.chars_count_in_links,
            tags_count: b.tags_count,
            links_density: f.get(&LINK_DENSITY, i).unwrap_or(0.0),
            stopwords_density: f.get(&STOPWORDS_DENSITY, i).unwrap_or(0.0),
            dom_path: &b.dom_path,
            xpath: &b.xpath,
        })
        .collect()
}

#[derive(Serialize)]
struct JsonRecord<'a> {
    source: &'a str,
    paragraphs: Vec<ParagraphRecord<'a>>,
    /// Guards that changed the parse (absent when none did).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    limits_hit: &'a [String],
    /// The page's language (ISO 639-1), when identified.
    #[serde(skip_serializing_if = "Option::is_none")]
    language: Option<&'static str>,
    /// The identifier's confidence in it (0–1).
    #[serde(skip_serializing_if = "Option::is_none")]
    language_confidence: Option<f64>,
    /// What the user should know about the result (absent when nothing).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    warnings: &'a [String],
}

#[derive(Serialize)]
struct JsonError<'a> {
    source: &'a str,
    error: &'a str,
}

/// Writes the JSON Lines error record of an input that failed.
pub fn write_json_error<W: Write>(out: &mut W, source: &str, error: &str) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &JsonError { source, error })?;
    out.write_all(b"\n")
}

/// The tree an extraction's blocks were cut from (as the tree stages left it), and
/// what [`write()`](fn@write) may do with it.
#[derive(Clone, Copy, Debug)]
pub enum Tree<'a> {
    /// The page purified by the stages (the declutter presets' `declutter.purify`):
    /// `html` writes it as it is when every block is good.
    Page(&'a pith_dom::Document),
    /// The page's shape only, never written (any pipeline; a lean parse will do).
    Shape(&'a pith_dom::Document),
}

impl<'a> Tree<'a> {
    fn document(self) -> &'a pith_dom::Document {
        match self {
            Tree::Page(doc) | Tree::Shape(doc) => doc,
        }
    }
}

/// Where the content of a serialised document's `head` starts: after its start tag,
/// `<head>` or `<head` with attributes (the page's own `head`, kept by purify).
fn head_content_start(page: &str) -> Option<usize> {
    let tag = (page.match_indices("<head").map(|(i, _)| i)).find(|&i| {
        matches!(
            page.as_bytes().get(i + 5),
            Some(b'>' | b' ' | b'\t' | b'\n')
        )
    })?;
    page[tag..].find('>').map(|end| tag + end + 1)
}

/// The character encoding declaration `pith_declutter::to_html_document` opens a
/// document's head with.
const CHARSET_DECLARATION: &str = "<meta charset=\"utf-8\">";

/// Where a purified page's metadata goes: at the start of its head's content, but
/// after the head's `<meta charset>`, which a browser reads only in the first 1024
/// bytes of a page (a long description before it would hide it, and the page's text
/// would be read in the wrong encoding).
fn metadata_start(page: &str) -> Option<usize> {
    let start = head_content_start(page)?;
    Some(match page[start..].starts_with(CHARSET_DECLARATION) {
        true => start + CHARSET_DECLARATION.len(),
        false => start,
    })
}

/// Whether a purified page's attribute `name` holds one URL to resolve (`--links`):
/// purify's URL attributes ([`pith_declutter::purify::URL_ATTRIBUTES`]) but `srcset`
/// and `ping`, which hold lists.
fn holds_one_url(name: &str) -> bool {
    pith_declutter::purify::URL_ATTRIBUTES.contains(&name) && !matches!(name, "srcset" | "ping")
}

/// The purified page as `options` asks for it, or `None` when that is the page as it
/// is. With links (`--links`), each URL attribute's value is resolved against the
/// page's base, as Markdown resolves its links (a fragment-only `href` too: the page is
/// read away from `base`). With images (`--images`), each image's `src` is resolved so
/// too, as Markdown's images are, and an image without one is taken out: the tree was
/// parsed with its images settled (`Pipeline::run_bytes_keeping_tree_with_images`), so
/// such an image is an icon, a tracking pixel, an emoji, an avatar or a placeholder,
/// and would show nothing of the content.
fn purified_for_output(
    doc: &pith_dom::Document,
    ex: &Extraction,
    options: &MarkdownOptions,
) -> Option<pith_dom::Document> {
    let base = options.base(ex);
    let resolve_links = base.as_deref().filter(|_| options.links);
    if resolve_links.is_none() && !options.images {
        return None;
    }
    let mut doc = doc.clone();
    let elements: Vec<_> = (doc.descendants(doc.root()))
        .filter(|&n| doc.element(n).is_some())
        .collect();
    for n in elements {
        let Some(el) = doc.element_mut(n) else {
            continue;
        };
        let is_image = el.name() == "img";
        if options.images && is_image && el.attr("src").is_none_or(|v| v.trim().is_empty()) {
            doc.detach(n);
            continue;
        }
        el.rewrite_attrs(|name, value| {
            // Every URL with links; an image's source alone with images.
            let against = resolve_links.or(base.as_deref().filter(|_| is_image && name == "src"));
            against
                .filter(|_| holds_one_url(name) && !value.trim().is_empty())
                .map(|base| crate::url::resolve(base, value.trim()))
        });
    }
    Some(doc)
}

/// Writes the page's metadata as YAML front matter, as static-site generators and
/// trafilatura's `--with-metadata` write it: a `---` line, one `name: "value"` line a
/// field (each value a JSON string, which YAML reads as the same double-quoted string,
/// so no character of it can break the header), a `---` line, and a blank line.
pub fn write_front_matter<W: Write>(out: &mut W, fields: &[(&str, String)]) -> io::Result<()> {
    out.write_all(b"---\n")?;
    for (name, value) in fields {
        writeln!(
            out,
            "{name}: {}",
            serde_json::to_string(value).expect("a string serialises")
        )?;
    }
    out.write_all(b"---\n\n")
}

/// Writes one extraction in the given format.
///
/// With a `tree`, `markdown` and `html` read from it where each block sits in a table
/// and write data tables as tables ([`crate::table`]), number ordered lists from their
/// `start` ([`crate::layout`]) and write the blocks' inline spans; without it, cells
/// are paragraphs, lists are numbered from 1 and the text is plain. `html` writes a [`Tree::Page`] itself when every block is good;
/// otherwise the good blocks, escaped: it never holds what the pipeline dropped, nor
/// the page's own markup. Other formats do not read the tree.
pub fn write<W: Write>(
    out: &mut W,
    format: Format,
    source: &str,
    ex: &Extraction,
    tree: Option<Tree<'_>>,
) -> io::Result<()> {
    write_with(out, format, source, ex, tree, &MarkdownOptions::default())
}

/// [`write()`](fn@write), with the options (links) of the `markdown` and `html` formats.
pub fn write_with<W: Write>(
    out: &mut W,
    format: Format,
    source: &str,
    ex: &Extraction,
    tree: Option<Tree<'_>>,
    options: &MarkdownOptions,
) -> io::Result<()> {
    write_with_metadata(out, format, source, ex, tree, options, &[])
}

/// [`write_with`], with a header of the page's metadata (`--with-metadata`; `fields`
/// by name, as corpus records name them: `title`, `url`, `canonical_url`,
/// `description`, `site_name`, `author`, `published`, `language`) for the formats that
/// take one: `text` and `markdown` open with it as YAML front matter
/// ([`write_front_matter`]), `html` writes it in its head ([`crate::html`]). Other
/// formats have no place for it and write as [`write_with`] does.
pub fn write_with_metadata<W: Write>(
    out: &mut W,
    format: Format,
    source: &str,
    ex: &Extraction,
    tree: Option<Tree<'_>>,
    options: &MarkdownOptions,
    fields: &[(&str, String)],
) -> io::Result<()> {
    if matches!(format, Format::Text | Format::Markdown) && !fields.is_empty() {
        write_front_matter(out, fields)?;
    }
    match format {
        Format::Json => {
            let rec = JsonRecord {
                source,
                paragraphs: records(ex),
                limits_hit: &ex.diagnostics.notes,
                language: ex.language.map(|id| id.language.code),
                language_confidence: ex
                    .language
                    .map(|id| (id.confidence * 1000.0).round() / 1000.0),
                warnings: &ex.warnings,
            };
            serde_json::to_writer(&mut *out, &rec)?;
            out.write_all(b"\n")?;
        }
        Format::Html => match tree {
            // The page as the tree stages left it (for declutter: the purified tree),
            // only when the pipeline kept every block: otherwise the tree still holds
            // what it dropped (jusText's headers, navs, footers).
            Some(Tree::Page(doc)) if ex.labels.iter().all(|l| *l == Label::Good) => {
                let page = match purified_for_output(doc, ex, options) {
                    Some(doc) => pith_declutter::to_html_document(&doc),
                    None => pith_declutter::to_html_document(doc),
                };
                // The metadata goes first in the document's head (which
                // `to_html_document` makes when the page had none), after its charset.
                let at = metadata_start(&page).filter(|_| !fields.is_empty());
                let (before, after) = page.split_at(at.unwrap_or(0));
                out.write_all(before.as_bytes())?;
                if at.is_some() {
                    out.write_all(crate::html::head_metadata(fields).as_bytes())?;
                }
                out.write_all(after.as_bytes())?;
                out.write_all(b"\n")?;
            }
            // Otherwise: the good blocks as a page of their own.
            _ => {
                let (ex, layout) = page_layout(ex, tree.map(Tree::document), options);
                crate::html::write_html_with_metadata(out, &ex, layout.as_ref(), options, fields)?
            }
        },
        Format::Markdown => {
            let (ex, layout) = page_layout(ex, tree.map(Tree::document), options);
            crate::markdown::write_markdown_with(out, &ex, layout.as_ref(), options)?
        }
        Format::Text => {
            for b in ex.good_blocks() {
                writeln!(out, "{}", b.shown_text())?;
            }
        }
        Format::Default | Format::Boilerplate => {
            for (i, b) in ex.blocks.iter().enumerate() {
                let tag = if ex.label(i) == Label::Good {
                    if is_heading(ex, i) {
                        "<h>"
                    } else {
                        "<p>"
                    }
                } else if format == Format::Boilerplate {
                    "<b>"
                } else {
                    continue;
                };
                writeln!(out, "{tag} {}", escape(&b.text))?;
            }
        }
        Format::Detailed => {
            for (i, b) in ex.blocks.iter().enumerate() {
                writeln!(
                    out,
                    "<p class=\"{}\" cfclass=\"{}\" heading=\"{}\" xpath=\"{}\"> {}",
                    ex.label(i),
                    ex.cf_label(i),
                    u8::from(is_heading(ex, i)),
                    b.xpath,
                    escape(&b.text)
                )?;
            }
        }
        Format::Krdwrd => {
            for (i, b) in ex.blocks.iter().enumerate() {
                let good = matches!(ex.label(i), Label::Good | Label::NearGood);
                let cls = match (good, is_heading(ex, i)) {
                    (true, false) => 3,
                    (true, true) => 2,
                    _ => 1,
                };
                for node in &b.text_nodes {
                    writeln!(out, "{cls}\t{}", python_strip(node))?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Block;

    /// Formats are read by their names and the short ones users type (`txt`, as
    /// trafilatura names it; `md`).
    #[test]
    fn formats_are_read_by_their_names_and_the_usual_short_ones() {
        for (name, format) in [
            ("text", Format::Text),
            ("txt", Format::Text),
            ("markdown", Format::Markdown),
            ("md", Format::Markdown),
            ("html", Format::Html),
        ] {
            assert_eq!(name.parse::<Format>(), Ok(format), "{name}");
        }
        assert!("tex".parse::<Format>().is_err());
    }

    /// An `Extraction` built by hand with fewer labels than blocks writes in every
    /// format without panicking: a block without a label is bad.
    #[test]
    fn every_format_writes_an_extraction_missing_labels() {
        let ex = Extraction {
            blocks: vec![Block {
                text: "x".into(),
                ..Block::default()
            }],
            ..Extraction::default()
        };
        for format in [
            Format::Default,
            Format::Text,
            Format::Html,
            Format::Markdown,
            Format::Json,
            Format::Boilerplate,
            Format::Detailed,
            Format::Krdwrd,
        ] {
            let mut out = Vec::new();
            write(&mut out, format, "hand-built", &ex, None).unwrap();
        }
        assert_eq!(crate::markdown::to_markdown(&ex), "");
    }

    /// The purified page (declutter keeping every block) resolves its links and images
    /// against the page's URL when links are asked for, as Markdown does; without, they
    /// are as written.
    #[test]
    fn the_purified_page_resolves_its_urls_with_links() {
        let pipeline = crate::preset("declutter").expect("preset");
        let html = "<html><body><article><h1>The footbridge</h1><p>When the spring flood \
            of last year tore the middle span off the footbridge, most people in the town \
            assumed that it would be years before anyone could walk across the river again. \
            Read the <a href='guide.html'>guide to the works</a> and see <img src='/i.png' \
            alt='a map'> the plan, which the volunteers drew up over the winter months in \
            the back room of the library, then <a href='#top'>go back up</a>.</p>\
            </article></body></html>";
        let (ex, tree) = pipeline.run_str_keeping_tree(html).expect("runs");
        assert!(
            ex.labels.iter().all(|l| *l == Label::Good),
            "{:?}",
            ex.labels
        );
        let page = |links: bool| {
            let options = MarkdownOptions {
                links,
                url: Some("https://example.com/docs/page.html".to_owned()),
                ..MarkdownOptions::default()
            };
            let mut out = Vec::new();
            let tree = Some(Tree::Page(&tree));
            write_with(&mut out, Format::Html, "page", &ex, tree, &options).unwrap();
            String::from_utf8(out).unwrap()
        };
        let linked = page(true);
        for url in [
            "href=\"https://example.com/docs/guide.html\"",
            "src=\"https://example.com/i.png\"",
            "href=\"https://example.com/docs/page.html#top\"",
        ] {
            assert!(linked.contains(url), "{url} in {linked}");
        }
        let plain = page(false);
        assert!(
            plain.contains("href=\"guide.html\"") && plain.contains("src=\"/i.png\""),
            "{plain}"
        );
    }

    /// With images asked for, the purified page is parsed with its images settled: a
    /// lazy image is written with its real source, resolved against the page's URL
    /// without `--links` (as Markdown's images are), and the icon, whose source the
    /// settling took, is not written as an empty `<img>`. Without, the page is as
    /// purify left it.
    #[test]
    fn the_purified_page_writes_its_images_settled() {
        let pipeline = crate::preset("declutter").expect("preset");
        let html = "<html><body><article><h1>The footbridge</h1><p>When the spring flood \
            of last year tore the middle span off the footbridge, most people in the town \
            assumed that it would be years before anyone could walk across the river \
            again.</p><img data-src='photos/span.jpg' alt='The new span'><p>The \
            volunteers drew up the plan <img src='/icons/pin.png' width='16' height='16'> \
            over the winter months in the back room of the library, and built the new span \
            in the spring, with timber from the old mill.</p></article></body></html>";
        let options = MarkdownOptions {
            url: Some("https://example.com/docs/page.html".to_owned()),
            images: true,
            ..MarkdownOptions::default()
        };
        let page = |(ex, tree): (Extraction, pith_dom::Document), options: &MarkdownOptions| {
            assert!(
                ex.labels.iter().all(|l| *l == Label::Good),
                "{:?}",
                ex.labels
            );
            let mut out = Vec::new();
            let tree = Some(Tree::Page(&tree));
            write_with(&mut out, Format::Html, "page", &ex, tree, options).unwrap();
            String::from_utf8(out).unwrap()
        };
        let settled = page(
            pipeline
                .run_str_keeping_tree_with_images(html)
                .expect("runs"),
            &options,
        );
        assert_eq!(settled.matches("<img").count(), 1, "{settled}");
        assert!(
            settled.contains(
                "<img alt=\"The new span\" src=\"https://example.com/docs/photos/span.jpg\">"
            ),
            "{settled}"
        );
        let plain = page(
            pipeline.run_str_keeping_tree(html).expect("runs"),
            &MarkdownOptions::default(),
        );
        assert!(
            plain.contains("<img alt=\"The new span\">")
                && plain.contains("src=\"/icons/pin.png\""),
            "{plain}"
        );
    }

    /// The purified page's metadata goes after its head's start tag, with attributes or
    /// without (a `<header>` is no head), and after the `<meta charset>` that opens it.
    #[test]
    fn the_head_content_starts_after_its_start_tag() {
        let page = "<!DOCTYPE html><html><head class=\"x\"><meta charset=\"utf-8\"></head>";
        assert_eq!(head_content_start(page), Some(page.find("<meta").unwrap()));
        assert_eq!(head_content_start("<html><head><title>"), Some(12));
        assert_eq!(head_content_start("<html><body><header>x</header>"), None);
        let purified = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>";
        assert_eq!(
            metadata_start(purified),
            Some(purified.find("<title").unwrap())
        );
        assert_eq!(metadata_start("<html><head><title>"), Some(12));
    }

    /// Front matter values are JSON strings: quotes, line breaks, `#` and `: ` stay in
    /// their value.
    #[test]
    fn front_matter_values_are_quoted() {
        let mut out = Vec::new();
        let fields = [
            ("title", "A: \"b\" # c\nd".to_owned()),
            ("url", "https://x.example/?a=1".to_owned()),
        ];
        write_front_matter(&mut out, &fields).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "---\ntitle: \"A: \\\"b\\\" # c\\nd\"\nurl: \"https://x.example/?a=1\"\n---\n\n"
        );
    }

    /// The page of kept blocks keeps a paragraph's lines (blocks cut at a lone `<br>`)
    /// in one `<p>`, a heading's in one heading, and a line after a dropped block
    /// starts its own paragraph.
    #[test]
    fn the_minimal_page_keeps_line_breaks() {
        let pipeline = crate::preset("declutter").expect("preset");
        let html = "<p>a<br>b &amp; c</p><h2>d<br>e</h2><p>f<br>g<br>h</p>";
        let (mut ex, _) = pipeline.run_str_and_tree(html).expect("runs");
        ex.labels[5] = Label::Bad;
        let mut out = Vec::new();
        write(&mut out, Format::Html, "page", &ex, None).unwrap();
        let out = String::from_utf8(out).unwrap();
        let body = out.split_once("<body dir=\"auto\">\n").expect("a body").1;
        assert_eq!(
            body,
            "<p>a<br>b &amp; c</p>\n<h2>d<br>e</h2>\n<p>f</p>\n<p>h</p>\n</body></html>\n"
        );
    }
}
