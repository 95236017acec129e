//! Golden cases for each phase, and 100,000-deep nesting.

use pith_declutter::{to_html_document, Prune, Purify, Shake};
use pith_dom::{parse_html, Document};

fn body_html(doc: &Document) -> String {
    doc.to_html(doc.body().expect("a body"))
}

#[test]
fn prune_poison_words_in_class_and_id_delete_whole_subtrees() {
    let mut doc = parse_html(
        "<body><div class='article'><p>Text</p><div class='Promo-Box'><p>Buy <b>now</b></p></div></div>\
         <section id='comments'><p>Nice</p></section><div class='x popup'>Pop</div><p>End</p></body>",
    );
    Prune::default().prune(&mut doc);
    assert_eq!(
        body_html(&doc),
        "<body><div class=\"article\"><p>Text</p></div><p>End</p></body>"
    );
}

#[test]
fn prune_judges_each_node_on_its_own() {
    // A poison word on an ancestor-free inner node only removes that node.
    let mut doc =
        parse_html("<body><div><div><span class='comment-count'>3</span>Story</div></div></body>");
    Prune::default().prune(&mut doc);
    assert_eq!(body_html(&doc), "<body><div><div>Story</div></div></body>");
}

#[test]
fn shake_deletes_link_lists_and_keeps_text() {
    let mut doc = parse_html(
        "<body><div><p>This is the article text with enough words to be kept here.</p></div>\
         <ul><li><a href='/a'>Home page</a></li><li><a href='/b'>About us</a></li></ul></body>",
    );
    Shake::default().shake(&mut doc);
    assert_eq!(
        body_html(&doc),
        "<body><div><p>This is the article text with enough words to be kept here.</p></div></body>"
    );
}

/// Thai is written without spaces between words (a space ends a phrase): counted at
/// whitespace its paragraph below has 3 words against its 5 tags and went; its words are
/// the dictionary's (10: ตลาด น้ำ · เปิด ใหม่ ริม คลอง · ดึงดูด นัก ท่อง เที่ยว). Tibetan has
/// no spaces between words either, and no dictionary: a tsheg (`་`) ends each syllable,
/// and its paragraph's 3 whitespace runs are 12 syllables.
#[test]
fn shake_counts_the_words_of_scripts_without_spaces() {
    for (article, link) in [
        (
            "<div><div><p><b>ตลาดน้ำ</b> เปิดใหม่ริมคลอง <i>ดึงดูดนักท่องเที่ยว</i></p></div></div>",
            "หน้าแรก",
        ),
        (
            "<div><div><p><b>བོད་ཀྱི་སྐད་ཡིག</b> ནི་བོད་མི་རྣམས་ཀྱི་ <i>སྐད་ཡིག་ཡིན།</i></p></div></div>",
            "དཔེ་ཚོགས",
        ),
    ] {
        let mut doc = parse_html(&format!(
            "<body>{article}<ul><li><a href='/'>{link}</a></li></ul></body>"
        ));
        Shake::default().shake(&mut doc);
        assert_eq!(body_html(&doc), format!("<body>{article}</body>"));
    }
}

/// A table cell shake deletes is emptied, not taken out, so the cells after it keep
/// their columns (before, a row's link-only first cell went and its other cells moved
/// under the wrong headers, in the purified page and in Markdown).
#[test]
fn shake_empties_a_table_cell_instead_of_removing_it() {
    let mut doc = parse_html(
        "<body><table><tr><th>Fruit</th><th>Farm</th></tr>\
         <tr><td><a href='/apples'>Apples</a></td><td>Hill Farm</td></tr></table></body>",
    );
    Shake::default().shake(&mut doc);
    assert_eq!(
        body_html(&doc),
        "<body><table><tbody><tr><th>Fruit</th><th>Farm</th></tr>\
         <tr><td></td><td>Hill Farm</td></tr></tbody></table></body>"
    );
}

