//! Property tests on arbitrary nested markup: the `readability` pipeline never invents
//! text (its output is a subsequence of the input text), annotate mode leaves the tree
//! whole, and the cleaning stages are idempotent.

use pith_core::{Diagnostics, Pipeline, TreeStage};
use pith_dom::{parse_html, Document};
use pith_readability::{
    ClassWeight, Clean, CleanHeaders, PrepDocument, RemoveEmpty, RemoveHidden, StripUnlikely,
    IN_ARTICLE,
};
use proptest::prelude::*;

const TAGS: &[&str] = &[
    "div",
    "p",
    "span",
    "a",
    "ul",
    "li",
    "b",
    "table",
    "tr",
    "td",
    "section",
    "h1",
    "h2",
    "em",
    "font",
    "nav",
    "aside",
    "blockquote",
    "pre",
    "img",
    "br",
    "form",
    "script",
    "style",
    "footer",
    "article",
    "iframe",
];
const ATTRS: &[&str] = &[
    "class=\"comment\"",
    "class=\"sidebar main\"",
    "class=\"byline\"",
    "id=\"content\"",
    "class=\"share\"",
    "href=\"#top\"",
    "href=\"/ok\"",
    "style=\"display:none\"",
    "role=\"navigation\"",
    "hidden",
    "class=\"article-body\"",
];
const WORDS: &[&str] = &[
    "alpha, beta, gamma, delta, epsilon.",
    "The quick brown fox jumps over the lazy dog, again and again and again.",
    "x",
    "é",
    " ",
    "\n",
    "Loading...",
];

fn fragment() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(WORDS).prop_map(|w| w.to_string());
    leaf.prop_recursive(6, 80, 6, |inner| {
        (
            prop::sample::select(TAGS),
            prop::option::of(prop::sample::select(ATTRS)),
            prop::collection::vec(inner, 0..6),
        )
            .prop_map(|(tag, attr, kids)| {
                let attr = attr.map(|a| format!(" {a}")).unwrap_or_default();
                format!("<{tag}{attr}>{}</{tag}>", kids.concat())
            })
    })
}

fn preset(annotate: bool) -> Pipeline {
    let mut value: serde_json::Value =
        serde_json::from_str(pith_readability::presets()[0].json).unwrap();
    if annotate {
        value["tree"][0]["annotate"] = serde_json::json!(true);
        value["segmenter"]["article_only"] = serde_json::json!(true);
    }
    Pipeline::from_value(value).unwrap()
}

fn is_subsequence(small: &str, big: &str) -> bool {
    let mut big = big.chars().filter(|c| !c.is_whitespace());
    small
        .chars()
        .filter(|c| !c.is_whitespace())
        .all(|c| big.any(|b| b == c))
}

fn apply_twice(stage: &dyn TreeStage, html: &str) -> (String, String) {
    let mut doc = parse_html(html);
    let mut d = Diagnostics::default();
    stage.apply(&mut doc, &mut d).unwrap();
    let once = doc.to_html(doc.root());
    stage.apply(&mut doc, &mut d).unwrap();
    (once, doc.to_html(doc.root()))
}

fn html_of(doc: &Document) -> String {
    doc.to_html(doc.root())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn no_text_appears_that_was_not_in_the_input(body in fragment()) {
        let html = format!("<html><head><title>alpha beta</title></head><body>{body}</body></html>");
        let input = parse_html(&html);
        let input_text = input.text_content(input.body().unwrap());
        for annotate in [false, true] {
            let ex = preset(annotate).run_str(&html).unwrap();
            let out = ex.good_text("");
            prop_assert!(is_subsequence(&out, &input_text), "annotate {}: {:?} not in {:?}", annotate, out, input_text);
        }
    }

    #[test]
    fn annotate_mode_leaves_the_tree_whole_and_marks_what_deleting_mode_keeps(body in fragment()) {
        let html = format!("<html><body>{body}</body></html>");
        let (_, annotated) = preset(true).run_str_keeping_tree(&html).unwrap();
        prop_assert_eq!(html_of(&annotated), html_of(&parse_html(&html)));
        // Every text node that deleting mode outputs is marked as in the article.
        let deleting = preset(false).run_str(&html).unwrap().good_text("");
        let annotated_text = preset(true).run_str(&html).unwrap().good_text("");
        let strip = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        prop_assert_eq!(strip(&deleting), strip(&annotated_text));
        prop_assert!(annotated.annotations().column(IN_ARTICLE).is_some());
    }

    /// `readability.remove_empty` is left out on purpose: like Readability.js's walk, it
    /// judges every element against the tree as it was before the pass, so an element
    /// that only held empty elements is emptied, not removed, and a second pass removes it
    /// (`remove_empty_is_one_pass_as_in_readability_js` below pins that).
    #[test]
    fn node_removing_stages_are_idempotent(body in fragment()) {
        let html = format!("<html><body>{body}</body></html>");
        let stages: Vec<Box<dyn TreeStage>> = vec![
            Box::new(PrepDocument { replace_brs: false, ..PrepDocument::default() }),
            Box::new(RemoveHidden::default()),
            Box::new(StripUnlikely::default()),
            Box::new(Clean::default()),
            Box::new(ClassWeight::default()),
            Box::new(CleanHeaders::default()),
        ];
        for stage in &stages {
            let (once, twice) = apply_twice(stage.as_ref(), &html);
            prop_assert_eq!(once, twice, "{:?}", stage);
        }
    }
}

/// Readability.js's `_grabArticle` walk judges `<section><section></section></section>`'s
/// outer element first (it has an element child, so it has content) and then removes the
/// inner one; the outer goes only on a later pass. `readability.remove_empty` does the same.
#[test]
fn remove_empty_is_one_pass_as_in_readability_js() {
    let html = "<html><body><section><section></section></section><p>x</p></body></html>";
    let (once, twice) = apply_twice(&RemoveEmpty::default(), html);
    assert!(once.contains("<section></section>"), "{once}");
    assert!(!twice.contains("<section>"), "{twice}");
}
