//! A streaming, forgiving WARC reader (WARC/1.0, 1.1 and ClueWeb's 0.18), and the HTTP
//! response parsing of a record's block.
//!
//! Why not the `warc` crate: see `docs/decisions/0005-own-warc-reader.md`. In short,
//! `warc` 0.4 rejects every ClueWeb09 record in `iter_records` (malformed `WARC-Date`),
//! reports no byte offsets, reads every body whole (even one it would skip, and with a
//! 1 MiB buffer per record), cannot resynchronise after a wrong `Content-Length`, and
//! uses libflate without member boundaries. This reader is one small state machine
//! over any `BufRead` that can say where it is ([`Positioned`]: plain bytes, or the CLI's
//! gzip reader, which names the compressed member):
//!
//! * a record is a `WARC/` version line, header lines up to a blank line, and
//!   `Content-Length` bytes of block; any run of CR/LF bytes may follow;
//! * bodies of records that are skipped, or larger than the limit, are streamed past,
//!   never held in memory;
//! * when no `WARC/` line follows a block (a wrong `Content-Length`), the record is an
//!   error and the reader resynchronises on the next line that starts with `WARC/`
//!   (also one inside the block just read, for a length that was too long);
//! * input that ends inside a record is an error naming the record and the offset.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::io::{self, BufRead, Read};

/// A reader whose position in the underlying stream can be asked for messages.
pub trait Positioned {
    /// Where the reader is, for error messages ("byte 1234", or a gzip member's offset).
    fn describe(&self, offset: u64) -> String;
}

/// Plain bytes in memory: positions are byte offsets.
impl Positioned for &[u8] {
    fn describe(&self, offset: u64) -> String {
        format!("byte {offset}")
    }
}

/// What the reader yields.
#[derive(Debug)]
pub enum WarcItem {
    /// A `response`, `resource` or `conversion` record: a candidate document.
    Record(WarcRecord),
    /// A record that is not a document (`request`, `metadata`, `warcinfo`, …), by type.
    Skipped(String),
    /// A record or a stretch of input that could not be read.
    Error {
        /// The record's `WARC-Record-ID`, when its header was read.
        record_id: Option<String>,
        /// Its `WARC-Target-URI`, when known.
        url: Option<String>,
        /// What went wrong and where.
        message: String,
    },
}

/// A candidate record with its block (HTTP headers and payload for a `response`).
#[derive(Debug)]
pub struct WarcRecord {
    /// `WARC-Type`, lower-cased.
    pub warc_type: String,
    /// `WARC-Record-ID`.
    pub record_id: Option<String>,
    /// `WARC-Target-URI`.
    pub url: Option<String>,
    /// `WARC-Date`, as written.
    pub date: Option<String>,
    /// `WARC-Identified-Payload-Type`, or the record's `Content-Type` for `resource`.
    pub payload_type: Option<String>,
    /// `WARC-Truncated`: why the crawler stored only the start of the payload (`length`,
    /// `time`, `disconnect`, `unspecified`); none for a whole one.
    pub truncated: Option<String>,
    /// The record block.
    pub block: Vec<u8>,
}

const MAX_LINE: usize = 64 * 1024;
const MAX_HEADER_LINES: usize = 1024;

/// The WARC reader over a `BufRead`.
pub struct WarcReader<R> {
    src: PushBack<R>,
    /// Bytes consumed so far (in the decompressed stream).
    pos: u64,
    lookahead: Option<(u64, Vec<u8>)>,
    max_block: u64,
    done: bool,
    /// Already reported the garbage being skipped.
    quiet_resync: bool,
}

impl<R: BufRead + Positioned> WarcReader<R> {
    /// A reader; blocks of candidate records larger than `max_block` bytes are skipped
    /// and reported as errors.
    pub fn new(inner: R, max_block: u64) -> Self {
        WarcReader {
            src: PushBack {
                inner,
                pending: Vec::new(),
                at: 0,
            },
            pos: 0,
            lookahead: None,
            max_block,
            done: false,
            quiet_resync: false,
        }
    }

    fn at(&self, offset: u64) -> String {
        self.src.inner.describe(offset)
    }

