//! The node prepping at the start of Readability's `_grabArticle`, one stage per test:
//!
//! - `readability.remove_hidden`: nodes a reader cannot see (`_isProbablyVisible`:
//!   `style` with `display: none` or `visibility: hidden`, the `hidden` attribute,
//!   `aria-hidden="true"` except on class `fallback-image`) and modal dialogs
//!   (`aria-modal="true"` with `role="dialog"`).
//! - `readability.strip_unlikely` (the step `FLAG_STRIP_UNLIKELYS` turns off): elements
//!   whose `class + " " + id` matches `unlikely_candidates` but not
//!   `ok_maybe_its_a_candidate`, unless they are `body` or `a` or have a `table` or
//!   `code` ancestor within four levels; and elements whose `role` is one of
//!   `unlikely_roles`.
//! - `readability.remove_empty`: `div`, `section`, `header` and `h1`–`h6` elements
//!   without text whose element children are all `br`/`hr` (`_isElementWithoutContent`).
//!
//! Each walks the elements in document order and removes a node with its subtree, so
//! nothing under a removed node is looked at. Readability runs the three tests in one
//! walk (with the `div` rewriting of `readability.div_to_p`); as separate walks, a node
//! is judged after the nodes before it were removed rather than during — the only
//! difference is on an element whose only content was an unlikely child, which both
//! leave without text.
//!
//! ```
//! # use pith_readability::StripUnlikely;
//! let stage: StripUnlikely = serde_json::from_str(r#"{"unlikely_roles": ["menu"]}"#).unwrap();
//! assert!(stage.unlikely_candidates.is_match("sidebar"));
//! ```

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, Edge, Element, NodeData, TagNames};
use serde::{Deserialize, Serialize};

use crate::pattern::Pattern;
use crate::walk::{self, has_ancestor_tag, next_element, remove_and_next, write_match_string};

/// Readability's `REGEXPS.unlikelyCandidates`.
pub const UNLIKELY_CANDIDATES: &str = "-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote";
/// Readability's `REGEXPS.okMaybeItsACandidate`.
pub const OK_MAYBE_ITS_A_CANDIDATE: &str = "and|article|body|column|content|main|shadow";
/// Readability's `UNLIKELY_ROLES`.
pub const UNLIKELY_ROLES: &[&str] = &[
    "menu",
    "menubar",
    "complementary",
    "navigation",
    "alert",
    "alertdialog",
    "dialog",
];

/// Walks the elements of the document in order and removes those `doomed` says.
fn remove_where(doc: &mut Document, mut doomed: impl FnMut(&Document, pith_dom::NodeId) -> bool) {
    let root = doc.root();
    let mut cur = next_element(doc, root, false, root);
    while let Some(n) = cur {
        cur = if doomed(doc, n) {
            remove_and_next(doc, n, root)
        } else {
            next_element(doc, n, false, root)
        };
    }
}

/// The `readability.remove_hidden` stage (no parameters).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveHidden {}

/// Whether an inline `style` hides its element: a `display: none` or `visibility:
/// hidden` declaration (property and value in any case, `!important` allowed).
pub fn style_says_hidden(style: &str) -> bool {
    style.split(';').any(|decl| {
        let Some((prop, value)) = decl.split_once(':') else {
            return false;
        };
        let prop = prop.trim().to_ascii_lowercase();
        let value = value.trim().trim_end_matches("!important").trim();
        (prop == "display" && value.eq_ignore_ascii_case("none"))
            || (prop == "visibility" && value.eq_ignore_ascii_case("hidden"))
    })
}

/// The attributes [`is_hidden`] reads.
pub const HIDDEN_ATTRIBUTES: &[&str] = &[
    "aria-hidden",
    "aria-modal",
    "class",
    "hidden",
    "role",
    "style",
];

