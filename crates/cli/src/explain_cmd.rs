//! `pith explain PAGE --out page.html`: why a pipeline keeps or drops each block of one
//! page, as a self-contained HTML page (built by [`pith::explain`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use pith::Pipeline;

use pith_corpus::FILE_MAX_BYTES;

use crate::keep::KeepArgs;
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
    /// A built-in preset (see `pith pipeline list`); default `pith`, as `pith extract`.
    #[arg(long, conflicts_with = "pipeline")]
    pub preset: Option<String>,
    /// A pipeline file (JSON, or TOML if it ends in .toml).
    #[arg(long)]
    pub pipeline: Option<PathBuf>,
    /// A stoplist, as `pith extract -s` (`none` for language-independent mode).
    #[arg(short = 's', long)]
    pub stoplist: Option<String>,
    /// --favor-precision / --favor-recall, --no-comments, --no-tables, as `pith extract`.
    #[command(flatten)]
    pub keep: KeepArgs,
}

fn build_pipeline(args: &ExplainArgs) -> Result<Pipeline, UsageError> {
    let mut value = match (&args.pipeline, &args.preset) {
        (Some(path), _) => pith::pipeline_file_value(path),
        (None, Some(name)) => pith::preset_value(name),
        (None, None) => pith::preset_value(crate::DEFAULT_PRESET),
    }
    .map_err(|e| UsageError(e.to_string()))?;
    if let Some(s) = &args.stoplist {
        crate::extract::apply_stoplist_arg(&mut value, s);
    }
    args.keep.apply(&mut value)?;
    match &args.pipeline {
        Some(path) => pith::pipeline_from_file_value(path, value),
        None => Pipeline::from_value(value),
    }
    .map_err(|e| UsageError(e.to_string()))
}

/// Runs `pith explain`.
pub fn explain_command(args: ExplainArgs) -> Result<ExitCode, UsageError> {
    let pipeline = build_pipeline(&args)?;
    crate::extract::refuse_output_over_input(
        "--out",
        &args.out,
        std::slice::from_ref(&args.page),
        &[],
    )?;
    // As `pith extract` reads a page: gzip undone, at most its 64 MiB.
    let stdin = args.page.as_os_str() == "-";
    let bytes = pith_corpus::read_page((!stdin).then_some(args.page.as_path()), FILE_MAX_BYTES)
        .map_err(|e| UsageError(format!("{}: {e}", args.page.display())))?;
    let source = args.page.display().to_string();
    // As `pith extract` answers such inputs: not pages, so there is nothing to explain.
    let not_a_page = pith_corpus::sniff::not_a_page(&bytes).or_else(|| {
        bytes.starts_with(b"WARC/").then(|| {
            "a WARC file, not a page: `pith extract` reads its records; explain one page".to_owned()
        })
    });
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
    let html = pith::explain::explain_html(&pipeline, &source, &ex);
    std::fs::write(&args.out, html)
        .map_err(|e| UsageError(format!("{}: cannot write: {e}", args.out.display())))?;
    Ok(ExitCode::SUCCESS)
}
