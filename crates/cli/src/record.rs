//! Running the pipeline on one document and writing its output record (the format is
//! described in `docs/record-format.md`).

use std::borrow::Cow;
use std::io::Read;

use pith::dom::decode::{lookup_codec, DecodeOptions};
use pith::dom::Document;
use pith::output::{self, Format};
use pith::{Extraction, Pipeline};

use crate::input::{Body, Doc, DocMeta};

/// What the output of a run looks like.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// `--format jsonl`: one corpus record per document.
    Jsonl {
        /// Include every paragraph with its features (`--paragraphs`).
        paragraphs: bool,
    },
    /// One of the per-page formats of `pith::output` (the reference CLI's and `json`).
    Page(Format),
}

/// The result of one document, ready to be written.
#[derive(Debug)]
pub struct Outcome {
    /// The bytes to write (possibly empty).
    pub bytes: Vec<u8>,
    /// `Some(message)` when the document failed (an error record).
    pub error: Option<String>,
}

/// Keys pith writes itself; input fields with these names are not passed through.
const RESERVED: [&str; 8] = [
    "id",
    "source",
    "text",
    "paragraphs",
    "error",
    "encoding",
    "encoding_source",
    "limits_hit",
];

fn head(out: &mut Vec<u8>, meta: &DocMeta) {
    out.extend_from_slice(b"{\"id\":");
    json_str(out, &meta.id);
    out.extend_from_slice(b",\"source\":");
    json_str(out, &meta.source);
    if let Some(url) = &meta.url {
        out.extend_from_slice(b",\"url\":");
        json_str(out, url);
    }
    if let Some(date) = &meta.date {
        out.extend_from_slice(b",\"date\":");
        json_str(out, date);
    }
    for (k, v) in &meta.extra {
        if k != "id" && RESERVED.contains(&k.as_str()) {
            continue;
        }
        if k == "id" {
            // Written above as the record id (as a string).
            continue;
        }
        out.push(b',');
        json_str(out, k);
        out.push(b':');
        out.extend_from_slice(v.get().as_bytes());
    }
}

fn json_str(out: &mut Vec<u8>, s: &str) {
    serde_json::to_writer(&mut *out, s).expect("writing to a Vec cannot fail");
}

/// The JSONL error record of a document.
pub fn error_record(meta: &DocMeta, message: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    head(&mut out, meta);
    out.extend_from_slice(b",\"error\":");
    json_str(&mut out, message);
    out.extend_from_slice(b"}\n");
    out
}

/// The error output of a document in any mode (nothing for the text formats).
pub fn error_output(mode: Mode, meta: &DocMeta, message: &str) -> Vec<u8> {
    match mode {
        Mode::Jsonl { .. } => error_record(meta, message),
        Mode::Page(Format::Json) => {
            let mut out = Vec::new();
            let _ = output::write_json_error(&mut out, &meta.id, message);
            out
        }
        Mode::Page(_) => Vec::new(),
    }
}

fn jsonl_record(meta: &DocMeta, ex: &Extraction, paragraphs: bool, header: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(1024);
    head(&mut out, meta);
    out.extend_from_slice(b",\"text\":");
    json_str(&mut out, &ex.good_text("\n"));
    if paragraphs {
        out.extend_from_slice(b",\"paragraphs\":");
        serde_json::to_writer(&mut out, &output::records(ex)).expect("serialisable");
    }
    if let Some((codec, source)) = &ex.decoded_as {
        out.extend_from_slice(b",\"encoding\":");
        json_str(&mut out, codec);
        out.extend_from_slice(b",\"encoding_source\":");
        let source = if header { "http-header" } else { source };
        json_str(&mut out, source);
    }
    if !ex.diagnostics.notes.is_empty() {
        out.extend_from_slice(b",\"limits_hit\":");
        serde_json::to_writer(&mut out, &ex.diagnostics.notes).expect("serialisable");
    }
    out.extend_from_slice(b"}\n");
    out
}

/// The decoding options for one page: a known HTTP header charset is used like a forced
/// encoding, after a byte-order mark (as the HTML standard orders them: BOM, then the
/// transport's charset, then `<meta>`) and unless the user forced an encoding.
fn decode_options<'a>(
    base: &'a DecodeOptions,
    charset: Option<&str>,
    bytes: &[u8],
) -> (Cow<'a, DecodeOptions>, bool) {
    let forced = base.encoding.as_deref().is_some_and(|e| !e.is_empty());
    let bom = base.honour_bom
        && [&b"\xEF\xBB\xBF"[..], b"\xFF\xFE", b"\xFE\xFF"]
            .iter()
            .any(|b| bytes.starts_with(b));
    match charset {
        Some(cs) if !forced && !bom && lookup_codec(cs).is_some() => {
            let mut opts = base.clone();
            opts.encoding = Some(cs.to_owned());
            (Cow::Owned(opts), true)
        }
        _ => (Cow::Borrowed(base), false),
    }
}

