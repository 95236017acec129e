//! `TagNames`: the interned membership test gives the string comparison's answer,
//! for names the parser interns statically (HTML's), dynamically (custom elements)
//! or inline (short unknown names), and the list serialises as the strings it holds.

use pith_dom::{parse_html, Element, TagNames};
use proptest::prelude::*;

/// Names of every kind the atom table stores: static HTML names, short and long
/// unknown ones, custom elements, case variants, the empty name, non-ASCII.
fn a_name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "p",
            "div",
            "span",
            "a",
            "br",
            "table",
            "td",
            "svg",
            "math",
            "h1",
            "DIV",
            "Div",
            "",
            "x",
            "my-widget",
            "averyveryverylongelementname",
            "émoji",
            "p ",
        ])
        .prop_map(str::to_string),
        "[a-zA-Z][a-z0-9-]{0,12}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn membership_is_string_equality(
        names in prop::collection::vec(a_name(), 0..6),
        name in a_name(),
    ) {
        let list = TagNames::from(names.clone());
        let element = Element::new(&name, []);
        let expected = names.contains(&name);
        prop_assert_eq!(element.is_named_in(&list), expected);
        prop_assert_eq!(list.contains(&name), expected);
    }

    #[test]
    fn serialises_as_the_strings_in_order(names in prop::collection::vec(a_name(), 0..6)) {
        let list = TagNames::from(names.clone());
        let json = serde_json::to_string(&list).unwrap();
        prop_assert_eq!(&json, &serde_json::to_string(&names).unwrap());
        let back: TagNames = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.names(), names.as_slice());
        prop_assert_eq!(back, list);
    }
}

#[test]
fn parsed_elements_match_by_their_lower_case_names() {
    let doc = parse_html(
        "<DIV><My-Widget>a</My-Widget><x-y>b</x-y><P>c</P><svg><foreignObject/></svg></DIV>",
    );
    let list = TagNames::from(["my-widget", "p", "foreignObject", "svg"]);
    let body = doc.body().unwrap();
    let hits: Vec<&str> = doc
        .descendants(body)
        .filter(|&n| doc.is_element_named_in(n, &list))
        .filter_map(|n| doc.element_name(n))
        .collect();
    assert_eq!(hits, ["my-widget", "p", "svg", "foreignObject"]);
}
