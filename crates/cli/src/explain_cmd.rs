//! `pith explain PAGE --out page.html`: why a pipeline keeps or drops each block of one
//! page, as a self-contained HTML page (built by [`pith::explain`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use pith::Pipeline;

use pith_corpus::{InputOptions, Item, FILE_MAX_BYTES, RECORD_MAX_BYTES};

use crate::pipeline_args::PipelineArgs;
use crate::UsageError;

/// Options of `pith explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The HTML page (read as bytes; `-` for stdin).
    pub page: PathBuf,
    /// Where to write the explanation page (`-o`/`--output`, as `pith extract` names it,
    /// also work).
    #[arg(long, short = 'o', visible_alias = "output")]
    pub out: PathBuf,
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

/// Runs `pith explain`.
pub fn explain_command(args: ExplainArgs) -> Result<ExitCode, UsageError> {
    let pipeline = args.pipeline_args.build()?;
    crate::extract::refuse_output_over_input(
        "--out",
        &args.out,
        std::slice::from_ref(&args.page),
        &[],
    )?;
    if let Some(wanted) = &args.record {
        return explain_record(&pipeline, &args, wanted);
    }
    // As `pith extract` reads a page: gzip undone, at most its 64 MiB.
    let stdin = args.page.as_os_str() == "-";
    let bytes = pith_corpus::read_page((!stdin).then_some(args.page.as_path()), FILE_MAX_BYTES)
        .map_err(|e| UsageError(format!("{}: {e}", args.page.display())))?;
    let source = args.page.display().to_string();
    // As `pith extract` answers such inputs: not pages, so there is nothing to explain.
    // A WARC file first: its records' payloads may be binary (gzip-coded).
    let not_a_page = bytes
        .starts_with(b"WARC/")
        .then(|| {
            "a WARC file, not a page: name the record to explain with --record ID_OR_URL".to_owned()
        })
        .or_else(|| pith_corpus::sniff::not_a_page(&bytes));
    if let Some(why) = not_a_page {
        eprintln!("pith: {source}: {why}");
        return Ok(ExitCode::from(1));
    }
    let ex = match pipeline.run_bytes(&bytes) {
        Ok(ex) => ex,
        Err(e) => {
            eprintln!("pith: {source}: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    write_explanation(&pipeline, &args, &source, &ex)
}

/// Writes the explanation page of `ex`, the extraction of `source`, to `--out`.
fn write_explanation(
    pipeline: &Pipeline,
    args: &ExplainArgs,
    source: &str,
    ex: &pith::Extraction,
) -> Result<ExitCode, UsageError> {
    let html = pith::explain::explain_html(pipeline, source, ex);
    std::fs::write(&args.out, html)
        .map_err(|e| UsageError(format!("{}: cannot write: {e}", args.out.display())))?;
    Ok(ExitCode::SUCCESS)
}

/// `pith explain FILE --record ID_OR_URL`: the document of a WARC or JSON Lines file
/// (any input `pith extract` reads) whose id or URL is `wanted`, extracted as `pith
/// extract` extracts it.
fn explain_record(
    pipeline: &Pipeline,
    args: &ExplainArgs,
    wanted: &str,
) -> Result<ExitCode, UsageError> {
    let file = args.page.display().to_string();
    let paths = match args.page.as_os_str() == "-" {
        true => Vec::new(),
        false => vec![args.page.clone()],
    };
    // An id compared without the `<>` a WARC-Record-ID is written in.
    fn bare(id: &str) -> &str {
        id.trim().trim_start_matches('<').trim_end_matches('>')
    }
    let mut documents = 0;
    for item in pith_corpus::read_inputs(&paths, InputOptions::default()) {
        let Item::Doc(doc) = item else { continue };
        documents += 1;
        let meta = &doc.meta;
        let found = bare(&meta.id) == bare(wanted) || meta.page_url().as_deref() == Some(wanted);
        if !found {
            continue;
        }
        let source = format!("{file} {}", meta.id);
        return match pith_corpus::extraction(pipeline, &doc, RECORD_MAX_BYTES) {
            Ok(ex) => write_explanation(pipeline, args, &source, &ex),
            Err(e) => {
                eprintln!("pith: {source}: {e}");
                Ok(ExitCode::from(1))
            }
        };
    }
    let read = match documents {
        1 => "1 document".to_owned(),
        n => format!("{n} documents"),
    };
    eprintln!(
        "pith: {file}: no document has the id or URL {wanted:?} ({read} read; `pith extract \
         --format jsonl` gives each one's id and url)"
    );
    Ok(ExitCode::from(1))
}
