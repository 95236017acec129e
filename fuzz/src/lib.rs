//! The checks behind the fuzz targets.
//!
//! Shared with `crates/pith/tests/fuzz_corpus.rs` (included there with `#[path]`), so
//! `cargo test` replays the seed corpus through exactly the code the fuzzers run. Keep
//! this file free of crate-level attributes and of dependencies other than `pith`.

use pith::core::FeatureKey;
use pith::dom::decode::{decode as decode_bytes, DecodeOptions, ErrorPolicy};
use pith::markdown::MarkdownOptions;
use pith::Pipeline;

/// The page every pipeline loaded by [`pipeline_json`] is run on.
pub const SMALL_PAGE: &str = "<!DOCTYPE html><html><head><title>t</title>\
<style>p{}</style><script>var x = 1;</script></head><body>\
<h1>A heading about the page</h1>\
<p>This is the first paragraph of the page and it is long enough to be taken for \
content by the classifier, with the and of to in a for is on that stop words.</p>\
<div>menu <a href=\"/\">home</a> | <a href=\"/a\">about</a></div>\
<p>Second<br><br>paragraph &copy; 2024 with <b>bold</b> and <i>italic</i> text.</p>\
<ul><li>one</li><li>two</li></ul><pre>  pre\n  text </pre>\
<table><tr><td>cell</td><td>cell two</td></tr></table>\
<form><input value=x><select><option>o</option></select></form>\
</body></html>";

thread_local! {
    static JUSTEXT: Pipeline = pith::preset("justext").expect("the justext preset loads");
    /// Every block of `declutter.blocks` (the `pith` preset's segmenter) kept: the
    /// blocks whose inline spans Markdown reads back from the tree.
    static TAG_BLOCKS: Pipeline = Pipeline::from_json(
        r#"{"version": 1, "segmenter": {"type": "declutter.blocks"}, "default_label": "good"}"#,
    )
    .expect("the all-good declutter.blocks pipeline loads");
}

/// `extract_bytes`: page bytes through the justext preset. Must never panic; errors
/// (for instance an undecodable page under a strict policy) are fine.
///
/// Checked besides "no panic": the lean parse (attributes no stage reads are cut,
/// decision 0007) gives the same blocks, features and labels as the parse that keeps
/// every attribute for the returned tree, and as the parses that keep table cells'
/// attributes for Markdown's tables (and links', or not); and Markdown, tables read
/// from that tree, holds every word of every good block, also with every block of
/// `declutter.blocks` kept (their inline code, strong, emphasis and strikethrough read
/// from the tree), with and without links (resolved against a page URL), and with
/// images; and the page of kept blocks (`--format html`, with links and images) holds
/// their words.
pub fn extract_bytes(data: &[u8]) {
    JUSTEXT.with(|p| {
        let lean = p.run_bytes(data);
        let full = p.run_bytes_keeping_tree(data, p.decode_options());
        let cells = p.run_bytes_and_tree(data, p.decode_options());
        let no_links = p.run_bytes_and_tree_without_links(data, p.decode_options());
        match (lean, full, cells, no_links) {
            (Ok(lean), Ok((full, _)), Ok((cells, tree)), Ok((no_links, _))) => {
                assert_same_run(&lean, &full, "whole");
                assert_same_run(&lean, &cells, "cells'");
                assert_same_run(&lean, &no_links, "cells' without links'");
                markdown_keeps_every_word(&cells, &tree, &MarkdownOptions::default());
                html_keeps_every_word(&cells, &tree);
            }
            (lean, full, cells, no_links) => {
                assert_eq!(lean.is_ok(), full.is_ok(), "one of them failed");
                assert_eq!(lean.is_ok(), cells.is_ok(), "one of them failed");
                assert_eq!(lean.is_ok(), no_links.is_ok(), "one of them failed");
            }
        }
    });
    TAG_BLOCKS.with(|p| {
        if let Ok((ex, tree)) = p.run_bytes_and_tree(data, p.decode_options()) {
            markdown_keeps_every_word(&ex, &tree, &MarkdownOptions::default());
            let links = MarkdownOptions {
                links: true,
                url: Some("https://example.com/a/page.html".to_owned()),
                ..MarkdownOptions::default()
            };
            links_change_no_word(&ex, &tree, &links);
            // Without links: a link glued to a word splits it in `\w+` tokens
            // (`is[be](#)`), which `links_change_no_word` checks as CommonMark reads it.
            let images = MarkdownOptions {
                images: true,
                links: false,
                ..links
            };
            markdown_keeps_every_word(&ex, &tree, &images);
            html_keeps_every_word(&ex, &tree);
        }
    });
}

