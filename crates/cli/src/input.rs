//! Inputs of `pith extract`: files, directories (recursive, `--glob`), stdin, gzip,
//! WARC / WARC.gz and JSON Lines, turned into a stream of documents.
//!
//! Everything here runs on one reader thread and streams: a WARC or JSONL file is never
//! held in memory, only one document at a time (at most `--max-bytes`).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use flate2::bufread::GzDecoder;
use serde_json::value::RawValue;

use crate::jsonl::{self, JsonlItem};
use pith::warc::{self, Positioned, WarcItem, WarcReader};

/// What identifies a document in its output record.
#[derive(Debug, Default)]
pub struct DocMeta {
    /// The document id: a path, a WARC-Record-ID, or a JSONL `id` / `source:line`.
    pub id: String,
    /// The input it came from (a path, or `-` for stdin).
    pub source: String,
    /// WARC-Target-URI.
    pub url: Option<String>,
    /// WARC-Date.
    pub date: Option<String>,
    /// Fields of a JSONL input line passed through, in their order.
    pub extra: Vec<(String, Box<RawValue>)>,
}

/// A document's content as read.
#[derive(Debug)]
pub enum Body {
    /// Page bytes (a file, or a WARC record's payload).
    Bytes {
        /// The bytes (an HTTP payload still has its transfer and content coding).
        bytes: Payload,
        /// The charset of the HTTP `Content-Type`.
        charset: Option<String>,
        /// HTTP `Content-Encoding` (undone when the payload really is compressed).
        content_encoding: Option<String>,
        /// HTTP chunked transfer coding.
        chunked: bool,
    },
    /// Already text (a JSONL string field).
    Text(String),
    /// The input failed for this document: it becomes an error record.
    Failed(String),
}

/// Bytes that start some way into a buffer: a WARC record's payload after its HTTP
/// headers, without moving the payload (pages are megabytes; headers are a few
/// hundred bytes).
#[derive(Debug)]
pub struct Payload {
    buf: Vec<u8>,
    start: usize,
}

impl Payload {
    /// The bytes of `buf` from `start` on.
    pub fn after(buf: Vec<u8>, start: usize) -> Payload {
        let start = start.min(buf.len());
        Payload { buf, start }
    }
}

impl From<Vec<u8>> for Payload {
    fn from(buf: Vec<u8>) -> Payload {
        Payload { buf, start: 0 }
    }
}

impl std::ops::Deref for Payload {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.buf[self.start..]
    }
}

/// One input document.
#[derive(Debug)]
pub struct Doc {
    /// Its identity.
    pub meta: Arc<DocMeta>,
    /// Its content.
    pub body: Body,
    /// Its size in bytes as read (for the statistics).
    pub size: u64,
}

/// What the reader emits.
#[derive(Debug)]
pub enum Item {
    /// A document: yields exactly one output record.
    Doc(Doc),
    /// A WARC record that is not an HTML document, by reason (counted, no record).
    Skipped(String),
}

/// How to read inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// By name (`.warc`, `.warc.gz`, `.jsonl`, `.ndjson`, …) and then by content.
    Auto,
    /// Each input is one HTML page.
    Html,
    /// WARC records.
    Warc,
    /// JSON Lines with an HTML field.
    Jsonl,
}

impl std::str::FromStr for InputFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "auto" => InputFormat::Auto,
            "html" => InputFormat::Html,
            "warc" => InputFormat::Warc,
            "jsonl" | "ndjson" => InputFormat::Jsonl,
            other => {
                return Err(format!(
                    "unknown input format {other:?} (expected auto, html, warc or jsonl)"
                ))
            }
        })
    }
}

/// Reader settings.
pub struct InputOptions {
    /// How to read inputs.
    pub format: InputFormat,
    /// The JSONL field with the HTML.
    pub html_field: String,
    /// Largest record inside a WARC or JSONL input.
    pub max_bytes: u64,
    /// Largest plain HTML file (or stdin).
    pub max_file_bytes: u64,
    /// Glob patterns for files inside directories (all files when empty).
    pub globs: Option<globset::GlobSet>,
}

