//! [`char::is_alphanumeric`] answered quickly for the characters pages are written in.
//!
//! Why: the standard library answers ASCII at once, but for any other character it
//! searches its Unicode tables (about 300 instructions a character), and a block of
//! Cyrillic, Greek or accented Latin text is nearly all such characters, as are the
//! typographic quotes and dashes of English text. Counting a block's `\w+` tokens for
//! `learn.trees`' decoding and splitting the page's words in
//! `learn.drop_hidden_copies` ask it of every character. Here the code points below
//! U+0800 (two bytes of UTF-8: Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic …) are
//! looked up in a bit table filled once per process from `char::is_alphanumeric`
//! itself, and three whole blocks are answered by range: General Punctuation (quotes,
//! dashes, spaces: none alphanumeric), Hangul syllables and the CJK Unified Ideographs
//! (all alphanumeric). A unit test checks every code point against the standard
//! library, so the answers are the standard library's.

use std::sync::LazyLock;

/// Code points below this are answered from the bit table.
const TABLE_END: u32 = 0x800;

/// General Punctuation (U+2000 … U+206F): no character of it is alphanumeric.
const GENERAL_PUNCTUATION: std::ops::RangeInclusive<u32> = 0x2000..=0x206F;

/// Hangul syllables (U+AC00 … U+D7A3): every one is alphanumeric.
const HANGUL_SYLLABLES: std::ops::RangeInclusive<u32> = 0xAC00..=0xD7A3;

/// CJK Unified Ideographs (U+4E00 … U+9FFF): every one is alphanumeric.
const CJK_IDEOGRAPHS: std::ops::RangeInclusive<u32> = 0x4E00..=0x9FFF;

/// One bit per code point below [`TABLE_END`]: whether it is alphanumeric.
static TABLE: LazyLock<[u64; TABLE_END as usize / 64]> = LazyLock::new(|| {
    let mut bits = [0u64; TABLE_END as usize / 64];
    for c in (0..TABLE_END).filter_map(char::from_u32) {
        if c.is_alphanumeric() {
            bits[c as usize / 64] |= 1 << (c as u32 % 64);
        }
    }
    bits
});

/// The classifier; [`word_chars`] hands it out.
pub(crate) struct WordChars {
    table: &'static [u64; TABLE_END as usize / 64],
}

/// The classifier, its table filled on first use.
pub(crate) fn word_chars() -> WordChars {
    WordChars { table: &TABLE }
}

impl WordChars {
    /// Exactly [`char::is_alphanumeric`].
    #[inline]
    pub(crate) fn is_alphanumeric(&self, c: char) -> bool {
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

    /// Exactly [`pith_core::words::is_word_char`]: alphanumeric or `_`.
    #[inline]
    pub(crate) fn is_word_char(&self, c: char) -> bool {
        c == '_' || self.is_alphanumeric(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code point, the table's, the ranges' and the rest, against the standard
    /// library.
    #[test]
    fn every_answer_is_the_standard_librarys() {
        let chars = word_chars();
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            assert_eq!(chars.is_alphanumeric(c), c.is_alphanumeric(), "{c:?}");
            assert_eq!(
                chars.is_word_char(c),
                pith_core::words::is_word_char(c),
                "{c:?}"
            );
        }
    }
}
