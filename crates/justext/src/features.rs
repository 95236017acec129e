//! jusText's per-paragraph numbers as feature stages (algorithms.md A.6).
//!
//! Keys: `justext.length` (code points of the text), `justext.link_density`,
//! `justext.words_count`, `justext.stopwords_count`, `justext.stopwords_density`
//! (requires the two counts) and `justext.heading` (1 or 0).
//!
//! Words are Python's `str.split()` words by default, as in jusText. With
//! `split: "script"` (on `justext.words_count`) and with `stoplist: "auto"` (on
//! `justext.stopwords_count`), a Han, Hiragana or Katakana character is a word too
//! and a token of Thai, Lao, Khmer or Burmese is cut into its dictionary words, one of
//! Tibetan into its syllables ([`pith_lang::words`]): these languages have no spaces
//! between words.

use std::sync::Arc;

use pith_core::{AttributeUse, Block, Error, Feature, FeatureKey, FeatureTable, Result};
use pith_stoplists::Stoplist;
use regex::Regex;
use serde::{Deserialize, Serialize};

use crate::text::python_split;

/// Key of [`Length`].
pub const LENGTH: FeatureKey = FeatureKey::new("justext.length");
/// Key of [`LinkDensity`].
pub const LINK_DENSITY: FeatureKey = FeatureKey::new("justext.link_density");
/// Key of [`WordsCount`].
pub const WORDS_COUNT: FeatureKey = FeatureKey::new("justext.words_count");
/// Key of [`StopwordsCount`].
pub const STOPWORDS_COUNT: FeatureKey = FeatureKey::new("justext.stopwords_count");
/// Key of [`StopwordsDensity`].
pub const STOPWORDS_DENSITY: FeatureKey = FeatureKey::new("justext.stopwords_density");
/// Key of [`Heading`].
pub const HEADING: FeatureKey = FeatureKey::new("justext.heading");

fn one() -> f64 {
    1.0
}

fn is_one(w: &f64) -> bool {
    *w == 1.0
}

/// `justext.length`: the paragraph's length in code points (Python `len(text)`).
///
/// `spaceless_weight` (default 1): what one Han, Hiragana or Katakana character counts
/// for ([`pith_lang::is_spaceless`]). One such character carries about as much as a
/// word of English, so with jusText's thresholds (70 / 200 characters) a Chinese or
/// Japanese paragraph would have to be three times as informative as an English one to
/// count as long; the `auto` stoplist setting uses 3 (decision 0010).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Length {
    /// What a Han, Hiragana or Katakana character counts for (1: jusText).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub spaceless_weight: f64,
}

impl Default for Length {
    fn default() -> Self {
        Length {
            spaceless_weight: 1.0,
        }
    }
}

#[typetag::serde(name = "justext.length")]
impl Feature for Length {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        LENGTH
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        let extra = self.spaceless_weight - 1.0;
        Ok(blocks
            .iter()
            .map(|b| {
                let chars = b.len_chars() as f64;
                if extra == 0.0 || b.text.is_ascii() {
                    chars
                } else {
                    let spaceless = b
                        .text
                        .chars()
                        .filter(|&c| pith_lang::is_spaceless(c))
                        .count();
                    chars + extra * spaceless as f64
                }
            })
            .collect())
    }
}

/// `justext.link_density`: characters inside links / characters (0 for empty text).
/// Link characters are counted before the paragraph is stripped, so this can exceed 1.
/// Both are code points, whatever `justext.length` weighs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkDensity {}

#[typetag::serde(name = "justext.link_density")]
impl Feature for LinkDensity {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        LINK_DENSITY
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(blocks
            .iter()
            .map(|b| {
                let n = b.len_chars();
                if n == 0 {
                    0.0
                } else {
                    b.chars_count_in_links as f64 / n as f64
                }
            })
            .collect())
    }
}

/// What a word is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WordSplit {
    /// jusText: Python's `str.split()`.
    #[default]
    Python,
    /// `str.split()`, then every Han, Hiragana and Katakana character is a word of its
    /// own, a token of Thai, Lao, Khmer or Burmese is cut into its dictionary words and
    /// one of Tibetan into its syllables ([`pith_lang::split_spaceless`]); the same as
    /// `python` on other text.
    Script,
}

impl WordSplit {
    fn is_python(&self) -> bool {
        *self == WordSplit::Python
    }

