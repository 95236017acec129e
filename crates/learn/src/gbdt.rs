//! Fitting the `learn.trees` ensemble: gradient boosting of regression trees with the
//! logistic loss, histogram-based, deterministic (decision 0012 says why it is written
//! here rather than taken from a crate).
//!
//! 1. Every feature's values are cut into at most `max_bins` bins at midpoints between
//!    distinct values (quantiles when there are more); `NaN` has a bin of its own that
//!    always goes left, as inference sends `NaN` left.
//! 2. The margin starts at the log-odds of the weighted share of positive rows.
//! 3. Each round fits one tree to the loss's gradients and hessians, level by level up
//!    to `max_depth`: a node splits at the feature and bin with the greatest gain
//!    `G_L²/(H_L+λ) + G_R²/(H_R+λ) − G²/(H+λ)` (ties: the first feature, the first
//!    bin), if both sides weigh at least `min_child_weight` in hessian; a leaf is worth
//!    `−learning_rate·G/(H+λ)`. A child's histogram is its parent's minus its
//!    sibling's, built on the smaller side.
//!
//! 4. Optionally (`subsample`, `colsample` below 1), each round fits its tree on a part
//!    of the rows and each tree chooses among a part of the features (stochastic
//!    gradient boosting, for generalisation): which ones is a hash of `seed`, the round
//!    and the row or feature, not a generator's state, so it is reproducible.
//!
//! No other randomness: the same rows and seed give the same trees, bit for bit, on one
//! thread or many (large nodes' histograms are built a group of features per task,
//! each bin summing its rows in the same order).

use rayon::prelude::*;

use crate::trees::Tree;

/// Training parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct GbdtParams {
    /// Boosting rounds (trees).
    pub rounds: usize,
    /// Deepest split level (a tree has at most `2^max_depth` leaves).
    pub max_depth: usize,
    /// Shrinkage of every leaf.
    pub learning_rate: f64,
    /// L2 regularisation of leaf values (λ).
    pub lambda: f64,
    /// Least hessian weight on each side of a split.
    pub min_child_weight: f64,
    /// Most bins per feature (at most 255, `NaN`'s bin included).
    pub max_bins: usize,
    /// The share of rows each round's tree is fitted on (1: all).
    pub subsample: f64,
    /// The share of features each tree may split on (1: all; at least one).
    pub colsample: f64,
    /// Seed of the row and feature samples.
    pub seed: u64,
}

/// The parameters that fitted the shipped `pith` preset, chosen out of fold on the
/// development folders (docs/evaluation.md): 100 trees of depth 8 at learning rate
/// 0.15 ("Learning rate and number of trees": as good as 150 at 0.1, a third fewer
/// trees to walk; "Deeper trees": depth 10 gained nothing), features cut into 32 bins
/// ("Histogram bins": coarser thresholds carry better to unseen pages than 64). Someone
/// training on their own gold starts from the recipe that measured best.
impl Default for GbdtParams {
    fn default() -> Self {
        GbdtParams {
            rounds: 100,
            max_depth: 8,
            learning_rate: 0.15,
            lambda: 1.0,
            min_child_weight: 0.5,
            max_bins: 32,
            subsample: 1.0,
            colsample: 1.0,
            seed: 1,
        }
    }
}

/// Training rows: a row-major matrix of feature values (`NaN` allowed), a label and a
/// weight per row.
#[derive(Clone, Debug, Default)]
pub struct Rows {
    /// Number of features (columns).
    pub n_features: usize,
    /// `n_rows × n_features` values, row after row.
    pub values: Vec<f64>,
    /// The label of each row (true: positive, "good").
    pub labels: Vec<bool>,
    /// The weight of each row.
    pub weights: Vec<f64>,
}

impl Rows {
    /// An empty set of rows with this many features.
    pub fn new(n_features: usize) -> Rows {
        Rows {
            n_features,
            ..Rows::default()
        }
    }