    /// One line (with its newline), at most [`MAX_LINE`] bytes kept; `None` at the end.
    fn line(&mut self) -> io::Result<Option<(u64, Vec<u8>)>> {
        if let Some(l) = self.lookahead.take() {
            return Ok(Some(l));
        }
        let start = self.pos;
        let mut out = Vec::new();
        loop {
            let buf = self.src.fill_buf()?;
            if buf.is_empty() {
                return Ok(if out.is_empty() {
                    None
                } else {
                    Some((start, out))
                });
            }
            let (take, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let room = MAX_LINE.saturating_sub(out.len());
            out.extend_from_slice(&buf[..take.min(room)]);
            self.src.consume(take);
            self.pos += take as u64;
            if end {
                return Ok(Some((start, out)));
            }
        }
    }

    fn io_error(&mut self, e: &io::Error) -> WarcItem {
        self.done = true;
        WarcItem::Error {
            record_id: None,
            url: None,
            message: format!("cannot read the input at {}: {e}", self.at(self.pos)),
        }
    }

    /// Reads up to `n` bytes of block (fewer at the end of the input). A block that is
    /// not kept is streamed past, keeping only what a resynchronisation needs: the
    /// bytes from the first version line inside it on, while they fit in `max_block`.
    /// Either way the bytes returned end where the reading stopped.
    fn block(&mut self, n: u64, keep: bool) -> io::Result<(Vec<u8>, u64)> {
        if !keep {
            return self.skip_block(n);
        }
        let mut out = Vec::with_capacity(n as usize);
        let got = (&mut self.src).take(n).read_to_end(&mut out)? as u64;
        self.pos += got;
        Ok((out, got))
    }

    /// Streams `n` bytes past (see [`WarcReader::block`]); the bytes kept start with the
    /// newline before the first `WARC/1.` or `WARC/0.` line, or are empty.
    fn skip_block(&mut self, n: u64) -> io::Result<(Vec<u8>, u64)> {
        /// Enough bytes of one chunk carried into the next to find `\nWARC/1.` across
        /// the seam.
        const SEAM: usize = 8;
        let limit = usize::try_from(self.max_block).unwrap_or(usize::MAX);
        let mut kept: Vec<u8> = Vec::new();
        let mut keeping = false;
        let mut gave_up = false;
        let mut carry: Vec<u8> = Vec::new();
        let mut got = 0u64;
        while got < n {
            let buf = self.src.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let take = buf
                .len()
                .min(usize::try_from(n - got).unwrap_or(usize::MAX));
            let chunk = &buf[..take];
            if keeping {
                if kept.len() + take > limit {
                    (keeping, gave_up) = (false, true);
                    kept = Vec::new();
                } else {
                    kept.extend_from_slice(chunk);
                }
            } else if !gave_up {
                let mut window = std::mem::take(&mut carry);
                window.extend_from_slice(chunk);
                match find_version_line(&window) {
                    Some(k) if window.len() - (k - 1) <= limit => {
                        kept.extend_from_slice(&window[k - 1..]);
                        keeping = true;
                    }
                    Some(_) => gave_up = true,
                    None => carry = window[window.len().saturating_sub(SEAM)..].to_vec(),
                }
            }
            self.src.consume(take);
            got += take as u64;
        }
        self.pos += got;
        Ok((kept, got))
    }

    /// Skips CR and LF bytes after a block.
    fn skip_newlines(&mut self) -> io::Result<()> {
        loop {
            let buf = self.src.fill_buf()?;
            let n = buf
                .iter()
                .take_while(|&&b| b == b'\r' || b == b'\n')
                .count();
            if n == 0 {
                return Ok(());
            }
            self.src.consume(n);
            self.pos += n as u64;
        }
    }
}

fn is_version_line(line: &[u8]) -> bool {
    line.starts_with(b"WARC/")
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| b == b'\r' || b == b'\n')
}

fn trim(b: &[u8]) -> String {
    String::from_utf8_lossy(b).trim().to_owned()
}

impl<R: BufRead + Positioned> Iterator for WarcReader<R> {
    type Item = WarcItem;

