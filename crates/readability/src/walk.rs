//! Tree helpers in Readability.js's terms, all iterative.
//!
//! Readability walks elements in document order with `_getNextNode`, removing a node
//! and continuing after it (`_removeAndGetNext`); [`next_element`] is that walk over
//! pith's arena, bounded to a subtree. The rest are the small predicates the stages
//! share: phrasing content, "only one child element", ancestors by tag.

use pith_dom::{Document, Element, NodeData, NodeId, TagNames};

/// The element's name, if `id` is an element.
pub fn name(doc: &Document, id: NodeId) -> Option<&str> {
    doc.element_name(id)
}

/// Whether `id` is an element named `tag`.
pub fn is(doc: &Document, id: NodeId, tag: &str) -> bool {
    name(doc, id) == Some(tag)
}

/// The element children of a node, in order.
pub fn element_children(doc: &Document, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
    doc.children(id).filter(move |&c| doc.element(c).is_some())
}

fn first_element_child(doc: &Document, id: NodeId) -> Option<NodeId> {
    element_children(doc, id).next()
}

fn next_element_sibling(doc: &Document, id: NodeId) -> Option<NodeId> {
    let mut cur = doc.next_sibling(id);
    while let Some(n) = cur {
        if doc.element(n).is_some() {
            return Some(n);
        }
        cur = doc.next_sibling(n);
    }
    None
}

/// The element after `node` in document order within `scope` (`_getNextNode`): its
/// first element child unless `skip_children`, else the next element sibling of it or
/// of its nearest ancestor below `scope` that has one.
pub fn next_element(
    doc: &Document,
    node: NodeId,
    skip_children: bool,
    scope: NodeId,
) -> Option<NodeId> {
    if !skip_children {
        if let Some(c) = first_element_child(doc, node) {
            return Some(c);
        }
    }
    let mut cur = node;
    loop {
        if cur == scope {
            return None;
        }
        if let Some(s) = next_element_sibling(doc, cur) {
            return Some(s);
        }
        cur = doc.parent(cur)?;
    }
}

/// Detaches `node` and returns the element after it (`_removeAndGetNext`).
pub fn remove_and_next(doc: &mut Document, node: NodeId, scope: NodeId) -> Option<NodeId> {
    let next = next_element(doc, node, true, scope);
    doc.detach(node);
    next
}

/// Every element of the subtree under `scope` (inclusive) named in `tags`, in document
/// order (Readability's `_getAllNodesWithTag`, a static list).
pub fn elements_named(doc: &Document, scope: NodeId, tags: &TagNames) -> Vec<NodeId> {
    doc.descendants(scope)
        .filter(|&n| doc.is_element_named_in(n, tags))
        .collect()
}

/// `className + " " + id`, the string the class/id patterns are matched against.
pub fn match_string(el: &Element) -> String {
    let mut s = String::new();
    write_match_string(el, &mut s);
    s
}

/// [`match_string`] written into `s` (cleared first): a walk that matches every
/// element reuses one buffer rather than allocating a string per element.
pub fn write_match_string(el: &Element, s: &mut String) {
    // Pushed rather than `format!`ed: this runs for every element of several stages,
    // and the formatting machinery cost five times the copying.
    let (class, id) = (el.attr("class").unwrap_or(""), el.attr("id").unwrap_or(""));
    s.clear();
    s.reserve(class.len() + 1 + id.len());
    s.push_str(class);
    s.push(' ');
    s.push_str(id);
}

/// Whether `text` is whitespace only (`text.trim().is_empty()`). ASCII is read a byte
/// at a time: most such texts are indentation, and decoding them character by
/// character cost several times as much.
pub fn is_blank(text: &str) -> bool {
    for (i, byte) in text.bytes().enumerate() {
        match byte {
            b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ' => {}
            0..=0x7f => return false,
            // The first non-ASCII character: `i` is at its start.
            _ => return text[i..].trim_start().is_empty(),
        }
    }
    true
}

/// Whether a text node is whitespace only, or the node is a `<br>` (`_isWhitespace`).
pub fn is_whitespace(doc: &Document, id: NodeId) -> bool {
    match doc.data(id) {
        NodeData::Text(t) => is_blank(t),
        NodeData::Element(el) => el.name() == "br",
        _ => false,
    }
}

