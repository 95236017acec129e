//! What a "word" is in scripts written without spaces.
//!
//! jusText counts words with Python's `str.split()`: in Chinese or Japanese a whole
//! sentence is one "word", so word counts and stop-word densities collapse. pith counts
//! every Han, Hiragana and Katakana character as one word there (a character is the
//! unit these scripts' own frequency lists are dominated by: the Chinese and Japanese
//! stoplists hold single characters, see `stoplists/wordfreq/README.md`), CJK
//! punctuation separates words and is not one, and runs of other characters inside a
//! token (Latin words, digits) stay one word each. Text without these characters is
//! split exactly as before. Korean separates words with spaces and is split as usual.

/// Whether `c` is written without spaces around it: a Han ideograph (CJK Unified
/// Ideographs and their extensions, compatibility ideographs), Hiragana or Katakana
/// (with the half-width forms and the prolonged sound mark).
pub fn is_spaceless(c: char) -> bool {
    matches!(c,
        '\u{3005}'..='\u{3007}'       // 々 〆 〇
        | '\u{3040}'..='\u{309f}'     // Hiragana
        | '\u{30a0}'..='\u{30fa}'     // Katakana (not ・, a separator)
        | '\u{30fc}'..='\u{30ff}'
        | '\u{31f0}'..='\u{31ff}'     // Katakana phonetic extensions
        | '\u{3400}'..='\u{4dbf}'     // CJK Extension A
        | '\u{4e00}'..='\u{9fff}'     // CJK Unified Ideographs
        | '\u{f900}'..='\u{faff}'     // CJK Compatibility Ideographs
        | '\u{ff66}'..='\u{ff9f}'     // half-width Katakana
        | '\u{20000}'..='\u{3134f}' // Extensions B–G
    )
}

/// Whether `c` is CJK punctuation or a full-width symbol, which separates words.
fn is_cjk_separator(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{3004}'
        | '\u{3008}'..='\u{303f}'
        | '\u{ff01}'..='\u{ff0f}'
        | '\u{ff1a}'..='\u{ff20}'
        | '\u{ff3b}'..='\u{ff40}'
        | '\u{ff5b}'..='\u{ff65}'
        | '\u{30fb}'
    )
}

/// The words of one whitespace-separated token: the token itself when it holds no
/// spaceless character (the common case, no work beyond one scan), else each spaceless
/// character and each run of other non-separator characters.
///
/// ```
/// let words: Vec<&str> = pith_lang::split_spaceless("東京タワーは2024年").collect();
/// assert_eq!(words, ["東", "京", "タ", "ワ", "ー", "は", "2024", "年"]);
/// let words: Vec<&str> = pith_lang::split_spaceless("hello,").collect();
/// assert_eq!(words, ["hello,"]);
/// ```
pub fn split_spaceless(token: &str) -> SpacelessWords<'_> {
    let plain = !may_hold_spaceless(token)
        || !token
            .chars()
            .any(|c| is_spaceless(c) || is_cjk_separator(c));
    SpacelessWords { rest: token, plain }
}

/// Whether `text` has a character from U+3000 on, where every spaceless character
/// and CJK separator is: one whose UTF-8 starts with a byte from 0xE3 on. A token of
/// the alphabets before U+3000 (Latin, Greek, Cyrillic …, typographic quotes and
/// dashes included) has none, and is passed over without decoding its characters.
fn may_hold_spaceless(text: &str) -> bool {
    text.bytes().any(|b| b >= 0xE3)
}

/// How many words `text` has, as pith counts them in records (`word_count`): its
/// whitespace-separated tokens (Unicode whitespace), each Han, Hiragana and Katakana
/// character a word of its own ([`split_spaceless`]). Text without those characters
/// counts exactly its tokens; a Chinese or Japanese page counts its characters, so a
/// length filter (`word_count >= 50`) does not drop it for having few spaces.
///
/// ```
/// assert_eq!(pith_lang::words::count_words("two words"), 2);
/// assert_eq!(pith_lang::words::count_words("東京タワーは2024年に"), 9);
/// ```
///
/// ASCII text (nearly all) is read by a plain byte loop; other text byte by byte too:
/// an ASCII byte is whitespace or not as it is, and only other
/// characters are decoded (this runs over the whole text of every record); a token of
/// ASCII alone is one word, and only a token with other characters is split.
#[inline]
pub fn count_words(text: &str) -> usize {
    if text.is_ascii() {
        ascii_words(text.as_bytes())
    } else {
        mixed_words(text)
    }
}

