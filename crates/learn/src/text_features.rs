//! Text cues of a block: what its words look like, not where it sits.
//!
//! Why: the structural columns (lengths, densities, the algorithms' scores) cannot
//! tell a one-line caption from a one-line menu item, or a comment from the article
//! it follows. The text itself can: prose ends its sentences, menus and bylines are
//! capitalised runs of short words, footers carry dates, `©` and "subscribe", and
//! menus and footers repeat on the page. Every cue here is language-independent or
//! comes with a multilingual word list, and each is one column of one `learn.text`
//! stage, so a pipeline file picks the ones it wants.
//!
//! Words are the block's whitespace-separated tokens that hold a letter or digit.
//!
//! | `stat` | key | value |
//! |---|---|---|
//! | `sentence_ends` | `learn.text_sentence_ends` | sentence-ending marks (`.` `!` `?` `…` at a token's end, before closing quotes or brackets; `。` `！` `？` `؟` `।` anywhere) per word (0 without words) |
//! | `ends_sentence` | `learn.text_ends_sentence` | 1 when the block's last token ends a sentence, else 0 |
//! | `capitalised` | `learn.text_capitalised` | share of words whose first letter is upper case |
//! | `numeric` | `learn.text_numeric` | share of words with a digit |
//! | `date_like` | `learn.text_date_like` | share of words that look like a date or a time: digits joined by `/`, `-`, `.` or `:` (`2024-05-01`, `12:30`, `1.5.2024`), or a year 1900–2099 |
//! | `word_length` | `learn.text_word_length` | mean letters and digits per word (0 without words) |
//! | `sentence_length` | `learn.text_sentence_length` | words per sentence: words over sentence-ending marks (at least one) |
//! | `boilerplate` | `learn.text_boilerplate` | words of [`BOILERPLATE_WORDS`] (lower-cased, stripped of punctuation), plus occurrences of [`BOILERPLATE_MARKS`] and of [`BOILERPLATE_CJK`] |
//! | `repeats` | `learn.text_repeats` | other blocks of the page with the same text (ignoring case; 0 for empty text) |

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use pith_core::{AttributeUse, Block, Feature, FeatureKey, FeatureTable, Result};
use serde::{Deserialize, Serialize};

/// What [`Text`] measures (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TextStat {
    /// Sentence-ending marks per word.
    SentenceEnds,
    /// 1 when the block's last token ends a sentence.
    EndsSentence,
    /// Share of words starting with an upper-case letter.
    Capitalised,
    /// Share of words with a digit.
    Numeric,
    /// Share of words that look like a date or a time.
    DateLike,
    /// Mean letters and digits per word.
    WordLength,
    /// Words per sentence.
    SentenceLength,
    /// Boilerplate words and marks.
    Boilerplate,
    /// Other blocks of the page with the same text.
    Repeats,
}

impl TextStat {
    fn name(self) -> &'static str {
        match self {
            TextStat::SentenceEnds => "sentence_ends",
            TextStat::EndsSentence => "ends_sentence",
            TextStat::Capitalised => "capitalised",
            TextStat::Numeric => "numeric",
            TextStat::DateLike => "date_like",
            TextStat::WordLength => "word_length",
            TextStat::SentenceLength => "sentence_length",
            TextStat::Boilerplate => "boilerplate",
            TextStat::Repeats => "repeats",
        }
    }
}

