//! `learn.drop_hidden_copies`: hidden copies of text the page shows anyway are cut.
//!
//! Why: pages carry their article twice or three times — once for the reader and
//! again inside elements nobody sees: schema.org microdata (`<div style="display:none"
//! itemscope itemtype=".../NewsArticle"><div itemprop="articleBody">` with the whole
//! story as one block), the other half of a desktop/mobile pair, a pre-rendered
//! pop-up. An extractor that keeps every block that reads like prose returns the story
//! two or three times (two Business Insider pages of scrapinghub: three copies each,
//! token precision 0.32). Readability drops every hidden element, but hidden is not
//! the same as boilerplate: collapsed sections ("show all episodes", tabs,
//! accordions) hold text that is in no other place, and human golds keep it
//! (googletrends-dev's IMDb page: a filmography of 4,700 words in `display: none`
//! sections). So this stage cuts a hidden element only when its text is a copy: when
//! most of its word n-grams occur in the page's visible text.
//!
//! An element is hidden as Readability's `_isProbablyVisible` judges
//! ([`pith_readability::unlikely::is_hidden`]: inline `display: none` or
//! `visibility: hidden`, the `hidden` attribute, `aria-hidden="true"`, a modal dialog);
//! only the outermost hidden elements are judged, each with all the text inside it.
//! Words are runs of letters and digits, lower-cased; text inside `script`, `style`,
//! `noscript` and `template` is not read. One walk over the page collects its text
//! nodes, visible or inside each hidden element; only on a page with a hidden element
//! of at least `min_words` words are the words hashed.

use std::hash::{Hash, Hasher};
use std::sync::LazyLock;

use pith_core::dom::{Document, Edge, NodeId, TagNames};
use pith_core::words::char_classes;
use pith_core::{AttributeUse, Diagnostics, Error, Result, TreeStage};
use pith_readability::unlikely::{is_hidden, HIDDEN_ATTRIBUTES};
use rustc_hash::{FxHashSet, FxHasher};
use serde::{Deserialize, Serialize};

/// Elements whose text is not page text: not read (so the parser may skip it when a
/// later stage deletes them, decision 0006).
const NOT_TEXT: &[&str] = &["script", "noscript", "style", "template"];

/// [`NOT_TEXT`] as interned names: the page walk asks of every element.
static NOT_TEXT_NAMES: LazyLock<TagNames> = LazyLock::new(|| TagNames::from(NOT_TEXT));

/// The `learn.drop_hidden_copies` tree stage (see the [module docs](self)). Fields:
/// `ngram` (words per n-gram, default 5), `min_words` (a hidden element with fewer
/// words is left alone, default 20), `min_share` (the share of its n-grams that must
/// occur in the visible text, default 0.8).
///
/// ```
/// # use pith_core::TreeStage;
/// let story = "the council said that it would review the plan for the new bridge over the \
///     river before the end of the year and then decide";
/// let html = format!("<p>{story}</p><div style='display:none'><p>{story}</p></div>");
/// let mut doc = pith_core::dom::parse_html(&html);
/// pith_learn::DropHiddenCopies::default().apply(&mut doc, &mut Default::default()).unwrap();
/// assert_eq!(doc.text_content(doc.body().unwrap()), story);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropHiddenCopies {
    /// Words per n-gram.
    #[serde(default = "default_ngram")]
    pub ngram: usize,
    /// Hidden elements with fewer words are left alone.
    #[serde(default = "default_min_words")]
    pub min_words: usize,
    /// The share of a hidden element's n-grams found in the visible text from which it
    /// is a copy.
    #[serde(default = "default_min_share")]
    pub min_share: f64,
}

fn default_ngram() -> usize {
    5
}
fn default_min_words() -> usize {
    20
}
fn default_min_share() -> f64 {
    0.8
}

impl Default for DropHiddenCopies {
    fn default() -> DropHiddenCopies {
        DropHiddenCopies {
            ngram: default_ngram(),
            min_words: default_min_words(),
            min_share: default_min_share(),
        }
    }
}

/// The words of `text`: runs of letters and digits (`char::is_alphanumeric`, answered
/// by [`char_classes`]).
fn words(text: &str) -> impl Iterator<Item = &str> {
    let classes = char_classes();
    text.split(move |c: char| !classes.is_alphanumeric(c))
        .filter(|w| !w.is_empty())
}

