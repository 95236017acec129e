//! [`Pattern`]: a regular expression that is a stage parameter.
//!
//! Readability.js keeps its class/id patterns in one `REGEXPS` table, all matched
//! case-insensitively (`/…/i`). Here each pattern is a field of the stage that uses it,
//! written in the pipeline file as its source string and compiled when the file is
//! loaded, so a bad pattern is a load-time error that names the field.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, OnceLock};

use pith_core::WordAutomaton;
use regex::{Regex, RegexBuilder};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A case-insensitive regular expression (Rust `regex` syntax), saved as its source.
#[derive(Clone, Debug)]
pub struct Pattern {
    source: String,
    /// The compiled expression: compiled when the pattern is made, except for a pattern
    /// of words ([`Words`]) no longer than [`LAZY_WORDS_BYTES`], whose expression only
    /// non-ASCII text and [`split_count`](Pattern::split_count) need, and which is then
    /// compiled at the first such call. Compiling Readability's case-insensitive class
    /// and id patterns was a third of loading the `pith` preset (25 of 80 × 10⁶
    /// instructions, once a process), and class and id values are almost always ASCII.
    regex: OnceLock<Regex>,
    /// The same test for ASCII text, when the pattern is only words ([`Words`]).
    words: Option<Words>,
}

/// The longest pattern of words whose expression is compiled only when needed
/// (Readability's longest is 324 bytes). A pattern of words always parses; this bound
/// keeps its compiled size under a tenth of [`SIZE_LIMIT`], so that compiling it later
/// cannot fail (`long_word_patterns_compile_within_the_limit` below).
const LAZY_WORDS_BYTES: usize = 1024;

/// The compiled size a pattern may take (the `regex` crate's `size_limit`).
const SIZE_LIMIT: usize = 1 << 22;

/// Expressions compiled in this process, by source, up to [`COMPILED_KEPT`] of them: a
/// pipeline names the same pattern in several stages (the `pith` preset's Readability
/// stages the video hosts' four times, the ad and loading words twice), and a clone of
/// a `Regex` shares its compiled program.
static COMPILED: LazyLock<Mutex<HashMap<String, Regex>>> = LazyLock::new(Mutex::default);

/// How many compiled expressions [`COMPILED`] keeps (a process that loads pipelines of
/// ever new patterns keeps the first ones and compiles the rest each time).
const COMPILED_KEPT: usize = 64;

/// `source` compiled case-insensitively, or the same expression compiled before.
fn compile(source: &str) -> Result<Regex, regex::Error> {
    let compiled = || {
        COMPILED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    if let Some(regex) = compiled().get(source) {
        return Ok(regex.clone());
    }
    let regex = RegexBuilder::new(source)
        .case_insensitive(true)
        .size_limit(SIZE_LIMIT)
        .build()?;
    let mut kept = compiled();
    if kept.len() < COMPILED_KEPT {
        kept.insert(source.to_owned(), regex.clone());
    }
    Ok(regex)
}

impl Pattern {
    /// Compiles `source` case-insensitively.
    pub fn new(source: &str) -> Result<Pattern, regex::Error> {
        let words = Words::parse(source);
        let regex = OnceLock::new();
        if words.is_none() || source.len() > LAZY_WORDS_BYTES {
            // Errors (syntax, size) are the pipeline file's, at load time.
            let _ = regex.set(compile(source)?);
        }
        Ok(Pattern {
            source: source.to_owned(),
            regex,
            words,
        })
    }

    /// A pattern known to compile (the built-in defaults).
    pub(crate) fn builtin(source: &str) -> Pattern {
        Pattern::new(source).expect("built-in patterns compile")
    }

    /// The source as written in the pipeline file.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether the pattern matches anywhere in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        match &self.words {
            Some(words) if text.is_ascii() => words.is_match(text),
            _ => self.regex().is_match(text),
        }
    }

    /// Number of pieces `text` splits into at the pattern's matches (JavaScript's
    /// `text.split(re).length`: one more than the number of matches).
    pub fn split_count(&self, text: &str) -> usize {
        self.regex().find_iter(text).count() + 1
    }

    /// The compiled expression, compiled now if it was left for later.
    fn regex(&self) -> &Regex {
        self.regex.get_or_init(|| {
            compile(&self.source).expect("a short pattern of words compiles within the limit")
        })
    }
}

