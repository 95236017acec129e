//! `pith tune`: search a pipeline's parameters on a dataset's train split.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use pith::Pipeline;
use pith_eval::tune::{tune, ParamRange, TuneOptions};

use crate::eval_cmd::{progress_bar, read_dataset};
use crate::output_option::{print_output, refuse_second_stdout};
use crate::UsageError;

/// Options of `pith tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// A dataset folder, or the name of one under $PITH_DATASETS.
    #[arg(long)]
    pub dataset: String,
    /// The pipeline to tune: a preset or pipeline file, with optional overrides
    /// ('justext:no_headings=true').
    #[arg(long, value_name = "PIPELINE[:NAME=VALUE,...]")]
    pub base: String,
    /// A parameter and its range, NAME=LOW..HIGH (integer when both bounds are).
    #[arg(long = "param", required = true, value_name = "NAME=LOW..HIGH")]
    pub params: Vec<String>,
    /// Pipeline evaluations on the train split (half random search, half refinement).
    #[arg(long, default_value_t = 40)]
    pub budget: usize,
    /// Seed of the split and the search.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Fraction of the pages used for training; the rest is held out.
    #[arg(long, default_value_t = 0.7)]
    pub split: f64,
    /// Where to write the tuned pipeline file (JSON; loadable with --pipeline).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Also write the whole search (trials, splits, scores) as JSON.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// No progress bar.
    #[arg(short, long)]
    pub quiet: bool,
}

/// Runs `pith tune`.
pub fn tune_command(args: TuneArgs) -> Result<ExitCode, UsageError> {
    for (option, path) in [("--out", Some(&args.out)), ("--log", args.log.as_ref())] {
        if let Some(path) = path {
            refuse_second_stdout(option, path, "the summary", "give a file name")?;
        }
    }
    let (base_name, base) = pith_eval::run::parse_pipeline_arg(&args.base).map_err(UsageError)?;
    Pipeline::from_value(base.clone()).map_err(|e| UsageError(format!("{base_name}: {e}")))?;
    let params = args
        .params
        .iter()
        .map(|p| ParamRange::parse(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(UsageError)?;
    if !(0.0..1.0).contains(&args.split) || args.split == 0.0 {
        return Err(UsageError("--split must be in (0, 1)".into()));
    }
    let dataset = read_dataset(&args.dataset)?;
    let bar = progress_bar(args.budget as u64, args.quiet, "trials");
    let mut on_trial = |_n: usize, f1: f64| {
        if let Some(b) = &bar {
            b.inc(1);
            b.set_message(format!("last F1 {f1:.3}"));
        }
    };
    let options = TuneOptions {
        budget: args.budget,
        seed: args.seed,
        split: args.split,
    };
    let result =
        tune(&base, &params, &dataset.pages, options, &mut on_trial).map_err(UsageError)?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let settings: Vec<String> = params
        .iter()
        .zip(&result.best)
        .map(|(p, v)| {
            if p.integer {
                format!("{}={}", p.name, *v as i64)
            } else {
                format!("{}={v}", p.name)
            }
        })
        .collect();
    let mut tuned = result.tuned.clone();
    if let Some(map) = tuned.as_object_mut() {
        let name = map
            .get("name")
            .and_then(|n| n.as_str())
            .unwrap_or("pipeline")
            .to_owned();
        map.insert("name".into(), format!("{name}-tuned").into());
        map.insert(
            "description".into(),
            format!(
                "{base_name} tuned by pith tune on {} (seed {}, budget {}, split {}): {}",
                dataset.name,
                args.seed,
                args.budget,
                args.split,
                settings.join(", ")
            )
            .into(),
        );
    }
    let pipeline = Pipeline::from_value(tuned).map_err(|e| UsageError(e.to_string()))?;
    std::fs::write(&args.out, pipeline.to_json() + "\n")
        .map_err(|e| UsageError(format!("{}: {e}", args.out.display())))?;
    if let Some(path) = &args.log {
        let json = serde_json::to_string_pretty(&result).expect("serialisable") + "\n";
        std::fs::write(path, json).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "dataset {}: {} train pages, {} held-out pages (split {}, seed {}); {} evaluations",
        dataset.name,
        result.train.len(),
        result.test.len(),
        args.split,
        args.seed,
        result.trials.len()
    );
    if !dataset.missing_gold.is_empty() {
        let _ = writeln!(
            out,
            "{} pages without gold, not used: {}",
            dataset.missing_gold.len(),
            dataset.missing_gold.join(", ")
        );
    }
    let _ = writeln!(out, "tuned: {}", settings.join(" "));
    let _ = writeln!(
        out,
        "{:<10} {:>9} {:>12} {:>12} {:>12}",
        "", "train F1", "held-out P", "held-out R", "held-out F1"
    );
    for (label, tr, te) in [
        ("default", result.default_train, result.default_test),
        ("tuned", result.tuned_train, result.tuned_test),
    ] {
        let _ = writeln!(
            out,
            "{label:<10} {:>9.3} {:>12.3} {:>12.3} {:>12.3}",
            tr.f1, te.precision, te.recall, te.f1
        );
    }
    let _ = writeln!(
        out,
        "held-out gain: {:+.3} F1; wrote {}",
        result.tuned_test.f1 - result.default_test.f1,
        args.out.display()
    );
    print_output(out.as_bytes(), "the figures")?;
    Ok(ExitCode::SUCCESS)
}
