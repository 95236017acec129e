//! One document through a pipeline: its corpus [`Record`] (the format of
//! `docs/record-format.md`) or its bytes in a per-page format ([`process`]).
//!
//! Decoding follows the HTML standard's order (byte-order mark, then the HTTP charset,
//! then `<meta>`), after undoing chunked transfer coding and a real content coding.

use std::borrow::Cow;
use std::io::Read;
use std::sync::Arc;

use pith::core::ShapeAttributes;
use pith::dom::decode::whatwg::tld_of_url;
use pith::dom::decode::{DecodeOptions, DecodeStandard};
use pith::dom::Document;
use pith::markdown::MarkdownOptions;
use pith::output::{self, Format};
use pith::{Extraction, Pipeline};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::value::RawValue;

use crate::input::{Body, Doc, DocMeta};
use crate::url_date::untagged_date;

/// What the output of a run looks like.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// `--format jsonl`: one corpus record per document.
    Jsonl {
        /// Include every paragraph with its features (`--paragraphs`).
        paragraphs: bool,
        /// Include the page as Markdown, as `--format markdown` writes it
        /// (`--markdown`).
        markdown: bool,
        /// Its links as `[text](url)` (`--links`).
        links: bool,
        /// Its images as `![alt](src)` (`--images`).
        images: bool,
    },
    /// One of the per-page formats of `pith::output` (the reference CLI's and `json`).
    Page {
        /// The format.
        format: Format,
        /// Markdown's links as `[text](url)` (`--links`; other formats ignore it).
        links: bool,
        /// The images of the main text, in Markdown and HTML (`--images`; other
        /// formats ignore it).
        images: bool,
        /// A header of the page's metadata, the fields its record would have
        /// (`--with-metadata`: YAML front matter for `text` and `markdown`, the head
        /// of `html`; other formats ignore it).
        metadata: bool,
    },
}

impl Mode {
    /// A per-page format, without links, images or metadata.
    pub fn page(format: Format) -> Mode {
        Mode::Page {
            format,
            links: false,
            images: false,
            metadata: false,
        }
    }
}

/// The result of one document, ready to be written.
#[derive(Debug)]
pub struct Outcome {
    /// The bytes to write (possibly empty).
    pub bytes: Vec<u8>,
    /// `Some(message)` when the document failed (an error record).
    pub error: Option<String>,
    /// The page's identified language code (for the run's per-language counts).
    pub language: Option<&'static str>,
    /// In a per-page format, what the reader should hear of a page that kept no text:
    /// that it kept none (its output is empty, and would pass unseen), with its
    /// warnings (e.g. `-s English` on a page in Arabic), which only the JSON formats
    /// carry.
    pub notice: Option<String>,
}

/// Keys pith writes itself; input fields with these names are not passed through.
pub const RESERVED: [&str; 14] = [
    "id",
    "source",
    "title",
    "canonical_url",
    "text",
    "word_count",
    "paragraphs",
    "error",
    "encoding",
    "encoding_source",
    "limits_hit",
    "language",
    "language_confidence",
    "warnings",
];

/// One corpus record: a document's identity and either what was extracted or why not.
///
/// It serialises (with `serde`) to exactly one object of the corpus format, fields in
/// this order: `id`, `source`, `url`, `date`, the passed-through input fields, then
/// either `text`, `word_count`, `markdown`, `paragraphs`, `encoding`,
/// `encoding_source`, `limits_hit` or `error`.
/// [`Record::to_json_line`] gives the line `pith extract --format jsonl` writes.
#[derive(Clone, Debug)]
pub struct Record {
    /// The document's identity (id, source, url, date, passed-through fields).
    pub meta: Arc<DocMeta>,
    /// The extraction, or the message of an error record.
    pub result: Result<Extracted, String>,
}

