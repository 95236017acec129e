//! `is_hidden` reads each element's attributes in one pass; it must answer as
//! Readability's `_isProbablyVisible` (negated) written with one lookup per attribute
//! does, on any mix of attributes in any order, repeated names included.

use pith_dom::{parse_html, Document, Element};
use pith_readability::unlikely::{is_hidden, style_says_hidden};
use proptest::prelude::*;

/// Readability's test, one `attr` lookup per name (the first attribute of a name); the
/// style is read as `is_hidden` reads it.
fn hidden_by_lookups(el: &Element) -> bool {
    let style_hides = el.attr("style").is_some_and(style_says_hidden);
    style_hides
        || el.attr("hidden").is_some()
        || (el.attr("aria-hidden") == Some("true")
            && !el.attr("class").unwrap_or("").contains("fallback-image"))
        || (el.attr("aria-modal") == Some("true") && el.attr("role") == Some("dialog"))
}

/// Attribute names, each with the values that matter to the test (and one that does
/// not), so that the ways of hiding come up often.
const ATTRIBUTES: &[(&str, &[&str])] = &[
    (
        "style",
        &[
            "display:none",
            "DISPLAY : None !important",
            "visibility: hidden",
            "color: red; display: block",
        ],
    ),
    ("hidden", &[""]),
    ("aria-hidden", &["true", "false"]),
    ("class", &["lazy fallback-image", "menu"]),
    ("aria-modal", &["true", "false"]),
    ("role", &["dialog", "menu"]),
    ("id", &["x"]),
];

fn attribute() -> impl Strategy<Value = String> {
    (0..ATTRIBUTES.len(), 0..4usize).prop_map(|(n, v)| {
        let (name, values) = ATTRIBUTES[n];
        format!(" {name}=\"{}\"", values[v % values.len()])
    })
}

fn first_div(doc: &Document) -> &Element {
    doc.descendants(doc.root())
        .find_map(|n| doc.element(n).filter(|e| e.name() == "div"))
        .expect("the page has a div")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]
    #[test]
    fn one_pass_answers_as_one_lookup_per_name(
        attrs in proptest::collection::vec(attribute(), 0..8)
    ) {
        let markup: String = attrs.concat();
        let doc = parse_html(&format!("<div{markup}>text</div>"));
        let el = first_div(&doc);
        prop_assert_eq!(is_hidden(el), hidden_by_lookups(el), "{}", markup);
    }
}

#[test]
fn each_way_of_hiding_is_seen() {
    let hidden = |markup: &str| {
        let doc = parse_html(&format!("<div {markup}>text</div>"));
        is_hidden(first_div(&doc))
    };
    assert!(hidden("style='display: none'"));
    assert!(hidden("hidden"));
    assert!(hidden("aria-hidden=true"));
    assert!(!hidden("aria-hidden=true class='x fallback-image'"));
    assert!(hidden("role=dialog aria-modal=true"));
    assert!(!hidden("role=dialog"));
    assert!(!hidden("class=a id=b"));
    // Only the first of a repeated name counts (the parser keeps the first).
    assert!(!hidden("style='color: red' style='display: none'"));
}
