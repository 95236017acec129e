//! Training `learn.trees` on pages with gold text, with k-fold cross-validation.
//!
//! 1. The base pipeline (any pipeline; a `learn.trees` pass in it is dropped) runs on
//!    every page; each block becomes a row of all its feature columns, labelled by
//!    the chosen [`LabelRule`] (default: most tokens
//!    matched by an in-order alignment of page and gold) and weighted by its share
//!    of the page's tokens ([`Weighting`]).
//! 2. Each dataset's pages are shuffled with the seed and dealt into `folds` folds.
//!    For fold `k`, an ensemble is fitted on the rows of every page outside fold `k`
//!    (all datasets pooled) and labels the blocks of the pages in it: out-of-fold
//!    predictions, scored per dataset — block precision/recall/F1 against the derived
//!    labels, and the page-level bag-of-words token F1 that `pith eval` reports
//!    (macro average over pages, lower-cased `\w+` tokens), with the number of
//!    empty outputs.
//! 3. The final ensemble is fitted on every row and appended to the base pipeline as
//!    its last pass: the trained pipeline, one JSON value.
//!
//! Same pages, base, options and seed: the same file, byte for byte, on one core or
//! many (the pages run through the base in parallel and their rows are appended in page
//! order; the folds' ensembles are fitted in parallel, each on its own).
//!
//! [`oracle`] fits nothing: it scores the extraction in which every block takes its
//! derived label, and the best choice of blocks a local search finds — the ceilings
//! a classifier of these blocks can reach, to compare segmenters and label rules.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use pith_core::Pipeline;
use rayon::prelude::*;
use serde_json::{json, Value};

use crate::decode::{select, Decode};
use crate::gbdt::{fit, fit_from, GbdtParams, Rows};
use crate::labels::{block_shares, block_weight, token_count, tokens, LabelRule};
use crate::trees::{best_margin, Margin, Prior, Tree, Trees, MARGIN};
use crate::veto::Veto;
use crate::whole_tables::WholeTables;

/// A page with its gold text.
#[derive(Clone, Debug)]
pub struct TrainPage {
    /// The page id.
    pub id: String,
    /// The page bytes.
    pub html: Vec<u8>,
    /// The gold text.
    pub gold: String,
}

/// A named set of pages (one dataset folder).
#[derive(Clone, Debug)]
pub struct TrainSet {
    /// The name scores are reported under.
    pub name: String,
    /// The pages.
    pub pages: Vec<TrainPage>,
}

/// Training options.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// Number of cross-validation folds (at least 2; 0 or 1 skips cross-validation).
    pub folds: usize,
    /// Seed of the fold assignment.
    pub seed: u64,
    /// How many deals of the pages into folds the threshold and decoding are chosen
    /// on (repeated cross-validation): deal `r` shuffles with seed `seed + r`, each
    /// deal's folds are fitted, and the choice is the best mean token F1 over the
    /// deals. The scores reported are the first deal's (seed `seed`), so they are those
    /// of one deal whatever this is. Each deal costs `folds` more fits; more deals make
    /// the choice depend less on how one deal happened to split the pages
    /// (docs/evaluation.md, "The threshold over five deals"). The default, as shipped:
    /// [`RECIPE_REPEATS`]. More than 1 needs `choose_threshold` (so `folds ≥ 2`) and
    /// not `stack` (which chooses on its second ensemble's margins, of one deal).
    pub repeats: usize,
    /// The boosting parameters.
    pub gbdt: GbdtParams,
    /// Stacking: a first ensemble's margins, the block's and its neighbours'
    /// ([`STACK_OFFSETS`]), become columns of a second ensemble (context smoothing).
    /// The second is fitted on out-of-fold margins of the first; needs `folds ≥ 2`.
    pub stack: bool,
    /// Choose the margin threshold among [`THRESHOLDS`] (and 0) by the out-of-fold
    /// token F1 averaged over the datasets (each dataset weighs alike); the default.
    /// Needs `folds ≥ 2`: without it, or with fewer folds, the threshold is 0
    /// (probability one half) or the fixed `threshold`.
    pub choose_threshold: bool,
    /// A fixed margin threshold instead of 0: with `choose_threshold` the only one
    /// tried (the decoding and the prior's weight are still chosen), so the written
    /// pass and every fold are cut there.
    pub threshold: Option<f64>,
    /// With `choose_threshold`: also choose the decoding (the threshold alone, a
    /// Viterbi decoding with a switching cost or the expected-F1 decoding, [`Decode`])
    /// with the threshold, by the same out-of-fold token F1.
    pub choose_decode: bool,
    /// The decoding of the trained pass (and of the out-of-fold scores): without
    /// `choose_decode` the one used, with it the first of those tried.
    pub decode: Decode,
    /// Boost from a prior ([`Prior`]: a weight times a feature column, such as
    /// Readability's `readability.in_article`): the trees are fitted as corrections of
    /// it, and the trained pass adds it to every margin. Not with `stack`.
    pub prior: Option<Prior>,
    /// With `choose_threshold`: also choose, among 0 and [`PRIOR_WEIGHTS`], the weight
    /// of a prior on this feature added to the margins at decoding time only (the trees
    /// fitted without it): the trained pass's `prior`. Not with `prior`.
    pub choose_prior: Option<String>,
    /// Also score the first this many trees of each fold's ensemble (values below
    /// `gbdt.rounds`; the same fits cut short), for [`Trained::by_rounds`].
    pub report_rounds: Vec<usize>,
    /// How blocks are labelled from the gold ([`LabelRule`]).
    pub labels: LabelRule,
    /// How blocks are weighted ([`Weighting`]).
    pub weights: Weighting,
    /// Every dataset weighs alike: each row's weight is multiplied by the mean number
    /// of pages per dataset over its dataset's (a dataset of 80 pages counts as much as
    /// one of 966, as the mean token F1 over datasets counts them).
    pub balance_datasets: bool,
}

/// How a training row is weighted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Weighting {
    /// The block's share of the page's tokens plus a small floor
    /// ([`block_weight`]).
    #[default]
    Share,
    /// That, times the label's confidence `0.1 + 0.9·|2s − 1|` where `s` is the
    /// block's share by the label rule: a block half in the gold counts little.
    Confidence,
    /// The block's share of the page's tokens plus [`PAGE_FLOOR`] shared out among
    /// the page's blocks: a page weighs `1 + PAGE_FLOOR` however many blocks it has
    /// (with `Share`, a page of 400 blocks weighs 5, four fifths of it the floor of
    /// its small blocks).
    Page,
}

/// The part of a page's weight shared out among its blocks alike with
/// [`Weighting::Page`].
pub const PAGE_FLOOR: f64 = 0.1;

impl std::str::FromStr for Weighting {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "share" => Ok(Weighting::Share),
            "confidence" => Ok(Weighting::Confidence),
            "page" => Ok(Weighting::Page),
            _ => Err(format!(
                "unknown weighting {s:?} (share, confidence or page)"
            )),
        }
    }
}

/// The options that fitted the shipped `pith` preset (`scripts/pith-train-options.sh`
/// gives the same, for the five development folders): five folds, [`GbdtParams`]'
/// defaults, `aligned` labels, the margin threshold chosen out of fold over five deals
/// ([`RECIPE_REPEATS`]), and each page decoded by its expected token F1 under
/// probabilities softened by 0.7 ([`RECIPE_DECODE`]). With `folds` below 2 nothing is
/// chosen: the threshold is 0, or `threshold` (and `repeats` must be 1).
impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            folds: 5,
            seed: 1,
            repeats: RECIPE_REPEATS,
            gbdt: GbdtParams::default(),
            stack: false,
            choose_threshold: true,
            threshold: None,
            choose_decode: false,
            decode: RECIPE_DECODE,
            prior: None,
            choose_prior: None,
            report_rounds: Vec::new(),
            labels: LabelRule::Aligned,
            weights: Weighting::Share,
            balance_datasets: false,
        }
    }
}

