//! `learn.trees`: a gradient-boosted tree ensemble that labels every block good or bad
//! from its feature columns. The trees are plain data in the pipeline file, so a
//! trained pipeline is one JSON file.
//!
//! Each tree is five parallel arrays (`feature`, `threshold`, `left`, `right`,
//! `value`; in the file each a string of its numbers, [`crate::number_list`]): node 0
//! is the root; a node whose `left` is 0 is a leaf worth `value`;
//! otherwise the walk goes to `right` when the block's value of
//! `features[feature]` is greater than `threshold`, else (and for `NaN`) to `left`.
//! Children always have larger indices than their parent (checked at load time), so
//! every walk ends. The margin is `base_score` plus the leaves reached; a block is good
//! when the margin is greater than `margin_threshold` (0: probability one half).
//!
//! It is a context pass, not a rule, so that it looks up each column once per page:
//! per block it reads values from slices and allocates nothing. It relabels every
//! block (the context-free labels stay what the rules said).
//!
//! ```
//! # use pith_learn::Trees;
//! let stage: Trees = serde_json::from_str(r#"{
//!     "features": ["justext.length"],
//!     "base_score": -1.0,
//!     "trees": [{"feature": [0, 0, 0], "threshold": [100.0, 0.0, 0.0],
//!                "left": [1, 0, 0], "right": [2, 0, 0], "value": [0.0, -1.0, 3.0]}]
//! }"#).unwrap();
//! assert_eq!(stage.margin(&[150.0]), 2.0);
//! assert_eq!(stage.margin(&[f64::NAN]), -2.0);
//! ```

use pith_core::{
    AttributeUse, Block, ContextPass, Error, Feature, FeatureKey, FeatureTable, Label, PassContext,
    Result,
};
use serde::{Deserialize, Serialize};

use crate::binned::BinnedEnsemble;
use crate::decode::{select, Decode};
use crate::ensemble::Ensemble;
use crate::labels::token_count;
use crate::walk::{HeapWalk, Layouts};

/// One regression tree as flat arrays (see the [module docs](self)).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tree {
    /// Index into the ensemble's `features` of the value each inner node tests.
    #[serde(with = "crate::number_list")]
    pub feature: Vec<u32>,
    /// Go right when the value is greater than this.
    #[serde(with = "crate::number_list")]
    pub threshold: Vec<f64>,
    /// Left child (0: the node is a leaf).
    #[serde(with = "crate::number_list")]
    pub left: Vec<u32>,
    /// Right child.
    #[serde(with = "crate::number_list")]
    pub right: Vec<u32>,
    /// A leaf's contribution to the margin.
    #[serde(with = "crate::number_list")]
    pub value: Vec<f64>,
}

impl Tree {
    /// A tree of one leaf.
    pub fn leaf(value: f64) -> Tree {
        Tree {
            feature: vec![0],
            threshold: vec![0.0],
            left: vec![0],
            right: vec![0],
            value: vec![value],
        }
    }

    /// The leaf value this row reaches. `row(i)` gives the value of feature `i`.
    #[inline]
    pub fn eval(&self, row: impl Fn(usize) -> f64) -> f64 {
        match self.arrays() {
            Some(arrays) => arrays.walk(0, &row),
            None => self.eval_uneven(row),
        }
    }

    /// The leaf values four rows reach, as four calls of [`eval`](Tree::eval) would
    /// give them; the four walks go down together while none has reached a leaf, so
    /// that one row's wait for its next node overlaps the others'.
    #[inline]
    pub fn eval4(&self, rows: [&[f64]; 4]) -> [f64; 4] {
        let Some(arrays) = self.arrays() else {
            return rows.map(|row| self.eval_uneven(|f| row[f]));
        };
        let mut at = [0usize; 4];
        while at.iter().all(|&i| arrays.left[i] != 0) {
            for (i, row) in at.iter_mut().zip(rows) {
                *i = arrays.step(*i, row[arrays.feature[*i] as usize]);
            }
        }
        std::array::from_fn(|k| arrays.walk(at[k], &|f| rows[k][f]))
    }