/// What a text record holds besides the document's identity.
#[derive(Clone, Debug, Default)]
pub struct Extracted {
    /// The page's `<title>` (whitespace collapsed), when it has one.
    pub title: Option<String>,
    /// The page's `<link rel=canonical>` resolved against the document's URL, or the
    /// document's URL (WARC-Target-URI) when the page names none.
    pub canonical_url: Option<String>,
    /// What the page's `<meta>` tags say, by record field (`description`,
    /// `site_name`, `author`, `published`; [`pith::dom::PageMetadata::described`]), the
    /// fields the page gives; `published` else from the date in the canonical URL or
    /// the document's, else from the date the page's text shows ([`untagged_date`]),
    /// and `author` else from the page's first byline
    /// ([`bylined_in_text`](pith::dom::bylined_in_text)), unless the input has its own.
    pub described: Vec<(&'static str, String)>,
    /// The good paragraphs joined by `\n` (possibly empty).
    pub text: String,
    /// Words in `text`, as [`count_words`](pith::core::lang::words::count_words) counts
    /// them: runs of characters between Unicode whitespace, each Han, Hiragana and
    /// Katakana character a word of its own, a run of Thai, Lao, Khmer or Burmese its
    /// dictionary words, a run of Tibetan its syllables.
    pub word_count: usize,
    /// The good blocks as Markdown, exactly as `--format markdown` writes them, data
    /// tables as pipe tables (only when asked for: [`RecordOptions::markdown`]).
    pub markdown: Option<String>,
    /// Every paragraph with its class and features, as `--format json` writes them
    /// (only when asked for: [`RecordOptions::paragraphs`]).
    pub paragraphs: Option<Box<RawValue>>,
    /// How the page's bytes were decoded (absent for text inputs such as JSONL).
    pub encoding: Option<Encoding>,
    /// The parse guards that changed the page (e.g. the depth limit).
    pub limits_hit: Vec<String>,
    /// The page's language (ISO 639-1 code, e.g. `ja`) and the identifier's confidence
    /// (0–1), when one was identified.
    pub language: Option<(&'static str, f64)>,
    /// What the user should know about the result (e.g. a fixed stoplist that is not
    /// the page's language's).
    pub warnings: Vec<String>,
}

/// How a page was decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// The encoding's name: Python's codec name under the jusText presets' Python
    /// decoding (`utf-8`, `cp1251`), the WHATWG name under the others' (`UTF-8`,
    /// `windows-1251`).
    pub codec: String,
    /// What chose it: `http-header`, `meta-charset`, `byte-order-mark`,
    /// `xml-declaration`, `utf8`, `default`, `forced` or (WHATWG decoding) `detector`.
    pub source: String,
}

/// What a record says of a page besides its text: its title, its canonical URL and the
/// fields its `<meta>` tags, bylines and dates describe ([`Extracted`]'s fields of the
/// same names).
struct PageFacts {
    title: Option<String>,
    canonical_url: Option<String>,
    described: Vec<(&'static str, String)>,
}

impl PageFacts {
    /// The facts of the page `ex` was extracted from, the document `meta`.
    fn of(meta: &DocMeta, ex: &Extraction) -> PageFacts {
        let page = &ex.metadata;
        let canonical_url = match (&page.canonical_href, &meta.page_url()) {
            (Some(href), Some(base)) => Some(crate::url::resolve(base, href)),
            (Some(href), None) => Some(href.clone()),
            (None, url) => url.clone(),
        };
        let mut described: Vec<(&'static str, String)> = (page.described().into_iter())
            .filter_map(|(key, value)| Some((key, value?.to_owned())))
            .collect();
        let input_has = |field: &str| meta.extra.iter().any(|(key, _)| key == field);
        if let (None, Some(author), false) =
            (&page.author, &page.bylined_in_text, input_has("author"))
        {
            // In its place among the described fields: before `published`.
            let at = (described.iter())
                .position(|(key, _)| *key == "published")
                .unwrap_or(described.len());
            described.insert(at, ("author", author.clone()));
        }
        let input_published = input_has("published");
        if page.published.is_none() && !input_published {
            if let Some(date) = untagged_date(page, &[canonical_url.clone(), meta.page_url()]) {
                // `published` is the last of the described fields: its place is kept.
                described.push(("published", date));
            }
        }
        PageFacts {
            title: page.title.clone(),
            canonical_url,
            described,
        }
    }

    /// The fields a page format's metadata header holds (`--with-metadata`), by their
    /// record names and in a record's order: `url`, `title`, `canonical_url`, the
    /// described fields, `language`; only those the page has.
    fn header(self, meta: &DocMeta, ex: &Extraction) -> Vec<(&'static str, String)> {
        let mut fields: Vec<(&'static str, String)> = Vec::new();
        fields.extend(meta.page_url().map(|u| ("url", u)));
        fields.extend(self.title.map(|t| ("title", t)));
        fields.extend(self.canonical_url.map(|u| ("canonical_url", u)));
        fields.extend(self.described);
        fields.extend(
            ex.language
                .map(|id| ("language", id.language.code.to_owned())),
        );
        fields
    }
}

impl Record {
    /// The error record of a document.
    pub fn error(meta: Arc<DocMeta>, message: impl Into<String>) -> Record {
        Record {
            meta,
            result: Err(message.into()),
        }
    }

    /// The text record of an extraction; `tree` is the page's shape (for Markdown's
    /// tables), `header` says that the HTTP charset chose the encoding.
    fn of_extraction(
        meta: Arc<DocMeta>,
        ex: &Extraction,
        tree: Option<&Document>,
        opts: &RecordOptions,
        header: bool,
    ) -> Record {
        let paragraphs = opts
            .paragraphs
            .then(|| serde_json::value::to_raw_value(&output::records(ex)).expect("serialisable"));
        let markdown = opts.markdown.then(|| {
            let options = MarkdownOptions {
                links: opts.links,
                url: meta.page_url(),
                images: opts.images,
            };
            markdown_of(ex, tree, &options)
        });
        let encoding = ex.decoded_as.as_ref().map(|(codec, source)| Encoding {
            codec: codec.clone(),
            source: if header {
                "http-header"
            } else {
                source.as_str()
            }
            .to_owned(),
        });
        let text = ex.good_text("\n");
        let facts = PageFacts::of(&meta, ex);
        Record {
            result: Ok(Extracted {
                title: facts.title,
                canonical_url: facts.canonical_url,
                described: facts.described,
                word_count: pith::core::lang::words::count_words(&text),
                text,
                markdown,
                paragraphs,
                encoding,
                limits_hit: crawl_limit(&meta)
                    .into_iter()
                    .chain(ex.diagnostics.notes.iter().cloned())
                    .collect(),
                language: ex
                    .language
                    .map(|id| (id.language.code, (id.confidence * 1000.0).round() / 1000.0)),
                warnings: ex.warnings.clone(),
            }),
            meta,
        }
    }

    /// The error message of an error record.
    pub fn error_message(&self) -> Option<&str> {
        self.result.as_ref().err().map(String::as_str)
    }

    /// The record as one JSON line, newline included.
    pub fn to_json_line(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(1024);
        serde_json::to_writer(&mut out, self).expect("a record serialises");
        out.push(b'\n');
        out
    }
}

impl Extracted {
    /// Whether the record writes a field `key` that is not always pith's (not in
    /// [`RESERVED`]): a `<meta>` field the page gives, or `markdown` when asked for.
    fn fills(&self, key: &str) -> bool {
        (key == "markdown" && self.markdown.is_some())
            || self.described.iter().any(|(k, _)| *k == key)
    }
}

/// The good blocks of `ex` as Markdown, as `--format markdown` writes them: data
/// tables as tables when the page's shape `tree` is given.
fn markdown_of(ex: &Extraction, tree: Option<&Document>, options: &MarkdownOptions) -> String {
    match tree {
        Some(tree) => pith::markdown::to_markdown_with(ex, tree, options),
        None => pith::markdown::to_markdown(ex),
    }
}

/// The limit a crawler hit on the page before pith saw it: a WARC record whose payload
/// it stored only the start of (`WARC-Truncated`), so the page's end is missing.
fn crawl_limit(meta: &DocMeta) -> Option<String> {
    let why = meta.truncated.as_deref()?;
    Some(format!(
        "crawl: the page is truncated (WARC-Truncated: {why}): the crawler stored only its start"
    ))
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let meta = &*self.meta;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("id", &meta.id)?;
        map.serialize_entry("source", &meta.source)?;
        if let Some(url) = &meta.url {
            map.serialize_entry("url", url)?;
        }
        if let Some(date) = &meta.date {
            map.serialize_entry("date", date)?;
        }
        for (k, v) in &meta.extra {
            // `id` is written above as the record id (as a string).
            // A field the page's metadata (or `--markdown`) fills is pith's; otherwise
            // the input's stays.
            let filled = (self.result.as_ref()).is_ok_and(|ex| ex.fills(k));
            if !RESERVED.contains(&k.as_str()) && !filled {
                map.serialize_entry(k, &**v)?;
            }
        }
        match &self.result {
            Ok(ex) => {
                if let Some(title) = &ex.title {
                    map.serialize_entry("title", title)?;
                }
                if let Some(url) = &ex.canonical_url {
                    map.serialize_entry("canonical_url", url)?;
                }
                for (key, value) in &ex.described {
                    map.serialize_entry(key, value)?;
                }
                map.serialize_entry("text", &ex.text)?;
                map.serialize_entry("word_count", &ex.word_count)?;
                if let Some(md) = &ex.markdown {
                    map.serialize_entry("markdown", md)?;
                }
                if let Some(p) = &ex.paragraphs {
                    map.serialize_entry("paragraphs", &**p)?;
                }
                if let Some(enc) = &ex.encoding {
                    map.serialize_entry("encoding", &enc.codec)?;
                    map.serialize_entry("encoding_source", &enc.source)?;
                }
                if !ex.limits_hit.is_empty() {
                    map.serialize_entry("limits_hit", &ex.limits_hit)?;
                }
                if let Some((code, confidence)) = ex.language {
                    map.serialize_entry("language", code)?;
                    map.serialize_entry("language_confidence", &confidence)?;
                }
                if !ex.warnings.is_empty() {
                    map.serialize_entry("warnings", &ex.warnings)?;
                }
            }
            Err(msg) => map.serialize_entry("error", msg)?,
        }
        map.end()
    }
}

/// The identity an error record writes: `meta`, less the input's own `markdown` field
/// when the records carry pith's (`--markdown`), so that no error record passes an
/// input's Markdown off as pith's.
fn error_meta(meta: &Arc<DocMeta>, markdown: bool) -> Arc<DocMeta> {
    if !markdown || !meta.extra.iter().any(|(k, _)| k == "markdown") {
        return Arc::clone(meta);
    }
    let mut without = DocMeta::clone(meta);
    without.extra.retain(|(k, _)| k != "markdown");
    Arc::new(without)
}

/// The error output of a document in any mode (nothing for the text formats).
pub fn error_output(mode: Mode, meta: &Arc<DocMeta>, message: &str) -> Vec<u8> {
    match mode {
        Mode::Jsonl { markdown, .. } => {
            Record::error(error_meta(meta, markdown), message).to_json_line()
        }
        Mode::Page {
            format: Format::Json,
            ..
        } => {
            let mut out = Vec::new();
            let _ = output::write_json_error(&mut out, &meta.id, message);
            out
        }
        Mode::Page { .. } => Vec::new(),
    }
}

/// The decoding options for one page: a known HTTP header charset is used like a forced
/// encoding, after a byte-order mark (as the HTML standard orders them: BOM, then the
/// transport's charset, then `<meta>`) and unless the user forced an encoding.
/// Under the WHATWG standard, the page's URL also gives the detector its top-level
/// domain, as browsers do. The flag says whether the HTTP charset is used. What the
/// corpus runner does for each WARC record; Python's `Pipeline.extract(html, url=…,
/// charset=…)` does the same.
pub fn decode_options<'a>(
    base: &'a DecodeOptions,
    charset: Option<&str>,
    url: Option<&str>,
    bytes: &[u8],
) -> (Cow<'a, DecodeOptions>, bool) {
    let forced = base.encoding.as_deref().is_some_and(|e| !e.is_empty());
    let bom = base.honour_bom
        && [&b"\xEF\xBB\xBF"[..], b"\xFF\xFE", b"\xFE\xFF"]
            .iter()
            .any(|b| bytes.starts_with(b));
    let tld = url
        .filter(|_| base.standard == DecodeStandard::Whatwg)
        .and_then(tld_of_url);
    let mut opts = Cow::Borrowed(base);
    if tld.is_some() {
        opts.to_mut().tld = tld;
    }
    match charset {
        Some(cs) if !forced && !bom && base.standard.knows(cs) => {
            opts.to_mut().encoding = Some(cs.to_owned());
            (opts, true)
        }
        _ => (opts, false),
    }
}

/// The page in an HTTP payload: chunked transfer coding undone when `chunked`, then the
/// content coding (`gzip`, `deflate`, `br`, `zstd`) when the payload really is
/// compressed, at most `max` bytes after it (an error beyond). What `pith extract` runs
/// on, and what Python's `read_warc` yields as `html`.
pub fn http_payload<'a>(
    bytes: &'a [u8],
    chunked: bool,
    content_encoding: Option<&str>,
    max: u64,
) -> Result<Cow<'a, [u8]>, String> {
    let dechunked = if chunked {
        pith::warc::dechunk(bytes)
    } else {
        None
    };
    match dechunked {
        Some(plain) => undo_content_coding(&plain, content_encoding, max)
            .map(|page| Cow::Owned(page.into_owned())),
        None => undo_content_coding(bytes, content_encoding, max),
    }
}