    /// Adds a row.
    pub fn push(&mut self, values: &[f64], label: bool, weight: f64) {
        debug_assert_eq!(values.len(), self.n_features);
        self.values.extend_from_slice(values);
        self.labels.push(label);
        self.weights.push(weight);
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// One row's values.
    pub fn row(&self, i: usize) -> &[f64] {
        &self.values[i * self.n_features..(i + 1) * self.n_features]
    }
}

/// Cut points of one feature: a value goes to bin `1 + #(edges < value)`, `NaN` to 0.
fn edges_of(rows: &Rows, subset: &[u32], f: usize, max_bins: usize) -> Vec<f64> {
    let mut vals: Vec<f64> = subset
        .iter()
        .map(|&r| rows.values[r as usize * rows.n_features + f])
        .filter(|v| !v.is_nan())
        .collect();
    vals.sort_by(f64::total_cmp);
    vals.dedup();
    let slots = max_bins.clamp(2, 255) - 1; // bins for values
    let picks: Vec<f64> = if vals.len() <= slots {
        vals
    } else {
        (0..slots)
            .map(|k| vals[(k * vals.len()) / slots])
            .collect::<Vec<_>>()
    };
    picks
        .windows(2)
        .map(|w| w[0] + (w[1] - w[0]) / 2.0)
        .filter(|e| e.is_finite())
        .collect()
}

fn bin_of(edges: &[f64], v: f64) -> u8 {
    if v.is_nan() {
        0
    } else {
        (1 + edges.partition_point(|&e| e < v)) as u8
    }
}

#[derive(Clone, Copy, Default)]
struct Sums {
    g: f64,
    h: f64,
}

struct Split {
    feature: usize,
    bin: usize,
    gain: f64,
}

fn score(g: f64, h: f64, lambda: f64) -> f64 {
    g * g / (h + lambda)
}

/// Fits an ensemble to the rows in `subset` (indices into `rows`); returns the base
/// score and the trees, whose nodes index the features `0..rows.n_features`.
pub fn fit(rows: &Rows, subset: &[u32], params: &GbdtParams) -> (f64, Vec<Tree>) {
    fit_from(rows, subset, params, None)
}

/// [`fit`] from a prior: row `r`'s margin starts at the base score plus `offset[r]`
/// (boosting from another model's decision, so that the trees learn its
/// corrections). The base score is then the log-odds of the positive share minus the
/// weighted mean offset, so that the prior shifts margins around the same centre.
pub fn fit_from(
    rows: &Rows,
    subset: &[u32],
    params: &GbdtParams,
    offset: Option<&[f64]>,
) -> (f64, Vec<Tree>) {
    let nf = rows.n_features;
    let n = subset.len();
    let edges: Vec<Vec<f64>> = (0..nf)
        .map(|f| edges_of(rows, subset, f, params.max_bins))
        .collect();
    let nbins: Vec<usize> = edges.iter().map(|e| e.len() + 2).collect();
    let offsets = bin_offsets(&nbins);
    let hist_len: usize = nbins.iter().sum();
    // Binned matrix of the subset, row-major.
    let mut bins = vec![0u8; n * nf];
    for (i, &r) in subset.iter().enumerate() {
        let row = rows.row(r as usize);
        for f in 0..nf {
            bins[i * nf + f] = bin_of(&edges[f], row[f]);
        }
    }
    let y: Vec<f64> = subset
        .iter()
        .map(|&r| f64::from(u8::from(rows.labels[r as usize])))
        .collect();
    let w: Vec<f64> = subset.iter().map(|&r| rows.weights[r as usize]).collect();
    let total_w: f64 = w.iter().sum();
    let pos_w: f64 = w.iter().zip(&y).map(|(w, y)| w * y).sum();
    let p0 = if total_w > 0.0 {
        (pos_w / total_w).clamp(1e-6, 1.0 - 1e-6)
    } else {
        0.5
    };
    let mut base = (p0 / (1.0 - p0)).ln();
    let mut margin = vec![base; n];
    if let Some(offset) = offset {
        let at = |r: u32| offset.get(r as usize).copied().unwrap_or(0.0);
        let mean = if total_w > 0.0 {
            subset.iter().zip(&w).map(|(&r, w)| at(r) * w).sum::<f64>() / total_w
        } else {
            0.0
        };
        base -= mean;
        for (m, &r) in margin.iter_mut().zip(subset) {
            *m = base + at(r);
        }
    }
    let mut g = vec![0.0; n];
    let mut h = vec![0.0; n];
    let mut trees = Vec::with_capacity(params.rounds);
    for round in 0..params.rounds {
        for i in 0..n {
            let p = 1.0 / (1.0 + (-margin[i]).exp());
            g[i] = (p - y[i]) * w[i];
            h[i] = (p * (1.0 - p)).max(1e-12) * w[i];
        }
        if params.subsample < 1.0 {
            // A row out of this round's sample weighs nothing in its tree (its
            // margin still moves by the leaf it falls in).
            for (i, &r) in subset.iter().enumerate() {
                if !sampled(params.seed, round, 0, r as u64, params.subsample) {
                    g[i] = 0.0;
                    h[i] = 0.0;
                }
            }
        }
        let allowed: Vec<bool> = if params.colsample < 1.0 {
            let mut a: Vec<bool> = (0..nf)
                .map(|f| sampled(params.seed, round, 1, f as u64, params.colsample))
                .collect();
            if !a.iter().any(|&x| x) && nf > 0 {
                a[(mix(params.seed ^ round as u64) % nf as u64) as usize] = true;
            }
            a
        } else {
            vec![true; nf]
        };
        let builder = Builder {
            allowed: &allowed,
            bins: &bins,
            nf,
            nbins: &nbins,
            offsets: &offsets,
            hist_len,
            g: &g,
            h: &h,
            params,
        };
        let (tree, leaves) = builder.build(&edges);
        for (value, members) in leaves {
            for i in members {
                margin[i as usize] += value;
            }
        }
        trees.push(tree);
    }
    (base, trees)
}

/// Where each feature's bins start in a histogram that holds every feature's, one
/// after the other: the running sum of the bin counts.
fn bin_offsets(nbins: &[usize]) -> Vec<usize> {
    nbins
        .iter()
        .scan(0, |acc, &b| {
            let o = *acc;
            *acc += b;
            Some(o)
        })
        .collect()
}

/// The splitmix64 finaliser: a well-mixed 64-bit hash of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Whether item `i` of kind `kind` (0: row, 1: feature) is in round `round`'s sample
/// of share `share`: a hash of the seed, round, kind and item below the share.
fn sampled(seed: u64, round: usize, kind: u64, i: u64, share: f64) -> bool {
    let h = mix(mix(mix(seed) ^ round as u64).wrapping_add(kind) ^ mix(i));
    ((h >> 11) as f64 / (1u64 << 53) as f64) < share
}

struct Builder<'a> {
    /// The features this tree may split on.
    allowed: &'a [bool],
    bins: &'a [u8],
    nf: usize,
    nbins: &'a [usize],
    offsets: &'a [usize],
    hist_len: usize,
    g: &'a [f64],
    h: &'a [f64],
    params: &'a GbdtParams,
}

