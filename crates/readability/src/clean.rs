//! The unconditional cleaning of Readability's `_prepArticle`, inside the article (the
//! node `readability.select_article` recorded under [`ARTICLE`], else
//! `<body>`):
//!
//! - `readability.clean` (`_clean`): removes every element named in `tags`, except an
//!   `object`, `embed` or `iframe` with an attribute (for `object`, also one of its
//!   descendants') matching `allowed_video`.
//! - `readability.clean_share`: below each child of the article (not the child
//!   itself), removes elements whose `class + " " + id` matches `pattern` and whose
//!   text is shorter than `max_length` (500) characters.
//! - `readability.clean_headers` (`_cleanHeaders`): removes `h1`/`h2` (`tags`) with a
//!   negative class weight.
//!
//! Readability's last touches (`h1` renamed `h2`, empty paragraphs and `<br>` before
//! paragraphs removed, single-cell tables unwrapped) change no text and are left out.
//!
//! ```
//! # use pith_readability::Clean;
//! let stage: Clean = serde_json::from_str(r#"{"tags": ["object", "embed"]}"#).unwrap();
//! assert!(stage.allowed_video.is_match("//www.youtube.com/embed/x"));
//! ```

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, NodeData, NodeId, TagNames};
use serde::{Deserialize, Serialize};

use crate::pattern::Pattern;
use crate::score::class_weight;
use crate::walk::{self, next_element, remove_and_next, write_match_string};
use crate::ARTICLE;

/// Readability's `REGEXPS.videos`.
pub const VIDEOS: &str = r"//(www\.)?((dailymotion|youtube|youtube-nocookie|player\.vimeo|v\.qq)\.com|(archive|upload\.wikimedia)\.org|player\.twitch\.tv)";
/// Readability's `REGEXPS.shareElements`.
pub const SHARE_ELEMENTS: &str = r"(\b|_)(share|sharedaddy)(\b|_)";

/// The article: the node recorded under [`ARTICLE`], else `<body>`.
pub fn article_root(doc: &Document) -> NodeId {
    let page = walk::page(doc);
    if let Some(column) = doc.annotations().column(ARTICLE) {
        if let Some(a) = doc
            .descendants(page)
            .find(|&n| pith_dom::value_at(column, n) == Some(1.0))
        {
            return a;
        }
    }
    page
}

/// The `readability.clean` stage. Fields and defaults: `tags` (`object`, `embed`,
/// `footer`, `link`, `aside`, `iframe`, `input`, `textarea`, `select`, `button`),
/// `allowed_video` ([`VIDEOS`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clean {
    /// Elements removed from the article.
    #[serde(default = "default_clean_tags")]
    pub tags: TagNames,
    /// Embeds whose attributes match this are kept.
    #[serde(default = "default_videos")]
    pub allowed_video: Pattern,
}

fn default_clean_tags() -> TagNames {
    walk::lower(&[
        "object", "embed", "footer", "link", "aside", "iframe", "input", "textarea", "select",
        "button",
    ])
}
pub(crate) fn default_videos() -> Pattern {
    Pattern::builtin(VIDEOS)
}

impl Default for Clean {
    fn default() -> Self {
        Clean {
            tags: default_clean_tags(),
            allowed_video: default_videos(),
        }
    }
}

/// Whether an embed is an allowed video (`_clean`'s exception).
pub fn is_allowed_video(doc: &Document, id: NodeId, videos: &Pattern) -> bool {
    let Some(el) = doc.element(id) else {
        return false;
    };
    if el.attrs().any(|(_, v)| videos.is_match(v)) {
        return true;
    }
    el.name() == "object"
        && doc.descendants(id).skip(1).any(|n| {
            doc.element(n)
                .is_some_and(|e| e.attrs().any(|(_, v)| videos.is_match(v)))
        })
}

#[typetag::serde(name = "readability.clean")]
impl TreeStage for Clean {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let scope = article_root(doc);
        for n in walk::elements_named(doc, scope, &self.tags) {
            let embed = matches!(doc.element_name(n), Some("object" | "embed" | "iframe"));
            if !(embed && is_allowed_video(doc, n, &self.allowed_video)) {
                doc.detach(n);
            }
        }
        Ok(())
    }
}

/// The `readability.clean_share` stage. Fields and defaults: `pattern`
/// ([`SHARE_ELEMENTS`]), `max_length` (500).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CleanShare {
    /// Class/id pattern of share widgets.
    #[serde(default = "default_share")]
    pub pattern: Pattern,
    /// Only elements with less text (characters) are removed.
    #[serde(default = "default_share_length")]
    pub max_length: usize,
}

fn default_share() -> Pattern {
    Pattern::builtin(SHARE_ELEMENTS)
}
fn default_share_length() -> usize {
    500
}

impl Default for CleanShare {
    fn default() -> Self {
        CleanShare {
            pattern: default_share(),
            max_length: default_share_length(),
        }
    }
}

fn text_chars_below(doc: &Document, id: NodeId, limit: usize) -> usize {
    let mut total = 0;
    for n in doc.descendants(id) {
        if let NodeData::Text(t) = doc.data(n) {
            total += t.chars().count();
            if total >= limit {
                break;
            }
        }
    }
    total
}

#[typetag::serde(name = "readability.clean_share")]
impl TreeStage for CleanShare {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let article = article_root(doc);
        let tops: Vec<NodeId> = walk::element_children(doc, article).collect();
        let mut m = String::new();
        for top in tops {
            let mut cur = next_element(doc, top, false, top);
            while let Some(n) = cur {
                let doomed = doc.element(n).is_some_and(|el| {
                    write_match_string(el, &mut m);
                    self.pattern.is_match(&m)
                        && text_chars_below(doc, n, self.max_length) < self.max_length
                });
                cur = if doomed {
                    remove_and_next(doc, n, top)
                } else {
                    next_element(doc, n, false, top)
                };
            }
        }
        Ok(())
    }
}

/// The `readability.clean_headers` stage. Fields and defaults: `tags` (`h1`, `h2`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CleanHeaders {
    /// Headings removed when their class weight is negative.
    #[serde(default = "default_header_tags")]
    pub tags: TagNames,
}

fn default_header_tags() -> TagNames {
    walk::lower(&["h1", "h2"])
}

impl Default for CleanHeaders {
    fn default() -> Self {
        CleanHeaders {
            tags: default_header_tags(),
        }
    }
}

#[typetag::serde(name = "readability.clean_headers")]
impl TreeStage for CleanHeaders {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let scope = article_root(doc);
        for n in walk::elements_named(doc, scope, &self.tags) {
            if class_weight(doc, n) < 0.0 {
                doc.detach(n);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    #[test]
    fn cleans_tags_but_keeps_videos_and_shares_only_when_short() {
        let mut doc = parse_html(
            "<div><aside>a</aside><iframe src='https://www.youtube.com/embed/x'></iframe>\
             <iframe src='https://ads.example/x'></iframe><div><span class=share>Share this</span></div></div>",
        );
        let mut d = Diagnostics::default();
        Clean::default().apply(&mut doc, &mut d).unwrap();
        CleanShare::default().apply(&mut doc, &mut d).unwrap();
        let html = doc.to_html(doc.body().unwrap());
        assert!(!html.contains("aside"));
        assert!(html.contains("youtube"));
        assert!(!html.contains("ads.example"));
        assert!(!html.contains("Share this"));
    }
}