/// The deals of the pages into folds that chose the shipped `pith` preset's threshold,
/// and [`TrainOptions::default`]'s: five (docs/evaluation.md, "The threshold over five
/// deals": on one deal the choice between neighbouring thresholds is a coin toss).
pub const RECIPE_REPEATS: usize = 5;

/// The deals to choose on when none are asked for: [`RECIPE_REPEATS`] where the
/// threshold is chosen on several (`folds ≥ 2`, no stacking), else one. What `pith
/// train` and Python's `pith.train` use without `--repeats` / `repeats=`.
pub fn default_repeats(folds: usize, stack: bool) -> usize {
    if folds >= 2 && !stack {
        RECIPE_REPEATS
    } else {
        1
    }
}

/// The decoding of the shipped `pith` preset, and of [`TrainOptions::default`]: the
/// expected-F1 decoding at scale 0.7 (docs/evaluation.md, "Expected-F1 decoding": the
/// out-of-fold margins of deep trees are over-sure, and softened they pick each page's
/// cut better than one threshold for all).
pub const RECIPE_DECODE: Decode = Decode::ExpectedF1 {
    scale: 0.7,
    beta: 1.0,
};

/// What a training appends to its base's description, before the pages it was fitted
/// on: a trained file says what its trees learnt from (`pith pipeline show`, or
/// reading the file), not what its base's trees did.
pub const TRAINED_ON: &str = "; its trees fitted by pith train on ";

/// `description` without what a training appended to it ([`TRAINED_ON`] and what
/// follows): the base's own words, so that retraining a trained file describes it once.
pub fn untrained_description(description: &str) -> &str {
    description.split(TRAINED_ON).next().unwrap_or(description)
}

/// The names of the datasets a trained file's trees were fitted on, as its description
/// lists them ([`TRAINED_ON`]); `None` for a description without that list (a pipeline
/// `pith train` did not write, or a file from before it wrote one).
///
/// ```
/// use pith_learn::train::trained_datasets;
/// let d = "pith's own extractor; its trees fitted by pith train on scrapinghub (181 pages), my gold (12 pages), seed 1";
/// assert_eq!(trained_datasets(d), Some(vec!["scrapinghub", "my gold"]));
/// assert_eq!(trained_datasets("jusText 3.0.2"), None);
/// ```
pub fn trained_datasets(description: &str) -> Option<Vec<&str>> {
    let (_, list) = description.split_once(TRAINED_ON)?;
    let (list, _seed) = list.rsplit_once(", seed ")?;
    let names = list
        .split(" pages), ")
        .map(|item| item.trim_end_matches(" pages)"))
        .map(|item| item.rsplit_once(" (").map_or(item, |(name, _count)| name))
        .collect();
    Some(names)
}

/// The trained file's description: the base's, then the datasets and their pages, and
/// the seed of the folds (which chose the threshold), with the number of deals when
/// more than one chose it.
fn trained_description(base: &str, sets: &[TrainSet], seed: u64, repeats: usize) -> String {
    let on: Vec<String> = sets
        .iter()
        .map(|s| format!("{} ({} pages)", s.name, s.pages.len()))
        .collect();
    let base = match untrained_description(base) {
        "" => "boosted trees (learn.trees)",
        own => own,
    };
    let deals = match repeats {
        0 | 1 => String::new(),
        n => format!(", {n} deals"),
    };
    format!("{base}{TRAINED_ON}{}, seed {seed}{deals}", on.join(", "))
}

/// The margin thresholds `choose_threshold` tries.
pub const THRESHOLDS: [f64; 12] = [
    -2.0, -1.5, -1.25, -1.0, -0.75, -0.5, -0.25, 0.25, 0.5, 0.75, 1.0, 1.5,
];

/// The neighbours whose first-ensemble margins a stacked second ensemble reads
/// (besides the block's own).
pub const STACK_OFFSETS: [i64; 4] = [-2, -1, 1, 2];

/// Precision, recall and F1.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Prf {
    /// Precision.
    pub precision: f64,
    /// Recall.
    pub recall: f64,
    /// F1.
    pub f1: f64,
}

/// Out-of-fold scores of one dataset.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DatasetScores {
    /// The dataset's name.
    pub name: String,
    /// Pages scored.
    pub pages: usize,
    /// Blocks scored.
    pub blocks: usize,
    /// Block-level scores against the derived labels (micro over blocks).
    pub block: Prf,
    /// Page-level token scores as `pith eval` computes them (macro over pages).
    pub token: Prf,
    /// Pages whose extraction is empty.
    pub empty: usize,
    /// Each page's out-of-fold extraction (the good blocks' texts joined by one
    /// space, as `pith eval` joins them), in the dataset's page order: for metrics
    /// computed elsewhere, such as `pith eval`'s shingle F1.
    pub texts: Vec<String>,
}

/// What [`train`] returns.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The trained pipeline (the base plus the fitted `learn.trees` pass).
    pub pipeline: Value,
    /// The decision threshold on the margin (0 unless chosen out of fold).
    pub threshold: f64,
    /// Out-of-fold scores per dataset at that threshold, of the first deal of the pages
    /// into folds (empty without cross-validation).
    pub scores: Vec<DatasetScores>,
    /// With `choose_threshold`: the out-of-fold scores when each fold's pages are cut
    /// at the threshold chosen on the other folds' pages only (nested, so no page's
    /// score helped choose its own threshold); empty otherwise.
    pub nested_scores: Vec<DatasetScores>,
    /// The threshold each fold's pages were cut at in `nested_scores`, by fold.
    pub fold_thresholds: Vec<f64>,
    /// The decoding chosen out of fold (the threshold alone unless `choose_decode`).
    pub decode: Decode,
    /// The decoding of each fold in `nested_scores`.
    pub fold_decodes: Vec<Decode>,
    /// The weight of the decoding prior chosen out of fold (`choose_prior`; else 0).
    pub prior_weight: f64,
    /// The decoding prior's weight of each fold in `nested_scores`.
    pub fold_prior_weights: Vec<f64>,
    /// With `choose_decode` or `choose_prior`: each decoding's best out-of-fold figures.
    pub by_decode: Vec<DecodeTry>,
    /// For each of `report_rounds` below the rounds trained: the out-of-fold scores of
    /// the ensembles' first that many trees (the same fits, cut short), each cut chosen
    /// on the first deal alone.
    pub by_rounds: Vec<(usize, Cut)>,
    /// The feature columns the trees read.
    pub features: Vec<String>,
    /// Rows (blocks) trained on.
    pub rows: usize,
}

/// One page after the base pipeline: its blocks' texts and first row.
struct PageRows {
    set: usize,
    first_row: usize,
    texts: Vec<String>,
    gold: String,
    /// The base's trailing passes ([`trailing_passes`]), each with what it reads of the
    /// page, in the order the pipeline runs them.
    trailing: Vec<PageTrailing>,
    /// Each block's characters, which the trailing passes weigh (empty without them):
    /// counted once, not at each of the many selections scored.
    chars: Vec<usize>,
}

/// A trailing pass of the base with what it reads of one page.
enum PageTrailing {
    /// A veto and its column's value for every block.
    Veto(Veto, Vec<f64>),
    /// A whole-tables pass and each block's data table.
    WholeTables(WholeTables, Vec<Option<usize>>),
}

impl PageRows {
    /// The blocks the trained pipeline keeps from the page's margins: [`select`],
    /// then the trained pass's fallback (with none selected, the block of greatest
    /// margin), then the base's trailing vetoes and whole-tables passes, in the order
    /// the pipeline runs them.
    fn select(
        &self,
        margins: &[f64],
        threshold: f64,
        decode: &Decode,
        tokens: impl Fn(usize) -> usize,
    ) -> Vec<bool> {
        let mut chosen = select(margins, threshold, decode, tokens);
        if !chosen.iter().any(|&c| c) {
            if let Some(i) = best_margin(margins) {
                chosen[i] = true;
            }
        }
        for pass in &self.trailing {
            match pass {
                PageTrailing::Veto(veto, column) => {
                    let vetoed = veto.vetoed(column, &self.chars, &chosen);
                    for (c, v) in chosen.iter_mut().zip(vetoed) {
                        *c &= !v;
                    }
                }
                PageTrailing::WholeTables(pass, tables) => {
                    chosen = pass.whole(tables, &self.chars, &chosen);
                }
            }
        }
        chosen
    }
}

