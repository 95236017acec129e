//! Article metadata from JSON-LD: the schema.org structured data that many news and blog
//! pages give in `<script type="application/ld+json">` blocks, often instead of the
//! `<meta>` tags [`crate::read_metadata`] reads first.
//!
//! What is read: the first object (blocks in page order, each read depth first, an
//! `@graph` included) whose `@type` is an article's ([`ARTICLE_TYPES`]: schema.org's
//! `Article` and every type below it), and from it `author` (a name, a person's or
//! organisation's `name` or `givenName` and `familyName`, or a list of them, joined
//! with `; `; a `{"@id": …}` reference is looked up among the page's nodes, as
//! WordPress's SEO plugins write it), `datePublished` (not a placeholder such as
//! `0001-01-01`), `description` and its `publisher`'s name. Values have their character
//! references decoded (`&amp;`: the blocks are written by HTML templates) and their
//! control characters left out. Each fills a field the `<meta>` tags left empty; a
//! `<meta>` tag is never overridden.
//!
//! Blocks are read leniently, as crawlers' JSON-LD readers do: a raw line break inside
//! a string, a trailing comma, `//` and `/* */` comments, and `<!-- -->` or CDATA
//! markers around the block do not lose it. Bounded whatever the page: a block longer
//! than [`MAX_JSON_LD_BYTES`] is not read, nor more than [`MAX_BLOCKS`] blocks, and
//! `serde_json` refuses nesting deeper than 128; a block that is still not JSON is
//! passed over.

use std::collections::HashMap;

use serde_json::Value;

use crate::metadata::{collapse_whitespace, is_placeholder_date, is_url, PageMetadata};
use crate::tree::{Document, ElementNamespace, NodeData, NodeId};

/// The longest JSON-LD block read, in bytes (a few kilobytes is usual).
pub const MAX_JSON_LD_BYTES: usize = 1 << 20;

/// The most JSON-LD blocks read on one page.
const MAX_BLOCKS: usize = 32;

/// schema.org types of an article (lower case): `Article` and every type below it.
const ARTICLE_TYPES: &[&str] = &[
    "article",
    "advertisercontentarticle",
    "analysisnewsarticle",
    "apireference",
    "askpublicnewsarticle",
    "backgroundnewsarticle",
    "blogposting",
    "discussionforumposting",
    "liveblogposting",
    "medicalscholarlyarticle",
    "newsarticle",
    "opinionnewsarticle",
    "report",
    "reportagenewsarticle",
    "reviewnewsarticle",
    "satiricalarticle",
    "scholarlyarticle",
    "socialmediaposting",
    "techarticle",
];

/// Whether a `<script>`'s `type` says JSON-LD (ASCII case and surrounding whitespace
/// ignored).
pub(crate) fn is_json_ld_type(type_attr: &str) -> bool {
    type_attr
        .trim_matches(|c: char| c.is_ascii_whitespace())
        .eq_ignore_ascii_case("application/ld+json")
}

/// Fills the fields of `meta` that are still empty from the page's first JSON-LD
/// article.
pub(crate) fn fill_from_json_ld(doc: &Document, meta: &mut PageMetadata) {
    let wanted = [
        &meta.author,
        &meta.published,
        &meta.description,
        &meta.site_name,
    ];
    if wanted.iter().all(|field| field.is_some()) {
        return;
    }
    let blocks: Vec<Value> = json_ld_scripts(doc)
        .take(MAX_BLOCKS)
        .filter_map(|script| parse_block(&doc.text_content(script)))
        .collect();
    let Some(article) = blocks.iter().find_map(first_article) else {
        return;
    };
    let nodes = Nodes::of(&blocks);
    fill_from_article(article, &nodes, meta);
}

/// A block's JSON, read leniently as browsers' and crawlers' JSON-LD readers do: raw
/// control characters (a line break inside a string) read as spaces, and the HTML
/// comment or CDATA markers some pages wrap a block in, a byte order mark, script
/// comments and trailing commas are passed over. `None` when it is longer than
/// [`MAX_JSON_LD_BYTES`] or still not JSON.
fn parse_block(text: &str) -> Option<Value> {
    if text.len() > MAX_JSON_LD_BYTES {
        return None;
    }
    let mut text = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    for (open, close) in [("<!--", "-->"), ("<![CDATA[", "]]>")] {
        // As written bare, or after `//` (a script comment, `//<![CDATA[`).
        let commented = text.strip_prefix("//").map(str::trim_start);
        if let Some(inner) = text
            .strip_prefix(open)
            .or(commented.and_then(|t| t.strip_prefix(open)))
        {
            let inner = inner.trim_end();
            let inner = inner.strip_suffix(close).unwrap_or(inner).trim_end();
            text = inner.strip_suffix("//").unwrap_or(inner).trim();
        }
    }
    serde_json::from_str(&lenient_json(text)).ok()
}

