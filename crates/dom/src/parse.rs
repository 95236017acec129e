//! Parsing text into a [`Document`] with html5ever.
//!
//! We drive html5ever's tokenizer and tree builder ourselves instead of using its
//! `parse_document` helper, so that a token filter can sit between the two (the place
//! where hostile-page limits belong) and so the parse happens exactly once.

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{BufferQueue, TokenSink, Tokenizer, TokenizerOpts};
use html5ever::tree_builder::{TreeBuilder, TreeBuilderOpts, TreeSink};
use html5ever::TokenizerResult;

use crate::attrskip::AttributeCut;
use crate::decode::{decode, DecodeError, DecodeOptions, Decoded};
use crate::direct::DirectReader;
use crate::guard::{Guard, ParseLimits, ParseReport};
use crate::newlines::normalize_newlines;
use crate::prescan::limit_attributes;
use crate::rawtext::{raw_text_end, RawTextKind};
use crate::sink::ArenaSink;
use crate::tree::Document;

/// Parses decoded HTML text into a [`Document`] with the default [`ParseLimits`].
///
/// Scripting is disabled, so `<noscript>` content is parsed as markup (as libxml2 does),
/// and `<template>` children are ordinary children of the template element.
pub fn parse_html(text: &str) -> Document {
    parse_html_with(text, &ParseLimits::default()).0
}

/// Parses decoded HTML text with the given limits; the report says which were hit.
pub fn parse_html_with(text: &str, limits: &ParseLimits) -> (Document, ParseReport) {
    parse_html_omitting(text, limits, &Omit::default())
}

/// What a parse may leave out of the tree because nothing that reads the tree needs it.
/// The default leaves out nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Omit {
    /// Raw-text elements whose content is left out (lower-case names; `script`,
    /// `style`, `textarea`, `title`, `xmp`, `iframe`, `noembed`, `noframes` are the ones
    /// html5ever reads as raw text, other names change nothing). The elements stay,
    /// empty (decision 0006), but for a `<script type="application/ld+json">`, whose
    /// structured data the metadata reader reads ([`crate::read_metadata`]).
    pub content_of: Vec<String>,
    /// `Some(names)`: only these elements (lower-case names) keep their attributes, with
    /// the ones whose attributes decide the tree's shape ([`crate::SHAPES_THE_TREE`]); every
    /// other element has none. `None`: all attributes are kept (decision 0007).
    pub attributes_except_on: Option<Vec<String>>,
    /// With `attributes_except_on: Some(_)`, the attributes of these names (lower-case
    /// local names, e.g. `class`) are kept on every element too; the others' are left
    /// out. An attribute that the tree builder gives a namespace in SVG or MathML
    /// (`xlink:href`, `xml:lang`) is kept under its local name (`href`, `lang`).
    pub attributes_named: Vec<String>,
    /// With `attributes_except_on: Some(_)`, the attributes of these names (lower-case
    /// local names, e.g. `href`) are kept on every element only where the value may be a
    /// same-document reference: written starting with `#`, or with `&` (a character
    /// reference could spell one), or where the tag has more than one of them (the tree
    /// builder keeps the first of a name: all are kept). The others are left out, so a
    /// stage sees an attribute of such a name only when it may start with `#`.
    pub attributes_if_fragment: Vec<String>,
    /// With `attributes_except_on: Some(_)`, every attribute of an element inside one of
    /// these elements (lower-case names) is kept. The parse keeps every attribute from the
    /// first start tag of such an element on: the tokens do not say where the tree builder
    /// closes it.
    pub attributes_kept_within: Vec<String>,
}

