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
    write_page(&std::fs::read(dir.join("page.html")).unwrap(), options)
}

/// The Markdown and HTML of `html` with `options`, cut by [`keep_but_copyright`].
fn write_page(html: &[u8], options: &MarkdownOptions) -> (String, String) {
    let pipeline = keep_but_copyright();
    let (ex, tree) = (pipeline.run_bytes_and_tree(html, pipeline.decode_options())).unwrap();
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

/// With links asked for too, an image inside a link that leads somewhere is written
/// inside it (Markdown's `[![alt](src)](href)`, HTML's `<a href><img></a>`), the
/// `href` resolved as the image's source is, a block of its own or inside a text; one
/// inside a link of the text is written in that link's text (links do not nest); one
/// in a `javascript:` link, and every other image, as without links.
#[test]
fn a_linked_image_keeps_its_link() {
    let options = MarkdownOptions {
        links: true,
        ..with_images()
    };
    let (md, html) = written(&options);
    let thumb = "![a linked photo](https://example.com/photos/thumb.jpg)";
    assert!(
        md.contains(&format!(
            "\n[{thumb}](https://example.com/photos/large.jpg)\n"
        )),
        "{md}"
    );
    assert!(
        html.contains(
            "<p><a href=\"https://example.com/photos/large.jpg\">\
             <img src=\"https://example.com/photos/thumb.jpg\" alt=\"a linked photo\"></a></p>"
        ),
        "{html}"
    );
    let inline = "[![linked inline](https://example.com/small-linked.png)](https://example.com/big.png) linked";
    assert!(md.contains(inline), "{md}");
    let in_link = "[a link around ![in a link](https://example.com/in-link.png) an image](https://example.com/page)";
    assert!(md.contains(in_link), "{md}");
    assert!(
        html.contains(
            "<a href=\"https://example.com/big.png\"><img src=\"https://example.com/small-linked.png\" \
             alt=\"linked inline\"></a> linked image in its text, and <a href=\"https://example.com/page\">\
             a link around <img src=\"https://example.com/in-link.png\" alt=\"in a link\"> an image</a>."
        ),
        "{html}"
    );
    let (plain_md, plain_html) = written(&with_images());
    let unlinked = |md: &str| -> Vec<String> {
        (md.lines())
            .filter(|l| {
                l.contains("![") && !l.contains("thumb.jpg") && !l.contains("linked inline")
            })
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(unlinked(&md), unlinked(&plain_md));
    assert_eq!(html.matches("<a ").count(), 3, "{html}");
    assert_eq!(
        html.matches("<img").count(),
        plain_html.matches("<img").count()
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
    let (with_md, _) = written(&with_images());
    assert_eq!(text_lines(&with_md), text_lines(&md));
}

#[test]
fn an_image_inside_a_word_goes_after_the_word() {
    // An image's markup inside a word would make it two words to a reader of the text.
    let html = "<p>The river town rebuilt its foot<img src=/b.jpg alt=span>bridge, which the \
                flood of last year had torn, with vol<img src=/v.jpg>unteer help.</p>";
    let (md, _) = write_page(html.as_bytes(), &with_images());
    assert!(
        md.contains("footbridge![span](https://example.com/b.jpg),"),
        "{md}"
    );
    assert!(
        md.contains("volunteer ![](https://example.com/v.jpg) help."),
        "{md}"
    );
}

#[test]
fn an_image_whose_path_reads_as_preformatted_or_a_heading_is_an_image() {
    // An element's name may hold a dot: `<n.pre>` and `<x.h2>` give the paths
    // `….n.pre.img` and `….x.h2.img`, which read as preformatted text and a heading,
    // where the writers wrote the image's `alt` as text (found by the fuzz target
    // `extract_bytes`: the page of kept blocks then held words the blocks do not).
    let html = "<p>The river town rebuilt its footbridge with volunteer help this spring.</p>\
                <n.pre><img src=/p.jpg alt=\"the footbridge\"></n.pre>\
                <x.h2><img src=/q.jpg alt=\"the river\"></x.h2>\
                <p>The county engineer checked every sum before the work began.</p>";
    let (md, page) = write_page(html.as_bytes(), &with_images());
    for (alt, src) in [("the footbridge", "p.jpg"), ("the river", "q.jpg")] {
        let image = format!("![{alt}](https://example.com/{src})");
        assert!(md.contains(&format!("\n{image}\n")), "{md}");
        let img = format!("<p><img src=\"https://example.com/{src}\" alt=\"{alt}\"></p>");
        assert!(page.contains(&img), "{page}");
        assert!(!page.contains(&format!(">{alt}<")), "{page}");
    }
}

/// The text lines of Markdown, inside their quotes, without the blank ones, the image
/// blocks and the images inside them (`![alt](src)` with the space before it, if any;
/// sources without `)`).
fn text_lines(md: &str) -> Vec<String> {
    (md.lines())
        .map(|l| l.trim_start_matches(['>', ' ']).to_owned())
        .filter(|l| !l.is_empty() && !l.starts_with("!["))
        .map(|mut l| {
            while let Some(i) = l.find("![") {
                let end = i + l[i..].find(')').expect("an image ends") + 1;
                let start = if l[..i].ends_with(' ') { i - 1 } else { i };
                l.replace_range(start..end, "");
            }
            l
        })
        .collect()
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
        (words.clone(), n.clone(), words.clone()).prop_map(|(a, i, b)| format!(
            "<p>{a} <img src=/inpara{i}.jpg alt='in a paragraph {i}'> {b}.</p>"
        )),
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
    /// preset family (their stages delete `<noscript>` or strip attributes), nor the
    /// Markdown's text (the images taken out of it); and every image written, a block
    /// of its own or inside a text, is a source of the page that is content (no
    /// placeholder, icon or hidden one).
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
            let (ex, layout) = page_layout(&with, Some(&tree), &options);
            let layout = layout.unwrap();
            let srcs = (ex.blocks.iter().filter(|b| b.is_image))
                .map(|b| b.image_src.clone().unwrap())
                .chain(layout.inline_images.iter().flatten().map(|i| i.src.clone()));
            for src in srcs {
                let content = ["/photo", "/ns", "/lazy", "/fig", "/inpara"].iter().any(|p| src.starts_with(p));
                prop_assert!(content && html.contains(&src), "{}: {} in {}", name, src, html);
            }
            let mut md = Vec::new();
            write_markdown_with(&mut md, &ex, Some(&layout), &options).unwrap();
            let plain = MarkdownOptions::default();
            let (ex, layout) = page_layout(&with, Some(&tree), &plain);
            let mut plain_md = Vec::new();
            write_markdown_with(&mut plain_md, &ex, layout.as_ref(), &plain).unwrap();
            let (md, plain_md) = (String::from_utf8(md).unwrap(), String::from_utf8(plain_md).unwrap());
            prop_assert_eq!(text_lines(&md), text_lines(&plain_md), "{}", name);
        }
    }
}
