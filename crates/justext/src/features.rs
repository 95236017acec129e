//! jusText's per-paragraph numbers as feature stages (algorithms.md A.6).
//!
//! Keys: `justext.length` (code points of the text), `justext.link_density`,
//! `justext.words_count`, `justext.stopwords_count`, `justext.stopwords_density`
//! (requires the two counts) and `justext.heading` (1 or 0).

use std::sync::Arc;

use pith_core::{Block, Error, Feature, FeatureKey, FeatureTable, Result};
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

/// `justext.length`: the paragraph's length in code points (Python `len(text)`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Length {}

#[typetag::serde(name = "justext.length")]
impl Feature for Length {
    fn key(&self) -> FeatureKey {
        LENGTH
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(blocks.iter().map(|b| b.len_chars() as f64).collect())
    }
}

/// `justext.link_density`: characters inside links / length (0 for empty text). Link
/// characters are counted before the paragraph is stripped, so this can exceed 1.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkDensity {}

#[typetag::serde(name = "justext.link_density")]
impl Feature for LinkDensity {
    fn key(&self) -> FeatureKey {
        LINK_DENSITY
    }
    fn requires(&self) -> Vec<FeatureKey> {
        vec![LENGTH]
    }
    fn compute(&self, blocks: &[Block], f: &FeatureTable) -> Result<Vec<f64>> {
        let len = f.column(&LENGTH).unwrap_or_default();
        Ok(blocks
            .iter()
            .zip(len)
            .map(|(b, &n)| {
                if n == 0.0 {
                    0.0
                } else {
                    b.chars_count_in_links as f64 / n
                }
            })
            .collect())
    }
}

/// `justext.words_count`: Python `len(text.split())`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordsCount {}

#[typetag::serde(name = "justext.words_count")]
impl Feature for WordsCount {
    fn key(&self) -> FeatureKey {
        WORDS_COUNT
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        Ok(blocks
            .iter()
            .map(|b| python_split(&b.text).count() as f64)
            .collect())
    }
}

fn default_stoplist() -> String {
    "English".to_owned()
}

/// `justext.stopwords_count`: words whose lower-case form is in the stoplist.
///
/// `stoplist` (default `"English"`): a built-in name, `"none"`, or a file path.
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
    fn key(&self) -> FeatureKey {
        STOPWORDS_COUNT
    }
    fn prepare(&mut self) -> Result<()> {
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
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        let list = self.resolved.as_ref().ok_or_else(|| Error::Stage {
            stage: "justext.stopwords_count".into(),
            message: "stoplist not loaded (the pipeline was not prepared)".into(),
        })?;
        Ok(blocks
            .iter()
            .map(|b| {
                python_split(&b.text)
                    .filter(|w| is_stopword(list, w))
                    .count() as f64
            })
            .collect())
    }
}

/// Whether `word`'s lower-case form (Python `str.lower`) is in the list; ASCII words
/// already in lower case (most of them) are looked up without allocating.
fn is_stopword(list: &Stoplist, word: &str) -> bool {
    if word.is_ascii() && !word.bytes().any(|b| b.is_ascii_uppercase()) {
        list.contains(word)
    } else {
        list.contains(&word.to_lowercase())
    }
}

/// `justext.stopwords_density`: stop words / words (0 when there are no words).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StopwordsDensity {}

#[typetag::serde(name = "justext.stopwords_density")]
impl Feature for StopwordsDensity {
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