/// Parses like [`parse_html_with`], leaving out what `omit` names. The tree is otherwise
/// exactly the one [`parse_html_with`] builds: the same elements, text and comments in
/// the same places.
///
/// For pipelines whose stages never look at what is left out: the content of `script`
/// and `style` is about half of a typical page's bytes, and attributes are more than
/// half of what is left for html5ever's tokenizer.
pub fn parse_html_omitting(
    text: &str,
    limits: &ParseLimits,
    omit: &Omit,
) -> (Document, ParseReport) {
    let opts = TreeBuilderOpts {
        scripting_enabled: false,
        ..TreeBuilderOpts::default()
    };
    let cut = omit.attributes_except_on.as_deref().map(|elements| {
        AttributeCut::new(elements)
            .keeping_named(&omit.attributes_named)
            .keeping_fragments(&omit.attributes_if_fragment)
            .keeping_all_from(&omit.attributes_kept_within)
    });
    let builder = TreeBuilder::new(ArenaSink::with_capacity(expected_nodes(text)), opts);
    let guard = Guard::new(builder, limits, &omit.content_of, cut.is_some());
    // html5ever's `discard_bom` drops a U+FEFF at the front of the queue on *every*
    // `feed`, not only the first, so a BOM right after a tag where the tokenizer paused
    // (after every tag when attributes are cut, after `<meta charset>` always) vanished
    // while an unpaused parse kept it as text, as libxml2 does. The one BOM that starts
    // the document is dropped here instead, once.
    let tokenizer = Tokenizer::new(
        guard,
        TokenizerOpts {
            discard_bom: false,
            ..TokenizerOpts::default()
        },
    );
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The tokenizer's copy of the text; the prepared versions are dropped before the
    // parse, so that no more than the page and this copy are held while it runs.
    let (text, attributes_dropped) = {
        let normalized = normalize_newlines(text);
        let (limited, dropped) = limit_attributes(&normalized, limits.max_attributes);
        (StrTendril::from(&*limited), dropped)
    };
    let input = BufferQueue::default();
    input.push_back(text);
    let in_foreign_content = || {
        tokenizer
            .sink
            .adjusted_current_node_present_but_not_in_html_namespace()
    };
    let mut direct = DirectReader::default();
    // Where the tokenizer is in the data state (before it starts, and paused after a
    // tag): plain text and tags go to the tree builder directly, and the next start tag
    // that is not plain has its attributes cut before the tokenizer reads it.
    let mut read_ahead = |cut: &AttributeCut| {
        direct.read(&input, &tokenizer.sink, cut);
        cut.cut_next(&input, in_foreign_content);
    };
    if let Some(cut) = &cut {
        read_ahead(cut);
    }
    // `Script` and `EncodingIndicator` results only pause the tokenizer (so a script
    // could run, or the caller could re-decode); the text is decoded already, so we
    // resume until the input is consumed. The guard also pauses it after the start tag
    // of an element whose content is dropped, for the content to be cut here, and, when
    // attributes are cut, after every tag, for the driver to read ahead.
    while !matches!(tokenizer.feed(&input), TokenizerResult::Done) {
        if let Some(skip) = tokenizer.sink.take_raw_text() {
            let text = skip_raw_text(&input, &skip.name, skip.kind);
            if skip.keep_text {
                let sink = &tokenizer.sink.inner.sink;
                if let Some(element) = sink.last_element.get() {
                    add_raw_text(&mut sink.doc.borrow_mut(), element, &text);
                }
            }
        }
        if tokenizer.sink.take_tag_end() {
            if let Some(cut) = &cut {
                read_ahead(cut);
            }
        }
    }
    tokenizer.end();
    let mut report = tokenizer.sink.report();
    report.attributes_dropped = attributes_dropped;
    (tokenizer.sink.inner.sink.finish(), report)
}

/// About how many nodes a page of this size makes (the scrapinghub pages make one per
/// 85 bytes), so the arena is allocated once instead of doubling its way there. Room
/// that is never used is never touched, so it costs address space, not memory.
fn expected_nodes(text: &str) -> usize {
    text.len() / 64 + 16
}

/// Adds a skipped raw-text element's content to it as the tokenizer would have: NUL as
/// U+FFFD (its line breaks are LF already: [`normalize_newlines`]); no text node for no
/// text.
fn add_raw_text(doc: &mut Document, element: crate::NodeId, text: &str) {
    if text.is_empty() {
        return;
    }
    let text = text.replace('\0', "\u{fffd}");
    doc.append_text(element, &text);
}

/// Drops the input up to the end tag of the raw-text element `name` (or all of it when
/// the element is never closed), and returns what it dropped.
fn skip_raw_text(input: &BufferQueue, name: &str, kind: RawTextKind) -> StrTendril {
    let mut rest = StrTendril::new();
    while let Some(chunk) = input.pop_front() {
        if rest.is_empty() {
            rest = chunk;
        } else {
            rest.push_tendril(&chunk);
        }
    }
    match raw_text_end(&rest, name, kind) {
        Some(end) => {
            let len = rest.len32() - end as u32;
            input.push_front(rest.subtendril(end as u32, len));
            rest.subtendril(0, end as u32)
        }
        None => rest,
    }
}

