//! Readability's `_textSimilarity`, with the title's words fixed, in a form that lets
//! one walk judge a heading and every heading nested in it.
//!
//! Why: `readability.remove_title_header` compares each `h1`/`h2` with the title by
//! the heading's whole text. Read per heading, a heading inside a heading inside a
//! heading (a page can nest them hundreds deep around all of its text) has its text
//! read once per heading around it: depth × page. Here a text's words are kept as
//! `Words` records — the tallies of its whole words, and the letters it starts and ends with,
//! which may run on into the text before or after it — and two such records join into
//! the record of the two texts end to end. A walk over the outermost heading records
//! each nested heading's words as it closes, judges it, and adds them into the heading
//! around it: every text node is read once.

use std::collections::HashSet;

/// Readability's `_textSimilarity(a, b)`: 1 − the share (in characters of the
/// space-joined tokens) of `b`'s tokens that are not among `a`'s; tokens are runs of
/// ASCII letters, digits and `_`, lower-cased (JavaScript's `\W+` split).
pub fn text_similarity(a: &str, b: &str) -> f64 {
    TitleTokens::new(a).similarity([b])
}

/// The tokens of a title, looked up once per token of the text compared with it
/// ([`text_similarity`] with the title fixed): a set, so that a long title against a
/// long heading costs their lengths, not their product.
pub(crate) struct TitleTokens {
    set: HashSet<String>,
    /// The longest token's length in bytes: a longer token is not among them, and
    /// [`Words`] keeps no letters of it.
    longest: usize,
}

impl TitleTokens {
    /// The tokens of `title`.
    pub(crate) fn new(title: &str) -> TitleTokens {
        let mut set = HashSet::new();
        for_each_token([title], |t| {
            set.insert(t.to_owned());
        });
        let longest = set.iter().map(String::len).max().unwrap_or(0);
        TitleTokens { set, longest }
    }

    /// [`text_similarity`] of the title and the text made of `pieces` end to end.
    pub(crate) fn similarity<'a>(&self, pieces: impl IntoIterator<Item = &'a str>) -> f64 {
        let mut words = Words::default();
        for piece in pieces {
            self.add_text(&mut words, piece);
        }
        self.similarity_of(&words)
    }

    /// Adds `text` at the end of the text `words` records.
    pub(crate) fn add_text(&self, words: &mut Words, text: &str) {
        let mut add = |c: char| {
            if is_token_char(c) {
                words.tail.push(c, self.longest);
            } else if words.head.is_none() || words.tail.len > 0 {
                let tail = std::mem::take(&mut words.tail);
                self.close(words, tail);
            }
        };
        if text.is_ascii() {
            text.bytes()
                .for_each(|b| add(char::from(b.to_ascii_lowercase())));
        } else {
            lowered_chars(text).for_each(add);
        }
    }

    /// Adds the text `after` records at the end of the text `words` records.
    pub(crate) fn add_words(&self, words: &mut Words, after: Words) {
        if after.head.is_none() {
            // `after` is one run of letters (or nothing): it goes on with our last one.
            words.tail.extend(&after.tail, self.longest);
            return;
        }
        let mut joined = std::mem::take(&mut words.tail);
        joined.extend(&after.head.unwrap_or_default(), self.longest);
        self.close(words, joined);
        words.all.add(after.all);
        words.unique.add(after.unique);
        words.tail = after.tail;
    }

    /// [`text_similarity`] of the title and the text `words` records.
    pub(crate) fn similarity_of(&self, words: &Words) -> f64 {
        let (mut all, mut unique) = (words.all, words.unique);
        // The runs at the ends are whole tokens once nothing follows or precedes them.
        let ends = match &words.head {
            None => [Some(&words.tail), None],
            Some(head) => [Some(head), Some(&words.tail)],
        };
        for run in ends.into_iter().flatten() {
            self.count(run, &mut all, &mut unique);
        }
        if self.set.is_empty() || all.tokens == 0 {
            return 0.0;
        }
        1.0 - unique.joined_len() as f64 / all.joined_len() as f64
    }

    /// A separator ends the run `run`: the text's first run is kept aside (the text
    /// before may run on into it), any other is a whole token.
    fn close(&self, words: &mut Words, run: Run) {
        if words.head.is_none() {
            words.head = Some(run);
        } else {
            self.count(&run, &mut words.all, &mut words.unique);
        }
    }

    /// Counts the whole token `run` in `all`, and in `unique` unless it is a title word.
    fn count(&self, run: &Run, all: &mut Tally, unique: &mut Tally) {
        if run.len == 0 {
            return;
        }
        all.add_token(run.len);
        if !run.letters().is_some_and(|t| self.set.contains(t)) {
            unique.add_token(run.len);
        }
    }
}

/// What [`TitleTokens`] needs of a text, in a form that joins (module docs): the run of
/// token characters it starts with (`head`: `None` while no separator has been seen,
/// the whole text then being `tail`), the run it ends with (`tail`), and the tallies
/// of the whole tokens between.
#[derive(Debug, Default)]
pub(crate) struct Words {
    head: Option<Run>,
    tail: Run,
    all: Tally,
    unique: Tally,
}

/// A run of token characters, lower-cased: its length in bytes, and its letters while
/// it is no longer than the title's longest token (a longer one cannot be a title
/// word, so its letters are not kept).
#[derive(Debug, Default)]
struct Run {
    letters: String,
    len: usize,
}

impl Run {
    fn push(&mut self, c: char, longest: usize) {
        self.len += c.len_utf8();
        if self.len <= longest {
            self.letters.push(c);
        }
    }