/// Undoes an HTTP content coding when the payload really is compressed: `gzip`
/// (`x-gzip`), `deflate` (zlib or raw), `br` (Brotli) and `zstd`, the codings browsers
/// ask for (WARCs written by browser-based crawlers keep them; Common Crawl stores
/// payloads decoded, its header renamed `X-Crawler-Content-Encoding`). A list
/// (`gzip, br`) is undone last coding first. A payload that does not decode is used as
/// it is: ClueWeb09 keeps `Content-Encoding: gzip` on payloads stored decompressed, and
/// `gzip` and `zstd` are undone only when their magic number is there. An unknown
/// coding leaves the bytes as they are ([`crate::sniff::not_a_page`] then names them).
fn undo_content_coding<'a>(
    bytes: &'a [u8],
    coding: Option<&str>,
    max: u64,
) -> Result<Cow<'a, [u8]>, String> {
    let codings: Vec<&str> = coding
        .into_iter()
        .flat_map(|list| list.split(','))
        .map(str::trim)
        .filter(|c| !c.is_empty() && *c != "identity")
        .collect();
    let mut page = Cow::Borrowed(bytes);
    for coding in codings.into_iter().rev() {
        if let Some(decoded) = undo_one_coding(&page, coding, max)? {
            page = Cow::Owned(decoded);
        }
    }
    Ok(page)
}

