//! `pith train`: fit the `learn.trees` classifier on datasets with gold text (the work
//! is `pith_learn::train`; this module parses arguments and prints the scores).
//!
//! Its defaults are the recipe of the shipped `pith` preset (`TrainOptions::default`,
//! the `pith` preset as base): `pith train --dataset mine --out mine.json` fits the
//! preset's trees to someone's own gold the way the shipped ones were fitted, and a
//! test holds `scripts/pith-train-options.sh`, the command of record, to the same.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use pith::learn::gbdt::GbdtParams;
use pith::learn::labels::LabelRule;
use pith::learn::train::{
    default_repeats, oracle, pipeline_file_text, train_observed, DatasetScores, TrainOptions,
    TrainSet, TrainStep, Weighting, RECIPE_DECODE,
};
use pith::learn::{Decode, Prior};

use crate::eval_cmd::{progress_bar, read_dataset};
use crate::output_option::{print_output, refuse_second_stdout};
use crate::train_report::{fit_report, oracle_report};
use crate::UsageError;
use pith_eval::training::{check_train_sets, dataset_rows, train_set};

/// Appends a line to the command's output, a `String` (to which writing cannot fail):
/// the output goes to stdout whole at the end, where a reader that stopped (`| head`)
/// is no error ([`print_output`]).
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($out, $($arg)*);
    }};
}

