//! Whether `parse_html_omitting` builds html5ever's tree minus what it was asked to
//! leave out, and nothing else: the parse of a page with the omissions pith's pipelines
//! ask for (the content of raw-text elements, attributes but those of some elements or
//! names, everything from an `<object>` on), compared event by event with the parse
//! that omits nothing.
//!
//! Shared with `crates/dom/tests/omit_parse.rs` (included there with `#[path]`), so the
//! fuzz target and the generated pages of the test check the same thing.

use pith_dom::{
    parse_html_omitting, parse_html_with, Document, Edge, ElementNamespace, NodeData, Omit,
    ParseLimits, SHAPES_THE_TREE,
};

/// Raw-text elements whose content the lean parses drop.
pub const DROPPED: &[&str] = &[
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
];

/// Elements the test keeps the attributes of (besides [`SHAPES_THE_TREE`]).
const KEPT: &[&str] = &["link", "img"];

/// Attributes the test keeps on every element in the parses that keep some by name.
const NAMED: &[&str] = &["class", "id", "href", "hidden", "lang"];

/// What to leave out of the expected tree: the text of the dropped elements, the
/// attributes of the elements not kept (but those in [`NAMED`], when `named`).
#[derive(Clone, Copy)]
struct Expect {
    dropped_text: bool,
    cut_attributes: bool,
    named: bool,
    /// `href` is kept as a fragment name (`Omit::attributes_if_fragment`), not by name:
    /// an `href` whose value does not start with `#` is left out of both trees (the lean
    /// parse may keep it), one whose value does must be in both.
    fragments: bool,
}

/// The name the parses with `fragments` keep for fragments only.
const FRAGMENT: &str = "href";

/// Whether an attribute (its local name in the tree) is one of [`NAMED`]. In HTML
/// elements the tree builder keeps a prefix in the local name (`xlink:href`); the parse
/// keeps such a name for the name after the prefix, as in SVG, where it is taken off.
fn is_named(local: &str) -> bool {
    NAMED.iter().any(|n| is_called(local, n))
}

/// Whether an attribute (its local name in the tree) is called `name`, itself or after a
/// prefix the parse takes off (see [`is_named`]).
fn is_called(local: &str, name: &str) -> bool {
    let after_prefix = ["xlink:", "xml:", "xmlns:"]
        .iter()
        .find_map(|p| local.strip_prefix(p));
    local == name || after_prefix == Some(name)
}

/// Whether an element is a JSON-LD script, whose text the lean parse keeps.
fn is_json_ld(e: &pith_dom::Element) -> bool {
    e.name() == "script"
        && e.attr("type")
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json"))
}

/// The document as a flat list of events, leaving out what `leave_out` says.
fn events(doc: &Document, leave_out: Expect) -> Vec<String> {
    let mut out = Vec::new();
    for edge in doc.traverse(doc.root()) {
        match edge {
            Edge::Open(id) => match doc.data(id) {
                NodeData::Element(e) => {
                    let name = e.name().to_ascii_lowercase();
                    // Kept by name as written: `<image>` (an `img` in HTML) with `img`.
                    let written_as = |n: &str| name == n || (n == "img" && name == "image");
                    let kept = SHAPES_THE_TREE.iter().chain(KEPT).any(|n| written_as(n));
                    // A script keeps its `type`: the skip of its content reads it (and,
                    // as every kept name, written after a prefix: `xml:type`).
                    let script_type = |k: &str| name == "script" && is_called(k, "type");
                    let is_fragment_name = |k: &str| leave_out.fragments && is_called(k, FRAGMENT);
                    let attrs: Vec<String> = e
                        .attrs()
                        .filter(|(k, v)| {
                            if is_fragment_name(k) && !kept {
                                return v.starts_with('#');
                            }
                            kept || !leave_out.cut_attributes
                                || (leave_out.named && is_named(k))
                                || script_type(k)
                        })
                        .map(|(k, v)| format!("{k}={v:?}"))
                        .collect();
                    out.push(format!(
                        "<{} {:?} {}>",
                        e.name(),
                        e.namespace(),
                        attrs.join(" ")
                    ));
                }
                NodeData::Text(t) => {
                    let in_dropped = doc
                        .parent(id)
                        .and_then(|p| doc.element(p))
                        .is_some_and(|e| {
                            e.namespace() == ElementNamespace::Html
                                && DROPPED.contains(&e.name())
                                && !is_json_ld(e)
                        });
                    if !(leave_out.dropped_text && in_dropped) {
                        out.push(format!("text {:?}", &**t));
                    }
                }
                other => out.push(format!("{other:?}")),
            },
            Edge::Close(id) => {
                if let Some(name) = doc.element_name(id) {
                    out.push(format!("</{name}>"));
                }
            }
        }
    }
    out
}

