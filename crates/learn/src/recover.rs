//! `learn.recover_title`: a page whose `<title>` never ends gets its body back.
//!
//! Why: `<title>` is raw text (RCDATA) in HTML: everything up to `</title>` is its
//! text. A page whose `</title>` is missing or mangled (`</titlevalue="true" -->`, a
//! crawl that cut the head) is, as a browser parses it, one title and an empty body:
//! every extractor returns nothing, though the article is there as markup inside the
//! title's text. Four of the 303 `l3s-gn1-dev` pages are like that. Parsers that do
//! not treat `<title>` as raw text (libxml2's, which lxml-based extractors use) read
//! the markup; this stage does the same, only on such pages, so the `pith` preset
//! does not return nothing where the text is in the page. The `justext` presets keep
//! the browser's tree (they do not use this stage).
//!
//! When the document's first `<title>` holds markup (a `<` followed by a letter, `/`
//! or `!`) and no text is outside it, the document is parsed again from that text:
//! what comes before the first such `<` is the title, the rest follows it as the
//! page. Every `&` of the rest is escaped first, so the character references the
//! first parse decoded are not decoded twice: the new document's text is the old
//! title's text, nothing added (raw-text elements such as `<script>`, which the parser
//! does not decode, are left as they are). Parsed with the default [`ParseLimits`], so memory
//! stays bounded. Any other page is left as it is.

use pith_core::dom::{parse_html_with, Document, Edge, NodeId, ParseLimits};
use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use serde::{Deserialize, Serialize};

/// The `learn.recover_title` tree stage (see the [module docs](self)). No fields.
///
/// ```
/// # use pith_core::TreeStage;
/// let mut doc = pith_core::dom::parse_html("<title>News</titel><p>The story.</p>");
/// pith_learn::RecoverTitle {}.apply(&mut doc, &mut Default::default()).unwrap();
/// assert_eq!(doc.text_content(doc.body().unwrap()), "The story.");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecoverTitle {}

/// Where markup starts in `text`: the first `<` followed by an ASCII letter, `/` or `!`.
fn markup_start(text: &str) -> Option<usize> {
    text.as_bytes()
        .windows(2)
        .position(|w| w[0] == b'<' && (w[1].is_ascii_alphabetic() || w[1] == b'/' || w[1] == b'!'))
}

/// The first `title` element in document order.
fn first_title(doc: &Document) -> Option<NodeId> {
    doc.descendants(doc.root())
        .find(|&n| doc.element_name(n) == Some("title"))
}

/// Elements whose text is not page text: the stage does not read it (and says so, so
/// the parser may skip it, decision 0006).
const NOT_TEXT: &[&str] = &["script", "noscript", "style", "template"];

/// Whether any node outside `title` (and outside [`NOT_TEXT`] elements) holds text
/// other than white space.
/// One walk in document order, counting the open elements whose text does not count
/// (linear in the page, however deep it nests).
fn text_outside(doc: &Document, title: NodeId) -> bool {
    let skipped =
        |n: NodeId| n == title || doc.element_name(n).is_some_and(|e| NOT_TEXT.contains(&e));
    let mut open_skipped = 0usize;
    for edge in doc.traverse(doc.root()) {
        match edge {
            Edge::Open(n) if skipped(n) => open_skipped += 1,
            Edge::Close(n) if skipped(n) => open_skipped -= 1,
            Edge::Open(n) => {
                if open_skipped == 0 && doc.text(n).is_some_and(|t| !t.trim().is_empty()) {
                    return true;
                }
            }
            Edge::Close(_) => {}
        }
    }
    false
}

/// `text` with `&`, `<` and `>` as character references.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The page as it reads when the title's text ends where its markup starts, or `None`
/// when the document is not one this stage repairs.
pub fn recovered_html(doc: &Document) -> Option<String> {
    let title = first_title(doc)?;
    let text = doc.text_content(title);
    let at = markup_start(&text)?;
    if text_outside(doc, title) {
        return None;
    }
    let (head, rest) = text.split_at(at);
    Some(format!(
        "<title>{}</title>{}",
        escape(head),
        escape_references(rest)
    ))
}