/// A seeded xorshift64* generator (the fold shuffle).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// A pass that ends the base's passes.
#[derive(Clone)]
enum Trailing {
    /// A `learn.veto`.
    Veto(Veto),
    /// A `learn.whole_tables`.
    WholeTables(WholeTables),
}

/// The `learn.veto` and `learn.whole_tables` passes that end the base's passes (after
/// any `learn.trees` pass is taken out): they revise the labels of whatever runs
/// before them, so the trained pass goes before them and the out-of-fold selections
/// are scored after them — a base with `no_comments=true` trains a pipeline that drops
/// comment sections, scored as it runs.
fn trailing_passes(base: &Value) -> Result<Vec<Trailing>, String> {
    let Some(passes) = base.get("passes").and_then(Value::as_array) else {
        return Ok(Vec::new());
    };
    let kind = |p: &Value| p.get("type").and_then(Value::as_str).map(str::to_owned);
    let is_trailing = |p: &&Value| {
        matches!(
            kind(p).as_deref(),
            Some("learn.veto" | "learn.whole_tables")
        )
    };
    let n = passes.iter().rev().take_while(is_trailing).count();
    passes[passes.len() - n..]
        .iter()
        .map(|p| {
            let mut fields = p.clone();
            if let Some(obj) = fields.as_object_mut() {
                obj.remove("type");
            }
            match kind(p).as_deref() {
                Some("learn.veto") => serde_json::from_value(fields)
                    .map(Trailing::Veto)
                    .map_err(|e| format!("learn.veto: {e}")),
                _ => serde_json::from_value(fields)
                    .map(Trailing::WholeTables)
                    .map_err(|e| format!("learn.whole_tables: {e}")),
            }
        })
        .collect()
}

/// The index of column `key` among the base's `features`; an error naming `what` reads
/// it when the base does not compute it.
fn base_column(features: &[String], key: &str, what: &str) -> Result<usize, String> {
    features
        .iter()
        .position(|k| k == key)
        .ok_or_else(|| format!("{what} {key:?} is not a column of the base"))
}

/// The base pipeline without any `learn.trees` pass.
fn strip_trees(base: &Value) -> Value {
    let mut base = base.clone();
    if let Some(passes) = base.get_mut("passes").and_then(Value::as_array_mut) {
        passes.retain(|p| p.get("type").and_then(Value::as_str) != Some("learn.trees"));
    }
    if let Some(features) = base.get_mut("features").and_then(Value::as_array_mut) {
        features.retain(|f| {
            let ty = f.get("type").and_then(Value::as_str);
            let of = f.get("of").and_then(Value::as_str);
            ty != Some("learn.margin") && !(ty == Some("learn.neighbour") && of == Some(MARGIN))
        });
    }
    base
}

/// The key of the stacked column of the first ensemble's margin `offset` blocks away.
fn stacked_key(offset: i64) -> String {
    if offset == 0 {
        MARGIN.to_owned()
    } else {
        format!("{MARGIN}@{offset}")
    }
}

/// `rows` with the stacked columns appended: each row's margin and its page
/// neighbours' ([`STACK_OFFSETS`]; `NaN` past the page's ends).
fn stacked_rows(rows: &Rows, pages: &[PageRows], margins: &[f64]) -> Rows {
    let mut out = Rows::new(rows.n_features + 1 + STACK_OFFSETS.len());
    let mut values = Vec::with_capacity(out.n_features);
    for page in pages {
        let n = page.texts.len();
        for i in 0..n {
            let r = page.first_row + i;
            values.clear();
            values.extend_from_slice(rows.row(r));
            values.push(margins[r]);
            for off in STACK_OFFSETS {
                let j = i as i64 + off;
                let v = if (0..n as i64).contains(&j) {
                    margins[page.first_row + j as usize]
                } else {
                    f64::NAN
                };
                values.push(v);
            }
            out.push(&values, rows.labels[r], rows.weights[r]);
        }
    }
    out
}

/// The base pipeline run over every page: the feature columns, one row per block
/// (labelled and weighted by `opts`), and each page's blocks.
struct Prepared {
    features: Vec<String>,
    rows: Rows,
    pages: Vec<PageRows>,
}

/// Runs the base pipeline (without `learn.trees`) over every page; see [`Prepared`].
fn prepare(
    sets: &[TrainSet],
    base: &Value,
    opts: &TrainOptions,
    observe: &(dyn Fn(TrainStep) + Sync),
) -> Result<Prepared, String> {
    let pipeline = Pipeline::from_value(base.clone()).map_err(|e| e.to_string())?;
    // The columns, in the pipeline's computation order.
    let features: Vec<String> = pipeline
        .run_str("")
        .map_err(|e| e.to_string())?
        .features
        .keys()
        .iter()
        .map(|k| k.as_str().to_owned())
        .collect();
    // Each trailing pass with the column it reads (a veto's; none for whole tables).
    let trailing: Vec<(Trailing, Option<usize>)> = trailing_passes(base)?
        .into_iter()
        .map(|pass| {
            let column = match &pass {
                Trailing::Veto(veto) => Some(base_column(
                    &features,
                    &veto.feature,
                    "learn.veto's feature",
                )?),
                Trailing::WholeTables(_) => None,
            };
            Ok((pass, column))
        })
        .collect::<Result<_, String>>()?;
    // Whole tables read the tree.
    let needs_tree = (trailing.iter()).any(|(p, _)| matches!(p, Trailing::WholeTables(_)));
    let mut rows = Rows::new(features.len());
    let mut pages = Vec::new();
    let mean_pages =
        sets.iter().map(|s| s.pages.len()).sum::<usize>() as f64 / sets.len().max(1) as f64;
    let context = PageContext {
        pipeline: &pipeline,
        n_features: features.len(),
        trailing: &trailing,
        needs_tree,
        opts,
    };
    let (total, done) = (
        sets.iter().map(|s| s.pages.len()).sum(),
        AtomicUsize::new(0),
    );
    for (s, set) in sets.iter().enumerate() {
        let set_weight = if opts.balance_datasets {
            mean_pages / set.pages.len().max(1) as f64
        } else {
            1.0
        };
        // The pages on every core; their rows appended in page order, so the rows (and
        // the trees fitted on them) do not depend on which thread ran which page.
        let prepared: Vec<PreparedPage> = set
            .pages
            .par_iter()
            .map(|page| {
                let prepared = context.prepare_page(page, set_weight);
                let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                observe(TrainStep::Pages { done, total });
                prepared
            })
            .collect();
        for (page, out) in set.pages.iter().zip(prepared) {
            let first_row = rows.len();
            let n = features.len();
            for (b, (label, weight)) in out.labels.iter().zip(&out.weights).enumerate() {
                rows.push(&out.values[b * n..(b + 1) * n], *label, *weight);
            }
            debug_assert_eq!(rows.len(), first_row + out.labels.len());
            pages.push(PageRows {
                set: s,
                first_row,
                texts: out.texts,
                gold: page.gold.clone(),
                trailing: out.trailing,
                chars: out.chars,
            });
        }
    }
    Ok(Prepared {
        features,
        rows,
        pages,
    })
}

/// What every page's preparation shares: the base pipeline and what its trailing
/// passes read.
struct PageContext<'a> {
    pipeline: &'a Pipeline,
    n_features: usize,
    trailing: &'a [(Trailing, Option<usize>)],
    needs_tree: bool,
    opts: &'a TrainOptions,
}

/// One page's part of the training rows: its blocks' feature values (row-major), labels
/// and weights, and what scoring its selections needs (see [`PageRows`]).
#[derive(Default)]
struct PreparedPage {
    values: Vec<f64>,
    labels: Vec<bool>,
    weights: Vec<f64>,
    texts: Vec<String>,
    trailing: Vec<PageTrailing>,
    chars: Vec<usize>,
}

