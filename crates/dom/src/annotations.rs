//! The annotation side table: numbers that tree stages record per node, keyed by
//! [`NodeId`], next to the tree instead of in it.
//!
//! Why: to learn from several algorithms at once, their judgements must sit side by
//! side on the same blocks. A tree stage that would delete nodes (declutter's shake,
//! Readability's candidate selection) can instead, with a parameter, record what it
//! computed — a score, a keep flag, a candidate mark — and leave the tree whole; later,
//! features carry each block's nearest annotated ancestor's value into a column
//! ([`Document::nearest_annotation`]). One parse, one tree, every algorithm's signal.
//!
//! A table is a handful of named columns, each a dense `Vec<f64>` indexed by
//! [`NodeId::index`]; `NaN` (or a node past the end of the column) means "not
//! annotated". Flags are `1.0` / `0.0`. An unused table is two empty vectors: a
//! pipeline that annotates nothing pays nothing. Keys follow the feature naming
//! convention `"<crate>.<name>"`, e.g. `"declutter.shake_score"`.
//!
//! ```
//! use pith_dom::parse_html;
//!
//! let mut doc = parse_html("<div><p>Hello <b>world</b></p></div>");
//! let body = doc.body().unwrap();
//! let div = doc.first_child(body).unwrap();
//! doc.annotate(div, "example.score", 3.5);
//! let b = doc.descendants(div).find(|&n| doc.element_name(n) == Some("b")).unwrap();
//! assert_eq!(doc.annotation(b, "example.score"), None);
//! assert_eq!(doc.nearest_annotation(b, "example.score"), Some((div, 3.5)));
//! ```

use crate::tree::{Document, NodeId};

/// Per-node numbers recorded by tree stages; see the module docs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotations {
    keys: Vec<String>,
    columns: Vec<Vec<f64>>,
}

impl Annotations {
    /// Whether no column was recorded.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The keys of the recorded columns, in the order they were first recorded.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.keys.iter().map(String::as_str)
    }

    /// The whole column of a key, indexed by [`NodeId::index`] (`NaN`: no value; the
    /// column may be shorter than the arena).
    pub fn column(&self, key: &str) -> Option<&[f64]> {
        self.position(key).map(|i| self.columns[i].as_slice())
    }

    /// Adds or replaces a whole column (indexed by [`NodeId::index`], `NaN` for no
    /// value). The cheap way for a stage that already holds one value per node.
    pub fn insert_column(&mut self, key: &str, column: Vec<f64>) {
        match self.position(key) {
            Some(i) => self.columns[i] = column,
            None => {
                self.keys.push(key.to_owned());
                self.columns.push(column);
            }
        }
    }

    /// Records one node's value (`NaN` clears it).
    pub fn set(&mut self, key: &str, node: NodeId, value: f64) {
        let i = match self.position(key) {
            Some(i) => i,
            None => {
                self.insert_column(key, Vec::new());
                self.keys.len() - 1
            }
        };
        let column = &mut self.columns[i];
        if column.len() <= node.index() {
            column.resize(node.index() + 1, f64::NAN);
        }
        column[node.index()] = value;
    }

    /// One node's value, if it has one.
    pub fn get(&self, key: &str, node: NodeId) -> Option<f64> {
        self.column(key).and_then(|c| value_at(c, node))
    }

    /// Removes the column of `key` and gives it back, the other columns kept in their
    /// order; `None` when there is none.
    ///
    /// ```
    /// let mut table = pith_dom::Annotations::default();
    /// table.insert_column("a.x", vec![1.0]);
    /// table.insert_column("a.y", vec![2.0]);
    /// table.insert_column("a.z", vec![3.0]);
    /// assert_eq!(table.remove_column("a.y"), Some(vec![2.0]));
    /// assert_eq!(table.remove_column("a.y"), None);
    /// assert_eq!(table.keys().collect::<Vec<_>>(), ["a.x", "a.z"]);
    /// ```
    pub fn remove_column(&mut self, key: &str) -> Option<Vec<f64>> {
        let i = self.position(key)?;
        self.keys.remove(i);
        Some(self.columns.remove(i))
    }

    /// Removes every column.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.columns.clear();
    }

    fn position(&self, key: &str) -> Option<usize> {
        self.keys.iter().position(|k| k == key)
    }
}

