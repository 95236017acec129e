//! The parse leaves out the attributes no stage of a pipeline reads (decision 0007).
//! Each stage says what it reads; a stage that reads an attribute it did not name would
//! see the page differently in the lean parse. So every built-in preset must give the
//! same blocks, features, labels and metadata from the lean parse as from the parse that
//! keeps every attribute, on the bundled sample page and on the development pages.

use pith::{Extraction, Pipeline};

const PRESETS: &[&str] = &["pith", "readability", "declutter", "justext"];

/// What a run gives, as text: features are floating-point numbers, `NaN` among them,
/// which compare equal only this way.
fn outcome(ex: &Extraction) -> String {
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        ex.blocks, ex.features, ex.labels, ex.metadata, ex.language
    )
}

/// The first difference of the lean and the whole parse's runs of `html`, if any.
fn difference(pipeline: &Pipeline, html: &str) -> Option<String> {
    let lean = pipeline.run_str(html).expect("runs");
    let (whole, _) = pipeline.run_str_keeping_tree(html).expect("runs");
    let (lean, whole) = (outcome(&lean), outcome(&whole));
    if lean == whole {
        return None;
    }
    let at = lean
        .bytes()
        .zip(whole.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let context = |s: &str| {
        s.get(at.saturating_sub(80)..(at + 80).min(s.len()))
            .map(str::to_owned)
    };
    Some(format!(
        "lean  …{:?}…\nwhole …{:?}…",
        context(&lean),
        context(&whole)
    ))
}

#[test]
fn the_sample_page_gives_the_same_run_from_the_lean_parse() {
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/sample.html"
    ))
    .expect("the bundled sample page");
    for name in PRESETS {
        let pipeline = pith::preset(name).expect("a built-in preset");
        assert_eq!(difference(&pipeline, &sample), None, "{name}");
    }
}

/// The lean parse of the `pith` preset (jusText's, declutter's and Readability's stages
/// and the learned features; its Readability stages leave the tree whole) leaves out the
/// attributes no stage reads, and keeps those its stages read, and those Markdown reads
/// from the tree `run_str_and_tree` returns (all of a link's: `target` too).
#[test]
fn the_learned_preset_parses_lean() {
    let html = "<html><body><div class=story data-track=x id=main style='color:red' \
                onclick=go()><p>Some text <a href=/x rel=author target=_blank>here</a>.</p>\
                </div></body></html>";
    let pipeline = pith::preset("pith").expect("a built-in preset");
    let (_, tree) = pipeline.run_str_and_tree(html).expect("runs");
    let mut seen = Vec::new();
    for n in tree.descendants(tree.root()) {
        if let Some(el) = tree.element(n) {
            seen.extend(el.attrs().map(|(k, _)| format!("{}@{k}", el.name())));
        }
    }
    seen.sort();
    assert_eq!(
        seen,
        [
            "a@href",
            "a@rel",
            "a@target",
            "div@class",
            "div@id",
            "div@style"
        ]
    );
}

#[test]
fn development_pages_give_the_same_run_from_the_lean_parse() {
    let pipelines: Vec<(&str, Pipeline)> = PRESETS
        .iter()
        .map(|&name| (name, pith::preset(name).expect("a built-in preset")))
        .collect();
    for folder in ["scrapinghub", "cleaneval-dev"] {
        let Some(dir) = pith_testdata::dataset(&format!("{folder}/html")) else {
            continue;
        };
        let pages = pith_testdata::files_with_extension(&dir, "html");
        for page in pages {
            let bytes = std::fs::read(&page).expect("a page");
            let html = String::from_utf8_lossy(&bytes);
            for (name, pipeline) in &pipelines {
                if let Some(diff) = difference(pipeline, &html) {
                    panic!("{name} on {}:\n{diff}", page.display());
                }
            }
        }
    }
}
