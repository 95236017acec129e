//! `declutter.prune`: the first phase of Beer's declutter, a top-down subtree filter.
//!
//! The tree is walked in pre-order; each element is judged on its own, without regard
//! to its position, ancestry or content. A pruned element is deleted with its whole
//! subtree (its children are never looked at); otherwise the walk goes on into its
//! children. An element is pruned when its name is in `drop_tags`, or when its `class`
//! (and, with `match_id`, its `id`) contains one of `poison_words` as a substring,
//! case-insensitively. Elements named in `never_prune` are never pruned for a poison
//! word (a WordPress `<body class="… comments-open …">` must not delete the page).
//! Comments and processing instructions are left to `declutter.purify`.
//!
//! ```
//! # use pith_declutter::Prune;
//! let stage: Prune = serde_json::from_str(
//!     r#"{"poison_words": ["comment", "promo", "popup"], "match_id": true}"#,
//! ).unwrap();
//! assert!(stage.drop_tags.contains("script"));
//! ```

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, ElementNamespace, NodeId, TagNames};
use serde::{Deserialize, Serialize};

use crate::words::{class_or_id_attributes, class_or_id_contains, ClassWords};

/// Elements `declutter.prune` deletes by default, whatever their attributes.
pub const DROP_TAGS: &[&str] = &[
    "script",
    "style",
    "noscript",
    "template",
    "iframe",
    "noframes",
    "object",
    "embed",
    "noembed",
    "applet",
    "input",
    "button",
    "select",
    "textarea",
    "link",
    "meta",
    "base",
    "svg",
    "canvas",
    "nav",
    "aside",
    "header",
    "footer",
    "figcaption",
];

/// Poison words `declutter.prune` matches in class names and ids by default.
pub const POISON_WORDS: &[&str] = &[
    "comment",
    "promo",
    "popup",
    "related",
    "newsletter",
    "cookie",
    "footer",
    "caption",
    "popular",
    "print",
    "banner",
    "subscribe",
    "signup",
    "consent",
    "breadcrumb",
];

/// Elements never pruned for a poison word.
pub const NEVER_PRUNE: &[&str] = &["html", "body", "main", "article"];

/// The prune phase. Fields and defaults: `drop_tags` ([`DROP_TAGS`]), `poison_words`
/// ([`POISON_WORDS`]), `match_id` (`true`), `never_prune` ([`NEVER_PRUNE`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prune {
    /// Elements deleted with their subtree, whatever their attributes.
    #[serde(default = "default_drop_tags")]
    pub drop_tags: TagNames,
    /// Words matched (case-insensitive substring) in `class` and `id`.
    #[serde(default = "default_poison_words")]
    pub poison_words: Vec<String>,
    /// Also match poison words in the `id` attribute (the article names class names).
    #[serde(default = "default_true")]
    pub match_id: bool,
    /// Elements that a poison word never prunes (`drop_tags` still applies).
    #[serde(default = "default_never_prune")]
    pub never_prune: TagNames,
    #[serde(skip)]
    poison: ClassWords,
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}
fn default_drop_tags() -> TagNames {
    TagNames::from(DROP_TAGS)
}
fn default_poison_words() -> Vec<String> {
    strings(POISON_WORDS)
}
fn default_never_prune() -> TagNames {
    TagNames::from(NEVER_PRUNE)
}
fn default_true() -> bool {
    true
}

impl Default for Prune {
    fn default() -> Self {
        Prune::new(strings(DROP_TAGS), default_poison_words())
    }
}

impl Prune {
    /// A prune stage with these lists (other fields default), ready to apply.
    pub fn new(drop_tags: Vec<String>, poison_words: Vec<String>) -> Prune {
        let poison = ClassWords::new(&poison_words);
        Prune {
            drop_tags: drop_tags.into(),
            poison_words,
            match_id: true,
            never_prune: default_never_prune(),
            poison,
        }
    }

    /// Whether `id` is pruned, judged on its own.
    fn judge(&self, doc: &Document, id: NodeId) -> bool {
        let Some(el) = doc.element(id) else {
            return false;
        };
        let name = el.name();
        let html = el.namespace() == ElementNamespace::Html;
        if el.is_named_in(&self.drop_tags) && (html || name == "svg") {
            return true;
        }
        if el.is_named_in(&self.never_prune) {
            return false;
        }
        class_or_id_contains(el, &self.poison, self.match_id)
    }

    /// Deletes every pruned subtree of `doc` (see the module documentation).
    pub fn prune(&self, doc: &mut Document) -> usize {
        let root = doc.root();
        let mut doomed = Vec::new();
        let mut cur = doc.first_child(root);
        while let Some(id) = cur {
            let pruned = self.judge(doc, id);
            if pruned {
                doomed.push(id);
            }
            cur = match (pruned, doc.first_child(id)) {
                (false, Some(child)) => Some(child),
                _ => next_skipping_children(doc, id, root),
            };
        }
        for &id in &doomed {
            doc.remove_and_merge_text(id);
        }
        doomed.len()
    }
}

/// The next node in pre-order after `id`'s subtree, staying inside `root`.
pub(crate) fn next_skipping_children(doc: &Document, id: NodeId, root: NodeId) -> Option<NodeId> {
    let mut cur = id;
    loop {
        if cur == root {
            return None;
        }
        if let Some(s) = doc.next_sibling(cur) {
            return Some(s);
        }
        cur = doc.parent(cur)?;
    }
}

#[typetag::serde(name = "declutter.prune")]
impl TreeStage for Prune {
    fn prepare(&mut self) -> Result<()> {
        self.poison = ClassWords::new(&self.poison_words);
        Ok(())
    }
    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        self.prune(doc);
        Ok(())
    }

    fn deletes_with_content(&self) -> Vec<String> {
        self.drop_tags.names().to_vec()
    }

    /// `class`, and `id` with `match_id` (the poison words).
    fn reads_attributes(&self) -> AttributeUse {
        class_or_id_attributes(self.match_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    #[test]
    fn drops_tags_and_poisoned_subtrees_but_not_the_body() {
        let mut doc = parse_html(
            "<body class='comments-open'><p>keep</p><script>x()</script>\
             <div class='Promo'><p>ad</p></div><div id='comment-1'>c</div><p>end</p></body>",
        );
        let n = Prune::default().prune(&mut doc);
        assert_eq!(n, 3);
        let body = doc.body().unwrap();
        assert_eq!(doc.text_content(body), "keepend");
    }
}
