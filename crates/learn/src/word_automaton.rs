//! The words `learn.class_words` looks for, as one automaton over bytes: which of them
//! occur in an attribute value, ASCII case ignored, in one pass over the value.
//!
//! Why not the `aho-corasick` crate, which did this before: its search walks its
//! automaton through a general loop (input bounds, anchoring, special states) at about
//! 15 instructions a byte, and the preset runs six such stages over the `class` and
//! `id` of most elements of every page. This is the same Aho-Corasick automaton, built
//! the textbook way (a trie of the words, its failure links, every transition
//! resolved), walked at one table lookup a byte; bytes that occur in no word share
//! one column, so the table stays small. Each state knows the words that end there
//! (its own and, through its failure links, those that are its suffixes), so the words
//! in a value are the union over the states the walk passes. Property tests hold it to
//! a search for each word.

use std::collections::VecDeque;

/// The automaton of a list of words (see the [module docs](self)).
#[derive(Clone, Debug)]
pub(crate) struct WordAutomaton {
    /// The column of each byte: 0 for bytes in no word, ASCII capitals with their
    /// lower-case letter.
    column: [u8; 256],
    /// Columns per state.
    stride: usize,
    /// `moves[row + column]`, where a state's `row` is its number times `stride`: the
    /// row of the state after reading a byte of `column`, shifted left by one, the
    /// lowest bit set when a word ends in that state. One load a byte, and no multiply.
    moves: Vec<u32>,
    /// `found[state * blocks ..][.. blocks]`: the words that end in the state, one bit
    /// per word in the order given.
    found: Vec<u64>,
    /// `u64`s per state in `found`.
    blocks: usize,
}

/// A state of the trie while it is built: its child in each column (0: none; the root
/// is no one's child) and the words that end there.
struct TrieNode {
    children: Vec<u32>,
    words: Vec<u64>,
}

impl WordAutomaton {
    /// The automaton of `words`, ASCII letters of any case matching either. An empty
    /// word occurs nowhere.
    pub(crate) fn new<S: AsRef<str>>(words: &[S]) -> WordAutomaton {
        let column = columns(words);
        let stride = usize::from(*column.iter().max().unwrap_or(&0)) + 1;
        let blocks = words.len().div_ceil(64).max(1);
        let trie = trie(words, &column, stride, blocks);
        resolve(trie, column, stride, blocks)
    }

    /// The `u64`s of a bitset with one bit per word (see [`words_in`](Self::words_in)).
    pub(crate) fn blocks(&self) -> usize {
        self.blocks
    }

    /// The row of the state after reading `byte` in the state of `row`, and whether a
    /// word ends there.
    #[inline]
    fn step(&self, row: usize, byte: u8) -> (usize, bool) {
        let next = self.moves[row + usize::from(self.column[usize::from(byte)])];
        ((next >> 1) as usize, next & 1 == 1)
    }

    /// Whether one of the words occurs in `value`.
    pub(crate) fn any_in(&self, value: &str) -> bool {
        let mut row = 0;
        for &b in value.as_bytes() {
            let (next, ends_word) = self.step(row, b);
            if ends_word {
                return true;
            }
            row = next;
        }
        false
    }

    /// Sets in `seen` (a bitset of [`blocks`](Self::blocks) `u64`s, one bit per word)
    /// the words that occur in `value`.
    pub(crate) fn words_in(&self, value: &str, seen: &mut [u64]) {
        let mut row = 0;
        for &b in value.as_bytes() {
            let (next, ends_word) = self.step(row, b);
            if ends_word {
                let state = next / self.stride;
                let found = &self.found[state * self.blocks..][..self.blocks];
                for (s, f) in seen.iter_mut().zip(found) {
                    *s |= f;
                }
            }
            row = next;
        }
    }
}

/// Each byte's column: the bytes of the words (ASCII letters lower-cased) numbered from
/// 1, an ASCII capital in its lower-case letter's column, every other byte in 0.
fn columns<S: AsRef<str>>(words: &[S]) -> [u8; 256] {
    let mut column = [0u8; 256];
    let mut used = 0u8;
    for b in words.iter().flat_map(|w| w.as_ref().bytes()) {
        let b = b.to_ascii_lowercase();
        if column[usize::from(b)] == 0 {
            used += 1;
            column[usize::from(b)] = used;
            column[usize::from(b.to_ascii_uppercase())] = used;
        }
    }
    column
}

/// The trie of the words: node 0 the root.
fn trie<S: AsRef<str>>(
    words: &[S],
    column: &[u8; 256],
    stride: usize,
    blocks: usize,
) -> Vec<TrieNode> {
    let node = || TrieNode {
        children: vec![0; stride],
        words: vec![0; blocks],
    };
    let mut trie = vec![node()];
    for (i, word) in words.iter().enumerate() {
        let word = word.as_ref();
        if word.is_empty() {
            continue;
        }
        let mut at = 0;
        for b in word.bytes() {
            let c = usize::from(column[usize::from(b)]);
            if trie[at].children[c] == 0 {
                trie.push(node());
                trie[at].children[c] = (trie.len() - 1) as u32;
            }
            at = trie[at].children[c] as usize;
        }
        trie[at].words[i / 64] |= 1 << (i % 64);
    }
    trie
}

/// The automaton from the trie: breadth first, each node's failure link (the longest
/// proper suffix of its path that is a path of the trie), the words that end in it
/// through that link, and its transition in every column (the child, else the failure
/// state's transition).
fn resolve(
    mut trie: Vec<TrieNode>,
    column: [u8; 256],
    stride: usize,
    blocks: usize,
) -> WordAutomaton {
    let mut next = vec![0u32; trie.len() * stride];
    let mut fail = vec![0usize; trie.len()];
    let mut queue = VecDeque::new();
    next[..stride].copy_from_slice(&trie[0].children);
    queue.extend(
        trie[0]
            .children
            .iter()
            .filter(|&&c| c != 0)
            .map(|&c| c as usize),
    );
    while let Some(s) = queue.pop_front() {
        let inherited = trie[fail[s]].words.clone();
        for (own, more) in trie[s].words.iter_mut().zip(inherited) {
            *own |= more;
        }
        for c in 0..stride {
            let by_failure = next[fail[s] * stride + c];
            match trie[s].children[c] {
                0 => next[s * stride + c] = by_failure,
                child => {
                    fail[child as usize] = by_failure as usize;
                    next[s * stride + c] = child;
                    queue.push_back(child as usize);
                }
            }
        }
    }
    let ends_word: Vec<bool> = trie
        .iter()
        .map(|n| n.words.iter().any(|&w| w != 0))
        .collect();
    let moves = next
        .iter()
        .map(|&state| {
            let row = state as usize * stride;
            u32::try_from(row << 1 | usize::from(ends_word[state as usize]))
                .expect("an automaton of fewer than 2³¹ table entries")
        })
        .collect();
    WordAutomaton {
        column,
        stride,
        moves,
        found: trie.into_iter().flat_map(|n| n.words).collect(),
        blocks,
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
        let a = WordAutomaton::new(&["he", "she", "hers", "his", "", "Ä-x"]);
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
            let automaton = WordAutomaton::new(&words);
            let mut seen = vec![0; automaton.blocks()];
            automaton.words_in(&value, &mut seen);
            for (i, word) in words.iter().enumerate() {
                prop_assert_eq!(seen[i / 64] >> (i % 64) & 1 == 1, occurs(&value, word), "{}", word);
            }
            prop_assert_eq!(automaton.any_in(&value), words.iter().any(|w| occurs(&value, w)));
        }
    }
}
