//! What a page says about itself: its title and canonical URL, and the description,
//! site name, author and publication date of its `<meta>` tags, or else of its JSON-LD
//! article (`crate::json_ld`); when those give no date or no author, the date and the
//! byline its text shows ([`dated_in_text`], [`crate::bylined_in_text`]).
//!
//! Read from the tree as parsed, before any tree stage runs: `justext.clean` deletes
//! the whole `<head>`, so a reader after the stages would find nothing. The pipeline
//! keeps what this reads in the lean parse (the text of `<title>`, the attributes of
//! `<link>` and `<meta>`; decisions 0006, 0007 and 0009), so it works the same for
//! every preset.

use std::borrow::Cow;

use crate::tree::{Document, Edge, ElementNamespace, NodeData, NodeId};

/// What a page says about itself, as the page gives it (each value stripped and its
/// whitespace runs made one space; `None` when absent or blank).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageMetadata {
    /// The text of the first HTML `<title>` (as `document.title`).
    pub title: Option<String>,
    /// The `href` of the first `<link>` whose `rel` has the token `canonical` (ASCII
    /// case-insensitive), as written (possibly relative).
    pub canonical_href: Option<String>,
    /// The `href` of the first `<base>` that has one, as written (possibly relative):
    /// what the page's relative links are resolved against (Markdown's `--links`).
    /// Looked for where the canonical link is (the head and the head's kind of elements
    /// that open the body), not in the rest of the body.
    pub base_href: Option<String>,
    /// The page's summary: the first `<meta>` named `description`, `og:description`
    /// or `twitter:description`; else the JSON-LD article's `description`.
    pub description: Option<String>,
    /// The site's name: `og:site_name` or `application-name`; else the name of the
    /// JSON-LD article's `publisher`.
    pub site_name: Option<String>,
    /// The author: `author`, `article:author`, `dc.creator`, `parsely-author`,
    /// `sailthru.author` or `byl` (not a URL, as `article:author` often is); else the
    /// JSON-LD article's `author` names, joined with `; `. A byline's leading `By`
    /// (`By Jane Doe`, as `byl` gives it) is left out. Records' `author` is
    /// [`PageMetadata::author_or_byline`]: this, else the page's byline.
    pub author: Option<String>,
    /// When the page was published: `article:published_time`, `datePublished`,
    /// `pubdate`, `publishdate`, `date`, `dc.date`, `dc.date.issued`,
    /// `parsely-pub-date`, `sailthru.date` or `og:published_time`; else the JSON-LD
    /// article's `datePublished`. ISO 8601 as written (`2019-11-19T07:03:25+00:00`),
    /// another value that names a date as that date, `YYYY-MM-DD` (`November 19, 2019,
    /// 07:47 PM EST` is `2019-11-19`), else as written
    /// ([`standard_published`](crate::dates::standard_published)). A placeholder (a
    /// year below 1000, as `0001-01-01T00:00:00Z`) is no date.
    pub published: Option<String>,
    /// The date the page shows its readers, read only when `published` is `None`
    /// (`YYYY-MM-DD`): the first `<time datetime>` whose value starts with a date, else
    /// the first short text in the body that has one ([`dated_in_text`]). Records and
    /// Python's `published` take it when neither the page's tags nor its URLs give a
    /// date.
    pub dated_in_text: Option<String>,
    /// The author the page's first byline names, read only when `author` is `None`
    /// (`By Martha Ellison, Local Affairs Reporter` gives `Martha Ellison`;
    /// [`bylined_in_text`](crate::bylined_in_text)). Records and Python's `author` take
    /// it when the page's tags name no author.
    pub bylined_in_text: Option<String>,
}

impl PageMetadata {
    /// The page's author as records and Python's `author` give it: the tagged `author`,
    /// else the name its first byline gives (`bylined_in_text`).
    ///
    /// ```
    /// let doc = pith_dom::parse_html("<p>By Martha Ellison, Local Affairs Reporter</p>");
    /// let page = pith_dom::read_metadata(&doc);
    /// assert_eq!(page.author, None);
    /// assert_eq!(page.author_or_byline(), Some("Martha Ellison"));
    /// ```
    pub fn author_or_byline(&self) -> Option<&str> {
        self.author.as_deref().or(self.bylined_in_text.as_deref())
    }