/// A pattern that is only alternatives of words — letters, digits, `_`, `-` and spaces,
/// each alternative perhaps anchored by `^` and `$` — as Readability's class/id
/// patterns are, tested on ASCII text without the regular expression: there the
/// pattern's case-insensitive matching is ASCII case-insensitive comparison (a letter's
/// other case forms, such as the Kelvin sign's `k`, are not ASCII), and one
/// Aho-Corasick DFA finds any unanchored word. Class names are short and
/// many: the regular expression's cost per call, and the lazy DFA it builds as it
/// meets new strings, were most of the matching.
#[derive(Clone, Debug)]
struct Words {
    /// The unanchored alternatives.
    anywhere: WordAutomaton,
    /// `^word`: the text starts with the word.
    starts: Vec<String>,
    /// `word$`: the text ends with the word.
    ends: Vec<String>,
    /// `^word$`: the text is the word.
    whole: Vec<String>,
}

impl Words {
    /// The words of `source`, if it is only words.
    fn parse(source: &str) -> Option<Words> {
        let (mut starts, mut ends, mut whole) = (Vec::new(), Vec::new(), Vec::new());
        let mut anywhere = Vec::new();
        for alternative in source.split('|') {
            let (start, rest) = match alternative.strip_prefix('^') {
                Some(rest) => (true, rest),
                None => (false, alternative),
            };
            let (end, word) = match rest.strip_suffix('$') {
                Some(word) => (true, word),
                None => (false, rest),
            };
            let literal = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ');
            if word.is_empty() || !word.chars().all(literal) {
                return None;
            }
            let word = word.to_ascii_lowercase();
            match (start, end) {
                (false, false) => anywhere.push(word),
                (true, false) => starts.push(word),
                (false, true) => ends.push(word),
                (true, true) => whole.push(word),
            }
        }
        Some(Words {
            // An automaton walked a byte at a time: on strings this short, the generic
            // search's setup costs more than the walk.
            anywhere: WordAutomaton::new(&anywhere).ok()?,
            starts,
            ends,
            whole,
        })
    }

    /// Whether one of the words is in `text`, which is ASCII.
    fn is_match(&self, text: &str) -> bool {
        let bytes = text.as_bytes();
        let at = |range: Option<&[u8]>, word: &String| {
            range.is_some_and(|r| r.eq_ignore_ascii_case(word.as_bytes()))
        };
        self.whole.iter().any(|w| at(Some(bytes), w))
            || self.starts.iter().any(|w| at(bytes.get(..w.len()), w))
            || self
                .ends
                .iter()
                .any(|w| at(bytes.len().checked_sub(w.len()).map(|i| &bytes[i..]), w))
            || self.anywhere.any_in(text)
    }
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Pattern) -> bool {
        self.source == other.source
    }
}

impl Serialize for Pattern {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.source)
    }
}

impl<'de> Deserialize<'de> for Pattern {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pattern, D::Error> {
        let source = String::deserialize(d)?;
        Pattern::new(&source).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_case_insensitively_and_round_trips() {
        let p = Pattern::new("comment|^hid$").unwrap();
        assert!(p.is_match("user-COMMENTS"));
        assert!(p.is_match("hid"));
        assert!(!p.is_match("hidden"));
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, "\"comment|^hid$\"");
        let back: Pattern = serde_json::from_str(&json).unwrap();
        assert_eq!(back, p);
        assert!(serde_json::from_str::<Pattern>("\"(\"").is_err());
    }

    /// Readability's class/id patterns, which are only words.
    const WORD_PATTERNS: &[&str] = &[
        crate::score::POSITIVE,
        crate::score::NEGATIVE,
        crate::unlikely::UNLIKELY_CANDIDATES,
        crate::unlikely::OK_MAYBE_ITS_A_CANDIDATE,
        crate::metadata::BYLINE,
    ];

    #[test]
    fn only_patterns_of_words_are_words() {
        for source in WORD_PATTERNS {
            assert!(Words::parse(source).is_some(), "{source}");
        }
        for source in [
            "a.b", "a||b", "^$", r"\bshare", "(a|b)", "a$|é", "[ab]", "a*",
        ] {
            assert!(Words::parse(source).is_none(), "{source}");
        }
    }

