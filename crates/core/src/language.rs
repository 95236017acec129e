//! The page-level language step: after segmentation and before the features, the
//! pipeline identifies the page's language from a bounded prefix of its blocks' text
//! (with `<html lang>` as a hint) so that features can choose per page
//! (`justext.stopwords_count` with `stoplist: "auto"`) and records can report it.
//!
//! Only a prefix is read because identification cost grows with the text and a page's
//! first few hundred characters of running text name its language as well as all of
//! them (the measured cost and accuracy are in decision 0010).

use pith_dom::Document;
use serde::{Deserialize, Serialize};

use crate::block::Block;

pub use pith_lang::{Identification, Language, Source};

fn yes() -> bool {
    true
}

fn default_max_bytes() -> usize {
    LanguageOptions::default().max_bytes
}

/// The `language` section of a pipeline file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageOptions {
    /// Identify each page's language (default `true`). Off, no record has a language
    /// and `stoplist: "auto"` runs every page in the language-independent mode.
    #[serde(default = "yes")]
    pub identify: bool,
    /// How many bytes of block text are read (default 1024): blocks of 40 bytes or
    /// more first, in page order, else any block.
    #[serde(default = "default_max_bytes")]
    pub max_bytes: usize,
}

impl Default for LanguageOptions {
    fn default() -> Self {
        LanguageOptions {
            identify: true,
            max_bytes: 1024,
        }
    }
}

impl LanguageOptions {
    /// Whether these are the defaults (pipeline files leave the section out then).
    pub fn is_default(&self) -> bool {
        *self == LanguageOptions::default()
    }
}

/// Blocks shorter than this are menus and buttons more often than sentences; they are
/// read only when a page has no longer block.
const MIN_SAMPLE_BLOCK: usize = 40;

/// The text identification reads: up to `max_bytes` bytes of block texts joined by
/// newlines, cut at a character boundary.
pub fn language_sample(blocks: &[Block], max_bytes: usize) -> String {
    let mut sample = String::new();
    for min_len in [MIN_SAMPLE_BLOCK, 1] {
        for b in blocks.iter().filter(|b| b.text.len() >= min_len) {
            if sample.len() >= max_bytes {
                break;
            }
            if !sample.is_empty() {
                sample.push('\n');
            }
            let room = max_bytes.saturating_sub(sample.len());
            let mut cut = room.min(b.text.len());
            while !b.text.is_char_boundary(cut) {
                cut -= 1;
            }
            sample.push_str(&b.text[..cut]);
        }
        if !sample.is_empty() {
            break;
        }
    }
    sample
}

/// The page's declared language: `<html lang>` (or `xml:lang`), if any.
pub fn html_lang(doc: &Document) -> Option<&str> {
    let html = doc.element(doc.html_element()?)?;
    html.attr("lang")
        .or_else(|| html.attr("xml:lang"))
        .filter(|l| !l.trim().is_empty())
}

/// Identifies the language of `blocks` with the given options and hint.
pub fn identify_blocks(
    blocks: &[Block],
    hint: Option<&str>,
    options: &LanguageOptions,
) -> Option<Identification> {
    if !options.identify {
        return None;
    }
    pith_lang::identify(&language_sample(blocks, options.max_bytes), hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(text: &str) -> Block {
        Block {
            text: text.to_owned(),
            ..Block::default()
        }
    }

    #[test]
    fn long_blocks_first_then_any() {
        let long = "x".repeat(50);
        let blocks = [block("Home"), block(&long), block("About")];
        assert_eq!(language_sample(&blocks, 1000), long);
        let short = [block("Home"), block("About")];
        assert_eq!(language_sample(&short, 1000), "Home\nAbout");
    }

    #[test]
    fn the_sample_is_bounded_at_a_char_boundary() {
        let blocks = [block(&"é".repeat(100))];
        let s = language_sample(&blocks, 51);
        assert_eq!(s, "é".repeat(25));
    }
}