    fn next(&mut self) -> Option<WarcItem> {
        if self.done {
            return None;
        }
        // The version line, skipping blank lines and (with one error) garbage.
        let mut garbage: Option<u64> = None;
        let (start, _version) = loop {
            let (at, line) = match self.line() {
                Ok(Some(l)) => l,
                Ok(None) => {
                    self.done = true;
                    return garbage
                        .filter(|_| !self.quiet_resync)
                        .map(|g| WarcItem::Error {
                            record_id: None,
                            url: None,
                            message: format!("no WARC record at {} (up to the end)", self.at(g)),
                        });
                }
                Err(e) => return Some(self.io_error(&e)),
            };
            if is_version_line(&line) {
                if let Some(g) = garbage.filter(|_| !self.quiet_resync) {
                    self.lookahead = Some((at, line));
                    return Some(WarcItem::Error {
                        record_id: None,
                        url: None,
                        message: format!(
                            "no WARC record at {}: skipped {} bytes to the next record",
                            self.at(g),
                            at - g
                        ),
                    });
                }
                self.quiet_resync = false;
                break (at, line);
            }
            if !is_blank(&line) && garbage.is_none() {
                garbage = Some(at);
            }
        };

        // Header lines up to a blank line.
        let mut headers: Vec<(String, String)> = Vec::new();
        loop {
            let line = match self.line() {
                Ok(Some((_, l))) => l,
                Ok(None) => {
                    self.done = true;
                    return Some(WarcItem::Error {
                        record_id: header_value(&headers, "warc-record-id"),
                        url: target_uri(&headers),
                        message: format!(
                            "input truncated: the record at {} ends inside its header",
                            self.at(start)
                        ),
                    });
                }
                Err(e) => return Some(self.io_error(&e)),
            };
            if is_blank(&line) {
                break;
            }
            if (line[0] == b' ' || line[0] == b'\t') && !headers.is_empty() {
                let last = headers.len() - 1;
                headers[last].1.push(' ');
                headers[last].1.push_str(&trim(&line));
                continue;
            }
            if headers.len() >= MAX_HEADER_LINES {
                break;
            }
            if let Some(colon) = line.iter().position(|&b| b == b':') {
                headers.push((
                    trim(&line[..colon]).to_ascii_lowercase(),
                    trim(&line[colon + 1..]),
                ));
            }
        }
        let get = |name: &str| header_value(&headers, name);
        let record_id = get("warc-record-id");
        let url = target_uri(&headers);
        let warc_type = get("warc-type").unwrap_or_default().to_ascii_lowercase();
        let Some(length) = get("content-length").and_then(|v| v.parse::<u64>().ok()) else {
            self.quiet_resync = true;
            return Some(WarcItem::Error {
                record_id,
                url,
                message: format!(
                    "the record at {} has no valid Content-Length; skipped to the next record",
                    self.at(start)
                ),
            });
        };
        let candidate = matches!(warc_type.as_str(), "response" | "resource" | "conversion");
        let keep = candidate && length <= self.max_block;
        let (block, got) = match self.block(length, keep) {
            Ok(b) => b,
            Err(e) => return Some(self.io_error(&e)),
        };
        let body_start = start;
        if got < length {
            // The input ends inside the block, or the length is too long and the next
            // record starts inside what we read.
            if let Some(k) = find_version_line(&block) {
                let rest = block[k..].to_vec();
                self.pos -= rest.len() as u64;
                self.src.push_back(rest);
                return Some(WarcItem::Error {
                    record_id,
                    url,
                    message: format!(
                        "wrong Content-Length {length} in the record at {}: the next record starts inside it",
                        self.at(body_start)
                    ),
                });
            }
            self.done = true;
            return Some(WarcItem::Error {
                record_id,
                url,
                message: format!(
                    "input truncated: the record at {} has Content-Length {length} but the input ends after {got} bytes of it",
                    self.at(body_start)
                ),
            });
        }
        if let Err(e) = self.skip_newlines() {
            return Some(self.io_error(&e));
        }
        let next = match self.line() {
            Ok(n) => n,
            Err(e) => return Some(self.io_error(&e)),
        };
        match next {
            None => {}
            Some((at, line)) if is_version_line(&line) => self.lookahead = Some((at, line)),
            Some((at, line)) => {
                // Content-Length too short (or too long): resynchronise.
                if let Some(k) = find_version_line(&block) {
                    let mut rest = block[k..].to_vec();
                    rest.extend_from_slice(&line);
                    self.pos -= rest.len() as u64;
                    self.src.push_back(rest);
                } else {
                    self.quiet_resync = true;
                }
                return Some(WarcItem::Error {
                    record_id,
                    url,
                    message: format!(
                        "wrong Content-Length {length} in the record at {}: no record follows it at {}",
                        self.at(body_start),
                        self.at(at)
                    ),
                });
            }
        }
        if !candidate {
            let t = if warc_type.is_empty() {
                "untyped".to_owned()
            } else {
                warc_type
            };
            return Some(WarcItem::Skipped(t));
        }
        if !keep {
            return Some(WarcItem::Error {
                record_id,
                url,
                message: format!(
                    "the record at {} is {length} bytes, more than --max-bytes {}",
                    self.at(body_start),
                    self.max_block
                ),
            });
        }
        let payload_type = get("warc-identified-payload-type")
            .filter(|t| !t.is_empty())
            .or_else(|| {
                if warc_type == "response" {
                    None
                } else {
                    get("content-type")
                }
            });
        Some(WarcItem::Record(WarcRecord {
            warc_type,
            record_id,
            url,
            date: get("warc-date"),
            payload_type,
            truncated: get("warc-truncated"),
            block,
        }))
    }
}

