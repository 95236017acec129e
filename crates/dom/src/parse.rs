//! Parsing text into a [`Document`] with html5ever.
//!
//! We drive html5ever's tokenizer and tree builder ourselves instead of using its
//! `parse_document` helper, so that a token filter can sit between the two (the place
//! where hostile-page limits belong) and so the parse happens exactly once.

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{BufferQueue, Tokenizer, TokenizerOpts};
use html5ever::tree_builder::{TreeBuilder, TreeBuilderOpts, TreeSink};
use html5ever::TokenizerResult;

use crate::decode::{decode, DecodeError, DecodeOptions, Decoded};
use crate::sink::ArenaSink;
use crate::tree::Document;

/// Parses decoded HTML text into a [`Document`].
///
/// Scripting is disabled, so `<noscript>` content is parsed as markup (as libxml2 does),
/// and `<template>` children are ordinary children of the template element.
pub fn parse_html(text: &str) -> Document {
    let opts = TreeBuilderOpts {
        scripting_enabled: false,
        ..TreeBuilderOpts::default()
    };
    let builder = TreeBuilder::new(ArenaSink::new(), opts);
    let tokenizer = Tokenizer::new(builder, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from(text));
    // `Script` and `EncodingIndicator` results only pause the tokenizer (so a script
    // could run, or the caller could re-decode); the text is decoded already, so we
    // resume until the input is consumed.
    while !matches!(tokenizer.feed(&input), TokenizerResult::Done) {}
    tokenizer.end();
    tokenizer.sink.sink.finish()
}

/// Decodes raw page bytes (see [`crate::decode`]) and parses them.
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
    fn empty_input_still_has_a_body() {
        let doc = parse_html("");
        assert!(doc.body().is_some());
        assert!(matches!(doc.data(doc.root()), NodeData::Document));
    }
}