/// `text` with its raw control characters as spaces, a lone UTF-16 surrogate escape
/// (`\ud83d` of an emoji cut in half by a truncated description) as U+FFFD, and, outside
/// strings, its script comments (`// …` to the end of the line, `/* … */`: templates
/// annotate their blocks so) as one space and its trailing commas (a `,` before a `}` or
/// `]`) left out.
fn lenient_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if !in_string && c == '/' && skip_comment(&mut chars) {
            out.push(' ');
            continue;
        }
        if c < ' ' {
            out.push(' ');
            continue;
        }
        if in_string {
            match (escaped, c) {
                (true, 'u') => {
                    escaped = false;
                    out.push_str(&escape_keeping_pairs(&mut chars));
                    continue;
                }
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            out.push(c);
            continue;
        }
        if c == ',' && matches!(next_significant(chars.clone()), Some('}' | ']')) {
            continue;
        }
        in_string = c == '"';
        out.push(c);
    }
    out
}

/// When `chars` (just after a `/` outside strings) starts a script comment: takes it,
/// up to and with its end (a line break, `*/`, or the end of the text), and says so.
/// Otherwise takes nothing: the `/` is not a comment's (JSON has none outside strings,
/// so the block is not JSON and `serde_json` will refuse it).
fn skip_comment(chars: &mut std::str::Chars<'_>) -> bool {
    let rest = chars.as_str();
    if let Some(line) = rest.strip_prefix('/') {
        let end = line.find(['\n', '\r']).map_or(line.len(), |at| at + 1);
        *chars = line[end..].chars();
        true
    } else if let Some(comment) = rest.strip_prefix('*') {
        let end = comment.find("*/").map_or(comment.len(), |at| at + 2);
        *chars = comment[end..].chars();
        true
    } else {
        false
    }
}

/// The first character of `chars` that is neither whitespace nor in a script comment
/// (outside strings).
fn next_significant(mut chars: std::str::Chars<'_>) -> Option<char> {
    loop {
        let c = chars.find(|c| !c.is_whitespace())?;
        if c != '/' || !skip_comment(&mut chars) {
            return Some(c);
        }
    }
}

/// The rest of a `\u` escape whose `u` was just read from `chars`: as written (a
/// surrogate pair whole, both escapes), or `uFFFD` in place of a surrogate that is not
/// half of a pair (which `serde_json` refuses, and with it the whole block). What it
/// gives back is taken from `chars`, but the `u` of a plain escape, whose digits follow.
fn escape_keeping_pairs(chars: &mut std::str::Chars<'_>) -> std::borrow::Cow<'static, str> {
    let digits = |s: &str| {
        s.get(..4)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|d| u16::from_str_radix(d, 16).ok())
    };
    let rest = chars.as_str();
    let Some(unit) = digits(rest) else {
        return "u".into();
    };
    let pair = (0xD800..=0xDBFF).contains(&unit)
        && rest[4..]
            .strip_prefix("\\u")
            .and_then(digits)
            .is_some_and(|next| (0xDC00..=0xDFFF).contains(&next));
    if pair {
        // `XXXX\uYYYY`: ten characters, all ASCII.
        let whole = format!("u{}", &rest[..10]);
        chars.nth(9);
        return whole.into();
    }
    if (0xD800..=0xDFFF).contains(&unit) {
        chars.nth(3);
        return "uFFFD".into();
    }
    "u".into()
}

/// The objects of the page's JSON-LD that have an `@id`, by it: an article often names
/// its author and publisher by `@id` only (`{"@id": "…#/schema/person/1"}`), the nodes
/// themselves elsewhere in the `@graph`.
struct Nodes<'a> {
    by_id: HashMap<&'a str, &'a serde_json::Map<String, Value>>,
}