/// The value of the first header `name` (lower-case) with one: a header with an empty
/// value is as good as none (an empty `WARC-Record-ID` would give a document no id).
/// A record whose header ends early is read the same way, so its error names the
/// record as its document would have been named.
fn header_value(headers: &[(String, String)], name: &str) -> Option<String> {
    headers
        .iter()
        .find(|(k, v)| k == name && !v.is_empty())
        .map(|(_, v)| v.clone())
}

/// The `WARC-Target-URI`, without the angle brackets WARC/1.0 drafts and some writers
/// put around it.
fn target_uri(headers: &[(String, String)]) -> Option<String> {
    header_value(headers, "warc-target-uri")
        .map(|u| u.trim_start_matches('<').trim_end_matches('>').to_owned())
}

/// The offset of a line starting with `WARC/1.` or `WARC/0.` inside `bytes` (not at 0).
fn find_version_line(bytes: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = bytes[from..].windows(6).position(|w| w == b"\nWARC/") {
        let k = from + i + 1;
        if matches!(bytes.get(k + 5..k + 7), Some(b"1.") | Some(b"0.")) {
            return Some(k);
        }
        from = k;
    }
    None
}

/// A `BufRead` with bytes pushed back in front.
struct PushBack<R> {
    inner: R,
    pending: Vec<u8>,
    at: usize,
}

impl<R: BufRead> PushBack<R> {
    fn push_back(&mut self, mut bytes: Vec<u8>) {
        bytes.extend_from_slice(&self.pending[self.at..]);
        self.pending = bytes;
        self.at = 0;
    }
}