    fn extend(&mut self, after: &Run, longest: usize) {
        self.len += after.len;
        if self.len <= longest {
            self.letters.push_str(&after.letters);
        }
    }

    /// The letters, if kept.
    fn letters(&self) -> Option<&str> {
        (self.letters.len() == self.len).then_some(self.letters.as_str())
    }
}

/// Tokens counted: how many, and their bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    bytes: usize,
    tokens: usize,
}

impl Tally {
    fn add_token(&mut self, len: usize) {
        self.bytes += len;
        self.tokens += 1;
    }

    fn add(&mut self, other: Tally) {
        self.bytes += other.bytes;
        self.tokens += other.tokens;
    }

    /// The length of the tokens joined by single spaces.
    fn joined_len(self) -> usize {
        self.bytes + self.tokens.saturating_sub(1)
    }
}

fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `text`'s characters as `text.to_lowercase()` gives them, each lower-cased on its own
/// (which agrees with the whole string's lower case on every ASCII character it gives,
/// the only ones a token holds).
fn lowered_chars(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().flat_map(|c| {
        let ascii = c.is_ascii().then(|| c.to_ascii_lowercase());
        let other = (!c.is_ascii())
            .then(|| c.to_lowercase())
            .into_iter()
            .flatten();
        ascii.into_iter().chain(other)
    })
}

/// Calls `f` with each token of the text made of `pieces` end to end (a token may run
/// on from one piece into the next), as `text.to_lowercase()` split at every character
/// that is not an ASCII letter, digit or `_` gives them.
fn for_each_token<'a>(pieces: impl IntoIterator<Item = &'a str>, mut f: impl FnMut(&str)) {
    let mut token = String::new();
    for piece in pieces {
        for c in lowered_chars(piece) {
            if is_token_char(c) {
                token.push(c);
            } else if !token.is_empty() {
                f(&token);
                token.clear();
            }
        }
    }
    if !token.is_empty() {
        f(&token);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `_textSimilarity` as first written: the lower-cased texts split into token
    /// lists, each of `b`'s looked up in `a`'s list.
    pub(crate) fn plain_similarity(a: &str, b: &str) -> f64 {
        let tokens = |s: &str| -> Vec<String> {
            s.to_lowercase()
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect()
        };
        let (ta, tb) = (tokens(a), tokens(b));
        if ta.is_empty() || tb.is_empty() {
            return 0.0;
        }
        let joined_len =
            |v: &[&String]| v.iter().map(|t| t.len()).sum::<usize>() + v.len().saturating_sub(1);
        let all: Vec<&String> = tb.iter().collect();
        let unique: Vec<&String> = tb.iter().filter(|t| !ta.contains(t)).collect();
        1.0 - joined_len(&unique) as f64 / joined_len(&all) as f64
    }

    proptest::proptest! {
        /// The same number as the token lists give, bit for bit, whichever way the
        /// compared text is cut into pieces (a token runs on across a cut).
        #[test]
        fn similarity_by_token_set_is_the_token_lists_one(
            a in "[a-cA-C_ ,\u{212a}\u{130}\u{3a3}é]{0,12}",
            b in "[a-cA-C_ ,\u{212a}\u{130}\u{3a3}é]{0,16}",
            cut in 0usize..17,
        ) {
            let want = plain_similarity(&a, &b);
            proptest::prop_assert_eq!(text_similarity(&a, &b).to_bits(), want.to_bits());
            let at = (0..=cut.min(b.len())).rev().find(|&i| b.is_char_boundary(i)).unwrap_or(0);
            let pieces = [&b[..at], &b[at..]];
            proptest::prop_assert_eq!(TitleTokens::new(&a).similarity(pieces).to_bits(), want.to_bits());
        }

        /// Words recorded piece by piece and joined ([`TitleTokens::add_words`]) give
        /// what the text read in one go gives, wherever the joins fall: the nested
        /// headings' walk relies on it.
        #[test]
        fn joined_words_are_the_whole_texts(
            a in "[a-cA-C_ ,\u{212a}é]{0,12}",
            pieces in proptest::collection::vec("[a-c_ ,\u{212a}]{0,6}", 0..6),
            split in 0usize..6,
        ) {
            let title = TitleTokens::new(&a);
            let whole: String = pieces.concat();
            let want = plain_similarity(&a, &whole);
            // The pieces from `split` on recorded apart, then joined after the rest.
            let split = split.min(pieces.len());
            let (mut front, mut back) = (Words::default(), Words::default());
            for p in &pieces[..split] {
                title.add_text(&mut front, p);
            }
            for p in &pieces[split..] {
                title.add_text(&mut back, p);
            }
            title.add_words(&mut front, back);
            proptest::prop_assert_eq!(title.similarity_of(&front).to_bits(), want.to_bits());
        }
    }

    #[test]
    fn similarity_counts_the_headings_new_words() {
        assert_eq!(text_similarity("Big news | Site", "Big news"), 1.0);
        assert_eq!(text_similarity("abc", "xyz"), 0.0);
        assert!((text_similarity("aa bb", "aa cc") - (1.0 - 2.0 / 5.0)).abs() < 1e-9);
    }

    #[test]
    fn a_token_longer_than_every_title_word_is_new() {
        // "abcd" is longer than the title's longest token, so its letters are not kept
        // and it counts as new; "ab" + "c" joined is the title's "abc".
        let title = TitleTokens::new("abc x");
        let (mut w, mut after) = (Words::default(), Words::default());
        title.add_text(&mut w, "abcd ab");
        title.add_text(&mut after, "c");
        title.add_words(&mut w, after);
        assert_eq!(
            title.similarity_of(&w),
            plain_similarity("abc x", "abcd abc")
        );
    }
}
