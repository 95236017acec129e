//! Inputs: files, directories (recursive, `--glob`), stdin, gzip, WARC / WARC.gz and
//! JSON Lines, turned into one stream of documents ([`read_inputs`]).
//!
//! The stream is lazy and holds one document at a time (at most `--max-bytes`): a WARC
//! or JSONL file is never held in memory. A runner reads it on one thread.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::value::RawValue;

use crate::gz::GzMembers;
use crate::jsonl::{self, JsonlItem};
use crate::sniff;
use pith::warc::{self, Positioned, WarcItem, WarcReader};

/// What identifies a document in its output record.
#[derive(Clone, Debug, Default)]
pub struct DocMeta {
    /// The document id: a path, a WARC-Record-ID, or a JSONL `id` / `source:line`.
    pub id: String,
    /// The input it came from (a path, or `-` for stdin).
    pub source: String,
    /// Where the document was fetched from: a WARC record's WARC-Target-URI, or the
    /// URL given for a page read as HTML ([`InputOptions::page_url`]).
    pub url: Option<String>,
    /// WARC-Date.
    pub date: Option<String>,
    /// WARC-Truncated: why the crawler stored only the start of the page (`length`, …);
    /// the record says so in its `limits_hit`.
    pub truncated: Option<String>,
    /// Fields of a JSONL input line passed through, in their order.
    pub extra: Vec<(String, Box<RawValue>)>,
    /// Whether reading the input failed at this document (an I/O error: the file could
    /// not be opened, a read failed, the gzip stream was cut): the input was not read
    /// to its end, so a resumed run reads it again.
    pub read_failed: bool,
}

impl DocMeta {
    /// The URL a document was fetched from: a WARC record's WARC-Target-URI, the URL
    /// given for a page read as HTML ([`InputOptions::page_url`]), or the `url` field (a
    /// string) of a JSON Lines input line.
    pub fn page_url(&self) -> Option<String> {
        self.url.clone().or_else(|| {
            self.extra
                .iter()
                .find(|(key, _)| key == "url")
                .and_then(|(_, value)| serde_json::from_str::<String>(value.get()).ok())
        })
    }
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
    /// An input unit that is not an HTML document, by reason (counted, no record): a
    /// WARC record (its type, `non-html`, [`TEXT_CONVERSION`], `http-404`, …), a file of
    /// a directory that is not named like an input ([`NOT_AN_INPUT_NAME`]) or outside
    /// `--glob` ([`OUTSIDE_GLOB`]), a `binary` file.
    Skipped(String),
    /// An input was read to its end: its source, as [`DocMeta::source`] names it. It
    /// follows the input's last item, including for an input that gave no document (a
    /// WARC file of metadata records, an empty JSON Lines file), so that a consumer
    /// writing one output per input can tell such an input done as well.
    InputEnd(String),
}

/// The skip reason of a WARC `conversion` record that holds no HTML: the records of a
/// WET file, the text Common Crawl extracted from its WARC files' pages.
pub const TEXT_CONVERSION: &str = "text-conversion";

/// The skip reason of a directory's file not named like an input (HTML, WARC, JSON
/// Lines; [`sniff::is_input_name_for`]), when no `--glob` is given.
pub const NOT_AN_INPUT_NAME: &str = "not-an-input-name";

/// The skip reason of a directory's file that no `--glob` matches.
pub const OUTSIDE_GLOB: &str = "glob";

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

/// Default largest document inside WARC and JSONL inputs: 16 MiB (Common Crawl cuts
/// payloads at 1 MiB; a larger record is junk, and a run holds up to `2N + 8` of them).
pub const RECORD_MAX_BYTES: u64 = 16 * 1024 * 1024;

/// Default largest HTML file (or stdin), counted after gzip is undone: 64 MiB, above
/// any real page (the largest hostile page of `docs/limits.md`, 49 MB, still passes)
/// and low enough that a decompression bomb (2 MB inflating to 2 GB) stops early,
/// with bounded memory: the reader never inflates past the limit.
pub const FILE_MAX_BYTES: u64 = 64 * 1024 * 1024;

