//! The attribute limit, applied to the text before html5ever tokenizes it.
//!
//! Why here and not in the token guard: html5ever's tokenizer checks every new attribute
//! against all earlier attributes of the same tag, so one tag with 100,000 attributes
//! costs 5·10⁹ comparisons (5 s) before any token reaches a filter. This pre-scan finds
//! tags with more than `max_attributes` attributes and cuts the excess out of the text.
//!
//! It is cheap on ordinary pages: a tag with more than `max_attributes` attributes is at
//! least `2 · max_attributes` bytes long, so only stretches between a `<` and the next
//! `>` that long are parsed (with the tokenizer's tag states, shared with
//! `crate::attrskip`); everything else is skipped with `memchr`. When nothing is
//! cut the text is returned as it was (no copy).

use std::borrow::Cow;

use crate::attrskip::scan_start_tag_with;

/// Cuts attributes past the first `max_attributes` of every start tag; returns the text
/// and the number of attributes removed.
pub(crate) fn limit_attributes(text: &str, max_attributes: usize) -> (Cow<'_, str>, usize) {
    if max_attributes == 0 {
        return (Cow::Borrowed(text), 0);
    }
    let bytes = text.as_bytes();
    let min_len = 2 * max_attributes;
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut removed = 0;
    let mut pos = 0;
    while let Some(lt) = memchr::memchr(b'<', &bytes[pos..]).map(|i| pos + i) {
        pos = lt + 1;
        let Some(&first) = bytes.get(lt + 1) else {
            break;
        };
        if !first.is_ascii_alphabetic() {
            continue;
        }
        let Some(gt) = memchr::memchr(b'>', &bytes[lt..]).map(|i| lt + i) else {
            break;
        };
        if gt - lt < min_len {
            continue;
        }
        let mut count = 0;
        let mut cut = None;
        let tag = scan_start_tag_with(bytes, lt, |at| {
            if count == max_attributes {
                cut = Some(at);
            }
            count += 1;
        });
        // Up to what closes the tag (`>` or `/>`), or the end of an unfinished one.
        let end = tag.map_or(bytes.len(), |t| t.close);
        if let Some(from) = cut {
            cuts.push((from, end));
            removed += count - max_attributes;
        }
        pos = end.max(lt + 1);
    }
    if cuts.is_empty() {
        return (Cow::Borrowed(text), 0);
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (from, to) in cuts {
        out.push_str(&text[last..from]);
        last = to;
    }
    out.push_str(&text[last..]);
    (Cow::Owned(out), removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_text_is_borrowed() {
        let html = "<div class=a id=b><p>x</p></div>";
        let (out, removed) = limit_attributes(html, 2);
        assert!(matches!(out, Cow::Borrowed(_)));
        assert_eq!(removed, 0);
    }

    #[test]
    fn excess_attributes_are_cut() {
        let attrs: Vec<String> = (0..10).map(|i| format!("a{i}=\"v {i}\"")).collect();
        let html = format!("<div {}>text</div>", attrs.join(" "));
        let (out, removed) = limit_attributes(&html, 3);
        assert_eq!(out, "<div a0=\"v 0\" a1=\"v 1\" a2=\"v 2\" >text</div>");
        assert_eq!(removed, 7);
    }

    #[test]
    fn quoted_gt_does_not_end_the_tag() {
        let html = "<div a='>' b=\"x>y\" c d e f g h i j k>text";
        let (out, removed) = limit_attributes(html, 2);
        assert_eq!(out, "<div a='>' b=\"x>y\" >text");
        assert_eq!(removed, 9);
    }

    #[test]
    fn a_hundred_thousand_attributes_are_cut_quickly() {
        let attrs: Vec<String> = (0..100_000).map(|i| format!("a{i}=v")).collect();
        let html = format!("<div {}>kept</div>", attrs.join(" "));
        let (out, removed) = limit_attributes(&html, 1000);
        assert_eq!(removed, 99_000);
        assert!(out.ends_with(">kept</div>"));
    }
}