/// Expands the command-line inputs: directories become their files (recursively,
/// sorted, filtered by `--glob`); `-` or no input is stdin (`None`).
pub fn expand(
    paths: &[PathBuf],
    globs: Option<&globset::GlobSet>,
) -> Vec<Result<Option<PathBuf>, (PathBuf, String)>> {
    if paths.is_empty() {
        return vec![Ok(None)];
    }
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(Ok(None));
        } else if p.is_dir() {
            let mut stack = vec![p.clone()];
            let mut files = Vec::new();
            while let Some(dir) = stack.pop() {
                let entries = match std::fs::read_dir(&dir) {
                    Ok(e) => e,
                    Err(e) => {
                        out.push(Err((dir.clone(), format!("cannot read directory: {e}"))));
                        continue;
                    }
                };
                for entry in entries.flatten() {
                    let path = entry.path();
                    let ty = entry.file_type();
                    if path.is_dir() {
                        stack.push(path);
                    } else if ty.map(|t| t.is_file() || t.is_symlink()).unwrap_or(false) {
                        let rel = path.strip_prefix(p).unwrap_or(&path);
                        if globs.is_none_or(|g| g.is_match(rel)) {
                            files.push(path);
                        }
                    }
                }
            }
            files.sort();
            out.extend(files.into_iter().map(|f| Ok(Some(f))));
        } else {
            out.push(Ok(Some(p.clone())));
        }
    }
    out
}

/// A `BufRead` that counts the bytes consumed.
pub struct Counting<R> {
    inner: R,
    /// Bytes consumed.
    pub count: u64,
}

impl<R: BufRead> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count += n as u64;
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.count += n as u64;
        self.inner.consume(n);
    }
}

/// Multi-member gzip (one member per WARC record, or one for the whole file) that
/// knows where each member starts, so errors name a compressed byte offset.
pub struct GzMembers<R: BufRead> {
    dec: Option<GzDecoder<Counting<R>>>,
    between: Option<Counting<R>>,
    /// Compressed offset of the member being read.
    pub member_start: u64,
    out: u64,
}

impl<R: BufRead> GzMembers<R> {
    /// Reads gzip members from `inner` until its end.
    pub fn new(inner: R) -> Self {
        GzMembers {
            dec: None,
            between: Some(Counting { inner, count: 0 }),
            member_start: 0,
            out: 0,
        }
    }
}

impl<R: BufRead> Read for GzMembers<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if let Some(dec) = &mut self.dec {
                match dec.read(buf) {
                    Ok(0) if !buf.is_empty() => {
                        let inner = self.dec.take().expect("decoder").into_inner();
                        self.between = Some(inner);
                        continue;
                    }
                    Ok(n) => {
                        self.out += n as u64;
                        return Ok(n);
                    }
                    Err(e) => {
                        let kind = if e.kind() == io::ErrorKind::UnexpectedEof {
                            "truncated"
                        } else {
                            "corrupt"
                        };
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!(
                                "{kind} gzip member at compressed byte {} (after {} decompressed bytes): {e}",
                                self.member_start, self.out
                            ),
                        ));
                    }
                }
            }
            let Some(mut inner) = self.between.take() else {
                return Ok(0);
            };
            if inner.fill_buf()?.is_empty() {
                self.between = Some(inner);
                return Ok(0);
            }
            self.member_start = inner.count;
            self.dec = Some(GzDecoder::new(inner));
        }
    }
}

/// A boxed byte stream with a description of offsets for messages.
pub struct Stream {
    reader: BufReader<Box<dyn Read + Send>>,
    gz: bool,
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reader.read(buf)
    }
}

impl BufRead for Stream {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.reader.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.reader.consume(n)
    }
}

impl Positioned for Stream {
    fn describe(&self, offset: u64) -> String {
        if self.gz {
            format!("decompressed byte {offset}")
        } else {
            format!("byte {offset}")
        }
    }
}

