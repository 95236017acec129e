//! `pith eval`: score pipelines, and other tools' saved outputs, side by side on a
//! dataset with gold texts.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, CommandFactory, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pith::learn::train::trained_datasets;
use pith::Pipeline;
use pith_eval::dataset::{load_gold_dataset, resolve_dataset, Dataset};
use pith_eval::outputs::{parse_outputs_arg, read_outputs, OutputsArg};
use pith_eval::run::{apply_override, parse_assignment, parse_pipeline_arg, run_pipeline};
use pith_eval::summary::{summarise, Format};

use crate::output_option::{output_file, print_output, refuse_second_stdout};
use crate::say::say;
use crate::UsageError;

/// Output formats of `pith eval`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum EvalFormat {
    /// An aligned plain-text table.
    Table,
    /// GitHub Markdown.
    Markdown,
    /// CSV: pipeline,metric,value,sd.
    Csv,
    /// Everything as JSON.
    Json,
}

/// Options of `pith eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// A dataset folder (html/<id>.html with gold/<id>.txt or ground-truth.json), or the
    /// name of one under $PITH_DATASETS (scrapinghub, cleaneval-dev, dragnet-train,
    /// l3s-gn1-dev, googletrends-dev); without
    /// PITH_DATASETS, under ../shared/datasets from the working directory.
    #[arg(long)]
    pub dataset: String,
    /// A pipeline: a preset name or a pipeline file, with optional overrides after a
    /// colon: 'justext:length_low=50,no_headings=true'. Repeat to compare; the first
    /// column on the command line (--pipeline or --outputs) is the baseline of the
    /// paired tests. Default, when neither --pipeline nor --outputs is given: `pith`,
    /// the preset `pith extract` runs by default.
    #[arg(long = "pipeline", value_name = "PIPELINE[:NAME=VALUE,...]")]
    pub pipelines: Vec<String>,
    /// Another tool's saved outputs, scored like a pipeline: DIR/<id>.txt is its text
    /// of page <id> (UTF-8); a page without its file is scored as empty and named; an
    /// optional DIR/seconds.tsv (id<TAB>seconds) gives its speed. Repeat; mixes with
    /// --pipeline in command-line order.
    #[arg(long = "outputs", value_name = "NAME=DIR")]
    pub outputs: Vec<String>,
    /// NAME=VALUE set on every pipeline (after its own overrides; not on --outputs).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub sets: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: EvalFormat,
    /// Bootstrap resamples for ± and p-values (0: none).
    #[arg(long, default_value_t = 1000)]
    pub bootstrap: usize,
    /// Bootstrap seed.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Also write a self-contained HTML report (plot and per-page drill-down); `-`:
    /// stdout, when the table goes to -o FILE.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Write the table to FILE instead of stdout (`-`: stdout).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// No progress bar.
    #[arg(short, long)]
    pub quiet: bool,
}

/// Reads `--dataset` (an error when it has no page with gold).
pub fn read_dataset(arg: &str) -> Result<Dataset, UsageError> {
    let dir = resolve_dataset(arg).map_err(UsageError)?;
    load_gold_dataset(&dir).map_err(UsageError)
}

/// A progress bar on stderr when it is a terminal and not `quiet`.
pub fn progress_bar(len: u64, quiet: bool, what: &str) -> Option<ProgressBar> {
    (!quiet && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} {msg} ({elapsed})")
                .expect("a valid template"),
        );
        bar.set_message(what.to_owned());
        bar
    })
}

/// One column of the comparison, as given on the command line.
enum Column {
    /// The `i`-th `--pipeline`.
    Pipeline(usize),
    /// The `i`-th `--outputs`.
    Outputs(usize),
}