/// Reader settings.
#[derive(Clone, Debug)]
pub struct InputOptions {
    /// How to read inputs.
    pub format: InputFormat,
    /// The JSONL field with the HTML.
    pub html_field: String,
    /// Largest record inside a WARC or JSONL input.
    pub max_bytes: u64,
    /// Largest plain HTML file (or stdin), after gzip is undone.
    pub max_file_bytes: u64,
    /// Glob patterns for files inside directories (all files when empty).
    pub globs: Option<globset::GlobSet>,
    /// The URL a page read as HTML (a file, stdin) was fetched from (`pith extract
    /// --url`): its documents' [`DocMeta::url`], as a WARC record's target URI is. WARC
    /// records and JSON Lines lines keep their own.
    pub page_url: Option<String>,
}

impl Default for InputOptions {
    /// `auto` format, HTML field `html`, [`RECORD_MAX_BYTES`] for records,
    /// [`FILE_MAX_BYTES`] for files, every file of a directory, no page URL.
    fn default() -> Self {
        InputOptions {
            format: InputFormat::Auto,
            html_field: "html".to_owned(),
            max_bytes: RECORD_MAX_BYTES,
            max_file_bytes: FILE_MAX_BYTES,
            globs: None,
            page_url: None,
        }
    }
}

/// One command-line input after directories are walked.
#[derive(Debug)]
enum Entry {
    /// A file to read (`None`: stdin), and whether the command line named it (a file
    /// found in a directory was not named: a binary one is skipped, not an error).
    Input(Option<PathBuf>, bool),
    /// A directory that could not be read, with the reason.
    Unreadable(PathBuf, String),
    /// A file of a directory that is not an input, or met again, with the reason
    /// (counted).
    Skipped(&'static str),
}

/// A directory argument that yields no input file (issue 14: the user must hear of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmptyDirectory {
    /// The directory as given.
    pub path: PathBuf,
    /// Why nothing was taken, e.g. `3 files, none HTML, WARC or JSON Lines by its name`.
    pub reason: String,
    /// How many files it holds, none of them taken (by name, or by `--glob`).
    pub files: u64,
}

/// `DIR: nothing to read in this directory (WHY)`, as `pith extract` says it on stderr
/// and Python's `extract_warc` in its warning.
impl std::fmt::Display for EmptyDirectory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: nothing to read in this directory ({})",
            self.path.display(),
            self.reason
        )
    }
}

/// Expands the command-line inputs: directories become their files (recursively,
/// sorted), filtered by `globs` when given and by name otherwise
/// ([`sniff::is_input_name_for`] the input format); `-` or no input is stdin. Also gives the directories that yield nothing.
fn expand(
    paths: &[PathBuf],
    globs: Option<&globset::GlobSet>,
    format: InputFormat,
) -> (Vec<Entry>, Vec<EmptyDirectory>) {
    if paths.is_empty() {
        return (vec![Entry::Input(None, true)], Vec::new());
    }
    let mut out = Vec::new();
    let mut empty = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(Entry::Input(None, true));
        } else if p.is_dir() {
            let walk = walk_directory(p, globs, format);
            let unreadable_root = walk.unreadable.iter().any(|(path, _)| path == p);
            out.extend(
                (walk.unreadable.into_iter()).map(|(path, why)| Entry::Unreadable(path, why)),
            );
            out.extend(walk.skipped.into_iter().map(Entry::Skipped));
            if walk.files.is_empty() && !unreadable_root {
                let why = match (globs, format) {
                    (Some(_), _) => "none matching --glob",
                    (None, InputFormat::Auto) => "none named like HTML (.html, .htm, .xhtml, .xht, .shtml), WARC (.warc) or JSON Lines (.jsonl, .ndjson), gzipped or not",
                    (None, InputFormat::Warc) => "none named like WARC (.warc), gzipped or not",
                    (None, InputFormat::Jsonl) => "none named like JSON Lines (.jsonl, .ndjson), gzipped or not",
                    (None, InputFormat::Html) => "none named like HTML (.html, .htm, .xhtml, .xht, .shtml), gzipped or not",
                };
                empty.push(EmptyDirectory {
                    path: p.clone(),
                    reason: format!(
                        "{}, {why}",
                        crate::stats::counted(walk.others as u64, "file")
                    ),
                    files: walk.others as u64,
                });
            }
            out.extend(walk.files.into_iter().map(|f| Entry::Input(Some(f), false)));
        } else {
            out.push(Entry::Input(Some(p.clone()), true));
        }
    }
    (out, empty)
}