/// The page of kept blocks (`--format html`, with links and images), parsed and cut
/// into blocks again, holds the good blocks' words, no more and no fewer: its text is
/// escaped and its elements nested, so no character of the page becomes markup or is
/// lost (an image's `alt` is an attribute, no text).
fn html_keeps_every_word(ex: &pith::Extraction, tree: &pith::dom::Document) {
    let options = MarkdownOptions {
        links: true,
        url: Some("https://example.com/a/page.html".to_owned()),
        images: true,
    };
    let html = pith::html::to_html(ex, tree, &options);
    let words = |ex: &pith::Extraction| {
        let mut words: Vec<String> = (ex.good_blocks())
            .flat_map(|b| b.shown_text().split_whitespace().map(str::to_owned))
            .collect();
        words.sort_unstable();
        words
    };
    let again = TAG_BLOCKS
        .with(|p| p.run_str(&html))
        .expect("the written page runs");
    assert_eq!(words(&again), words(ex), "the page of kept blocks:\n{html}");
}

/// The words (`\w+` runs) of every good block are in the Markdown, as often at least
/// (the writer adds list numbers; its escapes are undone before counting, as
/// CommonMark reads them: a backslash before ASCII punctuation is that character, so an
/// escaped backslash between two words leaves them two words).
fn markdown_keeps_every_word(
    ex: &pith::Extraction,
    tree: &pith::dom::Document,
    options: &MarkdownOptions,
) {
    let md = unescape_markdown(&pith::markdown::to_markdown_with(ex, tree, options));
    let mut have = std::collections::HashMap::new();
    for w in pith::core::words::word_tokens(&md) {
        *have.entry(w).or_insert(0usize) += 1;
    }
    for b in ex.good_blocks() {
        for w in pith::core::words::word_tokens(b.shown_text()) {
            let n = have.entry(w).or_insert(0);
            assert!(
                *n > 0,
                "{w:?} of a good block is not in the Markdown:\n{md}"
            );
            *n -= 1;
        }
    }
}

/// Markdown with links reads back (through a CommonMark reader) as the same text as
/// Markdown without: a link's brackets and destination add no word and split none.
fn links_change_no_word(
    ex: &pith::Extraction,
    tree: &pith::dom::Document,
    options: &MarkdownOptions,
) {
    let plain = pith::markdown::to_markdown_with_tables(ex, tree);
    let linked = pith::markdown::to_markdown_with(ex, tree, options);
    assert_eq!(
        read_text(&linked),
        read_text(&plain),
        "links changed the text:\n{linked}\nwithout links:\n{plain}"
    );
}

/// The text a CommonMark reader (with GitHub's tables and strikethrough) gives for
/// `md`: its text and code, a space for each line break and after each block.
fn read_text(md: &str) -> String {
    use pulldown_cmark::{Event, Options, Parser, TagEnd};
    let gfm = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let mut out = String::new();
    for event in Parser::new_ext(md, gfm) {
        match event {
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => {
                out.push_str(&t)
            }
            // The end of an inline element is no break.
            Event::End(
                TagEnd::Link | TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough,
            ) => {}
            Event::SoftBreak | Event::HardBreak | Event::End(_) => out.push(' '),
            _ => {}
        }
    }
    out
}