/// [`count_words`] of text with a character beyond ASCII.
fn mixed_words(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut count = 0;
    // The start of the token being read, and whether it is all ASCII so far.
    let mut token: Option<(usize, bool)> = None;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let (space, len) = if b.is_ascii() {
            (matches!(b, b' ' | b'\t'..=b'\r'), 1)
        } else {
            let c = text[i..].chars().next().unwrap_or_default();
            (c.is_whitespace(), c.len_utf8())
        };
        match (space, token) {
            (true, Some((start, ascii))) => {
                count += token_words(&text[start..i], ascii);
                token = None;
            }
            (false, None) => token = Some((i, b.is_ascii())),
            (false, Some((start, true))) if !b.is_ascii() => token = Some((start, false)),
            _ => {}
        }
        i += len;
    }
    if let Some((start, ascii)) = token {
        count += token_words(&text[start..], ascii);
    }
    count
}

/// The words of ASCII text, byte by byte: a word starts at each non-whitespace byte
/// after whitespace (or at the start). `char::is_whitespace` on ASCII is these six
/// bytes, the vertical tab included. Nearly every text node of every page is ASCII, and
/// declutter's shake counts the words of each.
#[inline]
fn ascii_words(bytes: &[u8]) -> usize {
    let mut words = 0;
    let mut in_word = false;
    for &b in bytes {
        let space = matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ');
        words += usize::from(!space && !in_word);
        in_word = !space;
    }
    words
}

/// The words of one whitespace-separated token, `ascii` when it is all ASCII (one
/// word: no character of it is spaceless).
fn token_words(token: &str, ascii: bool) -> usize {
    if ascii {
        1
    } else {
        split_spaceless(token).count()
    }
}

/// The iterator of [`split_spaceless`].
#[derive(Clone, Debug)]
pub struct SpacelessWords<'a> {
    rest: &'a str,
    plain: bool,
}

impl<'a> Iterator for SpacelessWords<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.plain {
            self.plain = false;
            let all = std::mem::take(&mut self.rest);
            return (!all.is_empty()).then_some(all);
        }
        let start = self.rest.trim_start_matches(is_cjk_separator);
        let first = start.chars().next()?;
        let end = if is_spaceless(first) {
            first.len_utf8()
        } else {
            start
                .find(|c| is_spaceless(c) || is_cjk_separator(c))
                .unwrap_or(start.len())
        };
        let (word, rest) = start.split_at(end);
        self.rest = rest;
        Some(word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punctuation_separates() {
        let words: Vec<&str> = split_spaceless("「今日は」、晴れ。").collect();
        assert_eq!(words, ["今", "日", "は", "晴", "れ"]);
        assert_eq!(split_spaceless("。、").count(), 0);
    }

    #[test]
    fn counts_are_tokens_but_in_spaceless_scripts() {
        assert_eq!(count_words(""), 0);
        assert_eq!(count_words("  Ünïcode\u{a0}words, 42 "), 3);
        assert_eq!(count_words("「今日は」、晴れ。 Tokyo"), 6);
        assert_eq!(count_words("。、"), 0);
    }

    #[test]
    fn plain_tokens_are_one_word() {
        assert_eq!(split_spaceless("Straße").collect::<Vec<_>>(), ["Straße"]);
        assert_eq!(split_spaceless("").count(), 0);
    }

    proptest::proptest! {
        /// The byte reading counts what splitting at `char::is_whitespace` counts.
        #[test]
        fn counts_are_those_of_the_whitespace_split(
            s in "([ a1\t\n\u{b}\u{c}\r\u{1c}\u{85}\u{a0}\u{1680}\u{2000}\u{200b}\u{2028}\u{202f}\u{205f}\u{3000}é。、「」今日はタワー\u{20000}]|\\PC){0,30}"
        ) {
            let plain: usize = s
                .split_whitespace()
                .map(|token| split_spaceless(token).count())
                .sum();
            proptest::prop_assert_eq!(count_words(&s), plain);
        }

        #[test]
        fn words_are_non_empty_slices_in_order(s in "[a-zé1。、「」今日はタワー\u{20000}]{0,20}") {
            let mut rest = s.as_str();
            for w in split_spaceless(&s) {
                proptest::prop_assert!(!w.is_empty());
                let at = rest.find(w).expect("words appear in order");
                rest = &rest[at + w.len()..];
                let spaceless = w.chars().filter(|&c| is_spaceless(c)).count();
                proptest::prop_assert!(spaceless == 0 || w.chars().count() == 1);
            }
        }
    }
}
