//! The blocks' paths through the tree: every block's node and its ancestors, listed once
//! per page and shared by the features that read them.

use pith_dom::{Document, NodeId};

use crate::block::Block;

/// Every node that is a block's node or an ancestor of one, each once, parents before
/// children; with, for each of them, where its parent stands in the list, and for each
/// block, where its node does.
///
/// Why: many features are a value inherited down the tree, `value(n) = step(n,
/// value(parent(n)))` (inside which elements, which class words on the path, the nearest
/// annotation, the depth). [`fold`](Ancestry::fold) computes such a value at the few
/// hundred nodes of the blocks' paths in one pass over this list, each node's parent
/// already done, where a walk per feature would climb from every block to the first
/// node it knows and keep a table as large as the page's arena. The pipeline builds the
/// list once per page for all features
/// ([`FeatureInput::ancestry`](crate::FeatureInput::ancestry)).
///
/// ```
/// use pith_core::{Ancestry, Block};
///
/// let doc = pith_core::dom::parse_html("<body><p>a</p><p>b</p></body>");
/// let body = doc.body().unwrap();
/// let blocks: Vec<Block> = doc
///     .children(body)
///     .map(|p| Block { node: Some(p), ..Block::default() })
///     .collect();
/// let ancestry = Ancestry::new(&doc, &blocks);
/// // The depth of every listed node: the document 0, <html> 1, <body> 2, each <p> 3.
/// let depths = ancestry.fold(-1, |_, up| up + 1);
/// let of_blocks: Vec<Option<i32>> = ancestry.block_values(&depths).collect();
/// assert_eq!(of_blocks, [Some(3), Some(3)]);
/// assert_eq!(ancestry.nodes().len(), 5);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ancestry {
    nodes: Vec<NodeId>,
    /// The place of each node's parent in `nodes`, [`NONE`] without one.
    parents: Vec<usize>,
    /// The place of each block's node in `nodes`, [`NONE`] without one.
    blocks: Vec<usize>,
}

/// The place that stands for none in `parents` and `blocks`: past the end of any list,
/// so that `values.get(place)` tells whether there is one and reads it in one
/// comparison (the [`fold`](Ancestry::fold) runs once per node for each of the ~30
/// features of a `pith` page).
const NONE: usize = usize::MAX;

impl Ancestry {
    /// The list for `blocks` cut from `doc`. A block without a node, or whose node is
    /// not in `doc`'s arena, has none in the list.
    pub fn new(doc: &Document, blocks: &[Block]) -> Ancestry {
        let mut slot_of: Vec<usize> = vec![NONE; doc.arena_len()];
        let mut ancestry = Ancestry {
            nodes: Vec::new(),
            parents: Vec::new(),
            blocks: Vec::with_capacity(blocks.len()),
        };
        let mut path = Vec::new();
        for block in blocks {
            let Some(node) = block.node.filter(|n| n.index() < doc.arena_len()) else {
                ancestry.blocks.push(NONE);
                continue;
            };
            // Climb to the first node already listed, then list the ones passed from
            // the outermost down, so that a parent always comes first.
            let mut above = NONE;
            for a in doc.inclusive_ancestors(node) {
                if slot_of[a.index()] != NONE {
                    above = slot_of[a.index()];
                    break;
                }
                path.push(a);
            }
            while let Some(n) = path.pop() {
                let slot = ancestry.nodes.len();
                ancestry.nodes.push(n);
                ancestry.parents.push(above);
                slot_of[n.index()] = slot;
                above = slot;
            }
            ancestry.blocks.push(above);
        }
        ancestry
    }

    /// The nodes, parents before children (each block's path from the top down, in the
    /// order of the blocks).
    pub fn nodes(&self) -> &[NodeId] {
        &self.nodes
    }

    /// The place in [`nodes`](Ancestry::nodes) of the parent of the node at `slot`,
    /// always earlier; `None` for a node without a parent (the document, or the top of
    /// a detached subtree).
    pub fn parent(&self, slot: usize) -> Option<usize> {
        Some(self.parents[slot]).filter(|&p| p != NONE)
    }

