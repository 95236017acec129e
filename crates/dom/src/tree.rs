//! The arena tree: every node of a page lives in one `Vec`, linked by indices.
//!
//! Why an arena: html5ever's tree builder needs cheap, copyable node handles and the
//! algorithms need parent/sibling links; an index-linked arena gives both without
//! reference counting, and dropping a `Vec` is never recursive, so a page of 100,000
//! nested elements drops in linear time without touching the stack.
//!
//! Detached nodes stay in the arena (unreachable from the root); a `Document` is built
//! once per page and dropped as a whole, so reclaiming them is not worth the bookkeeping.

use std::num::NonZeroU32;

use html5ever::tendril::StrTendril;
use html5ever::{Attribute, LocalName, Namespace, QualName};

/// Index of a node in its [`Document`]. Only meaningful for the document that made it.
///
/// Held as the index plus one, so that an `Option<NodeId>` takes four bytes, not
/// eight: a node has five such links, and every tree walk reads them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    /// The position of the node in the arena (creation order).
    pub fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }

    /// The node at this position of the arena (below [`Document::arena_len`]).
    pub(crate) fn at(index: usize) -> NodeId {
        let one_up = u32::try_from(index + 1).expect("an arena index");
        NodeId(NonZeroU32::new(one_up).expect("one more than an index"))
    }
}

/// What a node is.
#[derive(Clone)]
pub enum NodeData {
    /// The document root (always `NodeId` 0).
    Document,
    /// `<!DOCTYPE name>`.
    Doctype {
        /// The doctype name (`html` for HTML5 pages).
        name: String,
    },
    /// An element with its name and attributes.
    Element(Element),
    /// A text node. A tendril, as html5ever hands text over: a text node takes the
    /// parser's text without a copy, and a copy of the tree (each of Readability's
    /// attempts works on one) shares every text instead of copying it; changing a
    /// shared text copies it first.
    Text(StrTendril),
    /// A comment.
    Comment(String),
    /// A processing instruction `<?target data?>`.
    ProcessingInstruction {
        /// The target name.
        target: String,
        /// Everything after the target.
        data: String,
    },
}

impl std::fmt::Debug for NodeData {
    /// As derived, but a text node's text is shown as a string, not as the tendril
    /// that holds it (whether it is shared or owned is no part of the node).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NodeData::Document => f.write_str("Document"),
            NodeData::Doctype { name } => f.debug_struct("Doctype").field("name", name).finish(),
            NodeData::Element(e) => f.debug_tuple("Element").field(e).finish(),
            NodeData::Text(t) => f.debug_tuple("Text").field(&&**t).finish(),
            NodeData::Comment(c) => f.debug_tuple("Comment").field(c).finish(),
            NodeData::ProcessingInstruction { target, data } => f
                .debug_struct("ProcessingInstruction")
                .field("target", target)
                .field("data", data)
                .finish(),
        }
    }
}

/// The namespace an element lives in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ElementNamespace {
    /// An HTML element.
    Html,
    /// An element inside `<svg>`.
    Svg,
    /// An element inside `<math>`.
    MathMl,
    /// Any other namespace.
    Other,
}

/// An element: name and attributes.
#[derive(Clone, Debug)]
pub struct Element {
    pub(crate) name: QualName,
    pub(crate) attrs: Vec<Attribute>,
}

