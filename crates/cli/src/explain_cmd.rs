//! `pith explain PAGE [--out page.html]`: why a pipeline keeps or drops each block of
//! one page, as a self-contained HTML page (built by [`pith::explain`]), written to
//! `--out` or to stdout.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use pith::Pipeline;

use pith_corpus::{Doc, InputOptions, Item, RECORD_MAX_BYTES};

use crate::output_option::{output_file, write_to_stdout};
use crate::pipeline_args::PipelineArgs;
use crate::UsageError;

/// Options of `pith explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The HTML page, or a WARC or JSON Lines file (gzipped or not; `-` for stdin), read
    /// as `pith extract` reads it: a file of one document explains it, one of several
    /// needs --record.
    pub page: PathBuf,
    /// Where to write the explanation page (`-o`/`--output`, as `pith extract` names it,
    /// also work). Default: stdout (`pith explain PAGE > why.html`), unless it is a
    /// terminal.
    #[arg(long, short = 'o', visible_alias = "output")]
    pub out: Option<PathBuf>,
    /// With a WARC or JSON Lines file: the document to explain, by its id (a WARC record's
    /// `WARC-Record-ID`, with or without its `<>`; a line's `id`) or its URL, as `pith
    /// extract --format jsonl` gives them.
    #[arg(long, value_name = "ID_OR_URL")]
    pub record: Option<String>,
    /// The preset or pipeline file, -s, the thresholds, the encoding options and what
    /// to keep, as `pith extract` takes them.
    #[command(flatten)]
    pub pipeline_args: PipelineArgs,
}

/// Runs `pith explain`: the page, or the document `--record` names, read and extracted
/// as `pith extract` reads and extracts it (`pith_corpus::read_inputs`, then
/// `pith_corpus::extraction`), so that the explanation is of the very extraction the
/// user saw: an HTML file as a page, a WARC or JSON Lines file as its documents.
pub fn explain_command(args: ExplainArgs) -> Result<ExitCode, UsageError> {
    let pipeline = args.pipeline_args.build()?;
    match output_file(args.out.as_deref()) {
        Some(out) => crate::extract::refuse_output_over_input(
            "--out",
            out,
            std::slice::from_ref(&args.page),
            &[],
        )?,
        None if std::io::stdout().is_terminal() => {
            return Err(UsageError(
                "pith explain writes an HTML page to open in a browser, not to a terminal: \
                 redirect it (`pith explain PAGE > why.html`) or give --out FILE"
                    .into(),
            ))
        }
        None => {}
    }
    let file = args.page.display().to_string();
    let paths = match args.page.as_os_str() == "-" {
        true => Vec::new(),
        false => vec![args.page.clone()],
    };
    let message = match find_document(&paths, args.record.as_deref()) {
        Found::Document(doc) => return explain_doc(&pipeline, &args, &file, &doc),
        Found::Several => "holds several documents: name the one to explain with --record \
                           ID_OR_URL (`pith extract --format jsonl` gives each one's id and url)"
            .to_owned(),
        Found::NoSuch { wanted, documents } => format!(
            "no document has the id or URL {wanted:?} ({} read; `pith extract --format jsonl` \
             gives each one's id and url)",
            match documents {
                1 => "1 document".to_owned(),
                n => format!("{n} documents"),
            }
        ),
        Found::NoPage { skipped } => {
            let reasons: Vec<String> = (skipped.iter())
                .map(|(reason, n)| format!("{n} {reason}"))
                .collect();
            format!(
                "no page to explain: no HTML document in it ({} skipped{})",
                skipped.values().sum::<usize>(),
                match reasons.is_empty() {
                    true => String::new(),
                    false => format!(": {}", reasons.join(", ")),
                }
            )
        }
    };
    eprintln!("pith: {file}: {message}");
    Ok(ExitCode::from(1))
}

/// What an input holds for `pith explain`.
enum Found {
    /// The document to explain: the one named, or the input's only one.
    Document(Doc),
    /// More than one document and none named.
    Several,
    /// No document has the id or URL `wanted`, of the `documents` read.
    NoSuch { wanted: String, documents: usize },
    /// No document at all; the units skipped, by reason.
    NoPage { skipped: BTreeMap<String, usize> },
}

/// The document of `paths` (read as `pith extract` reads them) whose id or URL is
/// `wanted`, or with `None` the only one. Reading stops at the document found, or at
/// the second when none is named.
fn find_document(paths: &[PathBuf], wanted: Option<&str>) -> Found {
    // An id compared without the `<>` a WARC-Record-ID is written in.
    fn bare(id: &str) -> &str {
        id.trim().trim_start_matches('<').trim_end_matches('>')
    }
    let mut documents = 0;
    let mut skipped: BTreeMap<String, usize> = BTreeMap::new();
    let mut only = None;
    for item in pith_corpus::read_inputs(paths, InputOptions::default()) {
        let doc = match item {
            Item::Doc(doc) => doc,
            Item::Skipped(reason) => {
                *skipped.entry(reason).or_default() += 1;
                continue;
            }
            Item::InputEnd(_) => continue,
        };
        documents += 1;
        match wanted {
            Some(wanted) => {
                let meta = &doc.meta;
                if bare(&meta.id) == bare(wanted) || meta.page_url().as_deref() == Some(wanted) {
                    return Found::Document(doc);
                }
            }
            None if documents > 1 => return Found::Several,
            None => only = Some(doc),
        }
    }
    match (wanted, only) {
        (Some(wanted), _) => Found::NoSuch {
            wanted: wanted.to_owned(),
            documents,
        },
        (None, Some(doc)) => Found::Document(doc),
        (None, None) => Found::NoPage { skipped },
    }
}

/// Explains `doc` of `file`, extracted as `pith extract` extracts it; a document that is
/// an error (a binary file, one too large) is exit 1 with its message, as its error
/// record would carry it.
fn explain_doc(
    pipeline: &Pipeline,
    args: &ExplainArgs,
    file: &str,
    doc: &Doc,
) -> Result<ExitCode, UsageError> {
    // A page read from a file is named by the file; a record by the file and its id.
    let source = match doc.meta.id == doc.meta.source {
        true => file.to_owned(),
        false => format!("{file} {}", doc.meta.id),
    };
    match pith_corpus::extraction(pipeline, doc, RECORD_MAX_BYTES) {
        Ok(ex) => write_explanation(pipeline, args, &source, &ex),
        Err(e) => {
            eprintln!("pith: {source}: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// Writes the explanation page of `ex`, the extraction of `source`, to `--out` or stdout.
fn write_explanation(
    pipeline: &Pipeline,
    args: &ExplainArgs,
    source: &str,
    ex: &pith::Extraction,
) -> Result<ExitCode, UsageError> {
    let html = pith::explain::explain_html(pipeline, source, ex);
    let (written, place) = match output_file(args.out.as_deref()) {
        Some(out) => (std::fs::write(out, html), out.display().to_string()),
        None => (write_to_stdout(html.as_bytes()), "stdout".to_owned()),
    };
    written.map_err(|e| UsageError(format!("{place}: cannot write: {e}")))?;
    Ok(ExitCode::SUCCESS)
}
