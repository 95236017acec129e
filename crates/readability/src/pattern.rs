//! [`Pattern`]: a regular expression that is a stage parameter.
//!
//! Readability.js keeps its class/id patterns in one `REGEXPS` table, all matched
//! case-insensitively (`/…/i`). Here each pattern is a field of the stage that uses it,
//! written in the pipeline file as its source string and compiled when the file is
//! loaded, so a bad pattern is a load-time error that names the field.

use aho_corasick::automaton::{Automaton, StateID};
use aho_corasick::dfa::DFA;
use aho_corasick::Anchored;
use regex::{Regex, RegexBuilder};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A case-insensitive regular expression (Rust `regex` syntax), saved as its source.
#[derive(Clone, Debug)]
pub struct Pattern {
    source: String,
    regex: Regex,
    /// The same test for ASCII text, when the pattern is only words ([`Words`]).
    words: Option<Words>,
}

impl Pattern {
    /// Compiles `source` case-insensitively.
    pub fn new(source: &str) -> Result<Pattern, regex::Error> {
        let regex = RegexBuilder::new(source)
            .case_insensitive(true)
            .size_limit(1 << 22)
            .build()?;
        Ok(Pattern {
            source: source.to_owned(),
            regex,
            words: Words::parse(source),
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
            _ => self.regex.is_match(text),
        }
    }

    /// Number of pieces `text` splits into at the pattern's matches (JavaScript's
    /// `text.split(re).length`: one more than the number of matches).
    pub fn split_count(&self, text: &str) -> usize {
        self.regex.find_iter(text).count() + 1
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
    /// The unanchored alternatives, and the automaton's start state.
    anywhere: Option<(DFA, StateID)>,
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
        let mut words = Words {
            anywhere: None,
            starts: Vec::new(),
            ends: Vec::new(),
            whole: Vec::new(),
        };
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
                (true, false) => words.starts.push(word),
                (false, true) => words.ends.push(word),
                (true, true) => words.whole.push(word),
            }
        }
        if !anywhere.is_empty() {
            // A DFA, walked byte by byte below: on strings this short, the generic
            // search's setup costs more than the walk.
            let dfa = DFA::builder()
                .ascii_case_insensitive(true)
                .prefilter(false)
                .build(&anywhere)
                .ok()?;
            let start = dfa.start_state(Anchored::No).ok()?;
            words.anywhere = Some((dfa, start));
        }
        Some(words)
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
            || self
                .anywhere
                .as_ref()
                .is_some_and(|(dfa, start)| contains_word(dfa, *start, bytes))
    }
}

/// Whether one of the words of `dfa` (a standard, unanchored Aho-Corasick automaton
/// starting at `start`) is in `text`: its first match state is a match.
fn contains_word(dfa: &DFA, start: StateID, text: &[u8]) -> bool {
    let mut state = start;
    for &byte in text {
        state = dfa.next_state(Anchored::No, state, byte);
        if dfa.is_special(state) {
            if dfa.is_match(state) {
                return true;
            }
            if dfa.is_dead(state) {
                return false;
            }
        }
    }
    false
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
            proptest::prop_assert_eq!(words.is_match(&text), pattern.regex.is_match(&text));
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
            proptest::prop_assert_eq!(pattern.is_match(&text), pattern.regex.is_match(&text));
        }
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
