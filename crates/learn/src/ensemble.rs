//! [`Ensemble`]: the trees of a `learn.trees` pass (or a `learn.margin` column) with
//! the layouts their walk reads (`walk`: each tree in heap order, and the whole
//! ensemble on bin numbers), made at the first walk and kept with the trees.
//!
//! Why kept with the trees: laying out 100 trees costs about as much as walking them
//! over a page, so the layouts must outlive a page. They were kept per thread and
//! found again on every page by comparing every node of every tree with a kept copy,
//! about 1 % of the `pith` preset's time. Kept here they are found at no cost, and
//! they cannot go stale: the trees change only through `&mut`, and taking it
//! ([`DerefMut`]) drops the layouts, which the next walk makes again.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::trees::Tree;
use crate::walk::Layouts;

/// The trees of an ensemble, in order (a `Vec<Tree>` to read and change, through
/// `Deref`), with their walk's layouts kept for as long as the trees do not change.
/// Saved and loaded as the list of trees.
///
/// ```
/// # use pith_learn::{Ensemble, Tree};
/// let mut trees = Ensemble::from(vec![Tree::leaf(1.0)]);
/// trees.push(Tree::leaf(0.5));
/// assert_eq!(trees.len(), 2);
/// assert_eq!(serde_json::to_string(&trees).unwrap(), serde_json::to_string(&*trees).unwrap());
/// ```
#[derive(Clone, Default)]
pub struct Ensemble {
    trees: Vec<Tree>,
    /// The layouts of `trees` for the feature count they were made for.
    layouts: OnceLock<Arc<Layouts>>,
}

impl Ensemble {
    /// The layouts of the trees for rows of `n_features` values: the kept ones, made
    /// at the first call. For another feature count than the kept layouts' (the
    /// features of the pass changed), new ones, not kept.
    pub(crate) fn layouts(&self, n_features: usize) -> Arc<Layouts> {
        let kept = self
            .layouts
            .get_or_init(|| Arc::new(Layouts::new(&self.trees, n_features)));
        match kept.n_features() == n_features {
            true => Arc::clone(kept),
            false => Arc::new(Layouts::new(&self.trees, n_features)),
        }
    }

    /// The trees, without their layouts.
    pub fn into_trees(self) -> Vec<Tree> {
        self.trees
    }
}

impl From<Vec<Tree>> for Ensemble {
    fn from(trees: Vec<Tree>) -> Ensemble {
        Ensemble {
            trees,
            layouts: OnceLock::new(),
        }
    }
}

impl Deref for Ensemble {
    type Target = Vec<Tree>;
    fn deref(&self) -> &Vec<Tree> {
        &self.trees
    }
}

impl DerefMut for Ensemble {
    /// The trees to change: the kept layouts are dropped first.
    fn deref_mut(&mut self) -> &mut Vec<Tree> {
        self.layouts = OnceLock::new();
        &mut self.trees
    }
}

impl PartialEq for Ensemble {
    /// The same trees (the layouts follow from them).
    fn eq(&self, other: &Ensemble) -> bool {
        self.trees == other.trees
    }
}

impl std::fmt::Debug for Ensemble {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.trees.fmt(f)
    }
}

impl Serialize for Ensemble {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.trees.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Ensemble {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Ensemble, D::Error> {
        Vec::<Tree>::deserialize(deserializer).map(Ensemble::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walk::HeapWalk;

    /// A tree of one split on feature 0 at `threshold`, leaves `low` and `high`.
    fn split(threshold: f64, low: f64, high: f64) -> Tree {
        Tree {
            feature: vec![0, 0, 0],
            threshold: vec![threshold, 0.0, 0.0],
            left: vec![1, 0, 0],
            right: vec![2, 0, 0],
            value: vec![0.0, low, high],
        }
    }

    /// The sum of the leaves one row (one feature, `value`) reaches through the kept
    /// layouts' heap walk, checked against the trees walked as they are.
    fn walked(trees: &Ensemble, value: f64) -> f64 {
        let layouts = trees.layouts(1);
        let mut row = [f64::NAN; 16];
        row[0] = value;
        let mut sums = [-0.0];
        for heap in layouts.heaps() {
            heap.as_ref()
                .expect("a heap layout")
                .add_leaves(&[row], &mut sums);
        }
        let plain: f64 = trees.iter().map(|t| t.eval(|f| row[f])).sum();
        assert_eq!(sums[0], plain);
        sums[0]
    }

    #[test]
    fn layouts_are_kept_until_the_trees_change() {
        let mut trees = Ensemble::from(vec![split(0.5, 1.0, 2.0)]);
        let first = trees.layouts(1);
        assert!(Arc::ptr_eq(&first, &trees.layouts(1)), "made once");
        assert_eq!(walked(&trees, 1.0), 2.0);
        // Changed through `&mut`: the next walk sees the new trees.
        trees[0].value[2] = 5.0;
        assert_eq!(walked(&trees, 1.0), 5.0);
        trees.push(split(0.0, -1.0, 1.0));
        assert_eq!(walked(&trees, 1.0), 6.0);
        trees[1] = split(2.0, -1.0, 1.0);
        assert_eq!(walked(&trees, 1.0), 4.0);
        assert!(!Arc::ptr_eq(&first, &trees.layouts(1)));
    }

    #[test]
    fn another_feature_count_gets_its_own_layouts() {
        let trees = Ensemble::from(vec![split(0.5, 1.0, 2.0)]);
        let one = trees.layouts(1);
        let three = trees.layouts(3);
        assert_eq!(three.n_features(), 3);
        assert!(Arc::ptr_eq(&one, &trees.layouts(1)), "the kept ones stay");
    }

    #[test]
    fn a_clone_is_equal_and_loads_as_saved() {
        let trees = Ensemble::from(vec![split(0.5, 1.0, 2.0), Tree::leaf(0.25)]);
        let _ = trees.layouts(1);
        let copy = trees.clone();
        assert_eq!(copy, trees);
        let text = serde_json::to_string(&trees).unwrap();
        let back: Ensemble = serde_json::from_str(&text).unwrap();
        assert_eq!(back, trees);
        assert_eq!(back.into_trees(), trees.into_trees());
    }
}