impl Element {
    /// Creates an HTML element with the given local name and attributes.
    pub fn new<'a>(name: &str, attrs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Element {
        Element {
            name: QualName::new(None, html5ever::ns!(html), LocalName::from(name)),
            attrs: attrs
                .into_iter()
                .map(|(k, v)| Attribute {
                    name: QualName::new(None, html5ever::ns!(), LocalName::from(k)),
                    value: v.into(),
                })
                .collect(),
        }
    }

    /// The element's local name as the parser stored it (ASCII lower case for HTML).
    pub fn name(&self) -> &str {
        &self.name.local
    }

    /// Renames the element (namespace unchanged).
    pub fn set_name(&mut self, name: &str) {
        self.name.local = LocalName::from(name);
    }

    /// The element's namespace.
    pub fn namespace(&self) -> ElementNamespace {
        let ns: &Namespace = &self.name.ns;
        if *ns == html5ever::ns!(html) {
            ElementNamespace::Html
        } else if *ns == html5ever::ns!(svg) {
            ElementNamespace::Svg
        } else if *ns == html5ever::ns!(mathml) {
            ElementNamespace::MathMl
        } else {
            ElementNamespace::Other
        }
    }

    /// The value of the first attribute with this local name.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|a| same_name(&a.name.local, name))
            .map(|a| &*a.value)
    }

    /// All attributes as `(local name, value)` pairs, in source order.
    pub fn attrs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.attrs.iter().map(|a| (&*a.name.local, &*a.value))
    }

    /// Number of attributes.
    pub fn attr_count(&self) -> usize {
        self.attrs.len()
    }

    /// Keeps only the attributes for which `keep(name, value)` is true.
    pub fn retain_attrs(&mut self, mut keep: impl FnMut(&str, &str) -> bool) {
        self.attrs.retain(|a| keep(&a.name.local, &a.value));
    }

    /// Replaces the value of each attribute for which `new_value(name, value)` gives
    /// one (a page's relative URLs made absolute, say).
    pub fn rewrite_attrs(&mut self, mut new_value: impl FnMut(&str, &str) -> Option<String>) {
        for a in &mut self.attrs {
            if let Some(value) = new_value(&a.name.local, &a.value) {
                a.value = value.into();
            }
        }
    }

    /// Sets the attribute `name` to `value`: the first of that name is given it, or
    /// one is added after the others.
    pub fn set_attr(&mut self, name: &str, value: &str) {
        match self
            .attrs
            .iter_mut()
            .find(|a| same_name(&a.name.local, name))
        {
            Some(a) => a.value = value.into(),
            None => self.attrs.push(Attribute {
                name: QualName::new(None, html5ever::ns!(), LocalName::from(name)),
                value: value.into(),
            }),
        }
    }

    /// Removes every attribute.
    pub fn clear_attrs(&mut self) {
        self.attrs.clear();
    }
}

/// Whether an attribute's local name is `name`. Attribute names are short, and the
/// lookups run for most elements of several stages: comparing lengths, then bytes in
/// line, costs less than a call to `memcmp` for each attribute.
fn same_name(local: &str, name: &str) -> bool {
    local.len() == name.len() && local.bytes().zip(name.bytes()).all(|(a, b)| a == b)
}

#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) parent: Option<NodeId>,
    pub(crate) first_child: Option<NodeId>,
    pub(crate) last_child: Option<NodeId>,
    pub(crate) prev_sibling: Option<NodeId>,
    pub(crate) next_sibling: Option<NodeId>,
    pub(crate) data: NodeData,
}

/// One step of a depth-first walk: entering or leaving a node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Edge {
    /// The walk enters the node (before its children).
    Open(NodeId),
    /// The walk leaves the node (after its children).
    Close(NodeId),
}

/// A parsed page: an arena of nodes rooted at [`Document::root`].
#[derive(Debug)]
pub struct Document {
    pub(crate) nodes: Vec<Node>,
    /// Per-node numbers recorded by tree stages (see [`Annotations`](crate::Annotations)).
    pub(crate) annotations: crate::annotations::Annotations,
}

impl Clone for Document {
    /// A copy with room for an eighth more nodes: stages that work on a copy (each of
    /// Readability's attempts) create nodes, and a copy of exactly the arena's length
    /// would copy the whole arena again at the first one.
    fn clone(&self) -> Document {
        let mut nodes = Vec::with_capacity(self.nodes.len() + self.nodes.len() / 8 + 16);
        nodes.extend(self.nodes.iter().cloned());
        Document {
            nodes,
            annotations: self.annotations.clone(),
        }
    }
}

impl Default for Document {
    fn default() -> Self {
        Document::new()
    }
}

impl Document {
    /// An empty document: just the document node.
    pub fn new() -> Document {
        Document::with_capacity(1)
    }

    /// An empty document with room for `nodes` nodes before the arena grows.
    pub fn with_capacity(nodes: usize) -> Document {
        let mut arena = Vec::with_capacity(nodes.max(1));
        arena.push(Node {
            parent: None,
            first_child: None,
            last_child: None,
            prev_sibling: None,
            next_sibling: None,
            data: NodeData::Document,
        });
        Document {
            nodes: arena,
            annotations: Default::default(),
        }
    }

    /// The document node.
    pub fn root(&self) -> NodeId {
        NodeId::at(0)
    }

    /// Number of nodes ever created in this document (detached ones included).
    pub fn arena_len(&self) -> usize {
        self.nodes.len()
    }

    /// Creates a detached node.
    pub fn create(&mut self, data: NodeData) -> NodeId {
        let id = NodeId::at(self.nodes.len());
        self.nodes.push(Node {
            parent: None,
            first_child: None,
            last_child: None,
            prev_sibling: None,
            next_sibling: None,
            data,
        });
        id
    }

    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// What the node is.
    pub fn data(&self, id: NodeId) -> &NodeData {
        &self.node(id).data
    }