/// One content coding undone: the decoded bytes, `None` when the payload is not so
/// coded (or the coding is unknown), an error when it decodes to more than `max` bytes.
fn undo_one_coding(bytes: &[u8], coding: &str, max: u64) -> Result<Option<Vec<u8>>, String> {
    let mut out = Vec::new();
    let limit = max + 1;
    let res = match coding {
        "gzip" | "x-gzip" if bytes.starts_with(&[0x1f, 0x8b]) => {
            flate2::read::MultiGzDecoder::new(bytes)
                .take(limit)
                .read_to_end(&mut out)
        }
        "deflate" => flate2::read::ZlibDecoder::new(bytes)
            .take(limit)
            .read_to_end(&mut out)
            .or_else(|_| {
                out.clear();
                flate2::read::DeflateDecoder::new(bytes)
                    .take(limit)
                    .read_to_end(&mut out)
            }),
        "br" => brotli_decompressor::Decompressor::new(bytes, 4096)
            .take(limit)
            .read_to_end(&mut out),
        "zstd" if bytes.starts_with(&ZSTD_MAGIC) => {
            match ruzstd::decoding::StreamingDecoder::new(bytes) {
                Ok(decoder) => decoder.take(limit).read_to_end(&mut out),
                Err(e) => Err(std::io::Error::other(e.to_string())),
            }
        }
        _ => return Ok(None),
    };
    match res {
        Ok(_) if out.len() as u64 > max => Err(format!(
            "document larger than --max-bytes {max} after Content-Encoding"
        )),
        Ok(_) => Ok(Some(out)),
        // Not really so coded after all: the bytes as they are.
        Err(_) => Ok(None),
    }
}