/// Options of `pith train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// A dataset folder, or the name of one under $PITH_DATASETS (repeatable; the
    /// pages of all are pooled, scores are printed per dataset).
    #[arg(long = "dataset", required = true)]
    pub datasets: Vec<String>,
    /// The base pipeline: a preset or pipeline file, with optional overrides. Its
    /// features are the trees' inputs; a `learn.trees` pass in it is replaced. The
    /// `learn.veto` and `learn.whole_tables` passes that end it (`:no_comments=true`,
    /// `:no_tables=true`) stay after the trained pass, and the out-of-fold figures are
    /// scored after them. The default, `pith`, refits the shipped preset's trees.
    #[arg(long, value_name = "PIPELINE[:NAME=VALUE,...]", default_value = "pith")]
    pub base: String,
    /// Where to write the trained pipeline file (JSON).
    #[arg(long, value_name = "FILE", required_unless_present = "oracle")]
    pub out: Option<PathBuf>,
    /// Seed of the cross-validation folds.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Cross-validation folds (0: none).
    #[arg(long, default_value_t = 5)]
    pub folds: usize,
    /// Deals of the pages into folds that the threshold and decoding are chosen on
    /// (repeated cross-validation: deal R shuffles with seed --seed + R, and the choice
    /// is the best mean over the deals); the figures printed are the first deal's. Each
    /// deal costs --folds more fits. Default: 5 with folds (1 with --stack, which
    /// chooses on one deal), 1 without.
    #[arg(long, value_name = "N")]
    pub repeats: Option<usize>,
    /// Boosting rounds. The defaults of this and the options below are the shipped
    /// `pith` preset's (docs/evaluation.md says how each was chosen).
    #[arg(long, default_value_t = GbdtParams::default().rounds)]
    pub rounds: usize,
    /// Deepest tree level.
    #[arg(long, default_value_t = GbdtParams::default().max_depth)]
    pub max_depth: usize,
    /// Learning rate (shrinkage).
    #[arg(long, default_value_t = GbdtParams::default().learning_rate)]
    pub learning_rate: f64,
    /// Least hessian weight on each side of a split (larger: fewer, surer leaves).
    #[arg(long, default_value_t = GbdtParams::default().min_child_weight)]
    pub min_child_weight: f64,
    /// L2 regularisation of leaf values.
    #[arg(long, default_value_t = GbdtParams::default().lambda)]
    pub lambda: f64,
    /// Most bins each feature's values are cut into before the splits are searched
    /// (2 to 255, the missing value's bin included; more: finer thresholds).
    #[arg(long, default_value_t = GbdtParams::default().max_bins, value_parser = max_bins)]
    pub max_bins: usize,
    /// The share of rows each tree is fitted on, drawn per round from a hash of the
    /// seed (stochastic boosting; 1: every row).
    #[arg(long, default_value_t = 1.0, value_parser = share)]
    pub subsample: f64,
    /// The share of features each tree may split on, drawn per tree from a hash of the
    /// seed (1: every feature).
    #[arg(long, default_value_t = 1.0, value_parser = share)]
    pub colsample: f64,
    /// Boost from a prior: the margin starts at WEIGHT times the block's value of
    /// FEATURE (e.g. `readability.in_article:2`: Readability's decision), and the trees
    /// learn its corrections; the trained pass adds it to every margin.
    #[arg(long, value_name = "FEATURE:WEIGHT", value_parser = prior)]
    pub prior: Option<Prior>,
    /// Also choose, with the threshold and by the same out-of-fold token F1, the
    /// weight (0 or one of -0.5, 0.25, 0.5, 1, 1.5, 2) of a prior on FEATURE added to
    /// the margins at decoding time only (e.g. `readability.in_article`: lean towards
    /// Readability's article); written as the pass's `prior`.
    #[arg(long, value_name = "FEATURE", conflicts_with = "prior")]
    pub choose_prior: Option<String>,
    /// Stack a second ensemble on the first's margins, the block's and its
    /// neighbours' (context smoothing; needs --folds 2 or more).
    #[arg(long)]
    pub stack: bool,
    /// Choose the decision threshold on the trees' margin by the out-of-fold token F1
    /// averaged over the datasets: the default whenever there are folds (--folds 2 or
    /// more); --threshold T fixes it instead.
    #[arg(long)]
    pub choose_threshold: bool,
    /// A fixed decision threshold on the trees' margin (0: probability one half),
    /// instead of the one chosen out of fold; the decoding and a prior's weight are
    /// still chosen when asked for, e.g. to compare bases at the shipped preset's
    /// threshold.
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    pub threshold: Option<f64>,
    /// Also choose, with the threshold, how margins become a selection — the
    /// threshold alone, a Viterbi decoding with a switching cost (content is mostly
    /// one stretch of blocks) or the expected-F1 decoding — by the same out-of-fold
    /// token F1.
    #[arg(long)]
    pub choose_decode: bool,
    /// How the trained pass turns margins into a selection: `threshold` (each block on
    /// its own) or `expected-f1` (per page, the blocks that maximise the expected token
    /// F1 under the trees' probabilities: a page-adaptive threshold, the shipped
    /// preset's). With --choose-decode, the first decoding tried.
    #[arg(long, value_enum, default_value = "expected-f1")]
    pub decode: DecodeArg,
    /// With --decode expected-f1: the probabilities' scale (temperature), σ(scale ·
    /// (margin − threshold)); below 1 softens the trees' margins.
    #[arg(long, default_value_t = recipe_decode_scale(), value_parser = positive)]
    pub decode_scale: f64,
    /// With --decode expected-f1: maximise the expected F-β instead of F1 (below 1
    /// favours precision, above 1 recall). The threshold is still chosen by token F1.
    #[arg(long, default_value_t = 1.0, value_parser = positive)]
    pub decode_beta: f64,
    /// Write each page's out-of-fold extraction (at the chosen threshold and
    /// decoding) to DIR/<dataset>/<page id>.txt, for error analysis.
    #[arg(long, value_name = "DIR")]
    pub oof_dir: Option<PathBuf>,
    /// Also write every figure printed (out-of-fold and nested tables per dataset,
    /// the chosen threshold and decoding, the pages left empty, the --report-rounds
    /// tables; with --oracle the ceilings) to FILE as JSON, for scripts.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Also print the out-of-fold scores of each fold's first N trees, for each N
    /// given below --rounds (the same fits cut short: what fewer rounds would give).
    #[arg(long, value_delimiter = ',', value_name = "N,N,...")]
    pub report_rounds: Vec<usize>,
    /// How blocks are labelled from the gold: `aligned` (most tokens matched by an
    /// in-order alignment of page and gold; the shipped `pith` preset's), `trigrams`
    /// (most token trigrams in the gold) or `tokens` (most tokens in the gold's words).
    #[arg(long, default_value = "aligned")]
    pub labels: LabelRule,
    /// How blocks are weighted: `share` (of the page's tokens, plus 0.01), `confidence`
    /// (that, times how far the block's label share is from one half) or `page` (the
    /// share plus 0.1 shared out among the page's blocks: pages weigh alike).
    #[arg(long, default_value = "share")]
    pub weights: Weighting,
    /// Every dataset weighs alike (rows weighted by the mean pages per dataset over
    /// their dataset's pages).
    #[arg(long)]
    pub balance_datasets: bool,
    /// Fit nothing: print the ceilings of the base pipeline's blocks per dataset —
    /// the extraction in which every block takes its derived label (`labels`), and
    /// the best choice of blocks a local search finds for each page's token F1
    /// (`best`).
    #[arg(long)]
    pub oracle: bool,
    /// No progress bar (shown on stderr when it is a terminal: the pages through the
    /// base pipeline, then the ensembles fitted).
    #[arg(short, long)]
    pub quiet: bool,
}