impl PageContext<'_> {
    /// Runs the base pipeline on `page` and labels and weighs its blocks. A page the
    /// base pipeline rejects contributes no rows (it scores as empty).
    fn prepare_page(&self, page: &TrainPage, set_weight: f64) -> PreparedPage {
        let opts = self.opts;
        let mut out = PreparedPage::default();
        let pipeline = self.pipeline;
        let ran = match self.needs_tree {
            true => (pipeline.run_bytes_and_tree(&page.html, &pipeline.spec().decode))
                .map(|(ex, doc)| (ex, Some(doc))),
            false => pipeline.run_bytes(&page.html).map(|ex| (ex, None)),
        };
        if let Ok((ex, doc)) = ran {
            let columns: Vec<&[f64]> = ex
                .features
                .keys()
                .iter()
                .map(|k| ex.features.column(k).unwrap_or(&[]))
                .collect();
            let block_texts: Vec<&str> = ex.blocks.iter().map(|b| b.text.as_str()).collect();
            let shares = block_shares(opts.labels, &block_texts, &page.gold);
            let counts: Vec<usize> = block_texts.iter().map(|t| token_count(t)).collect();
            let page_tokens: usize = counts.iter().sum();
            out.values.reserve(shares.len() * self.n_features);
            for (i, share) in shares.iter().enumerate() {
                out.values.extend(
                    columns
                        .iter()
                        .map(|c| c.get(i).copied().unwrap_or(f64::NAN)),
                );
                let weight = match opts.weights {
                    Weighting::Share => block_weight(counts[i], page_tokens),
                    Weighting::Confidence => {
                        block_weight(counts[i], page_tokens)
                            * (0.1 + 0.9 * (2.0 * share - 1.0).abs())
                    }
                    Weighting::Page => {
                        counts[i] as f64 / page_tokens.max(1) as f64
                            + PAGE_FLOOR / shares.len() as f64
                    }
                } * set_weight;
                out.labels.push(*share > 0.5);
                out.weights.push(weight);
            }
            for (pass, column) in self.trailing {
                out.trailing.push(match (pass, column, &doc) {
                    (Trailing::Veto(veto), Some(c), _) => {
                        PageTrailing::Veto(veto.clone(), columns[*c].to_vec())
                    }
                    (Trailing::WholeTables(pass), _, Some(doc)) => {
                        PageTrailing::WholeTables(pass.clone(), pass.data_tables(&ex.blocks, doc))
                    }
                    _ => unreachable!("a veto has its column, whole tables the tree"),
                });
            }
            out.texts = ex.blocks.into_iter().map(|b| b.text).collect();
        }
        if !out.trailing.is_empty() {
            out.chars = out.texts.iter().map(|t| t.chars().count()).collect();
        }
        out
    }
}

/// What [`oracle`] returns for one dataset.
#[derive(Clone, Debug)]
pub struct OracleScores {
    /// Every block takes its derived label (no fallback): the ceiling of a classifier
    /// of these blocks trained on these labels.
    pub labels: DatasetScores,
    /// The best choice of blocks found for each page's token F1 (a local search
    /// from the labels, flipping one block at a time while the page's token F1
    /// rises): close to the ceiling of any labelling of these blocks.
    pub best: DatasetScores,
}

/// The ceilings of the base pipeline's blocks under `opts.labels`, per dataset; see
/// [`OracleScores`]. Fits nothing.
pub fn oracle(
    sets: &[TrainSet],
    base: &Value,
    opts: &TrainOptions,
) -> Result<Vec<OracleScores>, String> {
    let base = strip_trees(base);
    let prepared = prepare(sets, &base, opts, &|_| {})?;
    let (rows, pages) = (&prepared.rows, &prepared.pages);
    // The extraction is exactly the labels (no fallback).
    let labels = score_sets(sets, pages, rows, &rows.labels, |_| true);
    let mut best_choice = rows.labels.clone();
    for page in pages {
        let range = page.first_row..page.first_row + page.texts.len();
        let start: Vec<bool> = rows.labels[range.clone()].to_vec();
        let chosen = best_selection(&page.texts, &page.gold, start);
        best_choice[range].copy_from_slice(&chosen);
    }
    let best = score_sets(sets, pages, rows, &best_choice, |_| true);
    Ok(labels
        .into_iter()
        .zip(best)
        .map(|(labels, best)| OracleScores { labels, best })
        .collect())
}

/// A local optimum of the page's bag-of-words token F1 over choices of blocks: from
/// `chosen`, passes over the blocks flip each one whose flip raises the F1, until a
/// pass flips none (at most 50 passes).
fn best_selection(texts: &[String], gold: &str, mut chosen: Vec<bool>) -> Vec<bool> {
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut id = |t: String| {
        let n = ids.len();
        *ids.entry(t).or_insert(n)
    };
    let gold_ids: Vec<usize> = tokens(gold).map(&mut id).collect();
    let blocks: Vec<HashMap<usize, usize>> = texts
        .iter()
        .map(|t| {
            let mut bag = HashMap::new();
            for i in tokens(t).map(&mut id) {
                *bag.entry(i).or_insert(0) += 1;
            }
            bag
        })
        .collect();
    let mut g = vec![0usize; ids.len()];
    for i in gold_ids {
        g[i] += 1;
    }
    let ng: usize = g.iter().sum();
    let mut p = vec![0usize; ids.len()];
    let (mut common, mut np) = (0usize, 0usize);
    for (b, bag) in blocks.iter().enumerate() {
        if chosen[b] {
            for (&t, &c) in bag {
                common += (p[t] + c).min(g[t]) - p[t].min(g[t]);
                p[t] += c;
                np += c;
            }
        }
    }
    let f1 = |common: usize, np: usize| {
        if np + ng == 0 {
            0.0
        } else {
            2.0 * common as f64 / (np + ng) as f64
        }
    };
    for _ in 0..50 {
        let mut flipped = false;
        for (b, bag) in blocks.iter().enumerate() {
            let size: usize = bag.values().sum();
            if size == 0 {
                continue;
            }
            let (c2, n2) = if chosen[b] {
                let lost: usize = bag
                    .iter()
                    .map(|(&t, &c)| p[t].min(g[t]) - (p[t] - c).min(g[t]))
                    .sum();
                (common - lost, np - size)
            } else {
                let won: usize = bag
                    .iter()
                    .map(|(&t, &c)| (p[t] + c).min(g[t]) - p[t].min(g[t]))
                    .sum();
                (common + won, np + size)
            };
            if f1(c2, n2) > f1(common, np) + 1e-12 {
                for (&t, &c) in bag {
                    if chosen[b] {
                        p[t] -= c;
                    } else {
                        p[t] += c;
                    }
                }
                chosen[b] = !chosen[b];
                (common, np) = (c2, n2);
                flipped = true;
            }
        }
        if !flipped {
            break;
        }
    }
    chosen
}

/// A step of a training, reported to [`train_observed`]'s observer (from any of the
/// threads training runs on) for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainStep {
    /// The base pipeline has run on `done` of the `total` pages.
    Pages {
        /// Pages done so far.
        done: usize,
        /// Pages in all.
        total: usize,
    },
    /// `done` of the `total` cross-validation ensembles are fitted (with stacking, the
    /// folds are fitted twice, the first ensemble's then the second's, and the count
    /// starts again).
    Folds {
        /// Ensembles fitted so far.
        done: usize,
        /// Ensembles in all.
        total: usize,
    },
    /// The final ensemble, on every page's rows, is being fitted.
    Final,
}

/// Trains the classifier; see the [module docs](self).
pub fn train(sets: &[TrainSet], base: &Value, opts: &TrainOptions) -> Result<Trained, String> {
    train_observed(sets, base, opts, &|_| {})
}