/// The first bytes of a Zstandard frame.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

/// Whether the mode writes the edited tree: `--format html`, for a pipeline whose tree
/// stages purify the page (`declutter.purify`: an allow-list of tags and attributes).
/// Any other tree is the page as parsed, scripts' handlers and forms included, so the
/// good blocks are written instead. Without the tree the pipeline parses leaner: it
/// leaves out the attributes no stage reads.
fn writes_tree(pipeline: &Pipeline, mode: Mode) -> bool {
    matches!(
        mode,
        Mode::Page {
            format: Format::Html,
            ..
        }
    ) && (pipeline.spec().tree.iter()).any(|stage| stage.typetag_name() == "declutter.purify")
}

/// Which tree a mode needs besides the extraction.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TreeUse {
    /// None.
    None,
    /// The page to write, every attribute kept ([`writes_tree`]); with `images`
    /// (`--images`), each image's source settled before the stages run.
    Whole {
        /// Whether the page is written with its images.
        images: bool,
    },
    /// Its shape only, parsed lean: the tables of Markdown (the format, or a record's
    /// `markdown`) and of html's page of kept blocks; the links' `href`s too for
    /// `--links`, the images' sources for `--images`.
    Shape(ShapeAttributes),
}

/// The tree `mode` needs from `pipeline`'s run.
fn tree_use(pipeline: &Pipeline, mode: Mode) -> TreeUse {
    match mode {
        Mode::Page { images, .. } if writes_tree(pipeline, mode) => TreeUse::Whole { images },
        Mode::Page {
            format: Format::Markdown | Format::Html,
            links,
            images,
            ..
        }
        | Mode::Jsonl {
            markdown: true,
            links,
            images,
            ..
        } => TreeUse::Shape(ShapeAttributes { links, images }),
        _ => TreeUse::None,
    }
}