    /// The words of `text`.
    pub fn words(self, text: &str) -> impl Iterator<Item = &str> {
        let script = self == WordSplit::Script;
        python_split(text).flat_map(move |token| {
            // An ASCII token is one word either way (`split_spaceless` finds so too).
            if script && !token.is_ascii() {
                TokenWords::Split(pith_lang::split_spaceless(token))
            } else {
                TokenWords::Whole(Some(token))
            }
        })
    }
}

/// The words of one whitespace-separated token.
enum TokenWords<'a> {
    Whole(Option<&'a str>),
    Split(pith_lang::words::SpacelessWords<'a>),
}

impl<'a> Iterator for TokenWords<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        match self {
            TokenWords::Whole(word) => word.take(),
            TokenWords::Split(words) => words.next(),
        }
    }
}

/// `justext.words_count`: Python `len(text.split())`, or with `split: "script"` the
/// script-aware count ([`WordSplit::Script`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordsCount {
    /// What a word is (`python`, the default, or `script`).
    #[serde(default, skip_serializing_if = "WordSplit::is_python")]
    pub split: WordSplit,
}

#[typetag::serde(name = "justext.words_count")]
impl Feature for WordsCount {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        WORDS_COUNT
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(blocks
            .iter()
            .map(|b| match self.split {
                WordSplit::Python => python_split(&b.text).count() as f64,
                WordSplit::Script => self.split.words(&b.text).count() as f64,
            })
            .collect())
    }
}

fn default_stoplist() -> String {
    "English".to_owned()
}

/// `stoplist: "auto"`: choose the stoplist per page from the identified language.
pub const AUTO: &str = "auto";

/// `justext.stopwords_count`: words whose lower-case form is in the stoplist.
///
/// `stoplist` (default `"English"`): a built-in name, `"none"`, a file path, or
/// `"auto"`: the stoplist of the page's identified language
/// ([`FeatureTable::language`]), with script-aware words ([`WordSplit::Script`]). A
/// page whose language has no stoplist (or was not identified) runs in jusText's
/// language-independent mode: every word counts, so the stop-word density is 1 and
/// the stop-word rules always pass, as they do with `-s none` (both thresholds 0).
/// In `auto` mode the feature reads `justext.words_count` for that.
///
/// `auto` counts stop words per character on Chinese and Japanese pages, so the
/// pipeline's `justext.words_count` should too (`split: "script"`), or their density
/// exceeds 1: setting the stoplist with `pith::set_param` (or `use_stoplist`) sets both.
/// (The `pith` preset keeps jusText's word count, on which its trees were fitted.)
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StopwordsCount {
    /// Which stoplist: a built-in name (`"English"`), `"none"`, or a file path.
    #[serde(default = "default_stoplist")]
    pub stoplist: String,
    #[serde(skip)]
    resolved: Option<Arc<Stoplist>>,
}

impl Default for StopwordsCount {
    fn default() -> Self {
        StopwordsCount::new("English")
    }
}

impl PartialEq for StopwordsCount {
    fn eq(&self, other: &Self) -> bool {
        self.stoplist == other.stoplist
    }
}

impl StopwordsCount {
    /// A stop-word counter for the given stoplist reference.
    pub fn new(stoplist: &str) -> StopwordsCount {
        StopwordsCount {
            stoplist: stoplist.to_owned(),
            resolved: None,
        }
    }

    /// A stop-word counter for a list built in memory (e.g. the set of words a Python
    /// caller passed to the jusText drop-in). Its `stoplist` field is the list's name:
    /// saved to a file, the pipeline names a list that loads only if that name resolves.
    pub fn with_list(list: Arc<Stoplist>) -> StopwordsCount {
        StopwordsCount {
            stoplist: list.name().to_owned(),
            resolved: Some(list),
        }
    }
}

