//! Tree inference over a page's rows with as few instructions per level as possible:
//! each tree is laid out as a complete binary tree in heap order (the children of slot
//! `i` are `2i + 1` and `2i + 2`), so a step is `i = 2i + 1 + (value > threshold)` with
//! no child index to load, and the arrays have a power-of-two length known to the
//! compiler, so indexing them needs no bounds check. Rows are padded to a power-of-two
//! width for the same reason.
//!
//! A leaf above the tree's deepest level becomes a chain of "always left" slots
//! (threshold +∞, which no value, `NaN` included, is greater than) down to the last
//! level, where its value sits. The comparisons are the ones [`Tree::eval`] makes, so a
//! row reaches the same leaf; the leaves are added in tree order, so the sums are the
//! same numbers, bit for bit.
//!
//! Four rows walk a tree side by side, a level at a time: each row's walk is a chain of
//! dependent loads (slot, feature, value, comparison, next slot), but the rows are
//! independent, so the processor overlaps four chains instead of finding the next row's
//! start past the end of the current one (0.973× the `pith` preset's CPU over the
//! scrapinghub pages against one row at a time, median of 21 interleaved rounds; eight
//! rows measured no better). The leaves are still added row by row in tree order.
//!
//! When every tree has this layout and each feature's thresholds can be numbered in a
//! byte, the walk goes on bin numbers instead (`binned`: the same leaves, rows and
//! nodes a few times smaller); the layout here is the walk of the other ensembles.
//!
//! Laying out 300 trees costs about as much as walking them over a page, so the layouts
//! are made once and kept with the trees ([`Ensemble`](crate::Ensemble)).

use crate::binned::BinnedEnsemble;
use crate::trees::Tree;

/// The heap layouts of an ensemble's trees (`None` for a tree [`HeapTree::new`]
/// refuses) and the same in bin numbers when it can be (`binned`), with the feature
/// count they were made for.
pub struct Layouts {
    n_features: usize,
    heaps: Vec<Option<HeapTree>>,
    binned: Option<BinnedEnsemble>,
}

impl Layouts {
    /// The layouts of `trees` for rows of `n_features` values.
    pub(crate) fn new(trees: &[Tree], n_features: usize) -> Layouts {
        let heaps: Vec<Option<HeapTree>> =
            trees.iter().map(|t| HeapTree::new(t, n_features)).collect();
        let binned = BinnedEnsemble::new(&heaps, n_features);
        Layouts {
            n_features,
            heaps,
            binned,
        }
    }

    /// The feature count the layouts were made for.
    pub fn n_features(&self) -> usize {
        self.n_features
    }

    /// Each tree's heap layout, `None` where it has none.
    pub fn heaps(&self) -> &[Option<HeapTree>] {
        &self.heaps
    }

    /// The ensemble in bin numbers, when every tree has a heap layout and every
    /// feature's thresholds fit a byte.
    pub fn binned(&self) -> Option<&BinnedEnsemble> {
        self.binned.as_ref()
    }
}

/// How many rows walk a tree side by side.
const LANES: usize = 4;

/// The deepest tree laid out this way (a tree of depth 8 has 256 leaf slots).
pub const MAX_DEPTH: u32 = 8;

/// A tree in heap order: `thresholds`, `features` and `values` have `2^depth` slots
/// each (slot `2^depth - 1` of the first two is never read).
pub struct HeapTree {
    depth: u32,
    thresholds: Vec<f64>,
    features: Vec<u32>,
    /// The leaf values, by position on the last level.
    values: Vec<f64>,
    /// The least and the greatest value of a leaf a row can reach.
    leaf_range: (f64, f64),
}

impl HeapTree {
    /// The tree in heap order; `None` when its arrays differ in length, a node it
    /// reaches is out of range (child or feature), it is not a tree (a node reached
    /// twice) or it is deeper than [`MAX_DEPTH`]: the caller walks it another way then.
    pub fn new(tree: &Tree, n_features: usize) -> Option<HeapTree> {
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
        // (node in `tree`, its heap slot, its depth), breadth first.
        let mut order: Vec<(usize, usize, u32)> = Vec::with_capacity(n);
        order.push((0, 0, 0));
        let mut depth = 0;
        let mut next = 0;
        while let Some(&(old, slot, d)) = order.get(next) {
            next += 1;
            let left = tree.left[old] as usize;
            if left == 0 {
                depth = depth.max(d);
                continue;
            }
            let right = tree.right[old] as usize;
            if d >= MAX_DEPTH
                || order.len() + 2 > n
                || left >= n
                || right >= n
                || tree.feature[old] as usize >= n_features
            {
                return None;
            }
            order.push((left, 2 * slot + 1, d + 1));
            order.push((right, 2 * slot + 2, d + 1));
        }
        let slots = 1usize << depth;
        let mut heap = HeapTree {
            depth,
            thresholds: vec![f64::INFINITY; slots],
            features: vec![0; slots],
            values: vec![0.0; slots],
            leaf_range: (f64::INFINITY, f64::NEG_INFINITY),
        };
        for &(old, slot, d) in &order {
            if tree.left[old] != 0 {
                heap.thresholds[slot] = tree.threshold[old];
                heap.features[slot] = tree.feature[old];
                continue;
            }
            let (low, high) = heap.leaf_range;
            heap.leaf_range = (low.min(tree.value[old]), high.max(tree.value[old]));
            // Always left (the slots on the way already say so) down to the last level.
            let mut at = slot;
            for _ in d..depth {
                at = 2 * at + 1;
            }
            heap.values[at + 1 - slots] = tree.value[old];
        }
        Some(heap)
    }