    proptest::proptest! {
        #[test]
        fn words_match_as_the_regular_expression_does(
            source in "\\^?[aKks -]{1,3}\\$?(\\|\\^?[aKks _-]{1,3}\\$?){0,3}",
            text in "[aAkKsS _-]{0,8}",
        ) {
            let pattern = Pattern::new(&source).unwrap();
            let words = Words::parse(&source).unwrap();
            proptest::prop_assert_eq!(words.is_match(&text), pattern.regex().is_match(&text));
        }

        #[test]
        fn readabilitys_patterns_match_as_their_regular_expressions_do(
            k in 0..WORD_PATTERNS.len(),
            // Pieces of the patterns' words in any case, and other ASCII.
            parts in proptest::collection::vec(
                "hid|HID|ad|-|Side|bar|main|COMMENT|author|by|line| |x|_|[ -~]{0,3}",
                0..8,
            ),
        ) {
            let pattern = Pattern::new(WORD_PATTERNS[k]).unwrap();
            let text = parts.concat();
            proptest::prop_assert_eq!(pattern.is_match(&text), pattern.regex().is_match(&text));
        }
    }

    #[test]
    fn a_pattern_of_words_is_compiled_when_first_needed() {
        let pattern = Pattern::new("comment|^hid$").unwrap();
        assert!(pattern.regex.get().is_none());
        assert!(pattern.is_match("COMMENTS"));
        assert!(pattern.regex.get().is_none());
        assert!(pattern.is_match("comment\u{e9}"));
        assert!(pattern.regex.get().is_some());
        // Other patterns are compiled at once: their errors are load-time errors.
        assert!(Pattern::new("a.b").unwrap().regex.get().is_some());
        assert!(Pattern::new("(").is_err());
    }

    #[test]
    fn compiled_expressions_are_kept_up_to_a_bound() {
        for i in 0..COMPILED_KEPT + 8 {
            let source = format!("a.{i}");
            let first = Pattern::new(&source).unwrap();
            let again = Pattern::new(&source).unwrap();
            assert_eq!(first.regex().as_str(), again.regex().as_str());
            assert!(again.is_match(&format!("xaz{i}")) && !again.is_match("a"));
        }
        let kept = COMPILED.lock().unwrap_or_else(|p| p.into_inner()).len();
        assert!(kept <= COMPILED_KEPT, "{kept}");
    }

    #[test]
    fn long_word_patterns_compile_within_the_limit() {
        // The longest pattern left to compile later, of different words of the letters
        // that compile largest (with other case forms: k, s), under a tenth of the limit.
        let words = (0u32..).map(|i| {
            (0..10)
                .map(|bit| if i >> bit & 1 == 1 { 'k' } else { 's' })
                .collect::<String>()
        });
        let mut source = String::new();
        for word in words {
            if source.len() + 1 + word.len() > LAZY_WORDS_BYTES {
                break;
            }
            if !source.is_empty() {
                source.push('|');
            }
            source.push_str(&word);
        }
        let word = "kkkkkkkkkkk";
        let compiled = RegexBuilder::new(&source)
            .case_insensitive(true)
            .size_limit(SIZE_LIMIT / 10)
            .build();
        assert!(compiled.is_ok(), "{:?}", compiled.err());
        // A longer one is compiled at once.
        let longer = format!("{source}|{word}");
        assert!(Pattern::new(&longer).unwrap().regex.get().is_some());
    }

    #[test]
    fn non_ascii_text_goes_to_the_regular_expression() {
        // The Kelvin sign is a case form of `k`: the regular expression finds "kelvin".
        let pattern = Pattern::new("kelvin").unwrap();
        assert!(pattern.words.is_some());
        assert!(pattern.is_match("\u{212A}elvin"));
        assert!(pattern.is_match("KELVIN"));
    }

    #[test]
    fn split_count_is_matches_plus_one() {
        let commas = Pattern::new(",|\u{FF0C}").unwrap();
        assert_eq!(commas.split_count("a, b，c"), 3);
        assert_eq!(commas.split_count(""), 1);
    }
}