/// Runs the pipeline on decoded text, with the edited tree when the mode reads it.
fn run_text(
    pipeline: &Pipeline,
    text: &str,
    mode: Mode,
) -> pith::core::Result<(Extraction, Option<Document>)> {
    Ok(match tree_use(pipeline, mode) {
        TreeUse::Whole { images: false } => {
            let (ex, tree) = pipeline.run_str_keeping_tree(text)?;
            (ex, Some(tree))
        }
        TreeUse::Whole { images: true } => {
            let (ex, tree) = pipeline.run_str_keeping_tree_with_images(text)?;
            (ex, Some(tree))
        }
        TreeUse::Shape(keep) => {
            let (ex, tree) = pipeline.run_str_and_tree_keeping(text, keep)?;
            (ex, Some(tree))
        }
        TreeUse::None => (pipeline.run_str(text)?, None),
    })
}

/// Runs the pipeline on raw bytes, with the edited tree when the mode reads it.
fn run_bytes(
    pipeline: &Pipeline,
    bytes: &[u8],
    opts: &DecodeOptions,
    mode: Mode,
) -> pith::core::Result<(Extraction, Option<Document>)> {
    Ok(match tree_use(pipeline, mode) {
        TreeUse::Whole { images: false } => {
            let (ex, tree) = pipeline.run_bytes_keeping_tree(bytes, opts)?;
            (ex, Some(tree))
        }
        TreeUse::Whole { images: true } => {
            let (ex, tree) = pipeline.run_bytes_keeping_tree_with_images(bytes, opts)?;
            (ex, Some(tree))
        }
        TreeUse::Shape(keep) => {
            let (ex, tree) = pipeline.run_bytes_and_tree_keeping(bytes, opts, keep)?;
            (ex, Some(tree))
        }
        TreeUse::None => (pipeline.run_bytes_with(bytes, opts)?, None),
    })
}

/// Options of [`record`].
#[derive(Clone, Copy, Debug)]
pub struct RecordOptions {
    /// Include every paragraph with its features.
    pub paragraphs: bool,
    /// Include the page as Markdown (`markdown`), as `--format markdown` writes it;
    /// the run then also keeps the page's shape, for the tables.
    pub markdown: bool,
    /// The Markdown's links as `[text](url)`, resolved against the document's URL
    /// (`--links`).
    pub links: bool,
    /// The Markdown's images as `![alt](src)` (`--images`).
    pub images: bool,
    /// Largest page after undoing an HTTP content coding.
    pub max_bytes: u64,
}

impl Default for RecordOptions {
    /// No paragraphs, no Markdown, no links or images, [`crate::RECORD_MAX_BYTES`].
    fn default() -> Self {
        RecordOptions {
            paragraphs: false,
            markdown: false,
            links: false,
            images: false,
            max_bytes: crate::RECORD_MAX_BYTES,
        }
    }
}

/// Decodes a document and runs the pipeline on it; the edited tree too when the
/// mode reads it ([`tree_use`]). The flag says whether the HTTP charset chose the encoding.
fn extract(
    pipeline: &Pipeline,
    doc: &Doc,
    mode: Mode,
    max_bytes: u64,
) -> Result<(Extraction, Option<Document>, bool), String> {
    match &doc.body {
        Body::Failed(msg) => Err(msg.clone()),
        Body::Text(text) => {
            let (ex, tree) = run_text(pipeline, text, mode).map_err(|e| e.to_string())?;
            Ok((ex, tree, false))
        }
        Body::Bytes {
            bytes,
            charset,
            content_encoding,
            chunked,
        } => {
            let bytes = http_payload(bytes, *chunked, content_encoding.as_deref(), max_bytes)?;
            // Files and WARC payloads without a coding were sniffed when read; a coded
            // payload is sniffed here, its coding undone: a PDF or an image served as
            // `text/html` is no page.
            if content_encoding.is_some() || *chunked {
                if let Some(why) = crate::sniff::not_a_page(&bytes) {
                    return Err(why);
                }
            }
            let (opts, header) = decode_options(
                pipeline.decode_options(),
                charset.as_deref(),
                doc.meta.url.as_deref(),
                &bytes,
            );
            let (ex, tree) = run_bytes(pipeline, &bytes, &opts, mode).map_err(|e| e.to_string())?;
            Ok((ex, tree, header))
        }
    }
}

