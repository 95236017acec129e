//! What a page says about itself in its `<head>`: its title and its canonical URL.
//!
//! Read from the tree as parsed, before any tree stage runs: `justext.clean` deletes
//! the whole `<head>`, so a reader after the stages would find nothing. The pipeline
//! keeps what this reads in the lean parse (the text of `<title>`, the attributes of
//! `<link>`; decisions 0006 and 0007), so it works the same for every preset.

use crate::tree::{Document, ElementNamespace, NodeId};

/// A page's title and canonical URL, as the page gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageMetadata {
    /// The text of the first HTML `<title>` (as `document.title`: whitespace runs made
    /// one space, stripped); `None` without a title or when it is blank.
    pub title: Option<String>,
    /// The `href` of the first `<link>` in `<head>` whose `rel` has the token
    /// `canonical` (ASCII case-insensitive), stripped, as written (possibly relative);
    /// `None` when there is none or it is blank.
    pub canonical_href: Option<String>,
}

/// The elements the metadata reader reads attributes of (for the lean parse).
pub const METADATA_ATTRIBUTES_OF: &[&str] = &["link"];

/// The raw-text elements whose text the metadata reader needs (the lean parse must not
/// skip it).
pub const METADATA_TEXT_OF: &[&str] = &["title"];

/// Reads the title and canonical link of a parsed page. Looks through `<head>` first,
/// and through the rest of the page only for a title or a canonical link that is not
/// in the head: with scripting off (as pith parses), an `<img>` inside a `<noscript>`
/// in the head (a tracking pixel) ends the head, and the elements after it land in the
/// body.
pub fn read_metadata(doc: &Document) -> PageMetadata {
    let head = doc
        .html_element()
        .and_then(|html| doc.child_element(html, "head"));
    let mut meta = PageMetadata::default();
    let mut title = None;
    if let Some(head) = head {
        for id in doc.descendants(head) {
            match html_name(doc, id) {
                Some("title") if title.is_none() => title = Some(id),
                Some("link") if meta.canonical_href.is_none() => {
                    meta.canonical_href = canonical_href(doc, id);
                }
                _ => {}
            }
            if title.is_some() && meta.canonical_href.is_some() {
                break;
            }
        }
    }
    if title.is_none() || meta.canonical_href.is_none() {
        for id in doc.descendants(doc.root()) {
            match html_name(doc, id) {
                Some("title") if title.is_none() => title = Some(id),
                Some("link") if meta.canonical_href.is_none() => {
                    meta.canonical_href = canonical_href(doc, id);
                }
                _ => {}
            }
            if title.is_some() && meta.canonical_href.is_some() {
                break;
            }
        }
    }
    meta.title = title.and_then(|id| non_blank(&collapse_whitespace(&doc.text_content(id))));
    meta
}

/// The element's name when it is an HTML element (an SVG `<title>` is not the page's).
fn html_name(doc: &Document, id: NodeId) -> Option<&str> {
    let el = doc.element(id)?;
    (el.namespace() == ElementNamespace::Html).then(|| el.name())
}

fn canonical_href(doc: &Document, link: NodeId) -> Option<String> {
    let el = doc.element(link)?;
    let rel = el.attr("rel")?;
    let canonical = rel
        .split(is_ascii_whitespace)
        .any(|t| t.eq_ignore_ascii_case("canonical"));
    if !canonical {
        return None;
    }
    non_blank(el.attr("href")?.trim_matches(is_ascii_whitespace))
}

fn is_ascii_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// Runs of ASCII whitespace become one space; leading and trailing ones go.
fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split(is_ascii_whitespace).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

fn non_blank(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_html;

    fn meta(html: &str) -> PageMetadata {
        read_metadata(&parse_html(html))
    }

    #[test]
    fn title_and_canonical_from_the_head() {
        let m = meta(
            "<html><head><title>\n  A  page\t title </title>\
             <link rel=stylesheet href=s.css><link rel='Canonical' href=' /a/b '></head>\
             <body><title>not this</title></body></html>",
        );
        assert_eq!(m.title.as_deref(), Some("A page title"));
        assert_eq!(m.canonical_href.as_deref(), Some("/a/b"));
    }

    #[test]
    fn rel_is_a_token_list() {
        let m = meta("<link rel='alternate canonical' href=https://e.com/x>");
        assert_eq!(m.canonical_href.as_deref(), Some("https://e.com/x"));
        let m = meta("<link rel=noncanonical href=https://e.com/x>");
        assert_eq!(m.canonical_href, None);
    }

    #[test]
    fn a_title_outside_the_head_counts_but_not_an_svg_one() {
        let m = meta("<body><svg><title>icon</title></svg><p>x</p><title>Late</title>");
        assert_eq!(m.title.as_deref(), Some("Late"));
    }

    #[test]
    fn a_canonical_link_after_a_noscript_pixel_is_found() {
        // Scripting off: the <img> ends the head, the link and the title land in the
        // body (gt_12 of googletrends-dev had its link so).
        let m = meta(
            "<html><head><noscript><img src=pixel.gif></noscript>\
             <link rel=canonical href=/story><title>Story</title></head><body><p>x</p>",
        );
        assert_eq!(m.canonical_href.as_deref(), Some("/story"));
        assert_eq!(m.title.as_deref(), Some("Story"));
    }

    #[test]
    fn blank_or_missing_is_none() {
        assert_eq!(
            meta("<title> </title><link rel=canonical href=''>"),
            PageMetadata::default()
        );
        assert_eq!(meta(""), PageMetadata::default());
    }
}