/// What a directory argument holds.
#[derive(Debug, Default)]
struct Walk {
    /// Its input files, sorted by path, each file once.
    files: Vec<PathBuf>,
    /// How many of its files are not inputs (by name or `--glob`).
    others: usize,
    /// Why each of the others, and each second way to an input file, was skipped.
    skipped: Vec<&'static str>,
    /// The paths below it that could not be read, with the reason.
    unreadable: Vec<(PathBuf, String)>,
}

/// Walks the directory `root` (with `walkdir`, in name order): symbolic links are
/// followed, but a link back to a directory above it is not walked again
/// (`symlink-loop`), and a file met a second time through another link is read once,
/// under the path met first (`same-file-again`); entries that cannot be read are named
/// with their error.
fn walk_directory(root: &Path, globs: Option<&globset::GlobSet>, format: InputFormat) -> Walk {
    let mut walk = Walk::default();
    let mut seen = std::collections::HashSet::new();
    let is_input = |path: &Path| {
        let rel = path.strip_prefix(root).unwrap_or(path);
        match globs {
            Some(g) => g.is_match(rel),
            None => path
                .file_name()
                .is_some_and(|n| sniff::is_input_name_for(format, &n.to_string_lossy())),
        }
    };
    let other = if globs.is_some() {
        OUTSIDE_GLOB
    } else {
        NOT_AN_INPUT_NAME
    };
    for entry in walkdir::WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
    {
        match entry {
            Ok(entry) if entry.file_type().is_dir() => {}
            Ok(entry) => {
                let path = entry.into_path();
                if !is_input(&path) {
                    walk.others += 1;
                    walk.skipped.push(other);
                } else if seen.insert(std::fs::canonicalize(&path).unwrap_or(path.clone())) {
                    walk.files.push(path);
                } else {
                    walk.skipped.push("same-file-again");
                }
            }
            Err(e) if e.loop_ancestor().is_some() => walk.skipped.push("symlink-loop"),
            Err(e) => {
                let path = e.path().unwrap_or(root).to_path_buf();
                if path != root && !path.is_dir() && !is_input(&path) {
                    // A broken link or the like, not named like an input: not one.
                    walk.others += 1;
                    walk.skipped.push(other);
                    continue;
                }
                let what = if path.is_dir() {
                    "cannot read directory"
                } else {
                    "cannot read"
                };
                let why = e
                    .io_error()
                    .map_or_else(|| e.to_string(), |io| io.to_string());
                walk.unreadable.push((path, format!("{what}: {why}")));
            }
        }
    }
    walk.files.sort();
    walk
}

/// A boxed byte stream with a description of offsets for messages.
pub(crate) struct Stream {
    /// The first bytes of a small plain file, read whole when it was opened (see
    /// [`READ_WHOLE`]), served before `reader` from `whole_at` on; empty otherwise.
    whole: Vec<u8>,
    whole_at: usize,
    reader: Box<dyn BufRead + Send>,
    gz: bool,
    /// The stream's length when known beforehand (a plain file's size).
    len: Option<u64>,
    /// Set by the first read that fails (the readers above turn the error into a
    /// failed document, which [`read_one`] then marks [`DocMeta::read_failed`]).
    failed: Arc<AtomicBool>,
}

/// `result`, after setting `failed` when it is an error (other than an interrupted
/// call, which the reader retries).
fn watched<T>(failed: &AtomicBool, result: io::Result<T>) -> io::Result<T> {
    if let Err(e) = &result {
        if e.kind() != io::ErrorKind::Interrupted {
            failed.store(true, Ordering::Relaxed);
        }
    }
    result
}

