//! `--format html`'s page of kept blocks, one golden case per construct: the pages of
//! Markdown's golden cases (`tests/markdown/NAME.html`) must give `tests/html/NAME.html`
//! exactly, cut by the same pipelines with every block kept, so the cases test the
//! writer, not the classifier.

use std::path::Path;

use crate::common::{keep_every_tag_block, keep_everything};
use pith::layout::TreeLayout;
use pith::markdown::MarkdownOptions;
use pith::Pipeline;

/// Each case: its name, the pipeline that cuts its blocks, whether links are written.
fn cases() -> Vec<(&'static str, Pipeline, bool)> {
    vec![
        ("blockquote", keep_everything(), false),
        ("escaping", keep_everything(), false),
        ("headings", keep_everything(), false),
        ("inline", keep_every_tag_block(), false),
        ("layout_table", keep_everything(), false),
        ("line_breaks", keep_every_tag_block(), false),
        ("links", keep_every_tag_block(), true),
        ("ordered_list", keep_everything(), false),
        ("ordered_list_start", keep_everything(), false),
        ("paragraphs", keep_everything(), false),
        ("preformatted", keep_everything(), false),
        (
            "purified_start_and_spans",
            pith::preset("declutter").unwrap(),
            false,
        ),
        ("table", keep_everything(), false),
        ("unordered_list", keep_everything(), false),
    ]
}

/// The page of kept blocks of case `name`.
fn written(name: &str, pipeline: &Pipeline, links: bool) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/markdown");
    let html = std::fs::read(dir.join(format!("{name}.html"))).unwrap();
    let (ex, tree) = (pipeline.run_bytes_and_tree(&html, pipeline.decode_options())).unwrap();
    let layout = TreeLayout::read(&ex, &tree);
    let options = MarkdownOptions {
        links,
        url: links.then(|| "https://example.com/site/page.html".to_owned()),
        ..MarkdownOptions::default()
    };
    let mut out = Vec::new();
    pith::html::write_html(&mut out, &ex, Some(&layout), &options).unwrap();
    String::from_utf8(out).unwrap()
}

/// Every case gives its page; every Markdown case is a case here too.
#[test]
fn each_construct_is_written_as_its_element() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/html");
    let mut failed = Vec::new();
    for (name, pipeline, links) in cases() {
        let got = written(name, &pipeline, links);
        let want = std::fs::read_to_string(dir.join(format!("{name}.html"))).unwrap();
        if got != want {
            failed.push(format!("{name}:\n{got}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    let markdown = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/markdown");
    let mut names: Vec<String> = std::fs::read_dir(markdown)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".html").map(str::to_owned))
        .collect();
    names.sort();
    let cased: Vec<&str> = cases().into_iter().map(|c| c.0).collect();
    assert_eq!(names, cased);
}
