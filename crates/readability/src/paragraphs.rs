//! `readability.div_to_p`: turns `div`s used as paragraphs into `p`s (the second half
//! of the node prepping in `_grabArticle`), so that the scoring sees paragraphs.
//!
//! For every `div`, in document order:
//! 1. each run of phrasing content among its children (text, inline elements; a run
//!    does not start with whitespace) is wrapped in a new `<p>`, whose trailing
//!    whitespace and `<br>`s are dropped when a block child ends it;
//! 2. if the `div` then holds a single `<p>` and no text, and its link density is below
//!    `max_link_density` (0.25), the `<p>` takes the `div`'s place;
//! 3. otherwise, if no descendant is one of `block_tags` (Readability's
//!    `DIV_TO_P_ELEMS`), the `div` is renamed `p`.
//!
//! ```
//! # use pith_readability::DivToP;
//! let stage: DivToP = serde_json::from_str(r#"{"max_link_density": 0.25}"#).unwrap();
//! assert!(stage.block_tags.contains("table"));
//! ```

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, Edge, Element, NodeData, NodeId, TagNames};
use serde::{Deserialize, Serialize};

use crate::prep::default_phrasing;
use crate::text::{TextSpans, TextStats};
use crate::walk::{self, has_single_tag_inside, is, is_phrasing, is_whitespace, next_element};

/// Readability's `DIV_TO_P_ELEMS`: block elements that keep a `div` a `div`.
pub const DIV_TO_P_TAGS: &[&str] = &[
    "blockquote",
    "dl",
    "div",
    "img",
    "ol",
    "p",
    "pre",
    "table",
    "ul",
];

/// The `readability.div_to_p` stage. Fields and defaults: `block_tags`
/// ([`DIV_TO_P_TAGS`]), `phrasing_tags` ([`PHRASING_TAGS`](crate::prep::PHRASING_TAGS)),
/// `max_link_density` (0.25), `hash_link_weight` (0.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DivToP {
    /// Descendants that keep a `div` from becoming a `p`.
    #[serde(default = "default_block_tags")]
    pub block_tags: TagNames,
    /// What counts as phrasing content.
    #[serde(default = "default_phrasing")]
    pub phrasing_tags: TagNames,
    /// A `div` around a single `p` is replaced by it below this link density.
    #[serde(default = "default_max_link_density")]
    pub max_link_density: f64,
    /// Weight of the text of in-page links (`href="#…"`) in link densities.
    #[serde(default = "default_hash_link_weight")]
    pub hash_link_weight: f64,
}

pub(crate) fn default_block_tags() -> TagNames {
    walk::lower(DIV_TO_P_TAGS)
}
fn default_max_link_density() -> f64 {
    0.25
}
pub(crate) fn default_hash_link_weight() -> f64 {
    0.3
}

impl Default for DivToP {
    fn default() -> Self {
        DivToP {
            block_tags: default_block_tags(),
            phrasing_tags: default_phrasing(),
            max_link_density: default_max_link_density(),
            hash_link_weight: default_hash_link_weight(),
        }
    }
}

impl DivToP {
    /// Wraps the runs of phrasing children of `div` in new paragraphs; returns whether
    /// it made one.
    fn wrap_phrasing(&self, doc: &mut Document, div: NodeId) -> bool {
        let mut made = false;
        let mut p: Option<NodeId> = None;
        let mut child = doc.first_child(div);
        while let Some(c) = child {
            child = doc.next_sibling(c);
            if is_phrasing(doc, c, &self.phrasing_tags) {
                if let Some(p) = p {
                    doc.append(p, c);
                } else if !is_whitespace(doc, c) {
                    let new = doc.create(NodeData::Element(Element::new("p", [])));
                    doc.insert_before(c, new);
                    doc.append(new, c);
                    p = Some(new);
                    made = true;
                }
            } else if let Some(open) = p.take() {
                while let Some(last) = doc.last_child(open) {
                    if !is_whitespace(doc, last) {
                        break;
                    }
                    doc.detach(last);
                }
            }
        }
        made
    }
}

#[typetag::serde(name = "readability.div_to_p")]
impl TreeStage for DivToP {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let root = doc.root();
        // Each div is judged before anything under it changes, so these bottom-up
        // measures of the tree as it is now stay true for it.
        let mut stats = TextStats::new(doc);
        let spans = TextSpans::of(doc);
        let mut block_below = vec![false; doc.arena_len()];
        for edge in doc.traverse(root) {
            let Edge::Close(id) = edge else { continue };
            stats.close(doc, spans, id, root, self.hash_link_weight);
            let own = doc.is_element_named_in(id, &self.block_tags);
            if let Some(p) = doc.parent(id) {
                block_below[p.index()] |= block_below[id.index()] || own;
            }
        }
        stats.record(doc);
        let mut cur = next_element(doc, root, false, root);
        while let Some(node) = cur {
            let mut node = node;
            if is(doc, node, "div") {
                let made = self.wrap_phrasing(doc, node);
                if has_single_tag_inside(doc, node, "p")
                    && stats.link_density(node) < self.max_link_density
                {
                    let p = walk::element_children(doc, node).next().expect("one child");
                    doc.insert_before(node, p);
                    doc.detach(node);
                    node = p;
                } else if !made && !block_below[node.index()] {
                    if let Some(el) = doc.element_mut(node) {
                        el.set_name("p");
                    }
                }
            }
            cur = next_element(doc, node, false, root);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    fn run(html: &str) -> String {
        let mut doc = parse_html(html);
        DivToP::default()
            .apply(&mut doc, &mut Diagnostics::default())
            .unwrap();
        doc.to_html(doc.body().unwrap())
    }

    #[test]
    fn divs_of_text_become_paragraphs() {
        assert_eq!(
            run("<div>Hello <b>you</b></div>"),
            "<body><p>Hello <b>you</b></p></body>"
        );
        assert_eq!(
            run("<div>intro <p>para</p> tail</div>"),
            "<body><div><p>intro </p><p>para</p><p> tail</p></div></body>"
        );
        assert_eq!(
            run("<div><div>x</div></div>"),
            "<body><div><p>x</p></div></body>"
        );
    }
}