    /// The arrays cut to the number of nodes (`None` when one is shorter), so that
    /// the walk checks one index against one length.
    #[inline]
    fn arrays(&self) -> Option<TreeArrays<'_>> {
        let n = self.value.len();
        Some(TreeArrays {
            feature: self.feature.get(..n)?,
            threshold: self.threshold.get(..n)?,
            left: self.left.get(..n)?,
            right: self.right.get(..n)?,
            value: &self.value,
        })
    }

    /// [`eval`](Tree::eval) for arrays of unequal lengths (which [`check`](Tree::check)
    /// rejects): the same walk, each index checked on its own.
    fn eval_uneven(&self, row: impl Fn(usize) -> f64) -> f64 {
        let mut i = 0usize;
        loop {
            let l = self.left[i] as usize;
            if l == 0 {
                return self.value[i];
            }
            i = if row(self.feature[i] as usize) > self.threshold[i] {
                self.right[i] as usize
            } else {
                l
            };
        }
    }

    /// Checks the arrays: equal lengths, children after their parent and in range,
    /// features below `n_features`.
    pub fn check(&self, n_features: usize) -> std::result::Result<(), String> {
        let n = self.value.len();
        if n == 0 {
            return Err("a tree has no node".into());
        }
        if [
            self.feature.len(),
            self.threshold.len(),
            self.left.len(),
            self.right.len(),
        ]
        .iter()
        .any(|&m| m != n)
        {
            return Err("a tree's arrays differ in length".into());
        }
        for i in 0..n {
            let (l, r) = (self.left[i] as usize, self.right[i] as usize);
            if l == 0 {
                continue;
            }
            if l <= i || r <= i || l >= n || r >= n {
                return Err(format!("node {i}: children must follow it and exist"));
            }
            if self.feature[i] as usize >= n_features {
                return Err(format!("node {i}: feature index out of range"));
            }
        }
        Ok(())
    }
}

/// A tree's arrays, all of one length.
#[derive(Clone, Copy)]
struct TreeArrays<'a> {
    feature: &'a [u32],
    threshold: &'a [f64],
    left: &'a [u32],
    right: &'a [u32],
    value: &'a [f64],
}

impl TreeArrays<'_> {
    /// From inner node `i`, the child a row whose value of `feature[i]` is `v` goes to.
    #[inline]
    fn step(&self, i: usize, v: f64) -> usize {
        let (l, r) = (self.left[i] as usize, self.right[i] as usize);
        let go_right = v > self.threshold[i];
        // Which way a row goes is data, not a pattern a branch predictor can learn:
        // when the right child follows the left one (as `fit` lays trees out), the
        // step is an addition, not a branch.
        if r == l + 1 {
            l + usize::from(go_right)
        } else if go_right {
            r
        } else {
            l
        }
    }

    /// The leaf value reached from node `i`.
    #[inline]
    fn walk(&self, mut i: usize, row: &impl Fn(usize) -> f64) -> f64 {
        while self.left[i] != 0 {
            i = self.step(i, row(self.feature[i] as usize));
        }
        self.value[i]
    }
}

/// The `learn.trees` pass: a boosted ensemble, `base_score` plus the sum of its
/// trees' leaves. Fields: `features` (keys; tree nodes index this list),
/// `base_score` (default 0), `trees` (default none), `margin_threshold` (default 0:
/// good when the probability is above one half), `decode` (default: each block on its
/// own against the threshold; see [`Decode`]), `fallback` (default `false`; `true`:
/// when no block passes, the block with the greatest margin is good).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trees {
    /// The feature columns the trees read, by key.
    pub features: Vec<String>,
    /// The margin before any tree (log-odds of "good").
    #[serde(default)]
    pub base_score: f64,
    /// The trees (with their walk's layouts, made at the first walk).
    #[serde(default)]
    pub trees: Ensemble,
    /// With the threshold decoding, blocks with a greater margin are good; with the
    /// others, the margin each block's score is taken from (see [`Decode`]).
    #[serde(default)]
    pub margin_threshold: f64,
    /// How the margins become the page's selection (default: the threshold alone).
    #[serde(default, skip_serializing_if = "Decode::is_threshold")]
    pub decode: Decode,
    /// A prior the margin starts from: `weight` times the block's value of `feature`
    /// (one of `features`; `NaN` counts 0), added to every margin (the trees were
    /// fitted as corrections of it: `pith train --prior`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prior: Option<Prior>,
    /// When no block of a page passes the threshold, the block with the greatest
    /// margin is good anyway (a page always gives some text when it has any).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fallback: bool,
}