    /// Mutable access to what the node is.
    pub fn data_mut(&mut self, id: NodeId) -> &mut NodeData {
        &mut self.node_mut(id).data
    }

    /// The element, if the node is one.
    pub fn element(&self, id: NodeId) -> Option<&Element> {
        match &self.node(id).data {
            NodeData::Element(e) => Some(e),
            _ => None,
        }
    }

    /// Mutable element access, if the node is one.
    pub fn element_mut(&mut self, id: NodeId) -> Option<&mut Element> {
        match &mut self.node_mut(id).data {
            NodeData::Element(e) => Some(e),
            _ => None,
        }
    }

    /// The element's local name, if the node is an element.
    pub fn element_name(&self, id: NodeId) -> Option<&str> {
        self.element(id).map(Element::name)
    }

    /// The text, if the node is a text node.
    pub fn text(&self, id: NodeId) -> Option<&str> {
        match &self.node(id).data {
            NodeData::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The parent node.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The first child.
    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).first_child
    }

    /// The last child.
    pub fn last_child(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).last_child
    }

    /// The next sibling.
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).next_sibling
    }

    /// The previous sibling.
    pub fn prev_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).prev_sibling
    }

    /// The children of a node, in order.
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children {
            doc: self,
            next: self.first_child(id),
        }
    }

    /// The first child that is an element with this name.
    pub fn child_element(&self, id: NodeId, name: &str) -> Option<NodeId> {
        self.children(id)
            .find(|&c| self.element_name(c).is_some_and(|n| n == name))
    }

    /// The `<html>` element, if the document has one.
    pub fn html_element(&self) -> Option<NodeId> {
        self.child_element(self.root(), "html")
    }

    /// The `<body>` element (first one), if the document has one.
    pub fn body(&self) -> Option<NodeId> {
        self.html_element()
            .and_then(|h| self.child_element(h, "body"))
    }

    /// The depth-first walk of the subtree under `id` (inclusive) as open/close edges.
    /// Iterative: follows the links, no stack, so any depth is fine.
    pub fn traverse(&self, id: NodeId) -> Traverse<'_> {
        Traverse {
            doc: self,
            root: id,
            next: Some(Edge::Open(id)),
        }
    }

    /// The nodes of the subtree under `id` (inclusive), in document order.
    pub fn descendants(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.traverse(id).filter_map(|e| match e {
            Edge::Open(n) => Some(n),
            Edge::Close(_) => None,
        })
    }

    /// `id` and its ancestors, innermost first.
    pub fn inclusive_ancestors(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(id), move |&n| self.parent(n))
    }

    /// Whether `ancestor` is `id` or one of its ancestors.
    pub fn is_inclusive_ancestor(&self, ancestor: NodeId, id: NodeId) -> bool {
        let mut cur = Some(id);
        while let Some(n) = cur {
            if n == ancestor {
                return true;
            }
            cur = self.parent(n);
        }
        false
    }

    /// The number of element ancestors of a node.
    pub fn depth(&self, id: NodeId) -> usize {
        let mut depth = 0;
        let mut cur = self.parent(id);
        while let Some(n) = cur {
            depth += 1;
            cur = self.parent(n);
        }
        depth
    }

    /// Appends `child` (detaching it first if needed) as the last child of `parent`.
    pub fn append(&mut self, parent: NodeId, child: NodeId) {
        self.detach(child);
        let last = self.node(parent).last_child;
        {
            let c = self.node_mut(child);
            c.parent = Some(parent);
            c.prev_sibling = last;
        }
        match last {
            Some(l) => self.node_mut(l).next_sibling = Some(child),
            None => self.node_mut(parent).first_child = Some(child),
        }
        self.node_mut(parent).last_child = Some(child);
    }

    /// Inserts `new` (detaching it first if needed) immediately before `sibling`.
    pub fn insert_before(&mut self, sibling: NodeId, new: NodeId) {
        self.detach(new);
        let parent = self
            .parent(sibling)
            .expect("insert_before: the sibling has no parent");
        let prev = self.node(sibling).prev_sibling;
        {
            let n = self.node_mut(new);
            n.parent = Some(parent);
            n.prev_sibling = prev;
            n.next_sibling = Some(sibling);
        }
        self.node_mut(sibling).prev_sibling = Some(new);
        match prev {
            Some(p) => self.node_mut(p).next_sibling = Some(new),
            None => self.node_mut(parent).first_child = Some(new),
        }
    }

    /// Appends text as the last child of `parent`, merged into a preceding text node.
    pub fn append_text(&mut self, parent: NodeId, text: &str) {
        self.append_text_tendril(parent, StrTendril::from_slice(text));
    }

    /// [`append_text`](Self::append_text) for text held in a tendril (the parser's),
    /// which a new text node takes as it is.
    pub fn append_text_tendril(&mut self, parent: NodeId, text: StrTendril) {
        if let Some(last) = self.last_child(parent) {
            if let NodeData::Text(t) = &mut self.node_mut(last).data {
                t.push_tendril(&text);
                return;
            }
        }
        let id = self.create(NodeData::Text(text));
        self.append(parent, id);
    }

    /// Inserts text immediately before `sibling`, merged into a preceding text node.
    pub fn insert_text_before(&mut self, sibling: NodeId, text: &str) {
        self.insert_text_tendril_before(sibling, StrTendril::from_slice(text));
    }

    /// [`insert_text_before`](Self::insert_text_before) for text held in a tendril
    /// (the parser's), which a new text node takes as it is.
    pub fn insert_text_tendril_before(&mut self, sibling: NodeId, text: StrTendril) {
        if let Some(prev) = self.prev_sibling(sibling) {
            if let NodeData::Text(t) = &mut self.node_mut(prev).data {
                t.push_tendril(&text);
                return;
            }
        }
        let id = self.create(NodeData::Text(text));
        self.insert_before(sibling, id);
    }

    /// Detaches a node (with its subtree) from its parent. A detached node is no longer
    /// reachable from the root.
    pub fn detach(&mut self, id: NodeId) {
        let (parent, prev, next) = {
            let n = self.node(id);
            (n.parent, n.prev_sibling, n.next_sibling)
        };
        let Some(parent) = parent else { return };
        match prev {
            Some(p) => self.node_mut(p).next_sibling = next,
            None => self.node_mut(parent).first_child = next,
        }
        match next {
            Some(n) => self.node_mut(n).prev_sibling = prev,
            None => self.node_mut(parent).last_child = prev,
        }
        let n = self.node_mut(id);
        n.parent = None;
        n.prev_sibling = None;
        n.next_sibling = None;
    }

    /// Removes a node and its subtree; the text around it is merged into one text node
    /// (as lxml's `drop_tree` does with the removed element's tail).
    pub fn remove_and_merge_text(&mut self, id: NodeId) {
        let prev = self.prev_sibling(id);
        self.detach(id);
        if let Some(prev) = prev {
            self.merge_text_with_next(prev);
        }
    }

    /// Replaces a node by its children, in place; text nodes stay as they are (adjacent
    /// ones are not merged).
    pub fn replace_with_children(&mut self, id: NodeId) {
        if self.parent(id).is_none() {
            return;
        }
        while let Some(child) = self.first_child(id) {
            self.insert_before(id, child);
        }
        self.detach(id);
    }

    /// Replaces a node by its children, in place (as lxml's `drop_tag`); text that
    /// becomes adjacent is merged.
    pub fn unwrap(&mut self, id: NodeId) {
        if self.parent(id).is_none() {
            return;
        }
        let prev = self.prev_sibling(id);
        let first = self.first_child(id);
        let last = self.last_child(id);
        let next = self.next_sibling(id);
        self.replace_with_children(id);
        // Merge at the two seams: before the first moved child and after the last one.
        if let Some(last) = last {
            self.merge_text_with_next(last);
        } else if let (Some(p), Some(_)) = (prev, next) {
            self.merge_text_with_next(p);
        }
        if let (Some(p), Some(_)) = (prev, first) {
            self.merge_text_with_next(p);
        }
    }

    /// If `id` and its next sibling are both text nodes, moves the sibling's text into
    /// `id` and detaches the sibling.
    pub fn merge_text_with_next(&mut self, id: NodeId) {
        let Some(next) = self.next_sibling(id) else {
            return;
        };
        let is_text = |d: &NodeData| matches!(d, NodeData::Text(_));
        if !is_text(self.data(id)) || !is_text(self.data(next)) {
            return;
        }
        let moved = match &mut self.node_mut(next).data {
            NodeData::Text(t) => std::mem::take(t),
            _ => unreachable!(),
        };
        if let NodeData::Text(t) = &mut self.node_mut(id).data {
            t.push_tendril(&moved);
        }
        self.detach(next);
    }

    /// Moves every child of `from` to the end of `to`'s children.
    pub fn reparent_children(&mut self, from: NodeId, to: NodeId) {
        while let Some(child) = self.first_child(from) {
            self.append(to, child);
        }
    }

    /// The concatenated text of every text node under `id`, in document order.
    pub fn text_content(&self, id: NodeId) -> String {
        let mut out = String::new();
        for n in self.descendants(id) {
            if let NodeData::Text(t) = self.data(n) {
                out.push_str(t);
            }
        }
        out
    }
}

