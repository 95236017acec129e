//! `--images`: which images of a page are written, and where (`pith::images`). One
//! golden page holds every case (`tests/images/page.html`), cut by the `pith` preset's
//! segmenter with every block kept but those with a `©` (jusText's copyright rule), so
//! the case tests the images' rule, not a classifier; it gives `page.md` as Markdown
//! and `page.out.html` as HTML exactly. A property test runs the presets on pages of
//! random pieces: asking for images changes no text, and only content images come.

use std::path::Path;

use pith::core::ShapeAttributes;
use pith::images::page_layout;
use pith::markdown::{write_markdown_with, MarkdownOptions};
use pith::Pipeline;
use proptest::prelude::*;

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

/// Pieces of a page: paragraphs of words, and images of every kind the rule reads
/// (placeholders with a `<noscript>` fallback or a `data-src`, icons, hidden ones),
/// in sections and figures.
fn piece() -> impl Strategy<Value = String> {
    const PIXEL: &str = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
    let words = proptest::collection::vec(
        proptest::sample::select(&["the", "river", "town", "of", "and", "bridge", "built"][..]),
        3..40,
    )
    .prop_map(|w| w.join(" "));
    let n = 0..50usize;
    prop_oneof![
        words.clone().prop_map(|w| format!("<p>{w}.</p>")),
        words.prop_map(|w| format!("<div class=menu><a href=/>{w}</a></div>")),
        n.clone().prop_map(|i| format!("<img src=/photo{i}.jpg alt='photo {i}'>")),
        n.clone().prop_map(|i| format!(
            "<img class=lazy src='{PIXEL}' alt='lazy {i}'><noscript><img src=/ns{i}.jpg alt='lazy {i}'></noscript>"
        )),
        n.clone().prop_map(|i| format!("<img src='{PIXEL}' data-src=/lazy{i}.jpg>")),
        n.clone().prop_map(|i| format!("<img src=/icon{i}.png width=16>")),
        n.clone().prop_map(|i| format!("<img src=/hidden{i}.png hidden>")),
        n.prop_map(|i| format!("<figure><img src=/fig{i}.jpg><figcaption>A caption of the town and the river {i}.</figcaption></figure>")),
        Just("<section>".to_owned()),
        Just("</section>".to_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Asking for the images changes no block, no label and no text, with every
    /// preset family (their stages delete `<noscript>` or strip attributes); and every
    /// image written is a source of the page that is content (no placeholder, icon or
    /// hidden one).
    #[test]
    fn images_change_no_text_and_come_from_the_page(pieces in proptest::collection::vec(piece(), 1..30)) {
        let html = format!("<html><body>{}</body></html>", pieces.concat());
        for name in ["pith", "declutter", "readability", "justext"] {
            let pipeline = pith::preset(name).unwrap();
            let decode = pipeline.decode_options();
            let keep = |images| ShapeAttributes { links: false, images };
            let (plain, _) = pipeline.run_bytes_and_tree_keeping(html.as_bytes(), decode, keep(false)).unwrap();
            let (with, tree) = pipeline.run_bytes_and_tree_keeping(html.as_bytes(), decode, keep(true)).unwrap();
            let texts = |ex: &pith::Extraction| -> Vec<(String, bool)> {
                (0..ex.blocks.len()).map(|i| (ex.blocks[i].text.clone(), ex.label(i) == pith::Label::Good)).collect()
            };
            prop_assert_eq!(texts(&plain), texts(&with), "{}", name);
            let options = MarkdownOptions { images: true, ..MarkdownOptions::default() };
            let (ex, _) = page_layout(&with, Some(&tree), &options);
            for block in ex.blocks.iter().filter(|b| b.is_image) {
                let src = block.image_src.as_deref().unwrap();
                let content = ["/photo", "/ns", "/lazy", "/fig"].iter().any(|p| src.starts_with(p));
                prop_assert!(content && html.contains(src), "{}: {} in {}", name, src, html);
            }
        }
    }
}