/// The prior of a [`Trees`] ensemble: `weight` times a feature column.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prior {
    /// The column (one of the ensemble's `features`).
    pub feature: String,
    /// Its weight in margin units.
    pub weight: f64,
}

impl Prior {
    /// The prior's contribution for a value of its feature (`NaN`: none).
    pub fn of(&self, value: f64) -> f64 {
        if value.is_nan() {
            0.0
        } else {
            self.weight * value
        }
    }
}

/// With `fallback`, the index of the block to keep when no margin passes `threshold`.
pub fn fallback_block(margins: &[f64], threshold: f64) -> Option<usize> {
    if margins.iter().any(|&m| m > threshold) {
        return None;
    }
    best_margin(margins)
}

impl Trees {
    /// The margin (log-odds of "good") of one row of feature values.
    pub fn margin(&self, row: &[f64]) -> f64 {
        let m = self.base_score + self.trees.iter().map(|t| t.eval(|f| row[f])).sum::<f64>();
        match &self.prior {
            None => m,
            Some(prior) => {
                let at = self.features.iter().position(|k| *k == prior.feature);
                m + prior.of(at.map_or(f64::NAN, |i| row[i]))
            }
        }
    }

    /// Checks every tree against the feature list, and the decoding's parameters.
    pub fn check(&self) -> std::result::Result<(), String> {
        self.decode.check()?;
        if let Some(prior) = &self.prior {
            if !self.features.contains(&prior.feature) {
                return Err(format!(
                    "the prior's feature {:?} is not one of the features",
                    prior.feature
                ));
            }
            if !prior.weight.is_finite() {
                return Err("the prior's weight must be a finite number".into());
            }
        }
        self.trees
            .iter()
            .try_for_each(|t| t.check(self.features.len()))
    }
}

#[typetag::serde(name = "learn.trees")]
impl ContextPass for Trees {
    fn requires(&self) -> Vec<FeatureKey> {
        self.features
            .iter()
            .map(|k| FeatureKey(k.clone().into()))
            .collect()
    }
    fn prepare(&mut self) -> Result<()> {
        self.check().map_err(|message| Error::Stage {
            stage: "learn.trees".into(),
            message,
        })
    }
    fn revise(&self, ctx: PassContext<'_>, labels: &mut [Label]) -> Result<()> {
        if self.decode.is_threshold() {
            let good = self.threshold_sides(ctx.features, labels.len());
            for (label, &good) in labels.iter_mut().zip(&good) {
                *label = if good { Label::Good } else { Label::Bad };
            }
            if self.fallback && !good.iter().any(|&g| g) {
                // The greatest margin needs every tree (rare: no block passed).
                if let Some(b) = first_greatest(&self.margins(ctx.features, labels.len())) {
                    labels[b] = Label::Good;
                }
            }
            return Ok(());
        }
        let margins = self.margins(ctx.features, labels.len());
        let tokens = |i: usize| ctx.blocks.get(i).map_or(0, |b| token_count(&b.text));
        let chosen = select(&margins, self.margin_threshold, &self.decode, tokens);
        for (label, &good) in labels.iter_mut().zip(&chosen) {
            *label = if good { Label::Good } else { Label::Bad };
        }
        if self.fallback && !chosen.iter().any(|&g| g) {
            if let Some(b) = best_margin(&margins) {
                labels[b] = Label::Good;
            }
        }
        Ok(())
    }
}