/// Iterator over a node's children.
pub struct Children<'a> {
    doc: &'a Document,
    next: Option<NodeId>,
}

impl Iterator for Children<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let cur = self.next?;
        self.next = self.doc.next_sibling(cur);
        Some(cur)
    }
}

/// Iterator over the open/close edges of a subtree; see [`Document::traverse`].
pub struct Traverse<'a> {
    doc: &'a Document,
    root: NodeId,
    next: Option<Edge>,
}

impl Iterator for Traverse<'_> {
    type Item = Edge;
    fn next(&mut self) -> Option<Edge> {
        let edge = self.next?;
        self.next = match edge {
            Edge::Open(n) => Some(match self.doc.first_child(n) {
                Some(c) => Edge::Open(c),
                None => Edge::Close(n),
            }),
            Edge::Close(n) if n == self.root => None,
            Edge::Close(n) => match self.doc.next_sibling(n) {
                Some(s) => Some(Edge::Open(s)),
                None => self.doc.parent(n).map(Edge::Close),
            },
        };
        Some(edge)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_to_a_node_takes_four_bytes() {
        assert_eq!(std::mem::size_of::<Option<NodeId>>(), 4);
        let mut doc = Document::new();
        let a = el(&mut doc, "a");
        assert_eq!(a.index(), 1);
        assert_eq!(NodeId::at(a.index()), a);
        assert_eq!(doc.root().index(), 0);
    }

    fn el(doc: &mut Document, name: &str) -> NodeId {
        doc.create(NodeData::Element(Element::new(name, [])))
    }

    fn text(doc: &mut Document, s: &str) -> NodeId {
        doc.create(NodeData::Text(s.into()))
    }

    #[test]
    fn a_text_node_shows_its_text_shared_or_not() {
        let mut doc = Document::new();
        let root = doc.root();
        doc.append_text(root, "a \"b\"");
        let id = doc.first_child(root).unwrap();
        let copy = doc.clone();
        assert_eq!(format!("{:?}", doc.data(id)), r#"Text("a \"b\"")"#);
        assert_eq!(
            format!("{:?}", copy.data(id)),
            format!("{:?}", doc.data(id))
        );
    }

    #[test]
    fn traverse_visits_open_and_close_in_order() {
        let mut d = Document::new();
        let a = el(&mut d, "a");
        let b = el(&mut d, "b");
        let t = text(&mut d, "x");
        d.append(d.root(), a);
        d.append(a, b);
        d.append(a, t);
        let edges: Vec<Edge> = d.traverse(a).collect();
        assert_eq!(
            edges,
            vec![
                Edge::Open(a),
                Edge::Open(b),
                Edge::Close(b),
                Edge::Open(t),
                Edge::Close(t),
                Edge::Close(a)
            ]
        );
    }

    #[test]
    fn unwrap_merges_text_at_both_seams() {
        let mut d = Document::new();
        let p = el(&mut d, "p");
        d.append(d.root(), p);
        d.append_text(p, "a");
        let form = el(&mut d, "form");
        d.append(p, form);
        d.append_text(form, "b");
        d.append_text(p, "c");
        d.unwrap(form);
        let kids: Vec<_> = d.children(p).collect();
        assert_eq!(kids.len(), 1);
        assert_eq!(d.text(kids[0]), Some("abc"));
    }

    #[test]
    fn remove_merges_surrounding_text() {
        let mut d = Document::new();
        let p = el(&mut d, "p");
        d.append(d.root(), p);
        d.append_text(p, "foo");
        let s = el(&mut d, "script");
        d.append(p, s);
        d.append_text(p, "bar");
        d.remove_and_merge_text(s);
        assert_eq!(d.text_content(p), "foobar");
        assert_eq!(d.children(p).count(), 1);
    }

    #[test]
    fn deep_nesting_traverses_and_drops() {
        let mut d = Document::new();
        let mut cur = d.root();
        for _ in 0..200_000 {
            let n = el(&mut d, "div");
            d.append(cur, n);
            cur = n;
        }
        d.append_text(cur, "deep");
        assert_eq!(d.text_content(d.root()), "deep");
        assert_eq!(d.traverse(d.root()).count(), 2 * 200_002);
        drop(d);
    }
}