impl<'a> Nodes<'a> {
    fn of(blocks: &'a [Value]) -> Nodes<'a> {
        let mut by_id = HashMap::new();
        let mut stack: Vec<&Value> = blocks.iter().collect();
        while let Some(value) = stack.pop() {
            match value {
                Value::Object(object) => {
                    let is_node = object.len() > 1;
                    if let Some(id) = object.get("@id").and_then(Value::as_str) {
                        if is_node {
                            by_id.entry(id).or_insert(object);
                        }
                    }
                    stack.extend(object.values());
                }
                Value::Array(items) => stack.extend(items),
                _ => {}
            }
        }
        Nodes { by_id }
    }

    /// The object itself, or the node it names when it is only a reference.
    fn resolve(
        &self,
        object: &'a serde_json::Map<String, Value>,
    ) -> &'a serde_json::Map<String, Value> {
        match (object.len(), object.get("@id").and_then(Value::as_str)) {
            (1, Some(id)) => self.by_id.get(id).copied().unwrap_or(object),
            _ => object,
        }
    }
}

/// The page's JSON-LD `<script>` elements in the tree, in the order they were parsed.
fn json_ld_scripts(doc: &Document) -> impl Iterator<Item = NodeId> + '_ {
    (0..doc.arena_len())
        .map(NodeId::at)
        .filter(move |&id| match doc.data(id) {
            NodeData::Element(el) => {
                el.name() == "script"
                    && el.namespace() == ElementNamespace::Html
                    && el.attr("type").is_some_and(is_json_ld_type)
            }
            _ => false,
        })
        .filter(move |&id| in_tree(doc, id))
}

/// Whether the node hangs from the document (the tree builder may have detached it).
fn in_tree(doc: &Document, id: NodeId) -> bool {
    let mut at = id;
    while let Some(parent) = doc.parent(at) {
        at = parent;
    }
    at == doc.root()
}

/// The first object, depth first, whose `@type` names an article.
fn first_article(data: &Value) -> Option<&serde_json::Map<String, Value>> {
    let mut stack = vec![data];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(object) => {
                if object.get("@type").is_some_and(is_article_type) {
                    return Some(object);
                }
                stack.extend(object.values().rev());
            }
            Value::Array(items) => stack.extend(items.iter().rev()),
            _ => {}
        }
    }
    None
}

