//! `--images`: which images of a page are written, and where (`pith::images`). One
//! golden page holds every case (`tests/images/page.html`), cut by the `pith` preset's
//! segmenter with every block kept but those with a `©` (jusText's copyright rule), so
//! the case tests the images' rule, not a classifier; it gives `page.md` as Markdown
//! and `page.out.html` as HTML exactly.

use std::path::Path;

use pith::images::page_layout;
use pith::markdown::{write_markdown_with, MarkdownOptions};
use pith::Pipeline;

/// The `pith` preset's segmenter, every block good but those with a `©`.
fn keep_but_copyright() -> Pipeline {
    Pipeline::from_json(
        r#"{"version": 1, "segmenter": {"type": "declutter.blocks"},
            "rules": [{"type": "justext.copyright"}], "default_label": "good"}"#,
    )
    .unwrap()
}

/// The golden page's Markdown and HTML with `options`.
fn written(options: &MarkdownOptions) -> (String, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/images");
    let html = std::fs::read(dir.join("page.html")).unwrap();
    let pipeline = keep_but_copyright();
    let (ex, tree) = (pipeline.run_bytes_and_tree(&html, pipeline.decode_options())).unwrap();
    let (ex, layout) = page_layout(&ex, Some(&tree), options);
    let mut md = Vec::new();
    write_markdown_with(&mut md, &ex, layout.as_ref(), options).unwrap();
    let mut page = Vec::new();
    pith::html::write_html(&mut page, &ex, layout.as_ref(), options).unwrap();
    (
        String::from_utf8(md).unwrap(),
        String::from_utf8(page).unwrap(),
    )
}

/// The options of the golden case: images, resolved against a page URL.
fn with_images() -> MarkdownOptions {
    MarkdownOptions {
        images: true,
        url: Some("https://example.com/site/page.html".to_owned()),
        ..MarkdownOptions::default()
    }
}

#[test]
fn the_images_of_the_main_text_are_written_in_their_places() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/images");
    let (md, html) = written(&with_images());
    assert_eq!(md, std::fs::read_to_string(dir.join("page.md")).unwrap());
    assert_eq!(
        html,
        std::fs::read_to_string(dir.join("page.out.html")).unwrap()
    );
}

/// Without `images`, the page is written as before: no image, and the same text.
#[test]
fn without_images_nothing_changes() {
    let plain = MarkdownOptions {
        images: false,
        ..with_images()
    };
    let (md, html) = written(&plain);
    assert!(!md.contains("!["), "{md}");
    assert!(!html.contains("<img"), "{html}");
    // The text lines, inside their quotes, without the blank ones.
    let texts = |md: &str| -> Vec<String> {
        (md.lines())
            .map(|l| l.trim_start_matches(['>', ' ']).to_owned())
            .filter(|l| !l.is_empty() && !l.starts_with("!["))
            .collect()
    };
    let (with_md, _) = written(&with_images());
    assert_eq!(texts(&with_md), texts(&md));
}
