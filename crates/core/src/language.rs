//! The page-level language step: after segmentation and before the features, the
//! pipeline identifies the page's language from a bounded prefix of its blocks' text
//! (with `<html lang>` as a hint) so that features can choose per page
//! (`justext.stopwords_count` with `stoplist: "auto"`) and records can report it.
//!
//! Only a bounded sample is read because identification cost grows with the text and a
//! page's first few hundred characters of running text name its language as well as all
//! of them (the measured cost and accuracy are in decision 0010). The sample is the
//! page's first blocks of 40 bytes or more; when they do not name the language
//! reliably — a page that opens with menus, bylines or names — a second sample is read
//! from the page's most prose-like blocks (long, outside links, not code) and the more
//! confident answer is kept. The second reading is not the first because on pages with
//! comments in another language the longest blocks are those comments, while the first
//! blocks (headline, lead) are in the page's language.

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

/// The first sample identification reads: up to `max_bytes` bytes of block texts in
/// page order (blocks of 40 bytes or more, else any), joined by newlines, cut at a
/// character boundary.
pub fn language_sample(blocks: &[Block], max_bytes: usize) -> String {
    let mut sample = String::new();
    for min_len in [MIN_SAMPLE_BLOCK, 1] {
        for b in blocks.iter().filter(|b| b.text.len() >= min_len) {
            if sample.len() >= max_bytes {
                break;
            }
            push_bounded(&mut sample, &b.text, max_bytes);
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

/// Identifies the language of `blocks` with the given options and hint: from the
/// first blocks ([`language_sample`]), and when that is not reliable and the hint did not
/// decide, also from the most prose-like blocks ([`prose_sample`]), keeping the more
/// confident of the two.
pub fn identify_blocks(
    blocks: &[Block],
    hint: Option<&str>,
    options: &LanguageOptions,
) -> Option<Identification> {
    if !options.identify {
        return None;
    }
    let first = pith_lang::identify(&language_sample(blocks, options.max_bytes), hint);
    if first.is_some_and(|id| id.is_reliable() || id.source == Source::HtmlLang) {
        return first;
    }
    let prose = pith_lang::identify(&prose_sample(blocks, options.max_bytes), hint);
    match (first, prose) {
        (Some(f), Some(p)) if p.confidence > f.confidence => Some(p),
        (None, p) => p,
        (f, _) => f,
    }
}

/// Characters frequent in code, markup and tables and rare in running text of any
/// language; a block made of them (an escaped `<script>`, a URL list) is not prose.
fn is_code_char(c: char) -> bool {
    matches!(
        c,
        '<' | '>'
            | '{'
            | '}'
            | '['
            | ']'
            | '='
            | ';'
            | '|'
            | '\\'
            | '_'
            | '#'
            | '$'
            | '%'
            | '^'
            | '*'
            | '~'
    )
}

/// How much running text a block holds: its characters outside links, scaled down by
/// its share of code characters (10% or more of them: none).
fn prose_weight(b: &Block) -> f64 {
    let (mut chars, mut code) = (0usize, 0usize);
    for c in b.text.chars() {
        chars += 1;
        code += usize::from(is_code_char(c));
    }
    if chars == 0 {
        return 0.0;
    }
    let outside_links = chars.saturating_sub(b.chars_count_in_links) as f64;
    outside_links * (1.0 - 10.0 * code as f64 / chars as f64).max(0.0)
}

/// The second sample: up to `max_bytes` bytes of the blocks of highest
/// `prose_weight` (page order among equals), joined by newlines, cut at a character
/// boundary.
pub fn prose_sample(blocks: &[Block], max_bytes: usize) -> String {
    let mut weighted: Vec<(f64, &Block)> = blocks
        .iter()
        .map(|b| (prose_weight(b), b))
        .filter(|&(w, _)| w > 0.0)
        .collect();
    weighted.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut sample = String::new();
    for (_, b) in weighted {
        if sample.len() >= max_bytes {
            break;
        }
        push_bounded(&mut sample, &b.text, max_bytes);
    }
    sample
}

/// Appends `text` to `sample` (after a newline) up to `max_bytes` in all, cut at a
/// character boundary.
fn push_bounded(sample: &mut String, text: &str, max_bytes: usize) {
    if !sample.is_empty() {
        sample.push('\n');
    }
    let room = max_bytes.saturating_sub(sample.len());
    let mut cut = room.min(text.len());
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    sample.push_str(&text[..cut]);
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

    fn linked(text: &str) -> Block {
        Block {
            chars_count_in_links: text.chars().count(),
            ..block(text)
        }
    }

    const ENGLISH: &str = "It was the best of times, it was the worst of times, it was the age \
        of wisdom, it was the age of foolishness, it was the epoch of belief, it was the \
        epoch of incredulity, it was the season of Light, it was the season of Darkness.";

    #[test]
    fn the_prose_sample_takes_text_outside_links_and_leaves_out_code() {
        let code = "<script>document.write('<a href=\"/ad?id=1&amp;x=2\"><img src=\"/b.gif\"/></a>');</script>";
        let blocks = [
            linked("Home News Sports Weather Contact About Login Register Search"),
            block(code),
            block("A short line outside links."),
            block(ENGLISH),
        ];
        let s = prose_sample(&blocks, 10_000);
        assert_eq!(s, format!("{ENGLISH}\nA short line outside links."));
        let bounded = prose_sample(&[block(&"é".repeat(100))], 51);
        assert_eq!(bounded, "é".repeat(25));
        assert_eq!(prose_sample(&[linked("Home")], 100), "");
    }

    #[test]
    fn a_page_that_opens_with_menus_is_identified_from_its_prose() {
        // Whatlang calls this menu French with a confidence of about 0.15.
        let menu = "Home News Sports Weather Contact About Login Register Search Archive";
        let mut blocks: Vec<Block> = (0..16).map(|_| linked(menu)).collect();
        let options = LanguageOptions::default();
        let first = pith_lang::identify(&language_sample(&blocks, options.max_bytes), None)
            .expect("letters");
        assert!(!first.is_reliable(), "the menu alone is not conclusive");
        blocks.push(block(ENGLISH));
        let id = identify_blocks(&blocks, None, &options).unwrap();
        assert_eq!(id.language.code, "en");
        assert!(id.is_reliable());
    }

    #[test]
    fn a_reliable_first_sample_is_kept_over_longer_comments() {
        // A blog post in English under a longer comment in Spanish: the page is English.
        let comment = "Creo que sería interesante hablar sobre el tema del egoísmo. Todo el \
            mundo utiliza esta palabra y la utilizan para luego pedir favores a los demás; \
            te sueltan un discurso y después te piden algo, y si no les das lo que quieren \
            entonces te dicen que nadie te quiere. No creo que una persona que no molesta a \
            los demás sea egoísta por no querer ayudar cuando nunca se acuerdan de ella.";
        // The post fills the first sample (1 KiB); the comment is its longest block.
        let mut blocks: Vec<Block> = (0..5).map(|_| block(ENGLISH)).collect();
        blocks.push(block(comment));
        let id = identify_blocks(&blocks, None, &LanguageOptions::default()).unwrap();
        assert_eq!(id.language.code, "en");
        assert!(
            prose_sample(&blocks, 1024).starts_with("Creo"),
            "the prose sample would have read the comment first"
        );
    }

    #[test]
    fn identification_off_identifies_nothing() {
        let options = LanguageOptions {
            identify: false,
            ..LanguageOptions::default()
        };
        assert_eq!(identify_blocks(&[block(ENGLISH)], None, &options), None);
    }
}