/// Refuses option values that would train nothing, or report what was not done:
/// before any page is read (a training takes minutes).
fn check_options(args: &TrainArgs) -> Result<(), UsageError> {
    let refuse = |why: &str| Err(UsageError(why.to_owned()));
    if args.rounds == 0 {
        return refuse("--rounds must be at least 1 (0 fits no tree)");
    }
    if args.folds == 1 {
        return refuse("--folds 1 holds no page out: use 0 (no cross-validation) or 2 or more");
    }
    if args.repeats == Some(0) {
        return refuse("--repeats must be at least 1 (one deal of the pages into folds)");
    }
    if args.stack && args.repeats.is_some_and(|r| r > 1) {
        return refuse("--repeats and --stack do not go together (stacking chooses on one deal)");
    }
    let cross_validated = [
        (args.choose_threshold, "--choose-threshold"),
        (args.choose_decode, "--choose-decode"),
        (args.choose_prior.is_some(), "--choose-prior"),
        (args.stack, "--stack"),
        (!args.report_rounds.is_empty(), "--report-rounds"),
        (args.repeats.is_some_and(|r| r > 1), "--repeats"),
    ];
    if args.folds == 0 && !args.oracle {
        if let Some((_, name)) = cross_validated.iter().find(|(on, _)| *on) {
            return refuse(&format!(
                "{name} needs out-of-fold figures: --folds 2 or more"
            ));
        }
    }
    if let Some(&k) = args
        .report_rounds
        .iter()
        .find(|&&k| k == 0 || k >= args.rounds)
    {
        return refuse(&format!(
            "--report-rounds {k}: each N must be between 1 and --rounds {} (exclusive)",
            args.rounds
        ));
    }
    for (option, path) in [("--out", &args.out), ("--report", &args.report)] {
        if let Some(path) = path {
            refuse_second_stdout(option, path, "the figures", "give a file name")?;
        }
    }
    if let Some(out) = &args.out {
        let dir = out.parent().filter(|d| !d.as_os_str().is_empty());
        if dir.is_some_and(|d| !d.is_dir()) {
            return refuse(&format!(
                "{}: --out's folder does not exist (found now, not after the training)",
                out.display()
            ));
        }
    }
    Ok(())
}