/// Markdown's backslash escapes undone as CommonMark reads them: `\\` before ASCII
/// punctuation is dropped, but not inside a code span or fence (a backtick run up to the
/// next run of the same length: on the same line for a code span, as pith writes them),
/// whose text is as written (less the space CommonMark strips from each end of a span
/// padded with one).
fn unescape_markdown(md: &str) -> String {
    let mut out = String::with_capacity(md.len());
    let mut rest = md;
    while let Some(c) = rest.chars().next() {
        if c == '\\' {
            match rest[1..].chars().next() {
                Some(next) if next.is_ascii_punctuation() => {
                    out.push(next);
                    rest = &rest[1 + next.len_utf8()..];
                }
                _ => {
                    out.push(c);
                    rest = &rest[1..];
                }
            }
            continue;
        }
        if c == '`' {
            let run = rest.len() - rest.trim_start_matches('`').len();
            let after = &rest[run..];
            // pith writes a code span on its block's line; a fence (three backticks or
            // more opening a line, after the quotes and indentation around it) closes
            // on a later line.
            let line_end = after.find('\n').unwrap_or(after.len());
            let line_start = out.rfind('\n').map_or(0, |n| n + 1);
            let opens_line = out[line_start..].chars().all(|c| c == ' ' || c == '>');
            let within = if run >= 3 && opens_line {
                after
            } else {
                &after[..line_end]
            };
            if let Some(end) = closing_run(within, run) {
                let content = &after[..end];
                // In a span (not a fence), CommonMark strips one space from each end of
                // content that begins and ends with one and is not all spaces: pith
                // pads a span whose code begins or ends with a backtick (`` `a` ``).
                let padded = content.len() >= 2
                    && content.starts_with(' ')
                    && content.ends_with(' ')
                    && content.bytes().any(|b| b != b' ');
                match padded && !(run >= 3 && opens_line) {
                    true => out.push_str(&content[1..content.len() - 1]),
                    false => out.push_str(content),
                }
                rest = &after[end + run..];
            } else {
                out.push_str(&rest[..run]);
                rest = after;
            }
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Where in `text` the first backtick run of exactly `len` backticks starts.
fn closing_run(text: &str, len: usize) -> Option<usize> {
    let mut at = 0;
    while let Some(i) = text[at..].find('`') {
        let start = at + i;
        let run = text[start..].len() - text[start..].trim_start_matches('`').len();
        if run == len {
            return Some(start);
        }
        at = start + run;
    }
    None
}

thread_local! {
    static DECLUTTER: Pipeline = pith::preset("declutter").expect("the declutter preset loads");
}

/// `declutter`: page bytes through the declutter preset, and the purified document
/// serialised. Checked besides "no panic": the output holds no `javascript:` URL, no
/// `on*` attribute and no comment, and re-running declutter on it does not panic; nor
/// does `--format html --links`' page (its URLs resolved against a page URL); and
/// `--format html --images`' page (parsed with its images settled) is purified too,
/// with a source for every image it writes.
pub fn declutter(data: &[u8]) {
    DECLUTTER.with(|p| {
        let Ok(decoded) = pith::dom::decode::decode(data, p.decode_options()) else {
            return;
        };
        let doc = pith::dom::parse_html(&decoded.text);
        let Ok((ex, doc)) = p.run_document(doc) else {
            return;
        };
        assert_purified(&doc);
        let html = pith::declutter::to_html_document(&doc);
        let _ = p.run_str(&html);
        // `--format html --links`: the purified page with its URLs resolved against
        // the page's URL (when every block is kept) is purified still.
        let links = MarkdownOptions {
            links: true,
            url: Some("https://example.com/a/page.html".to_owned()),
            ..MarkdownOptions::default()
        };
        assert_purified(&html_page(&ex, &doc, &links));
        // `--format html --images`: the page parsed with its images settled and written
        // with them is purified still, and every image it writes has a source.
        let Ok((ex, doc)) = p.run_bytes_keeping_tree_with_images(data, p.decode_options()) else {
            return;
        };
        assert_purified(&doc);
        let images = MarkdownOptions {
            links: false,
            images: true,
            ..links
        };
        let written = html_page(&ex, &doc, &images);
        assert_purified(&written);
        for id in written.descendants(written.root()) {
            if let Some(img) = written.element(id).filter(|e| e.name() == "img") {
                let src = img.attr("src").unwrap_or("");
                assert!(!src.trim().is_empty(), "an image without a source");
            }
        }
    });
}

/// What `--format html` writes for `ex` and its whole tree `doc` with `options`,
/// parsed again.
fn html_page(
    ex: &pith::Extraction,
    doc: &pith::dom::Document,
    options: &MarkdownOptions,
) -> pith::dom::Document {
    let mut out = Vec::new();
    let tree = Some(pith::output::Tree::Page(doc));
    pith::output::write_with(&mut out, pith::output::Format::Html, "f", ex, tree, options)
        .expect("writing to a Vec never fails");
    pith::dom::parse_html(&String::from_utf8(out).expect("the page is UTF-8"))
}

/// No event handler, no `javascript:` URL in `doc`'s attributes and no comment: what
/// purify leaves.
fn assert_purified(doc: &pith::dom::Document) {
    for id in doc.descendants(doc.root()) {
        match doc.data(id) {
            pith::dom::NodeData::Element(el) => {
                for (name, value) in el.attrs() {
                    assert!(!name.to_ascii_lowercase().starts_with("on"), "{name}");
                    let scheme = pith::declutter::purify::url_scheme(value);
                    assert_ne!(scheme.as_deref(), Some("javascript"), "{value}");
                }
            }
            pith::dom::NodeData::Comment(_) => panic!("a comment survived purify"),
            _ => {}
        }
    }
}

const POLICIES: [ErrorPolicy; 3] = [
    ErrorPolicy::Strict,
    ErrorPolicy::Replace,
    ErrorPolicy::Ignore,
];

/// Codecs forced by the first input byte in [`decode`].
const FORCED: [&str; 12] = [
    "utf8",
    "latin-1",
    "cp1252",
    "ascii",
    "utf-16",
    "utf-16-be",
    "utf-32",
    "shift_jis",
    "gb18030",
    "koi8-r",
    "iso-8859-2",
    "euc-kr",
];

/// `decode`: bytes through the decoder with the default options and with each error
/// policy, plus a forced codec picked by the first byte.
///
/// Checked besides "no panic": the lenient policies never fail with the default options,
/// and when the strict policy succeeds the replacing one gives the same text.
pub fn decode(data: &[u8]) {
    let default = decode_bytes(data, &DecodeOptions::default());
    assert!(default.is_ok(), "default decoding failed: {default:?}");

    let mut strict = None;
    for errors in POLICIES {
        let opts = DecodeOptions {
            errors,
            ..DecodeOptions::default()
        };
        let result = decode_bytes(data, &opts);
        match errors {
            ErrorPolicy::Strict => strict = result.ok(),
            ErrorPolicy::Replace => {
                let replaced = result.expect("the replace policy never fails here");
                if let Some(s) = &strict {
                    assert_eq!(s.text, replaced.text, "strict and replace disagree");
                    assert!(!replaced.replaced, "strict succeeded but replace replaced");
                }
            }
            ErrorPolicy::Ignore => {
                result.expect("the ignore policy never fails here");
            }
        }
    }

    if let Some((&first, rest)) = data.split_first() {
        let label = FORCED[usize::from(first) % FORCED.len()];
        for errors in POLICIES {
            let opts = DecodeOptions {
                encoding: Some(label.to_owned()),
                errors,
                ..DecodeOptions::default()
            };
            let _ = decode_bytes(rest, &opts);
        }
        // The same bytes as a (bad) default encoding, without any sniffing.
        let opts = DecodeOptions {
            default_encoding: label.to_owned(),
            sniff_meta: false,
            sniff_xml_declaration: false,
            honour_bom: false,
            ..DecodeOptions::default()
        };
        let _ = decode_bytes(rest, &opts);
    }
    decode_whatwg(data);
}

/// The `decode` target's WHATWG half: the browsers' sniffing (decision 0013) with each
/// policy, and with the first byte picking a forced label. The lenient policies never
/// fail without a forced label; strict and replace agree when strict succeeds.
fn decode_whatwg(data: &[u8]) {
    let mut strict = None;
    for errors in POLICIES {
        let opts = DecodeOptions {
            errors,
            ..DecodeOptions::whatwg()
        };
        let result = decode_bytes(data, &opts);
        match errors {
            ErrorPolicy::Strict => strict = result.ok(),
            ErrorPolicy::Replace => {
                let replaced = result.expect("whatwg replace never fails here");
                if let Some(s) = &strict {
                    assert_eq!(s.text, replaced.text, "whatwg strict and replace disagree");
                }
            }
            ErrorPolicy::Ignore => {
                result.expect("whatwg ignore never fails here");
            }
        }
    }
    if let Some((&first, rest)) = data.split_first() {
        let label = FORCED[usize::from(first) % FORCED.len()];
        let opts = DecodeOptions {
            encoding: Some(label.to_owned()),
            ..DecodeOptions::whatwg()
        };
        let _ = decode_bytes(rest, &opts);
    }
}

/// `pipeline_json`: bytes as a pipeline file. Loading must not panic; a pipeline that
/// loads is run on [`SMALL_PAGE`] (as text and as bytes); read from its JSON value (the
/// path options take), it is the same pipeline, or the same failure.
pub fn pipeline_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pipeline) = Pipeline::from_json(text) {
        let _ = pipeline.run_str(SMALL_PAGE);
        let _ = pipeline.run_bytes(SMALL_PAGE.as_bytes());
    }
    // Read from its JSON value (as options set it; each stage's `type` handed first),
    // a pipeline is the one read from the value's text, and an error is an error there.
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        let from_value = Pipeline::from_value(value.clone());
        let from_text = Pipeline::from_json(&value.to_string());
        match (from_value, from_text) {
            (Ok(a), Ok(b)) => assert_eq!(a.to_value(), b.to_value(), "read otherwise"),
            (Err(_), Err(_)) => {}
            (a, b) => panic!(
                "from the value {:?}, from its text {:?}",
                a.err().map(|e| e.to_string()),
                b.err().map(|e| e.to_string())
            ),
        }
    }
}

