//! Property tests of the `justext` preset: robustness on arbitrary input, good text comes
//! from the page, pipeline JSON round-trips, and passes keep context-free good/bad labels.

use pith_core::{Extraction, Pipeline};
use proptest::prelude::*;
use serde_json::Value;

thread_local! {
    static JUSTEXT: Pipeline = pith_justext::pipeline("justext").unwrap().unwrap();
    static NO_HEADINGS: Pipeline = {
        let mut v = preset_value();
        assert!(pith_core::set_param(&mut v, "no_headings", Value::Bool(true)) > 0);
        Pipeline::from_value(v).unwrap()
    };
}

fn preset_value() -> Value {
    let preset = pith_justext::presets()
        .into_iter()
        .find(|p| p.name == "justext")
        .expect("justext preset");
    serde_json::from_str(preset.json).unwrap()
}

const SENTENCE: &str = "When the members of the council met on Tuesday evening, most of them said \
    that they had not been told about the plan before it was announced, and several of them \
    asked why the public had not been given more time to respond to it.";

/// Strings over a small HTML-ish alphabet (tags, comments, words, odd whitespace).
fn htmlish() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("<p>"),
        Just("</p>"),
        Just("<div>"),
        Just("</div>"),
        Just("<a href=x>"),
        Just("</a>"),
        Just("<br>"),
        Just("<h1>"),
        Just("</h1>"),
        Just("<select>"),
        Just("</select>"),
        Just("<table><tr><td>"),
        Just("<!--"),
        Just("-->"),
        Just(" "),
        Just("\n"),
        Just("\t"),
        Just("\u{a0}"),
        Just("\u{1f}"),
        Just("\u{0}"),
        Just("the"),
        Just("of"),
        Just("and"),
        Just("house"),
        Just("Home"),
        Just("Menu"),
        Just("\u{e9}t\u{e9}"),
        Just(SENTENCE),
    ];
    prop::collection::vec(token, 0..80).prop_map(|t| t.concat())
}

/// Python's `str.split()` whitespace includes U+001C..U+001F, which Rust's does not.
fn strip_ws(s: &str) -> String {
    s.chars()
        .filter(|&c| !(c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)))
        .collect()
}

fn labels(ex: &Extraction) -> (Vec<&'static str>, Vec<&'static str>) {
    (
        ex.cf_labels.iter().map(|l| l.as_str()).collect(),
        ex.labels.iter().map(|l| l.as_str()).collect(),
    )
}

fn check_consistent(ex: &Extraction) -> Result<(), TestCaseError> {
    prop_assert_eq!(ex.labels.len(), ex.blocks.len());
    prop_assert_eq!(ex.cf_labels.len(), ex.blocks.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// (a) Arbitrary bytes never make the pipeline fail or panic.
    #[test]
    fn arbitrary_bytes_are_ok(bytes in prop::collection::vec(any::<u8>(), 0..4096)) {
        let ex = JUSTEXT.with(|p| p.run_bytes(&bytes));
        prop_assert!(ex.is_ok(), "{:?}", ex.err());
        check_consistent(&ex.unwrap())?;
    }

    /// (a) HTML-ish strings never make the pipeline fail or panic.
    #[test]
    fn htmlish_strings_are_ok(s in htmlish()) {
        let ex = JUSTEXT.with(|p| p.run_bytes(s.as_bytes()));
        prop_assert!(ex.is_ok(), "{:?}", ex.err());
        check_consistent(&ex.unwrap())?;
        let ex = JUSTEXT.with(|p| p.run_str(&s));
        prop_assert!(ex.is_ok(), "{:?}", ex.err());
    }

    /// (b) Good text comes from the page: with whitespace removed, every good paragraph is
    /// a substring of the (cleaned) document's text. Words may span text nodes, which
    /// concatenate without a separator, hence the whitespace-free comparison. The tree
    /// after the tree stages is used, since the Cleaner kills e.g. `<select>` contents.
    #[test]
    fn good_text_comes_from_the_document(s in htmlish()) {
        let (ex, doc) = JUSTEXT
            .with(|p| p.run_document(pith_dom::parse_html(&s)))
            .unwrap();
        let page = strip_ws(&doc.text_content(doc.root()));
        let raw_page = {
            let raw = pith_dom::parse_html(&s);
            strip_ws(&raw.text_content(raw.root()))
        };
        for (b, l) in ex.blocks.iter().zip(&ex.labels) {
            if l.as_str() != "good" {
                continue;
            }
            let text = strip_ws(&b.text);
            prop_assert!(page.contains(&text), "good {:?} not in cleaned {:?}", text, page);
            // Without killed elements in the input the raw parse must contain it too.
            if !s.contains("<select>") {
                prop_assert!(raw_page.contains(&text), "good {:?} not in {:?}", text, raw_page);
            }
        }
    }

    /// (c) Parameter values survive the pipeline's JSON round trip.
    #[test]
    fn pipeline_json_round_trips(
        length_low in 0usize..500,
        extra in 0usize..1000,
        stopwords_low in 0.0f64..1.0,
        stopwords_high in 0.0f64..1.0,
        max_link_density in 0.0f64..1.0,
        max_heading_distance in 0usize..2000,
        no_headings in any::<bool>(),
    ) {
        let mut v = preset_value();
        let params = [
            ("length_low", Value::from(length_low)),
            ("length_high", Value::from(length_low + extra)),
            ("stopwords_low", Value::from(stopwords_low)),
            ("stopwords_high", Value::from(stopwords_high)),
            ("max_link_density", Value::from(max_link_density)),
            ("max_heading_distance", Value::from(max_heading_distance)),
            ("no_headings", Value::from(no_headings)),
        ];
        for (name, value) in &params {
            prop_assert!(pith_core::set_param(&mut v, name, value.clone()) > 0, "{}", name);
        }
        let once = Pipeline::from_value(v).unwrap().to_value();
        // The values set are kept as given.
        for (name, value) in &params {
            let mut probe = once.clone();
            let n = pith_core::set_param(&mut probe, name, value.clone());
            prop_assert!(n > 0, "{} lost in round trip", name);
            prop_assert_eq!(&probe, &once, "{} changed in round trip", name);
        }
        let twice = Pipeline::from_value(once.clone()).unwrap().to_value();
        prop_assert_eq!(twice, once);
    }

    /// (d) Without headings, passes only relabel short and neargood paragraphs.
    #[test]
    fn passes_keep_good_and_bad(s in htmlish()) {
        let ex = NO_HEADINGS.with(|p| p.run_bytes(s.as_bytes())).unwrap();
        check_consistent(&ex)?;
        let (cf, final_) = labels(&ex);
        for (i, (c, f)) in cf.iter().zip(&final_).enumerate() {
            if *c == "good" || *c == "bad" {
                prop_assert_eq!(c, f, "paragraph {} {:?}", i, ex.blocks[i].text);
            }
        }
    }
}

/// The generators above can reach good paragraphs (so (b) and (d) are not vacuous).
#[test]
fn a_sentence_paragraph_is_good() {
    let html = format!("<div><p>{SENTENCE}</p><p>Home Menu</p></div>");
    let ex = JUSTEXT.with(|p| p.run_bytes(html.as_bytes())).unwrap();
    assert_eq!(ex.labels[0].as_str(), "good");
    let ex = NO_HEADINGS.with(|p| p.run_bytes(html.as_bytes())).unwrap();
    assert_eq!(ex.cf_labels[0].as_str(), "good");
}