/// Runs `pith train`.
pub fn train_command(args: TrainArgs) -> Result<ExitCode, UsageError> {
    if (args.decode_scale != recipe_decode_scale() || args.decode_beta != 1.0)
        && !matches!(args.decode, DecodeArg::ExpectedF1)
    {
        return Err(UsageError(
            "--decode-scale and --decode-beta apply to --decode expected-f1 only".into(),
        ));
    }
    check_options(&args)?;
    let (base_name, base) = pith_eval::run::parse_pipeline_arg(&args.base).map_err(UsageError)?;
    let sets = args
        .datasets
        .iter()
        .map(|d| read_dataset(d).map(train_set))
        .collect::<Result<Vec<_>, UsageError>>()?;
    check_train_sets(&sets, args.folds).map_err(UsageError)?;
    let opts = train_options(&args);
    let mut out = String::new();
    if args.oracle {
        let scores =
            oracle(&sets, &base, &opts).map_err(|e| UsageError(format!("{base_name}: {e}")))?;
        let (labels, best): (Vec<_>, Vec<_>) =
            scores.into_iter().map(|s| (s.labels, s.best)).unzip();
        outln!(
            out,
            "ceiling of {base_name}'s blocks, every block its derived label:"
        );
        print_scores(&mut out, &labels, &sets);
        outln!(out, "ceiling of {base_name}'s blocks, the best choice a local search finds for each page's token F1:");
        print_scores(&mut out, &best, &sets);
        if let Some(file) = &args.report {
            write_report(file, &oracle_report(&labels, &best, &sets))?;
        }
        print_output(out.as_bytes(), "the figures")?;
        return Ok(ExitCode::SUCCESS);
    }
    let pages = sets.iter().map(|s| s.pages.len() as u64).sum();
    let bar = progress_bar(pages, args.quiet, "pages through the base pipeline");
    let observe = |step: TrainStep| {
        let Some(bar) = &bar else { return };
        match step {
            TrainStep::Pages { done, total } => {
                bar.set_length(total as u64);
                bar.set_position(done as u64);
            }
            TrainStep::Folds { done, total } => {
                bar.set_message("cross-validation ensembles fitted");
                bar.set_length(total as u64);
                bar.set_position(done as u64);
            }
            TrainStep::Final => bar.set_message("fitting the final ensemble on every page"),
        }
    };
    let trained = train_observed(&sets, &base, &opts, &observe);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let trained = trained.map_err(|e| UsageError(format!("{base_name}: {e}")))?;
    let text = pipeline_file_text(&trained.pipeline);
    let file = args.out.unwrap_or_default();
    std::fs::write(&file, text).map_err(|e| UsageError(format!("{}: {e}", file.display())))?;
    outln!(
        out,
        "trained on {} blocks, {} features; wrote {}",
        trained.rows,
        trained.features.len(),
        file.display()
    );
    if !trained.scores.is_empty() {
        outln!(
            out,
            "out-of-fold ({} folds, seed {}, margin threshold {}{}, decode {}, decoding prior weight {}):",
            args.folds,
            args.seed,
            trained.threshold,
            match opts.repeats {
                1 => String::new(),
                n => format!(
                    " chosen over {n} deals (seeds {} to {})",
                    args.seed,
                    args.seed.wrapping_add(n as u64 - 1)
                ),
            },
            decode_text(&trained.decode),
            trained.prior_weight
        );
        print_scores(&mut out, &trained.scores, &sets);
    }
    if !trained.nested_scores.is_empty() {
        let chosen: Vec<String> = trained
            .fold_thresholds
            .iter()
            .zip(&trained.fold_decodes)
            .zip(&trained.fold_prior_weights)
            .map(|((t, d), w)| format!("{t} {} prior {w}", decode_text(d)))
            .collect();
        outln!(
            out,
            "out-of-fold, each fold cut at the threshold and decoding chosen on the other folds ({}):",
            chosen.join("; ")
        );
        print_scores(&mut out, &trained.nested_scores, &sets);
    }
    if !trained.by_decode.is_empty() {
        outln!(
            out,
            "token F1 of each decoding tried, at its best threshold (out of fold):"
        );
        for t in &trained.by_decode {
            let f1: Vec<String> = t.token_f1.iter().map(|f| format!("{f:.3}")).collect();
            let mean = t.token_f1.iter().sum::<f64>() / t.token_f1.len().max(1) as f64;
            outln!(
                out,
                "  {:<32} prior {:>4} threshold {:>5}: {} (mean {mean:.4})",
                decode_text(&t.decode),
                t.prior_weight,
                t.threshold,
                f1.join(" / ")
            );
        }
    }
    if let Some(dir) = &args.oof_dir {
        write_oof(dir, &trained.scores, &sets)?;
        outln!(
            out,
            "wrote the out-of-fold extractions under {}",
            dir.display()
        );
    }
    if let Some(file) = &args.report {
        write_report(
            file,
            &fit_report(&trained, &sets, args.seed, args.folds, opts.repeats),
        )?;
        outln!(out, "wrote the report {}", file.display());
    }
    for (k, cut) in &trained.by_rounds {
        outln!(
            out,
            "the first {k} trees, out-of-fold (margin threshold {}):",
            cut.threshold
        );
        print_scores(&mut out, &cut.scores, &sets);
        if !cut.nested_scores.is_empty() {
            outln!(
            out,
                "the first {k} trees, each fold cut at the threshold chosen on the other folds ({:?}):",
                cut.fold_thresholds
            );
            print_scores(&mut out, &cut.nested_scores, &sets);
        }
    }
    print_output(out.as_bytes(), "the figures")?;
    Ok(ExitCode::SUCCESS)
}