/// `pipeline_toml`: bytes as a pipeline file in TOML. Loading must not panic; a pipeline
/// that loads runs on [`SMALL_PAGE`] without panicking. Checked besides: a pipeline read
/// from TOML saves to TOML, and that text loads back to the same pipeline (what
/// `pith pipeline show --toml` writes, a user loads again).
pub fn pipeline_toml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pipeline) = Pipeline::from_toml(text) else {
        return;
    };
    let _ = pipeline.run_str(SMALL_PAGE);
    let saved = match pipeline.to_toml() {
        Ok(saved) => saved,
        Err(e) => panic!("a pipeline read from TOML does not save to TOML: {e}"),
    };
    match Pipeline::from_toml(&saved) {
        Ok(again) => assert_eq!(
            again.to_value(),
            pipeline.to_value(),
            "read back otherwise from its TOML:\n{saved}"
        ),
        Err(e) => panic!("its own TOML does not load: {e}\n{saved}"),
    }
}

/// `warc`: bytes as an (uncompressed) WARC file, through the reader and the HTTP
/// parsing of every record it yields. Checked besides "no panic": the reader always
/// ends, yielding no more items than there are bytes (each consumes some input).
pub fn warc(data: &[u8]) {
    let reader = pith::warc::WarcReader::new(data, 1 << 16);
    let mut items = 0usize;
    for item in reader {
        items += 1;
        assert!(items <= data.len() + 1, "more items than input bytes");
        let pith::warc::WarcItem::Record(rec) = item else {
            continue;
        };
        if let Some(http) = pith::warc::parse_http(&rec.block) {
            let payload = rec.block.get(http.payload_start..).unwrap_or_default();
            if let Some(t) = &http.content_type {
                let _ = pith::warc::charset_param(t);
                let _ = pith::warc::is_html_type(t);
            }
            let _ = pith::warc::looks_like_html(payload);
            let html = pith::warc::is_html_payload(
                http.content_type.as_deref(),
                rec.payload_type.as_deref(),
                payload,
            );
            if http
                .content_type
                .as_deref()
                .is_some_and(pith::warc::is_html_type)
            {
                assert!(html, "a payload the server calls HTML is not a page");
            }
            if http.chunked {
                let _ = pith::warc::dechunk(payload);
            }
        }
    }
}