    /// What the page's `<meta>` tags said, by the field names of corpus records
    /// (`description`, `site_name`, `author`, `published`), in that order.
    pub fn described(&self) -> [(&'static str, Option<&str>); 4] {
        [
            ("description", self.description.as_deref()),
            ("site_name", self.site_name.as_deref()),
            ("author", self.author.as_deref()),
            ("published", self.published.as_deref()),
        ]
    }
}

/// The elements the metadata reader reads attributes of (for the lean parse).
pub const METADATA_ATTRIBUTES_OF: &[&str] = &["link", "meta", "time", "base"];

/// The raw-text elements whose text the metadata reader needs (the lean parse must not
/// skip it).
pub const METADATA_TEXT_OF: &[&str] = &["title"];

/// Which field a `<meta>` tag's name (`name`, `property` or `itemprop`, lower-cased)
/// fills.
#[derive(Clone, Copy)]
enum MetaField {
    Description,
    SiteName,
    Author,
    Published,
}

fn meta_field(key: &str) -> Option<MetaField> {
    Some(match key {
        "description" | "og:description" | "twitter:description" => MetaField::Description,
        "og:site_name" | "application-name" => MetaField::SiteName,
        "author" | "article:author" | "dc.creator" | "parsely-author" | "sailthru.author"
        | "byl" => MetaField::Author,
        "article:published_time"
        | "datepublished"
        | "pubdate"
        | "publishdate"
        | "date"
        | "dc.date"
        | "dc.date.issued"
        | "parsely-pub-date"
        | "sailthru.date"
        | "og:published_time" => MetaField::Published,
        _ => return None,
    })
}

/// Reads what a parsed page says about itself: the first of each, from `<head>` and
/// the elements of the head's kind that open `<body>` (with scripting off, as pith
/// parses, an `<img>` inside a `<noscript>` in the head, a tracking pixel, ends the
/// head, and the `<meta>` and `<link>` elements after it land at the start of the
/// body). A page with no `<title>` there has the first one anywhere. Walks only the
/// head's elements, however long the page.
pub fn read_metadata(doc: &Document) -> PageMetadata {
    let mut meta = PageMetadata::default();
    let mut title = None;
    let html = doc.html_element();
    let head = html.and_then(|html| doc.child_element(html, "head"));
    let body_start = html
        .and_then(|html| doc.child_element(html, "body"))
        .into_iter()
        .flat_map(|body| doc.children(body))
        .take_while(|&id| match doc.data(id) {
            NodeData::Element(el) => HEAD_KIND.contains(&el.name()),
            NodeData::Text(text) => text.trim().is_empty(),
            _ => true, // comments
        });
    let heads: Vec<NodeId> = head.into_iter().chain(body_start).collect();
    for top in heads {
        for id in doc.descendants(top) {
            match html_name(doc, id) {
                Some("title") if title.is_none() => title = Some(id),
                Some("link") if meta.canonical_href.is_none() => {
                    meta.canonical_href = canonical_href(doc, id);
                }
                Some("meta") => read_meta_tag(doc, id, &mut meta),
                Some("base") if meta.base_href.is_none() => {
                    meta.base_href = (doc.element(id))
                        .and_then(|el| el.attr("href"))
                        .and_then(|href| non_blank(href.trim_matches(is_ascii_whitespace)));
                }
                _ => {}
            }
        }
    }
    if title.is_none() {
        title = doc
            .descendants(doc.root())
            .find(|&id| html_name(doc, id) == Some("title"));
    }
    meta.title = title.and_then(|id| non_blank(&collapse_whitespace(&doc.text_content(id))));
    crate::json_ld::fill_from_json_ld(doc, &mut meta);
    if let Some(published) = &mut meta.published {
        if let Cow::Owned(date) = crate::dates::standard_published(published) {
            *published = date;
        }
    }
    if meta.published.is_none() {
        meta.dated_in_text = dated_in_text(doc);
    }
    if let Some(author) = &mut meta.author {
        let name = without_by(author);
        if name.len() < author.len() {
            *author = name.to_owned();
        }
    } else {
        meta.bylined_in_text = crate::bylined_in_text(doc);
    }
    meta
}

/// An author as a byline writes it, less its leading `By` (ASCII case-insensitive,
/// then a colon, a space or a no-break space): `By TOM KRISHER, AP Auto Writer` is `TOM KRISHER, AP Auto
/// Writer`, the name a user filters on (16 % of the authors over the development
/// folders and the WARC samples began so, nearly all from the New York Times' and AP's
/// `byl` tag). The rest stays as written, case included (title-casing would spoil
/// `McDonald` and `van der Berg`); a value that is `By` alone stays whole. A kind of
/// piece before the `by` goes with it: `Analysis by Chris Cillizza` is `Chris Cillizza`.
pub(crate) fn without_by(author: &str) -> &str {
    let author_after_kind = PIECE_KINDS
        .iter()
        .find_map(|kind| {
            let head = author.get(..kind.len())?;
            let rest = author[kind.len()..].strip_prefix(' ')?;
            (head.eq_ignore_ascii_case(kind) && rest.len() > 2).then_some(rest)
        })
        .unwrap_or(author);
    match by_removed(author_after_kind) {
        name if name.len() < author_after_kind.len() => name,
        _ => author,
    }
}

/// The kinds of piece a byline may name before its `by` (`Analysis by …`).
const PIECE_KINDS: &[&str] = &[
    "analysis",
    "opinion",
    "commentary",
    "review",
    "story",
    "written",
    "posted",
    "words",
    "reported",
];

/// `author` less its leading `By` (see [`without_by`]).
fn by_removed(author: &str) -> &str {
    let Some(rest) = author
        .get(..2)
        .filter(|by| by.eq_ignore_ascii_case("by"))
        .map(|_| &author[2..])
    else {
        return author;
    };
    let Some(rest) = rest.strip_prefix([':', ' ', '\u{a0}']) else {
        return author;
    };
    match rest.trim_start_matches([':', ' ', '\u{a0}']) {
        "" => author,
        name => name,
    }
}

/// The longest text (in characters, whitespace runs counted as one) read for a date:
/// a dateline or a byline, not a paragraph that mentions a day.
const DATELINE_CHARS: usize = 80;

/// How many characters may come before a date in its text when no cue word does
/// (`Posted: `, `Last modified on `, a section's name).
const DATELINE_LEAD_CHARS: usize = 25;

/// Words that say the date after them is the page's (`Posted by X on July 15, 2012`).
const DATELINE_CUES: &[&str] = &["posted", "published", "on", "by", "date"];

/// Words that say the date after them is not the page's: a site's founding (`Since 1st
/// March, 1999`) or a copyright (`© 2012`).
const NOT_DATELINE_WORDS: &[&str] = &["since", "copyright", "founded", "established"];

/// Elements whose text is no part of what a reader sees as the page.
const UNSEEN: &[&str] = &[
    "head", "script", "style", "noscript", "template", "textarea", "select", "option", "title",
];

/// The date a page shows its readers: the first `<time datetime>` whose value starts
/// with a date (`2019-11-18T20:28:55+00:00`), else the first text in the page's body
/// of at most 80 characters that has a complete date ([`crate::dates`]) after at most
/// 25 other characters or after a cue word (`posted`, `published`, `on`, `by`, `date`),
/// and not after `since`, `copyright`, `founded`, `established` or `©`:
/// `Posted: 10.22.2012`, `Posted by Seth Godin on July 15, 2012`, `<h2
/// class="date">January 16, 2008</h2>`, not `Since 1st March, 1999`. The text of
/// scripts, styles, forms' fields and the head is not read.
///
/// How good it is, over the development pages that give a date in their `<meta>` tags,
/// JSON-LD or URL (504 of 1,587): where it finds one (466), it is that date on 79 %
/// of them and within a day of it on 86.5 % (trafilatura's date: 91 % within a day);
/// on the pages that give none it finds a date on 909 of 1,083 (docs/record-format.md,
/// `examples/page_metadata.rs`).
pub fn dated_in_text(doc: &Document) -> Option<String> {
    // One walk: a `<time>` anywhere wins, so the first dateline is only remembered.
    let mut inside_unseen = 0usize;
    let mut first_dateline = None;
    for edge in doc.traverse(doc.root()) {
        match edge {
            Edge::Open(id) if is_unseen(doc, id) => inside_unseen += 1,
            Edge::Close(id) if is_unseen(doc, id) => inside_unseen -= 1,
            Edge::Open(id) if inside_unseen == 0 => match doc.data(id) {
                NodeData::Element(el) if el.name() == "time" => {
                    let value = el.attr("datetime").map(str::trim);
                    if let Some(date) = value.and_then(crate::dates::iso_date_at_start) {
                        return Some(date);
                    }
                }
                NodeData::Text(text) if first_dateline.is_none() => {
                    first_dateline = dateline(text);
                }
                _ => {}
            },
            _ => {}
        }
    }
    first_dateline
}

/// Whether `id` is an element whose text a reader does not see ([`UNSEEN`]); the
/// readers of datelines and of bylines both skip them.
pub(crate) fn is_unseen(doc: &Document, id: NodeId) -> bool {
    html_name(doc, id).is_some_and(|name| UNSEEN.contains(&name))
}

/// The date of a dateline or byline text (see [`dated_in_text`]).
fn dateline(text: &str) -> Option<String> {
    // Most texts have no four digits in a row, so no year: they cost one byte scan.
    if !crate::dates::has_four_digits(text.as_bytes()) {
        return None;
    }
    let text = collapse_whitespace(text);
    if text.chars().count() > DATELINE_CHARS {
        return None;
    }
    let found = crate::dates::date_in_text(&text)?;
    let lead = &text[..found.start];
    let lead_words = || lead.split(|c: char| !c.is_alphanumeric());
    if lead.contains('©')
        || lead_words().any(|w| NOT_DATELINE_WORDS.iter().any(|n| w.eq_ignore_ascii_case(n)))
    {
        return None;
    }
    let cued = lead_words().any(|word| {
        DATELINE_CUES
            .iter()
            .any(|cue| word.eq_ignore_ascii_case(cue))
    });
    (lead.chars().count() <= DATELINE_LEAD_CHARS || cued).then_some(found.date)
}

/// The elements of a head (and of the tracking pixels around them) that may open the
/// body when the head ended early.
const HEAD_KIND: &[&str] = &[
    "meta", "link", "title", "noscript", "img", "script", "style", "base", "template",
];

/// Fills the field a `<meta name|property|itemprop=… content=…>` names, if it is empty.
fn read_meta_tag(doc: &Document, id: NodeId, meta: &mut PageMetadata) {
    let Some(el) = doc.element(id) else { return };
    let Some(content) = el.attr("content") else {
        return;
    };
    let keys = ["name", "property", "itemprop"].map(|a| el.attr(a));
    let Some(field) = keys
        .into_iter()
        .flatten()
        .find_map(|key| meta_field(&key.trim().to_ascii_lowercase()))
    else {
        return;
    };
    let slot = match field {
        MetaField::Description => &mut meta.description,
        MetaField::SiteName => &mut meta.site_name,
        MetaField::Author => &mut meta.author,
        MetaField::Published => &mut meta.published,
    };
    if slot.is_some() {
        return;
    }
    let value = collapse_whitespace(content);
    if matches!(field, MetaField::Author) && is_url(&value) {
        return;
    }
    if matches!(field, MetaField::Published) && is_placeholder_date(&value) {
        return;
    }
    *slot = non_blank(&value);
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

/// Whether a date is a placeholder: a year below 1000, as the `0001-01-01T00:00:00Z`
/// that some publishing systems write for "no date".
pub(crate) fn is_placeholder_date(date: &str) -> bool {
    let year: String = date.chars().take_while(char::is_ascii_digit).collect();
    year.len() == 4 && year.as_str() < "1000"
}

/// Whether a value is a web address (`article:author` often is one: a profile page).
pub(crate) fn is_url(value: &str) -> bool {
    value.starts_with("http://") || value.starts_with("https://")
}

/// Runs of ASCII whitespace become one space; leading and trailing ones go.
pub(crate) fn collapse_whitespace(text: &str) -> String {
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
    fn the_base_is_the_first_base_with_an_href() {
        let base = |html: &str| meta(html).base_href;
        assert_eq!(
            base("<base target=_top><base href=' /docs/ '><base href=/x/><p>a</p>").as_deref(),
            Some("/docs/")
        );
        assert_eq!(base("<base href=''><p>a</p>"), None);
        assert_eq!(base("<p>a</p><base href=/late/>"), None);
    }

    #[test]
    fn a_page_without_a_tagged_date_gives_the_date_its_text_shows() {
        let dated = |body: &str| meta(&format!("<title>t</title>{body}")).dated_in_text;
        for (body, date) in [
            (
                "<p>Posted by <a>Seth Godin</a> on July 15, 2012</p>",
                "2012-07-15",
            ),
            (
                "<h2 class=date>January 16, 2008</h2><p>Story.</p>",
                "2008-01-16",
            ),
            ("<h5>Posted: 10.22.2012</h5>", "2012-10-22"),
            ("<p>Published 11:11 PM EST Nov 19, 2019</p>", "2019-11-19"),
            (
                "<p>Menu</p><time datetime='2019-11-18T20:28:55+00:00'>Nov 18</time>",
                "2019-11-18",
            ),
            // A <time> comes before any text's date; one without a date does not count.
            (
                "<p>2001-01-01</p><time datetime=2019-11-18>x</time>",
                "2019-11-18",
            ),
            (
                "<time datetime=PT5M>5 min</time><p>2001-01-01</p>",
                "2001-01-01",
            ),
            // The lead before the date may be long only when a cue word is in it.
            (
                "<p>Written and then published on 3 March 2020</p>",
                "2020-03-03",
            ),
        ] {
            assert_eq!(dated(body).as_deref(), Some(date), "{body}");
        }
        for body in [
            "<p>A long paragraph that happens to say that on July 15, 2012 something happened \
             somewhere, and then goes on for a while.</p>",
            "<p>Twenty-six characters lead 2012-07-15</p>",
            "<script>var d = '2012-07-15';</script><p>No date.</p>",
            "<select><option>2012-07-15</option></select>",
            "<p>January 2008</p>",
            // A site's founding or a copyright is not the page's date.
            "<p>Since 1st March, 1999</p>",
            "<p>© 2012-01-05 The Courier</p>",
            "<p>Copyright 01.05.2012</p>",
        ] {
            assert_eq!(dated(body), None, "{body}");
        }
        // Read only when the tags give no date.
        let tagged = meta("<meta name=date content=2020-01-01><body><p>Posted: 2012-07-15</p>");
        assert_eq!(tagged.published.as_deref(), Some("2020-01-01"));
        assert_eq!(tagged.dated_in_text, None);
    }

    #[test]
    fn a_bylines_by_is_left_out() {
        for (written, name) in [
            (
                "By TOM KRISHER, AP Auto Writer",
                "TOM KRISHER, AP Auto Writer",
            ),
            ("by Jane Doe", "Jane Doe"),
            ("BY: Jane Doe", "Jane Doe"),
            ("By\u{a0}Jane Doe", "Jane Doe"),
            ("Byron Smith", "Byron Smith"),
            ("By", "By"),
            ("By :", "By :"),
            ("Jane Doe", "Jane Doe"),
            ("Bé Li", "Bé Li"),
            (
                "Analysis by Chris Cillizza, CNN Editor-at-large",
                "Chris Cillizza, CNN Editor-at-large",
            ),
            ("Written By: Jane Doe", "Jane Doe"),
            ("Review Board", "Review Board"),
            ("Opinion", "Opinion"),
            ("", ""),
        ] {
            assert_eq!(without_by(written), name, "{written:?}");
        }
        let m = meta("<meta name=byl content='By  SCOTT SHANE'>");
        assert_eq!(m.author.as_deref(), Some("SCOTT SHANE"));
        let ld = r#"<script type="application/ld+json">
            {"@type": "NewsArticle", "author": {"name": "By Ana Swanson"}}</script>"#;
        assert_eq!(meta(ld).author.as_deref(), Some("Ana Swanson"));
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
    fn meta_tags_give_description_site_author_and_date() {
        let m = meta(
            "<html><head><meta charset=utf-8>\
             <meta property='og:description' content=' An   article. '>\
             <meta name=description content='Not this: og came first.'>\
             <meta property=og:site_name content='The Valley Courier'>\
             <meta property=article:author content='https://facebook.com/jane'>\
             <meta name=AUTHOR content='Jane Doe'>\
             <meta property=article:published_time content=2024-03-14T08:00:00Z>\
             <meta name=keywords content='a, b'><title>T</title></head><body></body>",
        );
        assert_eq!(m.description.as_deref(), Some("An article."));
        assert_eq!(m.site_name.as_deref(), Some("The Valley Courier"));
        assert_eq!(m.author.as_deref(), Some("Jane Doe"));
        assert_eq!(m.published.as_deref(), Some("2024-03-14T08:00:00Z"));
        let m = meta("<meta itemprop=datePublished content=2020-01-02><p>x</p>");
        assert_eq!(m.published.as_deref(), Some("2020-01-02"));
        assert_eq!((m.description, m.author, m.site_name), (None, None, None));
    }

    #[test]
    fn a_date_written_in_words_is_given_as_iso_8601() {
        let m = meta(
            "<meta name=pubdate content='November 19, 2019, 07:47 PM EST'>\
             <p>Posted on 3 March 2020</p>",
        );
        assert_eq!(m.published.as_deref(), Some("2019-11-19"));
        assert_eq!(m.dated_in_text, None, "a tagged date: the text is not read");
        let ld = meta(
            "<script type=application/ld+json>\
             {\"@type\": \"NewsArticle\", \"datePublished\": \"Tue, 06 Nov 2012 11:30:13 -0800\"}\
             </script><p>x</p>",
        );
        assert_eq!(ld.published.as_deref(), Some("2012-11-06"));
        let unread = meta("<meta name=date content='Nov 2019'><p>x</p>");
        assert_eq!(unread.published.as_deref(), Some("Nov 2019"));
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
