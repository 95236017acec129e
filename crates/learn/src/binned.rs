//! Tree inference on bin numbers instead of values: the same walk as `walk`'s heap
//! layout, with each row's values and each node's threshold replaced by small integers
//! that compare the same way, so that a row is one byte a feature and a node two bytes.
//!
//! Why: the walk is a chain of dependent loads (the node, the row's value, the next
//! node), and over the `pith` preset's 73 columns (74 now) a row of `f64`s padded to a
//! power of two was 2 KiB and an ensemble's nodes about 300 KiB, so the loads missed the
//! nearest caches and a long page's rows took megabytes. As bytes a row is 128 bytes
//! (the 74 columns padded to 128) and the nodes of 100 trees of depth 8 about 50 KiB.
//!
//! The numbers: for each feature, the distinct thresholds its nodes test (`NaN` and
//! +∞ aside, which no value is greater than), sorted, are its cut points `c_0 < c_1 <
//! …`; a value's bin is the number of cut points it is greater than (0 for `NaN`), and
//! a node testing `v > c_j` tests `bin(v) > j` instead, which holds exactly when `v >
//! c_j` does (the cut points below `c_j` are below `v` too). A node testing `NaN` or
//! +∞ gets 255, which no bin exceeds (there are at most 255 cut points). The leaves and
//! the order they are added in are the heap walk's, so the sums are the same bit for
//! bit; an ensemble with a feature of more than 255 cut points, or a tree the heap
//! layout refuses, is walked the other way.

use crate::walk::{add_walked_leaves, HeapTree, HeapWalk};

/// The most cut points a feature may have for its bins to fit a byte with 255 left
/// for "never greater".
const MOST_CUTS: usize = 255;

/// The bin a node compares with when no value can be greater than its threshold.
const NEVER: u8 = u8::MAX;

/// An ensemble in bin numbers: each feature's cut points and each tree's nodes.
pub struct BinnedEnsemble {
    /// Each feature's cut points, ascending and distinct (empty for a feature no node
    /// tests).
    cuts: Vec<Vec<f64>>,
    trees: Vec<BinnedTree>,
}

/// One tree of a [`BinnedEnsemble`]: a heap layout of (feature, bin) nodes.
pub struct BinnedTree {
    depth: u32,
    /// `[feature, bin]` of each slot; the walk goes right when the row's bin of the
    /// feature is greater than the node's.
    nodes: Vec<[u8; 2]>,
    /// The leaf values, by position on the last level (the heap tree's).
    values: Vec<f64>,
}

impl BinnedEnsemble {
    /// The ensemble of `heaps` in bin numbers, over `n_features` features; `None` when a
    /// tree has no heap layout, there are more than 256 features, or a feature has more
    /// than 255 cut points.
    pub fn new(heaps: &[Option<HeapTree>], n_features: usize) -> Option<BinnedEnsemble> {
        if n_features > 256 {
            return None;
        }
        let mut cuts = vec![Vec::new(); n_features];
        for heap in heaps {
            for (feature, threshold) in heap.as_ref()?.slots() {
                if cuts_at(threshold) {
                    cuts[feature as usize].push(threshold);
                }
            }
        }
        for feature_cuts in &mut cuts {
            feature_cuts.sort_by(f64::total_cmp);
            // -0.0 and 0.0 are one cut point: a value is greater than both or neither.
            feature_cuts.dedup_by(|a, b| a == b);
            if feature_cuts.len() > MOST_CUTS {
                return None;
            }
        }
        let trees = heaps
            .iter()
            .flatten()
            .map(|heap| BinnedTree::new(heap, &cuts))
            .collect();
        Some(BinnedEnsemble { cuts, trees })
    }

    /// The trees, in the ensemble's order.
    pub fn trees(&self) -> &[BinnedTree] {
        &self.trees
    }

    /// The page's rows in bin numbers, `W` bins each (`W` a power of two, at least the
    /// number of features), read from `columns` (one per feature; a column shorter than
    /// `blocks` and the padding read bin 0, as `NaN` does).
    pub fn rows<const W: usize>(&self, columns: &[&[f64]], blocks: usize) -> Vec<[u8; W]> {
        let mut rows = vec![[0u8; W]; blocks];
        for (f, (column, cuts)) in columns.iter().zip(&self.cuts).enumerate() {
            if cuts.is_empty() {
                continue;
            }
            for (row, &v) in rows.iter_mut().zip(column.iter()) {
                row[f] = bin(cuts, v);
            }
        }
        rows
    }
}

/// Whether a threshold is a cut point: `NaN` and +∞ are not (no value is greater).
fn cuts_at(threshold: f64) -> bool {
    !threshold.is_nan() && threshold != f64::INFINITY
}

/// The number of `cuts` (ascending) that `v` is greater than: 0 for `NaN`.
fn bin(cuts: &[f64], v: f64) -> u8 {
    let n = cuts.partition_point(|&c| v > c);
    u8::try_from(n).expect("at most 255 cut points")
}

impl BinnedTree {
    fn new(heap: &HeapTree, cuts: &[Vec<f64>]) -> BinnedTree {
        let nodes = heap
            .slots()
            .map(|(feature, threshold)| {
                let bin = if cuts_at(threshold) {
                    let feature_cuts = &cuts[feature as usize];
                    let j = feature_cuts.partition_point(|&c| c < threshold);
                    u8::try_from(j).expect("a cut point's place is under 255")
                } else {
                    NEVER
                };
                [u8::try_from(feature).expect("at most 256 features"), bin]
            })
            .collect();
        BinnedTree {
            depth: heap.depth(),
            nodes,
            values: heap.values().to_vec(),
        }
    }
}