/// Whether Readability would take the element for invisible or a modal dialog.
pub fn is_hidden(el: &Element) -> bool {
    // One pass over the attributes, not one search per name: this runs for every
    // element, several times a page, and most elements have no attribute it reads.
    let (mut style, mut aria_hidden, mut class, mut aria_modal, mut role) =
        (None, None, None, None, None);
    for (name, value) in el.attrs() {
        let slot = match name {
            "style" => &mut style,
            "hidden" => return true,
            "aria-hidden" => &mut aria_hidden,
            "class" => &mut class,
            "aria-modal" => &mut aria_modal,
            "role" => &mut role,
            _ => continue,
        };
        // The first attribute of a name counts, as with `Element::attr`.
        slot.get_or_insert(value);
    }
    style.is_some_and(style_says_hidden)
        || (aria_hidden == Some("true") && !class.unwrap_or("").contains("fallback-image"))
        || (aria_modal == Some("true") && role == Some("dialog"))
}

#[typetag::serde(name = "readability.remove_hidden")]
impl TreeStage for RemoveHidden {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        remove_where(doc, |doc, n| doc.element(n).is_some_and(is_hidden));
        Ok(())
    }
}

/// The `readability.strip_unlikely` stage. Fields and defaults: `unlikely_candidates`
/// ([`UNLIKELY_CANDIDATES`]), `ok_maybe_its_a_candidate` ([`OK_MAYBE_ITS_A_CANDIDATE`]),
/// `unlikely_roles` ([`UNLIKELY_ROLES`]), `protected_ancestors` (`table`, `code`),
/// `ancestor_depth` (3: Readability's `_hasAncestorTag` default, which looks at four
/// levels), `exempt` (`body`, `a`). Patterns match case-insensitively.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StripUnlikely {
    /// Class/id pattern of unlikely candidates.
    #[serde(default = "default_unlikely")]
    pub unlikely_candidates: Pattern,
    /// Class/id pattern that saves an unlikely candidate.
    #[serde(default = "default_ok_maybe")]
    pub ok_maybe_its_a_candidate: Pattern,
    /// `role` values removed outright.
    #[serde(default = "default_roles")]
    pub unlikely_roles: Vec<String>,
    /// An element with one of these as a near ancestor is never an unlikely candidate.
    #[serde(default = "default_protected")]
    pub protected_ancestors: TagNames,
    /// How far up `protected_ancestors` are looked for (levels above the parent).
    #[serde(default = "default_ancestor_depth")]
    pub ancestor_depth: usize,
    /// Elements never removed by the class/id test.
    #[serde(default = "default_exempt")]
    pub exempt: TagNames,
}

fn default_unlikely() -> Pattern {
    Pattern::builtin(UNLIKELY_CANDIDATES)
}
fn default_ok_maybe() -> Pattern {
    Pattern::builtin(OK_MAYBE_ITS_A_CANDIDATE)
}
fn default_roles() -> Vec<String> {
    UNLIKELY_ROLES
        .iter()
        .map(|r| r.to_ascii_lowercase())
        .collect()
}
fn default_protected() -> TagNames {
    walk::lower(&["table", "code"])
}
pub(crate) fn default_ancestor_depth() -> usize {
    3
}
fn default_exempt() -> TagNames {
    walk::lower(&["body", "a"])
}

impl Default for StripUnlikely {
    fn default() -> Self {
        StripUnlikely {
            unlikely_candidates: default_unlikely(),
            ok_maybe_its_a_candidate: default_ok_maybe(),
            unlikely_roles: default_roles(),
            protected_ancestors: default_protected(),
            ancestor_depth: default_ancestor_depth(),
            exempt: default_exempt(),
        }
    }
}

