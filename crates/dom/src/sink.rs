//! html5ever's `TreeSink` for our arena: the tree builder writes straight into a
//! [`Document`], so a page is parsed exactly once.
//!
//! Two choices differ from html5ever's reference DOM and are deliberate:
//! - a `<template>`'s contents are the template element itself, so its children are
//!   ordinary children (libxml2, and therefore jusText, sees them that way);
//! - scripting is disabled by the parser options (see `parse`), so `<noscript>`
//!   content is markup, not one text node.

use std::borrow::Cow;
use std::cell::{Cell, Ref, RefCell};

use html5ever::interface::{ElemName, ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::tendril::StrTendril;
use html5ever::{Attribute, LocalName, Namespace, QualName};

use crate::tree::{Document, Element, NodeData, NodeId};

/// The element name handed to the tree builder: a borrow of the sink's name table.
///
/// The builder asks for names constantly (every scope check walks its stack of open
/// elements), so names live in a table of their own, indexed by node, that is only
/// written when an element is created. A name borrowed from it can be held while the
/// builder edits the tree, which lives in a different `RefCell`; only `create_element`
/// writes the table, and the builder never holds a name across that call.
#[derive(Debug)]
pub(crate) struct BorrowedElemName<'a>(Ref<'a, QualName>);

impl ElemName for BorrowedElemName<'_> {
    fn ns(&self) -> &Namespace {
        &self.0.ns
    }
    fn local_name(&self) -> &LocalName {
        &self.0.local
    }
}

/// Builds a [`Document`] from html5ever's tree-construction callbacks.
pub(crate) struct ArenaSink {
    pub(crate) doc: RefCell<Document>,
    /// Element names by node index (non-elements hold an empty name).
    names: RefCell<Vec<QualName>>,
    pub(crate) quirks: Cell<QuirksMode>,
    pub(crate) parse_errors: Cell<usize>,
    /// The element created last (the parse driver adds skipped JSON-LD text to it).
    pub(crate) last_element: Cell<Option<NodeId>>,
}

fn empty_name() -> QualName {
    QualName::new(None, html5ever::ns!(), LocalName::from(""))
}

impl ArenaSink {
    /// A sink whose arena has room for `nodes` nodes before it grows.
    pub(crate) fn with_capacity(nodes: usize) -> ArenaSink {
        let mut names = Vec::with_capacity(nodes.max(1));
        names.push(empty_name());
        ArenaSink {
            doc: RefCell::new(Document::with_capacity(nodes)),
            names: RefCell::new(names),
            quirks: Cell::new(QuirksMode::NoQuirks),
            parse_errors: Cell::new(0),
            last_element: Cell::new(None),
        }
    }
}

impl ArenaSink {
    /// Keeps the name table aligned with the arena: every created node gets a slot
    /// (text nodes are created by the document itself and get theirs lazily here).
    fn record_name(&self, id: NodeId, name: QualName) {
        let mut names = self.names.borrow_mut();
        while names.len() < id.index() {
            names.push(empty_name());
        }
        names.push(name);
    }
}

impl TreeSink for ArenaSink {
    type Handle = NodeId;
    type Output = Document;
    type ElemName<'a> = BorrowedElemName<'a>;

    fn finish(self) -> Document {
        self.doc.into_inner()
    }

    fn parse_error(&self, _msg: Cow<'static, str>) {
        self.parse_errors.set(self.parse_errors.get() + 1);
    }

    fn get_document(&self) -> NodeId {
        self.doc.borrow().root()
    }

    fn elem_name<'a>(&'a self, target: &'a NodeId) -> BorrowedElemName<'a> {
        // The builder only asks for element names; other nodes answer an empty name.
        BorrowedElemName(Ref::map(self.names.borrow(), |names| {
            names.get(target.index()).unwrap_or(&names[0])
        }))
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, _: ElementFlags) -> NodeId {
        let id = self.doc.borrow_mut().create(NodeData::Element(Element {
            name: name.clone(),
            attrs,
        }));
        self.record_name(id, name);
        self.last_element.set(Some(id));
        id
    }

    fn create_comment(&self, text: StrTendril) -> NodeId {
        let id = self
            .doc
            .borrow_mut()
            .create(NodeData::Comment(text.to_string()));
        self.record_name(id, empty_name());
        id
    }

    fn create_pi(&self, target: StrTendril, data: StrTendril) -> NodeId {
        let id = self
            .doc
            .borrow_mut()
            .create(NodeData::ProcessingInstruction {
                target: target.to_string(),
                data: data.to_string(),
            });
        self.record_name(id, empty_name());
        id
    }

    fn append(&self, parent: &NodeId, child: NodeOrText<NodeId>) {
        let mut doc = self.doc.borrow_mut();
        match child {
            NodeOrText::AppendNode(n) => doc.append(*parent, n),
            NodeOrText::AppendText(t) => doc.append_text_tendril(*parent, t),
        }
    }

    fn append_based_on_parent_node(
        &self,
        element: &NodeId,
        prev_element: &NodeId,
        child: NodeOrText<NodeId>,
    ) {
        let has_parent = self.doc.borrow().parent(*element).is_some();
        if has_parent {
            self.append_before_sibling(element, child);
        } else {
            self.append(prev_element, child);
        }
    }

    fn append_doctype_to_document(&self, name: StrTendril, _: StrTendril, _: StrTendril) {
        let mut doc = self.doc.borrow_mut();
        let id = doc.create(NodeData::Doctype {
            name: name.to_string(),
        });
        let root = doc.root();
        doc.append(root, id);
    }

    fn get_template_contents(&self, target: &NodeId) -> NodeId {
        *target
    }

    fn same_node(&self, x: &NodeId, y: &NodeId) -> bool {
        x == y
    }

    fn set_quirks_mode(&self, mode: QuirksMode) {
        self.quirks.set(mode);
    }

    fn append_before_sibling(&self, sibling: &NodeId, new_node: NodeOrText<NodeId>) {
        let mut doc = self.doc.borrow_mut();
        match new_node {
            NodeOrText::AppendNode(n) => doc.insert_before(*sibling, n),
            NodeOrText::AppendText(t) => doc.insert_text_tendril_before(*sibling, t),
        }
    }

    fn add_attrs_if_missing(&self, target: &NodeId, attrs: Vec<Attribute>) {
        let mut doc = self.doc.borrow_mut();
        if let Some(e) = doc.element_mut(*target) {
            for a in attrs {
                if !e.attrs.iter().any(|x| x.name == a.name) {
                    e.attrs.push(a);
                }
            }
        }
    }

    fn remove_from_parent(&self, target: &NodeId) {
        self.doc.borrow_mut().detach(*target);
    }

    fn reparent_children(&self, node: &NodeId, new_parent: &NodeId) {
        self.doc.borrow_mut().reparent_children(*node, *new_parent);
    }
}