/// The training options the arguments give.
fn train_options(args: &TrainArgs) -> TrainOptions {
    TrainOptions {
        folds: args.folds,
        seed: args.seed,
        repeats: (args.repeats).unwrap_or_else(|| default_repeats(args.folds, args.stack)),
        gbdt: GbdtParams {
            rounds: args.rounds,
            max_depth: args.max_depth,
            learning_rate: args.learning_rate,
            min_child_weight: args.min_child_weight,
            lambda: args.lambda,
            max_bins: args.max_bins,
            subsample: args.subsample,
            colsample: args.colsample,
            seed: args.seed,
        },
        stack: args.stack,
        // The default with folds; asked for without them, `check_options` refused it.
        choose_threshold: args.folds >= 2,
        threshold: args.threshold,
        choose_decode: args.choose_decode,
        decode: match args.decode {
            DecodeArg::Threshold => Decode::Threshold,
            DecodeArg::ExpectedF1 => Decode::ExpectedF1 {
                scale: args.decode_scale,
                beta: args.decode_beta,
            },
        },
        prior: args.prior.clone(),
        choose_prior: args.choose_prior.clone(),
        report_rounds: args.report_rounds.clone(),
        labels: args.labels,
        weights: args.weights,
        balance_datasets: args.balance_datasets,
    }
}

/// The shipped preset's decoding scale, `--decode-scale`'s default.
fn recipe_decode_scale() -> f64 {
    match RECIPE_DECODE {
        Decode::ExpectedF1 { scale, .. } => scale,
        _ => 1.0,
    }
}

/// Parses `FEATURE:WEIGHT`.
fn prior(s: &str) -> Result<Prior, String> {
    let (feature, weight) = s
        .rsplit_once(':')
        .ok_or_else(|| format!("{s:?}: expected FEATURE:WEIGHT"))?;
    let weight: f64 = weight
        .parse()
        .map_err(|_| format!("{s:?}: the weight is not a number"))?;
    if !weight.is_finite() {
        return Err(format!("{s:?}: the weight must be finite"));
    }
    Ok(Prior {
        feature: feature.to_owned(),
        weight,
    })
}

/// Parses a finite number above 0.
fn positive(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("{s:?} is not a finite number above 0")),
    }
}

/// Parses a share in (0, 1].
fn share(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 1.0 => Ok(v),
        _ => Err(format!("{s:?} is not a share in (0, 1]")),
    }
}

/// A bin count the trainer uses as given (it clamps others into 2..=255).
fn max_bins(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(v) if (2..=255).contains(&v) => Ok(v),
        _ => Err(format!("{s:?} is not a bin count from 2 to 255")),
    }
}

/// The decodings `--decode` names.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum DecodeArg {
    /// Each block on its own, against the threshold.
    Threshold,
    /// The page's expected token F1 maximised ([`Decode::ExpectedF1`]).
    ExpectedF1,
}

