//! `justext.clean`: the reference's preprocessing (lxml_html_clean's `Cleaner` with the
//! options jusText 3.0.2 passes), as a tree stage.
//!
//! What it does, in the reference's order: remove `style` attributes; remove
//! `<link rel=stylesheet>`; remove `<param>` outside `<applet>`/`<object>`; remove with
//! their content comments, `head`, `script`, `style`, `applet`, `button`, `input`,
//! `select`, `textarea`, `base`; replace `form`, `iframe`, `embed`, `layer`, `object`,
//! `param` by their content. Text on both sides of a removed or unwrapped element
//! merges into one text node, exactly as lxml splices `text`/`tail` strings, because
//! the segmenter's per-node normalisation and link counting depend on node boundaries.
//! Everything else stays (`noscript`, `template`, SVG text, unknown tags, ...).
//!
//! ```
//! # use pith_justext::JustextClean;
//! let stage: JustextClean = serde_json::from_str(r#"{}"#).unwrap();
//! # let _ = stage;
//! ```

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, NodeData, NodeId};
use serde::{Deserialize, Serialize};

/// The reference's `Cleaner` (jusText 3.0.2 `preprocessor`).
///
/// Fields: `kill` (elements removed with their content; default jusText's list) and
/// `unwrap` (elements replaced by their content; default jusText's list). The Java port
/// kills `head meta title script style` and unwraps nothing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JustextClean {
    /// Elements removed together with their content (comments always are).
    #[serde(default = "default_kill")]
    pub kill: Vec<String>,
    /// Elements replaced by their content.
    #[serde(default = "default_unwrap")]
    pub unwrap: Vec<String>,
}

impl Default for JustextClean {
    fn default() -> Self {
        JustextClean {
            kill: default_kill(),
            unwrap: default_unwrap(),
        }
    }
}

/// jusText 3.0.2's kill list.
pub const KILL: &[&str] = &[
    "head", "script", "style", "applet", "button", "input", "select", "textarea", "base",
];
/// jusText 3.0.2's unwrap list.
pub const UNWRAP: &[&str] = &["form", "iframe", "embed", "layer", "object", "param"];

fn default_kill() -> Vec<String> {
    KILL.iter().map(|s| s.to_string()).collect()
}

fn default_unwrap() -> Vec<String> {
    UNWRAP.iter().map(|s| s.to_string()).collect()
}

#[typetag::serde(name = "justext.clean")]
impl TreeStage for JustextClean {
    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let kill: Vec<&str> = self.kill.iter().map(String::as_str).collect();
        let unwrap: Vec<&str> = self.unwrap.iter().map(String::as_str).collect();
        clean_with(doc, &kill, &unwrap);
        Ok(())
    }

    fn deletes_with_content(&self) -> Vec<String> {
        self.kill.clone()
    }

    /// `rel` of `<link>` (stylesheets go before the rest); the `style` attributes it
    /// removes need not be there.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(vec!["link".to_string()])
    }
}

/// Applies the reference's cleaning to a document.
pub fn clean(doc: &mut Document) {
    clean_with(doc, KILL, UNWRAP);
}

/// Cleaning with given kill and unwrap lists.
pub fn clean_with(doc: &mut Document, kill_names: &[&str], unwrap_names: &[&str]) {
    let mut early_removals: Vec<NodeId> = Vec::new();
    let mut kill: Vec<NodeId> = Vec::new();
    let mut unwrap: Vec<NodeId> = Vec::new();
    let ids: Vec<NodeId> = doc.descendants(doc.root()).collect();
    for &id in &ids {
        let remove_early = match doc.data_mut(id) {
            NodeData::Comment(_) | NodeData::ProcessingInstruction { .. } => {
                kill.push(id);
                false
            }
            NodeData::Element(e) => {
                e.retain_attrs(|name, _| name != "style");
                let name = e.name();
                if name == "link" {
                    e.attr("rel")
                        .is_some_and(|rel| rel.to_ascii_lowercase().contains("stylesheet"))
                } else {
                    if kill_names.contains(&name) {
                        kill.push(id);
                    } else if unwrap_names.contains(&name) {
                        unwrap.push(id);
                    }
                    false
                }
            }
            _ => false,
        };
        if remove_early {
            early_removals.push(id);
        }
    }
    // `<param>` outside `<applet>`/`<object>` is removed (with content) before the rest.
    for &id in &unwrap {
        if doc.element_name(id) == Some("param") && !has_ancestor(doc, id, &["applet", "object"]) {
            early_removals.push(id);
        }
    }
    for id in early_removals {
        doc.remove_and_merge_text(id);
    }
    for id in kill {
        doc.remove_and_merge_text(id);
    }
    for id in unwrap.into_iter().rev() {
        doc.unwrap(id);
    }
}

fn has_ancestor(doc: &Document, id: NodeId, names: &[&str]) -> bool {
    let mut cur = doc.parent(id);
    while let Some(n) = cur {
        if doc
            .element_name(n)
            .is_some_and(|name| names.contains(&name))
        {
            return true;
        }
        cur = doc.parent(n);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cleaned_body_text_nodes(html: &str) -> Vec<String> {
        let mut doc = pith_dom::parse_html(html);
        clean(&mut doc);
        let body = doc.body().unwrap();
        doc.descendants(body)
            .filter_map(|n| doc.text(n).map(str::to_owned))
            .collect()
    }

    #[test]
    fn killed_and_commented_text_merges() {
        assert_eq!(
            cleaned_body_text_nodes("<p>foo<!-- c -->bar<script>x</script>baz</p>"),
            ["foobarbaz"]
        );
    }

    #[test]
    fn forms_unwrap_and_inputs_die() {
        assert_eq!(
            cleaned_body_text_nodes("<div>a<form>b<input>c</form>d</div>"),
            ["abcd"]
        );
    }

    #[test]
    fn head_is_killed_noscript_kept() {
        let mut doc = pith_dom::parse_html(
            "<html><head><title>t</title></head><body><noscript>n</noscript></body></html>",
        );
        clean(&mut doc);
        let html = doc.html_element().unwrap();
        assert!(doc.child_element(html, "head").is_none());
        assert_eq!(doc.text_content(html), "n");
    }
}