/// The columns in command-line order. clap's derived arguments keep each option's
/// values in order but not how `--pipeline` and `--outputs` interleave, so the
/// process's arguments are parsed once more for their positions; if that does not give
/// exactly the parsed counts (never expected), pipelines come first, then outputs.
fn command_line_order(pipelines: usize, outputs: usize) -> Vec<Column> {
    let fallback = || {
        (0..pipelines)
            .map(Column::Pipeline)
            .chain((0..outputs).map(Column::Outputs))
            .collect()
    };
    let Ok(matches) = crate::Cli::command().try_get_matches_from(std::env::args_os()) else {
        return fallback();
    };
    let Some(eval) = matches.subcommand_matches("eval") else {
        return fallback();
    };
    let at =
        |id: &str| -> Vec<usize> { eval.indices_of(id).map(|i| i.collect()).unwrap_or_default() };
    let (p, o) = (at("pipelines"), at("outputs"));
    if p.len() != pipelines || o.len() != outputs {
        return fallback();
    }
    let mut order: Vec<(usize, Column)> = p
        .into_iter()
        .enumerate()
        .map(|(i, at)| (at, Column::Pipeline(i)))
        .chain(
            o.into_iter()
                .enumerate()
                .map(|(i, at)| (at, Column::Outputs(i))),
        )
        .collect();
    order.sort_by_key(|(at, _)| *at);
    order.into_iter().map(|(_, c)| c).collect()
}

/// Whether a pipeline (JSON) labels blocks with a fitted `learn.trees` pass, whose
/// figures on the pages it was fitted on say little about other pages.
fn has_trees(pipeline: &serde_json::Value) -> bool {
    pipeline
        .get("passes")
        .and_then(serde_json::Value::as_array)
        .is_some_and(|passes| passes.iter().any(|p| p["type"] == "learn.trees"))
}

/// The note for a pipeline with trees scored on `dataset`: that its figures are
/// in-sample when its trees were fitted on a dataset of that name (its description
/// lists them, as `pith train` writes it), or may be when it does not say; nothing when
/// they were fitted on other datasets only.
fn in_sample_note(name: &str, fitted_on: Option<&[String]>, dataset: &str) -> Option<String> {
    match fitted_on {
        Some(names) if names.iter().any(|n| n == dataset) => Some(format!(
            "pith: note: {name}'s trees were fitted on the pages of a dataset named \
             {dataset} (its description lists {}): its figures here are in-sample; \
             `pith train` prints out-of-fold ones",
            names.join(", ")
        )),
        Some(_) => None,
        None => Some(format!(
            "pith: note: {name} labels blocks with trees fitted on gold pages it does not \
             name: on pages it was fitted on, its figures are in-sample; `pith train` \
             prints out-of-fold ones"
        )),
    }
}