/// Where `needle` (ASCII) first occurs in `haystack`, ASCII case ignored; no copy of
/// the haystack, so a page with many raw-text elements stays linear.
fn find_ignoring_ascii_case(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .as_bytes()
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Elements whose content the parser reads as raw text (no character references);
/// `<noscript>` is not among them, as pith parses with scripting off.
const RAW_TEXT: &[&str] = &[
    "script",
    "style",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "plaintext",
];

/// `markup` with every `&` escaped except inside raw-text elements, whose content
/// the parser does not decode: the parse of the result has the text the first parse
/// decoded, character for character.
fn escape_references(markup: &str) -> String {
    let mut out = String::with_capacity(markup.len() + markup.len() / 16);
    let mut rest = markup;
    while let Some(at) = rest.find(['&', '<']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if rest.starts_with('&') {
            out.push_str("&amp;");
            rest = &rest[1..];
            continue;
        }
        let name: String = rest[1..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        let Some(&raw) = RAW_TEXT.iter().find(|&&t| t == name) else {
            out.push('<');
            rest = &rest[1..];
            continue;
        };
        // The start tag (its attributes escaped like text), then the content as it is,
        // up to the end tag (or the end: `plaintext` never ends).
        let tag_end = rest.find('>').map_or(rest.len(), |i| i + 1);
        out.push_str(&rest[..tag_end].replace('&', "&amp;"));
        rest = &rest[tag_end..];
        let close = format!("</{raw}");
        let end = if raw == "plaintext" {
            rest.len()
        } else {
            find_ignoring_ascii_case(rest, &close).unwrap_or(rest.len())
        };
        out.push_str(&rest[..end]);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[typetag::serde(name = "learn.recover_title")]
impl TreeStage for RecoverTitle {
    fn apply(&self, doc: &mut Document, diagnostics: &mut Diagnostics) -> Result<()> {
        if let Some(html) = recovered_html(doc) {
            *doc = parse_html_with(&html, &ParseLimits::default()).0;
            diagnostics.notes.push(
                "recover_title: the <title> never ended; its markup was read as the page".into(),
            );
        }
        Ok(())
    }

    fn ignores_content_of(&self) -> Vec<String> {
        // Their text never decides; a repaired page is parsed anew from the title's.
        NOT_TEXT.iter().map(|s| s.to_string()).collect()
    }

    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_core::dom::parse_html;

    fn recover(html: &str) -> Document {
        let mut doc = parse_html(html);
        RecoverTitle {}
            .apply(&mut doc, &mut Diagnostics::default())
            .unwrap();
        doc
    }

    #[test]
    fn an_unterminated_title_gives_its_markup_back() {
        let doc = recover(
            "<html><head><title>BBC SPORT library--> <script>var a = '<b>';</script>\
             </head><body><div><p>Fish &amp; chips &lt;3</p><p>Second</p></div></body></html>",
        );
        let title = first_title(&doc).unwrap();
        assert_eq!(doc.text_content(title), "BBC SPORT library--> ");
        let body = doc.body().unwrap();
        assert_eq!(doc.text_content(body), "Fish & chips <3Second");
        // The paragraphs are elements again.
        let ps = doc
            .descendants(body)
            .filter(|&n| doc.element_name(n) == Some("p"))
            .count();
        assert_eq!(ps, 2);
    }

    #[test]
    fn a_mangled_end_tag_is_recovered_too() {
        let doc = recover("<title id=t>Oil</titlevalue=\"true\" --><p>Prices rose.</p>");
        assert_eq!(doc.text_content(doc.body().unwrap()), "Prices rose.");
    }

    #[test]
    fn ordinary_pages_are_left_alone() {
        for html in [
            "<title>A < B and C</title><p>Text</p>",
            "<title>Plain</title><p>Text</p>",
            "<p>No title</p>",
            // Text outside the title: the page has a body, whatever the title says.
            "<title>x <b>y</b></title><p>Text</p>",
            "<title>Only a title",
            "",
        ] {
            let before = parse_html(html);
            let after = recover(html);
            assert_eq!(
                after.text_content(after.root()),
                before.text_content(before.root()),
                "{html}"
            );
            assert_eq!(recovered_html(&before), None, "{html}");
        }
    }

    #[test]
    fn script_text_outside_the_title_does_not_count() {
        // The parser may skip script content (decision 0006): the decision must not
        // depend on it.
        let html = "<script>var x = 1;</script><title>T <p>Story</p>";
        let doc = recover(html);
        assert_eq!(doc.text_content(doc.body().unwrap()), "Story");
        assert!(RecoverTitle {}
            .ignores_content_of()
            .contains(&"script".to_string()));
    }

    #[test]
    fn raw_text_is_not_escaped() {
        let doc = recover("<title>T <SCRIPT x='&amp;'>a &amp; b</script><p>x &amp;amp; y</p>");
        assert_eq!(doc.text_content(doc.root()), "T a & bx &amp; y");
    }

    #[test]
    fn raw_text_ends_at_its_end_tag_in_any_case() {
        let doc = recover("<title>T <style>a &amp; b</STYLE><p>c &amp;amp; d</p>");
        assert_eq!(doc.text_content(doc.body().unwrap()), "c &amp; d");
    }

    #[test]
    fn deep_pages_are_judged_in_one_walk() {
        // Text deep inside nested elements outside the title: a body, left alone.
        let deep = format!("{}<title>x <b>y</b>", "<div>".repeat(400) + "text");
        let before = parse_html(&deep);
        assert_eq!(recovered_html(&before), None);
        // Inside a skipped element the deep text does not count.
        let hidden = format!(
            "<body><noscript>{}x</noscript><title>T <p>Story</p>",
            "<i>".repeat(400)
        );
        let doc = recover(&hidden);
        assert_eq!(doc.text_content(doc.body().unwrap()), "Story");
    }

    #[test]
    fn recovering_twice_changes_nothing_more() {
        let once = recover("<title>T <div>a &amp;amp; b</div><p>c</p>");
        assert_eq!(recovered_html(&once), None);
        assert_eq!(once.text_content(once.body().unwrap()), "a &amp; bc");
    }
}
