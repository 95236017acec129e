//! `declutter.purify`: the third phase of Beer's declutter, a flattening allow-list
//! filter applied before output.
//!
//! `tags` maps every approved element to its approved attributes. An element that is
//! not approved is replaced by its children (flattened), so all text is kept; the
//! elements in `remove` are the exception: they are deleted with their content, because
//! the text of a `<script>` or `<style>` is not text of the page. Comments and
//! processing instructions are dropped. Of an approved element only approved attributes
//! stay, and never one that could carry script: `on*` event handlers are dropped even
//! if listed, and a URL attribute (`href`, `src`, `action`, `cite`, …) whose scheme —
//! after removing whitespace and control characters, as browsers do — is not in
//! `url_schemes` is dropped (so `javascript:`, `vbscript:` and `data:` URLs never survive
//! with the defaults). Only HTML-namespace elements are approved: SVG and MathML are
//! flattened.
//!
//! ```
//! # use pith_declutter::Purify;
//! let stage: Purify = serde_json::from_str(r#"{"tags": {"p": [], "a": ["href"]}}"#).unwrap();
//! assert_eq!(stage.url_schemes, ["http", "https", "mailto"]);
//! ```

use std::collections::BTreeMap;

use pith_core::{Diagnostics, Result, TreeStage};
use pith_dom::{Document, ElementNamespace, NodeData, NodeId, TagNames};
use serde::{Deserialize, Serialize};

/// The approved tags and their approved attributes by default.
pub const APPROVED: &[(&str, &[&str])] = &[
    ("html", &[]),
    ("head", &[]),
    ("title", &[]),
    ("body", &[]),
    ("h1", &[]),
    ("h2", &[]),
    ("h3", &[]),
    ("h4", &[]),
    ("h5", &[]),
    ("h6", &[]),
    ("p", &[]),
    ("br", &[]),
    ("hr", &[]),
    ("blockquote", &[]),
    ("pre", &[]),
    ("code", &[]),
    ("ul", &[]),
    // A list's first number and a cell's spans: without them the purified page and
    // its Markdown renumber `<ol start="3">` from 1 and shift a row's cells.
    ("ol", &["start"]),
    ("li", &[]),
    ("dl", &[]),
    ("dt", &[]),
    ("dd", &[]),
    ("table", &[]),
    ("caption", &[]),
    ("thead", &[]),
    ("tbody", &[]),
    ("tfoot", &[]),
    ("tr", &[]),
    ("th", &["colspan", "rowspan"]),
    ("td", &["colspan", "rowspan"]),
    ("em", &[]),
    ("strong", &[]),
    ("b", &[]),
    ("i", &[]),
    ("u", &[]),
    ("sub", &[]),
    ("sup", &[]),
    ("a", &["href"]),
    ("img", &["src", "alt"]),
    // The structural elements at which shake decides: kept (with `class` and `id` only)
    // so that the purified page, run through declutter again, is judged at the same
    // places and comes out the same.
    ("div", &[]),
    ("section", &[]),
    ("article", &[]),
    ("aside", &[]),
    ("header", &[]),
    ("footer", &[]),
    ("nav", &[]),
    ("main", &[]),
    ("figure", &[]),
    ("center", &[]),
    ("form", &[]),
];

/// Elements deleted with their content by default.
pub const REMOVE: &[&str] = &["script", "style"];

/// URL schemes allowed in URL attributes by default (relative URLs are always allowed).
pub const URL_SCHEMES: &[&str] = &["http", "https", "mailto"];

/// Attributes whose value is a URL (checked against `url_schemes`).
pub const URL_ATTRIBUTES: &[&str] = &[
    "href",
    "src",
    "action",
    "formaction",
    "cite",
    "background",
    "poster",
    "longdesc",
    "usemap",
    "codebase",
    "data",
    "manifest",
    "srcset",
    "xlink:href",
    "ping",
    "lowsrc",
    "dynsrc",
];

/// The purify phase. Fields and defaults: `tags` ([`APPROVED`]), `remove` ([`REMOVE`]),
/// `url_schemes` ([`URL_SCHEMES`]), `global_attributes` (`class`, `id`).
///
/// `class` and `id` are kept on approved elements by default because prune and shake
/// read them (poison and bless words): a purified page run through declutter again then
/// comes out the same (the pipeline is idempotent), with one exception: a bless word on
/// an element purify flattens (`<span class="byline">`) is gone on the second run, so
/// what only that blessing kept may then be shaken out. Set `global_attributes` to `[]`
/// for the barest markup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Purify {
    /// Approved elements, each with its approved attributes.
    #[serde(default = "default_tags")]
    pub tags: BTreeMap<String, Vec<String>>,
    /// Elements deleted with their content instead of flattened.
    #[serde(default = "default_remove")]
    pub remove: TagNames,
    /// Schemes allowed in URL attributes.
    #[serde(default = "default_url_schemes")]
    pub url_schemes: Vec<String>,
    /// Attributes approved on every approved element.
    #[serde(default = "default_global_attributes")]
    pub global_attributes: Vec<String>,
}