impl HeapWalk for BinnedTree {
    type Value = u8;

    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn add<const N: usize, const W: usize>(
        &self,
        rows: &[[u8; W]],
        sums: &mut [f64],
        active: Option<&[u32]>,
    ) {
        let (Ok(nodes), Ok(values)) = (
            <&[[u8; 2]; N]>::try_from(self.nodes.as_slice()),
            <&[f64; N]>::try_from(self.values.as_slice()),
        ) else {
            unreachable!("a heap tree has 2^depth slots")
        };
        add_walked_leaves(rows, sums, active, values, |i, row: &[u8; W]| {
            let [feature, bin] = nodes[i & (N - 1)];
            2 * i + 1 + usize::from(row[usize::from(feature) & (W - 1)] > bin)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trees::Tree;
    use proptest::prelude::*;

    /// A tree of depth two on features 0 and 1 with the given thresholds.
    fn two_level(t0: f64, t1: f64, t2: f64) -> Tree {
        Tree {
            feature: vec![0, 1, 0, 0, 0, 0, 0],
            threshold: vec![t0, t1, t2, 0.0, 0.0, 0.0, 0.0],
            left: vec![1, 3, 5, 0, 0, 0, 0],
            right: vec![2, 4, 6, 0, 0, 0, 0],
            value: vec![0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0],
        }
    }

    fn binned(trees: &[Tree], n_features: usize) -> Option<BinnedEnsemble> {
        let heaps: Vec<_> = trees.iter().map(|t| HeapTree::new(t, n_features)).collect();
        BinnedEnsemble::new(&heaps, n_features)
    }

    #[test]
    fn cut_points_are_each_features_distinct_thresholds() {
        let trees = [
            two_level(1.0, 5.0, 0.0),
            two_level(-0.0, 5.0, f64::INFINITY),
        ];
        let ensemble = binned(&trees, 2).expect("binned");
        assert_eq!(ensemble.cuts, vec![vec![-0.0, 1.0], vec![5.0]]);
        let rows = ensemble.rows::<4>(&[&[f64::NAN, 0.0, 0.5, 1.0, 7.0], &[6.0]], 5);
        let bins: Vec<[u8; 2]> = rows.iter().map(|r| [r[0], r[1]]).collect();
        assert_eq!(bins, [[0, 1], [0, 0], [1, 0], [1, 0], [2, 0]]);
    }

    #[test]
    fn too_many_cut_points_or_features_are_refused() {
        let many: Vec<Tree> = (0..300).map(|k| two_level(k as f64, 0.0, 0.0)).collect();
        assert!(binned(&many[..254], 2).is_some());
        assert!(binned(&many, 2).is_none());
        assert!(binned(&[Tree::leaf(1.0)], 257).is_none());
    }

    /// Any value: ordinary ones, the ends, zeros of both signs, `NaN`.
    fn value() -> impl Strategy<Value = f64> {
        prop_oneof![
            4 => -3.0..3.0f64,
            1 => (-3i8..=3).prop_map(f64::from),
            1 => Just(f64::NAN),
            1 => Just(f64::INFINITY),
            1 => Just(f64::NEG_INFINITY),
            1 => Just(-0.0),
        ]
    }

    proptest! {
        /// The bins reach the leaves the values reach, so the sums are the same bits.
        #[test]
        fn binned_walk_sums_what_the_value_walk_sums(
            thresholds in prop::collection::vec((value(), value(), value()), 1..6),
            rows in prop::collection::vec((value(), value()), 1..11),
        ) {
            let mut trees: Vec<Tree> =
                thresholds.iter().map(|&(a, b, c)| two_level(a, b, c)).collect();
            // A leaf above the last level, reached through "always left" slots.
            trees.push(Tree {
                feature: vec![0, 0, 1, 0, 0],
                threshold: vec![1.0, 0.0, 0.0, 0.0, 0.0],
                left: vec![1, 0, 3, 0, 0],
                right: vec![2, 0, 4, 0, 0],
                value: vec![0.0, -1.0, 0.0, 2.0, 3.0],
            });
            let heaps: Vec<_> = trees.iter().map(|t| HeapTree::new(t, 2)).collect();
            let ensemble = BinnedEnsemble::new(&heaps, 2).expect("binned");
            let value_rows: Vec<[f64; 2]> = rows.iter().map(|&(a, b)| [a, b]).collect();
            let (x, y): (Vec<f64>, Vec<f64>) = rows.iter().copied().unzip();
            let bin_rows = ensemble.rows::<2>(&[&x, &y], rows.len());
            let mut by_value = vec![-0.0; rows.len()];
            let mut by_bin = vec![-0.0; rows.len()];
            let mut by_bin_at = vec![-0.0; rows.len()];
            let active: Vec<u32> = (0..rows.len() as u32).collect();
            for (heap, tree) in heaps.iter().flatten().zip(ensemble.trees()) {
                heap.add_leaves(&value_rows, &mut by_value);
                tree.add_leaves(&bin_rows, &mut by_bin);
                tree.add_leaves_at(&bin_rows, &mut by_bin_at, &active);
            }
            for (r, row) in value_rows.iter().enumerate() {
                let direct: f64 = trees.iter().map(|t| t.eval(|f| row[f])).sum();
                prop_assert_eq!(by_value[r].to_bits(), direct.to_bits());
                prop_assert_eq!(by_bin[r].to_bits(), by_value[r].to_bits());
                prop_assert_eq!(by_bin_at[r].to_bits(), by_value[r].to_bits());
            }
        }
    }
}