    /// The least and the greatest leaf value a row can reach (+∞ and −∞ for a tree
    /// without leaves, which `new` does not make).
    pub fn leaf_range(&self) -> (f64, f64) {
        self.leaf_range
    }

    /// Each slot's feature and threshold, in heap order (+∞ for the "always left"
    /// slots and the last, unread one).
    pub fn slots(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        self.features
            .iter()
            .copied()
            .zip(self.thresholds.iter().copied())
    }

    /// The leaf values, by position on the last level.
    pub fn values(&self) -> &[f64] {
        &self.values
    }
}

impl HeapWalk for HeapTree {
    type Value = f64;

    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn add<const N: usize, const W: usize>(
        &self,
        rows: &[[f64; W]],
        sums: &mut [f64],
        active: Option<&[u32]>,
    ) {
        let (Ok(thresholds), Ok(features), Ok(values)) = (
            <&[f64; N]>::try_from(self.thresholds.as_slice()),
            <&[u32; N]>::try_from(self.features.as_slice()),
            <&[f64; N]>::try_from(self.values.as_slice()),
        ) else {
            unreachable!("a heap tree has 2^depth slots")
        };
        add_walked_leaves(rows, sums, active, values, |i, row: &[f64; W]| {
            let k = i & (N - 1);
            let v = row[features[k] as usize & (W - 1)];
            2 * i + 1 + usize::from(v > thresholds[k])
        });
    }
}

/// A tree laid out in heap order for rows of `Value`s to walk (the children of slot
/// `i` are `2i + 1` and `2i + 2`, every leaf on the last level): [`HeapTree`] on the
/// values, `binned::BinnedTree` on bin numbers. `W` is the rows' width, a power of two
/// above every feature index the tree reads.
pub trait HeapWalk {
    /// What a row holds for each feature.
    type Value;

    /// The number of levels below the root.
    fn depth(&self) -> u32;

    /// Adds to each row's sum (every row, or those numbered in `active`) the leaf it
    /// reaches, for a tree of `N = 2^depth` slots ([`add_walked_leaves`] with the
    /// layout's step).
    fn add<const N: usize, const W: usize>(
        &self,
        rows: &[[Self::Value; W]],
        sums: &mut [f64],
        active: Option<&[u32]>,
    );

    /// Adds each row's leaf value to its sum.
    fn add_leaves<const W: usize>(&self, rows: &[[Self::Value; W]], sums: &mut [f64])
    where
        Self: Sized,
    {
        add_by_depth(self, rows, sums, None);
    }

    /// [`add_leaves`](HeapWalk::add_leaves) for the rows numbered in `active` only.
    fn add_leaves_at<const W: usize>(
        &self,
        rows: &[[Self::Value; W]],
        sums: &mut [f64],
        active: &[u32],
    ) where
        Self: Sized,
    {
        add_by_depth(self, rows, sums, Some(active));
    }
}

/// [`HeapWalk::add`] with `N` the tree's number of slots, a constant for the compiler.
fn add_by_depth<T: HeapWalk, const W: usize>(
    tree: &T,
    rows: &[[T::Value; W]],
    sums: &mut [f64],
    active: Option<&[u32]>,
) {
    match tree.depth() {
        0 => tree.add::<1, W>(rows, sums, active),
        1 => tree.add::<2, W>(rows, sums, active),
        2 => tree.add::<4, W>(rows, sums, active),
        3 => tree.add::<8, W>(rows, sums, active),
        4 => tree.add::<16, W>(rows, sums, active),
        5 => tree.add::<32, W>(rows, sums, active),
        6 => tree.add::<64, W>(rows, sums, active),
        7 => tree.add::<128, W>(rows, sums, active),
        _ => tree.add::<256, W>(rows, sums, active),
    }
}