/// The hash of each word of `text` (as [`words`] splits it), lower-cased, appended:
/// one pass over the characters, each hashed as it comes.
fn push_words(text: &str, out: &mut Vec<u64>) {
    let classes = char_classes();
    let mut word: Option<FxHasher> = None;
    for c in text.chars() {
        if classes.is_alphanumeric(c) {
            hash_lowercase(word.get_or_insert_with(FxHasher::default), c);
        } else if let Some(h) = word.take() {
            out.push(h.finish());
        }
    }
    out.extend(word.map(|h| h.finish()));
}

/// Hashes `c` lower-cased (`char::to_lowercase`), one `u32` per character; ASCII is
/// lowered without the Unicode table.
fn hash_lowercase(h: &mut FxHasher, c: char) {
    if c.is_ascii() {
        h.write_u32(u32::from(c.to_ascii_lowercase()));
    } else {
        for l in c.to_lowercase() {
            h.write_u32(u32::from(l));
        }
    }
}

/// The hash of each run of `n` consecutive words.
fn ngrams(words: &[u64], n: usize) -> impl Iterator<Item = u64> + '_ {
    words.windows(n).map(|w| {
        let mut h = FxHasher::default();
        w.hash(&mut h);
        h.finish()
    })
}

/// The page's text, read in one walk in document order: the text nodes outside every
/// hidden element, and each outermost hidden element with the text nodes inside it.
/// Text inside [`NOT_TEXT`] elements is not page text and is left out.
struct PageText<'a> {
    visible: Vec<&'a str>,
    hidden: Vec<(NodeId, Vec<&'a str>)>,
}

fn read_page(doc: &Document) -> PageText<'_> {
    let mut page = PageText {
        visible: Vec::new(),
        hidden: Vec::new(),
    };
    let mut hidden_root: Option<NodeId> = None;
    let mut not_text = 0usize;
    let not_text_names = &*NOT_TEXT_NAMES;
    for edge in doc.traverse(doc.root()) {
        match edge {
            Edge::Open(n) => {
                if let Some(el) = doc.element(n) {
                    if el.is_named_in(not_text_names) {
                        not_text += 1;
                    } else if hidden_root.is_none() && is_hidden(el) {
                        hidden_root = Some(n);
                        page.hidden.push((n, Vec::new()));
                    }
                } else if let (Some(text), 0) = (doc.text(n), not_text) {
                    match (hidden_root, page.hidden.last_mut()) {
                        (Some(_), Some((_, texts))) => texts.push(text),
                        _ => page.visible.push(text),
                    }
                }
            }
            Edge::Close(n) => {
                if doc.is_element_named_in(n, not_text_names) {
                    not_text -= 1;
                } else if hidden_root == Some(n) {
                    hidden_root = None;
                }
            }
        }
    }
    page
}

impl DropHiddenCopies {
    /// The outermost hidden elements whose text is a copy of the visible text.
    fn copies(&self, doc: &Document) -> Vec<NodeId> {
        let page = read_page(doc);
        let min_words = self.min_words.max(self.ngram);
        let judged: Vec<&(NodeId, Vec<&str>)> = page
            .hidden
            .iter()
            .filter(|(_, texts)| texts.iter().map(|t| words(t).count()).sum::<usize>() >= min_words)
            .collect();
        // Most pages have no hidden element to judge, and hash nothing.
        if judged.is_empty() {
            return Vec::new();
        }
        let mut visible = Vec::new();
        for text in &page.visible {
            push_words(text, &mut visible);
        }
        let seen: FxHashSet<u64> = ngrams(&visible, self.ngram).collect();
        let mut copies = Vec::new();
        for (node, texts) in judged {
            let mut words = Vec::new();
            for text in texts {
                push_words(text, &mut words);
            }
            let total = words.len() + 1 - self.ngram;
            let found = ngrams(&words, self.ngram)
                .filter(|g| seen.contains(g))
                .count();
            if found as f64 >= self.min_share * total as f64 {
                copies.push(*node);
            }
        }
        copies
    }
}

#[typetag::serde(name = "learn.drop_hidden_copies")]
impl TreeStage for DropHiddenCopies {
    fn prepare(&mut self) -> Result<()> {
        if self.ngram == 0 || !(0.0..=1.0).contains(&self.min_share) {
            return Err(Error::Stage {
                stage: "learn.drop_hidden_copies".into(),
                message: "`ngram` must be at least 1 and `min_share` in 0 … 1".into(),
            });
        }
        Ok(())
    }

