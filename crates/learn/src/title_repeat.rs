//! `learn.title_repeat`: how much of the page's `<title>` a block repeats — the column
//! of `pith extract --no-title`.
//!
//! Why: the headline of an article is the page's title again, and tools split on
//! whether it belongs to the text. Readability drops a heading that duplicates the
//! title (`_headerDuplicatesTitle`) and reports the title apart; trafilatura's text
//! never carries it (it is metadata); jusText and the human golds of most benchmarks
//! keep it (dragnet-train, l3s-gn1-dev, googletrends-dev), scrapinghub's leaves it
//! out. pith's records carry the title in their `title` field, so a user who stores it
//! there can ask for the text without it: `--no-title` vetoes the blocks this column
//! marks ([`crate::veto::drop_title`]). The learned preset does not read it: the golds
//! disagree on the headline, so a switch decides, not the trees (docs/evaluation.md,
//! "A `--no-title` switch").
//!
//! The title is the metadata reader's ([`FeatureTable::title`], the record's `title`),
//! read before any tree stage: jusText's cleaning drops `<head>`, and the switch works
//! with any preset.
//!
//! The measure: a page title is usually "Headline – Site name", so the title is taken
//! whole and as its longest part between separators (` | `, ` - `, ` – `, ` — `, ` / `,
//! ` \ `, ` > `, ` » `, ` · `, ` :: `). A block repeats a title when at most a quarter of
//! its distinct words are outside it; its value is then the share of that title's
//! distinct words it has (the greater of the two titles'), else 0. Words are the
//! lower-cased `\w+` runs, as `pith eval` counts tokens. So the headline "The big
//! story" under "The Big Story | Daily News" scores 1 (the longest part, all of it), a
//! paragraph that quotes the title among other words 0, a block "News" 1/5 of the
//! whole title or 0 against the part.

use std::collections::HashSet;

use pith_core::{AttributeUse, Block, Feature, FeatureKey, FeatureTable, Result};
use serde::{Deserialize, Serialize};

/// The `learn.title_repeat` feature (see the [module docs](self)). No fields.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleRepeat {}

/// The key of [`TitleRepeat`].
pub const TITLE_REPEAT: FeatureKey = FeatureKey::new("learn.title_repeat");

/// The separators between a title's parts ("Headline | Site").
const SEPARATORS: &[&str] = &[
    " | ", " - ", " – ", " — ", " / ", " \\ ", " > ", " » ", " · ", " :: ",
];

/// The share of a block's distinct words that may lie outside a title it repeats.
const MAX_OUTSIDE: f64 = 0.25;

/// The distinct lower-cased `\w+` words of `text` (the tokens labels are made of).
fn words(text: &str) -> HashSet<String> {
    crate::labels::tokens(text).collect()
}

/// The word sets a block may repeat: the whole title and its longest part between
/// [`SEPARATORS`] (by words; the first of equals). Empty sets are left out.
fn titles(title: &str) -> Vec<HashSet<String>> {
    let mut parts = vec![title.to_owned()];
    for separator in SEPARATORS {
        parts = parts
            .iter()
            .flat_map(|p| p.split(separator))
            .map(str::to_owned)
            .collect();
    }
    let whole = words(title);
    let longest = parts
        .iter()
        .map(|p| words(p))
        .fold(HashSet::new(), |best, part| {
            if part.len() > best.len() {
                part
            } else {
                best
            }
        });
    [whole, longest]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect()
}

/// The value of a block with words `block` against the page's `titles` (see the
/// [module docs](self)).
pub fn repeat_share(block: &HashSet<String>, titles: &[HashSet<String>]) -> f64 {
    if block.is_empty() {
        return 0.0;
    }
    titles
        .iter()
        .filter_map(|title| {
            let shared = block.iter().filter(|w| title.contains(*w)).count();
            let outside = block.len() - shared;
            (outside as f64 <= MAX_OUTSIDE * block.len() as f64)
                .then(|| shared as f64 / title.len() as f64)
        })
        .fold(0.0, f64::max)
}

#[typetag::serde(name = "learn.title_repeat")]
impl Feature for TitleRepeat {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        TITLE_REPEAT
    }
    /// Reads the page's title from the table ([`FeatureTable::title`]: the metadata
    /// reader's, from the page as parsed, so jusText's cleaning, which drops `<head>`,
    /// does not hide it); 0 for every block without one.
    fn compute(&self, blocks: &[Block], features: &FeatureTable) -> Result<Vec<f64>> {
        let titles = features.title().map(titles).unwrap_or_default();
        if titles.is_empty() {
            return Ok(vec![0.0; blocks.len()]);
        }
        Ok(blocks
            .iter()
            .map(|b| repeat_share(&words(&b.text), &titles))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The column for the body's child elements as blocks, with the page's title as
    /// the pipeline reads it.
    fn values(html: &str) -> Vec<f64> {
        let doc = pith_core::dom::parse_html(html);
        let body = doc.body().unwrap();
        let blocks: Vec<Block> = doc
            .children(body)
            .filter(|&n| doc.element(n).is_some())
            .map(|n| Block {
                text: doc.text_content(n).trim().to_string(),
                node: Some(n),
                ..Block::default()
            })
            .collect();
        let title = pith_core::dom::read_metadata(&doc).title;
        TitleRepeat {}
            .compute(&blocks, &FeatureTable::for_page(None, title))
            .unwrap()
    }

    #[test]
    fn the_headline_repeats_the_title_and_the_rest_does_not() {
        let v = values(
            "<title>The Big Story | Daily News</title><body><h1>The big story</h1>\
             <p>The big story is told in a long paragraph of other words.</p>\
             <p>News</p><p>The Big Story | Daily News</p><p></p><h2>The big story, again</h2></body>",
        );
        // The headline has all of the longest part; the paragraph has too many other
        // words; "News" has one word of the five; the whole title all of it; an empty
        // block nothing; a headline with one word more than the part (4 words, 1
        // outside) still repeats it.
        assert_eq!(v, [1.0, 0.0, 0.2, 1.0, 0.0, 1.0]);
    }

    #[test]
    fn without_a_title_nothing_repeats() {
        assert_eq!(values("<body><h1>The big story</h1></body>"), [0.0]);
        assert_eq!(values("<title> | </title><body><h1>x</h1></body>"), [0.0]);
        let blocks = [Block {
            text: "The big story".into(),
            ..Block::default()
        }];
        let v = TitleRepeat {}
            .compute(&blocks, &FeatureTable::new())
            .unwrap();
        assert_eq!(v, [0.0]);
    }

    #[test]
    fn words_are_lower_cased_word_runs_of_any_script() {
        let w = words("Élan, ÉLAN_2 — 東京タワー!");
        let expected: HashSet<String> = ["élan", "élan_2", "東京タワー"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(w, expected);
        let t = titles("東京タワー | サイト名前です");
        assert_eq!(t.len(), 2);
        // The first of two one-word parts is the headline.
        assert_eq!(repeat_share(&words("東京タワー"), &t), 1.0);
        assert_eq!(repeat_share(&words("サイト名前です"), &t), 0.5);
    }
}
