//! Pages nested 100,000 deep: the `readability` pipeline runs through the parse guard,
//! and every stage runs on a tree built without it, without overflowing the stack or
//! going quadratic in the depth.

use pith_core::{Diagnostics, Pipeline};
use pith_dom::{Document, Element, NodeData};

const PARAGRAPH: &str = "The quick brown fox jumps over the lazy dog, and this is the sort \
of sentence that is long enough, with commas, to be scored as the content of an article \
by Readability, which wants twenty-five characters at least, and five hundred in all. ";

fn preset() -> Pipeline {
    Pipeline::from_json(pith_readability::presets()[0].json).unwrap()
}

#[test]
fn a_paragraph_under_100000_divs_is_kept_through_the_parse_guard() {
    let html = format!(
        "<html><body>{}<p>{}</p>{}</body></html>",
        "<div>".repeat(100_000),
        PARAGRAPH.repeat(4),
        "</div>".repeat(100_000)
    );
    let ex = preset().run_str(&html).unwrap();
    assert_eq!(ex.good_text(" "), PARAGRAPH.repeat(4).trim());
    assert!(ex
        .diagnostics
        .notes
        .iter()
        .any(|n| n.starts_with("max_depth 512")));
}

/// A tree 100,000 elements deep with the paragraph at the bottom, built directly (the
/// parser would cap the depth at 512).
fn deep_tree(depth: usize, annotate_tags: &[&str]) -> Document {
    let mut doc = Document::new();
    let html = doc.create(NodeData::Element(Element::new("html", [])));
    doc.append(doc.root(), html);
    let body = doc.create(NodeData::Element(Element::new("body", [])));
    doc.append(html, body);
    let mut cur = body;
    for i in 0..depth {
        let tag = annotate_tags[i % annotate_tags.len()];
        let n = doc.create(NodeData::Element(Element::new(tag, [("class", "content")])));
        doc.append(cur, n);
        cur = n;
    }
    let p = doc.create(NodeData::Element(Element::new("p", [])));
    doc.append(cur, p);
    doc.append_text(p, &PARAGRAPH.repeat(4));
    doc
}

#[test]
fn every_stage_runs_on_a_tree_100000_deep() {
    for tags in [
        &["div"][..],
        &["div", "section", "table", "td", "ul", "li"][..],
    ] {
        for annotate in [false, true] {
            let mut value: serde_json::Value =
                serde_json::from_str(pith_readability::presets()[0].json).unwrap();
            value["tree"][0]["annotate"] = serde_json::json!(annotate);
            value["segmenter"]["article_only"] = serde_json::json!(annotate);
            let pipeline = Pipeline::from_value(value).unwrap();
            let mut doc = deep_tree(100_000, tags);
            pipeline
                .apply_tree(&mut doc, &mut Diagnostics::default())
                .unwrap();
            let ex = pipeline.classify(&doc).unwrap();
            assert_eq!(
                ex.good_text(" "),
                PARAGRAPH.repeat(4).trim(),
                "{tags:?} {annotate}"
            );
            drop(doc);
        }
    }
}