/// The extraction of one document as `pith extract` makes it (the HTTP payload's
/// codings undone, the header's charset and the URL's domain guiding the decoding), or
/// the message its error record would carry. What `pith explain --record` explains.
pub fn extraction(pipeline: &Pipeline, doc: &Doc, max_bytes: u64) -> Result<Extraction, String> {
    let mode = Mode::Jsonl {
        paragraphs: false,
        markdown: false,
        links: false,
        images: false,
    };
    extract(pipeline, doc, mode, max_bytes).map(|(ex, _, _)| ex)
}

/// Runs the pipeline on one document and gives its corpus record (an error record
/// when the document failed to read, decode or run).
pub fn record(pipeline: &Pipeline, doc: &Doc, opts: &RecordOptions) -> Record {
    let mode = Mode::Jsonl {
        paragraphs: opts.paragraphs,
        markdown: opts.markdown,
        links: opts.links,
        images: opts.images,
    };
    match extract(pipeline, doc, mode, opts.max_bytes) {
        Ok((ex, tree, header)) => {
            Record::of_extraction(doc.meta.clone(), &ex, tree.as_ref(), opts, header)
        }
        Err(msg) => Record::error(error_meta(&doc.meta, opts.markdown), msg),
    }
}

/// Runs the pipeline on one document and renders its output in `mode`: a corpus
/// record line, or the page in one of `pith::output`'s formats.
pub fn process(pipeline: &Pipeline, doc: &Doc, mode: Mode, max_bytes: u64) -> Outcome {
    let (format, links, images, metadata) = match mode {
        Mode::Jsonl {
            paragraphs,
            markdown,
            links,
            images,
        } => {
            let rec = record(
                pipeline,
                doc,
                &RecordOptions {
                    paragraphs,
                    markdown,
                    links,
                    images,
                    max_bytes,
                },
            );
            return Outcome {
                bytes: rec.to_json_line(),
                language: rec
                    .result
                    .as_ref()
                    .ok()
                    .and_then(|ex| ex.language)
                    .map(|l| l.0),
                error: rec.result.err(),
                // A record carries its warnings itself.
                notice: None,
            };
        }
        Mode::Page {
            format,
            links,
            images,
            metadata,
        } => (format, links, images, metadata),
    };
    match extract(pipeline, doc, mode, max_bytes) {
        Ok((ex, tree, _)) => {
            let mut bytes = Vec::new();
            let tree = tree.as_ref().map(|t| match tree_use(pipeline, mode) {
                TreeUse::Whole { .. } => output::Tree::Page(t),
                _ => output::Tree::Shape(t),
            });
            let markdown = MarkdownOptions {
                links,
                url: doc.meta.page_url(),
                images,
            };
            let fields = match metadata {
                true => PageFacts::of(&doc.meta, &ex).header(&doc.meta, &ex),
                false => Vec::new(),
            };
            output::write_with_metadata(
                &mut bytes,
                format,
                &doc.meta.id,
                &ex,
                tree,
                &markdown,
                &fields,
            )
            .expect("writing to a Vec cannot fail");
            let kept_nothing = ex.good_blocks().next().is_none();
            let json = matches!(format, Format::Json);
            Outcome {
                bytes,
                error: None,
                language: ex.language.map(|id| id.language.code),
                notice: (kept_nothing && !json).then(|| {
                    if ex.warnings.is_empty() {
                        "no text kept".to_owned()
                    } else {
                        format!("no text kept; {}", ex.warnings.join("; "))
                    }
                }),
            }
        }
        Err(msg) => Outcome {
            bytes: error_output(mode, &doc.meta, &msg),
            error: Some(msg),
            language: None,
            notice: None,
        },
    }
}