/// [`train`], calling `observe` at each step ([`TrainStep`]): each page the base
/// pipeline has run on, each fold's ensemble fitted, the start of the final fit.
pub fn train_observed(
    sets: &[TrainSet],
    base: &Value,
    opts: &TrainOptions,
    observe: &(dyn Fn(TrainStep) + Sync),
) -> Result<Trained, String> {
    if opts.threshold.is_some_and(|t| !t.is_finite()) {
        return Err("the threshold must be a finite number".into());
    }
    let base = strip_trees(base);
    let Prepared {
        features,
        rows,
        pages,
    } = prepare(sets, &base, opts, observe)?;
    if opts.stack && opts.folds < 2 {
        return Err("stacking needs out-of-fold margins: folds must be at least 2".into());
    }
    if opts.stack && opts.prior.is_some() {
        return Err("a prior and stacking do not go together".into());
    }
    if opts.repeats == 0 {
        return Err("repeats must be at least 1 (one deal of the pages into folds)".into());
    }
    if opts.repeats > 1 && (opts.folds < 2 || !opts.choose_threshold) {
        return Err(
            "repeated deals choose the threshold: they need folds (2 or more) and the choice"
                .into(),
        );
    }
    if opts.repeats > 1 && opts.stack {
        return Err("repeated deals and stacking do not go together".into());
    }
    if opts.prior.is_some() && opts.choose_prior.is_some() {
        return Err(
            "boosting from a prior and choosing a decoding prior do not go together".into(),
        );
    }
    let fold = assign_folds(sets.len(), &pages, opts.folds, opts.seed);
    let all: Vec<u32> = (0..rows.len() as u32).collect();
    let mut pipeline = base;
    let (rows, features) = if opts.stack {
        let first = oof_margins(
            &pages,
            &rows,
            &features,
            &fold,
            opts,
            &[opts.gbdt.rounds],
            observe,
        )
        .pop()
        .expect("one margin column");
        let (base_score, trees) = fit(&rows, &all, &opts.gbdt);
        let margin = Margin {
            key: None,
            features: features.clone(),
            base_score,
            trees: trees.into(),
        };
        let mut columns = vec![serde_json::to_value(&margin).map_err(|e| e.to_string())?];
        if let Some(obj) = columns[0].as_object_mut() {
            obj.insert("type".into(), json!("learn.margin"));
        }
        for off in STACK_OFFSETS {
            columns.push(json!({"type": "learn.neighbour", "of": MARGIN, "offset": off}));
        }
        match pipeline.get_mut("features").and_then(Value::as_array_mut) {
            Some(list) => list.extend(columns),
            None => {
                if let Some(obj) = pipeline.as_object_mut() {
                    obj.insert("features".into(), Value::Array(columns));
                }
            }
        }
        let mut stacked = features;
        stacked.push(stacked_key(0));
        stacked.extend(STACK_OFFSETS.iter().map(|&o| stacked_key(o)));
        (stacked_rows(&rows, &pages, &first), stacked)
    } else {
        (rows, features)
    };
    let mut by_rounds = Vec::new();
    let cut = if opts.folds >= 2 {
        let mut rounds: Vec<usize> = opts
            .report_rounds
            .iter()
            .copied()
            .filter(|&k| k < opts.gbdt.rounds)
            .collect();
        rounds.push(opts.gbdt.rounds);
        prior_offsets(&rows, &features, opts)?;
        let shift = match &opts.choose_prior {
            None => None,
            Some(feature) => {
                let unit = TrainOptions {
                    prior: Some(Prior {
                        feature: feature.clone(),
                        weight: 1.0,
                    }),
                    ..TrainOptions::default()
                };
                prior_offsets(&rows, &features, &unit)?
            }
        };
        let shift = shift.as_deref();
        let margins = oof_margins(&pages, &rows, &features, &fold, opts, &rounds, observe);
        for (k, m) in rounds.iter().zip(&margins).take(rounds.len() - 1) {
            let deals = [m.as_slice()];
            by_rounds.push((
                *k,
                cut_scores(sets, &pages, &rows, &deals, shift, &fold, opts),
            ));
        }
        let last = margins.last().expect("one margin column per rounds");
        // The other deals' out-of-fold margins of the full ensembles, for the choice.
        let other_deals: Vec<Vec<f64>> = (1..opts.repeats as u64)
            .map(|r| {
                let fold = assign_folds(sets.len(), &pages, opts.folds, opts.seed.wrapping_add(r));
                let full = [opts.gbdt.rounds];
                let mut m = oof_margins(&pages, &rows, &features, &fold, opts, &full, observe);
                m.pop().expect("one margin column")
            })
            .collect();
        let deals: Vec<&[f64]> = std::iter::once(last.as_slice())
            .chain(other_deals.iter().map(Vec::as_slice))
            .collect();
        cut_scores(sets, &pages, &rows, &deals, shift, &fold, opts)
    } else {
        Cut {
            threshold: opts.threshold.unwrap_or(0.0),
            decode: opts.decode,
            ..Cut::default()
        }
    };
    let offset = prior_offsets(&rows, &features, opts)?;
    observe(TrainStep::Final);
    let (base_score, trees) = fit_from(&rows, &all, &opts.gbdt, offset.as_deref());
    let stage = Trees {
        features: features.clone(),
        base_score,
        trees: trees.into(),
        margin_threshold: cut.threshold,
        fallback: true,
        decode: cut.decode,
        prior: match &opts.choose_prior {
            Some(feature) if cut.prior_weight != 0.0 => Some(Prior {
                feature: feature.clone(),
                weight: cut.prior_weight,
            }),
            _ => opts.prior.clone(),
        },
    };
    let pass = json!({"type": "learn.trees"});
    let mut pass_obj = serde_json::to_value(&stage).map_err(|e| e.to_string())?;
    if let (Some(obj), Some(tag)) = (pass_obj.as_object_mut(), pass.as_object()) {
        for (k, v) in tag {
            obj.insert(k.clone(), v.clone());
        }
    }
    let after = trailing_passes(&pipeline)?.len();
    match pipeline.get_mut("passes").and_then(Value::as_array_mut) {
        Some(passes) => passes.insert(passes.len() - after, pass_obj),
        None => {
            if let Some(obj) = pipeline.as_object_mut() {
                obj.insert("passes".into(), Value::Array(vec![pass_obj]));
            }
        }
    }
    if let Some(obj) = pipeline.as_object_mut() {
        let base = obj.get("description").and_then(Value::as_str).unwrap_or("");
        let description = trained_description(base, sets, opts.seed, opts.repeats);
        obj.insert("description".into(), Value::String(description));
    }
    Ok(Trained {
        pipeline,
        threshold: cut.threshold,
        scores: cut.scores,
        nested_scores: cut.nested_scores,
        fold_thresholds: cut.fold_thresholds,
        decode: cut.decode,
        prior_weight: cut.prior_weight,
        fold_decodes: cut.fold_decodes,
        fold_prior_weights: cut.fold_prior_weights,
        by_decode: cut.by_decode,
        by_rounds,
        features,
        rows: rows.len(),
    })
}

/// Each row's prior margin (`opts.prior`'s weight times its feature), or `None`
/// without a prior; an error when the feature is not a column.
fn prior_offsets(
    rows: &Rows,
    features: &[String],
    opts: &TrainOptions,
) -> Result<Option<Vec<f64>>, String> {
    let Some(prior) = &opts.prior else {
        return Ok(None);
    };
    let f = base_column(features, &prior.feature, "the prior's feature")?;
    Ok(Some(
        (0..rows.len()).map(|r| prior.of(rows.row(r)[f])).collect(),
    ))
}

/// Out-of-fold scores at a decision threshold and decoding, with how they were chosen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cut {
    /// The margin threshold (0 unless chosen out of fold).
    pub threshold: f64,
    /// The decoding (the threshold alone unless chosen out of fold).
    pub decode: Decode,
    /// Scores per dataset at `threshold` and `decode`.
    pub scores: Vec<DatasetScores>,
    /// With `choose_threshold`: scores with each fold cut at the threshold (and
    /// decoding) chosen on the other folds (nested); empty otherwise.
    pub nested_scores: Vec<DatasetScores>,
    /// The threshold of each fold in `nested_scores`.
    pub fold_thresholds: Vec<f64>,
    /// The decoding of each fold in `nested_scores`.
    pub fold_decodes: Vec<Decode>,
    /// The weight of the decoding prior (`choose_prior`; else 0).
    pub prior_weight: f64,
    /// The decoding prior's weight of each fold in `nested_scores`.
    pub fold_prior_weights: Vec<f64>,
    /// With `choose_decode` or `choose_prior`: for each decoding tried, its best threshold and the mean
    /// token F1 per dataset there (chosen and scored on the same out-of-fold margins;
    /// with several deals, on all of them, the figures their mean).
    pub by_decode: Vec<DecodeTry>,
}

