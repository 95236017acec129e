//! The input stream's newlines normalised before html5ever tokenizes it.
//!
//! The HTML standard preprocesses the input stream before tokenization: every CR LF
//! pair becomes one LF, and every other CR an LF ("Preprocessing the input stream",
//! WHATWG HTML § 13.2.3.5). html5ever does it character by character: its tokenizer's
//! fast path over text (a SIMD scan to the next `<` or `&`) stops at every CR, so on a
//! page with Windows line breaks each line of text becomes a token of its own, walked
//! one character at a time around the break, and the tree builder handles each token
//! in turn. Normalising the text first, in one pass that copies only when there is a CR,
//! gives the tokenizer the text the standard says it reads and lets its fast path run
//! over whole paragraphs. Character references are not touched (`&#13;` is a CR the
//! standard keeps), and neither is anything else: the tree is the same.

use std::borrow::Cow;

/// `text` with CR LF and lone CR as LF; borrowed when it has no CR.
pub(crate) fn normalize_newlines(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let Some(first) = memchr::memchr(b'\r', bytes) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len());
    let mut start = 0;
    let mut at = first;
    loop {
        out.push_str(&text[start..at]);
        out.push('\n');
        start = at + 1;
        if bytes.get(start) == Some(&b'\n') {
            start += 1;
        }
        match memchr::memchr(b'\r', &bytes[start..]) {
            Some(i) => at = start + i,
            None => break,
        }
    }
    out.push_str(&text[start..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guard::ParseLimits;
    use crate::sink::ArenaSink;
    use crate::tree::Document;
    use html5ever::tendril::StrTendril;
    use html5ever::tokenizer::{BufferQueue, Tokenizer, TokenizerOpts};
    use html5ever::tree_builder::{TreeBuilder, TreeBuilderOpts, TreeSink};
    use html5ever::TokenizerResult;
    use proptest::prelude::*;

    /// The text parsed by html5ever alone, which normalises newlines as it reads.
    fn html5ever_alone(text: &str) -> Document {
        let opts = TreeBuilderOpts {
            scripting_enabled: false,
            ..TreeBuilderOpts::default()
        };
        let builder = TreeBuilder::new(ArenaSink::with_capacity(16), opts);
        let tokenizer = Tokenizer::new(
            builder,
            TokenizerOpts {
                discard_bom: false,
                ..TokenizerOpts::default()
            },
        );
        let input = BufferQueue::default();
        input.push_back(StrTendril::from(text));
        while !matches!(tokenizer.feed(&input), TokenizerResult::Done) {}
        tokenizer.end();
        tokenizer.sink.sink.finish()
    }

    /// Pieces of pages where a line break can fall: text, tags whose first line break
    /// the tree builder drops, raw text, comments, attributes, references, foreign
    /// content, tables (whose text is gathered before it is placed).
    const PIECES: &[&str] = &[
        "\r",
        "\n",
        "\r\n",
        "\r\r",
        "x",
        " ",
        "<p>",
        "</p>",
        "<pre>",
        "</pre>",
        "<textarea>",
        "</textarea>",
        "<title>",
        "</title>",
        "<script>",
        "</script>",
        "<style>",
        "<!-- a",
        "-->",
        "<a href='\r\nb'>",
        "</a>",
        "&amp;",
        "&#13;",
        "&#x0d;",
        "<svg>",
        "</svg>",
        "<![CDATA[",
        "]]>",
        "<table>",
        "<td>",
        "</table>",
        "<b>",
        "<",
        "\u{feff}",
        "é",
    ];

    proptest! {
        /// Normalising first builds the tree html5ever builds when it normalises as it
        /// reads.
        #[test]
        fn the_tree_is_html5ever_s(pieces in prop::collection::vec(0..PIECES.len(), 0..40)) {
            let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
            let off = ParseLimits { max_depth: 0, max_attributes: 0, max_nodes: 0 };
            let (ours, _) = crate::parse_html_with(&text, &off);
            let theirs = html5ever_alone(text.strip_prefix('\u{feff}').unwrap_or(&text));
            prop_assert_eq!(ours.to_html(ours.root()), theirs.to_html(theirs.root()));
        }
    }

    #[test]
    fn crlf_and_lone_cr_become_lf() {
        assert_eq!(
            normalize_newlines("a\r\nb\rc\n\rd\r\r\ne\r"),
            "a\nb\nc\n\nd\n\ne\n"
        );
        assert_eq!(normalize_newlines("\r\n\r\n"), "\n\n");
        assert_eq!(normalize_newlines("é\r\n€"), "é\n€");
    }

    #[test]
    fn text_without_cr_is_borrowed() {
        assert!(matches!(normalize_newlines("a\nb"), Cow::Borrowed("a\nb")));
        assert!(matches!(normalize_newlines(""), Cow::Borrowed("")));
    }
}