impl Stream {
    /// The stream of a plain file whose first bytes (`whole`) were read when it was
    /// opened, and whose rest is read from `file`: none when the read reached the file's
    /// end (no buffer for it), the rest of a file that grew past [`READ_WHOLE`] since
    /// its size was read.
    fn after_whole(whole: Vec<u8>, file: File, len: Option<u64>) -> Stream {
        let reader: Box<dyn BufRead + Send> = match whole.len() as u64 >= READ_WHOLE {
            true => Box::new(BufReader::new(file)),
            false => Box::new(io::empty()),
        };
        Stream {
            whole,
            whole_at: 0,
            reader,
            gz: false,
            len,
            failed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The bytes read whole when the file was opened, when none of them has been read
    /// yet (the page itself for [`read_html`], without a copy); what follows them, if
    /// anything, is read from the stream as before, of no known length.
    fn take_whole(&mut self) -> Vec<u8> {
        if self.whole_at > 0 || self.whole.is_empty() {
            return Vec::new();
        }
        self.len = None;
        std::mem::take(&mut self.whole)
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.whole_at < self.whole.len() {
            let n = (self.whole.len() - self.whole_at).min(buf.len());
            buf[..n].copy_from_slice(&self.whole[self.whole_at..self.whole_at + n]);
            self.whole_at += n;
            return Ok(n);
        }
        watched(&self.failed, self.reader.read(buf))
    }
}

impl BufRead for Stream {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.whole_at < self.whole.len() {
            return Ok(&self.whole[self.whole_at..]);
        }
        watched(&self.failed, self.reader.fill_buf())
    }
    fn consume(&mut self, n: usize) {
        let from_whole = n.min(self.whole.len() - self.whole_at);
        self.whole_at += from_whole;
        self.reader.consume(n - from_whole)
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

/// Plain files up to this size are read whole when opened, straight into the vector the
/// page then goes on in (the size of the buffer through which larger inputs are read):
/// through a buffer, each page's bytes were copied twice (from the kernel into the
/// buffer, from the buffer into the page), the second copy about 1 % of a `pith` run
/// over a folder of pages.
const READ_WHOLE: u64 = 1 << 20;

/// Opens an input (a path or stdin), undoing gzip when the bytes say so; returns the
/// stream and its first bytes (for sniffing).
fn open(path: Option<&Path>) -> io::Result<(Stream, Vec<u8>)> {
    let (raw, len): (Box<dyn Read + Send>, Option<u64>) = match path {
        Some(p) => {
            let file = File::open(p)?;
            let len = file
                .metadata()
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len());
            match len.filter(|&len| len <= READ_WHOLE) {
                Some(small) => {
                    // Room for one byte more, so that reading to the end needs no
                    // second allocation; a file that grew since is read on from `file`.
                    let mut whole = Vec::with_capacity(usize::try_from(small).unwrap_or(0) + 1);
                    (&file).take(READ_WHOLE).read_to_end(&mut whole)?;
                    if !whole.starts_with(&[0x1f, 0x8b]) {
                        let head = whole[..whole.len().min(16)].to_vec();
                        return Ok((Stream::after_whole(whole, file, len), head));
                    }
                    (Box::new(io::Cursor::new(whole).chain(file)), len)
                }
                None => (Box::new(file), len),
            }
        }
        None => (Box::new(io::stdin()), None),
    };
    let mut raw = BufReader::with_capacity(1 << 20, raw);
    let head = fill_at_least(&mut raw, 2)?;
    let gz = head.starts_with(&[0x1f, 0x8b]);
    // A plain input is read from `raw`'s buffer itself: a second buffer would copy
    // every byte once more.
    let mut reader: Box<dyn BufRead + Send> = if gz {
        Box::new(BufReader::with_capacity(256 * 1024, GzMembers::new(raw)))
    } else {
        Box::new(raw)
    };
    let head = fill_at_least(&mut reader, 16)?;
    let len = if gz { None } else { len };
    let failed = Arc::new(AtomicBool::new(false));
    Ok((
        Stream {
            whole: Vec::new(),
            whole_at: 0,
            reader,
            gz,
            len,
            failed,
        },
        head,
    ))
}

/// The first `n` bytes (fewer at the end of the input) without consuming them.
fn fill_at_least<R: BufRead + ?Sized>(r: &mut R, n: usize) -> io::Result<Vec<u8>> {
    // BufReader::fill_buf only reads when its buffer is empty; a pipe may give fewer
    // bytes than asked at first, which is fine for sniffing (we look at what came).
    let buf = r.fill_buf()?;
    Ok(buf[..buf.len().min(n)].to_vec())
}

fn name_format(path: &Path) -> InputFormat {
    let ext = (path.file_name()).and_then(|name| sniff::extension(&name.to_string_lossy()));
    match ext.as_deref() {
        Some("warc") => InputFormat::Warc,
        Some("jsonl" | "ndjson") => InputFormat::Jsonl,
        _ => InputFormat::Auto,
    }
}

/// The documents of a list of inputs, in order: see [`read_inputs`].
pub struct Inputs {
    paths: std::vec::IntoIter<Entry>,
    empty: Vec<EmptyDirectory>,
    opts: Arc<InputOptions>,
    /// The input being read: its source and its items.
    current: Option<(String, Box<dyn Iterator<Item = Item> + Send>)>,
}

impl Inputs {
    /// The directory arguments that yield no input file (known before reading).
    pub fn empty_directories(&self) -> &[EmptyDirectory] {
        &self.empty
    }

    /// How many input files are still to read (stdin counts as one): the length of
    /// [`sources`](Self::sources), without naming them.
    pub fn files_left(&self) -> usize {
        (self.paths.as_slice().iter())
            .filter(|entry| matches!(entry, Entry::Input(..)))
            .count()
    }

    /// The input files still to read, in order, each named as its documents'
    /// [`DocMeta::source`] names it (`-` for stdin). Known before reading: the
    /// directories are walked when the inputs are made.
    pub fn sources(&self) -> Vec<String> {
        (self.paths.as_slice().iter())
            .filter_map(|entry| match entry {
                Entry::Input(path, _) => Some(source_of(path.as_deref())),
                _ => None,
            })
            .collect()
    }

    /// Leaves out of the run every input file still to read whose source `leave` picks
    /// (the inputs a resumed run has whole outputs of, files among the outputs);
    /// returns how many were left out. Stdin is never left out: it cannot be read
    /// again.
    pub fn leave_out(&mut self, mut leave: impl FnMut(&str) -> bool) -> usize {
        let before = self.paths.len();
        let kept: Vec<Entry> = (&mut self.paths)
            .filter(|entry| match entry {
                Entry::Input(Some(path), _) => !leave(&source_of(Some(path))),
                _ => true,
            })
            .collect();
        let left_out = before - kept.len();
        self.paths = kept.into_iter();
        left_out
    }
}

/// How documents name the input they come from: its path as given, `-` for stdin.
fn source_of(path: Option<&Path>) -> String {
    path.map_or_else(|| "-".to_owned(), |p| p.display().to_string())
}

/// Reads `paths` (files, directories, `-` for stdin; stdin when empty) as `opts` says,
/// lazily: each input is opened when the previous one is done, and a WARC or JSONL
/// input yields one document at a time. An input that cannot be read yields one
/// [`Body::Failed`] document, and the stream goes on with the next input. Each input
/// read to its end is followed by an [`Item::InputEnd`].
///
/// A directory yields its input files ([`InputOptions::globs`], or by name: HTML, WARC
/// and JSON Lines files, gzipped or not); each other file is an [`Item::Skipped`]. A
/// file whose content is binary (NUL bytes, no markup) is skipped as `binary`.
pub fn read_inputs(paths: &[PathBuf], opts: InputOptions) -> Inputs {
    let (entries, empty) = expand(paths, opts.globs.as_ref(), opts.format);
    Inputs {
        paths: entries.into_iter(),
        empty,
        opts: Arc::new(opts),
        current: None,
    }
}

impl Iterator for Inputs {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some((source, items)) = &mut self.current {
                match items.next() {
                    Some(item) => return Some(item),
                    None => {
                        let source = std::mem::take(source);
                        self.current = None;
                        return Some(Item::InputEnd(source));
                    }
                }
            }
            let (path, named) = match self.paths.next()? {
                Entry::Input(p, named) => (p, named),
                Entry::Skipped(reason) => return Some(Item::Skipped(reason.to_owned())),
                Entry::Unreadable(dir, msg) => {
                    // Its one document, the error, then its end like any input's.
                    let source = dir.display().to_string();
                    let error = failed(&source, &source, msg);
                    self.current = Some((source, Box::new(std::iter::once(error))));
                    continue;
                }
            };
            let source = source_of(path.as_deref());
            let items = read_one(path.as_deref(), named, source.clone(), self.opts.clone());
            self.current = Some((source, items));
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

/// What to add to "cannot read" when the argument was a web address: inputs are files
/// (or stdin), and a newcomer used to `trafilatura -u URL` may not know it.
fn url_hint(path: &Path) -> &'static str {
    let given = path.to_string_lossy().to_ascii_lowercase();
    if given.starts_with("http://") || given.starts_with("https://") {
        "; inputs are files or standard input, not web addresses: fetch the page \
         first (e.g. `curl -sL URL`) and give pith the file or pipe it in"
    } else {
        ""
    }
}

/// The items of one input.
fn read_one(
    path: Option<&Path>,
    named: bool,
    source: String,
    opts: Arc<InputOptions>,
) -> Box<dyn Iterator<Item = Item> + Send> {
    let (stream, head) = match open(path) {
        Ok(s) => s,
        Err(e) => {
            let hint = path.map_or("", url_hint);
            let item = failed(&source, &source, format!("cannot read: {e}{hint}"));
            return Box::new(std::iter::once(read_failure(item, true)));
        }
    };
    let read_failed = stream.failed.clone();
    let items = read_items(stream, head, path, named, source, opts);
    Box::new(items.map(move |item| read_failure(item, read_failed.load(Ordering::Relaxed))))
}

/// `item`, a failed document marked [`DocMeta::read_failed`] when reading its input
/// failed.
fn read_failure(item: Item, read_failed: bool) -> Item {
    match item {
        Item::Doc(mut doc) if read_failed && matches!(doc.body, Body::Failed(_)) => {
            Arc::make_mut(&mut doc.meta).read_failed = true;
            Item::Doc(doc)
        }
        item => item,
    }
}

/// The items of an opened input, read as `opts.format` says (or as its name and first
/// bytes say).
fn read_items(
    stream: Stream,
    head: Vec<u8>,
    path: Option<&Path>,
    named: bool,
    source: String,
    opts: Arc<InputOptions>,
) -> Box<dyn Iterator<Item = Item> + Send> {
    let mut format = opts.format;
    if format == InputFormat::Auto {
        format = path.map_or(InputFormat::Auto, name_format);
    }
    if format == InputFormat::Auto {
        format = if head.starts_with(b"WARC/") {
            InputFormat::Warc
        } else if !path.is_some_and(sniff::is_html_name) && sniff::looks_like_json_lines(&head) {
            InputFormat::Jsonl
        } else {
            InputFormat::Html
        };
    }
    match format {
        InputFormat::Warc => read_warc(stream, source, opts.max_bytes),
        InputFormat::Jsonl => Box::new(
            jsonl::JsonlReader::new(stream, source, opts.html_field.clone(), opts.max_bytes)
                .map(jsonl_item),
        ),
        _ => {
            let url = opts.page_url.clone();
            let limit = opts.max_file_bytes;
            Box::new(std::iter::once_with(move || {
                read_html(stream, source, url, limit, named)
            }))
        }
    }
}

fn jsonl_item(item: JsonlItem) -> Item {
    match item {
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
    }
}

/// Appends the stream's bytes to `out` until its end or `limit` bytes. Copied from
/// the stream's buffer into a vector sized beforehand when the length is known
/// (`read_to_end` would zero each new stretch of the vector first, and grow it by
/// doubling: a few per cent of a jusText run over a folder of pages).
fn read_up_to(stream: &mut Stream, limit: u64, out: &mut Vec<u8>) -> io::Result<()> {
    if let Some(len) = stream.len {
        out.reserve(usize::try_from(len.min(limit)).unwrap_or(0));
    }
    let mut left = limit;
    while left > 0 {
        let buf = match stream.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        let n = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        out.extend_from_slice(&buf[..n]);
        stream.consume(n);
        left -= n as u64;
    }
    Ok(())
}

/// A whole input as one HTML page, at most `limit` bytes: reading stops one byte past
/// it (a gzip file is inflated only that far). A binary file (an image, a PDF) is no
/// page: skipped when found in a directory, an error naming it when the command line
/// `named` it. `url`: where the page was fetched from, when known.
fn read_html(
    mut stream: Stream,
    source: String,
    url: Option<String>,
    limit: u64,
    named: bool,
) -> Item {
    let gz = stream.gz;
    // Reading stops one byte past the limit.
    let mut bytes = stream.take_whole();
    let left = limit.saturating_add(1).saturating_sub(bytes.len() as u64);
    bytes.truncate(usize::try_from(limit.saturating_add(1)).unwrap_or(usize::MAX));
    let read = read_up_to(&mut stream, left, &mut bytes);
    let not_a_page = read.as_ref().ok().and_then(|_| sniff::not_a_page(&bytes));
    let body = match (read, not_a_page) {
        (Ok(_), Some(_)) if !named => return Item::Skipped("binary".to_owned()),
        (Ok(_), Some(why)) => Body::Failed(why),
        (Err(e), _) => Body::Failed(format!("cannot read: {e}")),
        (Ok(_), None) if bytes.len() as u64 > limit => Body::Failed(format!(
            "document larger than --max-bytes {limit}{}{}; not read further",
            match human_bytes(limit) {
                human if human == format!("{limit} bytes") => String::new(),
                human => format!(" ({human})"),
            },
            if gz { " once decompressed" } else { "" }
        )),
        (Ok(_), None) => Body::Bytes {
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
    Item::Doc(Doc {
        meta: Arc::new(DocMeta {
            id: source.clone(),
            source,
            url,
            ..DocMeta::default()
        }),
        body,
        size,
    })
}

/// `16 MiB`, `1.5 KiB`, `999 bytes`.
pub fn human_bytes(n: u64) -> String {
    const KIB: u64 = 1024;
    let (unit, div) = match n {
        n if n >= KIB * KIB * KIB => ("GiB", KIB * KIB * KIB),
        n if n >= KIB * KIB => ("MiB", KIB * KIB),
        n if n >= KIB => ("KiB", KIB),
        _ => return format!("{n} bytes"),
    };
    let v = n as f64 / div as f64;
    if n % div == 0 {
        format!("{} {unit}", n / div)
    } else {
        format!("{v:.1} {unit}")
    }
}

fn read_warc(
    stream: Stream,
    source: String,
    max_bytes: u64,
) -> Box<dyn Iterator<Item = Item> + Send> {
    // The block holds the HTTP headers too: allow them on top of --max-bytes.
    let reader = WarcReader::new(stream, max_bytes + 64 * 1024);
    Box::new(reader.enumerate().map(move |(n, item)| match item {
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
                    source: source.clone(),
                    url,
                    ..DocMeta::default()
                }),
                body: Body::Failed(message),
                size: 0,
            })
        }
        WarcItem::Record(rec) => warc_doc(rec, &source, n, max_bytes),
    }))
}