/// Words of page furniture (sharing, accounts, comments, legal, advertising,
/// navigation) in English, German, French, Spanish, Italian, Portuguese, Dutch,
/// Polish and Russian, lower case. Counted, not decided on: "share" or "more" appear
/// in articles too, and the trees weigh the count against the rest.
pub const BOILERPLATE_WORDS: &[&str] = &[
    // English
    "copyright",
    "reserved",
    "share",
    "tweet",
    "subscribe",
    "newsletter",
    "comments",
    "comment",
    "reply",
    "login",
    "logout",
    "sign",
    "signup",
    "register",
    "cookie",
    "cookies",
    "privacy",
    "terms",
    "advertisement",
    "advertising",
    "sponsored",
    "related",
    "read",
    "more",
    "tags",
    "tagged",
    "category",
    "categories",
    "menu",
    "home",
    "contact",
    "follow",
    "facebook",
    "twitter",
    "instagram",
    "linkedin",
    "whatsapp",
    "pinterest",
    "youtube",
    "email",
    "print",
    "previous",
    "next",
    "skip",
    "search",
    "click",
    "download",
    "posted",
    // German
    "impressum",
    "datenschutz",
    "kommentare",
    "kommentar",
    "teilen",
    "anmelden",
    "abonnieren",
    "werbung",
    "weiterlesen",
    "mehr",
    "startseite",
    "kontakt",
    // French
    "commentaires",
    "partager",
    "connexion",
    "abonner",
    "publicité",
    "lire",
    "suite",
    "accueil",
    "mentions",
    // Spanish, Italian, Portuguese
    "comentarios",
    "compartir",
    "suscribirse",
    "publicidad",
    "leer",
    "más",
    "inicio",
    "commenti",
    "condividi",
    "accedi",
    "iscriviti",
    "pubblicità",
    "leggi",
    "comentários",
    "compartilhar",
    "partilhar",
    "assine",
    "publicidade",
    "mais",
    // Dutch, Polish, Russian
    "reacties",
    "delen",
    "inloggen",
    "abonneren",
    "advertentie",
    "lees",
    "komentarze",
    "udostępnij",
    "zaloguj",
    "reklama",
    "więcej",
    "комментарии",
    "поделиться",
    "подписаться",
    "войти",
    "реклама",
    "читать",
    "далее",
];

/// Language-independent marks of page furniture: copyright and trade marks,
/// separators of menus and breadcrumbs, bullets and arrows.
pub const BOILERPLATE_MARKS: &[char] = &[
    '©', '®', '™', '|', '»', '«', '›', '‹', '•', '·', '→', '←', '★',
];

/// [`BOILERPLATE_WORDS`] as a set, built once.
fn boilerplate_words() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| BOILERPLATE_WORDS.iter().copied().collect())
}

/// Boilerplate words of scripts written without spaces (Chinese, Japanese), counted
/// as substrings: copyright, comments, share, log in, advertisement, related.
pub const BOILERPLATE_CJK: &[&str] = &[
    "版权",
    "评论",
    "分享",
    "登录",
    "广告",
    "相关",
    "著作権",
    "広告",
    "コメント",
    "シェア",
    "ログイン",
    "関連",
];

/// `learn.text`: one text cue of each block (see the module's table). Fields: `stat`,
/// `key` (default `learn.text_<stat>`). Reads only the blocks' text.
///
/// ```
/// # use pith_learn::text_features::{Text, TextStat};
/// use pith_core::{Block, Feature, FeatureTable};
/// let f: Text = serde_json::from_str(r#"{"stat": "ends_sentence"}"#).unwrap();
/// assert_eq!(f.stat, TextStat::EndsSentence);
/// let blocks = [Block { text: "A sentence.".into(), ..Block::default() }];
/// assert_eq!(f.compute(&blocks, &FeatureTable::new()).unwrap(), [1.0]);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// What to measure.
    pub stat: TextStat,
    /// The column's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

/// Marks that end a sentence at a token's end.
fn ends_sentence_mark(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '…')
}

/// Marks that end a sentence wherever they are (scripts without spaces).
fn full_width_end(c: char) -> bool {
    matches!(c, '。' | '！' | '？' | '؟' | '।')
}

/// Closing marks that may follow a sentence's end: `end."` and `end.)` still end it.
fn closing(c: char) -> bool {
    matches!(c, '"' | '\'' | ')' | ']' | '»' | '”' | '’' | '」' | '』')
}

