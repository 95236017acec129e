//! Runs the logic of every example.
//!
//! How: each example file is compiled into this test as a module (`#[path]`), and the
//! test calls the functions its `main` is built from. The alternative, spawning
//! `cargo run --example NAME` per example, would build and link four more binaries
//! while the test itself holds the build (slow on a small machine, and nested cargo
//! calls contend for the target-directory lock); including the sources costs one
//! compile of this test binary and checks the same code. Each example's `main` is
//! still compiled here, so it cannot rot; it is only not called.

#[allow(dead_code)]
#[path = "../justext_basic.rs"]
mod justext_basic;

#[allow(dead_code)]
#[path = "../pipeline_from_json.rs"]
mod pipeline_from_json;

#[allow(dead_code)]
#[path = "../custom_stage.rs"]
mod custom_stage;

#[allow(dead_code)]
#[path = "../walk_document.rs"]
mod walk_document;

use pith::Label;

fn sample() -> Vec<u8> {
    std::fs::read(justext_basic::default_page()).expect("examples/sample.html")
}

/// The first words of the six article paragraphs of `sample.html`.
const ARTICLE: [&str; 6] = [
    "When the spring flood",
    "Instead, a group of retired carpenters",
    "\"We were not trying",
    "Much of the oak",
    "The county engineer",
    "The bridge is expected",
];

#[test]
fn justext_basic_keeps_the_article_and_drops_the_boilerplate() {
    let good = justext_basic::good_paragraphs(&sample()).unwrap();
    let body: Vec<&String> = good.iter().filter(|p| p.len() > 100).collect();
    assert_eq!(body.len(), ARTICLE.len(), "{good:#?}");
    for (p, start) in body.iter().zip(ARTICLE) {
        assert!(p.starts_with(start), "{p:?} should start with {start:?}");
    }
    // The two headings come back through the heading passes; nothing else does.
    let short: Vec<&str> = good
        .iter()
        .filter(|p| p.len() <= 100)
        .map(String::as_str)
        .collect();
    assert_eq!(
        short,
        [
            "River town rebuilds its old footbridge with volunteer help",
            "Timber from the old mill"
        ]
    );
    for boilerplate in ["Home", "Related stories", "Privacy policy", "Advertisement"] {
        assert!(!good.iter().any(|p| p == boilerplate), "{boilerplate} kept");
    }
    assert!(!good.iter().any(|p| p.contains('©')));
}

#[test]
fn pipeline_from_json_loads_the_file_and_labels_every_block() {
    let pipeline = pipeline_from_json::load().unwrap();
    assert_eq!(
        pipeline.spec().name.as_deref(),
        Some("justext-tighter-links")
    );
    let ex = pipeline.run_bytes(&sample()).unwrap();
    assert_eq!(ex.blocks.len(), ex.labels.len());
    assert_eq!(ex.blocks.len(), ex.cf_labels.len());
    for start in ARTICLE {
        let i = ex
            .blocks
            .iter()
            .position(|b| b.text.starts_with(start))
            .unwrap();
        assert_eq!(ex.labels[i], Label::Good, "{start}");
    }
    let rendered = pipeline_from_json::render(&ex);
    assert_eq!(rendered.lines().count(), ex.blocks.len());
    assert!(rendered
        .lines()
        .any(|l| l.starts_with("bad      (cf bad     ) Home")));
    // The file's parameters, not jusText's defaults, are in force.
    let json = pipeline.to_value();
    assert_eq!(json["rules"][0]["max_link_density"], 0.1);
    assert_eq!(json["rules"][3]["length_low"], 50);
}

#[test]
fn pipeline_file_errors_name_the_file_and_the_field() {
    let dir = std::env::temp_dir().join(format!("pith-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.json");
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("custom_pipeline.json"),
    )
    .unwrap()
    .replace("\"length_low\": 50", "\"length_lo\": 50");
    std::fs::write(&path, text).unwrap();
    let err = pipeline_from_json::load_from(&path)
        .unwrap_err()
        .to_string();
    std::fs::remove_dir_all(&dir).ok();
    assert!(err.contains("broken.json: rules[3]"), "{err}");
    assert!(err.contains("length_lo"), "{err}");
}

#[test]
fn custom_stage_demotes_the_line_of_numbers() {
    let plain = pith::preset("justext")
        .unwrap()
        .run_str(custom_stage::PAGE)
        .unwrap();
    let ours = custom_stage::load()
        .unwrap()
        .run_str(custom_stage::PAGE)
        .unwrap();
    assert_eq!(plain.labels, [Label::Good, Label::Good, Label::Good]);
    assert_eq!(ours.cf_labels[1], Label::Bad);
    assert_eq!(ours.labels, [Label::Good, Label::Bad, Label::Good]);
    let ratio = ours.features.get(&custom_stage::DIGIT_RATIO, 1).unwrap();
    assert!(ratio > 0.5, "{ratio}");
}

#[test]
fn custom_stage_round_trips_and_is_checked_at_load_time() {
    let pipeline = custom_stage::load().unwrap();
    // The user's stages save and reload like built-in ones.
    let again = pith::Pipeline::from_json(&pipeline.to_json()).unwrap();
    assert_eq!(again.to_value(), pipeline.to_value());
    assert_eq!(
        pipeline.to_value()["rules"][3]["type"],
        "example.max_digit_ratio"
    );
    // Without the feature, the rule that reads it is refused when the pipeline loads.
    let missing = custom_stage::PIPELINE.replace("{\"type\": \"example.digit_ratio\"}", "");
    let missing = missing.replace(
        "{\"type\": \"justext.heading\"},",
        "{\"type\": \"justext.heading\"}",
    );
    let err = pith::Pipeline::from_json(&missing).unwrap_err().to_string();
    assert_eq!(
        err,
        "stage example.max_digit_ratio requires feature example.digit_ratio, \
         which no stage in the pipeline computes"
    );
    // `prepare` checks parameters.
    let bad = custom_stage::PIPELINE.replace("\"max_digit_ratio\": 0.3", "\"max_digit_ratio\": 3");
    let err = pith::Pipeline::from_json(&bad).unwrap_err().to_string();
    assert!(err.starts_with("stage example.max_digit_ratio:"), "{err}");
}

#[test]
fn walk_document_traverses_inspects_and_serialises() {
    let (mut doc, _) =
        pith::dom::parse_bytes(&sample(), &pith::dom::decode::DecodeOptions::default()).unwrap();
    let outline = walk_document::outline(&doc);
    assert!(outline.contains("<nav> nav"), "{outline}");
    assert!(outline.contains("  <article> story"), "{outline}");
    let counts = walk_document::element_counts(&doc);
    assert_eq!(counts["p"], 8);
    assert_eq!(counts["article"], 1);
    let links = walk_document::links(&doc);
    assert!(links.contains(&("Home".to_owned(), "/".to_owned())));
    let removed = walk_document::remove_elements(&mut doc, &["nav", "aside", "footer"]);
    assert_eq!(removed, 4);
    assert!(walk_document::find_element(&doc, "nav").is_none());
    let article = walk_document::find_element(&doc, "article").unwrap();
    let html = doc.to_html(article);
    assert!(html.starts_with("<article class=\"story\">"), "{html}");
    assert!(
        html.contains("<h1>River town rebuilds its old footbridge"),
        "{html}"
    );
    assert!(html.ends_with("</article>"));
    // What comes out parses back to the same text.
    let reparsed = pith::dom::parse_html(&html);
    assert_eq!(
        reparsed.text_content(reparsed.root()),
        doc.text_content(article)
    );
}
