//! Images inside a block's text (`<p>text <img> more</p>`), as the writers write them:
//! where the page had them, between the words, not after the paragraph (one inside a
//! word goes after the word, which stays whole).
//!
//! A writer's marks (inline spans, links) are byte ranges of the block's text, and
//! Markdown escapes a text by what is around each character, so an image's markup
//! cannot be spliced into the written text afterwards by offsets. Instead the text is
//! given a placeholder character where each image goes (a character the text does not
//! hold: U+FFFC, or one of the private-use characters after U+E000), its spans and
//! links are moved past the placeholders, the writer writes that text as any other,
//! and each placeholder it wrote is then replaced by its image's markup, in order. No
//! escaping rule of either writer touches these characters. An image inside a code
//! span goes at the span's end (inside, Markdown would show its markup as code).

use std::borrow::Cow;

use pith_core::words::is_word_char;

use crate::inline::{InlineKind, InlineSpan, LinkSpan};
use crate::layout::InlineImage;

/// The characters tried as the placeholder, in order: the object replacement
/// character, then private-use ones.
fn placeholders() -> impl Iterator<Item = char> {
    std::iter::once('\u{FFFC}').chain('\u{E000}'..='\u{E0FF}')
}

/// A block's text with a placeholder where each of its images goes, and its spans and
/// links moved to match ([`with_images`]).
pub(crate) struct Placed<'a> {
    /// The text to write.
    pub(crate) text: Cow<'a, str>,
    /// Its inline spans.
    pub(crate) spans: Cow<'a, [InlineSpan]>,
    /// Its links.
    pub(crate) links: Cow<'a, [LinkSpan]>,
    /// The placeholder (none when the text holds every one).
    placeholder: Option<char>,
    /// Each image with whether it is inside one of the text's links (then it is not
    /// written with a link of its own: links do not nest), in order.
    images: Vec<(&'a InlineImage, bool)>,
}

/// `text` with its `spans` and `links` and a placeholder for each of `images` (in order
/// of their place; each place a character boundary of `text`, before its end), a space
/// before it where the text has one there (`sentence and` gives `sentence ￼ and`);
/// everything borrowed when there is no image. When every placeholder character is in
/// the text, the images go at its end.
pub(crate) fn with_images<'a>(
    text: &'a str,
    spans: &'a [InlineSpan],
    links: &'a [LinkSpan],
    images: &'a [InlineImage],
) -> Placed<'a> {
    let borrowed = Placed {
        text: Cow::Borrowed(text),
        spans: Cow::Borrowed(spans),
        links: Cow::Borrowed(links),
        placeholder: None,
        images: Vec::new(),
    };
    if images.is_empty() {
        return borrowed;
    }
    let placeholder = placeholders().find(|&c| !text.contains(c));
    let code: Vec<&InlineSpan> = (spans.iter())
        .filter(|s| s.kind == InlineKind::Code)
        .collect();
    // Each image's place: within the text, out of code spans and words.
    let mut places: Vec<(usize, &InlineImage)> = (images.iter())
        .map(|image| {
            let mut at = image.at.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            // Out of a code span and out of a word, each move forward, until neither
            // moves it (a code span can end inside a word, a word inside a code span).
            loop {
                if let Some(span) = code.iter().find(|s| s.start < at && at < s.end) {
                    at = span.end.min(text.len());
                }
                let after_word = past_word(text, at);
                if after_word == at {
                    break;
                }
                at = after_word;
            }
            (at, image)
        })
        .collect();
    places.sort_by_key(|&(at, _)| at);
    let inside_link = |at: usize| links.iter().any(|l| l.start < at && at < l.end);
    let Some(placeholder) = placeholder else {
        return Placed {
            images: places.iter().map(|&(_, image)| (image, false)).collect(),
            ..borrowed
        };
    };
    // The bytes inserted before each place (a placeholder, and a space before it when
    // the text has one there), and the text with them.
    let mut inserted: Vec<(usize, usize)> = Vec::with_capacity(places.len());
    let mut out = String::with_capacity(text.len() + 4 * places.len());
    let mut copied = 0;
    for &(at, _) in &places {
        out.push_str(&text[copied..at]);
        copied = at;
        let before = out.len();
        if text[at..].starts_with(' ') {
            out.push(' ');
        }
        out.push(placeholder);
        inserted.push((at, out.len() - before));
    }
    out.push_str(&text[copied..]);
    // A start moves past what is inserted at or before it (an image at a span's start
    // comes before the span), an end past what is inserted before it (an image at a
    // span's end comes after it).
    let moved = |p: usize, start: bool| -> usize {
        p + (inserted.iter())
            .filter(|&&(at, _)| at < p || (start && at == p))
            .map(|&(_, n)| n)
            .sum::<usize>()
    };
    let spans = (spans.iter())
        .map(|s| InlineSpan {
            start: moved(s.start, true),
            end: moved(s.end, false),
            ..*s
        })
        .collect();
    let links = (links.iter())
        .map(|l| LinkSpan {
            start: moved(l.start, true),
            end: moved(l.end, false),
            href: l.href.clone(),
        })
        .collect();
    Placed {
        text: Cow::Owned(out),
        spans: Cow::Owned(spans),
        links: Cow::Owned(links),
        placeholder: Some(placeholder),
        images: (places.iter())
            .map(|&(at, image)| (image, inside_link(at)))
            .collect(),
    }
}