#[typetag::serde(name = "justext.stopwords_count")]
impl Feature for StopwordsCount {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        STOPWORDS_COUNT
    }
    fn requires(&self) -> Vec<FeatureKey> {
        if self.is_auto() {
            vec![WORDS_COUNT]
        } else {
            Vec::new()
        }
    }
    fn prepare(&mut self) -> Result<()> {
        if self.is_auto() {
            self.resolved = None;
            return Ok(());
        }
        if self
            .resolved
            .as_ref()
            .is_some_and(|list| list.name() == self.stoplist)
        {
            // Built with `with_list`: the list is already here.
            return Ok(());
        }
        let list = pith_stoplists::resolve(&self.stoplist).map_err(|e| Error::Stage {
            stage: "justext.stopwords_count".into(),
            message: e.to_string(),
        })?;
        self.resolved = Some(list);
        Ok(())
    }
    fn warnings(&self, features: &FeatureTable) -> Vec<String> {
        self.stoplist_warnings(features)
    }
    fn compute(&self, blocks: &[Block], features: &FeatureTable) -> Result<Vec<f64>> {
        if self.is_auto() {
            return Ok(auto_counts(blocks, features));
        }
        let list = self.resolved.as_ref().ok_or_else(|| Error::Stage {
            stage: "justext.stopwords_count".into(),
            message: "stoplist not loaded (the pipeline was not prepared)".into(),
        })?;
        // pith's Chinese and Japanese lists are of characters: their words are counted
        // as `auto` counts them (with `-s Chinese`, `justext.words_count` is too).
        let of_characters = pith_stoplists::is_character_list(&self.stoplist);
        let mut lowered = String::new();
        Ok(blocks
            .iter()
            .map(|b| match of_characters {
                true => (WordSplit::Script.words(&b.text))
                    .filter(|w| is_stopword(list, w, &mut lowered))
                    .count() as f64,
                false => (python_split(&b.text))
                    .filter(|w| is_stopword(list, w, &mut lowered))
                    .count() as f64,
            })
            .collect())
    }
}

/// Below this confidence a page's language is too uncertain to warn about.
const WARN_CONFIDENCE: f64 = 0.8;

impl StopwordsCount {
    /// What the page's record should say about the stoplist: a fixed built-in list
    /// that is not the page's language's, or (`auto`) a language without a stoplist.
    fn stoplist_warnings(&self, features: &FeatureTable) -> Vec<String> {
        let Some(id) = features.language() else {
            return Vec::new();
        };
        let lang = id.language;
        if self.is_auto() {
            return match lang.stoplist {
                Some(_) => Vec::new(),
                None => vec![format!(
                    "no stoplist for {} ({}): language-independent mode",
                    lang.name, lang.code
                )],
            };
        }
        let Some(used) = self.resolved.as_ref() else {
            return Vec::new();
        };
        let fixed_builtin = pith_stoplists::names()
            .chain(pith_stoplists::extra_names())
            .any(|n| n == used.name());
        let matches = lang.stoplist == Some(used.name())
            || (lang.code == "en" && used.name() == "Simple_English");
        if !fixed_builtin || matches || id.confidence < WARN_CONFIDENCE {
            return Vec::new();
        }
        // Worded for every caller alike: the CLI's `-s`, a pipeline file's `stoplist`
        // and Python's `with_params(stoplist=…)` all name the list the same way.
        let advice = match lang.stoplist {
            Some(list) => format!("the {list} stoplist or auto"),
            None => "auto (no stoplist: language-independent mode)".to_owned(),
        };
        vec![format!(
            "page language is {} ({}) but the stoplist is {}; try {advice}",
            lang.name,
            lang.code,
            used.name()
        )]
    }

    /// Whether the stoplist is chosen per page.
    pub fn is_auto(&self) -> bool {
        self.stoplist == AUTO
    }
}

/// The built-in stoplist of the page's language, if it has one.
fn page_stoplist(features: &FeatureTable) -> Option<Arc<Stoplist>> {
    let name = features.language()?.language.stoplist?;
    pith_stoplists::builtin(name).ok()
}

/// `auto` mode: stop words of the page's language, or every word (the
/// language-independent mode) when it has no stoplist.
fn auto_counts(blocks: &[Block], features: &FeatureTable) -> Vec<f64> {
    match page_stoplist(features) {
        Some(list) => {
            let mut lowered = String::new();
            blocks
                .iter()
                .map(|b| {
                    WordSplit::Script
                        .words(&b.text)
                        .filter(|w| is_stopword(&list, w, &mut lowered))
                        .count() as f64
                })
                .collect()
        }
        None => features
            .column(&WORDS_COUNT)
            .map(<[f64]>::to_vec)
            .unwrap_or_else(|| vec![0.0; blocks.len()]),
    }
}

