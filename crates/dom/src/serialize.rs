//! Serialising a [`Document`] (or a subtree) back to HTML with html5ever's serializer.

use std::io;

use html5ever::serialize::{serialize, Serialize, SerializeOpts, Serializer, TraversalScope};

use crate::tree::{Document, Edge, NodeData, NodeId};

struct Subtree<'a> {
    doc: &'a Document,
    node: NodeId,
}

impl Serialize for Subtree<'_> {
    fn serialize<S: Serializer>(&self, ser: &mut S, scope: TraversalScope) -> io::Result<()> {
        let include_self = scope == TraversalScope::IncludeNode;
        for edge in self.doc.traverse(self.node) {
            let (id, open) = match edge {
                Edge::Open(id) => (id, true),
                Edge::Close(id) => (id, false),
            };
            if id == self.node && !include_self {
                continue;
            }
            match (self.doc.data(id), open) {
                (NodeData::Element(e), true) => {
                    ser.start_elem(e.name.clone(), e.attrs.iter().map(|a| (&a.name, &*a.value)))?
                }
                (NodeData::Element(e), false) => ser.end_elem(e.name.clone())?,
                (NodeData::Text(t), true) => ser.write_text(t)?,
                (NodeData::Comment(c), true) => ser.write_comment(c)?,
                (NodeData::Doctype { name }, true) => ser.write_doctype(name)?,
                (NodeData::ProcessingInstruction { target, data }, true) => {
                    ser.write_processing_instruction(target, data)?
                }
                _ => {}
            }
        }
        Ok(())
    }
}

impl Document {
    /// Writes the subtree under `node` as HTML (the node itself included unless it is
    /// the document node).
    pub fn write_html<W: io::Write>(&self, node: NodeId, out: W) -> io::Result<()> {
        let scope = if node == self.root() {
            TraversalScope::ChildrenOnly(None)
        } else {
            TraversalScope::IncludeNode
        };
        let opts = SerializeOpts {
            scripting_enabled: false,
            traversal_scope: scope.clone(),
            create_missing_parent: true,
        };
        serialize(out, &Subtree { doc: self, node }, opts)
    }

    /// The subtree under `node` as an HTML string.
    pub fn to_html(&self, node: NodeId) -> String {
        let mut out = Vec::new();
        self.write_html(node, &mut out)
            .expect("writing to a Vec cannot fail");
        String::from_utf8(out).expect("the serializer writes UTF-8")
    }
}

#[cfg(test)]
mod tests {
    use crate::parse::parse_html;

    #[test]
    fn round_trips_simple_markup() {
        let doc = parse_html("<!DOCTYPE html><p class=x>a &amp; b</p>");
        let html = doc.to_html(doc.root());
        assert_eq!(
            html,
            "<!DOCTYPE html><html><head></head><body><p class=\"x\">a &amp; b</p></body></html>"
        );
    }
}
