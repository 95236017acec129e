//! The word tokens pith measures text in: runs of `\w` characters, as Python's `str`
//! regex `\w+` finds them (Unicode alphanumerics and `_`).
//!
//! Why one definition here: the same tokens are counted when `pith eval` scores a page
//! (bag-of-words and shingle F1), when `pith train` labels blocks against gold text,
//! and when the learned preset's decoding weighs a block by its size. Were those three
//! to tokenise apart, a model would be trained and decoded on counts that the metric it
//! is judged by does not see. jusText's own word counts are jusText's (its crate keeps
//! them, exact to the reference).

use std::sync::LazyLock;

/// Whether `c` is a `\w` character: alphanumeric or `_` (as [`CharClasses::is_word_char`]).
#[inline]
pub fn is_word_char(c: char) -> bool {
    char_classes().is_word_char(c)
}

/// Exactly [`char::is_alphanumeric`] (as [`CharClasses::is_alphanumeric`]).
#[inline]
pub fn is_alphanumeric(c: char) -> bool {
    char_classes().is_alphanumeric(c)
}

/// The classifier of word characters, its table filled on first use: a loop over
/// every character of a text takes it once and asks it of each character.
#[inline]
pub fn char_classes() -> CharClasses {
    CharClasses {
        table: &ALPHANUMERIC_BELOW_TABLE_END,
    }
}

/// [`char::is_alphanumeric`] answered quickly for the characters pages are written in
/// ([`char_classes`] hands it out).
///
/// Why: the standard library answers ASCII at once, but for any other character it
/// searches its Unicode tables (about 300 instructions a character), and a block of
/// Cyrillic, Greek or accented Latin text is nearly all such characters, as are the
/// typographic quotes and dashes of English text; the learned preset's decoding counts
/// every block's tokens on every page, and `learn.drop_hidden_copies` splits the page's
/// words. Here the code points below U+0800 (two bytes of UTF-8: Latin, Greek,
/// Cyrillic, Armenian, Hebrew, Arabic …) are looked up in a bit table filled once per
/// process from `char::is_alphanumeric` itself, and three whole blocks are answered by
/// range: General Punctuation (quotes, dashes, spaces: none alphanumeric), Hangul
/// syllables and the CJK Unified Ideographs (all alphanumeric). A unit test checks
/// every code point against the standard library.
#[derive(Clone, Copy, Debug)]
pub struct CharClasses {
    table: &'static [u64; TABLE_END as usize / 64],
}

impl CharClasses {
    /// Exactly [`char::is_alphanumeric`].
    #[inline]
    pub fn is_alphanumeric(self, c: char) -> bool {
        let cp = u32::from(c);
        if cp < TABLE_END {
            self.table[cp as usize / 64] & (1 << (cp % 64)) != 0
        } else if GENERAL_PUNCTUATION.contains(&cp) {
            false
        } else if HANGUL_SYLLABLES.contains(&cp) || CJK_IDEOGRAPHS.contains(&cp) {
            true
        } else {
            c.is_alphanumeric()
        }
    }

    /// Whether `c` is a `\w` character: alphanumeric or `_`.
    #[inline]
    pub fn is_word_char(self, c: char) -> bool {
        c == '_' || self.is_alphanumeric(c)
    }
}

/// Code points below this are answered from [`ALPHANUMERIC_BELOW_TABLE_END`].
const TABLE_END: u32 = 0x800;

/// General Punctuation (U+2000 … U+206F): no character of it is alphanumeric.
const GENERAL_PUNCTUATION: std::ops::RangeInclusive<u32> = 0x2000..=0x206F;

/// Hangul syllables (U+AC00 … U+D7A3): every one is alphanumeric.
const HANGUL_SYLLABLES: std::ops::RangeInclusive<u32> = 0xAC00..=0xD7A3;

/// CJK Unified Ideographs (U+4E00 … U+9FFF): every one is alphanumeric.
const CJK_IDEOGRAPHS: std::ops::RangeInclusive<u32> = 0x4E00..=0x9FFF;

/// One bit per code point below [`TABLE_END`]: whether it is alphanumeric.
static ALPHANUMERIC_BELOW_TABLE_END: LazyLock<[u64; TABLE_END as usize / 64]> =
    LazyLock::new(|| {
        let mut bits = [0u64; TABLE_END as usize / 64];
        for c in (0..TABLE_END).filter_map(char::from_u32) {
            if c.is_alphanumeric() {
                bits[c as usize / 64] |= 1 << (c as u32 % 64);
            }
        }
        bits
    });

/// The `\w+` tokens of `text`, in order, case kept, without allocating.
///
/// ```
/// let tokens: Vec<&str> = pith_core::words::word_tokens("Don't stop—über_x 42!").collect();
/// assert_eq!(tokens, ["Don", "t", "stop", "über_x", "42"]);
/// ```
pub fn word_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_word_char(c))
        .filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code point, the table's, the ranges' and the rest, against the standard
    /// library.
    #[test]
    fn every_answer_is_the_standard_librarys() {
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            assert_eq!(is_alphanumeric(c), c.is_alphanumeric(), "{c:?}");
            assert_eq!(is_word_char(c), c.is_alphanumeric() || c == '_', "{c:?}");
        }
    }

    #[test]
    fn tokens_are_runs_of_word_characters() {
        assert_eq!(word_tokens("").count(), 0);
        assert_eq!(word_tokens(" ,;— ").count(), 0);
        let tokens: Vec<&str> = word_tokens("  a-b c_d, été 42!").collect();
        assert_eq!(tokens, ["a", "b", "c_d", "été", "42"]);
        // Digits of other scripts and letters with marks are word characters too.
        let tokens: Vec<&str> = word_tokens("日本語 ٤٢ naïve").collect();
        assert_eq!(tokens, ["日本語", "٤٢", "naïve"]);
    }
}