#[test]
fn shake_annotate_records_scores_and_decisions_and_deletes_nothing() {
    use pith_core::Segmenter;
    use pith_declutter::shake::{SHAKE_BLESSED, SHAKE_KEEP, SHAKE_REMOVED, SHAKE_SCORE};
    let html = "<body><div><p>This is the article text with enough words to be kept here.</p></div>\
         <ul><li><a href='/a'>Home page</a></li><li class='byline'><a href='/b'>About us</a></li></ul></body>";
    let mut doc = parse_html(html);
    let mut stage: Shake = serde_json::from_str(r#"{"annotate": true}"#).unwrap();
    pith_core::TreeStage::prepare(&mut stage).unwrap();
    assert_eq!(stage.shake(&mut doc), 1, "would delete one subtree");
    assert_eq!(body_html(&doc), body_html(&parse_html(html)));
    let blocks = pith_declutter::Blocks::default().segment(&doc).unwrap();
    let value = |b: usize, key: &str| {
        doc.nearest_annotation(blocks[b].node.unwrap(), key)
            .map(|(_, v)| v)
    };
    assert_eq!(blocks.len(), 3);
    // div: 12 words - 2 tags (div, p).
    assert_eq!(value(0, SHAKE_SCORE), Some(10.0));
    assert_eq!(value(0, SHAKE_KEEP), Some(1.0));
    assert_eq!(value(0, SHAKE_REMOVED), Some(0.0));
    assert_eq!(value(0, SHAKE_BLESSED), None);
    // The first li: 2 words - 2·2 link words - 2 tags; kept by nothing, but its
    // blessed sibling keeps the ul, so it is deleted on its own.
    assert_eq!(value(1, SHAKE_SCORE), Some(-4.0));
    assert_eq!(value(1, SHAKE_KEEP), Some(0.0));
    assert_eq!(value(1, SHAKE_REMOVED), Some(1.0));
    assert_eq!(value(2, SHAKE_BLESSED), Some(1.0));
    assert_eq!(value(2, SHAKE_REMOVED), Some(0.0));
    // Deleting agrees: one subtree goes.
    assert_eq!(Shake::default().shake(&mut parse_html(html)), 1);
}

#[test]
fn shake_bless_protects_a_byline_in_a_low_scoring_block() {
    // The byline's div scores 2 words - 4 tags < 0 and its parent 2 - 7 < 0, but the
    // span is blessed.
    let html =
        "<body><div class='head'><div><span class='byline'><i>By</i> <b>Ann</b></span></div><div></div></div>\
        <div><p>The story itself, told in enough words to keep it in the output.</p></div></body>";
    let mut doc = parse_html(html);
    Shake::default().shake(&mut doc);
    assert!(
        body_html(&doc).contains("<b>Ann</b>"),
        "{}",
        body_html(&doc)
    );
    // Without bless words the same block goes.
    let mut doc = parse_html(html);
    let no_bless: Shake = serde_json::from_str(r#"{"bless_words": []}"#).unwrap();
    let mut no_bless = no_bless;
    pith_core::TreeStage::prepare(&mut no_bless).unwrap();
    no_bless.shake(&mut doc);
    assert!(!body_html(&doc).contains("Ann"));
}

#[test]
fn shake_blessed_node_keeps_every_descendant() {
    let mut doc = parse_html(
        "<body><div class='author-box'><ul><li><a href='/x'>Ann's other posts</a></li></ul></div></body>",
    );
    Shake::default().shake(&mut doc);
    assert!(body_html(&doc).contains("Ann's other posts"));
}

#[test]
fn shake_deleted_subtree_counts_still_reach_the_parent() {
    // Inner link list: 4 words, 4 link words, 3 tags -> -7: deleted.
    // Outer div: words 6 (2 own + 4 deleted), link words 4, tags 4 (div, ul, li, a... )
    //   = 6 - 8 - 5 < 0 if the deleted counts count: the outer div goes too.
    // Were the deleted counts dropped, the outer div would score 2 - 0 - 1 = 1 and stay.
    let html =
        "<body><div>Two words<ul><li><a href='/a'>one two three four</a></li></ul></div></body>";
    let mut doc = parse_html(html);
    let removed = Shake::default().shake(&mut doc);
    assert_eq!(removed, 1);
    assert_eq!(body_html(&doc), "<body></body>");
}

#[test]
fn purify_flattens_unapproved_tags_and_drops_comments() {
    let mut doc = parse_html(
        "<body><span class='x'><p style='c' onclick='e()'>Hello <span>big <font>world</font></span><!-- c --></p>\
         <a href='javascript:alert(1)' title='t'>link</a><a href='/ok' onmouseover='x'>ok</a>\
         <img src='data:image/png;base64,xx' alt='pic'><custom-el>tail</custom-el></span>\
         <div class='y' data-z='z'>kept</div></body>",
    );
    Purify::default().purify(&mut doc);
    assert_eq!(
        body_html(&doc),
        "<body><p>Hello big world</p><a>link</a><a href=\"/ok\">ok</a><img alt=\"pic\">tail\
         <div class=\"y\">kept</div></body>"
    );
}

#[test]
fn purify_output_is_a_utf8_html5_document() {
    let mut doc = parse_html(
        "<html><head><meta charset='latin1'><title>T</title></head><body><p>é</p></body></html>",
    );
    Purify::default().purify(&mut doc);
    let html = to_html_document(&doc);
    assert_eq!(
        html,
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>T</title></head><body><p>é</p></body></html>"
    );
}

fn deep_document(n: usize) -> Document {
    let mut doc = parse_html("<p>top text stays here</p>");
    let mut cur = doc.body().unwrap();
    for i in 0..n {
        let name = if i % 2 == 0 { "div" } else { "span" };
        let el = doc.create(pith_dom::NodeData::Element(pith_dom::Element::new(
            name,
            [("class", "x")],
        )));
        doc.append(cur, el);
        cur = el;
    }
    doc.append_text(cur, "deep words of text here");
    doc
}

#[test]
fn hundred_thousand_deep_nesting_works_in_every_stage() {
    let pipeline = pith_core::Pipeline::from_json(pith_declutter::presets()[0].json).unwrap();
    let (ex, doc) = pipeline.run_document(deep_document(100_000)).unwrap();
    // The innermost div scores 5 - 2 >= 0: Keep reaches every ancestor.
    assert_eq!(
        ex.good_text(" "),
        "top text stays here deep words of text here"
    );
    // Spans are flattened; the 50,000 divs are structure purify keeps.
    let html = to_html_document(&doc);
    assert!(html.contains("<p>top text stays here</p><div class=\"x\"><div class=\"x\">"));
    assert!(html.contains("deep words of text here</div>"));
    assert_eq!(html.matches("<div").count(), 50_000);
    // Blessed at the top: nothing is deleted, every level is flattened or kept.
    let mut doc = deep_document(100_000);
    let bless: Shake = serde_json::from_str(r#"{"bless_words": ["x"]}"#).unwrap();
    let mut bless = bless;
    pith_core::TreeStage::prepare(&mut bless).unwrap();
    assert_eq!(bless.shake(&mut doc), 0);
    Prune::default().prune(&mut doc);
    Purify::default().purify(&mut doc);
    assert_eq!(
        doc.text_content(doc.root()),
        "top text stays heredeep words of text here"
    );
    let blocks = pith_core::Segmenter::segment(&pith_declutter::Blocks::default(), &doc).unwrap();
    assert_eq!(blocks.len(), 2);
}

#[test]
fn deep_page_through_the_parser_guard() {
    let mut html = String::new();
    for _ in 0..100_000 {
        html.push_str("<div>");
    }
    html.push_str("deep words of text here");
    let pipeline = pith_core::Pipeline::from_json(pith_declutter::presets()[0].json).unwrap();
    let ex = pipeline.run_str(&html).unwrap();
    assert_eq!(ex.good_text(" "), "deep words of text here");
}

#[test]
fn run_to_html_writes_the_purified_document() {
    let pipeline = pith_core::Pipeline::from_json(pith_declutter::presets()[0].json).unwrap();
    let page = "<html><head><meta charset=\"utf-8\"><script>x</script></head><body>\
        <nav><a href='/'>Home</a></nav><div class='story'><p>Caf\u{e9} owners say the \
        <a href='javascript:x()'>new</a> rules <em>will</em> change how they work.</p></div></body></html>";
    let (ex, html) = pith_declutter::run_to_html(&pipeline, page.as_bytes()).unwrap();
    assert_eq!(ex.blocks.len(), 1);
    assert_eq!(
        html,
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>\
         <div class=\"story\"><p>Café owners say the <a>new</a> rules <em>will</em> change how \
         they work.</p></div></body></html>"
    );
}