/// A WARC record to a document, or a skip when it is not a successful HTML response.
fn warc_doc(rec: warc::WarcRecord, source: &str, n: usize, max_bytes: u64) -> Item {
    let mut block = Payload::from(rec.block);
    // The server's declared type (a response's HTTP `Content-Type`) beside the record's
    // identified one (`WARC-Identified-Payload-Type`, or a resource's `Content-Type`).
    let (declared, charset, content_encoding, chunked) = if rec.warc_type == "response" {
        match warc::parse_http(&block) {
            Some(http) => {
                if !(200..300).contains(&http.status) {
                    return Item::Skipped(format!("http-{}", http.status));
                }
                block = Payload::after(block.buf, http.payload_start);
                let charset = http.content_type.as_deref().and_then(warc::charset_param);
                (
                    http.content_type,
                    charset,
                    http.content_encoding,
                    http.chunked,
                )
            }
            None => (None, None, None, false),
        }
    } else {
        let charset = rec.payload_type.as_deref().and_then(warc::charset_param);
        (None, charset, None, false)
    };
    let html = warc::is_html_payload(declared.as_deref(), rec.payload_type.as_deref(), &block);
    if !html {
        // A WET file's records: text Common Crawl extracted, not the HTML.
        let reason = if rec.warc_type == "conversion" {
            TEXT_CONVERSION
        } else {
            "non-html"
        };
        return Item::Skipped(reason.to_owned());
    }
    let meta = Arc::new(DocMeta {
        id: rec.record_id.unwrap_or_else(|| format!("{source}#{n}")),
        source: source.to_owned(),
        url: rec.url,
        date: rec.date,
        truncated: rec.truncated,
        ..DocMeta::default()
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
    // A payload with no coding to undo is final: sniffed here, once (a PDF or an image
    // served as `text/html` is no page). A coded one is sniffed by the worker once it
    // has undone the coding (`record::extract`).
    let not_a_page = (content_encoding.is_none() && !chunked)
        .then(|| sniff::not_a_page(&block))
        .flatten();
    let body = match not_a_page {
        Some(why) => Body::Failed(why),
        None => Body::Bytes {
            bytes: block,
            charset,
            content_encoding,
            chunked,
        },
    };
    Item::Doc(Doc { meta, body, size })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(data: &[u8], buffer: usize, len: Option<u64>) -> Stream {
        Stream {
            whole: Vec::new(),
            whole_at: 0,
            reader: Box::new(BufReader::with_capacity(
                buffer,
                io::Cursor::new(data.to_vec()),
            )),
            gz: false,
            len,
            failed: Arc::default(),
        }
    }

    /// The body `read_html` gives for a file of `data`, read with `limit`; the first
    /// bytes `open` gave for sniffing are those of the page, `page`.
    fn html_of_file(data: &[u8], limit: u64, page: &[u8]) -> Body {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("page.html");
        std::fs::write(&path, data).unwrap();
        let (stream, head) = open(Some(&path)).unwrap();
        assert_eq!(
            head,
            &page[..page.len().min(16)],
            "the first bytes, for sniffing"
        );
        match read_html(stream, "page.html".into(), None, limit, true) {
            Item::Doc(doc) => doc.body,
            _ => panic!("not a page"),
        }
    }

    #[test]
    fn a_small_file_read_whole_is_the_page_up_to_the_limit() {
        let page = b"<p>a small page</p>\n".repeat(40);
        match html_of_file(&page, 10_000, &page) {
            Body::Bytes { bytes, .. } => assert_eq!(&bytes[..], &page[..]),
            other => panic!("{other:?}"),
        }
        match html_of_file(&page, 100, &page) {
            Body::Failed(why) => assert!(why.contains("larger than --max-bytes 100"), "{why}"),
            other => panic!("{other:?}"),
        }
        match html_of_file(b"", 100, b"") {
            Body::Bytes { bytes, .. } => assert!(bytes.is_empty()),
            other => panic!("{other:?}"),
        }
        // A small gzip file is inflated, not taken as it is.
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        io::Write::write_all(&mut gz, &page).unwrap();
        match html_of_file(&gz.finish().unwrap(), 10_000, &page) {
            Body::Bytes { bytes, .. } => assert_eq!(&bytes[..], &page[..]),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_bytes_read_whole_come_first_then_the_rest_of_the_stream() {
        let mut s = stream(b"def", 2, Some(6));
        s.whole = b"abc".to_vec();
        let mut all = Vec::new();
        s.read_to_end(&mut all).unwrap();
        assert_eq!(all, b"abcdef");
        // Taken only when none of them has been read: then the rest follows.
        let mut s = stream(b"def", 2, Some(6));
        s.whole = b"abc".to_vec();
        assert_eq!(s.take_whole(), b"abc");
        assert_eq!((s.len, s.take_whole()), (None, Vec::new()));
        let mut rest = String::new();
        s.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "def");
        let mut s = stream(b"def", 2, None);
        s.whole = b"abc".to_vec();
        s.consume(1);
        assert!(s.take_whole().is_empty(), "a byte of them was read");
        assert_eq!(s.fill_buf().unwrap(), b"bc");
        s.consume(2);
        assert_eq!(s.fill_buf().unwrap(), b"de");
    }

    #[test]
    fn read_up_to_stops_at_the_limit_or_the_end() {
        let data: Vec<u8> = (0..=255).cycle().take(1000).collect();
        for buffer in [1, 3, 64, 4096] {
            for len in [None, Some(0), Some(10), Some(1000), Some(5000)] {
                for limit in [0, 1, 7, 999, 1000, 1001, u64::MAX] {
                    let mut out = b"x".to_vec();
                    read_up_to(&mut stream(&data, buffer, len), limit, &mut out).unwrap();
                    let n = data.len().min(usize::try_from(limit).unwrap_or(usize::MAX));
                    assert_eq!(out[0], b'x', "appends");
                    assert_eq!(
                        &out[1..],
                        &data[..n],
                        "buffer {buffer} len {len:?} limit {limit}"
                    );
                }
            }
        }
    }
}
