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

/// Past the depth limit a `<script>` or `<style>` is still code, not text: the guard
/// reads its content as raw text and drops it (before, the refused start tag left the
/// tokenizer reading the code as markup, and every preset kept it as text). A title's
/// or a textarea's text is kept.
#[test]
fn scripts_past_the_depth_limit_are_not_text() {
    let prose = "When the members of the council met on Tuesday evening, most of them said \
                 that they had not been told about the plan before it was announced.";
    let html = format!(
        "<body>{}<script>var tracker = 'window.dataLayer'; if (a < b) {{ x(); }}</script>\
         <style>.menu {{ color: red }}</style><textarea>typed words</textarea>\
         <p>{prose}</p><p>{prose}</p></body>",
        "<div>".repeat(600)
    );
    for preset in ["justext", "pith", "readability", "declutter"] {
        let pipeline = pith::preset(preset).unwrap();
        let ex = pipeline.run_str(&html).unwrap();
        let text: String = ex
            .blocks
            .iter()
            .map(|b| b.text.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            !text.contains("dataLayer") && !text.contains("color: red"),
            "{preset}: {text}"
        );
        assert!(
            text.contains("typed words") && text.contains("Tuesday evening"),
            "{preset}: {text}"
        );
        assert!(
            ex.diagnostics.notes.iter().any(|n| n.contains("max_depth")),
            "{preset}"
        );
    }
    // The node limit too: a script after the last node admitted.
    let mut spec = pith::preset_value("justext").unwrap();
    spec["parse"] = serde_json::json!({"max_nodes": 5});
    let pipeline = pith::Pipeline::from_value(spec).unwrap();
    let ex = pipeline
        .run_str(&format!(
            "<body><div><div><div><div><script>var dataLayer;</script><p>{prose}</p>"
        ))
        .unwrap();
    let text: String = ex.blocks.iter().map(|b| b.text.as_str()).collect();
    assert!(
        !text.contains("dataLayer") && text.contains("Tuesday"),
        "{text}"
    );
}

/// Headings left open do not nest (the tree builder closes an open heading at the
/// next one), so 600 of them are not 600 levels deep: no limit is hit and every heading
/// stays its own block.
#[test]
fn unclosed_headings_do_not_count_as_depth() {
    let html = format!("<body>{}</body>", "<h4>Term".repeat(600));
    let ex = pith::preset("justext").unwrap().run_str(&html).unwrap();
    assert!(
        ex.diagnostics.notes.is_empty(),
        "{:?}",
        ex.diagnostics.notes
    );
    assert_eq!(ex.blocks.len(), 600);
}