/// The threshold decoding's fallback block: the first greatest margin, compared as it
/// comes (a `NaN` first margin stays chosen, unlike [`best_margin`]'s; margins are not
/// `NaN` unless a leaf is).
fn first_greatest(margins: &[f64]) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (b, &margin) in margins.iter().enumerate() {
        if best.is_none_or(|(_, m)| margin > m) {
            best = Some((b, margin));
        }
    }
    best.map(|(b, _)| b)
}

/// The index of the greatest margin (the first of equals; `NaN` never), as the
/// fallback keeps it.
pub fn best_margin(margins: &[f64]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, &m) in margins.iter().enumerate() {
        if !m.is_nan() && best.is_none_or(|b| m > margins[b]) {
            best = Some(i);
        }
    }
    best
}

impl Trees {
    /// The margins of a page's `blocks` blocks, read from the feature table: the same
    /// numbers as [`margin`](Trees::margin) of each block's row. See
    /// [`ensemble_margins`].
    pub fn margins(&self, features: &FeatureTable, blocks: usize) -> Vec<f64> {
        let mut margins = ensemble_margins(
            &self.features,
            self.base_score,
            &self.trees,
            features,
            blocks,
        );
        if let Some(prior) = self.prior_terms(features, blocks) {
            for (m, p) in margins.iter_mut().zip(prior) {
                *m += p;
            }
        }
        margins
    }

    /// Each block's contribution of the prior (`None` without one).
    fn prior_terms(&self, features: &FeatureTable, blocks: usize) -> Option<Vec<f64>> {
        let prior = self.prior.as_ref()?;
        let column = features.column_named(&prior.feature).unwrap_or(&[]);
        Some(
            (0..blocks)
                .map(|i| prior.of(column.get(i).copied().unwrap_or(f64::NAN)))
                .collect(),
        )
    }

    /// Whether each block's margin is above `margin_threshold` — what comparing
    /// [`margins`](Trees::margins) with it gives, block for block — with each block's
    /// row walked through the trees only until the trees left cannot bring its margin
    /// to the other side: every [`SIDE_CHECK_EVERY`] trees, a block whose margin so far
    /// plus the least (greatest) leaves of the rest is still above (not above) the
    /// threshold, by more than a rounding error, is decided. About half of the tree
    /// walks of the `pith` preset over scrapinghub.
    pub fn threshold_sides(&self, features: &FeatureTable, blocks: usize) -> Vec<bool> {
        if self.features.len() > 256 {
            return self
                .margins(features, blocks)
                .iter()
                .map(|&m| m > self.margin_threshold)
                .collect();
        }
        let columns = columns_of(&self.features, features);
        let prior = self.prior_terms(features, blocks);
        let mut sides = Vec::with_capacity(blocks);
        for range in walk_ranges(blocks) {
            let columns = columns_in(&columns, range.clone());
            let part = Sides {
                base_score: self.base_score,
                prior: prior.as_deref().map(|p| &p[range.clone()]),
                threshold: self.margin_threshold,
            };
            let n = range.len();
            sides.extend(match self.features.len() {
                0..=16 => part.decide::<16>(&columns, &self.trees, n),
                17..=64 => part.decide::<64>(&columns, &self.trees, n),
                65..=128 => part.decide::<128>(&columns, &self.trees, n),
                _ => part.decide::<256>(&columns, &self.trees, n),
            });
        }
        sides
    }
}

/// How many trees a block walks between two checks of whether its side of the
/// threshold is decided.
pub const SIDE_CHECK_EVERY: usize = 10;

/// What a margin is made of besides the trees, and the threshold it is compared with
/// ([`Trees::threshold_sides`]).
struct Sides<'a> {
    base_score: f64,
    /// The prior's contribution of each block, if the ensemble has a prior.
    prior: Option<&'a [f64]>,
    threshold: f64,
}

