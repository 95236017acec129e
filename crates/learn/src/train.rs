//! Training `learn.trees` on pages with gold text, with k-fold cross-validation.
//!
//! 1. The base pipeline (any pipeline; a `learn.trees` pass in it is dropped) runs on
//!    every page; each block becomes a row of all its feature columns, labelled by
//!    the chosen [`LabelRule`](crate::labels::LabelRule) (default: most token
//!    trigrams in the gold) and weighted by its share of the page's tokens
//!    ([`Weighting`]).
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
//! Same pages, base, options and seed: the same file, byte for byte.
//!
//! [`oracle`] fits nothing: it scores the extraction in which every block takes its
//! derived label, and the best choice of blocks a local search finds — the ceilings
//! a classifier of these blocks can reach, to compare segmenters and label rules.

use std::collections::HashMap;

use pith_core::Pipeline;
use serde_json::{json, Value};

use crate::gbdt::{fit, GbdtParams, Rows};
use crate::labels::{block_shares, block_weight, token_count, tokens, LabelRule};
use crate::trees::{fallback_block, Margin, Trees, MARGIN};

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
    /// The boosting parameters.
    pub gbdt: GbdtParams,
    /// Stacking: a first ensemble's margins, the block's and its neighbours'
    /// ([`STACK_OFFSETS`]), become columns of a second ensemble (context smoothing).
    /// The second is fitted on out-of-fold margins of the first; needs `folds ≥ 2`.
    pub stack: bool,
    /// Choose the margin threshold among [`THRESHOLDS`] (and 0) by the out-of-fold
    /// token F1 averaged over the datasets (each dataset weighs alike); needs
    /// `folds ≥ 2`. Otherwise the threshold is 0 (probability one half).
    pub choose_threshold: bool,
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
    /// ([`block_weight`](crate::labels::block_weight)).
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

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            folds: 5,
            seed: 1,
            gbdt: GbdtParams::default(),
            stack: false,
            choose_threshold: false,
            report_rounds: Vec::new(),
            labels: LabelRule::Trigrams,
            weights: Weighting::Share,
            balance_datasets: false,
        }
    }
}

/// The margin thresholds `choose_threshold` tries.
pub const THRESHOLDS: [f64; 12] = [
    -2.0, -1.5, -1.25, -1.0, -0.75, -0.5, -0.25, 0.25, 0.5, 0.75, 1.0, 1.5,
];

