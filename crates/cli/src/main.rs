//! `pith`: the command line. `pith extract` mirrors the reference CLI
//! (`python -m justext`) option for option, and adds presets, pipeline files, several
//! inputs per call and JSON Lines output.
// The options' doc comments are their `--help` text, where `DIR/<id>.txt` is meant
// literally; rustdoc would read `<id>` as an HTML tag.
#![allow(rustdoc::invalid_html_tags)]

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

mod ambiguous;
mod eval_cmd;
mod explain_cmd;
mod extract;
mod keep;
mod output_option;
mod pipeline_args;
mod pipeline_cmd;
mod progress;
mod say;
mod sink;
mod train_cmd;
mod train_report;
mod tune_cmd;

use eval_cmd::{eval_command, EvalArgs};
use explain_cmd::{explain_command, ExplainArgs};
use extract::{extract, ExtractArgs};
use pipeline_cmd::{pipeline_command, PipelineCommand};
use train_cmd::{train_command, TrainArgs};
use tune_cmd::{tune_command, TuneArgs};

/// mimalloc instead of the system allocator: html5ever and the tree make millions of
/// small allocations per hundred pages, and glibc's malloc/free were ~9% of a corpus
/// run; mimalloc makes the single-core run ~10% faster. Built without transparent huge
/// pages, which otherwise double its resident memory (docs/performance.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Take the main text out of web pages.
#[derive(Parser, Debug)]
#[command(
    name = "pith",
    version,
    infer_long_args = true,
    infer_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What `pith extract`'s exit code says (docs/record-format.md has the same list).
const EXTRACT_EXIT_CODES: &str = "Exit codes: 0 every input processed; 1 some input \
    failed (an error record or message names it; the others are still processed) or a \
    directory yielded nothing; 2 bad options or pipeline; 130 interrupted by Ctrl-C (the \
    records finished so far are written).";

#[derive(Subcommand, Debug)]
enum Command {
    /// Extract the main text of web pages: HTML, WARC and JSON Lines files, directories
    /// of them, or stdin; the `pith` preset unless --preset or --pipeline says otherwise
    /// (--preset justext: jusText).
    #[command(after_help = EXTRACT_EXIT_CODES)]
    Extract(Box<ExtractArgs>),
    /// List, show and check pipelines.
    #[command(subcommand)]
    Pipeline(PipelineCommand),
    /// Score pipelines side by side on a dataset with gold texts.
    Eval(Box<EvalArgs>),
    /// Search a pipeline's parameters on a dataset's train split.
    Tune(Box<TuneArgs>),
    /// Show why a pipeline keeps or drops each block of a page, as an HTML page.
    Explain(Box<ExplainArgs>),
    /// Fit the learned classifier (learn.trees, by default the `pith` preset's) on
    /// datasets with gold text, with cross-validated scores.
    Train(Box<TrainArgs>),
}

/// The preset of `pith extract` and `pith explain` without `--preset` or `--pipeline`,
/// the library's.
pub(crate) use pith::DEFAULT_PRESET;

/// A failure that stops the whole run (bad options or pipeline), exit code 2.
pub(crate) struct UsageError(pub(crate) String);

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let args: Vec<String> = std::env::args().skip(1).collect();
            if e.use_stderr() {
                let cmd = Cli::command();
                let message = (ambiguous::ambiguity(&cmd, &args))
                    .or_else(|| ambiguous::input_as_command(&cmd, &args));
                if let Some(msg) = message {
                    say::say!("pith: {msg}");
                    return ExitCode::from(2);
                }
            }
            e.exit()
        }
    };
    let result = match cli.command {
        Command::Extract(args) => extract(*args),
        Command::Pipeline(cmd) => pipeline_command(cmd),
        Command::Eval(args) => eval_command(*args),
        Command::Tune(args) => tune_command(*args),
        Command::Explain(args) => explain_command(*args),
        Command::Train(args) => train_command(*args),
    };
    match result {
        Ok(code) => code,
        Err(UsageError(msg)) => {
            say::say!("pith: {msg}");
            ExitCode::from(2)
        }
    }
}