/// Undoes an HTTP content coding when the payload really is compressed (ClueWeb09
/// keeps `Content-Encoding: gzip` on payloads stored decompressed).
fn undo_content_coding<'a>(
    bytes: &'a [u8],
    coding: Option<&str>,
    max: u64,
) -> Result<Cow<'a, [u8]>, String> {
    let gzip = matches!(coding, Some("gzip") | Some("x-gzip")) && bytes.starts_with(&[0x1f, 0x8b]);
    let deflate = coding == Some("deflate");
    if !gzip && !deflate {
        return Ok(Cow::Borrowed(bytes));
    }
    let mut out = Vec::new();
    let res = if gzip {
        flate2::read::MultiGzDecoder::new(bytes)
            .take(max + 1)
            .read_to_end(&mut out)
    } else {
        flate2::read::ZlibDecoder::new(bytes)
            .take(max + 1)
            .read_to_end(&mut out)
            .or_else(|_| {
                out.clear();
                flate2::read::DeflateDecoder::new(bytes)
                    .take(max + 1)
                    .read_to_end(&mut out)
            })
    };
    match res {
        Ok(_) if out.len() as u64 > max => Err(format!(
            "document larger than --max-bytes {max} after Content-Encoding"
        )),
        Ok(_) => Ok(Cow::Owned(out)),
        // Not really compressed after all: use the bytes as they are.
        Err(_) => Ok(Cow::Borrowed(bytes)),
    }
}

/// Whether the mode writes the edited tree (only `--format html` does). Without it the
/// pipeline parses leaner: it leaves out the attributes no stage reads.
fn writes_tree(mode: Mode) -> bool {
    matches!(mode, Mode::Page(Format::Html))
}

/// Runs the pipeline on decoded text, keeping the edited tree when the mode writes it.
fn run_text(
    pipeline: &Pipeline,
    text: &str,
    mode: Mode,
) -> pith::core::Result<(Extraction, Option<Document>)> {
    if writes_tree(mode) {
        let (ex, tree) = pipeline.run_str_keeping_tree(text)?;
        Ok((ex, Some(tree)))
    } else {
        Ok((pipeline.run_str(text)?, None))
    }
}

/// Runs the pipeline on raw bytes, keeping the edited tree when the mode writes it.
fn run_bytes(
    pipeline: &Pipeline,
    bytes: &[u8],
    opts: &DecodeOptions,
    mode: Mode,
) -> pith::core::Result<(Extraction, Option<Document>)> {
    if writes_tree(mode) {
        let (ex, tree) = pipeline.run_bytes_keeping_tree(bytes, opts)?;
        Ok((ex, Some(tree)))
    } else {
        Ok((pipeline.run_bytes_with(bytes, opts)?, None))
    }
}

/// Runs the pipeline on one document and renders its record.
pub fn process(pipeline: &Pipeline, doc: &Doc, mode: Mode, max_bytes: u64) -> Outcome {
    let (result, header) = match &doc.body {
        Body::Failed(msg) => (Err(msg.clone()), false),
        Body::Text(text) => (
            run_text(pipeline, text, mode).map_err(|e| e.to_string()),
            false,
        ),
        Body::Bytes {
            bytes,
            charset,
            content_encoding,
            chunked,
        } => {
            let dechunked = if *chunked {
                pith::warc::dechunk(bytes).map(Cow::Owned)
            } else {
                None
            };
            let bytes: &[u8] = dechunked.as_deref().unwrap_or(bytes);
            match undo_content_coding(bytes, content_encoding.as_deref(), max_bytes) {
                Err(msg) => (Err(msg), false),
                Ok(bytes) => {
                    let (opts, header) =
                        decode_options(pipeline.decode_options(), charset.as_deref(), &bytes);
                    (
                        run_bytes(pipeline, &bytes, &opts, mode).map_err(|e| e.to_string()),
                        header,
                    )
                }
            }
        }
    };
    match result {
        Ok((ex, tree)) => {
            let bytes = match mode {
                Mode::Jsonl { paragraphs } => jsonl_record(&doc.meta, &ex, paragraphs, header),
                Mode::Page(format) => {
                    let mut out = Vec::new();
                    output::write(&mut out, format, &doc.meta.id, &ex, tree.as_ref())
                        .expect("writing to a Vec cannot fail");
                    out
                }
            };
            Outcome { bytes, error: None }
        }
        Err(msg) => Outcome {
            bytes: error_output(mode, &doc.meta, &msg),
            error: Some(msg),
        },
    }
}