/// One decoding's best out-of-fold figures (see [`Cut::by_decode`]).
#[derive(Clone, Debug, PartialEq)]
pub struct DecodeTry {
    /// The decoding.
    pub decode: Decode,
    /// The decoding prior's weight (0 without `choose_prior`).
    pub prior_weight: f64,
    /// Its best threshold for the mean token F1 over the datasets.
    pub threshold: f64,
    /// The token F1 of each dataset there.
    pub token_f1: Vec<f64>,
}

/// The decodings `choose_decode` tries besides the threshold alone: Viterbi with
/// these switching costs, unweighted, then token-weighted with the second list.
pub const SWITCH_COSTS: [f64; 6] = [0.25, 0.5, 1.0, 1.5, 2.0, 3.0];
/// The switching costs `choose_decode` tries with token weights (`√(1 + tokens)`).
pub const WEIGHTED_SWITCH_COSTS: [f64; 5] = [1.0, 2.0, 4.0, 8.0, 16.0];

/// The scales (temperatures) of the expected-F1 decoding that `choose_decode` tries.
pub const EXPECTED_F1_SCALES: [f64; 5] = [1.0, 0.7, 0.5, 0.35, 0.25];

fn expected_f1_scales() -> impl Iterator<Item = Decode> {
    EXPECTED_F1_SCALES
        .iter()
        .map(|&scale| Decode::expected_f1(scale))
}

/// The weights `choose_prior` tries (besides 0) for the decoding prior.
pub const PRIOR_WEIGHTS: [f64; 6] = [-0.5, 0.25, 0.5, 1.0, 1.5, 2.0];

/// The decodings tried, each with a decoding prior's weight: `opts.decode` first, and
/// with `choose_decode` the threshold alone, the Viterbi decodings of [`SWITCH_COSTS`]
/// and [`WEIGHTED_SWITCH_COSTS`] and the expected-F1 decoding (each once); with
/// `choose_prior` each of them at every weight of [`PRIOR_WEIGHTS`] too (weight 0
/// first).
fn decodes_tried(opts: &TrainOptions) -> Vec<(f64, Decode)> {
    let mut decodes = vec![opts.decode];
    if opts.choose_decode {
        let mut others = vec![Decode::Threshold];
        for (costs, token_weight) in [(&SWITCH_COSTS[..], false), (&WEIGHTED_SWITCH_COSTS, true)] {
            others.extend(costs.iter().map(|&switch_cost| Decode::Viterbi {
                switch_cost,
                token_weight,
            }));
        }
        others.extend(expected_f1_scales());
        for d in others {
            if !decodes.contains(&d) {
                decodes.push(d);
            }
        }
    }
    let weights: Vec<f64> = if opts.choose_prior.is_some() {
        std::iter::once(0.0).chain(PRIOR_WEIGHTS).collect()
    } else {
        vec![0.0]
    };
    weights
        .iter()
        .flat_map(|&w| decodes.iter().map(move |&d| (w, d)))
        .collect()
}