impl<R: BufRead> Read for PushBack<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(buf.len());
        buf[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for PushBack<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at < self.pending.len() {
            return Ok(&self.pending[self.at..]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        if self.at < self.pending.len() {
            self.at += n;
            if self.at >= self.pending.len() {
                self.pending.clear();
                self.at = 0;
            }
        } else {
            self.inner.consume(n);
        }
    }
}

/// The HTTP side of a `response` record: status, headers, payload.
#[derive(Debug, Default)]
pub struct HttpResponse {
    /// The status code (0 when the block has no status line).
    pub status: u16,
    /// `Content-Type`, as sent.
    pub content_type: Option<String>,
    /// `Content-Encoding`, lower-cased.
    pub content_encoding: Option<String>,
    /// Whether `Transfer-Encoding: chunked` was sent.
    pub chunked: bool,
    /// Where the payload starts in the block.
    pub payload_start: usize,
}

/// Parses the status line and headers of an HTTP response block (CRLF or bare LF line
/// ends, as in ClueWeb09). `None` when the block does not start with `HTTP/`.
pub fn parse_http(block: &[u8]) -> Option<HttpResponse> {
    if !block.starts_with(b"HTTP/") {
        return None;
    }
    let mut resp = HttpResponse::default();
    let mut at = 0;
    let mut first = true;
    while at < block.len() {
        let end = block[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(block.len(), |i| at + i + 1);
        let line = &block[at..end];
        at = end;
        if first {
            first = false;
            let text = String::from_utf8_lossy(line);
            resp.status = text
                .split_whitespace()
                .nth(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            continue;
        }
        if is_blank(line) {
            break;
        }
        if let Some(colon) = line.iter().position(|&b| b == b':') {
            let name = trim(&line[..colon]).to_ascii_lowercase();
            let value = trim(&line[colon + 1..]);
            match name.as_str() {
                "content-type" => resp.content_type = Some(value),
                "content-encoding" => resp.content_encoding = Some(value.to_ascii_lowercase()),
                "transfer-encoding" => {
                    resp.chunked = value.to_ascii_lowercase().contains("chunked");
                }
                _ => {}
            }
        }
    }
    resp.payload_start = at;
    Some(resp)
}

/// The `charset` parameter of a `Content-Type` value, unquoted.
pub fn charset_param(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        if k.trim().eq_ignore_ascii_case("charset") {
            let v = v.trim().trim_matches(|c| c == '"' || c == '\'').trim();
            (!v.is_empty()).then(|| v.to_owned())
        } else {
            None
        }
    })
}

/// Whether a media type is HTML (or XHTML).
pub fn is_html_type(content_type: &str) -> bool {
    let media = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    media.contains("html")
}

/// Whether a record's payload is an HTML page, decided as Common Crawl's own tools
/// decide it: HTML when the server's `Content-Type` (`declared`) or the crawler's
/// `WARC-Identified-Payload-Type` (`identified`, found from the bytes) says so, whichever
/// it is — a page a server sent as `application/octet-stream` or `text/plain` that the
/// crawler identified as HTML is a page. When neither names a type (absent, empty, or a
/// declared type that names none: `unknown/unknown`, `application/unknown`, `*/*`), the
/// payload's first bytes decide ([`looks_like_html`]).
pub fn is_html_payload(declared: Option<&str>, identified: Option<&str>, payload: &[u8]) -> bool {
    let declared = named_type(declared).filter(|t| !names_no_type(t));
    let identified = named_type(identified);
    if declared.is_some_and(is_html_type) || identified.is_some_and(is_html_type) {
        return true;
    }
    declared.is_none() && identified.is_none() && looks_like_html(payload)
}

/// A type that is there and not blank, trimmed.
fn named_type(content_type: Option<&str>) -> Option<&str> {
    content_type.map(str::trim).filter(|t| !t.is_empty())
}

/// The declared types that say nothing of the content (the MIME Sniffing standard's
/// "unknown" types), so the bytes decide.
fn names_no_type(content_type: &str) -> bool {
    let media = content_type.split(';').next().unwrap_or("").trim();
    ["unknown/unknown", "application/unknown", "*/*"]
        .iter()
        .any(|t| media.eq_ignore_ascii_case(t))
}

/// Whether a payload without a declared type looks like HTML: one of HTML's own tags
/// (`<html`, `<!doctype html`, `<head`, `<body`, `<p`, `<div`, any case) in its first
/// 1,024 bytes, ended as a tag name ends — by a space, tab, line break, form feed, `>` or
/// `/`, as in the MIME Sniffing standard's HTML patterns. So `<path` and `<param` (SVG,
/// `<object>`), `<pubDate>` (RSS) and `<header>` alone are not taken for `<p` and `<head`.
pub fn looks_like_html(payload: &[u8]) -> bool {
    let head = &payload[..payload.len().min(1024)];
    let lower = head.to_ascii_lowercase();
    let ends_a_name = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0c | b'>' | b'/');
    [
        &b"<html"[..],
        b"<!doctype html",
        b"<head",
        b"<body",
        b"<p",
        b"<div",
    ]
    .iter()
    .any(|needle| {
        lower
            .windows(needle.len() + 1)
            .any(|w| w.starts_with(needle) && ends_a_name(&w[needle.len()]))
    })
}