/// Whether a token ends a sentence.
fn token_ends_sentence(token: &str) -> bool {
    token
        .chars()
        .rev()
        .find(|&c| !closing(c))
        .is_some_and(|c| ends_sentence_mark(c) || full_width_end(c))
}

/// Whether a token looks like a date or a time: digits joined by `/`, `-`, `.` or `:`
/// (digit groups of at most 4, at least two groups), or a year 1900–2099, ignoring
/// punctuation around it.
fn date_like(token: &str) -> bool {
    let t = token.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    if t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()) {
        return t.starts_with("19") || t.starts_with("20");
    }
    let mut groups = 0;
    for group in t.split(['/', '-', '.', ':']) {
        if group.is_empty() || group.len() > 4 || !group.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        groups += 1;
    }
    groups >= 2
}

/// Counts of one block's text, from which every [`TextStat`] but `Repeats` follows.
#[derive(Default)]
struct Counts {
    words: usize,
    word_chars: usize,
    ends: usize,
    last_ends: bool,
    capitalised: usize,
    numeric: usize,
    dates: usize,
    boilerplate: usize,
}

/// The counts of `text`; the boilerplate ones (a word-list lookup per word) only when
/// `boilerplate` is asked for.
fn counts(text: &str, boilerplate: bool) -> Counts {
    let mut c = Counts::default();
    let mut lower = String::new();
    for token in text.split_whitespace() {
        let ends = token_ends_sentence(token);
        c.last_ends = ends;
        c.ends += usize::from(ends && token.chars().any(ends_sentence_mark));
        c.ends += token.chars().filter(|&ch| full_width_end(ch)).count();
        if boilerplate {
            c.boilerplate += token
                .chars()
                .filter(|ch| BOILERPLATE_MARKS.contains(ch))
                .count();
        }
        if boilerplate && !token.is_ascii() {
            c.boilerplate += BOILERPLATE_CJK
                .iter()
                .map(|w| token.matches(w).count())
                .sum::<usize>();
        }
        let alnum = token.chars().filter(|ch| ch.is_alphanumeric()).count();
        if alnum == 0 {
            continue;
        }
        c.words += 1;
        c.word_chars += alnum;
        c.capitalised += usize::from(
            token
                .chars()
                .find(|ch| ch.is_alphabetic())
                .is_some_and(char::is_uppercase),
        );
        c.numeric += usize::from(token.chars().any(|ch| ch.is_numeric()));
        c.dates += usize::from(date_like(token));
        if !boilerplate {
            continue;
        }
        lower.clear();
        lower.extend(
            token
                .trim_matches(|ch: char| !ch.is_alphanumeric())
                .chars()
                .flat_map(char::to_lowercase),
        );
        c.boilerplate += usize::from(boilerplate_words().contains(lower.as_str()));
    }
    c
}

fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// For each block, the other blocks of the page whose text is the same ignoring case.
fn repeats(blocks: &[Block]) -> Vec<f64> {
    let keys: Vec<String> = blocks.iter().map(|b| b.text.to_lowercase()).collect();
    let mut seen: HashMap<&str, usize> = HashMap::with_capacity(keys.len());
    for k in keys.iter().filter(|k| !k.is_empty()) {
        *seen.entry(k.as_str()).or_default() += 1;
    }
    keys.iter()
        .map(|k| seen.get(k.as_str()).map_or(0.0, |&n| (n - 1) as f64))
        .collect()
}