/// `at`, or the end of the word it falls inside (a `\w` character on each side): an
/// image's markup inside a word (`conte![](a.jpg)nt`) would make it two words for
/// anyone who reads the text, so the image goes after the word, still between words.
/// In text written without spaces (Chinese, Japanese) a `\w` run goes on to the next
/// punctuation mark, so there the image goes to the end of its clause.
fn past_word(text: &str, at: usize) -> usize {
    let (before, after) = text.split_at(at);
    let inside = before.chars().next_back().is_some_and(is_word_char)
        && after.chars().next().is_some_and(is_word_char);
    match inside {
        true => {
            at + after
                .find(|c: char| !is_word_char(c))
                .unwrap_or(after.len())
        }
        false => at,
    }
}

impl Placed<'_> {
    /// `written` (what the writer wrote of [`Placed::text`]) with each placeholder
    /// replaced by `markup` of its image (given whether the image is inside one of the
    /// text's links), in order; images whose placeholder the writer did not write, or
    /// that had none, at its end after a space.
    pub(crate) fn fill(
        &self,
        written: String,
        markup: impl Fn(&InlineImage, bool) -> String,
    ) -> String {
        if self.images.is_empty() {
            return written;
        }
        let mut images = self.images.iter();
        let mut out = String::with_capacity(written.len() + 64 * images.len());
        for c in written.chars() {
            match Some(c) == self.placeholder {
                true => match images.next() {
                    Some(&(image, in_link)) => out.push_str(&markup(image, in_link)),
                    None => out.push(c),
                },
                false => out.push(c),
            }
        }
        for &(image, in_link) in images {
            out.push(' ');
            out.push_str(&markup(image, in_link));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(at: usize, alt: &str) -> InlineImage {
        InlineImage {
            at,
            alt: alt.to_owned(),
            src: format!("/{alt}.png"),
            link: None,
        }
    }

    /// The text with each image as `[alt]`, its spans' and links' texts.
    fn placed(
        text: &str,
        spans: &[InlineSpan],
        links: &[LinkSpan],
        images: &[InlineImage],
    ) -> (String, Vec<String>, Vec<String>) {
        let p = with_images(text, spans, links, images);
        // A span's text, its placeholders shown as `[img]`.
        let placeholder = p.placeholder.unwrap_or('\u{FFFC}');
        let piece = |s: usize, e: usize| p.text[s..e].replace(placeholder, "[img]");
        let spans = p.spans.iter().map(|s| piece(s.start, s.end)).collect();
        let links = p.links.iter().map(|l| piece(l.start, l.end)).collect();
        (
            p.fill(p.text.to_string(), |i, _| format!("[{}]", i.alt)),
            spans,
            links,
        )
    }

    #[test]
    fn an_image_goes_between_the_words_it_was_between() {
        let (text, _, _) = placed("sentence and more", &[], &[], &[image(8, "a")]);
        assert_eq!(text, "sentence [a] and more");
        // Inside a word: after the word (the word stays whole), no space added.
        let (text, _, _) = placed("H2O", &[], &[], &[image(1, "b")]);
        assert_eq!(text, "H2O[b]");
        let (text, _, _) = placed("conte nt, is", &[], &[], &[image(5, "c")]);
        assert_eq!(text, "conte [c] nt, is");
        let (text, _, _) = placed("content, is", &[], &[], &[image(5, "c")]);
        assert_eq!(text, "content[c], is");
        let (text, _, _) = placed("naïve été", &[], &[], &[image(2, "d")]);
        assert_eq!(text, "naïve [d] été");
        // Without spaces, to the end of the clause.
        let (text, _, _) = placed("中文字符，好", &[], &[], &[image(6, "e")]);
        assert_eq!(text, "中文字符[e]，好");
        // Two at one place keep their order.
        let (text, _, _) = placed("a b", &[], &[], &[image(1, "x"), image(1, "y")]);
        assert_eq!(text, "a [x] [y] b");
    }

    #[test]
    fn an_image_at_a_spans_edge_stays_out_of_it_and_one_inside_stays_in() {
        let bold = |start, end| InlineSpan {
            kind: InlineKind::Strong,
            start,
            end,
        };
        // "bold" is strong; the image right after it.
        let (_, spans, _) = placed("bold more", &[bold(0, 4)], &[], &[image(4, "a")]);
        assert_eq!(spans, ["bold"]);
        // The image before the span "more".
        let (_, spans, _) = placed("bold more", &[bold(5, 9)], &[], &[image(4, "a")]);
        assert_eq!(spans, ["more"]);
        // Inside the span.
        let (_, spans, _) = placed("bold more", &[bold(0, 9)], &[], &[image(4, "a")]);
        assert_eq!(spans, ["bold [img] more"]);
    }

    #[test]
    fn an_image_knows_when_a_link_holds_it_and_leaves_code_spans() {
        let link = LinkSpan {
            start: 0,
            end: 9,
            href: "/x".to_owned(),
        };
        let images = [image(4, "a")];
        let p = with_images("bold more", &[], std::slice::from_ref(&link), &images);
        let written = p.fill(p.text.to_string(), |_, in_link| in_link.to_string());
        assert_eq!(written, "bold true more");
        let code = InlineSpan {
            kind: InlineKind::Code,
            start: 0,
            end: 7,
        };
        let (text, spans, _) = placed("f(x, y) is", &[code], &[], &[image(4, "a")]);
        assert_eq!(
            (text.as_str(), spans[0].as_str()),
            ("f(x, y) [a] is", "f(x, y)")
        );
        // A word that goes on into a code span (`foo` then code `code bar`): past the
        // span, not into it.
        let code = |start, end| InlineSpan {
            kind: InlineKind::Code,
            start,
            end,
        };
        let (text, _, _) = placed("foocode bar", &[code(3, 11)], &[], &[image(1, "a")]);
        assert_eq!(text, "foocode bar[a]");
        // A code span that ends inside a word (code `co`, then `de`): past the word.
        let (text, _, _) = placed("code is", &[code(0, 2)], &[], &[image(1, "b")]);
        assert_eq!(text, "code [b] is");
    }

    proptest::proptest! {
        /// Whatever the text, spans and places: the text comes back when each image
        /// and the space put before it are taken out again, and so does each span's
        /// text; every image is written once.
        #[test]
        fn taking_the_images_out_gives_the_text_back(
            text in "[a b\u{FFFC}é]{0,24}",
            cuts in proptest::collection::vec((0usize..30, 0usize..30), 0..4),
            places in proptest::collection::vec(0usize..30, 1..4),
        ) {
            let len = text.len();
            let boundary = |p: usize| (0..=p.min(len)).rev().find(|&q| text.is_char_boundary(q)).unwrap();
            let spans: Vec<InlineSpan> = (cuts.iter().enumerate())
                .map(|(k, &(a, b))| (k, boundary(a.min(b)), boundary(a.max(b))))
                .filter(|&(_, a, b)| a < b)
                .map(|(k, start, end)| InlineSpan { kind: InlineKind::ALL[k % 4], start, end })
                .collect();
            let links: Vec<LinkSpan> = (spans.iter())
                .map(|s| LinkSpan { start: s.start, end: s.end, href: "/".to_owned() })
                .collect();
            let images: Vec<InlineImage> = (places.iter().enumerate())
                .map(|(k, &at)| image(at.min(len.saturating_sub(1)), &k.to_string()))
                .collect();
            let p = with_images(&text, &spans, &links, &images);
            let marker = |i: &InlineImage, _| format!("<{}>", i.alt);
            let filled = p.fill(p.text.to_string(), marker);
            for k in 0..images.len() {
                proptest::prop_assert_eq!(filled.matches(&format!("<{k}>")).count(), 1);
            }
            // Written with no markup, the text is the text again, but for the space
            // put before an image where the text had one (spaces compared as runs).
            let runs = |s: &str| s.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ");
            let bare = p.fill(p.text.to_string(), |_, _| String::new());
            proptest::prop_assert_eq!(runs(&bare), runs(&text));
            if let Some(c) = p.placeholder {
                for (s, moved) in spans.iter().zip(p.spans.iter()) {
                    let inner = p.text[moved.start..moved.end].replace(c, "");
                    proptest::prop_assert_eq!(runs(&inner), runs(&text[s.start..s.end]));
                }
            }
        }
    }

    #[test]
    fn a_text_holding_every_placeholder_gets_its_images_at_the_end() {
        let text: String = placeholders().collect::<String>() + " words";
        let images = [image(3, "a")];
        let p = with_images(&text, &[], &[], &images);
        assert_eq!(p.text, text);
        assert_eq!(
            p.fill(text.clone(), |i, _| i.alt.clone()),
            format!("{text} a")
        );
    }
}