    fn apply(&self, doc: &mut Document, _: &mut Diagnostics) -> Result<()> {
        for node in self.copies(doc) {
            doc.detach(node);
        }
        Ok(())
    }

    fn ignores_content_of(&self) -> Vec<String> {
        NOT_TEXT.iter().map(|s| s.to_string()).collect()
    }

    /// What Readability's visibility test reads.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::named(HIDDEN_ATTRIBUTES.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pith_core::dom::parse_html;

    const STORY: &str = "The council said that it would review the plan for the new bridge \
        over the river before the end of the year, and residents asked for more time.";

    fn body_text(html: &str, stage: &DropHiddenCopies) -> String {
        let mut doc = parse_html(html);
        stage.apply(&mut doc, &mut Diagnostics::default()).unwrap();
        doc.text_content(doc.body().unwrap())
    }

    #[test]
    fn hidden_copies_go_and_hidden_originals_stay() {
        let stage = DropHiddenCopies::default();
        // The microdata copy (one block, the paragraphs run together) goes.
        let html = format!(
            "<p>{STORY}</p><div style='display: none'><div itemprop=articleBody>{}</div></div>",
            STORY.to_uppercase()
        );
        assert_eq!(body_text(&html, &stage), STORY);
        // A collapsed section of text shown nowhere else stays.
        let collapsed =
            "Episode one aired in May. Episode two aired in June with a new cast and a longer run.";
        let html = format!("<p>{STORY}</p><div hidden><p>{collapsed}</p></div>");
        assert_eq!(body_text(&html, &stage), format!("{STORY}{collapsed}"));
        // Two hidden copies and no visible one: nothing to copy from, both stay.
        let html = format!("<div hidden>{STORY}</div><div hidden>{STORY}</div>");
        assert_eq!(body_text(&html, &stage), format!("{STORY}{STORY}"));
        // Short hidden text is not judged.
        let html = format!("<p>{STORY}</p><span aria-hidden=true>the new bridge</span>");
        assert_eq!(body_text(&html, &stage), format!("{STORY}the new bridge"));
    }

    #[test]
    fn script_text_is_not_page_text() {
        // The story in a script is no visible copy to judge the hidden one against.
        let html =
            format!("<script>var s = \"{STORY}\";</script><div style='display:none'>{STORY}</div>");
        let mut doc = parse_html(&html);
        DropHiddenCopies::default()
            .apply(&mut doc, &mut Diagnostics::default())
            .unwrap();
        assert!(doc.text_content(doc.root()).matches("residents").count() == 2);
    }

    /// The plain definition of [`push_words`]: split at every character that is not
    /// alphanumeric, hash each word's characters lower-cased.
    fn plain_word_hashes(text: &str) -> Vec<u64> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| {
                let mut h = FxHasher::default();
                for c in w.chars().flat_map(char::to_lowercase) {
                    h.write_u32(u32::from(c));
                }
                h.finish()
            })
            .collect()
    }

    proptest::proptest! {
        #[test]
        fn word_hashes_are_the_plain_definitions(
            text in "([a-zA-Z0-9_ ,.'İΣσЖж日本’—\u{300}\u{2160}\u{1e9e}-]|\\PC){0,40}",
        ) {
            let mut hashes = vec![7];
            push_words(&text, &mut hashes);
            let mut want = vec![7];
            want.extend(plain_word_hashes(&text));
            proptest::prop_assert_eq!(hashes, want);
            proptest::prop_assert_eq!(words(&text).count(), plain_word_hashes(&text).len());
        }
    }

    #[test]
    fn parameters_are_checked() {
        let mut stage = DropHiddenCopies {
            ngram: 0,
            ..DropHiddenCopies::default()
        };
        assert!(stage.prepare().is_err());
        stage.ngram = 3;
        stage.min_share = 1.5;
        assert!(stage.prepare().is_err());
        stage.min_share = 1.0;
        assert!(stage.prepare().is_ok());
        let parsed: DropHiddenCopies = serde_json::from_str(r#"{"min_words": 50}"#).unwrap();
        assert_eq!(parsed.min_words, 50);
        assert_eq!(parsed.ngram, 5);
    }
}