/// A decoding as one short phrase.
fn decode_text(decode: &Decode) -> String {
    match decode {
        Decode::Threshold => "threshold".into(),
        Decode::Viterbi {
            switch_cost,
            token_weight,
        } => format!(
            "viterbi switch_cost {switch_cost}{}",
            if *token_weight { " token_weight" } else { "" }
        ),
        Decode::ExpectedF1 { scale, beta } if *beta == 1.0 => {
            format!("expected_f1 scale {scale}")
        }
        Decode::ExpectedF1 { scale, beta } => format!("expected_f1 scale {scale} beta {beta}"),
    }
}

/// Writes each page's out-of-fold extraction to `dir/<dataset>/<page id>.txt`.
fn write_oof(
    dir: &std::path::Path,
    scores: &[DatasetScores],
    sets: &[TrainSet],
) -> Result<(), UsageError> {
    for (s, set) in scores.iter().zip(sets) {
        let sub = dir.join(&s.name);
        std::fs::create_dir_all(&sub).map_err(|e| UsageError(format!("{}: {e}", sub.display())))?;
        for (text, page) in s.texts.iter().zip(&set.pages) {
            let file = sub.join(format!("{}.txt", page.id));
            std::fs::write(&file, text)
                .map_err(|e| UsageError(format!("{}: {e}", file.display())))?;
        }
    }
    Ok(())
}

/// Writes a JSON report (pretty-printed, with a final newline).
fn write_report(file: &std::path::Path, report: &serde_json::Value) -> Result<(), UsageError> {
    let mut text = serde_json::to_string_pretty(report).unwrap_or_default();
    text.push('\n');
    std::fs::write(file, text).map_err(|e| UsageError(format!("{}: {e}", file.display())))
}

