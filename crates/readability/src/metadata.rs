//! The two node tests of `_grabArticle` that use the page's metadata:
//!
//! - `readability.remove_byline` (`_checkByline`): the first element whose `rel` is
//!   `author`, whose `itemprop` contains `author`, or whose `class + " " + id` matches
//!   `pattern`, and whose text is 1 to `max_length` − 1 (99) characters long, is the
//!   byline and is removed — unless the page names its author in a `<meta>` (`author`,
//!   `dc:creator`, `dcterm:creator`, `parsely-author`), in which case Readability takes
//!   the byline from there and removes nothing.
//! - `readability.remove_title_header` (`_headerDuplicatesTitle`): the first `h1`/`h2`
//!   whose words are, by `_textSimilarity`, more than `similarity` (0.75) the article
//!   title's is removed. The title is the first `<meta>` title (`dc:title`,
//!   `dcterm:title`, `og:title`, `title`, `twitter:title`, `parsely-title`), else the
//!   `<title>` element's text.
//!
//! ```
//! # use pith_readability::RemoveByline;
//! let stage: RemoveByline = serde_json::from_str(r#"{"max_length": 100}"#).unwrap();
//! assert!(stage.pattern.is_match("article-byline"));
//! ```

use std::collections::HashSet;

use pith_core::{AttributeUse, Diagnostics, Result, TreeStage};
use pith_dom::{Document, NodeId, TagNames};
use serde::{Deserialize, Serialize};

use crate::pattern::Pattern;
use crate::text::{inner_text, inner_text_len_at_most};
use crate::walk::{self, next_element, remove_and_next, write_match_string};

/// Readability's `REGEXPS.byline`.
pub const BYLINE: &str = "byline|author|dateline|writtenby|p-author";

/// The value of the first `<meta>` whose `name` or `property` (lower case, `.` read
/// as `:`) is one of `keys`, in the order of `keys`.
fn meta_content(doc: &Document, keys: &[&str]) -> Option<String> {
    let mut found: Vec<(usize, String)> = Vec::new();
    for n in doc.descendants(doc.root()) {
        let Some(el) = doc.element(n) else { continue };
        if el.name() != "meta" {
            continue;
        }
        let Some(content) = el.attr("content").map(str::trim).filter(|c| !c.is_empty()) else {
            continue;
        };
        for attr in ["name", "property"] {
            if let Some(name) = el.attr(attr) {
                let name = name.trim().to_lowercase().replace('.', ":");
                if let Some(rank) = keys.iter().position(|k| *k == name) {
                    found.push((rank, content.to_owned()));
                }
            }
        }
    }
    found
        .into_iter()
        .min_by_key(|(rank, _)| *rank)
        .map(|(_, c)| c)
}

/// The `readability.remove_byline` stage. Fields and defaults: `pattern` ([`BYLINE`]),
/// `max_length` (100).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveByline {
    /// Class/id pattern of a byline.
    #[serde(default = "default_byline")]
    pub pattern: Pattern,
    /// A byline is shorter than this (characters).
    #[serde(default = "default_byline_length")]
    pub max_length: usize,
}

fn default_byline() -> Pattern {
    Pattern::builtin(BYLINE)
}
fn default_byline_length() -> usize {
    100
}

impl Default for RemoveByline {
    fn default() -> Self {
        RemoveByline {
            pattern: default_byline(),
            max_length: default_byline_length(),
        }
    }
}

#[typetag::serde(name = "readability.remove_byline")]
impl TreeStage for RemoveByline {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        const AUTHOR: &[&str] = &["dc:creator", "dcterm:creator", "author", "parsely-author"];
        if meta_content(doc, AUTHOR).is_some() {
            return Ok(());
        }
        let root = doc.root();
        let mut m = String::new();
        let mut cur = next_element(doc, root, false, root);
        while let Some(n) = cur {
            let el = doc.element(n).expect("the walk yields elements");
            let looks = el.attr("rel") == Some("author")
                || el.attr("itemprop").is_some_and(|i| i.contains("author"))
                || {
                    write_match_string(el, &mut m);
                    self.pattern.is_match(&m)
                };
            if looks {
                let len = inner_text_len_at_most(doc, n, self.max_length);
                if len > 0 && len < self.max_length {
                    doc.detach(n);
                    return Ok(());
                }
            }
            cur = next_element(doc, n, false, root);
        }
        Ok(())
    }
}