/// Opens an input (a path or stdin), undoing gzip when the bytes say so; returns the
/// stream and its first bytes (for sniffing).
fn open(path: Option<&Path>) -> io::Result<(Stream, Vec<u8>)> {
    let raw: Box<dyn Read + Send> = match path {
        Some(p) => Box::new(File::open(p)?),
        None => Box::new(io::stdin()),
    };
    let mut raw = BufReader::with_capacity(1 << 20, raw);
    let head = fill_at_least(&mut raw, 2)?;
    let gz = head.starts_with(&[0x1f, 0x8b]);
    let inner: Box<dyn Read + Send> = if gz {
        Box::new(GzMembers::new(raw))
    } else {
        Box::new(raw)
    };
    let mut reader = BufReader::with_capacity(256 * 1024, inner);
    let head = fill_at_least(&mut reader, 16)?;
    Ok((Stream { reader, gz }, head))
}

/// The first `n` bytes (fewer at the end of the input) without consuming them.
fn fill_at_least<R: Read>(r: &mut BufReader<R>, n: usize) -> io::Result<Vec<u8>> {
    // BufReader::fill_buf only reads when its buffer is empty; a pipe may give fewer
    // bytes than asked at first, which is fine for sniffing (we look at what came).
    let buf = r.fill_buf()?;
    Ok(buf[..buf.len().min(n)].to_vec())
}

fn name_format(path: &Path) -> InputFormat {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    if name.ends_with(".warc") {
        InputFormat::Warc
    } else if name.ends_with(".jsonl") || name.ends_with(".ndjson") {
        InputFormat::Jsonl
    } else {
        InputFormat::Auto
    }
}

/// Reads every input and hands each item to `emit`; stops early when `emit` returns
/// false (Ctrl-C or a closed output).
pub fn read_all(inputs: &[PathBuf], opts: &InputOptions, emit: &mut dyn FnMut(Item) -> bool) {
    for input in expand(inputs, opts.globs.as_ref()) {
        let path = match input {
            Ok(p) => p,
            Err((dir, msg)) => {
                let source = dir.display().to_string();
                if !emit(failed(&source, &source, msg)) {
                    return;
                }
                continue;
            }
        };
        let source = path
            .as_ref()
            .map_or_else(|| "-".to_owned(), |p| p.display().to_string());
        if !read_one(path.as_deref(), &source, opts, emit) {
            return;
        }
    }
}

fn failed(id: &str, source: &str, msg: String) -> Item {
    Item::Doc(Doc {
        meta: Arc::new(DocMeta {
            id: id.to_owned(),
            source: source.to_owned(),
            ..DocMeta::default()
        }),
        body: Body::Failed(msg),
        size: 0,
    })
}

fn read_one(
    path: Option<&Path>,
    source: &str,
    opts: &InputOptions,
    emit: &mut dyn FnMut(Item) -> bool,
) -> bool {
    let (mut stream, head) = match open(path) {
        Ok(s) => s,
        Err(e) => return emit(failed(source, source, format!("cannot read: {e}"))),
    };
    let mut format = opts.format;
    if format == InputFormat::Auto {
        format = path.map_or(InputFormat::Auto, name_format);
    }
    if format == InputFormat::Auto {
        format = if head.starts_with(b"WARC/") {
            InputFormat::Warc
        } else {
            InputFormat::Html
        };
    }
    match format {
        InputFormat::Warc => read_warc(stream, source, opts, emit),
        InputFormat::Jsonl => {
            for item in jsonl::JsonlReader::new(stream, source, &opts.html_field, opts.max_bytes) {
                let item = match item {
                    JsonlItem::Doc(meta, text) => {
                        let size = text.len() as u64;
                        Item::Doc(Doc {
                            meta: Arc::new(meta),
                            body: Body::Text(text),
                            size,
                        })
                    }
                    JsonlItem::Error(meta, msg) => Item::Doc(Doc {
                        meta: Arc::new(meta),
                        body: Body::Failed(msg),
                        size: 0,
                    }),
                };
                if !emit(item) {
                    return false;
                }
            }
            true
        }
        _ => {
            let mut bytes = Vec::new();
            let limit = opts.max_file_bytes;
            let body = match (&mut stream)
                .take(limit.saturating_add(1))
                .read_to_end(&mut bytes)
            {
                Err(e) => Body::Failed(format!("cannot read: {e}")),
                Ok(_) if bytes.len() as u64 > limit => {
                    Body::Failed(format!("document larger than --max-bytes {limit}"))
                }
                Ok(_) => Body::Bytes {
                    bytes: bytes.into(),
                    charset: None,
                    content_encoding: None,
                    chunked: false,
                },
            };
            let size = match &body {
                Body::Bytes { bytes, .. } => bytes.len() as u64,
                _ => 0,
            };
            emit(Item::Doc(Doc {
                meta: Arc::new(DocMeta {
                    id: source.to_owned(),
                    source: source.to_owned(),
                    ..DocMeta::default()
                }),
                body,
                size,
            }))
        }
    }
}