/// Adds to each row's sum the value of the leaf it reaches in a heap-ordered tree of
/// `N = 2^depth` slots: `depth` steps from slot 0 (`step` of a slot and the row gives
/// the next), then the last level's value (`values`, by position on that level) —
/// every row, or those numbered in `active`, [`LANES`] rows side by side: their chains
/// of dependent loads are independent, so the processor overlaps them. The heap walk's
/// and the bin numbers' (`binned`) alike.
#[inline]
pub fn add_walked_leaves<R, const N: usize>(
    rows: &[R],
    sums: &mut [f64],
    active: Option<&[u32]>,
    values: &[f64; N],
    step: impl Fn(usize, &R) -> usize,
) {
    let levels = N.trailing_zeros();
    let leaf = |i: usize| values[(i + 1 - N) & (N - 1)];
    let walk = |row: &R| (0..levels).fold(0, |i, _| step(i, row));
    match active {
        None => {
            let mut sum_groups = sums.chunks_exact_mut(LANES);
            let mut row_groups = rows.chunks_exact(LANES);
            for (sums, rows) in (&mut sum_groups).zip(&mut row_groups) {
                let mut at = [0usize; LANES];
                for _ in 0..levels {
                    for (i, row) in at.iter_mut().zip(rows) {
                        *i = step(*i, row);
                    }
                }
                for (sum, i) in sums.iter_mut().zip(at) {
                    *sum += leaf(i);
                }
            }
            let rest = sum_groups.into_remainder();
            for (sum, row) in rest.iter_mut().zip(row_groups.remainder()) {
                *sum += leaf(walk(row));
            }
        }
        Some(active) => {
            let mut groups = active.chunks_exact(LANES);
            for group in &mut groups {
                let group: [usize; LANES] = std::array::from_fn(|g| group[g] as usize);
                let mut at = [0usize; LANES];
                for _ in 0..levels {
                    for (i, &r) in at.iter_mut().zip(&group) {
                        *i = step(*i, &rows[r]);
                    }
                }
                for (&r, i) in group.iter().zip(at) {
                    sums[r] += leaf(i);
                }
            }
            for &r in groups.remainder() {
                let r = r as usize;
                sums[r] += leaf(walk(&rows[r]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaves_above_the_last_level_are_reached_by_their_rows() {
        // Root splits on f0 at 1.0; its left child is a leaf (-1), its right child
        // splits on f1 at 0.0 into leaves 2 and 3.
        let tree = Tree {
            feature: vec![0, 0, 1, 0, 0],
            threshold: vec![1.0, 0.0, 0.0, 0.0, 0.0],
            left: vec![1, 0, 3, 0, 0],
            right: vec![2, 0, 4, 0, 0],
            value: vec![0.0, -1.0, 0.0, 2.0, 3.0],
        };
        let heap = HeapTree::new(&tree, 2).expect("a valid tree");
        let rows = [
            [0.5, 9.0, 0.0, 0.0],
            [f64::NAN, 9.0, 0.0, 0.0],
            [2.0, -1.0, 0.0, 0.0],
            [2.0, 1.0, 0.0, 0.0],
            [2.0, f64::NAN, 0.0, 0.0],
        ];
        let mut sums = [0.0; 5];
        heap.add_leaves::<4>(&rows, &mut sums);
        assert_eq!(sums, [-1.0, -1.0, 2.0, 3.0, 2.0]);
        for (row, sum) in rows.iter().zip(sums) {
            assert_eq!(tree.eval(|f| row[f]), sum);
        }
    }

    #[test]
    fn trees_it_cannot_lay_out_are_refused() {
        let cyclic = Tree {
            feature: vec![0, 0],
            threshold: vec![0.0, 0.0],
            left: vec![1, 1],
            right: vec![1, 0],
            value: vec![0.0, 0.0],
        };
        assert!(HeapTree::new(&cyclic, 1).is_none());
        assert!(HeapTree::new(&Tree::leaf(1.0), 0).is_some());
        // A chain deeper than MAX_DEPTH.
        let d = MAX_DEPTH as usize + 1;
        let n = 2 * d + 1;
        let mut deep = Tree {
            feature: vec![0; n],
            threshold: vec![0.0; n],
            left: vec![0; n],
            right: vec![0; n],
            value: vec![0.0; n],
        };
        for k in 0..d {
            deep.left[2 * k] = (2 * k + 1) as u32;
            deep.right[2 * k] = (2 * k + 2) as u32;
        }
        assert!(deep.check(1).is_ok());
        assert!(HeapTree::new(&deep, 1).is_none());
    }
}