/// The token F1 averaged over datasets.
fn mean_token_f1(scores: &[DatasetScores]) -> f64 {
    scores.iter().map(|s| s.token.f1).sum::<f64>() / scores.len().max(1) as f64
}

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
    /// Out-of-fold scores per dataset at that threshold (empty without
    /// cross-validation).
    pub scores: Vec<DatasetScores>,
    /// With `choose_threshold`: the out-of-fold scores when each fold's pages are cut
    /// at the threshold chosen on the other folds' pages only (nested, so no page's
    /// score helped choose its own threshold); empty otherwise.
    pub nested_scores: Vec<DatasetScores>,
    /// The threshold each fold's pages were cut at in `nested_scores`, by fold.
    pub fold_thresholds: Vec<f64>,
    /// For each of `report_rounds` below the rounds trained: the out-of-fold scores of
    /// the ensembles' first that many trees (the same fits, cut short).
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
fn prepare(sets: &[TrainSet], base: &Value, opts: &TrainOptions) -> Result<Prepared, String> {
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
    let mut rows = Rows::new(features.len());
    let mut pages = Vec::new();
    let mut values = vec![0.0; features.len()];
    let mean_pages =
        sets.iter().map(|s| s.pages.len()).sum::<usize>() as f64 / sets.len().max(1) as f64;
    for (s, set) in sets.iter().enumerate() {
        let set_weight = if opts.balance_datasets {
            mean_pages / set.pages.len().max(1) as f64
        } else {
            1.0
        };
        for page in &set.pages {
            let first_row = rows.len();
            let mut texts = Vec::new();
            // A page the base pipeline rejects contributes no rows (it scores as empty).
            if let Ok(ex) = pipeline.run_bytes(&page.html) {
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
                for (i, share) in shares.iter().enumerate() {
                    for (v, c) in values.iter_mut().zip(&columns) {
                        *v = c.get(i).copied().unwrap_or(f64::NAN);
                    }
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
                    rows.push(&values, *share > 0.5, weight);
                }
                texts = ex.blocks.into_iter().map(|b| b.text).collect();
            }
            pages.push(PageRows {
                set: s,
                first_row,
                texts,
                gold: page.gold.clone(),
            });
        }
    }
    Ok(Prepared {
        features,
        rows,
        pages,
    })
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
    let prepared = prepare(sets, &base, opts)?;
    let (rows, pages) = (&prepared.rows, &prepared.pages);
    // Margin 1 for a block labelled content, NaN otherwise: NaN is never above the
    // threshold and never the fallback, so the extraction is exactly the labels.
    let margin = |l: bool| if l { 1.0 } else { f64::NAN };
    let margins: Vec<f64> = rows.labels.iter().map(|&l| margin(l)).collect();
    let at_zero = vec![0.0; pages.len()];
    let labels = score_sets(sets, pages, rows, &margins, &at_zero, |_| true);
    let mut best_margins = margins.clone();
    for page in pages {
        let range = page.first_row..page.first_row + page.texts.len();
        let start: Vec<bool> = rows.labels[range.clone()].to_vec();
        let chosen = best_selection(&page.texts, &page.gold, start);
        for (m, c) in best_margins[range].iter_mut().zip(chosen) {
            *m = margin(c);
        }
    }
    let best = score_sets(sets, pages, rows, &best_margins, &at_zero, |_| true);
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

/// Trains the classifier; see the [module docs](self).
pub fn train(sets: &[TrainSet], base: &Value, opts: &TrainOptions) -> Result<Trained, String> {
    let base = strip_trees(base);
    let Prepared {
        features,
        rows,
        pages,
    } = prepare(sets, &base, opts)?;
    if opts.stack && opts.folds < 2 {
        return Err("stacking needs out-of-fold margins: folds must be at least 2".into());
    }
    let fold = assign_folds(sets.len(), &pages, opts);
    let all: Vec<u32> = (0..rows.len() as u32).collect();
    let mut pipeline = base;
    let (rows, features) = if opts.stack {
        let first = oof_margins(&pages, &rows, &features, &fold, opts, &[opts.gbdt.rounds])
            .pop()
            .expect("one margin column");
        let (base_score, trees) = fit(&rows, &all, &opts.gbdt);
        let margin = Margin {
            key: None,
            features: features.clone(),
            base_score,
            trees,
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
        let margins = oof_margins(&pages, &rows, &features, &fold, opts, &rounds);
        for (k, m) in rounds.iter().zip(&margins).take(rounds.len() - 1) {
            by_rounds.push((*k, cut_scores(sets, &pages, &rows, m, &fold, opts)));
        }
        let last = margins.last().expect("one margin column per rounds");
        cut_scores(sets, &pages, &rows, last, &fold, opts)
    } else {
        Cut::default()
    };
    let (base_score, trees) = fit(&rows, &all, &opts.gbdt);
    let stage = Trees {
        features: features.clone(),
        base_score,
        trees,
        margin_threshold: cut.threshold,
        fallback: true,
    };
    let pass = json!({"type": "learn.trees"});
    let mut pass_obj = serde_json::to_value(&stage).map_err(|e| e.to_string())?;
    if let (Some(obj), Some(tag)) = (pass_obj.as_object_mut(), pass.as_object()) {
        for (k, v) in tag {
            obj.insert(k.clone(), v.clone());
        }
    }
    match pipeline.get_mut("passes").and_then(Value::as_array_mut) {
        Some(passes) => passes.push(pass_obj),
        None => {
            if let Some(obj) = pipeline.as_object_mut() {
                obj.insert("passes".into(), Value::Array(vec![pass_obj]));
            }
        }
    }
    Ok(Trained {
        pipeline,
        threshold: cut.threshold,
        scores: cut.scores,
        nested_scores: cut.nested_scores,
        fold_thresholds: cut.fold_thresholds,
        by_rounds,
        features,
        rows: rows.len(),
    })
}

/// Out-of-fold scores at a decision threshold, with how it was chosen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cut {
    /// The margin threshold (0 unless chosen out of fold).
    pub threshold: f64,
    /// Scores per dataset at `threshold`.
    pub scores: Vec<DatasetScores>,
    /// With `choose_threshold`: scores with each fold cut at the threshold chosen on the
    /// other folds (nested); empty otherwise.
    pub nested_scores: Vec<DatasetScores>,
    /// The threshold of each fold in `nested_scores`.
    pub fold_thresholds: Vec<f64>,
}

/// Scores out-of-fold margins at 0 or, with `choose_threshold`, at the best of
/// [`THRESHOLDS`] for the mean token F1 (and nested, each fold at the best threshold
/// of the other folds).
fn cut_scores(
    sets: &[TrainSet],
    pages: &[PageRows],
    rows: &Rows,
    margins: &[f64],
    fold: &[usize],
    opts: &TrainOptions,
) -> Cut {
    let everywhere = |t: f64| vec![t; pages.len()];
    let every_page = |_: usize| true;
    let mut best = (
        0.0,
        score_sets(sets, pages, rows, margins, &everywhere(0.0), every_page),
    );
    if !opts.choose_threshold {
        return Cut {
            threshold: best.0,
            scores: best.1,
            ..Cut::default()
        };
    }
    for t in THRESHOLDS {
        let scores = score_sets(sets, pages, rows, margins, &everywhere(t), every_page);
        if mean_token_f1(&scores) > mean_token_f1(&best.1) {
            best = (t, scores);
        }
    }
    // Nested: each fold's threshold chosen on the other folds' pages.
    let mut fold_thresholds = Vec::new();
    for f in 0..opts.folds {
        let others = |p: usize| fold[p] != f;
        let mut pick = (0.0, f64::NEG_INFINITY);
        for t in std::iter::once(0.0).chain(THRESHOLDS) {
            let scores = score_sets(sets, pages, rows, margins, &everywhere(t), others);
            if mean_token_f1(&scores) > pick.1 {
                pick = (t, mean_token_f1(&scores));
            }
        }
        fold_thresholds.push(pick.0);
    }
    let per_page: Vec<f64> = fold.iter().map(|&f| fold_thresholds[f]).collect();
    Cut {
        threshold: best.0,
        scores: best.1,
        nested_scores: score_sets(sets, pages, rows, margins, &per_page, every_page),
        fold_thresholds,
    }
}

/// The fold of every page: each dataset's pages shuffled with the seed, then dealt
/// round-robin into `opts.folds` folds.
fn assign_folds(n_sets: usize, pages: &[PageRows], opts: &TrainOptions) -> Vec<usize> {
    let k = opts.folds.max(1);
    let mut fold = vec![0usize; pages.len()];
    let mut rng = Rng(opts.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
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
) -> Vec<Vec<f64>> {
    let row_page: Vec<usize> = {
        let mut v = vec![0usize; rows.len()];
        for (p, page) in pages.iter().enumerate() {
            v[page.first_row..page.first_row + page.texts.len()].fill(p);
        }
        v
    };
    let mut margins = vec![vec![f64::NAN; rows.len()]; rounds.len()];
    for f in 0..opts.folds {
        let train: Vec<u32> = (0..rows.len() as u32)
            .filter(|&r| fold[row_page[r as usize]] != f)
            .collect();
        let (base_score, trees) = fit(rows, &train, &opts.gbdt);
        for (&k, column) in rounds.iter().zip(margins.iter_mut()) {
            let model = Trees {
                features: features.to_vec(),
                base_score,
                trees: trees[..k.min(trees.len())].to_vec(),
                margin_threshold: 0.0,
                fallback: true,
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

/// Scores per dataset of the labels out-of-fold margins give (with the fallback), each
/// page cut at its own threshold (`thresholds`, by page), over the pages `include`
/// accepts (by page index).
fn score_sets(
    sets: &[TrainSet],
    pages: &[PageRows],
    rows: &Rows,
    margins: &[f64],
    thresholds: &[f64],
    include: impl Fn(usize) -> bool,
) -> Vec<DatasetScores> {
    // The labels the trained pass gives: margin above the threshold, with its fallback.
    let mut predicted = vec![false; margins.len()];
    for (page, &threshold) in pages.iter().zip(thresholds) {
        let range = page.first_row..page.first_row + page.texts.len();
        for r in range.clone() {
            predicted[r] = margins[r] > threshold;
        }
        if let Some(i) = fallback_block(&margins[range.clone()], threshold) {
            predicted[range.start + i] = true;
        }
    }
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
/// tree takes a few lines instead of thousands (the value, and so the pipeline, is the
/// same as with any other layout). Ends with a newline.
pub fn pipeline_file_text(pipeline: &Value) -> String {
    const MARK: char = '\u{1}';
    let mut value = pipeline.clone();
    let mut flat: Vec<String> = Vec::new();
    // Replace each scalar array by a marker string (an explicit stack, no recursion).
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
            Value::Object(map) => stack.extend(map.values_mut()),
            _ => {}
        }
    }
    let pretty = serde_json::to_string_pretty(&value).expect("JSON serialises");
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
    }
}
