//! Which of a list of words occur in a string, ASCII case ignored, in one pass over it:
//! `learn.class_words` and `learn.class_word_sets` ask it of the `class` and `id` values
//! of most elements of every page (the `pith` preset: one automaton for its four class/id
//! word lists, two more for schema.org's article body and bylines), and Readability's
//! class/id patterns, which are lists of words, ask it of the same values.
//!
//! The automaton is the `aho-corasick` crate's DFA (every transition resolved, each
//! match state holding the words that end there, its own and those that are its
//! suffixes), walked here a byte at a time. Why not the crate's search functions: their
//! general loop (input bounds, anchoring, prefilters, match bookkeeping) cost about 15
//! instructions a byte on these short values, the walk a table lookup a byte. Property
//! tests hold it to a search for each word.

use aho_corasick::automaton::{Automaton, StateID};
use aho_corasick::dfa::DFA;
use aho_corasick::{Anchored, MatchKind};

/// The automaton of a list of words: the `aho-corasick` crate's DFA, walked a byte at a time
/// (why, in the docs of the module `word_automaton`).
///
/// ```
/// use pith_core::WordAutomaton;
///
/// let words = WordAutomaton::new(&["nav", "footer", "ad"]).unwrap();
/// assert!(words.any_in("site-FOOTER") && !words.any_in("article"));
/// let mut seen = vec![0u64; words.blocks()];
/// words.words_in("main-nav header", &mut seen);
/// assert_eq!(seen, [0b101]); // "nav" and "ad" (in "header")
/// ```
#[derive(Clone, Debug)]
pub struct WordAutomaton {
    /// The DFA of the non-empty words and its start state (`None`: no such word).
    dfa: Option<(DFA, StateID)>,
    /// The index in the given list of each of the DFA's patterns.
    word_of: Vec<usize>,
    /// `u64`s of a bitset with one bit per word.
    blocks: usize,
}

impl WordAutomaton {
    /// The automaton of `words`, ASCII letters of any case matching either. An empty
    /// word occurs nowhere. Fails only when the automaton would be too large.
    pub fn new<S: AsRef<str>>(words: &[S]) -> Result<WordAutomaton, String> {
        let (word_of, patterns): (Vec<usize>, Vec<&str>) = (words.iter().enumerate())
            .map(|(i, w)| (i, w.as_ref()))
            .filter(|(_, w)| !w.is_empty())
            .unzip();
        let dfa = match patterns.is_empty() {
            true => None,
            false => {
                let dfa = DFA::builder()
                    .match_kind(MatchKind::Standard)
                    .ascii_case_insensitive(true)
                    .prefilter(false)
                    .build(&patterns)
                    .map_err(|e| e.to_string())?;
                let start = dfa.start_state(Anchored::No).map_err(|e| e.to_string())?;
                Some((dfa, start))
            }
        };
        Ok(WordAutomaton {
            dfa,
            word_of,
            blocks: words.len().div_ceil(64).max(1),
        })
    }

    /// The `u64`s of a bitset with one bit per word (see [`words_in`](Self::words_in)).
    #[inline]
    pub fn blocks(&self) -> usize {
        self.blocks
    }

    /// Whether one of the words occurs in `value`.
    #[inline]
    pub fn any_in(&self, value: &str) -> bool {
        let Some((dfa, start)) = &self.dfa else {
            return false;
        };
        let mut state = *start;
        for &b in value.as_bytes() {
            state = dfa.next_state(Anchored::No, state, b);
            if dfa.is_special(state) && dfa.is_match(state) {
                return true;
            }
        }
        false
    }

    /// Sets in `seen` (a bitset of [`blocks`](Self::blocks) `u64`s, one bit per word)
    /// the words that occur in `value`.
    #[inline]
    pub fn words_in(&self, value: &str, seen: &mut [u64]) {
        let Some((dfa, start)) = &self.dfa else {
            return;
        };
        let mut state = *start;
        for &b in value.as_bytes() {
            state = dfa.next_state(Anchored::No, state, b);
            if dfa.is_special(state) && dfa.is_match(state) {
                for k in 0..dfa.match_len(state) {
                    let word = self.word_of[dfa.match_pattern(state, k).as_usize()];
                    seen[word / 64] |= 1 << (word % 64);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether `word` occurs in `value`, ASCII case ignored: the plain definition.
    fn occurs(value: &str, word: &str) -> bool {
        !word.is_empty()
            && value
                .as_bytes()
                .windows(word.len())
                .any(|w| w.eq_ignore_ascii_case(word.as_bytes()))
    }

    #[test]
    fn words_are_found_as_substrings_whatever_their_case() {
        let a = WordAutomaton::new(&["he", "she", "hers", "his", "", "Ä-x"]).unwrap();
        let found = |v: &str| {
            let mut seen = vec![0; a.blocks()];
            a.words_in(v, &mut seen);
            seen[0]
        };
        assert_eq!(found("uSHErs"), 0b111);
        assert_eq!(found("hi his"), 0b1000);
        assert_eq!(found("Ä-X ä-x"), 0b100000);
        assert!(a.any_in("xxHIS") && !a.any_in("hxs") && !a.any_in(""));
    }

    proptest! {
        #[test]
        fn the_automaton_finds_what_a_search_per_word_finds(
            words in prop::collection::vec("[a-dA-D_é-]{0,4}", 0..70),
            value in "[a-eA-E _é-]{0,30}",
        ) {
            let automaton = WordAutomaton::new(&words).unwrap();
            let mut seen = vec![0; automaton.blocks()];
            automaton.words_in(&value, &mut seen);
            for (i, word) in words.iter().enumerate() {
                prop_assert_eq!(seen[i / 64] >> (i % 64) & 1 == 1, occurs(&value, word), "{}", word);
            }
            prop_assert_eq!(automaton.any_in(&value), words.iter().any(|w| occurs(&value, w)));
        }
    }
}