fn read_warc(
    stream: Stream,
    source: &str,
    opts: &InputOptions,
    emit: &mut dyn FnMut(Item) -> bool,
) -> bool {
    // The block holds the HTTP headers too: allow them on top of --max-bytes.
    let reader = WarcReader::new(stream, opts.max_bytes + 64 * 1024);
    for (n, item) in reader.enumerate() {
        let item = match item {
            WarcItem::Skipped(t) => Item::Skipped(t),
            WarcItem::Error {
                record_id,
                url,
                message,
            } => {
                let id = record_id.unwrap_or_else(|| format!("{source}#{n}"));
                Item::Doc(Doc {
                    meta: Arc::new(DocMeta {
                        id,
                        source: source.to_owned(),
                        url,
                        ..DocMeta::default()
                    }),
                    body: Body::Failed(message),
                    size: 0,
                })
            }
            WarcItem::Record(rec) => warc_doc(rec, source, n, opts.max_bytes),
        };
        if !emit(item) {
            return false;
        }
    }
    true
}

/// A WARC record to a document, or a skip when it is not a successful HTML response.
fn warc_doc(rec: warc::WarcRecord, source: &str, n: usize, max_bytes: u64) -> Item {
    let mut block = Payload::from(rec.block);
    let (content_type, charset, content_encoding, chunked) = if rec.warc_type == "response" {
        match warc::parse_http(&block) {
            Some(http) => {
                if !(200..300).contains(&http.status) {
                    return Item::Skipped(format!("http-{}", http.status));
                }
                block = Payload::after(block.buf, http.payload_start);
                let charset = http.content_type.as_deref().and_then(warc::charset_param);
                (
                    http.content_type.or(rec.payload_type.clone()),
                    charset,
                    http.content_encoding,
                    http.chunked,
                )
            }
            None => (rec.payload_type.clone(), None, None, false),
        }
    } else {
        let charset = rec.payload_type.as_deref().and_then(warc::charset_param);
        (rec.payload_type.clone(), charset, None, false)
    };
    let html = match &content_type {
        Some(t) if !t.trim().is_empty() => warc::is_html_type(t),
        _ => warc::looks_like_html(&block),
    };
    if !html {
        return Item::Skipped("non-html".to_owned());
    }
    let meta = Arc::new(DocMeta {
        id: rec.record_id.unwrap_or_else(|| format!("{source}#{n}")),
        source: source.to_owned(),
        url: rec.url,
        date: rec.date,
        extra: Vec::new(),
    });
    let size = block.len() as u64;
    if size > max_bytes {
        return Item::Doc(Doc {
            meta,
            body: Body::Failed(format!(
                "document of {size} bytes, larger than --max-bytes {max_bytes}"
            )),
            size: 0,
        });
    }
    Item::Doc(Doc {
        meta,
        body: Body::Bytes {
            bytes: block,
            charset,
            content_encoding,
            chunked,
        },
        size,
    })
}