    /// The place in [`nodes`](Ancestry::nodes) of block `block`'s node; `None` for a
    /// block without a node in the document.
    pub fn block_slot(&self, block: usize) -> Option<usize> {
        Some(self.blocks[block]).filter(|&s| s != NONE)
    }

    /// Each block's value among `values` (one per node, as [`fold`](Ancestry::fold)
    /// gives them), `None` for a block without a node in the document.
    pub fn block_values<'s, T: Copy>(
        &'s self,
        values: &'s [T],
    ) -> impl ExactSizeIterator<Item = Option<T>> + 's {
        self.blocks.iter().map(|&slot| values.get(slot).copied())
    }

    /// The inherited value of every listed node, by its place in
    /// [`nodes`](Ancestry::nodes): `step(node, the parent's value)`, with `top` for a
    /// node without a parent. `step` is called once per node, parents first.
    pub fn fold<T: Copy>(&self, top: T, mut step: impl FnMut(NodeId, T) -> T) -> Vec<T> {
        let mut values: Vec<T> = Vec::with_capacity(self.nodes.len());
        for (&node, &parent) in self.nodes.iter().zip(&self.parents) {
            let up = values.get(parent).copied().unwrap_or(top);
            values.push(step(node, up));
        }
        values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each block's node climbed to the top by its parent links, as the plain definition.
    fn plain_paths(doc: &Document, blocks: &[Block]) -> Vec<Option<Vec<NodeId>>> {
        blocks
            .iter()
            .map(|b| {
                let n = b.node.filter(|n| n.index() < doc.arena_len())?;
                Some(doc.inclusive_ancestors(n).collect())
            })
            .collect()
    }

    /// The path of each block read back from the list by parent places.
    fn listed_paths(a: &Ancestry, blocks: usize) -> Vec<Option<Vec<NodeId>>> {
        (0..blocks)
            .map(|b| {
                let slot = a.block_slot(b);
                let mut path = Vec::new();
                let mut cur = slot;
                while let Some(s) = cur {
                    path.push(a.nodes()[s]);
                    cur = a.parent(s);
                }
                slot.map(|_| path)
            })
            .collect()
    }

    proptest::proptest! {
        /// Any choice of nodes (repeated, out of order, missing, past the arena) gives
        /// each block its path, every node once, parents first.
        #[test]
        fn lists_every_path_once_parents_first(
            picks in proptest::collection::vec(proptest::option::of(0usize..40), 0..12),
        ) {
            let mut doc = pith_dom::parse_html(
                "<body><div><p>a<b>b</b></p><ul><li>c</li><li><i>d</i></li></ul></div>\
                 <p>e</p><table><tr><td>f</td></tr></table></body>",
            );
            // A detached subtree: its top has no parent.
            let loose = doc.create(pith_dom::NodeData::Text("x".into()));
            // A node of a larger document, past this one's arena.
            let outside = doc.clone().create(pith_dom::NodeData::Text(Default::default()));
            let mut all: Vec<NodeId> = doc.descendants(doc.root()).collect();
            all.extend([loose, outside]);
            let blocks: Vec<Block> = picks
                .iter()
                .map(|p| Block {
                    node: p.map(|i| all[i % all.len()]),
                    ..Block::default()
                })
                .collect();
            let a = Ancestry::new(&doc, &blocks);
            proptest::prop_assert_eq!(listed_paths(&a, blocks.len()), plain_paths(&doc, &blocks));
            let mut seen = std::collections::HashSet::new();
            for (i, &n) in a.nodes().iter().enumerate() {
                let p = a.parent(i);
                proptest::prop_assert!(seen.insert(n));
                proptest::prop_assert!(p.is_none_or(|p| p < i));
                proptest::prop_assert_eq!(p.map(|p| a.nodes()[p]), doc.parent(n));
            }
            // The depth by fold is the depth by climbing.
            let depths = a.fold(0usize, |_, up| up + 1);
            let want: Vec<Option<usize>> =
                plain_paths(&doc, &blocks).into_iter().map(|p| p.map(|p| p.len())).collect();
            proptest::prop_assert_eq!(a.block_values(&depths).collect::<Vec<_>>(), want);
        }
    }
}