thread_local! {
    static READABILITY: Pipeline = pith::preset("readability").expect("the readability preset loads");
    static READABILITY_ANNOTATE: Pipeline = {
        let mut value = pith::preset_value("readability").expect("the readability preset");
        value["tree"][0]["annotate"] = true.into();
        value["segmenter"]["article_only"] = true.into();
        Pipeline::from_value(value).expect("annotate mode loads")
    };
}

/// Whether `small` (whitespace aside) is a subsequence of `big`.
fn is_subsequence(small: &str, big: &str) -> bool {
    let mut big = big.chars().filter(|c| !c.is_whitespace());
    small
        .chars()
        .filter(|c| !c.is_whitespace())
        .all(|c| big.any(|b| b == c))
}

/// `readability`: page bytes through the readability preset, deleting and annotating.
/// Checked besides "no panic": the article's text is a subsequence of the page's text
/// (Readability deletes and moves in order, never invents), annotate mode leaves the
/// tree as parsed, and both modes give the same text.
pub fn readability(data: &[u8]) {
    READABILITY.with(|p| {
        let Ok(decoded) = pith::dom::decode::decode(data, p.decode_options()) else {
            return;
        };
        let parsed = pith::dom::parse_html_with(&decoded.text, &p.spec().parse).0;
        let input_text = parsed.text_content(parsed.root());
        let Ok((deleting, _)) = p.run_document(parsed.clone()) else {
            return;
        };
        let text = deleting.good_text("");
        assert!(
            is_subsequence(&text, &input_text),
            "invented text: {text:?}"
        );
        READABILITY_ANNOTATE.with(|a| {
            let (annotated, tree) = a.run_document(parsed.clone()).expect("annotate mode runs");
            assert_eq!(tree.to_html(tree.root()), parsed.to_html(parsed.root()));
            let strip = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
            assert_eq!(strip(&annotated.good_text("")), strip(&text));
        });
    });
}