/// Scores out-of-fold margins at 0 (or the fixed `threshold`) with the threshold alone
/// or, with `choose_threshold`, at the best of [`THRESHOLDS`] (only the fixed one when
/// given; and, with `choose_decode`, the best decoding) for the mean token F1, and
/// nested (each fold at the best choice of the other folds).
///
/// `deals` holds every row's out-of-fold margin for each deal of the pages into folds
/// ([`TrainOptions::repeats`]); the first is the one `fold` describes and the one
/// scored. The choices are made on all of them: the best mean over the deals, and for
/// the nested scores over the pages outside the fold in every deal.
fn cut_scores(
    sets: &[TrainSet],
    pages: &[PageRows],
    rows: &Rows,
    deals: &[&[f64]],
    shift: Option<&[f64]>,
    fold: &[usize],
    opts: &TrainOptions,
) -> Cut {
    let every_page = |_: usize| true;
    let thresholds: Vec<f64> = match opts.threshold {
        Some(fixed) => vec![fixed],
        None if opts.choose_threshold => std::iter::once(0.0).chain(THRESHOLDS).collect(),
        None => vec![0.0],
    };
    let decodes = decodes_tried(opts);
    let grid = PageF1Grid::new(sets, pages, deals, shift, &thresholds, &decodes);
    let margins = deals[0];
    let best = grid.best(|_| true);
    let (threshold, (prior_weight, decode)) = (thresholds[best.0], decodes[best.1]);
    let scores = score_sets(
        sets,
        pages,
        rows,
        &predict(
            pages,
            margins,
            shift,
            &vec![threshold; pages.len()],
            &vec![(prior_weight, decode); pages.len()],
        ),
        every_page,
    );
    if !opts.choose_threshold {
        return Cut {
            threshold,
            decode,
            prior_weight,
            scores,
            ..Cut::default()
        };
    }
    let by_decode = if decodes.len() > 1 {
        (0..decodes.len())
            .map(|d| {
                let (t, _) = grid.best_threshold(d, |_| true);
                DecodeTry {
                    decode: decodes[d].1,
                    prior_weight: decodes[d].0,
                    threshold: thresholds[t],
                    token_f1: grid.dataset_means(t, d, |_| true),
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    // Nested: each fold's choice made on the other folds' pages.
    let picks: Vec<(usize, usize)> = (0..opts.folds)
        .map(|f| grid.best(|p| fold[p] != f))
        .collect();
    let per_page_t: Vec<f64> = fold.iter().map(|&f| thresholds[picks[f].0]).collect();
    let per_page_d: Vec<(f64, Decode)> = fold.iter().map(|&f| decodes[picks[f].1]).collect();
    Cut {
        threshold,
        decode,
        prior_weight,
        scores,
        nested_scores: score_sets(
            sets,
            pages,
            rows,
            &predict(pages, margins, shift, &per_page_t, &per_page_d),
            every_page,
        ),
        fold_thresholds: picks.iter().map(|p| thresholds[p.0]).collect(),
        fold_decodes: picks.iter().map(|p| decodes[p.1].1).collect(),
        fold_prior_weights: picks.iter().map(|p| decodes[p.1].0).collect(),
        by_decode,
    }
}

/// Every page's token F1 under every (threshold, decoding) of a grid, computed from
/// token ids (the same numbers as [`page_token_prf`] of the joined text), so that
/// choosing among many is cheap.
struct PageF1Grid {
    /// `f1[((r · thresholds + t) · decodes + d) · pages + p]`, `r` the deal.
    f1: Vec<f64>,
    n_deals: usize,
    n_thresholds: usize,
    n_decodes: usize,
    /// Each page's dataset.
    set_of: Vec<usize>,
    n_sets: usize,
}

impl PageF1Grid {
    /// The grid of every deal's margins (`deals`, each a margin per row).
    fn new(
        sets: &[TrainSet],
        pages: &[PageRows],
        deals: &[&[f64]],
        shift: Option<&[f64]>,
        thresholds: &[f64],
        decodes: &[(f64, Decode)],
    ) -> PageF1Grid {
        let n = pages.len();
        let per_deal = thresholds.len() * decodes.len() * n;
        let mut f1 = vec![0.0; deals.len() * per_deal];
        for (p, page) in pages.iter().enumerate() {
            let bags = PageBags::new(&page.texts, &page.gold);
            let range = page.first_row..page.first_row + page.texts.len();
            for (r, margins) in deals.iter().enumerate() {
                for (d, &(weight, decode)) in decodes.iter().enumerate() {
                    let m = shifted(
                        &margins[range.clone()],
                        shift.map(|s| &s[range.clone()]),
                        weight,
                    );
                    for (t, &threshold) in thresholds.iter().enumerate() {
                        let chosen = page.select(&m, threshold, &decode, |i| bags.sizes[i]);
                        f1[r * per_deal + (t * decodes.len() + d) * n + p] = bags.f1(&chosen);
                    }
                }
            }
        }
        PageF1Grid {
            f1,
            n_deals: deals.len(),
            n_thresholds: thresholds.len(),
            n_decodes: decodes.len(),
            set_of: pages.iter().map(|p| p.set).collect(),
            n_sets: sets.len(),
        }
    }

    /// The mean token F1 of each dataset over the pages `include` accepts, at
    /// threshold `t` and decoding `d` (summed in page order, as [`score_sets`] does),
    /// averaged over the deals (one deal: its means, bit for bit).
    fn dataset_means(&self, t: usize, d: usize, include: impl Fn(usize) -> bool) -> Vec<f64> {
        let n = self.set_of.len();
        let per_deal = self.n_thresholds * self.n_decodes * n;
        let mut means = vec![0.0; self.n_sets];
        for r in 0..self.n_deals {
            let column = &self.f1[r * per_deal + (t * self.n_decodes + d) * n..][..n];
            for (s, mean) in means.iter_mut().enumerate() {
                let (mut sum, mut count) = (0.0, 0usize);
                for (p, &v) in column.iter().enumerate() {
                    if self.set_of[p] == s && include(p) {
                        sum += v;
                        count += 1;
                    }
                }
                *mean += sum / count.max(1) as f64;
            }
        }
        if self.n_deals > 1 {
            for mean in &mut means {
                *mean /= self.n_deals as f64;
            }
        }
        means
    }

    fn mean(&self, t: usize, d: usize, include: impl Fn(usize) -> bool) -> f64 {
        self.dataset_means(t, d, include).iter().sum::<f64>() / self.n_sets.max(1) as f64
    }

    /// The threshold (index) with the best mean token F1 for decoding `d`, and that
    /// mean; the first of equals.
    fn best_threshold(&self, d: usize, include: impl Fn(usize) -> bool + Copy) -> (usize, f64) {
        let mut best = (0, f64::NEG_INFINITY);
        for t in 0..self.n_thresholds {
            let m = self.mean(t, d, include);
            if m > best.1 {
                best = (t, m);
            }
        }
        best
    }

    /// The (threshold, decoding) indices with the best mean token F1 over the datasets;
    /// the first of equals (decodings in order, thresholds in order within each).
    fn best(&self, include: impl Fn(usize) -> bool + Copy) -> (usize, usize) {
        let mut best = ((0, 0), f64::NEG_INFINITY);
        for d in 0..self.n_decodes {
            let (t, m) = self.best_threshold(d, include);
            if m > best.1 {
                best = ((t, d), m);
            }
        }
        best.0
    }
}

/// A page's tokens as ids: the gold's counts and each block's ids, for computing the
/// token F1 of many selections.
struct PageBags {
    gold: Vec<usize>,
    gold_total: usize,
    /// Each block's ids (tokens not in the gold share the id past the gold's).
    blocks: Vec<Vec<u32>>,
    /// Each block's token count.
    sizes: Vec<usize>,
}

impl PageBags {
    fn new(texts: &[String], gold: &str) -> PageBags {
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut counts: Vec<usize> = Vec::new();
        for t in tokens(gold) {
            let n = ids.len() as u32;
            let id = *ids.entry(t).or_insert(n);
            if id as usize == counts.len() {
                counts.push(0);
            }
            counts[id as usize] += 1;
        }
        let other = ids.len() as u32;
        let blocks: Vec<Vec<u32>> = texts
            .iter()
            .map(|t| {
                tokens(t)
                    .map(|t| ids.get(&t).copied().unwrap_or(other))
                    .collect()
            })
            .collect();
        let sizes = blocks.iter().map(Vec::len).collect();
        let gold_total = counts.iter().sum();
        counts.push(0);
        PageBags {
            gold: counts,
            gold_total,
            blocks,
            sizes,
        }
    }

    /// The token F1 of the chosen blocks, as [`page_token_prf`] computes it.
    fn f1(&self, chosen: &[bool]) -> f64 {
        let mut have = vec![0usize; self.gold.len()];
        let (mut common, mut np) = (0usize, 0usize);
        let other = self.gold.len() - 1;
        for (ids, _) in self.blocks.iter().zip(chosen).filter(|(_, &c)| c) {
            np += ids.len();
            for &id in ids {
                let id = id as usize;
                if id != other {
                    common += usize::from(have[id] < self.gold[id]);
                    have[id] += 1;
                }
            }
        }
        let ng = self.gold_total;
        let precision = if np == 0 {
            f64::from(u8::from(ng == 0))
        } else {
            common as f64 / np as f64
        };
        let recall = if ng == 0 {
            1.0
        } else {
            common as f64 / ng as f64
        };
        f1(precision, recall)
    }
}

/// A page's margins plus `weight` times its rows' prior values (`shift`: the prior
/// of weight 1), as the trained pass adds its `prior`; the margins as they are
/// without one.
fn shifted(margins: &[f64], shift: Option<&[f64]>, weight: f64) -> Vec<f64> {
    match shift {
        Some(shift) if weight != 0.0 => margins
            .iter()
            .zip(shift)
            .map(|(&m, &x)| m + weight * x)
            .collect(),
        _ => margins.to_vec(),
    }
}

/// The labels the trained pass gives every row: each page cut at its own threshold
/// and decoding (by page, with its decoding prior's weight), with the fallback.
fn predict(
    pages: &[PageRows],
    margins: &[f64],
    shift: Option<&[f64]>,
    thresholds: &[f64],
    decodes: &[(f64, Decode)],
) -> Vec<bool> {
    let mut predicted = vec![false; margins.len()];
    for ((page, &threshold), &(weight, decode)) in pages.iter().zip(thresholds).zip(decodes) {
        let range = page.first_row..page.first_row + page.texts.len();
        let m = shifted(
            &margins[range.clone()],
            shift.map(|s| &s[range.clone()]),
            weight,
        );
        let chosen = page.select(&m, threshold, &decode, |i| token_count(&page.texts[i]));
        predicted[range].copy_from_slice(&chosen);
    }
    predicted
}

/// The fold of every page: each dataset's pages shuffled with `seed`, then dealt
/// round-robin into `folds` folds.
fn assign_folds(n_sets: usize, pages: &[PageRows], folds: usize, seed: u64) -> Vec<usize> {
    let k = folds.max(1);
    let mut fold = vec![0usize; pages.len()];
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for s in 0..n_sets {
        let mut ids: Vec<usize> = (0..pages.len()).filter(|&p| pages[p].set == s).collect();
        for i in (1..ids.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            ids.swap(i, j);
        }
        for (n, &p) in ids.iter().enumerate() {
            fold[p] = n % k;
        }
    }
    fold
}

/// Every row's margin from the ensemble fitted on the pages outside its page's fold,
/// once for each of `rounds` (the ensemble's first that many trees; at most
/// `opts.gbdt.rounds`).
fn oof_margins(
    pages: &[PageRows],
    rows: &Rows,
    features: &[String],
    fold: &[usize],
    opts: &TrainOptions,
    rounds: &[usize],
    observe: &(dyn Fn(TrainStep) + Sync),
) -> Vec<Vec<f64>> {
    let row_page: Vec<usize> = {
        let mut v = vec![0usize; rows.len()];
        for (p, page) in pages.iter().enumerate() {
            v[page.first_row..page.first_row + page.texts.len()].fill(p);
        }
        v
    };
    let mut margins = vec![vec![f64::NAN; rows.len()]; rounds.len()];
    // Checked by the caller: the prior's feature is a column.
    let offset = prior_offsets(rows, features, opts).unwrap_or(None);
    // The folds' fits on every core: each is deterministic and independent of the others.
    // (With stacking, this runs twice, and the count starts again.)
    let done = AtomicUsize::new(0);
    let fits: Vec<(f64, Vec<Tree>)> = (0..opts.folds)
        .into_par_iter()
        .map(|f| {
            let train: Vec<u32> = (0..rows.len() as u32)
                .filter(|&r| fold[row_page[r as usize]] != f)
                .collect();
            let fitted = fit_from(rows, &train, &opts.gbdt, offset.as_deref());
            let done = done.fetch_add(1, Ordering::Relaxed) + 1;
            observe(TrainStep::Folds {
                done,
                total: opts.folds,
            });
            fitted
        })
        .collect();
    for (f, (base_score, trees)) in fits.into_iter().enumerate() {
        for (&k, column) in rounds.iter().zip(margins.iter_mut()) {
            let model = Trees {
                features: features.to_vec(),
                base_score,
                trees: trees[..k.min(trees.len())].to_vec().into(),
                margin_threshold: 0.0,
                fallback: true,
                decode: Default::default(),
                prior: None,
            };
            for (r, m) in column.iter_mut().enumerate() {
                if fold[row_page[r]] == f {
                    *m = model.margin(rows.row(r));
                }
            }
        }
    }
    margins
}

/// Scores per dataset of the predicted labels (one per row), over the pages `include`
/// accepts (by page index).
fn score_sets(
    sets: &[TrainSet],
    pages: &[PageRows],
    rows: &Rows,
    predicted: &[bool],
    include: impl Fn(usize) -> bool,
) -> Vec<DatasetScores> {
    sets.iter()
        .enumerate()
        .map(|(s, set)| {
            let mut out = DatasetScores {
                name: set.name.clone(),
                ..DatasetScores::default()
            };
            let (mut tp, mut fp, mut fn_) = (0usize, 0usize, 0usize);
            let mut token = Prf::default();
            let included = pages
                .iter()
                .enumerate()
                .filter(|&(p, page)| page.set == s && include(p));
            for (_, page) in included {
                let mut text = String::new();
                for (i, t) in page.texts.iter().enumerate() {
                    let r = page.first_row + i;
                    let (pred, gold) = (predicted[r], rows.labels[r]);
                    tp += usize::from(pred && gold);
                    fp += usize::from(pred && !gold);
                    fn_ += usize::from(!pred && gold);
                    if pred {
                        text.push_str(t);
                        text.push(' ');
                    }
                }
                out.blocks += page.texts.len();
                out.pages += 1;
                out.empty += usize::from(tokens(&text).next().is_none());
                let prf = page_token_prf(&text, &page.gold);
                token.precision += prf.precision;
                token.recall += prf.recall;
                token.f1 += prf.f1;
                text.truncate(text.trim_end().len());
                out.texts.push(text);
            }
            let n = out.pages.max(1) as f64;
            out.token = Prf {
                precision: token.precision / n,
                recall: token.recall / n,
                f1: token.f1 / n,
            };
            let precision = ratio(tp, tp + fp);
            let recall = ratio(tp, tp + fn_);
            out.block = Prf {
                precision,
                recall,
                f1: f1(precision, recall),
            };
            out
        })
        .collect()
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

fn f1(p: f64, r: f64) -> f64 {
    if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    }
}

fn bag(text: &str) -> HashMap<String, usize> {
    let mut m = HashMap::new();
    for t in tokens(text) {
        *m.entry(t).or_insert(0) += 1;
    }
    m
}

/// One page's bag-of-words precision, recall and F1, with `pith eval`'s conventions:
/// an empty extraction has precision 1 if the gold is empty too, else 0; an empty
/// gold has recall 1.
pub fn page_token_prf(predicted: &str, gold: &str) -> Prf {
    let (p, g) = (bag(predicted), bag(gold));
    let common: usize = p
        .iter()
        .map(|(t, &n)| n.min(g.get(t).copied().unwrap_or(0)))
        .sum();
    let (np, ng): (usize, usize) = (p.values().sum(), g.values().sum());
    let precision = if np == 0 {
        f64::from(u8::from(ng == 0))
    } else {
        common as f64 / np as f64
    };
    let recall = if ng == 0 {
        1.0
    } else {
        common as f64 / ng as f64
    };
    Prf {
        precision,
        recall,
        f1: f1(precision, recall),
    }
}

/// The text of a pipeline file as `pith train` writes it: pretty-printed JSON, except
/// that an array of numbers, strings, booleans or nulls stays on one line, so each
/// tree takes a few lines instead of thousands, and a stage's `type` comes first in its
/// object (the other keys in order), as a pipeline serialises it: typetag reads a
/// stage whose tag comes first without buffering it (a seventh of a `pith extract`
/// start-up, docs/performance.md). The value, and so the pipeline, is the same as with
/// any other layout. Ends with a newline.
pub fn pipeline_file_text(pipeline: &Value) -> String {
    const MARK: char = '\u{1}';
    // A key that sorts before every other and prints as `"\u0000type"`.
    const TYPE_FIRST: &str = "\u{0}type";
    let mut value = pipeline.clone();
    let mut flat: Vec<String> = Vec::new();
    // Replace each scalar array by a marker string and rename each `type` key so that it
    // sorts first (an explicit stack, no recursion).
    let mut stack: Vec<&mut Value> = vec![&mut value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(items)
                if !items.is_empty() && items.iter().all(|i| !i.is_array() && !i.is_object()) =>
            {
                let text: Vec<String> = items.iter().map(Value::to_string).collect();
                *v = Value::String(format!("{MARK}{}", flat.len()));
                flat.push(format!("[{}]", text.join(", ")));
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            Value::Object(map) => {
                if let Some(tag) = map.remove("type") {
                    map.insert(TYPE_FIRST.to_owned(), tag);
                }
                stack.extend(map.values_mut());
            }
            _ => {}
        }
    }
    let pretty = serde_json::to_string_pretty(&value)
        .expect("JSON serialises")
        .replace("\"\\u0000type\": ", "\"type\": ");
    // The markers print as `"\u0001<n>"`; put each array's one-line text in its place.
    let marker = "\"\\u0001";
    let mut out = String::with_capacity(pretty.len() + flat.iter().map(String::len).sum::<usize>());
    let mut rest = pretty.as_str();
    while let Some(at) = rest.find(marker) {
        out.push_str(&rest[..at]);
        let after = &rest[at + marker.len()..];
        let end = after.find('"').unwrap_or(after.len());
        match after[..end].parse::<usize>().ok().and_then(|n| flat.get(n)) {
            Some(text) => out.push_str(text),
            None => out.push_str(&rest[at..at + marker.len() + end + 1]),
        }
        rest = &after[(end + 1).min(after.len())..];
    }
    out.push_str(rest);
    // A string of the input that looked like a marker would have been replaced too:
    // keep the layout only when it reads back as the same value.
    if serde_json::from_str::<Value>(&out).ok().as_ref() != Some(pipeline) {
        out = serde_json::to_string_pretty(pipeline).expect("JSON serialises");
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_layout_keeps_the_value_and_puts_scalar_arrays_on_one_line() {
        let v = json!({"a": [1.5, -2, 3e-9], "b": [{"c": ["x, y", "\u{1}0"]}, []], "d": "\u{1}0"});
        let text = pipeline_file_text(&v);
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), v);
        let plain = json!({"t": [{"value": [0.25, 1.0, -0.5]}]});
        let text = pipeline_file_text(&plain);
        assert!(text.contains("[0.25, 1.0, -0.5]"), "{text}");
        assert!(text.ends_with("}\n"));
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), plain);
        // A stage's `type` first, the other keys as they sort.
        let stages = json!({"passes": [{"a": 1, "type": "x.y", "z": {"type": 2, "b": 3}}]});
        let text = pipeline_file_text(&stages);
        let compact: String = text.split_whitespace().collect();
        assert_eq!(
            compact, r#"{"passes":[{"type":"x.y","a":1,"z":{"type":2,"b":3}}]}"#,
            "{text}"
        );
        // A key that is the renamed one already stays itself.
        let odd = json!({"\u{0}type": 1, "type": 2});
        let text = pipeline_file_text(&odd);
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), odd);
    }
}