fn default_global_attributes() -> Vec<String> {
    vec!["class".to_owned(), "id".to_owned()]
}

fn default_tags() -> BTreeMap<String, Vec<String>> {
    APPROVED
        .iter()
        .map(|(t, a)| (t.to_string(), a.iter().map(|s| s.to_string()).collect()))
        .collect()
}
fn default_remove() -> TagNames {
    TagNames::from(REMOVE)
}
fn default_url_schemes() -> Vec<String> {
    URL_SCHEMES.iter().map(|s| s.to_string()).collect()
}

impl Default for Purify {
    fn default() -> Self {
        Purify {
            tags: default_tags(),
            remove: default_remove(),
            url_schemes: default_url_schemes(),
            global_attributes: default_global_attributes(),
        }
    }
}

/// The scheme of a URL as a browser would see it (ASCII whitespace and control
/// characters removed, lower case), or `None` for a relative URL.
pub fn url_scheme(value: &str) -> Option<String> {
    let cleaned: String = value
        .chars()
        .filter(|c| !(c.is_ascii_whitespace() || c.is_control() || *c == '\u{0}'))
        .collect();
    let colon = cleaned.find(':')?;
    let before = &cleaned[..colon];
    if before.contains(['/', '?', '#']) {
        return None;
    }
    Some(before.to_ascii_lowercase())
}

impl Purify {
    /// Whether attribute `name=value` may stay on an element whose approved attributes
    /// are `approved`.
    pub fn attribute_allowed(&self, approved: &[String], name: &str, value: &str) -> bool {
        // Bytes, not a str slice: attribute names may start with a multi-byte character.
        if name
            .as_bytes()
            .get(..2)
            .is_some_and(|b| b.eq_ignore_ascii_case(b"on"))
        {
            return false;
        }
        if !approved
            .iter()
            .chain(&self.global_attributes)
            .any(|a| a == name)
        {
            return false;
        }
        if URL_ATTRIBUTES.contains(&name.to_ascii_lowercase().as_str()) {
            if let Some(scheme) = url_scheme(value) {
                return self
                    .url_schemes
                    .iter()
                    .any(|s| s.eq_ignore_ascii_case(&scheme));
            }
        }
        true
    }

    /// Purifies `doc` in place.
    pub fn purify(&self, doc: &mut Document) {
        let root = doc.root();
        let mut removals: Vec<NodeId> = Vec::new();
        let mut flatten: Vec<NodeId> = Vec::new();
        let mut cur = doc.first_child(root);
        while let Some(id) = cur {
            let mut descend = true;
            match doc.data(id) {
                NodeData::Comment(_) | NodeData::ProcessingInstruction { .. } => {
                    removals.push(id);
                    descend = false;
                }
                NodeData::Element(el) => {
                    let html = el.namespace() == ElementNamespace::Html;
                    let name = el.name();
                    if html && el.is_named_in(&self.remove) {
                        removals.push(id);
                        descend = false;
                    } else if !html || !self.tags.contains_key(name) {
                        flatten.push(id);
                    }
                }
                _ => {}
            }
            cur = match (descend, doc.first_child(id)) {
                (true, Some(c)) => Some(c),
                _ => crate::prune::next_skipping_children(doc, id, root),
            };
        }
        for id in removals {
            doc.remove_and_merge_text(id);
        }
        for id in flatten {
            // Text nodes are not merged: the stages count words per text node, so a
            // second run over the purified tree counts what the first one did.
            doc.replace_with_children(id);
        }
        // Attributes of what is left.
        let ids: Vec<NodeId> = doc.descendants(root).collect();
        for id in ids {
            let approved: &[String] = match doc.element(id) {
                Some(el) if el.attr_count() > 0 => {
                    self.tags.get(el.name()).map_or(&[], Vec::as_slice)
                }
                _ => continue,
            };
            if let Some(el) = doc.element_mut(id) {
                el.retain_attrs(|n, v| self.attribute_allowed(approved, n, v));
            }
        }
    }
}

#[typetag::serde(name = "declutter.purify")]
impl TreeStage for Purify {
    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        self.purify(doc);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_ascii_attribute_names_are_judged_without_panicking() {
        let p = Purify::default();
        let approved = vec!["href".to_owned()];
        assert!(!p.attribute_allowed(&approved, "\u{fffd}x", "v"));
        assert!(!p.attribute_allowed(&approved, "é", "v"));
        assert!(!p.attribute_allowed(&approved, "ONclick", "v"));
        assert!(p.attribute_allowed(&approved, "class", "v"));
    }

    #[test]
    fn schemes_are_found_through_obfuscation() {
        assert_eq!(
            url_scheme(" jav\tascript:alert(1)").as_deref(),
            Some("javascript")
        );
        assert_eq!(url_scheme("JAVASCRIPT:x").as_deref(), Some("javascript"));
        assert_eq!(url_scheme("/a:b"), None);
        assert_eq!(url_scheme("page.html?x=a:b"), None);
        assert_eq!(url_scheme("https://x").as_deref(), Some("https"));
    }
}