/// The `readability.remove_title_header` stage. Fields and defaults: `tags` (`h1`,
/// `h2`), `similarity` (0.75).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoveTitleHeader {
    /// Headings compared with the title.
    #[serde(default = "default_title_tags")]
    pub tags: TagNames,
    /// A heading more similar than this to the title is removed.
    #[serde(default = "default_similarity")]
    pub similarity: f64,
}

fn default_title_tags() -> TagNames {
    walk::lower(&["h1", "h2"])
}
fn default_similarity() -> f64 {
    0.75
}

impl Default for RemoveTitleHeader {
    fn default() -> Self {
        RemoveTitleHeader {
            tags: default_title_tags(),
            similarity: default_similarity(),
        }
    }
}

/// Readability's `_textSimilarity(a, b)`: 1 − the share (in characters of the
/// space-joined tokens) of `b`'s tokens that are not among `a`'s; tokens are runs of
/// ASCII letters, digits and `_`, lower-cased (JavaScript's `\W+` split).
pub fn text_similarity(a: &str, b: &str) -> f64 {
    TitleTokens::new(a).similarity([b])
}

/// The tokens of a title, looked up once per token of the text compared with it
/// ([`text_similarity`] with the title fixed): a set, so that a long title against a
/// long heading costs their lengths, not their product.
struct TitleTokens(HashSet<String>);

impl TitleTokens {
    fn new(title: &str) -> TitleTokens {
        let mut set = HashSet::new();
        for_each_token([title], |t| {
            set.insert(t.to_owned());
        });
        TitleTokens(set)
    }

    /// [`text_similarity`] of the title and the text made of `pieces` end to end.
    fn similarity<'a>(&self, pieces: impl IntoIterator<Item = &'a str>) -> f64 {
        let (mut all, mut unique) = ((0usize, 0usize), (0usize, 0usize));
        for_each_token(pieces, |t| {
            all = (all.0 + t.len(), all.1 + 1);
            if !self.0.contains(t) {
                unique = (unique.0 + t.len(), unique.1 + 1);
            }
        });
        if self.0.is_empty() || all.1 == 0 {
            return 0.0;
        }
        // Each list's tokens joined by single spaces.
        let joined_len = |(chars, tokens): (usize, usize)| chars + tokens.saturating_sub(1);
        1.0 - joined_len(unique) as f64 / joined_len(all) as f64
    }
}

/// Calls `f` with each token of the text made of `pieces` end to end (a token may run
/// on from one piece into the next), as `text.to_lowercase()` split at every character
/// that is not an ASCII letter, digit or `_` gives them: a character is lower-cased on
/// its own (which agrees with the whole string's lower case on every ASCII character
/// it gives), the token built in one buffer.
fn for_each_token<'a>(pieces: impl IntoIterator<Item = &'a str>, mut f: impl FnMut(&str)) {
    let mut token = String::new();
    let mut push = |c: char, token: &mut String| {
        if c.is_ascii_alphanumeric() || c == '_' {
            token.push(c);
        } else if !token.is_empty() {
            f(token);
            token.clear();
        }
    };
    for piece in pieces {
        for c in piece.chars() {
            if c.is_ascii() {
                push(c.to_ascii_lowercase(), &mut token);
            } else {
                for lower in c.to_lowercase() {
                    push(lower, &mut token);
                }
            }
        }
    }
    push(' ', &mut token);
}

/// The article title as Readability's metadata gives it (meta tags, else `<title>`).
pub fn article_title(doc: &Document) -> String {
    const TITLE: &[&str] = &[
        "dc:title",
        "dcterm:title",
        "og:title",
        "title",
        "twitter:title",
        "parsely-title",
    ];
    if let Some(t) = meta_content(doc, TITLE) {
        return t;
    }
    doc.descendants(doc.root())
        .find(|&n| walk::is(doc, n, "title"))
        .map(|t| inner_text(doc, t))
        .unwrap_or_default()
}