impl Sides<'_> {
    /// The margin of block `r` from the sum of its leaves, as [`Trees::margins`]
    /// computes it (the same operations in the same order).
    fn margin(&self, r: usize, sum: f64) -> f64 {
        let m = self.base_score + sum;
        match self.prior {
            Some(prior) => m + prior[r],
            None => m,
        }
    }

    fn decide<const W: usize>(
        &self,
        columns: &[&[f64]],
        trees: &Ensemble,
        blocks: usize,
    ) -> Vec<bool> {
        let layouts = trees.layouts(columns.len());
        let heaps = layouts.heaps();
        let rows = PageRows::<W>::new(&layouts, columns, blocks);
        // The least and the greatest sum of the leaves of trees k.. (suffix sums).
        let mut rest = vec![(0.0f64, 0.0f64); trees.len() + 1];
        for k in (0..trees.len()).rev() {
            let (low, high) = match &heaps[k] {
                Some(heap) => heap.leaf_range(),
                None => leaf_range(&trees[k]),
            };
            rest[k] = (rest[k + 1].0 + low, rest[k + 1].1 + high);
        }
        let mut sums = vec![-0.0f64; blocks];
        let mut decided: Vec<Option<bool>> = vec![None; blocks];
        let mut active: Vec<u32> = (0..blocks)
            .map(|r| u32::try_from(r).expect("fewer than 2^32 blocks"))
            .collect();
        for (k, (tree, heap)) in trees.iter().zip(heaps).enumerate() {
            if k > 0 && k % SIDE_CHECK_EVERY == 0 {
                let (low, high) = rest[k];
                active.retain(|&r| {
                    let r = r as usize;
                    let m = self.margin(r, sums[r]);
                    // Far more than the rounding of the sums still to come.
                    let slack = 1e-9 * (1.0 + m.abs() + low.abs() + high.abs());
                    let side = if m + low > self.threshold + slack {
                        Some(true)
                    } else if m + high < self.threshold - slack {
                        Some(false)
                    } else {
                        None
                    };
                    decided[r] = side;
                    side.is_none()
                });
                if active.is_empty() {
                    break;
                }
            }
            match (&rows, heap) {
                (PageRows::Binned(rows, binned), _) => {
                    binned.trees()[k].add_leaves_at(rows, &mut sums, &active);
                }
                (PageRows::Values(rows), Some(heap)) => {
                    heap.add_leaves_at(rows, &mut sums, &active);
                }
                (PageRows::Values(rows), None) => {
                    for &r in &active {
                        let row = &rows[r as usize];
                        sums[r as usize] += tree.eval(|f| row[f]);
                    }
                }
            }
        }
        (0..blocks)
            .map(|r| decided[r].unwrap_or_else(|| self.margin(r, sums[r]) > self.threshold))
            .collect()
    }
}

/// The least and the greatest value among a tree's leaves (nodes with `left` 0).
fn leaf_range(tree: &Tree) -> (f64, f64) {
    tree.left
        .iter()
        .zip(&tree.value)
        .filter(|(&left, _)| left == 0)
        .fold(
            (f64::INFINITY, f64::NEG_INFINITY),
            |(low, high), (_, &v)| (low.min(v), high.max(v)),
        )
}

/// The ensemble's feature columns, by key (missing ones empty).
fn columns_of<'a>(keys: &[String], features: &'a FeatureTable) -> Vec<&'a [f64]> {
    keys.iter()
        .map(|key| features.column_named(key).unwrap_or(&[]))
        .collect()
}

/// A page's rows as a walk reads them: in bin numbers when the ensemble has them
/// (`binned`), else as values.
enum PageRows<'a, const W: usize> {
    Binned(Vec<[u8; W]>, &'a BinnedEnsemble),
    Values(Vec<[f64; W]>),
}