/// Decodes raw page bytes (see [`crate::decode`]) and parses them with default limits.
pub fn parse_bytes(bytes: &[u8], opts: &DecodeOptions) -> Result<(Document, Decoded), DecodeError> {
    let decoded = decode(bytes, opts)?;
    let doc = parse_html(&decoded.text);
    Ok((doc, decoded))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::NodeData;

    #[test]
    fn builds_html_head_body() {
        let doc = parse_html("<p>Hello <b>world</b></p>");
        let body = doc.body().expect("body");
        assert_eq!(doc.text_content(body), "Hello world");
    }

    #[test]
    fn noscript_content_is_markup() {
        let doc = parse_html("<body><noscript><p>fallback <b>text</b></p></noscript>");
        let body = doc.body().unwrap();
        let names: Vec<_> = doc
            .descendants(body)
            .filter_map(|n| doc.element_name(n).map(str::to_owned))
            .collect();
        assert_eq!(names, ["body", "noscript", "p", "b"]);
    }

    #[test]
    fn template_children_are_reachable() {
        let doc = parse_html("<body><template><p>inside</p></template>");
        assert_eq!(doc.text_content(doc.root()), "inside");
    }

    #[test]
    fn meta_charset_does_not_stop_the_parse() {
        let doc = parse_html("<html><head><meta charset=utf-8></head><body><div>hi</div>");
        assert_eq!(doc.text_content(doc.body().unwrap()), "hi");
    }

    #[test]
    fn deep_nesting_is_capped_and_keeps_its_text() {
        let n = 100_000;
        let html = format!("{}deep text{}", "<div>".repeat(n), "</div>".repeat(n));
        let (doc, report) = parse_html_with(&html, &ParseLimits::default());
        assert_eq!(report.depth_limited_tags, n - 512);
        assert_eq!(doc.text_content(doc.root()), "deep text");
        let deepest = doc.descendants(doc.root()).map(|id| doc.depth(id)).max();
        assert!(deepest.unwrap() <= 512 + 3, "{deepest:?}");
    }

    #[test]
    fn nested_tables_are_capped() {
        let n = 5_000;
        let html = format!(
            "{}cell text{}",
            "<table><tr><td>".repeat(n),
            "</td></tr></table>".repeat(n)
        );
        let (doc, report) = parse_html_with(&html, &ParseLimits::default());
        assert!(report.depth_limited_tags > 0);
        assert_eq!(doc.text_content(doc.root()), "cell text");
    }

    #[test]
    fn ordinary_lists_and_paragraphs_do_not_count_toward_depth() {
        let html = format!("<ul>{}</ul>", "<li><p>item".repeat(2_000));
        let (_, report) = parse_html_with(&html, &ParseLimits::default());
        assert_eq!(report.depth_limited_tags, 0);
    }

    #[test]
    fn attribute_floods_are_cut_to_the_limit() {
        let attrs: Vec<String> = (0..5_000).map(|i| format!("a{i}=v")).collect();
        let html = format!("<div {}>kept</div>", attrs.join(" "));
        let (doc, report) = parse_html_with(&html, &ParseLimits::default());
        assert_eq!(report.attributes_dropped, 4_000);
        let div = doc
            .descendants(doc.root())
            .find(|&n| doc.element_name(n) == Some("div"));
        assert_eq!(doc.element(div.unwrap()).unwrap().attr_count(), 1_000);
        assert_eq!(doc.text_content(doc.root()), "kept");
    }

    #[test]
    fn past_the_node_limit_the_rest_is_text() {
        let limits = ParseLimits {
            max_nodes: 10,
            ..ParseLimits::default()
        };
        let html = "<p>a</p>".repeat(20);
        let (doc, report) = parse_html_with(&html, &limits);
        assert!(report.node_limited_tags > 0);
        assert_eq!(doc.text_content(doc.root()), "a".repeat(20));
        // Ten admitted start tags, plus the html/head/body the tree builder implies.
        let elements = doc
            .descendants(doc.root())
            .filter(|&n| doc.element(n).is_some());
        assert!(elements.count() <= 10 + 3);
    }

    /// A raw-text element cut by the depth limit never gets its end tag, so one end
    /// tag of its name stays owed; the next such element, opened below the limit, must
    /// still get its own end tag, or the tree builder stays in its text mode and meets
    /// the next start tag there (html5ever panics: a fuzz input did this).
    #[test]
    fn a_raw_text_element_ends_after_one_cut_by_the_depth_limit() {
        let limits = ParseLimits {
            max_depth: 2,
            ..ParseLimits::default()
        };
        for name in ["textarea", "title", "style", "xmp", "script"] {
            let html = format!(
                "<div><div><{name}></div></div><{name}>raw</{name}><div>after</div>\
                 <div><div><{name}></{name}></div></div><p>end"
            );
            for omit in [&[][..], &[name][..]] {
                let (doc, _) = parse_html_omitting(
                    &html,
                    &limits,
                    &Omit {
                        content_of: omit.iter().map(|n| n.to_string()).collect(),
                        ..Omit::default()
                    },
                );
                let text = doc.text_content(doc.root());
                assert!(text.ends_with("afterend"), "{name} {omit:?}: {text:?}");
            }
        }
    }

    #[test]
    fn empty_input_still_has_a_body() {
        let doc = parse_html("");
        assert!(doc.body().is_some());
        assert!(matches!(doc.data(doc.root()), NodeData::Document));
    }
}