/// The five ways to omit: content only, attributes only, both, attributes but those of
/// some names, and those with `href` kept as a fragment name.
fn omissions() -> [(Omit, Expect); 5] {
    let content = || DROPPED.iter().map(|s| s.to_string()).collect();
    let kept = || Some(KEPT.iter().map(|s| s.to_string()).collect());
    let expect = |dropped_text, cut_attributes, named| Expect {
        dropped_text,
        cut_attributes,
        named,
        fragments: false,
    };
    [
        (
            Omit {
                content_of: content(),
                ..Omit::default()
            },
            expect(true, false, false),
        ),
        (
            Omit {
                attributes_except_on: kept(),
                ..Omit::default()
            },
            expect(false, true, false),
        ),
        (
            Omit {
                content_of: content(),
                attributes_except_on: kept(),
                ..Omit::default()
            },
            expect(true, true, false),
        ),
        (
            Omit {
                content_of: content(),
                attributes_except_on: kept(),
                attributes_named: NAMED.iter().map(|s| s.to_string()).collect(),
                ..Omit::default()
            },
            expect(true, true, true),
        ),
        (
            Omit {
                content_of: content(),
                attributes_except_on: kept(),
                attributes_named: (NAMED.iter())
                    .filter(|&&n| n != FRAGMENT)
                    .map(|s| s.to_string())
                    .collect(),
                attributes_if_fragment: vec![FRAGMENT.to_owned()],
                ..Omit::default()
            },
            Expect {
                fragments: true,
                ..expect(true, true, true)
            },
        ),
    ]
}

const NOTHING: Expect = Expect {
    dropped_text: false,
    cut_attributes: false,
    named: false,
    fragments: false,
};

/// Whether the omitting parses of `html` give the full parse's tree minus the omissions.
pub fn same_trees(html: &str) -> Result<(), String> {
    let limits = ParseLimits::default();
    let (full, _) = parse_html_with(html, &limits);
    for (omit, expect) in omissions() {
        let (lean, _) = parse_html_omitting(html, &limits, &omit);
        let lean_leaves_out = Expect {
            fragments: expect.fragments,
            ..NOTHING
        };
        let (want, got) = (events(&full, expect), events(&lean, lean_leaves_out));
        if want != got {
            let at = want.iter().zip(&got).take_while(|(a, b)| a == b).count();
            let (from, to) = (at.saturating_sub(3), at + 3);
            return Err(format!(
                "{omit:?}\nat event {at}\nwant {:?}\ngot  {:?}",
                &want[from.min(want.len())..to.min(want.len())],
                &got[from.min(got.len())..to.min(got.len())]
            ));
        }
    }
    Ok(())
}

/// Whether a page that starts with an `<object>` keeps every attribute after it in the
/// parse that keeps everything from the first `object` on.
pub fn all_kept_after_an_object(html: &str) -> Result<(), String> {
    let html = format!("<object>{html}");
    let limits = ParseLimits::default();
    let (full, _) = parse_html_with(&html, &limits);
    let omit = Omit {
        attributes_except_on: Some(Vec::new()),
        attributes_named: vec!["class".into()],
        attributes_kept_within: vec!["object".into()],
        ..Omit::default()
    };
    let (lean, _) = parse_html_omitting(&html, &limits, &omit);
    match events(&full, NOTHING) == events(&lean, NOTHING) {
        true => Ok(()),
        false => Err(format!("{omit:?}: attributes cut after the <object>")),
    }
}

/// Both checks on one page.
pub fn check(html: &str) -> Result<(), String> {
    same_trees(html).and_then(|()| all_kept_after_an_object(html))
}