/// The value of `node` in a column, if it has one.
pub fn value_at(column: &[f64], node: NodeId) -> Option<f64> {
    column.get(node.index()).copied().filter(|v| !v.is_nan())
}

impl Document {
    /// The annotation side table.
    pub fn annotations(&self) -> &Annotations {
        &self.annotations
    }

    /// Mutable access to the annotation side table.
    pub fn annotations_mut(&mut self) -> &mut Annotations {
        &mut self.annotations
    }

    /// Records a number for a node under `key` (see [`Annotations::set`]).
    pub fn annotate(&mut self, node: NodeId, key: &str, value: f64) {
        self.annotations.set(key, node, value);
    }

    /// The number recorded for this very node under `key`.
    pub fn annotation(&self, node: NodeId, key: &str) -> Option<f64> {
        self.annotations.get(key, node)
    }

    /// The nearest inclusive ancestor of `node` that has a value under `key`, with that
    /// value. Walks parent links (iterative; O(depth)).
    pub fn nearest_annotation(&self, node: NodeId, key: &str) -> Option<(NodeId, f64)> {
        let column = self.annotations.column(key)?;
        self.nearest_in(node, column)
    }

    /// [`nearest_annotation`](Self::nearest_annotation) with the column looked up once
    /// by the caller (for loops over many blocks).
    pub fn nearest_in(&self, node: NodeId, column: &[f64]) -> Option<(NodeId, f64)> {
        let mut cur = Some(node);
        while let Some(n) = cur {
            if let Some(v) = value_at(column, n) {
                return Some((n, v));
            }
            cur = self.parent(n);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::{parse_html, NodeData};

    #[test]
    fn unused_table_is_empty_and_answers_none() {
        let doc = parse_html("<p>x</p>");
        assert!(doc.annotations().is_empty());
        let p = doc.body().and_then(|b| doc.first_child(b)).unwrap();
        assert_eq!(doc.annotation(p, "k"), None);
        assert_eq!(doc.nearest_annotation(p, "k"), None);
    }

    #[test]
    fn set_get_clear_and_columns() {
        let mut doc = parse_html("<div><p>x</p></div>");
        let body = doc.body().unwrap();
        let div = doc.first_child(body).unwrap();
        let p = doc.first_child(div).unwrap();
        doc.annotate(p, "a", 1.0);
        doc.annotate(div, "b", 0.0);
        assert_eq!(doc.annotation(p, "a"), Some(1.0));
        assert_eq!(doc.annotation(div, "a"), None);
        assert_eq!(doc.annotation(div, "b"), Some(0.0));
        assert_eq!(doc.annotations().keys().collect::<Vec<_>>(), ["a", "b"]);
        // A node created after the column was sized has no value.
        let late = doc.create(NodeData::Text("y".into()));
        assert_eq!(doc.annotation(late, "a"), None);
        doc.annotate(p, "a", f64::NAN);
        assert_eq!(doc.annotation(p, "a"), None);
        let n = doc.arena_len();
        doc.annotations_mut().insert_column("a", vec![2.0; n]);
        assert_eq!(doc.annotation(p, "a"), Some(2.0));
        assert_eq!(doc.nearest_annotation(p, "b"), Some((div, 0.0)));
        doc.annotations_mut().clear();
        assert!(doc.annotations().is_empty());
    }

    #[test]
    fn nearest_annotation_is_iterative_at_depth() {
        let mut doc = crate::Document::new();
        let mut cur = doc.root();
        for _ in 0..100_000 {
            let n = doc.create(NodeData::Element(crate::Element::new("div", [])));
            doc.append(cur, n);
            cur = n;
        }
        let top = doc.first_child(doc.root()).unwrap();
        doc.annotate(top, "k", 7.0);
        assert_eq!(doc.nearest_annotation(cur, "k"), Some((top, 7.0)));
    }
}