struct Pending {
    node: usize,
    rows: Vec<u32>,
    hist: Vec<Sums>,
    depth: usize,
}

/// Nodes of at least this many rows build their histogram on every core, a group of
/// [`FEATURES_PER_TASK`] features per task; smaller ones on the calling thread, where a
/// task would cost more than it saves.
const PARALLEL_HISTOGRAM_ROWS: usize = 16_384;

/// Features per task of a histogram built on every core.
const FEATURES_PER_TASK: usize = 8;

impl Builder<'_> {
    /// The gradient and hessian sums of every feature's bins over `rows`. Built on
    /// every core for large nodes, split by feature: each bin still sums its rows in
    /// the same order, so the sums, and the trees, are the same bit for bit whatever
    /// the number of threads.
    fn histogram(&self, rows: &[u32]) -> Vec<Sums> {
        if rows.len() < PARALLEL_HISTOGRAM_ROWS || self.nf <= FEATURES_PER_TASK {
            return self.histogram_of(rows, 0..self.nf);
        }
        let groups: Vec<std::ops::Range<usize>> = (0..self.nf)
            .step_by(FEATURES_PER_TASK)
            .map(|start| start..(start + FEATURES_PER_TASK).min(self.nf))
            .collect();
        let parts: Vec<Vec<Sums>> = groups
            .into_par_iter()
            .map(|features| self.histogram_of(rows, features))
            .collect();
        parts.concat()
    }

    /// The part of [`Builder::histogram`] for `features` (consecutive): their bins,
    /// in the histogram's order.
    fn histogram_of(&self, rows: &[u32], features: std::ops::Range<usize>) -> Vec<Sums> {
        let start = self
            .offsets
            .get(features.start)
            .copied()
            .unwrap_or(self.hist_len);
        let end = self
            .offsets
            .get(features.end)
            .copied()
            .unwrap_or(self.hist_len);
        let mut hist = vec![Sums::default(); end - start];
        let offsets = &self.offsets[features.clone()];
        for &r in rows {
            let r = r as usize;
            let (g, h) = (self.g[r], self.h[r]);
            let row = &self.bins[r * self.nf + features.start..r * self.nf + features.end];
            for (&offset, &b) in offsets.iter().zip(row) {
                let s = &mut hist[offset - start + b as usize];
                s.g += g;
                s.h += h;
            }
        }
        hist
    }

    fn best_split(&self, hist: &[Sums]) -> Option<Split> {
        let lambda = self.params.lambda;
        let mut best: Option<Split> = None;
        for f in (0..self.nf).filter(|&f| self.allowed[f]) {
            let hf = &hist[self.offsets[f]..self.offsets[f] + self.nbins[f]];
            let (gt, ht) = hf.iter().fold((0.0, 0.0), |(g, h), s| (g + s.g, h + s.h));
            let parent = score(gt, ht, lambda);
            let (mut gl, mut hl) = (0.0, 0.0);
            // Split after bin `b`: bins 0..=b left. The last bin cannot be the cut.
            for (b, s) in hf.iter().enumerate().take(hf.len() - 1) {
                gl += s.g;
                hl += s.h;
                let (gr, hr) = (gt - gl, ht - hl);
                if b == 0 || hl < self.params.min_child_weight || hr < self.params.min_child_weight
                {
                    continue;
                }
                let gain = score(gl, hl, lambda) + score(gr, hr, lambda) - parent;
                if gain > 1e-9 && best.as_ref().is_none_or(|x| gain > x.gain) {
                    best = Some(Split {
                        feature: f,
                        bin: b,
                        gain,
                    });
                }
            }
        }
        best
    }

    fn leaf_value(&self, hist: &[Sums]) -> f64 {
        // Any one feature's bins sum to the node's totals.
        let hf = &hist[self.offsets[0]..self.offsets[0] + self.nbins[0]];
        let (g, h) = hf.iter().fold((0.0, 0.0), |(g, h), s| (g + s.g, h + s.h));
        -self.params.learning_rate * g / (h + self.params.lambda)
    }

    /// Builds one tree; returns it with each leaf's value and member rows.
    fn build(&self, edges: &[Vec<f64>]) -> (Tree, Vec<(f64, Vec<u32>)>) {
        let mut tree = Tree::default();
        let mut leaves = Vec::new();
        let n = (self.g.len()) as u32;
        if self.nf == 0 || n == 0 {
            return (Tree::leaf(0.0), leaves);
        }
        let all: Vec<u32> = (0..n).collect();
        let hist = self.histogram(&all);
        push_node(&mut tree);
        let mut queue = std::collections::VecDeque::new();
        queue.push_back(Pending {
            node: 0,
            rows: all,
            hist,
            depth: 0,
        });
        while let Some(p) = queue.pop_front() {
            let split = if p.depth < self.params.max_depth && p.rows.len() > 1 {
                self.best_split(&p.hist)
            } else {
                None
            };
            let Some(split) = split else {
                let v = self.leaf_value(&p.hist);
                tree.value[p.node] = v;
                leaves.push((v, p.rows));
                continue;
            };
            let (f, b) = (split.feature, split.bin);
            let (left_rows, right_rows): (Vec<u32>, Vec<u32>) = p
                .rows
                .iter()
                .partition(|&&r| (self.bins[r as usize * self.nf + f] as usize) <= b);
            let (small, small_is_left) = if left_rows.len() <= right_rows.len() {
                (&left_rows, true)
            } else {
                (&right_rows, false)
            };
            let small_hist = self.histogram(small);
            let mut big_hist = p.hist;
            for (x, s) in big_hist.iter_mut().zip(&small_hist) {
                x.g -= s.g;
                x.h -= s.h;
            }
            let (left_hist, right_hist) = if small_is_left {
                (small_hist, big_hist)
            } else {
                (big_hist, small_hist)
            };
            let l = push_node(&mut tree);
            let r = push_node(&mut tree);
            tree.feature[p.node] = f as u32;
            // Bin b (1-based values) ends at edge b-1: values ≤ it go left.
            tree.threshold[p.node] = edges[f][b - 1];
            tree.left[p.node] = l as u32;
            tree.right[p.node] = r as u32;
            queue.push_back(Pending {
                node: l,
                rows: left_rows,
                hist: left_hist,
                depth: p.depth + 1,
            });
            queue.push_back(Pending {
                node: r,
                rows: right_rows,
                hist: right_hist,
                depth: p.depth + 1,
            });
        }
        (tree, leaves)
    }
}