impl<'a, const W: usize> PageRows<'a, W> {
    fn new(layouts: &'a Layouts, columns: &[&[f64]], blocks: usize) -> PageRows<'a, W> {
        match layouts.binned() {
            Some(binned) => PageRows::Binned(binned.rows::<W>(columns, blocks), binned),
            None => PageRows::Values(padded_rows::<W>(columns, blocks)),
        }
    }
}

/// The page's rows, `W` values each (missing values and padding `NaN`).
fn padded_rows<const W: usize>(columns: &[&[f64]], blocks: usize) -> Vec<[f64; W]> {
    let mut rows = vec![[f64::NAN; W]; blocks];
    for (f, column) in columns.iter().enumerate() {
        for (row, &v) in rows.iter_mut().zip(column.iter()) {
            row[f] = v;
        }
    }
    rows
}

/// The margins of a page's `blocks` blocks under an ensemble (`base_score` plus the
/// leaves of `trees`, whose nodes index `keys`), read from the feature table; missing
/// columns and rows read `NaN`. The leaves are added in tree order, as
/// [`Trees::margin`] adds them, so the numbers are the same; but the work goes tree by
/// tree over a row-major copy of the columns, so that one tree's nodes stay in the
/// cache while every block walks it, each tree laid out in heap order (`walk`).
pub fn ensemble_margins(
    keys: &[String],
    base_score: f64,
    trees: &Ensemble,
    features: &FeatureTable,
    blocks: usize,
) -> Vec<f64> {
    let columns = columns_of(keys, features);
    // `f64`'s `Sum` starts from -0.0: the same sums as `Trees::margin`'s.
    let mut sums = vec![-0.0f64; blocks];
    // Rows padded to a power-of-two width (see `walk`); wider ensembles are rare.
    match keys.len() {
        0..=16 => add_all_leaves::<16>(&columns, trees, &mut sums),
        17..=64 => add_all_leaves::<64>(&columns, trees, &mut sums),
        65..=128 => add_all_leaves::<128>(&columns, trees, &mut sums),
        129..=256 => add_all_leaves::<256>(&columns, trees, &mut sums),
        _ => add_all_leaves_wide(&columns, trees, &mut sums),
    }
    sums.into_iter().map(|s| base_score + s).collect()
}

/// The most rows a tree walk lays out at once. A page's blocks are walked in slices of
/// this many, so the row-major copy of the columns takes at most this many rows of
/// `W` values (4 MiB at the widest, 256) however many blocks the page has; each row's
/// leaves are still added in tree order, so the sums do not change. Most pages have a
/// few hundred blocks: one slice.
pub const ROWS_PER_WALK: usize = 2048;

/// The slices of a page's `blocks` blocks that a walk takes in turn.
fn walk_ranges(blocks: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    (0..blocks)
        .step_by(ROWS_PER_WALK)
        .map(move |start| start..(start + ROWS_PER_WALK).min(blocks))
}

/// The part of each column for the blocks of `range` (a column shorter than the page
/// gives what it has, maybe nothing: the rows past its end read `NaN`, as before).
fn columns_in<'a>(columns: &[&'a [f64]], range: std::ops::Range<usize>) -> Vec<&'a [f64]> {
    columns
        .iter()
        .map(|c| c.get(range.start..range.end.min(c.len())).unwrap_or(&[]))
        .collect()
}

/// Adds the leaves of `trees` to `sums` (one per row), the rows read from `columns`
/// (missing values `NaN`) into `W` values each, [`ROWS_PER_WALK`] rows at a time: the
/// whole ensemble on bin numbers (`binned`) when it can be, else each tree in heap
/// order (`walk::HeapTree`, laid out at the first walk and kept with the trees) when it can be laid out so, else
/// breadth first ([`FlatTree`]) or walked as it is.
fn add_all_leaves<const W: usize>(columns: &[&[f64]], trees: &Ensemble, sums: &mut [f64]) {
    let layouts = trees.layouts(columns.len());
    let mut at = Vec::new();
    for range in walk_ranges(sums.len()) {
        let columns = columns_in(columns, range.clone());
        let sums = &mut sums[range];
        let rows = match PageRows::<W>::new(&layouts, &columns, sums.len()) {
            PageRows::Binned(rows, binned) => {
                for tree in binned.trees() {
                    tree.add_leaves(&rows, sums);
                }
                continue;
            }
            PageRows::Values(rows) => rows,
        };
        for (tree, heap) in trees.iter().zip(layouts.heaps()) {
            if let Some(heap) = heap {
                heap.add_leaves(&rows, sums);
                continue;
            }
            match FlatTree::new(tree, columns.len()) {
                Some(flat) => {
                    at.resize(sums.len(), 0);
                    flat.add_leaves(rows.as_flattened(), W, &mut at, sums);
                }
                None => {
                    for (sum, row) in sums.iter_mut().zip(&rows) {
                        *sum += tree.eval(|f| row[f]);
                    }
                }
            }
        }
    }
}

