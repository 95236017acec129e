//! `readability.prep_document`: what Readability.js does to the page before it looks
//! for the article (`_removeScripts` and `_prepDocument`).
//!
//! 1. Removes every element named in `remove` (`script`, `noscript`, `style`,
//!    `template`) with its content. Readability.js never sees a template's content: the
//!    DOM keeps it in a separate fragment, outside the walk and `textContent`. pith's
//!    tree keeps it inline (decision 0002), so the stage removes it to see what
//!    Readability.js sees.
//! 2. With `replace_brs`, replaces each chain of two or more `<br>` (whitespace between
//!    them ignored) by a `<p>` that takes the phrasing content after the chain, up to
//!    the next chain (`_replaceBrs`); a `<p>` that ends up inside a `<p>` turns its
//!    parent into a `<div>`.
//! 3. Renames every element named in `rename` (`font`) to `span`.
//!
//! ```
//! # use pith_readability::PrepDocument;
//! let stage: PrepDocument = serde_json::from_str(r#"{"replace_brs": true}"#).unwrap();
//! assert_eq!(stage.remove.names(), ["script", "noscript", "style", "template"]);
//! ```

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, Edge, Element, NodeData, NodeId, TagNames};
use serde::{Deserialize, Serialize};

use crate::walk::{self, is, is_phrasing, is_whitespace};

/// Readability's `PHRASING_ELEMS`: the elements that count as phrasing content.
pub const PHRASING_TAGS: &[&str] = &[
    "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em",
    "embed", "i", "img", "input", "kbd", "label", "mark", "math", "meter", "noscript", "object",
    "output", "progress", "q", "ruby", "samp", "script", "select", "small", "span", "strong",
    "sub", "sup", "textarea", "time", "var", "wbr",
];

/// The `readability.prep_document` stage. Fields and defaults: `remove` (`script`,
/// `noscript`, `style`, `template`), `replace_brs` (`true`), `rename` (`font`), `phrasing_tags`
/// ([`PHRASING_TAGS`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrepDocument {
    /// Elements removed with their content.
    #[serde(default = "default_remove")]
    pub remove: TagNames,
    /// Replace chains of `<br>` by paragraphs.
    #[serde(default = "default_true")]
    pub replace_brs: bool,
    /// Elements renamed to `span`.
    #[serde(default = "default_rename")]
    pub rename: TagNames,
    /// What counts as phrasing content when a `<br>` chain becomes a paragraph.
    #[serde(default = "default_phrasing")]
    pub phrasing_tags: TagNames,
}

fn default_remove() -> TagNames {
    walk::lower(&["script", "noscript", "style", "template"])
}
fn default_rename() -> TagNames {
    walk::lower(&["font"])
}
pub(crate) fn default_phrasing() -> TagNames {
    walk::lower(PHRASING_TAGS)
}
pub(crate) fn default_true() -> bool {
    true
}

impl Default for PrepDocument {
    fn default() -> Self {
        PrepDocument {
            remove: default_remove(),
            replace_brs: true,
            rename: default_rename(),
            phrasing_tags: default_phrasing(),
        }
    }
}

/// `_nextNode`: from `node` on, the first sibling that is an element or not whitespace.
fn next_node(doc: &Document, mut node: Option<NodeId>) -> Option<NodeId> {
    while let Some(n) = node {
        let blank = match doc.data(n) {
            NodeData::Element(_) => false,
            NodeData::Text(t) => walk::is_blank(t),
            NodeData::Comment(c) => walk::is_blank(c),
            _ => true,
        };
        if !blank {
            return Some(n);
        }
        node = doc.next_sibling(n);
    }
    None
}

/// The elements each step of the stage acts on, in document order.
#[derive(Debug, Default)]
struct Targets {
    /// Elements named in `remove`, not inside one.
    removed: Vec<NodeId>,
    /// `<br>`s in the page, not inside a removed element.
    brs: Vec<NodeId>,
    /// Elements named in `rename`, not inside a removed element.
    renamed: Vec<NodeId>,
}

impl PrepDocument {
    /// Whether the elements to rename can be found before the `<br>` chains are
    /// replaced: that step detaches `<br>`s and whitespace, creates `<p>`s and renames
    /// `<p>`s to `<div>`, so it changes no other element's name.
    fn renames_are_known_first(&self) -> bool {
        !self.replace_brs || !["p", "div", "br"].iter().any(|t| self.rename.contains(t))
    }

    /// The targets of all three steps in one walk of the page as it is (the steps, one
    /// walk each, would find the same: nothing under a removed element counts).
    fn targets(&self, doc: &Document, page: NodeId) -> Targets {
        let br = TagNames::from(["br"]);
        let mut targets = Targets::default();
        let mut removed: Option<NodeId> = None;
        let mut in_page = false;
        for edge in doc.traverse(doc.root()) {
            match edge {
                Edge::Open(id) if removed.is_none() => {
                    in_page |= id == page;
                    let Some(el) = doc.element(id) else { continue };
                    if el.is_named_in(&self.remove) {
                        targets.removed.push(id);
                        removed = Some(id);
                        continue;
                    }
                    if el.is_named_in(&self.rename) {
                        targets.renamed.push(id);
                    }
                    if in_page && el.is_named_in(&br) {
                        targets.brs.push(id);
                    }
                }
                Edge::Close(id) => {
                    if removed == Some(id) {
                        removed = None;
                    }
                    in_page &= id != page;
                }
                Edge::Open(_) => {}
            }
        }
        targets
    }

