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
/// let of_blocks: Vec<i32> = ancestry.block_slots().iter().map(|s| depths[s.unwrap()]).collect();
/// assert_eq!(of_blocks, [3, 3]);
/// assert_eq!(ancestry.nodes().len(), 5);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ancestry {
    nodes: Vec<NodeId>,
    parents: Vec<Option<usize>>,
    blocks: Vec<Option<usize>>,
}

impl Ancestry {
    /// The list for `blocks` cut from `doc`. A block without a node, or whose node is
    /// not in `doc`'s arena, has none in the list.
    pub fn new(doc: &Document, blocks: &[Block]) -> Ancestry {
        let mut slot_of: Vec<Option<usize>> = vec![None; doc.arena_len()];
        let mut ancestry = Ancestry {
            nodes: Vec::new(),
            parents: Vec::new(),
            blocks: Vec::with_capacity(blocks.len()),
        };
        let mut path = Vec::new();
        for block in blocks {
            let Some(node) = block.node.filter(|n| n.index() < doc.arena_len()) else {
                ancestry.blocks.push(None);
                continue;
            };
            // Climb to the first node already listed, then list the ones passed from
            // the outermost down, so that a parent always comes first.
            let mut above = None;
            for a in doc.inclusive_ancestors(node) {
                if let Some(slot) = slot_of[a.index()] {
                    above = Some(slot);
                    break;
                }
                path.push(a);
            }
            while let Some(n) = path.pop() {
                let slot = ancestry.nodes.len();
                ancestry.nodes.push(n);
                ancestry.parents.push(above);
                slot_of[n.index()] = Some(slot);
                above = Some(slot);
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

    /// For each node of [`nodes`](Ancestry::nodes), the place of its parent in that list,
    /// always earlier; `None` for a node without a parent (the document, or the top of
    /// a detached subtree).
    pub fn parents(&self) -> &[Option<usize>] {
        &self.parents
    }

    /// For each block, the place of its node in [`nodes`](Ancestry::nodes); `None` for a
    /// block without a node in the document.
    pub fn block_slots(&self) -> &[Option<usize>] {
        &self.blocks
    }

    /// The inherited value of every listed node, by its place in
    /// [`nodes`](Ancestry::nodes): `step(node, the parent's value)`, with `top` for a
    /// node without a parent. `step` is called once per node, parents first.
    pub fn fold<T: Copy>(&self, top: T, mut step: impl FnMut(NodeId, T) -> T) -> Vec<T> {
        let mut values: Vec<T> = Vec::with_capacity(self.nodes.len());
        for (&node, &parent) in self.nodes.iter().zip(&self.parents) {
            let up = parent.map_or(top, |p| values[p]);
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
    fn listed_paths(a: &Ancestry) -> Vec<Option<Vec<NodeId>>> {
        a.block_slots()
            .iter()
            .map(|&slot| {
                let mut path = Vec::new();
                let mut cur = slot;
                while let Some(s) = cur {
                    path.push(a.nodes()[s]);
                    cur = a.parents()[s];
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
            let outside = doc.clone().create(pith_dom::NodeData::Text(String::new()));
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
            proptest::prop_assert_eq!(listed_paths(&a), plain_paths(&doc, &blocks));
            let mut seen = std::collections::HashSet::new();
            for (i, (&n, &p)) in a.nodes().iter().zip(a.parents()).enumerate() {
                proptest::prop_assert!(seen.insert(n));
                proptest::prop_assert!(p.is_none_or(|p| p < i));
                proptest::prop_assert_eq!(p.map(|p| a.nodes()[p]), doc.parent(n));
            }
            // The depth by fold is the depth by climbing.
            let depths = a.fold(0usize, |_, up| up + 1);
            for (slot, path) in a.block_slots().iter().zip(plain_paths(&doc, &blocks)) {
                proptest::prop_assert_eq!(slot.map(|s| depths[s]), path.map(|p| p.len()));
            }
        }
    }
}