#[typetag::serde(name = "learn.text")]
impl Feature for Text {
    /// Reads no attribute.
    fn reads_attributes(&self) -> AttributeUse {
        AttributeUse::Of(Vec::new())
    }
    fn key(&self) -> FeatureKey {
        FeatureKey(
            self.key
                .clone()
                .unwrap_or_else(|| format!("learn.text_{}", self.stat.name()))
                .into(),
        )
    }
    fn compute(&self, blocks: &[Block], _: &FeatureTable) -> Result<Vec<f64>> {
        if self.stat == TextStat::Repeats {
            return Ok(repeats(blocks));
        }
        Ok(blocks
            .iter()
            .map(|b| {
                let c = counts(&b.text, self.stat == TextStat::Boilerplate);
                match self.stat {
                    TextStat::SentenceEnds => share(c.ends, c.words),
                    TextStat::EndsSentence => f64::from(u8::from(c.last_ends)),
                    TextStat::Capitalised => share(c.capitalised, c.words),
                    TextStat::Numeric => share(c.numeric, c.words),
                    TextStat::DateLike => share(c.dates, c.words),
                    TextStat::WordLength => share(c.word_chars, c.words),
                    TextStat::SentenceLength => share(c.words, c.ends.max(1)),
                    TextStat::Boilerplate => c.boilerplate as f64,
                    TextStat::Repeats => unreachable!("handled above"),
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(stat: TextStat, texts: &[&str]) -> Vec<f64> {
        let blocks: Vec<Block> = texts
            .iter()
            .map(|t| Block {
                text: t.to_string(),
                ..Block::default()
            })
            .collect();
        Text { stat, key: None }
            .compute(&blocks, &FeatureTable::new())
            .unwrap()
    }

    #[test]
    fn sentences_end_at_marks_before_closing_quotes() {
        let texts = [
            "It rained. Then it stopped!",
            "He said \"stop.\" And left",
            "Home | News | Sport",
            "版权所有。评论",
            "",
            "v1.5 e.g",
        ];
        assert_eq!(
            column(TextStat::SentenceEnds, &texts),
            [0.4, 1.0 / 5.0, 0.0, 1.0, 0.0, 0.0]
        );
        assert_eq!(
            column(TextStat::EndsSentence, &texts),
            [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        );
        assert_eq!(
            column(TextStat::SentenceLength, &texts),
            [2.5, 5.0, 3.0, 1.0, 0.0, 2.0]
        );
    }

    #[test]
    fn shares_of_capitalised_numeric_and_date_words() {
        let texts = [
            "Posted 2024-05-01 at 12:30 by Jane Doe",
            "über Älles 3 x",
            "-- ...",
        ];
        assert_eq!(
            column(TextStat::Capitalised, &texts),
            [3.0 / 7.0, 0.25, 0.0]
        );
        assert_eq!(column(TextStat::Numeric, &texts), [2.0 / 7.0, 0.25, 0.0]);
        assert_eq!(column(TextStat::DateLike, &texts), [2.0 / 7.0, 0.0, 0.0]);
        assert_eq!(column(TextStat::WordLength, &["ab cde,", "--"]), [2.5, 0.0]);
    }

    #[test]
    fn dates_and_years() {
        for yes in [
            "2024",
            "(1999)",
            "1.5.2024",
            "12:30",
            "05/01/24",
            "2024-05-01,",
        ] {
            assert!(date_like(yes), "{yes}");
        }
        for no in ["1850", "12345", "3", "1.5a", "abc", "1..2", "v1.5"] {
            assert!(!date_like(no), "{no}");
        }
    }

    #[test]
    fn boilerplate_words_marks_and_cjk() {
        let texts = [
            "© 2024 Example. All rights reserved.",
            "Share on Facebook » Read more",
            "Kommentare (3) | Teilen",
            "评论与分享",
            "The river flows north.",
        ];
        assert_eq!(
            column(TextStat::Boilerplate, &texts),
            [2.0, 5.0, 3.0, 2.0, 0.0]
        );
    }

    #[test]
    fn repeats_count_the_other_blocks_with_the_same_text() {
        assert_eq!(
            column(TextStat::Repeats, &["Home", "Text", "home", "HOME", "", ""]),
            [2.0, 0.0, 2.0, 2.0, 0.0, 0.0]
        );
    }

    #[test]
    fn key_names_the_stat() {
        let f = Text {
            stat: TextStat::DateLike,
            key: None,
        };
        assert_eq!(f.key().as_str(), "learn.text_date_like");
    }
}