#[typetag::serde(name = "readability.remove_title_header")]
impl TreeStage for RemoveTitleHeader {
    /// Reads the attributes Readability reads ([`crate::attributes`]).
    fn reads_attributes(&self) -> AttributeUse {
        crate::attributes::read()
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        let title = article_title(doc);
        if title.is_empty() {
            return Ok(());
        }
        let title = TitleTokens::new(&title);
        let root = doc.root();
        let mut cur: Option<NodeId> = next_element(doc, root, false, root);
        while let Some(n) = cur {
            let heading = doc.is_element_named_in(n, &self.tags);
            // The heading's text nodes as they are: its inner text, trimmed and with
            // whitespace runs collapsed, has the same tokens.
            let text = || doc.descendants(n).filter_map(|t| doc.text(t));
            if heading && title.similarity(text()) > self.similarity {
                remove_and_next(doc, n, root);
                return Ok(());
            }
            cur = next_element(doc, n, false, root);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_dom::parse_html;

    /// `_textSimilarity` as first written: the lower-cased texts split into token
    /// lists, each of `b`'s looked up in `a`'s list.
    fn plain_similarity(a: &str, b: &str) -> f64 {
        let tokens = |s: &str| -> Vec<String> {
            s.to_lowercase()
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect()
        };
        let (ta, tb) = (tokens(a), tokens(b));
        if ta.is_empty() || tb.is_empty() {
            return 0.0;
        }
        let joined_len =
            |v: &[&String]| v.iter().map(|t| t.len()).sum::<usize>() + v.len().saturating_sub(1);
        let all: Vec<&String> = tb.iter().collect();
        let unique: Vec<&String> = tb.iter().filter(|t| !ta.contains(t)).collect();
        1.0 - joined_len(&unique) as f64 / joined_len(&all) as f64
    }

    proptest::proptest! {
        /// The same number as the token lists give, bit for bit, whichever way the
        /// compared text is cut into pieces (a token runs on across a cut).
        #[test]
        fn similarity_by_token_set_is_the_token_lists_one(
            a in "[a-cA-C_ ,\u{212a}\u{130}\u{3a3}é]{0,12}",
            b in "[a-cA-C_ ,\u{212a}\u{130}\u{3a3}é]{0,16}",
            cut in 0usize..17,
        ) {
            let want = plain_similarity(&a, &b);
            proptest::prop_assert_eq!(text_similarity(&a, &b).to_bits(), want.to_bits());
            let at = (0..=cut.min(b.len())).rev().find(|&i| b.is_char_boundary(i)).unwrap_or(0);
            let pieces = [&b[..at], &b[at..]];
            proptest::prop_assert_eq!(TitleTokens::new(&a).similarity(pieces).to_bits(), want.to_bits());
        }
    }

    #[test]
    fn similarity_counts_the_headings_new_words() {
        assert_eq!(text_similarity("Big news | Site", "Big news"), 1.0);
        assert_eq!(text_similarity("abc", "xyz"), 0.0);
        assert!((text_similarity("aa bb", "aa cc") - (1.0 - 2.0 / 5.0)).abs() < 1e-9);
    }

    #[test]
    fn removes_the_title_header_and_the_byline() {
        let mut doc = parse_html(
            "<title>Snooze cruise: study | News</title><h1>Snooze cruise: study</h1>\
             <p class=byline>By Someone</p><p>Body text.</p>",
        );
        let mut d = Diagnostics::default();
        RemoveTitleHeader::default()
            .apply(&mut doc, &mut d)
            .unwrap();
        RemoveByline::default().apply(&mut doc, &mut d).unwrap();
        assert_eq!(doc.text_content(doc.body().unwrap()), "Body text.");
        let mut doc = parse_html(
            "<meta name=author content=X><p class=byline>By Someone</p><p>Body text.</p>",
        );
        RemoveByline::default().apply(&mut doc, &mut d).unwrap();
        assert_eq!(
            doc.text_content(doc.body().unwrap()),
            "By SomeoneBody text."
        );
    }
}