/// Whether an `@type` (a name, a URL such as `https://schema.org/NewsArticle`, or a
/// list of them) names an article.
fn is_article_type(types: &Value) -> bool {
    let names: Vec<&str> = match types {
        Value::String(name) => vec![name],
        Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    names.iter().any(|name| {
        let name = name.rsplit('/').next().unwrap_or(name);
        ARTICLE_TYPES.iter().any(|t| t.eq_ignore_ascii_case(name))
    })
}

fn fill_from_article(
    article: &serde_json::Map<String, Value>,
    nodes: &Nodes,
    meta: &mut PageMetadata,
) {
    if meta.author.is_none() {
        meta.author = article.get("author").and_then(|v| names(v, nodes));
    }
    if meta.published.is_none() {
        meta.published = article
            .get("datePublished")
            .and_then(first_text)
            .filter(|date| !is_placeholder_date(date));
    }
    if meta.description.is_none() {
        meta.description = article.get("description").and_then(first_text);
    }
    if meta.site_name.is_none() {
        meta.site_name = article.get("publisher").and_then(|v| names(v, nodes));
    }
}

/// A value's text: a string, the first string of a list, or a typed value's (`{"@value":
/// …}`); character references
/// decoded (JSON-LD is written by HTML templates, `&amp;` and all), control characters
/// left out and whitespace runs made one space. `None` when blank.
fn first_text(value: &Value) -> Option<String> {
    let raw = match value {
        Value::String(s) => s.as_str(),
        Value::Array(items) => items.iter().find_map(Value::as_str)?,
        Value::Object(object) => object.get("@value")?.as_str()?,
        _ => return None,
    };
    let decoded = decode_character_references(raw);
    let clean: String = decoded
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let text = collapse_whitespace(&clean);
    (!text.is_empty()).then_some(text)
}

/// `text` with its character references (`&amp;`, `&#233;`, …) decoded as HTML decodes
/// them in text, by html5ever's own tokenizer: the text is parsed as a paragraph's
/// content, its `<` written as `&lt;` so that nothing in it reads as markup.
fn decode_character_references(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('&') {
        return text.into();
    }
    let doc = crate::parse_html(&format!("<p>{}", text.replace('<', "&lt;")));
    let body = doc.body().unwrap_or(doc.root());
    doc.text_content(body).into()
}

/// A person's or organisation's name: its `name` (or the first of a list of them), else
/// its `givenName` and `familyName`.
fn name_of(object: &serde_json::Map<String, Value>) -> Option<String> {
    object.get("name").and_then(first_text).or_else(|| {
        let parts: Vec<String> = ["givenName", "familyName"]
            .iter()
            .filter_map(|key| object.get(*key).and_then(first_text))
            .collect();
        (!parts.is_empty()).then(|| parts.join(" "))
    })
}

/// The names a value gives: a string, an object's name (the node an `@id` reference
/// names), or a list of those, joined with `; ` (each once; URLs, which some pages give
/// for a profile, left out).
fn names(value: &Value, nodes: &Nodes) -> Option<String> {
    let items: Vec<&Value> = match value {
        Value::Array(items) => items.iter().collect(),
        one => vec![one],
    };
    let mut found: Vec<String> = Vec::new();
    for item in items {
        let name = match item {
            Value::Object(object) => name_of(nodes.resolve(object)),
            other => first_text(other),
        };
        if let Some(name) = name.filter(|n| !is_url(n) && !found.contains(n)) {
            found.push(name);
        }
    }
    (!found.is_empty()).then(|| found.join("; "))
}

#[cfg(test)]
mod tests {
    use crate::{parse_html, read_metadata, Omit, ParseLimits};

    const ARTICLE: &str = r#"<html><head><title>T</title>
        <script type="application/ld+json">{"@context": "https://schema.org",
          "@graph": [{"@type": "WebSite", "name": "Not the publisher"},
            {"@type": ["NewsArticle"], "headline": "H",
             "author": [{"@type": "Person", "name": " Jane  Doe "},
                        {"@type": "Person", "name": "https://e.com/jd"},
                        "Bo Li", "Jane Doe"],
             "datePublished": "2024-03-14T08:00:00Z",
             "description": "What happened.",
             "publisher": {"@type": "Organization", "name": "The Courier"}}]}
        </script></head><body><p>x</p></body></html>"#;

    #[test]
    fn an_article_gives_author_date_description_and_publisher() {
        let m = read_metadata(&parse_html(ARTICLE));
        assert_eq!(m.author.as_deref(), Some("Jane Doe; Bo Li"));
        assert_eq!(m.published.as_deref(), Some("2024-03-14T08:00:00Z"));
        assert_eq!(m.description.as_deref(), Some("What happened."));
        assert_eq!(m.site_name.as_deref(), Some("The Courier"));
    }

    #[test]
    fn the_lean_parse_keeps_json_ld_but_skips_other_scripts() {
        let omit = Omit {
            content_of: vec!["script".into()],
            attributes_except_on: Some(Vec::new()),
            ..Omit::default()
        };
        let html = ARTICLE.replace("<p>x</p>", "<script>var a = 1;</script><p>x</p>");
        let (doc, _) = crate::parse_html_omitting(&html, &ParseLimits::default(), &omit);
        let m = read_metadata(&doc);
        assert_eq!(m.author.as_deref(), Some("Jane Doe; Bo Li"));
        assert!(!doc.text_content(doc.root()).contains("var a"));
    }

    #[test]
    fn meta_tags_come_first_and_other_types_are_not_articles() {
        let html = ARTICLE.replace(
            "<title>T</title>",
            "<title>T</title><meta name=author content='Meta Author'>",
        );
        let m = read_metadata(&parse_html(&html));
        assert_eq!(m.author.as_deref(), Some("Meta Author"));
        assert_eq!(m.site_name.as_deref(), Some("The Courier"));
        let recipe = r#"<script type=" Application/LD+JSON ">{"@type": "Recipe",
            "author": "Cook"}</script><script type="application/ld+json">
            {"@type": "https://schema.org/BlogPosting", "author": {"name": "Blogger"}}
            </script>"#;
        assert_eq!(
            read_metadata(&parse_html(recipe)).author.as_deref(),
            Some("Blogger")
        );
    }

    /// What the audit of 2026-11-27 found on real pages: raw line breaks in strings,
    /// `@id` references (Yoast's `@graph`), character references, placeholder dates,
    /// forum posts, names in parts, trailing commas and comment markers.
    #[test]
    fn real_pages_shapes_are_read() {
        let graph = r##"<script type="application/ld+json">{"@context":"https://schema.org",
            "@graph":[{"@type":"Article","@id":"https://e.com/a#article",
              "author":{"@id":"https://e.com/#/schema/person/1"},
              "publisher":{"@id":"https://e.com/#org"},
              "datePublished":"0001-01-01T00:00:00Z",
              "description":"Line one
line two &amp; AT&amp;T &#163;5"},
             {"@type":"Person","@id":"https://e.com/#/schema/person/1","name":"Lewis White"},
             {"@type":"Organization","@id":"https://e.com/#org","name":"Ex &amp; Org"}]}
            </script>"##;
        let m = read_metadata(&parse_html(graph));
        assert_eq!(m.author.as_deref(), Some("Lewis White"));
        assert_eq!(m.site_name.as_deref(), Some("Ex & Org"));
        assert_eq!(m.published, None);
        assert_eq!(
            m.description.as_deref(),
            Some("Line one line two & AT&T \u{a3}5")
        );
        let forum = r#"<script type="application/ld+json"><!--
            {"@type":"DiscussionForumPosting","author":{"givenName":"Ada","familyName":"Li",},
             "datePublished":["2020-05-06"],}
            --></script>"#;
        let m = read_metadata(&parse_html(forum));
        assert_eq!(m.author.as_deref(), Some("Ada Li"));
        assert_eq!(m.published.as_deref(), Some("2020-05-06"));
        let cdata = "<script type=application/ld+json>//<![CDATA[\n{\"@type\":\"Article\",\
            \"datePublished\":{\"@type\":\"Date\",\"@value\":\"2024-09-09\"}}\n//]]></script>";
        let m = read_metadata(&parse_html(cdata));
        assert_eq!(m.published.as_deref(), Some("2024-09-09"));
        // An emoji cut in half by a truncated description loses nothing else; a whole
        // one, and an escaped backslash before a `u`, stay as written.
        let cut = r#"<script type="application/ld+json">{"@type":"Article","author":"Ann",
            "description":"Tea \ud83d\ude00 and \\ud83d cake \ud83d"}</script>"#;
        let m = read_metadata(&parse_html(cut));
        assert_eq!(m.author.as_deref(), Some("Ann"));
        assert_eq!(
            m.description.as_deref(),
            Some("Tea \u{1f600} and \\ud83d cake \u{fffd}")
        );
        // Script comments outside strings are passed over, also before a trailing
        // comma's closing brace; a `//` inside a string (a URL) is text.
        let commented = "<script type=application/ld+json>{\n// the article\n\
            \"@type\": /* schema.org */ \"NewsArticle\", \"url\": \"https://a.example/b\",\n\
            \"author\": \"Jo // Ed\", // the byline\n} // end</script>";
        let m = read_metadata(&parse_html(commented));
        assert_eq!(m.author.as_deref(), Some("Jo // Ed"));
        let unclosed = r#"<script type="application/ld+json">{"@type":"Article","author":"Al"} /* end</script>"#;
        assert_eq!(
            read_metadata(&parse_html(unclosed)).author.as_deref(),
            Some("Al")
        );
        let nul = r#"<script type="application/ld+json">{"@type":"Article","author":"A\u0000B"}</script>"#;
        assert_eq!(
            read_metadata(&parse_html(nul)).author.as_deref(),
            Some("A B")
        );
    }

    #[test]
    fn broken_or_oversized_json_is_passed_over() {
        let broken = r#"<script type="application/ld+json">{"@type": "Article", </script>
            <script type="application/ld+json">{"@type": "Article", "author": "Ok"}</script>"#;
        assert_eq!(
            read_metadata(&parse_html(broken)).author.as_deref(),
            Some("Ok")
        );
        let padding = " ".repeat(super::MAX_JSON_LD_BYTES);
        let big = format!(
            r#"<script type="application/ld+json">{{"@type": "Article", "author": "Big"{padding}}}</script>"#
        );
        assert_eq!(read_metadata(&parse_html(&big)).author, None);
    }
}