fn push_node(tree: &mut Tree) -> usize {
    tree.feature.push(0);
    tree.threshold.push(0.0);
    tree.left.push(0);
    tree.right.push(0);
    tree.value.push(0.0);
    tree.value.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trees::Trees;

    fn xor_rows() -> Rows {
        let mut rows = Rows::new(3);
        for i in 0..400 {
            let a = (i % 7) as f64;
            let b = ((i / 7) % 5) as f64;
            let noise = if i % 3 == 0 {
                f64::NAN
            } else {
                (i % 11) as f64
            };
            rows.push(&[a, b, noise], (a > 3.0) != (b > 1.0), 1.0);
        }
        rows
    }

    #[test]
    fn learns_an_interaction_and_is_deterministic() {
        let rows = xor_rows();
        let all: Vec<u32> = (0..rows.len() as u32).collect();
        let params = GbdtParams {
            rounds: 30,
            max_depth: 3,
            min_child_weight: 0.1,
            ..GbdtParams::default()
        };
        let (base, trees) = fit(&rows, &all, &params);
        let model = Trees {
            features: vec!["a".into(), "b".into(), "c".into()],
            base_score: base,
            trees: trees.clone().into(),
            margin_threshold: 0.0,
            fallback: false,
            decode: Default::default(),
            prior: None,
        };
        model.check().unwrap();
        let correct = (0..rows.len())
            .filter(|&i| (model.margin(rows.row(i)) > 0.0) == rows.labels[i])
            .count();
        assert_eq!(correct, rows.len());
        assert_eq!(fit(&rows, &all, &params), (base, trees));
    }

    #[test]
    fn nan_goes_left_in_training_as_in_inference() {
        let mut rows = Rows::new(1);
        for i in 0..100 {
            let (v, label) = match i % 3 {
                0 => (f64::NAN, false),
                1 => (1.0, false),
                _ => (5.0, true),
            };
            rows.push(&[v], label, 1.0);
        }
        let all: Vec<u32> = (0..100).collect();
        let (base, trees) = fit(&rows, &all, &GbdtParams::default());
        let m = Trees {
            features: vec!["x".into()],
            base_score: base,
            trees: trees.into(),
            margin_threshold: 0.0,
            fallback: false,
            decode: Default::default(),
            prior: None,
        };
        assert!(m.margin(&[f64::NAN]) < 0.0);
        assert!(m.margin(&[1.0]) < 0.0);
        assert!(m.margin(&[5.0]) > 0.0);
    }

    /// A large node's histogram, built on every core a group of features at a time, is
    /// the one-thread histogram bit for bit (each bin sums its rows in the same order).
    #[test]
    fn a_histogram_built_on_every_core_is_the_serial_one() {
        let nf = 3 * FEATURES_PER_TASK + 5;
        let n = PARALLEL_HISTOGRAM_ROWS + 1000;
        let nbins: Vec<usize> = (0..nf).map(|f| 2 + f % 30).collect();
        let offsets = bin_offsets(&nbins);
        let hist_len = nbins.iter().sum();
        let hash = |i: usize| mix(i as u64);
        let bins: Vec<u8> = (0..n * nf)
            .map(|i| (hash(i) % nbins[i % nf] as u64) as u8)
            .collect();
        let g: Vec<f64> = (0..n)
            .map(|i| (hash(i + 7) % 1000) as f64 / 997.0 - 0.5)
            .collect();
        let h: Vec<f64> = (0..n)
            .map(|i| (hash(i + 11) % 1000) as f64 / 991.0)
            .collect();
        let allowed = vec![true; nf];
        let params = GbdtParams::default();
        let builder = Builder {
            allowed: &allowed,
            bins: &bins,
            nf,
            nbins: &nbins,
            offsets: &offsets,
            hist_len,
            g: &g,
            h: &h,
            params: &params,
        };
        // Every row but a few, in a shuffled order, as a node's rows are.
        let rows: Vec<u32> = (0..n as u32).filter(|r| r % 97 != 0).rev().collect();
        assert!(rows.len() >= PARALLEL_HISTOGRAM_ROWS);
        let bits = |hist: Vec<Sums>| -> Vec<(u64, u64)> {
            hist.iter()
                .map(|s| (s.g.to_bits(), s.h.to_bits()))
                .collect()
        };
        let parallel = bits(builder.histogram(&rows));
        assert_eq!(parallel.len(), hist_len);
        assert_eq!(parallel, bits(builder.histogram_of(&rows, 0..nf)));
    }

    #[test]
    fn empty_and_featureless_inputs_give_leaves() {
        let rows = Rows::new(0);
        let (_, trees) = fit(&rows, &[], &GbdtParams::default());
        assert!(trees.iter().all(|t| t.check(0).is_ok()));
    }
}