/// Removes HTTP chunked transfer coding; `None` when the payload is not validly chunked.
pub fn dechunk(payload: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(payload.len());
    let mut at = 0;
    loop {
        let end = at + payload[at..].iter().position(|&b| b == b'\n')?;
        let size_text = std::str::from_utf8(&payload[at..end]).ok()?;
        let size_text = size_text.split(';').next()?.trim();
        let size = usize::from_str_radix(size_text, 16).ok()?;
        at = end + 1;
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(payload.get(at..at.checked_add(size)?)?);
        at += size;
        while matches!(payload.get(at), Some(b'\r') | Some(b'\n')) {
            at += 1;
        }
        if at >= payload.len() {
            return Some(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Mem<'a>(&'a [u8]);
    impl Read for Mem<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0.read(buf)
        }
    }
    impl BufRead for Mem<'_> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            // Tiny buffers exercise every boundary.
            Ok(&self.0[..self.0.len().min(7)])
        }
        fn consume(&mut self, n: usize) {
            self.0 = &self.0[n..];
        }
    }
    impl Positioned for Mem<'_> {
        fn describe(&self, offset: u64) -> String {
            format!("byte {offset}")
        }
    }

    #[test]
    fn a_payload_is_html_when_the_server_or_the_crawler_says_so() {
        let page = b"<html><p>text</p></html>";
        let text = b"plain words, no markup";
        let is = |d, i, p: &[u8]| is_html_payload(d, i, p);
        // Either type naming HTML is enough, whatever the other says.
        assert!(is(Some("text/html; charset=utf-8"), None, text));
        assert!(is(
            Some("application/octet-stream"),
            Some("text/html"),
            text
        ));
        assert!(is(Some("text/plain"), Some("application/xhtml+xml"), text));
        assert!(is(Some("TEXT/HTML"), Some("application/pdf"), text));
        // A type that names something else is believed, whatever the bytes.
        assert!(!is(Some("image/png"), None, page));
        assert!(!is(Some("application/octet-stream"), None, page));
        assert!(!is(None, Some("application/pdf"), page));
        assert!(!is(Some("text/plain"), Some("text/plain"), page));
        // No type, an empty one or one naming none: the bytes decide.
        for declared in [
            None,
            Some(""),
            Some(" "),
            Some("unknown/unknown"),
            Some("*/*"),
        ] {
            for identified in [None, Some("")] {
                assert!(
                    is(declared, identified, page),
                    "{declared:?} {identified:?}"
                );
                assert!(
                    !is(declared, identified, text),
                    "{declared:?} {identified:?}"
                );
            }
        }
        assert!(is(Some("application/unknown"), Some("text/html"), text));
        assert!(!is(Some("application/unknown"), Some("image/gif"), page));
    }

    #[test]
    fn untyped_bytes_are_html_only_with_a_whole_html_tag_name() {
        for (bytes, html) in [
            (&b"<html><body>x"[..], true),
            (b"  <!DOCTYPE html>\n<title>t</title>", true),
            (b"<P>text", true),
            (b"<div class=a>text</div>", true),
            (b"text<p/>more", true),
            (b"<HEAD\n>", true),
            (b"<body\tclass=x>", true),
            (
                b"<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0'/></svg>",
                false,
            ),
            (b"<object><param name=a value=b></object>", false),
            (
                b"<rss><channel><pubDate>Mon</pubDate></channel></rss>",
                false,
            ),
            (b"<header>alone</header>", false),
            (b"<html", false),
            (b"plain words, no markup", false),
            (b"", false),
        ] {
            let shown = String::from_utf8_lossy(bytes);
            assert_eq!(looks_like_html(bytes), html, "{shown}");
        }
    }

    fn record(t: &str, body: &str, len: Option<usize>) -> String {
        format!(
            "WARC/1.0\r\nWARC-Type: {t}\r\nWARC-Record-ID: <urn:{t}>\r\nContent-Length: {}\r\n\r\n{body}\r\n\r\n",
            len.unwrap_or(body.len())
        )
    }

    fn kinds(data: &str) -> Vec<String> {
        WarcReader::new(Mem(data.as_bytes()), 1 << 20)
            .map(|i| match i {
                WarcItem::Record(r) => format!("doc {}", String::from_utf8_lossy(&r.block)),
                WarcItem::Skipped(t) => format!("skip {t}"),
                WarcItem::Error { message, .. } => format!("error {message}"),
            })
            .collect()
    }

    #[test]
    fn an_empty_header_value_is_no_value() {
        let data = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID:\r\nWARC-Target-URI:  \r\n\
                    WARC-Date:\r\nWARC-Identified-Payload-Type: \r\nContent-Length: 4\r\n\r\n<p>a\r\n\r\n";
        let items: Vec<WarcItem> = WarcReader::new(Mem(data.as_bytes()), 1 << 20).collect();
        let [WarcItem::Record(rec)] = &items[..] else {
            panic!("one record: {items:?}")
        };
        assert_eq!(rec.record_id, None);
        assert_eq!(rec.url, None);
        assert_eq!(rec.date, None);
        assert_eq!(rec.payload_type, None);
        // The same in a record cut off inside its header.
        let cut = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID:\r\n";
        let items: Vec<WarcItem> = WarcReader::new(Mem(cut.as_bytes()), 1 << 20).collect();
        let [WarcItem::Error { record_id, .. }] = &items[..] else {
            panic!("one error: {items:?}")
        };
        assert_eq!(record_id, &None);
    }

    /// A record cut off inside its header is named as a whole record with that header
    /// would be: the first of repeated headers, the target URI without angle brackets.
    #[test]
    fn a_header_cut_short_names_its_record_as_a_whole_one_would() {
        let header = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:first>\r\n\
                      WARC-Record-ID: <urn:uuid:second>\r\nWARC-Target-URI: <http://example.com/a>\r\n\
                      WARC-Target-URI: http://example.com/b\r\n";
        let whole = format!("{header}Content-Length: 4\r\n\r\n<p>a\r\n\r\n");
        let items: Vec<WarcItem> = WarcReader::new(Mem(whole.as_bytes()), 1 << 20).collect();
        let [WarcItem::Record(rec)] = &items[..] else {
            panic!("one record: {items:?}")
        };
        let items: Vec<WarcItem> = WarcReader::new(Mem(header.as_bytes()), 1 << 20).collect();
        let [WarcItem::Error { record_id, url, .. }] = &items[..] else {
            panic!("one error: {items:?}")
        };
        assert_eq!(record_id.as_deref(), Some("<urn:uuid:first>"));
        assert_eq!(record_id, &rec.record_id);
        assert_eq!(url.as_deref(), Some("http://example.com/a"));
        assert_eq!(url, &rec.url);
    }

    #[test]
    fn reads_records_and_skips_others() {
        let data = record("warcinfo", "x: y", None)
            + &record("response", "HTTP/1.1 200 OK\r\n\r\n<p>a", None)
            + &record("request", "GET /", None);
        assert_eq!(
            kinds(&data),
            [
                "skip warcinfo",
                "doc HTTP/1.1 200 OK\r\n\r\n<p>a",
                "skip request"
            ]
        );
    }

    #[test]
    fn short_and_long_content_lengths_resynchronise() {
        let data = record("response", "abcdef", Some(3)) + &record("resource", "ok", None);
        let k = kinds(&data);
        assert!(k[0].starts_with("error wrong Content-Length 3"), "{k:?}");
        assert_eq!(k[1..], ["doc ok"]);
        let data = record("response", "abcdef", Some(20))
            + &record("resource", "okay, a longer body", None);
        let k = kinds(&data);
        assert!(k[0].starts_with("error wrong Content-Length 20"), "{k:?}");
        assert_eq!(k[1..], ["doc okay, a longer body"]);
    }

    #[test]
    fn a_skipped_record_with_a_long_content_length_does_not_swallow_the_next() {
        let data = record("request", "GET / HTTP/1.1", Some(40))
            + &record("resource", "the page after it", None)
            + &record("resource", "and one more", None);
        let k = kinds(&data);
        assert!(k[0].starts_with("error wrong Content-Length 40"), "{k:?}");
        assert_eq!(k[1..], ["doc the page after it", "doc and one more"]);
        // Longer still: the two records after it start inside the claimed block (which
        // `Mem` hands over 7 bytes at a time, so version lines straddle reads).
        let data = record("metadata", "a: b", Some(150))
            + &record("resource", "second", None)
            + &record("resource", "third", None);
        let k = kinds(&data);
        assert!(k[0].starts_with("error wrong Content-Length 150"), "{k:?}");
        assert_eq!(k[1..], ["doc second", "doc third"]);
    }

    #[test]
    fn truncation_keeps_earlier_records() {
        let data = record("resource", "first", None) + &record("resource", "second", None);
        let cut = &data[..data.len() - 8];
        let k = kinds(cut);
        assert_eq!(k[0], "doc first");
        assert!(k[1].starts_with("error input truncated"), "{k:?}");
        assert_eq!(k.len(), 2);
    }

    #[test]
    fn http_headers_with_bare_newlines() {
        let block = b"HTTP/1.1 200 OK\nContent-Type: text/html; charset=EUC-JP\nContent-Encoding: gzip\n\n<html>";
        let h = parse_http(block).unwrap();
        assert_eq!(h.status, 200);
        assert_eq!(
            charset_param(h.content_type.as_deref().unwrap()).as_deref(),
            Some("EUC-JP")
        );
        assert_eq!(&block[h.payload_start..], b"<html>");
        assert_eq!(
            dechunk(b"3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n").unwrap(),
            b"abcde"
        );
    }
}