    fn replace_brs(&self, doc: &mut Document, brs: Vec<NodeId>) {
        for br in brs {
            let mut next = doc.next_sibling(br);
            let mut replaced = false;
            loop {
                next = next_node(doc, next);
                match next {
                    Some(n) if is(doc, n, "br") => {
                        replaced = true;
                        let after = doc.next_sibling(n);
                        doc.detach(n);
                        next = after;
                    }
                    _ => break,
                }
            }
            if !replaced || doc.parent(br).is_none() {
                continue;
            }
            let p = doc.create(NodeData::Element(Element::new("p", [])));
            doc.insert_before(br, p);
            doc.detach(br);
            let mut next = doc.next_sibling(p);
            while let Some(n) = next {
                if is(doc, n, "br") {
                    let after = next_node(doc, doc.next_sibling(n));
                    if after.is_some_and(|a| is(doc, a, "br")) {
                        break;
                    }
                }
                if !is_phrasing(doc, n, &self.phrasing_tags) {
                    break;
                }
                next = doc.next_sibling(n);
                doc.append(p, n);
            }
            while let Some(last) = doc.last_child(p) {
                if !is_whitespace(doc, last) {
                    break;
                }
                doc.detach(last);
            }
            if let Some(parent) = doc.parent(p) {
                if is(doc, parent, "p") {
                    if let Some(el) = doc.element_mut(parent) {
                        el.set_name("div");
                    }
                }
            }
        }
    }
}

#[typetag::serde(name = "readability.prep_document")]
impl TreeStage for PrepDocument {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let root = doc.root();
        let page = walk::page(doc);
        let mut targets = self.targets(doc, page);
        for &n in &targets.removed {
            doc.detach(n);
        }
        // A removed `<html>` or `<body>` moves the page: find the `<br>`s again.
        if walk::page(doc) != page {
            let page = walk::page(doc);
            targets.brs = walk::elements_named(doc, page, &TagNames::from(["br"]));
        }
        if self.replace_brs {
            self.replace_brs(doc, targets.brs);
        }
        if !self.renames_are_known_first() {
            targets.renamed = walk::elements_named(doc, root, &self.rename);
        }
        for n in targets.renamed {
            if let Some(el) = doc.element_mut(n) {
                el.set_name("span");
            }
        }
        Ok(())
    }

    fn deletes_with_content(&self) -> Vec<String> {
        self.remove.names().to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    /// The stage as three walks, one per step, each over the tree the step before left.
    fn apply_step_by_step(stage: &PrepDocument, doc: &mut Document) {
        let root = doc.root();
        for n in walk::elements_named(doc, root, &stage.remove) {
            doc.detach(n);
        }
        if stage.replace_brs {
            let page = walk::page(doc);
            let brs = walk::elements_named(doc, page, &TagNames::from(["br"]));
            stage.replace_brs(doc, brs);
        }
        for n in walk::elements_named(doc, root, &stage.rename) {
            if let Some(el) = doc.element_mut(n) {
                el.set_name("span");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn one_walk_finds_what_the_step_by_step_walks_find(
            parts in proptest::collection::vec(
                "<div>|</div>|<p>|</p>|<br>|<font>|</font>|<script>|</script>|<b>|</b>|\
                 <noscript>|</noscript>|<body>|[ x]{0,3}",
                0..40,
            ),
            remove in proptest::sample::subsequence(
                vec!["script", "noscript", "font", "br", "body", "p"], 0..4
            ),
            rename in proptest::sample::subsequence(vec!["font", "b", "p", "div", "br"], 0..3),
            replace_brs: bool,
        ) {
            let stage = PrepDocument {
                remove: remove.into_iter().collect(),
                rename: rename.into_iter().collect(),
                replace_brs,
                ..PrepDocument::default()
            };
            let html = parts.concat();
            let mut fast = parse_html(&html);
            stage.apply(&mut fast, &mut Diagnostics::default()).unwrap();
            let mut plain = parse_html(&html);
            apply_step_by_step(&stage, &mut plain);
            proptest::prop_assert_eq!(fast.to_html(fast.root()), plain.to_html(plain.root()));
        }
    }

    #[test]
    fn br_chains_become_paragraphs() {
        let mut doc = parse_html("<div>foo<br>bar<br> <br><br>abc<br>def</div><script>x</script>");
        PrepDocument::default()
            .apply(&mut doc, &mut Diagnostics::default())
            .unwrap();
        let div = doc.body().and_then(|b| doc.first_child(b)).unwrap();
        // As in Readability.js, the whitespace after the first <br> stays, inside the <p>.
        assert_eq!(doc.to_html(div), "<div>foo<br>bar<p> abc<br>def</p></div>");
        assert_eq!(doc.text_content(doc.body().unwrap()), "foobar abcdef");
    }
}