/// Writes to `out` one table row per dataset of out-of-fold scores (with `pith eval`'s shingle
/// F1 of the out-of-fold extractions), then the ids of the pages left empty.
fn print_scores(out: &mut String, scores: &[DatasetScores], sets: &[TrainSet]) {
    outln!(
        out,
        "{:<20} {:>6} {:>8}  {:>6} {:>6} {:>6}  {:>6} {:>6} {:>6}  {:>6}  {:>5}",
        "dataset",
        "pages",
        "blocks",
        "blk P",
        "blk R",
        "blk F1",
        "tok P",
        "tok R",
        "tok F1",
        "shg F1",
        "empty"
    );
    let mut empty = Vec::new();
    for row in dataset_rows(scores, sets) {
        outln!(
            out,
            "{:<20} {:>6} {:>8}  {:>6.3} {:>6.3} {:>6.3}  {:>6.3} {:>6.3} {:>6.3}  {:>6.3}  {:>5}",
            row.dataset,
            row.pages,
            row.blocks,
            row.block.precision,
            row.block.recall,
            row.block.f1,
            row.token.precision,
            row.token.recall,
            row.token.f1,
            row.shingle_f1,
            row.empty
        );
        empty.extend(
            row.empty_pages
                .iter()
                .map(|id| format!("{}/{id}", row.dataset)),
        );
    }
    if !empty.is_empty() {
        outln!(out, "empty out of fold: {}", empty.join(" "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use pith::learn::train::{untrained_description, RECIPE_REPEATS};

    /// `pith train`'s arguments alone, for parsing them in tests.
    #[derive(Parser)]
    struct Train {
        #[command(flatten)]
        args: TrainArgs,
    }

    fn parse(words: &[&str]) -> TrainArgs {
        let argv = std::iter::once("train").chain(words.iter().copied());
        Train::try_parse_from(argv).unwrap().args
    }

    /// The words of a bash array assignment `NAME=(…)` in `script`.
    fn bash_array(script: &str, name: &str) -> Vec<String> {
        let open = format!("{name}=(");
        let start = script.find(&open).expect("the array") + open.len();
        let end = start + script[start..].find(')').expect("its end");
        script[start..end]
            .lines()
            .map(|line| line.split('#').next().unwrap_or(""))
            .flat_map(str::split_whitespace)
            .map(str::to_owned)
            .collect()
    }

    /// The shipped recipe is `pith train`'s default: `scripts/pith-train-options.sh`
    /// (the command of record that rebuilds the preset) gives the options the bare
    /// command gives, which are the library's defaults, and its base pipeline is the
    /// `pith` preset without its trees.
    #[test]
    fn the_shipped_recipe_is_the_default() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        let script = std::fs::read_to_string(format!("{root}/scripts/pith-train-options.sh"))
            .expect("scripts/pith-train-options.sh");
        let options = bash_array(&script, "PITH_TRAIN_OPTIONS");
        let mut words: Vec<&str> = options.iter().map(String::as_str).collect();
        words.extend(["--out", "t.json"]);
        let recipe = parse(&words);
        let bare = parse(&["--dataset", "scrapinghub", "--out", "t.json"]);
        let debug = |o: TrainOptions| format!("{o:?}");
        assert_eq!(debug(train_options(&recipe)), debug(train_options(&bare)));
        assert_eq!(debug(train_options(&bare)), debug(TrainOptions::default()));
        // The base: the file the script names is the `pith` preset without its trees.
        let base_line = script
            .lines()
            .find_map(|l| l.strip_prefix("PITH_TRAIN_BASE="))
            .expect("PITH_TRAIN_BASE");
        assert_eq!(bare.base, "pith");
        let canonical = |value: serde_json::Value| {
            let spec: pith::PipelineSpec = serde_json::from_value(value).unwrap();
            let mut value = serde_json::to_value(&spec).unwrap();
            let passes = value["passes"].as_array_mut().unwrap();
            passes.retain(|p| p["type"] != "learn.trees");
            let own = untrained_description(value["description"].as_str().unwrap()).to_owned();
            value["description"] = own.into();
            value
        };
        let file = pith_eval::run::load_base(&format!("{root}/{base_line}")).unwrap();
        let preset = pith_eval::run::load_base("pith").unwrap();
        assert_eq!(canonical(file), canonical(preset));
    }

    /// Five deals choose the threshold unless there is nothing to choose on several
    /// (no folds) or the choice is stacking's; asked for there, they are refused.
    #[test]
    fn the_deals_default_to_the_recipes_where_they_choose() {
        let deals = |words: &[&str]| {
            let mut all = vec!["--dataset", "d", "--out", "t.json"];
            all.extend(words);
            let args = parse(&all);
            (check_options(&args).map_err(|e| e.0)).map(|()| train_options(&args).repeats)
        };
        assert_eq!(deals(&[]).unwrap(), RECIPE_REPEATS);
        assert_eq!(deals(&["--repeats", "2"]).unwrap(), 2);
        assert_eq!(deals(&["--folds", "0"]).unwrap(), 1);
        assert_eq!(deals(&["--stack"]).unwrap(), 1);
        let refused = |words: &[&str], why: &str| {
            let err = deals(words).unwrap_err();
            assert!(err.contains(why), "{err}");
        };
        refused(&["--repeats", "0"], "at least 1");
        refused(
            &["--folds", "0", "--repeats", "3"],
            "--repeats needs out-of-fold",
        );
        refused(&["--stack", "--repeats", "3"], "do not go together");
    }

    /// With no folds nothing is chosen; asked for, the choice is refused by name.
    #[test]
    fn without_folds_the_threshold_is_not_chosen() {
        let args = parse(&["--dataset", "d", "--out", "t.json", "--folds", "0"]);
        assert!(!train_options(&args).choose_threshold);
        assert!(check_options(&args).is_ok());
        let asked = parse(&[
            "--dataset",
            "d",
            "--out",
            "t.json",
            "--folds",
            "0",
            "--choose-threshold",
        ]);
        let err = check_options(&asked).unwrap_err().0;
        assert!(
            err.contains("--choose-threshold needs out-of-fold figures"),
            "{err}"
        );
    }
}
