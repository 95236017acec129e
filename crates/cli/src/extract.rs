//! `pith extract`: the reference CLI's options on top of a preset or pipeline file.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use pith::output::{self, Format};
use pith::Pipeline;
use serde_json::{json, Value};

use crate::UsageError;

#[derive(Args, Debug)]
pub struct ExtractArgs {
    /// HTML files; stdin when none.
    pub files: Vec<PathBuf>,
    /// Output file (default stdout).
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// Stoplist: a built-in name (`English`), `none` (language-independent), or a file.
    #[arg(short = 's', long = "stoplist")]
    pub stoplist: Option<String>,
    /// Output format: default, boilerplate, detailed, krdwrd, text, json.
    #[arg(long, default_value = "default")]
    pub format: String,
    /// A built-in preset (see `pith pipeline list`).
    #[arg(long, conflicts_with = "pipeline")]
    pub preset: Option<String>,
    /// A pipeline file (JSON, or TOML if it ends in .toml).
    #[arg(long)]
    pub pipeline: Option<PathBuf>,
    /// Do not treat any paragraph as a heading.
    #[arg(long)]
    pub no_headings: bool,
    /// Paragraphs shorter than this are short (jusText default 70).
    #[arg(long)]
    pub length_low: Option<u64>,
    /// Longer content-like paragraphs are good (default 200).
    #[arg(long)]
    pub length_high: Option<u64>,
    /// Stop-word density from which a paragraph may be content (default 0.30).
    #[arg(long)]
    pub stopwords_low: Option<f64>,
    /// Stop-word density from which a paragraph is content-like (default 0.32).
    #[arg(long)]
    pub stopwords_high: Option<f64>,
    /// Largest link density of content (default 0.2).
    #[arg(long)]
    pub max_link_density: Option<f64>,
    /// Characters between a heading and its good paragraph (default 200).
    #[arg(long)]
    pub max_heading_distance: Option<u64>,
    /// Encoding used when the page declares none and is not UTF-8 (default utf8).
    #[arg(long)]
    pub encoding: Option<String>,
    /// Use --encoding for every page, ignoring declarations.
    #[arg(long)]
    pub enc_force: bool,
    /// Decoding errors: strict, ignore or replace (default).
    #[arg(long)]
    pub enc_errors: Option<String>,
    /// Print the names of the built-in stoplists and exit.
    #[arg(long)]
    pub list_stoplists: bool,
}

/// Builds the pipeline: preset or file, then the reference CLI's parameters on top.
fn build_pipeline(args: &ExtractArgs) -> Result<Pipeline, UsageError> {
    let mut value = match (&args.pipeline, &args.preset) {
        (Some(path), _) => pith::pipeline_file_value(path),
        (None, Some(name)) => pith::preset_value(name),
        (None, None) => pith::preset_value("justext"),
    }
    .map_err(|e| UsageError(e.to_string()))?;

    let mut params: Vec<(&str, Value)> = Vec::new();
    if let Some(s) = &args.stoplist {
        if s.eq_ignore_ascii_case("none") {
            params.push(("stoplist", json!("none")));
            params.push(("stopwords_low", json!(0.0)));
            params.push(("stopwords_high", json!(0.0)));
        } else {
            params.push(("stoplist", json!(s)));
        }
    }
    if args.no_headings {
        params.push(("no_headings", json!(true)));
    }
    let numbers = [
        ("length_low", args.length_low.map(|v| json!(v))),
        ("length_high", args.length_high.map(|v| json!(v))),
        ("stopwords_low", args.stopwords_low.map(|v| json!(v))),
        ("stopwords_high", args.stopwords_high.map(|v| json!(v))),
        ("max_link_density", args.max_link_density.map(|v| json!(v))),
        (
            "max_heading_distance",
            args.max_heading_distance.map(|v| json!(v)),
        ),
    ];
    params.extend(numbers.into_iter().filter_map(|(k, v)| v.map(|v| (k, v))));
    if let Some(enc) = &args.encoding {
        let slot = if args.enc_force {
            "encoding"
        } else {
            "default_encoding"
        };
        params.push((slot, json!(enc)));
    } else if args.enc_force {
        return Err(UsageError("--enc-force needs --encoding".into()));
    }
    if let Some(errors) = &args.enc_errors {
        params.push(("errors", json!(errors.to_ascii_lowercase())));
    }
    for (name, v) in params {
        if pith::core::set_param(&mut value, name, v) == 0 {
            eprintln!("pith: warning: the pipeline has no parameter {name}; ignored");
        }
    }
    Pipeline::from_value(value).map_err(|e| UsageError(e.to_string()))
}

pub fn extract(args: ExtractArgs) -> Result<ExitCode, UsageError> {
    if args.list_stoplists {
        let out = io::stdout();
        let mut out = out.lock();
        for name in pith::stoplists::names() {
            let _ = writeln!(out, "{name}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let format: Format = args.format.parse().map_err(UsageError)?;
    let pipeline = build_pipeline(&args)?;
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => {
            Box::new(BufWriter::new(File::create(path).map_err(|e| {
                UsageError(format!("{}: cannot create: {e}", path.display()))
            })?))
        }
        None => Box::new(BufWriter::new(io::stdout().lock())),
    };

    let inputs: Vec<Option<PathBuf>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().cloned().map(Some).collect()
    };
    let mut failures = 0usize;
    for input in inputs {
        let source = input
            .as_ref()
            .map_or_else(|| "-".to_owned(), |p| p.display().to_string());
        let result = read_input(input.as_ref())
            .map_err(|e| format!("cannot read: {e}"))
            .and_then(|bytes| pipeline.run_bytes(&bytes).map_err(|e| e.to_string()));
        let written = match result {
            Ok(ex) => output::write(&mut out, format, &source, &ex),
            Err(msg) => {
                failures += 1;
                eprintln!("pith: {source}: {msg}");
                if format == Format::Json {
                    output::write_json_error(&mut out, &source, &msg)
                } else {
                    Ok(())
                }
            }
        };
        if let Err(e) = written {
            if e.kind() == io::ErrorKind::BrokenPipe {
                return Ok(ExitCode::SUCCESS);
            }
            return Err(UsageError(format!("cannot write output: {e}")));
        }
    }
    if let Err(e) = out.flush() {
        if e.kind() != io::ErrorKind::BrokenPipe {
            return Err(UsageError(format!("cannot write output: {e}")));
        }
    }
    Ok(if failures > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn read_input(path: Option<&PathBuf>) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match path {
        Some(p) => bytes = std::fs::read(p)?,
        None => {
            io::stdin().lock().read_to_end(&mut bytes)?;
        }
    }
    Ok(bytes)
}