thread_local! {
    static PITH: Pipeline = pith::preset("pith").expect("the pith preset loads");
    /// Every `learn.text` cue (not in the `pith` preset) over declutter's blocks.
    static TEXT_CUES: Pipeline = {
        let stats = [
            "sentence_ends", "ends_sentence", "capitalised", "numeric", "date_like",
            "word_length", "sentence_length", "boilerplate", "repeats",
        ];
        let features: Vec<String> = stats
            .iter()
            .map(|s| format!(r#"{{"type": "learn.text", "stat": "{s}"}}"#))
            .collect();
        let json = format!(
            r#"{{"version": 1, "tree": [], "segmenter": {{"type": "declutter.blocks"}}, "features": [{}]}}"#,
            features.join(", ")
        );
        Pipeline::from_json(&json).expect("the text-cue pipeline loads")
    };
    /// The markup, tag-path and container features the `pith` preset does not use, over
    /// declutter's blocks of the page less its hidden copies (`learn.drop_hidden_copies`).
    static OTHER_CUES: Pipeline = Pipeline::from_json(
        r#"{"version": 1, "tree": [{"type": "learn.drop_hidden_copies", "min_words": 5}],
            "segmenter": {"type": "declutter.blocks"}, "features": [
            {"type": "justext.length"},
            {"type": "justext.link_density"},
            {"type": "justext.words_count"},
            {"type": "justext.stopwords_count"},
            {"type": "justext.stopwords_density"},
            {"type": "justext.heading"},
            {"type": "learn.justext_label", "length_low": 40, "max_good_distance": 5},
            {"type": "learn.hidden"},
            {"type": "learn.path_group", "stat": "blocks"},
            {"type": "learn.path_group", "stat": "share"},
            {"type": "learn.path_group", "stat": "others_mean", "of": "justext.length"},
            {"type": "learn.container_link_density", "up": 2},
            {"type": "learn.container_text_density", "up": 0},
            {"type": "learn.container_text_density", "up": 3},
            {"type": "learn.class_words", "words": ["comment", "nav"], "outside": "declutter.keep", "key": "outside"},
            {"type": "learn.class_words", "words": ["comment", "reply"], "depth": true, "key": "depth"},
            {"type": "learn.class_words", "words": ["nav", "a", "menu"], "count": true, "outside": "declutter.keep", "key": "count"},
            {"type": "learn.class_word_sets", "outside": "declutter.keep", "sets": [
                {"key": "sets.outside", "words": ["comment", "nav"]},
                {"key": "sets.count", "words": ["nav", "a", "menu"], "count": true}]},
            {"type": "learn.page", "stat": "mean", "of": "learn.hidden", "within": "learn.container_link_density@2"}],
            "passes": [{"type": "learn.veto", "feature": "outside"},
                       {"type": "learn.veto", "feature": "depth", "always_above": 1.5}]}"#,
    )
    .expect("the other-cue pipeline loads");
}

/// The lean parse of `data` (the attributes no stage reads cut, decision 0007) gives
/// `pipeline` the same blocks, features and labels as the parse that keeps them all.
fn same_run_from_the_lean_parse(pipeline: &Pipeline, data: &[u8]) {
    let lean = pipeline.run_bytes(data);
    let full = pipeline.run_bytes_keeping_tree(data, pipeline.decode_options());
    match (lean, full) {
        (Ok(lean), Ok((full, _))) => assert_same_run(&lean, &full, "whole"),
        (lean, full) => assert_eq!(lean.is_ok(), full.is_ok(), "one of them failed"),
    }
}

/// The lean run gave the same blocks, features and labels as the `other` parse's run.
fn assert_same_run(lean: &pith::Extraction, other: &pith::Extraction, what: &str) {
    assert_eq!(lean.blocks, other.blocks, "blocks differ ({what})");
    // Compared as text: a NaN feature equals itself there.
    let (a, b) = (
        format!("{:?}", lean.features),
        format!("{:?}", other.features),
    );
    assert_eq!(a, b, "features differ ({what})");
    assert_eq!(lean.labels, other.labels, "labels differ ({what})");
}

/// `learn`: the learned combiner's stages. The bytes go (1) as a page through the
/// `pith` preset (Readability in annotate mode, declutter, the `learn.*` features, the
/// trees), (2) when UTF-8, as a page through every `learn.text` cue and through
/// `learn.drop_hidden_copies`, `learn.hidden`, `learn.path_group`,
/// `learn.container_link_density`, `learn.container_text_density`, `learn.class_words`
/// `outside` an annotation and with `depth` or `count`, `learn.class_word_sets` (each
/// column the same as its `learn.class_words` stage's), `learn.justext_label` (0 or 1),
/// `learn.page` `within` a column and the
/// `learn.veto` pass (with and without `always_above`),
/// which the preset does not use, and (3) as the JSON of a `learn.trees` pass and of a `learn.margin`
/// feature in a small pipeline run on [`SMALL_PAGE`]. Checked besides "no panic": every
/// block has a label and a value in every column, the kept text is a subsequence of the
/// page's text, the lean parse gives the preset the same run as the whole one (the
/// attributes no stage reads cut), every text cue is finite and not negative (a tag-path group's values
/// too, or `NaN`; a share at most 1, a group at most every block), and a tree file that loads
/// (its arrays checked) always evaluates.
pub fn learn(data: &[u8]) {
    PITH.with(|p| {
        let Ok(decoded) = pith::dom::decode::decode(data, p.decode_options()) else {
            return;
        };
        let parsed = pith::dom::parse_html_with(&decoded.text, &p.spec().parse).0;
        let input_text = parsed.text_content(parsed.root());
        let Ok((ex, _)) = p.run_document(parsed) else {
            return;
        };
        assert_eq!(ex.labels.len(), ex.blocks.len());
        for key in ex.features.keys() {
            assert_eq!(
                ex.features.column(key).map(<[f64]>::len),
                Some(ex.blocks.len())
            );
        }
        let text = ex.good_text("");
        assert!(
            is_subsequence(&text, &input_text),
            "invented text: {text:?}"
        );
        same_run_from_the_lean_parse(p, data);
    });
    let Ok(stage) = std::str::from_utf8(data) else {
        return;
    };
    TEXT_CUES.with(|p| {
        let Ok(ex) = p.run_str(stage) else {
            return;
        };
        for key in ex.features.keys() {
            let column = ex.features.column(key).expect("a listed column");
            assert_eq!(column.len(), ex.blocks.len());
            assert!(
                column.iter().all(|v| v.is_finite() && *v >= 0.0),
                "{key}: {column:?}"
            );
        }
    });
    OTHER_CUES.with(|p| {
        let Ok(ex) = p.run_str(stage) else {
            return;
        };
        let n = ex.blocks.len() as f64;
        for key in ex.features.keys() {
            let column = ex.features.column(key).expect("a listed column");
            assert_eq!(column.len(), ex.blocks.len());
            // `others_mean` is NaN for a block alone on its path; every value is at
            // least 0, a share and a link density at most 1, a group at most every
            // block.
            assert!(
                column
                    .iter()
                    .all(|v| v.is_nan() || (v.is_finite() && *v >= 0.0)),
                "{key}: {column:?}"
            );
        }
        let share = ex
            .features
            .column(&FeatureKey::new("learn.path_group_share"));
        assert!(share.unwrap().iter().all(|v| *v <= 1.0 + 1e-9));
        let blocks = ex
            .features
            .column(&FeatureKey::new("learn.path_group_blocks"));
        assert!(blocks.unwrap().iter().all(|v| *v >= 1.0 && *v <= n));
        let links = ex
            .features
            .column(&FeatureKey::new("learn.container_link_density@2"));
        assert!(links.unwrap().iter().all(|v| *v <= 1.0));
        // Each `learn.class_word_sets` column is its `learn.class_words` stage's.
        for (set, alone) in [("sets.outside", "outside"), ("sets.count", "count")] {
            let column = |key| format!("{:?}", ex.features.column(&FeatureKey::new(key)));
            assert_eq!(column(set), column(alone), "{set}");
        }
        let verdict = ex.features.column(&FeatureKey::new("learn.justext_label"));
        assert!(verdict.unwrap().iter().all(|v| *v == 0.0 || *v == 1.0));
        assert_eq!(ex.labels.len(), ex.blocks.len());
    });
    let base = r#""version": 1, "tree": [], "segmenter": {"type": "declutter.blocks"}"#;
    let features = r#"{"type": "justext.length"}, {"type": "justext.link_density"}"#;
    for pipeline in [
        format!(r#"{{{base}, "features": [{features}], "passes": [{stage}]}}"#),
        format!(r#"{{{base}, "features": [{features}, {stage}]}}"#),
    ] {
        if let Ok(p) = Pipeline::from_json(&pipeline) {
            let ex = p.run_str(SMALL_PAGE).expect("a loaded pipeline runs");
            assert_eq!(ex.labels.len(), ex.blocks.len());
        }
    }
}

#[cfg(test)]
mod unescape_tests {
    use super::unescape_markdown;

    #[test]
    fn escapes_are_undone_outside_code_only() {
        assert_eq!(unescape_markdown(r"a\_b \\ c\d"), r"a_b \ c\d");
        assert_eq!(unescape_markdown(r"x `c\_d` y \`z"), r"x c\_d y `z");
        assert_eq!(unescape_markdown(r"``a`\_b`` \*"), r"a`\_b *");
        // An unclosed run is text, and a code span closes on its own line.
        assert_eq!(unescape_markdown("` \\_a\n`b"), "` _a\n`b");
        assert_eq!(unescape_markdown("```\n\\_x\n```\n\\_"), "\n\\_x\n\n_");
        // A span padded with a space at each end (its code begins or ends with a
        // backtick) loses one at each end; spaces alone, or at one end, stay.
        assert_eq!(unescape_markdown("jp`` f(x)` ``,"), "jpf(x)`,");
        assert_eq!(unescape_markdown("a`  b  `c"), "a b c");
        assert_eq!(unescape_markdown("a`   `b ` c`"), "a   b  c");
    }
}
