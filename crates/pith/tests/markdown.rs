//! `--format markdown`, one golden case per construct: `tests/markdown/NAME.html` must
//! give `tests/markdown/NAME.md` exactly. The pages run through the jusText cleaner and
//! segmenter with every block kept, so the cases test the Markdown, not the classifier;
//! the last test runs the `justext` preset itself.

use std::path::Path;

use crate::common::{keep_every_tag_block, keep_everything};
use pith::layout::TreeLayout;
use pith::markdown::{to_markdown, write_markdown_with, MarkdownOptions};
use pith::Pipeline;

/// The page `NAME.html` gives `NAME.md`, tables read from the tree as `pith extract
/// --format markdown` reads them.
fn golden(name: &str) {
    golden_with(name, &keep_everything());
}

/// [`golden`], the blocks cut by `pipeline`.
fn golden_with(name: &str, pipeline: &Pipeline) {
    golden_written(name, pipeline, &MarkdownOptions::default());
}

/// [`golden_with`], written with `options`.
fn golden_written(name: &str, pipeline: &Pipeline, options: &MarkdownOptions) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/markdown");
    let html = std::fs::read(dir.join(format!("{name}.html"))).unwrap();
    let want = std::fs::read_to_string(dir.join(format!("{name}.md"))).unwrap();
    let (ex, tree) = (pipeline.run_bytes_and_tree(&html, pipeline.decode_options())).unwrap();
    let layout = TreeLayout::read(&ex, &tree);
    let mut md = Vec::new();
    write_markdown_with(&mut md, &ex, Some(&layout), options).unwrap();
    assert_eq!(String::from_utf8(md).unwrap(), want, "{name}");
}

/// With links asked for, links are `[text](url)`, resolved against the page's URL
/// through its relative `<base href>`, around and inside other spans, in headings,
/// items and cells; what would join a link is escaped; a destination with a space or
/// an unpaired parenthesis is in angle brackets; `javascript:`, empty hrefs, anchors
/// and links inside code are text.
#[test]
fn links_are_written_when_asked_for() {
    let options = MarkdownOptions {
        links: true,
        url: Some("https://example.com/site/page.html".to_owned()),
        ..MarkdownOptions::default()
    };
    golden_written("links", &keep_every_tag_block(), &options);
}

/// A lone `<br>` (`declutter.blocks` cuts a block there) is a hard line break in its
/// paragraph, item or quote; two are a paragraph's end; a heading's lines stay
/// headings; lines that would open a block are escaped.
#[test]
fn a_lone_br_is_a_line_break() {
    golden_with("line_breaks", &keep_every_tag_block());
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
fn ordered_lists_number_from_their_start() {
    golden("ordered_list_start");
}

/// The `declutter` preset writes Markdown from its purified page: purify keeps `<ol
/// start>` and the cells' `colspan` and `rowspan`, so the list numbers from 3 and the
/// row under a `rowspan` cell keeps its columns.
#[test]
fn purified_pages_keep_list_starts_and_cell_spans() {
    golden_with(
        "purified_start_and_spans",
        &pith::preset("declutter").unwrap(),
    );
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
fn inline_code_and_emphasis_are_marked() {
    golden_with("inline", &keep_every_tag_block());
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
        "inline",
        "layout_table",
        "line_breaks",
        "links",
        "ordered_list",
        "ordered_list_start",
        "paragraphs",
        "preformatted",
        "purified_start_and_spans",
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

/// A recipe whose steps go on after a photo, in a second list with a `start`.
const RECIPE: &str = "<html><body><nav><a href='/'>Home</a> <a href='/recipes'>Recipes</a></nav>\
    <article><h1>A plain sponge cake</h1>\
    <p>This is the cake that my grandmother made for every birthday in the family, and it \
    is still the one that all of us ask for when there is something to celebrate.</p>\
    <ol start=\"4\"><li>Whisk the eggs with the sugar for a good five minutes, until the \
    mixture is pale and thick enough to hold a trail from the whisk.</li>\
    <li>Sift the flour over the eggs and fold it in with a large metal spoon, taking care \
    not to knock out all of the air that you have just beaten into them.</li></ol>\
    <figure><img src='batter.jpg' alt=''><figcaption>The batter should look like this \
    when it is ready to go into the tin.</figcaption></figure>\
    <ol start=\"6\"><li>Pour the batter into the tin and put it in the middle of the oven \
    for about twenty five minutes, until it is golden on the top.</li>\
    <li>Leave it to cool in the tin for ten minutes before you turn it out onto a rack \
    and let it cool the rest of the way.</li></ol></article>\
    <footer>Copyright 2024</footer></body></html>";

/// The list items of some Markdown: its lines that start with a number and `. `.
fn numbered_items(md: &str) -> Vec<&str> {
    md.lines()
        .filter(|l| {
            let digits = l.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && l[digits..].starts_with(". ")
        })
        .collect()
}

/// The `pith` preset parses lean for Markdown, keeping only the attributes its stages
/// read and those Markdown reads (`start`): its list numbers are those of the page
/// with every attribute, and those of the keep-everything pipeline.
#[test]
fn the_pith_preset_keeps_the_start_of_a_list() {
    let pipeline = pith::preset("pith").unwrap();
    let decode = pipeline.decode_options();
    let (ex, lean) = pipeline
        .run_bytes_and_tree(RECIPE.as_bytes(), decode)
        .unwrap();
    let md = pith::markdown::to_markdown_with_tables(&ex, &lean);
    let (ex, full) = (pipeline.run_bytes_keeping_tree(RECIPE.as_bytes(), decode)).unwrap();
    let with_every_attribute = pith::markdown::to_markdown_with_tables(&ex, &full);
    assert_eq!(md, with_every_attribute);
    let items = numbered_items(&md);
    let numbers: Vec<&str> = items.iter().map(|l| &l[..2]).collect();
    assert_eq!(numbers, ["4.", "5.", "6.", "7."], "{md}");

    let keep = keep_everything();
    let (ex, tree) = (keep.run_bytes_and_tree(RECIPE.as_bytes(), keep.decode_options())).unwrap();
    assert_eq!(
        numbered_items(&pith::markdown::to_markdown_with_tables(&ex, &tree)),
        items
    );
}