/// Runs `pith eval`. Exit code 1 when some page failed in some pipeline or some page
/// has no saved output.
pub fn eval_command(mut args: EvalArgs) -> Result<ExitCode, UsageError> {
    if args.pipelines.is_empty() && args.outputs.is_empty() {
        args.pipelines.push(crate::DEFAULT_PRESET.to_owned());
    }
    if !args.sets.is_empty() && args.pipelines.is_empty() {
        return Err(UsageError(
            "--set applies to --pipeline columns, and none is given".into(),
        ));
    }
    let outputs: Vec<OutputsArg> = args
        .outputs
        .iter()
        .map(|a| parse_outputs_arg(a))
        .collect::<Result<_, _>>()
        .map_err(UsageError)?;
    let mut pipelines = Vec::new();
    // Each pipeline with trees, with the datasets its description says they were
    // fitted on (if it says).
    let mut learned: Vec<(String, Option<Vec<String>>)> = Vec::new();
    let sets = args
        .sets
        .iter()
        .map(|s| parse_assignment(s))
        .collect::<Result<Vec<_>, _>>()
        .map_err(UsageError)?;
    for arg in &args.pipelines {
        let (name, mut value) = parse_pipeline_arg(arg).map_err(UsageError)?;
        for (k, v) in &sets {
            apply_override(&mut value, k, v.clone())
                .map_err(|e| UsageError(format!("{arg}: {e}")))?;
        }
        if has_trees(&value) {
            let description = value["description"].as_str().unwrap_or("");
            let fitted_on = trained_datasets(description)
                .map(|names| names.into_iter().map(str::to_owned).collect::<Vec<_>>());
            learned.push((name.clone(), fitted_on));
        }
        let pipeline =
            Pipeline::from_value(value).map_err(|e| UsageError(format!("{arg}: {e}")))?;
        pipelines.push((name, pipeline));
    }
    let dataset = read_dataset(&args.dataset)?;
    for (name, fitted_on) in &learned {
        if let Some(note) = in_sample_note(name, fitted_on.as_deref(), &dataset.name) {
            say!("{note}");
        }
    }
    let output = output_file(args.output.as_deref());
    if let Some(report) = args.report.as_deref().filter(|_| output.is_none()) {
        refuse_second_stdout(
            "--report",
            report,
            "the table",
            "give --report FILE, or -o FILE for the table",
        )?;
    }
    let report = output_file(args.report.as_deref());
    for (option, path) in [("-o", output), ("--report", report)] {
        if let Some(path) = path {
            refuse_output_in_dataset(option, path, &dataset.dir)?;
        }
    }
    let keep_blocks = args.report.is_some();
    // The saved outputs are read first: a wrong folder stops the run before any
    // pipeline has spent its time.
    let mut saved = outputs
        .iter()
        .map(|o| read_outputs(o, &dataset, keep_blocks).map(Some))
        .collect::<Result<Vec<_>, _>>()
        .map_err(UsageError)?;
    let total = (dataset.pages.len() * pipelines.len()) as u64;
    let bar = progress_bar(total, args.quiet, &dataset.name);
    let tick = || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let mut runs = Vec::new();
    for column in command_line_order(pipelines.len(), outputs.len()) {
        runs.push(match column {
            Column::Pipeline(i) => {
                let (name, p) = &pipelines[i];
                run_pipeline(name, p, &dataset.pages, keep_blocks, &tick)
            }
            Column::Outputs(i) => saved[i].take().expect("each outputs column once"),
        });
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let summary = summarise(&dataset, &runs, args.bootstrap, args.seed);
    let format = match args.format {
        EvalFormat::Table => Format::Table,
        EvalFormat::Markdown => Format::Markdown,
        EvalFormat::Csv => Format::Csv,
        EvalFormat::Json => Format::Json,
    };
    let text = summary.render(format);
    let written = match output {
        Some(path) => std::fs::write(path, text.as_bytes())
            .map_err(|e| UsageError(format!("{}: {e}", path.display()))),
        None => {
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            Ok(())
        }
    };
    written?;
    if args.report.is_some() {
        let html = pith_eval::report::html_report(&summary, &dataset, &runs);
        match report {
            Some(path) => std::fs::write(path, html)
                .map_err(|e| UsageError(format!("{}: {e}", path.display())))?,
            // `--report -` beside -o FILE.
            None => print_output(html.as_bytes(), "the report")?,
        }
    }
    let failed = summary
        .pipelines
        .iter()
        .any(|p| !p.failed.is_empty() || p.outputs.as_ref().is_some_and(|o| !o.missing.is_empty()));
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// An error when the output file of `option` (`-o`, `--report`) is inside the dataset's
/// folder: it could write over a page or a gold text (`--report small/html/p.html`).
fn refuse_output_in_dataset(option: &str, output: &Path, dataset: &Path) -> Result<(), UsageError> {
    // The file may not exist yet; its folder must, for it to be written.
    let folder = match output.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let (Ok(folder), Ok(dataset_dir)) = (
        std::fs::canonicalize(folder),
        std::fs::canonicalize(dataset),
    ) else {
        return Ok(());
    };
    if folder.starts_with(&dataset_dir) {
        return Err(UsageError(format!(
            "{}: {option} would write inside the dataset {}; choose a file outside it",
            output.display(),
            dataset.display()
        )));
    }
    Ok(())
}
