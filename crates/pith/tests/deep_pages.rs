//! Deeply nested pages parse, extract and drop without overflowing the stack, and keep
//! their text (Python jusText loses text nested deeper than ~256 elements).

const PARAGRAPH: &str = "The quick brown fox jumps over the lazy dog, and this is the sort \
of sentence that is full of the words which we would call stop words in English, as it \
has to be long enough for the algorithm to think that it is good text and not a menu.";

fn nested(depth: usize, open: &str, close: &str) -> String {
    format!(
        "<html><body>{}<p>{PARAGRAPH}</p>{}</body></html>",
        open.repeat(depth),
        close.repeat(depth)
    )
}

fn good_text(html: &str) -> (String, Vec<String>) {
    let pipeline = pith::preset("justext").unwrap();
    let ex = pipeline.run_bytes(html.as_bytes()).unwrap();
    (ex.good_text("\n"), ex.diagnostics.notes.clone())
}

#[test]
fn a_good_paragraph_under_260_divs_is_kept() {
    let (text, notes) = good_text(&nested(260, "<div>", "</div>"));
    assert_eq!(text, PARAGRAPH);
    assert!(notes.is_empty(), "no limit is hit at depth 260: {notes:?}");
}

#[test]
fn a_good_paragraph_under_100000_divs_is_kept_and_the_limit_reported() {
    let (text, notes) = good_text(&nested(100_000, "<div>", "</div>"));
    assert_eq!(text, PARAGRAPH);
    assert_eq!(notes.len(), 1);
    assert!(notes[0].starts_with("max_depth 512"), "{notes:?}");
}

#[test]
fn a_good_paragraph_under_5000_nested_tables_is_kept() {
    let (text, _) = good_text(&nested(5_000, "<table><tr><td>", "</td></tr></table>"));
    assert_eq!(text, PARAGRAPH);
}

#[test]
fn the_limit_can_be_switched_off() {
    let mut value = pith::preset_value("justext").unwrap();
    value["parse"]["max_depth"] = serde_json::json!(0);
    let pipeline = pith::Pipeline::from_value(value).unwrap();
    let ex = pipeline
        .run_bytes(nested(1_000, "<div>", "</div>").as_bytes())
        .unwrap();
    assert!(ex.diagnostics.notes.is_empty());
    assert_eq!(ex.good_text("\n"), PARAGRAPH);
}