impl StripUnlikely {
    /// Whether element `n` is unlikely content; `m` is a buffer for its class/id string.
    fn unlikely(&self, doc: &Document, n: pith_dom::NodeId, m: &mut String) -> bool {
        let Some(el) = doc.element(n) else {
            return false;
        };
        write_match_string(el, m);
        if self.unlikely_candidates.is_match(m)
            && !self.ok_maybe_its_a_candidate.is_match(m)
            && !el.is_named_in(&self.exempt)
            && !self
                .protected_ancestors
                .iter()
                .any(|t| has_ancestor_tag(doc, n, t, Some(self.ancestor_depth), |_| true))
        {
            return true;
        }
        el.attr("role")
            .is_some_and(|r| self.unlikely_roles.iter().any(|u| u == r))
    }
}

#[typetag::serde(name = "readability.strip_unlikely")]
impl TreeStage for StripUnlikely {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let mut m = String::new();
        remove_where(doc, |doc, n| self.unlikely(doc, n, &mut m));
        Ok(())
    }
}

/// The `readability.remove_empty` stage. Fields and defaults: `tags` (`div`, `section`,
/// `header`, `h1`–`h6`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveEmpty {
    /// Elements removed when they have no content.
    #[serde(default = "default_empty_tags")]
    pub tags: TagNames,
}

fn default_empty_tags() -> TagNames {
    walk::lower(&[
        "div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6",
    ])
}

impl Default for RemoveEmpty {
    fn default() -> Self {
        RemoveEmpty {
            tags: default_empty_tags(),
        }
    }
}

#[typetag::serde(name = "readability.remove_empty")]
impl TreeStage for RemoveEmpty {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        // Bottom-up, once: whether each subtree has text, and its br/hr descendants.
        let n = doc.arena_len();
        let mut text = vec![false; n];
        let mut breaks = vec![0usize; n];
        let root = doc.root();
        for edge in doc.traverse(root) {
            let Edge::Close(id) = edge else { continue };
            let i = id.index();
            let (own_text, own_break) = match doc.data(id) {
                NodeData::Text(t) => (!walk::is_blank(t), 0),
                NodeData::Element(el) => (false, usize::from(matches!(el.name(), "br" | "hr"))),
                _ => (false, 0),
            };
            text[i] |= own_text;
            if let Some(p) = doc.parent(id) {
                text[p.index()] |= text[i];
                breaks[p.index()] += breaks[i] + own_break;
            }
        }
        // Judged before anything is removed: removing an empty node changes neither
        // the text nor the breaks of the nodes after it that are not its ancestors, and
        // its ancestors were judged before it.
        remove_where(doc, |doc, id| {
            let Some(el) = doc.element(id) else {
                return false;
            };
            if !el.is_named_in(&self.tags) || text[id.index()] {
                return false;
            }
            let children = walk::element_children(doc, id).count();
            children == 0 || children == breaks[id.index()]
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    fn run(stage: &dyn TreeStage, html: &str) -> String {
        let mut doc = parse_html(html);
        stage.apply(&mut doc, &mut Diagnostics::default()).unwrap();
        doc.to_html(doc.body().unwrap())
    }

    #[test]
    fn strips_unlikely_candidates_but_not_maybe_ones() {
        let out = run(
            &StripUnlikely::default(),
            "<div class=sidebar>a</div><div class='sidebar main'>b</div>\
             <table><tr><td><div class=comment>c</div></td></tr></table><nav role=navigation>d</nav>",
        );
        assert!(!out.contains(">a<"));
        assert!(out.contains(">b<"));
        assert!(out.contains(">c<"));
        assert!(!out.contains(">d<"));
    }

    #[test]
    fn removes_hidden_and_empty() {
        let out = run(
            &RemoveHidden::default(),
            "<p style='display: none'>a</p><p hidden>b</p><p aria-hidden=true>c</p><p>d</p>",
        );
        assert_eq!(out, "<body><p>d</p></body>");
        let out = run(
            &RemoveEmpty::default(),
            "<div><br><hr></div><div> <p></p></div><h2>x</h2>",
        );
        assert_eq!(out, "<body><div> <p></p></div><h2>x</h2></body>");
    }
}
