//! Article metadata from JSON-LD: the schema.org structured data that many news and blog
//! pages give in `<script type="application/ld+json">` blocks, often instead of the
//! `<meta>` tags [`crate::read_metadata`] reads first.
//!
//! What is read: the first object (blocks in page order, each read depth first, an
//! `@graph` included) whose `@type` is an article's ([`ARTICLE_TYPES`], the types
//! trafilatura reads too), and from it `author` (a name, a person's or organisation's
//! `name`, or a list of them, joined with `; `), `datePublished`, `description` and its
//! `publisher`'s `name`. Each fills a field the `<meta>` tags left empty; a `<meta>` tag
//! is never overridden.
//!
//! Bounded whatever the page: a block longer than [`MAX_JSON_LD_BYTES`] is not read,
//! nor more than [`MAX_BLOCKS`] blocks, and `serde_json` refuses nesting deeper than
//! 128; a block that is not JSON is passed over.

use serde_json::Value;

use crate::metadata::{collapse_whitespace, is_url, PageMetadata};
use crate::tree::{Document, ElementNamespace, NodeData, NodeId};

/// The longest JSON-LD block read, in bytes (a few kilobytes is usual).
pub const MAX_JSON_LD_BYTES: usize = 1 << 20;

/// The most JSON-LD blocks read on one page.
const MAX_BLOCKS: usize = 32;

/// schema.org types of an article (lower case).
const ARTICLE_TYPES: &[&str] = &[
    "article",
    "analysisnewsarticle",
    "backgroundnewsarticle",
    "blogposting",
    "liveblogposting",
    "medicalscholarlyarticle",
    "newsarticle",
    "opinionnewsarticle",
    "reportagenewsarticle",
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
    for script in json_ld_scripts(doc).take(MAX_BLOCKS) {
        let text = doc.text_content(script);
        if text.len() > MAX_JSON_LD_BYTES {
            continue;
        }
        let Ok(data) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if let Some(article) = first_article(&data) {
            fill_from_article(article, meta);
            return;
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

fn fill_from_article(article: &serde_json::Map<String, Value>, meta: &mut PageMetadata) {
    if meta.author.is_none() {
        meta.author = article.get("author").and_then(names);
    }
    if meta.published.is_none() {
        meta.published = article.get("datePublished").and_then(text);
    }
    if meta.description.is_none() {
        meta.description = article.get("description").and_then(text);
    }
    if meta.site_name.is_none() {
        meta.site_name = article.get("publisher").and_then(names);
    }
}

/// A string's text, its whitespace runs made one space (`None` when blank or not a
/// string).
fn text(value: &Value) -> Option<String> {
    let text = collapse_whitespace(value.as_str()?);
    (!text.is_empty()).then_some(text)
}

/// The names a value gives: a string, an object's `name`, or a list of those, joined
/// with `; ` (each once; URLs, which some pages give for a profile, left out).
fn names(value: &Value) -> Option<String> {
    let items: Vec<&Value> = match value {
        Value::Array(items) => items.iter().collect(),
        one => vec![one],
    };
    let mut found: Vec<String> = Vec::new();
    for item in items {
        let name = match item {
            Value::Object(object) => object.get("name").and_then(text),
            other => text(other),
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