/// Whether `word`'s lower-case form (Python `str.lower`) is in the list. A word in
/// lower-case ASCII (most of them) is looked up as it is; any other is lowered into
/// `lowered`, a buffer kept for the page, by [`pith_stoplists::push_lowercase`] (the
/// same as `str::to_lowercase`, which agrees with `str.lower` on every stoplist
/// word), without allocating a string per word.
fn is_stopword(list: &Stoplist, word: &str, lowered: &mut String) -> bool {
    if word.is_ascii() && !word.bytes().any(|b| b.is_ascii_uppercase()) {
        return list.contains(word);
    }
    lowered.clear();
    pith_stoplists::push_lowercase(word, lowered);
    list.contains(lowered)
}

/// `justext.stopwords_density`: stop words / words (0 when there are no words).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StopwordsDensity {}

#[typetag::serde(name = "justext.stopwords_density")]
impl Feature for StopwordsDensity {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        STOPWORDS_DENSITY
    }
    fn requires(&self) -> Vec<FeatureKey> {
        vec![WORDS_COUNT, STOPWORDS_COUNT]
    }
    fn compute(&self, blocks: &[Block], f: &FeatureTable) -> Result<Vec<f64>> {
        let words = f.column(&WORDS_COUNT).unwrap_or_default();
        let stops = f.column(&STOPWORDS_COUNT).unwrap_or_default();
        Ok((0..blocks.len())
            .map(|i| {
                if words[i] == 0.0 {
                    0.0
                } else {
                    stops[i] / words[i]
                }
            })
            .collect())
    }
}

/// How a heading is recognised on a paragraph's `dom_path`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeadingMatch {
    /// jusText 3.0.2: the regex `\bh\d\b` anywhere in the path (so `x-h2` counts).
    #[default]
    WordBoundary,
    /// jusText ≤ 2 / corpus.tools 4: the path starts with `h<digit>` or contains `.h<digit>`.
    PathSegmentPrefix,
}

/// `justext.heading`: 1 if the paragraph is a heading and headings are not switched off.
///
/// Fields: `no_headings` (false) — jusText's option; `match` (`word_boundary`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Heading {
    /// jusText's `no_headings`: treat no paragraph as a heading.
    #[serde(default)]
    pub no_headings: bool,
    /// How headings are recognised on the path.
    #[serde(default, rename = "match")]
    pub matching: HeadingMatch,
    #[serde(skip)]
    pattern: Option<Regex>,
}

impl Default for Heading {
    fn default() -> Self {
        Heading {
            no_headings: false,
            matching: HeadingMatch::WordBoundary,
            pattern: None,
        }
    }
}

impl Heading {
    /// A heading feature with the given options.
    pub fn new(no_headings: bool, matching: HeadingMatch) -> Heading {
        Heading {
            no_headings,
            matching,
            pattern: None,
        }
    }
}

impl PartialEq for Heading {
    fn eq(&self, other: &Self) -> bool {
        self.no_headings == other.no_headings && self.matching == other.matching
    }
}

#[typetag::serde(name = "justext.heading")]
impl Feature for Heading {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        HEADING
    }
    fn prepare(&mut self) -> Result<()> {
        let re = match self.matching {
            HeadingMatch::WordBoundary => r"\bh\d\b",
            HeadingMatch::PathSegmentPrefix => r"(^|\.)h\d",
        };
        self.pattern = Some(Regex::new(re).expect("a fixed, valid pattern"));
        Ok(())
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        if self.no_headings {
            return Ok(vec![0.0; blocks.len()]);
        }
        let re = self.pattern.as_ref().ok_or_else(|| Error::Stage {
            stage: "justext.heading".into(),
            message: "pattern not compiled (the pipeline was not prepared)".into(),
        })?;
        Ok(blocks
            .iter()
            .map(|b| f64::from(u8::from(re.is_match(&b.dom_path))))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopwords_are_found_whatever_their_case() {
        let long = "a".repeat(40);
        let list = Stoplist::from_words("t", ["the", "été", long.as_str()]);
        for word in [
            "the",
            "The",
            "THE",
            "Été",
            "ÉTÉ",
            &long.to_uppercase(),
            &long,
        ] {
            assert!(is_stopword(&list, word, &mut String::new()), "{word}");
        }
        let mut lowered = String::from("left over");
        for word in ["then", "Then", "", "A", &"A".repeat(39), "Ölf"] {
            assert!(!is_stopword(&list, word, &mut lowered), "{word}");
        }
    }
}