/// [`add_all_leaves`] for more than 256 features: rows of the ensemble's own width,
/// every tree breadth first or as it is.
fn add_all_leaves_wide(columns: &[&[f64]], trees: &[Tree], sums: &mut [f64]) {
    let width = columns.len();
    for range in walk_ranges(sums.len()) {
        let sums = &mut sums[range.clone()];
        let mut rows = vec![f64::NAN; width * sums.len()];
        for (f, column) in columns_in(columns, range).iter().enumerate() {
            for (row, &v) in rows.chunks_exact_mut(width).zip(column.iter()) {
                row[f] = v;
            }
        }
        let mut at = vec![0u32; sums.len()];
        for tree in trees {
            match FlatTree::new(tree, width) {
                Some(flat) => flat.add_leaves(&rows, width, &mut at, sums),
                None => {
                    for (sum, row) in sums.iter_mut().zip(rows.chunks_exact(width)) {
                        *sum += tree.eval(|f| row[f]);
                    }
                }
            }
        }
    }
}

/// A tree laid out for walking all of a page's rows together, level by level, without
/// a branch: the children of a node are side by side (the walk adds 0 or 1 to the left
/// child's index), and a leaf is its own child with a threshold of +∞, which no value
/// (`NaN` included) is greater than, so a row that reached a leaf stays there while
/// the others go on. After `depth` levels every row is at its leaf. The same
/// comparisons as [`Tree::eval`], so the same leaves.
struct FlatTree {
    nodes: Vec<FlatNode>,
    /// The leaf value of each node (0 for inner nodes).
    values: Vec<f64>,
    /// The number of levels below the root (of the deepest leaf).
    depth: usize,
}

/// One node of a [`FlatTree`] (16 bytes: four to a cache line).
#[derive(Clone, Copy)]
struct FlatNode {
    threshold: f64,
    feature: u32,
    /// The left child (the right one follows it); for a leaf, the leaf itself.
    left: u32,
}

impl FlatTree {
    /// The tree laid out breadth first; `None` when its arrays differ in length, a node
    /// it reaches is out of range (child or feature) or it is not a tree (a node reached
    /// twice): [`Tree::eval`] then walks it. (A checked tree, [`Tree::check`], always
    /// gives one; the few tests here take less than checking every node again per page.)
    fn new(tree: &Tree, n_features: usize) -> Option<FlatTree> {
        let n = tree.value.len();
        let lengths = [
            tree.feature.len(),
            tree.threshold.len(),
            tree.left.len(),
            tree.right.len(),
        ];
        if n == 0 || lengths.iter().any(|&m| m != n) {
            return None;
        }
        // (node in `tree`, its depth), in the new order.
        let mut order: Vec<(usize, usize)> = Vec::with_capacity(n);
        order.push((0, 0));
        let mut nodes = Vec::with_capacity(n);
        let mut values = Vec::with_capacity(n);
        let mut depth = 0;
        let mut next = 0;
        while let Some(&(old, d)) = order.get(next) {
            let me = next as u32;
            next += 1;
            let left = tree.left[old] as usize;
            if left == 0 {
                nodes.push(FlatNode {
                    threshold: f64::INFINITY,
                    feature: 0,
                    left: me,
                });
                values.push(tree.value[old]);
                depth = depth.max(d);
                continue;
            }
            let right = tree.right[old] as usize;
            let feature = tree.feature[old];
            if order.len() + 2 > n || left >= n || right >= n || feature as usize >= n_features {
                return None;
            }
            nodes.push(FlatNode {
                threshold: tree.threshold[old],
                feature,
                left: order.len() as u32,
            });
            values.push(0.0);
            order.push((left, d + 1));
            order.push((right, d + 1));
        }
        Some(FlatTree {
            nodes,
            values,
            depth,
        })
    }

