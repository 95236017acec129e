//! `--format markdown`, one golden case per construct: `tests/markdown/NAME.html` must
//! give `tests/markdown/NAME.md` exactly. The pages run through the jusText cleaner and
//! segmenter with every block kept, so the cases test the Markdown, not the classifier;
//! the last test runs the `justext` preset itself.

use std::path::Path;

use pith::markdown::{to_markdown, write_markdown_with_tables};
use pith::table::table_places;
use pith::Pipeline;

/// jusText's cleaner and segmenter, with every block labelled good.
fn keep_everything() -> Pipeline {
    Pipeline::from_json(
        r#"{"version": 1, "tree": [{"type": "justext.clean"}],
            "segmenter": {"type": "justext.paragraphs"}, "default_label": "good"}"#,
    )
    .unwrap()
}

/// The page `NAME.html` gives `NAME.md`, tables read from the tree as `pith extract
/// --format markdown` reads them.
fn golden(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/markdown");
    let html = std::fs::read(dir.join(format!("{name}.html"))).unwrap();
    let want = std::fs::read_to_string(dir.join(format!("{name}.md"))).unwrap();
    let pipeline = keep_everything();
    let (ex, tree) = (pipeline.run_bytes_and_tree(&html, pipeline.decode_options())).unwrap();
    let places = table_places(&ex, &tree);
    let mut md = Vec::new();
    write_markdown_with_tables(&mut md, &ex, Some(&places)).unwrap();
    assert_eq!(String::from_utf8(md).unwrap(), want, "{name}");
}

#[test]
fn headings_keep_their_level() {
    golden("headings");
}

#[test]
fn paragraphs_are_separated_by_a_blank_line() {
    golden("paragraphs");
}

#[test]
fn unordered_lists_nest() {
    golden("unordered_list");
}

#[test]
fn ordered_lists_nest() {
    golden("ordered_list");
}

#[test]
fn block_quotes_nest_and_stay_one_quote() {
    golden("blockquote");
}

#[test]
fn preformatted_text_is_fenced() {
    golden("preformatted");
}

#[test]
fn markup_in_the_text_is_escaped() {
    golden("escaping");
}

#[test]
fn a_data_table_is_a_table() {
    golden("table");
}

#[test]
fn a_page_laid_out_in_a_table_is_its_paragraphs() {
    golden("layout_table");
}

#[test]
fn every_golden_case_has_a_test() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/markdown");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".html").map(str::to_owned))
        .collect();
    names.sort();
    let tested = [
        "blockquote",
        "escaping",
        "headings",
        "layout_table",
        "ordered_list",
        "paragraphs",
        "preformatted",
        "table",
        "unordered_list",
    ];
    assert_eq!(names, tested);
}

#[test]
fn the_justext_preset_writes_only_its_good_blocks() {
    let html = b"<html><body><div><a href='/'>Home</a> | <a href='/a'>About</a></div>\
        <h2>The council met on Tuesday</h2>\
        <p>When the members of the council met on Tuesday evening, most of them said that \
        they had not been told about the plan before it was announced, and several of them \
        asked why the public had not been given more time to respond to it.</p>\
        <ul><li>It is one of the items that they were going to talk about at the meeting, \
        and it was the first of them on the list that had been sent to all of them.</li></ul>\
        <p>Copyright 2024</p></body></html>";
    let ex = pith::preset("justext").unwrap().run_bytes(html).unwrap();
    let md = to_markdown(&ex);
    assert!(
        md.starts_with("## The council met on Tuesday\n\nWhen the members"),
        "{md}"
    );
    assert!(md.contains("\n\n- It is one of the items"), "{md}");
    assert!(!md.contains("Home") && !md.contains("Copyright"), "{md}");
}