/// Phrasing content (`_isPhrasingContent`): text, an element named in `phrasing`, or an
/// `a`/`del`/`ins` whose children are all phrasing content. Iterative.
pub fn is_phrasing(doc: &Document, id: NodeId, phrasing: &TagNames) -> bool {
    // Most nodes are answered at once; only an `a`, `del` or `ins` needs its children.
    match doc.data(id) {
        NodeData::Text(_) => return true,
        NodeData::Element(el) if el.is_named_in(phrasing) => return true,
        NodeData::Element(el) if matches!(el.name(), "a" | "del" | "ins") => {}
        _ => return false,
    }
    let mut todo: Vec<NodeId> = doc.children(id).collect();
    while let Some(n) = todo.pop() {
        match doc.data(n) {
            NodeData::Text(_) => {}
            NodeData::Element(el) => {
                if el.is_named_in(phrasing) {
                    continue;
                }
                if matches!(el.name(), "a" | "del" | "ins") {
                    todo.extend(doc.children(n));
                } else {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

/// `_hasSingleTagInsideElement`: exactly one element child, named `tag`, and no text
/// child ending in a non-space character.
pub fn has_single_tag_inside(doc: &Document, id: NodeId, tag: &str) -> bool {
    let mut elements = element_children(doc, id);
    let (Some(only), None) = (elements.next(), elements.next()) else {
        return false;
    };
    is(doc, only, tag)
        && !doc.children(id).any(|c| {
            doc.text(c)
                .is_some_and(|t| t.chars().last().is_some_and(|ch| !ch.is_whitespace()))
        })
}

/// `_hasAncestorTag(node, tag, max_depth)`: whether one of the nearest `max_depth + 1`
/// ancestors (all of them for `None`) is named `tag` and passes `filter`.
pub fn has_ancestor_tag(
    doc: &Document,
    id: NodeId,
    tag: &str,
    max_depth: Option<usize>,
    filter: impl Fn(NodeId) -> bool,
) -> bool {
    let mut depth = 0;
    let mut cur = doc.parent(id);
    while let Some(p) = cur {
        if max_depth.is_some_and(|m| depth > m) {
            return false;
        }
        if is(doc, p, tag) && filter(p) {
            return true;
        }
        cur = doc.parent(p);
        depth += 1;
    }
    false
}

/// The node the article stages work under: `<body>`, or the document for a fragment
/// tree without one.
pub fn page(doc: &Document) -> NodeId {
    doc.body().unwrap_or_else(|| doc.root())
}

/// A tag list in lower case (tag names compare in lower case).
pub fn lower(tags: &[&str]) -> TagNames {
    tags.iter().map(|t| t.to_ascii_lowercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    proptest::proptest! {
        #[test]
        fn blank_is_trimmed_to_nothing(text in "[ \t\n\u{0b}\u{0c}\r\u{85}\u{a0}\u{2003}\u{3000}xé]{0,12}") {
            proptest::prop_assert_eq!(is_blank(&text), text.trim().is_empty());
        }
    }

    #[test]
    fn next_element_walks_in_document_order_within_scope() {
        let doc = parse_html("<div id=a><p id=b><i id=c></i></p><p id=d></p></div><p id=e></p>");
        let id = |s: &str| {
            doc.descendants(doc.root())
                .find(|&n| doc.element(n).and_then(|e| e.attr("id")) == Some(s))
                .unwrap()
        };
        let a = id("a");
        let mut seen = vec![];
        let mut cur = Some(a);
        while let Some(n) = cur {
            seen.push(doc.element(n).unwrap().attr("id").unwrap().to_string());
            cur = next_element(&doc, n, false, a);
        }
        assert_eq!(seen, ["a", "b", "c", "d"]);
        assert_eq!(next_element(&doc, id("b"), true, doc.root()), Some(id("d")));
        assert_eq!(next_element(&doc, id("d"), true, doc.root()), Some(id("e")));
    }

    #[test]
    fn phrasing_content_and_single_tags() {
        let doc = parse_html("<div><a><b>x</b></a><a><div></div></a><p>y</p> </div>");
        let div = doc
            .descendants(doc.root())
            .find(|&n| is(&doc, n, "div"))
            .unwrap();
        let kids: Vec<_> = doc.children(div).collect();
        let phrasing = lower(&["b", "span"]);
        assert!(is_phrasing(&doc, kids[0], &phrasing));
        assert!(!is_phrasing(&doc, kids[1], &phrasing));
        assert!(!is_phrasing(&doc, kids[2], &phrasing));
        assert!(!has_single_tag_inside(&doc, div, "p"));
        let doc = parse_html("<div> <p>y</p> </div>");
        let div = doc
            .descendants(doc.root())
            .find(|&n| is(&doc, n, "div"))
            .unwrap();
        assert!(has_single_tag_inside(&doc, div, "p"));
    }
}