    /// Adds each row's leaf value to its sum. `rows` holds the rows one after the
    /// other, `width` values each (`width` above every feature index); `at` is scratch
    /// space, one per row.
    fn add_leaves(&self, rows: &[f64], width: usize, at: &mut [u32], sums: &mut [f64]) {
        at.fill(0);
        for _ in 0..self.depth {
            for (i, row) in at.iter_mut().zip(rows.chunks_exact(width)) {
                let node = self.nodes[*i as usize];
                *i = node.left + u32::from(row[node.feature as usize] > node.threshold);
            }
        }
        for (sum, &i) in sums.iter_mut().zip(at.iter()) {
            *sum += self.values[i as usize];
        }
    }
}

/// The key of [`Margin`] by default.
pub const MARGIN: &str = "learn.margin";

/// `learn.margin`: a boosted ensemble as a feature — each block's margin (log-odds of
/// "good"), for a second ensemble that also reads its neighbours' margins (stacking:
/// `pith train --stack`). Fields: `key` (default `learn.margin`), `features`,
/// `base_score`, `trees`, as [`Trees`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Margin {
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The feature columns the trees read, by key.
    pub features: Vec<String>,
    /// The margin before any tree.
    #[serde(default)]
    pub base_score: f64,
    /// The trees (with their walk's layouts, made at the first walk).
    #[serde(default)]
    pub trees: Ensemble,
}

impl Margin {
    /// The margins of a page's blocks from its feature columns (`NaN` where a column
    /// is missing or short); see [`ensemble_margins`].
    pub fn margins(&self, n_blocks: usize, table: &FeatureTable) -> Vec<f64> {
        ensemble_margins(
            &self.features,
            self.base_score,
            &self.trees,
            table,
            n_blocks,
        )
    }
}

#[typetag::serde(name = "learn.margin")]
impl Feature for Margin {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        FeatureKey(self.key.clone().unwrap_or_else(|| MARGIN.into()).into())
    }
    fn requires(&self) -> Vec<FeatureKey> {
        self.features
            .iter()
            .map(|k| FeatureKey(k.clone().into()))
            .collect()
    }
    fn prepare(&mut self) -> Result<()> {
        self.trees
            .iter()
            .try_for_each(|t| t.check(self.features.len()))
            .map_err(|message| Error::Stage {
                stage: "learn.margin".into(),
                message,
            })
    }
    fn compute(&self, blocks: &[Block], table: &FeatureTable) -> Result<Vec<f64>> {
        Ok(self.margins(blocks.len(), table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_rejects_bad_trees() {
        let mut t = Tree::leaf(1.0);
        assert!(t.check(0).is_ok());
        t.left[0] = 0;
        t.value.push(0.0);
        assert!(t.check(1).is_err(), "lengths differ");
        let cyclic = Tree {
            feature: vec![0, 0],
            threshold: vec![0.0, 0.0],
            left: vec![1, 1],
            right: vec![1, 0],
            value: vec![0.0, 0.0],
        };
        assert!(cyclic.check(1).is_err());
        let out_of_range = Tree {
            feature: vec![3, 0, 0],
            threshold: vec![0.0; 3],
            left: vec![1, 0, 0],
            right: vec![2, 0, 0],
            value: vec![0.0; 3],
        };
        assert!(out_of_range.check(1).is_err());
        assert!(out_of_range.check(4).is_ok());
    }
}
