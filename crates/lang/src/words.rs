//! What a "word" is in scripts written without spaces.
//!
//! jusText counts words with Python's `str.split()`: in Chinese or Japanese a whole
//! sentence is one "word", so word counts and stop-word densities collapse. pith counts
//! every Han, Hiragana and Katakana character as one word there (a character is the
//! unit these scripts' own frequency lists are dominated by: the Chinese and Japanese
//! stoplists hold single characters, see `stoplists/wordfreq/README.md`), CJK
//! punctuation separates words and is not one, and runs of other characters inside a
//! token (Latin words, digits) stay one word each. Korean separates words with spaces
//! and is split as usual.
//!
//! Thai, Lao, Khmer and Burmese are written without spaces between words too (a space
//! ends a phrase or a sentence), but a character there is a letter, not a word: their
//! words are found with the Unicode Consortium's dictionaries for these four languages,
//! through ICU4X's word segmenter (`icu_segmenter`, decision 0010, "Thai, Lao, Khmer and
//! Burmese"). A token with a letter of these scripts is cut where the segmenter breaks
//! it, and each segment with a letter or a digit is a word (punctuation is none), Han
//! and kana characters among them each a word as above.
//!
//! Tibetan (and Dzongkha, in the same script) has no spaces between words either, and
//! no dictionary in the segmenter: there the syllable is the word counted. A tsheg
//! (`་`) ends each syllable, and a shad (`།`) a phrase; a token with a Tibetan
//! character ([`is_syllabic`]) is cut at these marks, so a clause of twelve
//! syllables counts twelve, not one. Tibetan words are one to three syllables: the
//! count runs above the words', as a character count does in Chinese, but on the scale
//! of the text, as a length filter needs.
//!
//! A token without any of these characters is one word, as before.

use icu_segmenter::iterators::WordBreakIterator;
use icu_segmenter::options::WordBreakInvariantOptions;
use icu_segmenter::scaffold::Utf8;
use icu_segmenter::{WordSegmenter, WordSegmenterBorrowed};
use std::sync::LazyLock;

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

/// Whether `c` is a letter of a script whose words are found with a dictionary: Thai,
/// Lao, Khmer (with the Khmer symbols) and Myanmar (Burmese, with both extension
/// blocks), the four the segmenter has dictionaries for.
pub fn is_dictionary_script(c: char) -> bool {
    matches!(c,
        '\u{0e00}'..='\u{0eff}'       // Thai, Lao
        | '\u{1000}'..='\u{109f}'     // Myanmar
        | '\u{1780}'..='\u{17ff}'     // Khmer
        | '\u{19e0}'..='\u{19ff}'     // Khmer symbols
        | '\u{a9e0}'..='\u{a9ff}'     // Myanmar extended-B
        | '\u{aa60}'..='\u{aa7f}' // Myanmar extended-A
    )
}

/// The Tibetan block, whose script both writes syllables ([`is_syllabic`]) and names
/// a language (`identify`'s table of the scripts whatlang does not know).
pub(crate) const TIBETAN_BLOCK: std::ops::RangeInclusive<char> = '\u{0f00}'..='\u{0fff}';

/// Whether `c` is in the Tibetan block (U+0F00–U+0FFF): a token holding one is cut
/// into syllables ([`split_spaceless`]).
pub fn is_syllabic(c: char) -> bool {
    TIBETAN_BLOCK.contains(&c)
}

/// Whether `c` ends a Tibetan syllable or phrase: the head marks, the tsheg (U+0F0B)
/// and its non-breaking form, the shads and the other marks of U+0F01–U+0F14, the
/// brackets U+0F3A–U+0F3D, the paluta U+0F85 and the later marks U+0FD0–U+0FD4 and
/// U+0FD9–U+0FDA. Letters, vowel signs, subjoined letters and digits are not.
fn is_syllable_separator(c: char) -> bool {
    matches!(c,
        '\u{0f01}'..='\u{0f14}'
        | '\u{0f3a}'..='\u{0f3d}'
        | '\u{0f85}'
        | '\u{0fd0}'..='\u{0fd4}'
        | '\u{0fd9}'..='\u{0fda}'
    )
}

/// Whether `c` separates the words of a Tibetan token: a Tibetan mark
/// ([`is_syllable_separator`]) or CJK punctuation.
fn separates_syllables(c: char) -> bool {
    is_syllable_separator(c) || is_cjk_separator(c)
}

/// The words of one whitespace-separated token: the token itself when it holds no
/// spaceless character (the common case, no work beyond one scan); else, with a letter
/// of Thai, Lao, Khmer or Burmese ([`is_dictionary_script`]), the segments with a letter
/// or a digit between the dictionary segmenter's breaks; else, with a Tibetan character
/// ([`is_syllabic`]), its syllables, the runs between the tsheg and the other Tibetan
/// marks; else each spaceless character and each run of other non-separator characters.
///
/// ```
/// let words: Vec<&str> = pith_lang::split_spaceless("東京タワーは2024年").collect();
/// assert_eq!(words, ["東", "京", "タ", "ワ", "ー", "は", "2024", "年"]);
/// let words: Vec<&str> = pith_lang::split_spaceless("hello,").collect();
/// assert_eq!(words, ["hello,"]);
/// // Thai: "the floating market opens", four words.
/// let words: Vec<&str> = pith_lang::split_spaceless("ตลาดน้ำเปิดใหม่").collect();
/// assert_eq!(words, ["ตลาด", "น้ำ", "เปิด", "ใหม่"]);
/// // Tibetan: "the Tibetan language", four syllables.
/// let words: Vec<&str> = pith_lang::split_spaceless("བོད་ཀྱི་སྐད་ཡིག།").collect();
/// assert_eq!(words, ["བོད", "ཀྱི", "སྐད", "ཡིག"]);
/// ```
#[inline]
pub fn split_spaceless(token: &str) -> SpacelessWords<'_> {
    if !may_hold_spaceless(token) {
        return SpacelessWords(Words::Whole(Some(token)));
    }
    split_decoded(token)
}

/// [`split_spaceless`] of a token that passed the byte test: which cut its characters
/// call for.
fn split_decoded(token: &str) -> SpacelessWords<'_> {
    let (mut characters, mut syllables) = (false, false);
    for c in token.chars() {
        if is_dictionary_script(c) {
            return SpacelessWords(Words::Dictionary(Box::new(DictionaryWords::new(token))));
        }
        characters |= is_spaceless(c) || is_cjk_separator(c);
        syllables |= is_syllabic(c);
    }
    SpacelessWords(match (syllables, characters) {
        (true, _) => Words::Syllables(token),
        (false, true) => Words::Characters(token),
        (false, false) => Words::Whole(Some(token)),
    })
}

/// Whether `text` has a character in U+0800–U+1FFF or from U+3000 on, where every
/// spaceless character, CJK separator and letter of a dictionary script is: one whose
/// UTF-8 starts with 0xE0, 0xE1 or a byte from 0xE3 on. A token of the alphabets before
/// U+0800 (Latin, Greek, Cyrillic, Hebrew, Arabic …), with typographic quotes and dashes
/// (U+2000–U+2FFF, lead byte 0xE2), has none, and is passed over without decoding its
/// characters.
pub(crate) fn may_hold_spaceless(text: &str) -> bool {
    text.bytes().any(|b| matches!(b, 0xE0 | 0xE1 | 0xE3..))
}

/// How many words `text` has, as pith counts them in records (`word_count`): its
/// whitespace-separated tokens (Unicode whitespace), each Han, Hiragana and Katakana
/// character a word of its own, and a token of Thai, Lao, Khmer or Burmese as many
/// words as the dictionary segmenter finds in it, a token of Tibetan as many as its
/// syllables ([`split_spaceless`]). Text without those characters counts exactly its
/// tokens; a Chinese, Japanese, Thai or Tibetan page counts its words (or syllables),
/// so a length filter (`word_count >= 50`) does not drop it for having few spaces.
///
/// ```
/// assert_eq!(pith_lang::words::count_words("two words"), 2);
/// assert_eq!(pith_lang::words::count_words("東京タワーは2024年に"), 9);
/// // Thai: "the floating market opens on Saturday", one space, seven words.
/// assert_eq!(pith_lang::words::count_words("ตลาดน้ำเปิดใหม่ วันเสาร์นี้"), 7);
/// // Tibetan: a clause of eight syllables and no space.
/// assert_eq!(pith_lang::words::count_words("བོད་ཀྱི་སྐད་ཡིག་ནི་བོད་མི་རྣམས།"), 8);
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
    if ascii || !may_hold_spaceless(token) {
        1
    } else {
        split_decoded(token).count()
    }
}

/// The iterator of [`split_spaceless`].
#[derive(Debug)]
pub struct SpacelessWords<'a>(Words<'a>);

/// How a token is cut.
#[derive(Debug)]
enum Words<'a> {
    /// The token is one word (taken once read).
    Whole(Option<&'a str>),
    /// The rest of a token cut at Han and kana characters ([`next_character_word`]).
    Characters(&'a str),
    /// The rest of a Tibetan token, cut at the tsheg and the other Tibetan marks too.
    Syllables(&'a str),
    /// A token of a dictionary script (boxed: the segmenter's iterator is large, and
    /// every other token would carry its size).
    Dictionary(Box<DictionaryWords<'a>>),
}

/// A token cut where the dictionary segmenter breaks it, segments without a letter or a
/// digit (punctuation) left out. (The segmenter's own word types are not read: it calls
/// some segments it found with a dictionary not word-like, e.g. a Thai word before a
/// space or a bracket.)
///
/// The segmenter reads a token in windows of [`WINDOW`] bytes: its time grows faster
/// than the length of a run of these scripts (a 100 KB run of Thai without a space went
/// at a third of the speed of a 1 KB one, and a 4 MB one took 20 s), and a page may hold
/// such a run. The segment that reaches a window's end may be cut short, so the next
/// window starts where it starts; a window without any break inside is one segment.
#[derive(Debug)]
struct DictionaryWords<'a> {
    text: &'a str,
    /// Where the window being read starts in `text`; `breaks` are relative to it.
    window: usize,
    /// Where it ends.
    window_end: usize,
    breaks: WordBreakIterator<'static, 'a, Utf8>,
    /// Where the segment being read starts in `text`.
    last: usize,
    /// The rest of a word-like segment with Han or kana characters in it, being cut as
    /// [`Words::Characters`] cuts.
    characters: &'a str,
}

/// How many bytes of a token the dictionary segmenter reads at once (at a character
/// boundary at or before it): a few hundred Thai words.
const WINDOW: usize = 2048;

impl<'a> DictionaryWords<'a> {
    fn new(text: &'a str) -> Self {
        let window_end = window_end(text, 0);
        DictionaryWords {
            text,
            window: 0,
            window_end,
            breaks: segment(&text[..window_end]),
            last: 0,
            characters: "",
        }
    }

    fn next_word(&mut self) -> Option<&'a str> {
        loop {
            if let Some(word) = next_character_word(&mut self.characters, is_cjk_separator) {
                return Some(word);
            }
            let end = match self.breaks.next() {
                Some(at) => self.window + at,
                None if self.window_end < self.text.len() => {
                    self.read_from(self.last);
                    continue;
                }
                None => return None,
            };
            if end <= self.last {
                continue;
            }
            if end == self.window_end && end < self.text.len() && self.last > self.window {
                // Cut by the window, perhaps: read it again at the start of the next.
                self.read_from(self.last);
                continue;
            }
            let segment = &self.text[self.last..end];
            self.last = end;
            if !segment.chars().any(char::is_alphanumeric) {
                continue;
            }
            if segment.chars().any(is_spaceless) {
                self.characters = segment;
                continue;
            }
            return Some(segment);
        }
    }

    /// Moves the window to start at `start`.
    fn read_from(&mut self, start: usize) {
        self.window = start;
        self.window_end = window_end(self.text, start);
        self.breaks = segment(&self.text[start..self.window_end]);
    }
}

/// The end of the window of `text` that starts at `start`: [`WINDOW`] bytes on, back to
/// a character boundary (never `start` itself), or the end of `text`.
fn window_end(text: &str, start: usize) -> usize {
    let mut end = start + WINDOW;
    if end >= text.len() {
        return text.len();
    }
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    end
}

/// The dictionary segmenter, made once: making it looks up its five dictionaries in
/// the compiled data (a tenth of `declutter`'s instructions on a Thai page when it was
/// made per token).
static SEGMENTER: LazyLock<WordSegmenterBorrowed<'static>> =
    LazyLock::new(|| WordSegmenter::new_dictionary(WordBreakInvariantOptions::default()));

/// The dictionary segmenter's breaks in `text`.
fn segment(text: &str) -> WordBreakIterator<'static, '_, Utf8> {
    SEGMENTER.segment_str(text)
}

impl<'a> Iterator for SpacelessWords<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        match &mut self.0 {
            Words::Whole(word) => word.take().filter(|w| !w.is_empty()),
            Words::Characters(rest) => next_character_word(rest, is_cjk_separator),
            Words::Syllables(rest) => next_character_word(rest, separates_syllables),
            Words::Dictionary(words) => words.next_word(),
        }
    }
}

/// The next word of `rest`, cut at Han and kana characters: separators (`separates`:
/// CJK punctuation, and for a Tibetan token its marks) skipped, a spaceless character
/// alone, or a run of other characters up to the next of either.
fn next_character_word<'a>(
    rest: &mut &'a str,
    separates: impl Fn(char) -> bool + Copy,
) -> Option<&'a str> {
    let start = rest.trim_start_matches(separates);
    let first = start.chars().next()?;
    let end = if is_spaceless(first) {
        first.len_utf8()
    } else {
        start
            .find(|c| is_spaceless(c) || separates(c))
            .unwrap_or(start.len())
    };
    let (word, after) = start.split_at(end);
    *rest = after;
    Some(word)
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
    fn thai_lao_khmer_and_burmese_words_come_from_the_dictionaries() {
        let words = |t| split_spaceless(t).collect::<Vec<_>>();
        // Thai "Thai language", Lao "hello, Lao language", Khmer "hello, Khmer
        // language", Burmese "hello" (a word and a polite particle).
        assert_eq!(words("ภาษาไทย"), ["ภาษา", "ไทย"]);
        assert_eq!(words("ສະບາຍດີພາສາລາວ"), ["ສະບາຍດີ", "ພາສາ", "ລາວ"]);
        assert_eq!(words("សួស្តីភាសាខ្មែរ"), ["សួស្តី", "ភាសាខ្មែរ"]);
        assert_eq!(words("မင်္ဂလာပါ"), ["မင်္ဂလာ", "ပါ"]);
        // Brackets and other punctuation are no word; digits are one.
        assert_eq!(words("(ครับ)"), ["ครับ"]);
        assert_eq!(words("ราคา๑๒๓บาท"), ["ราคา", "๑๒๓", "บาท"]);
        // Latin words and Han characters in the same token keep their own rules.
        assert_eq!(words("iPhoneรุ่นใหม่"), ["iPhone", "รุ่น", "ใหม่"]);
        assert_eq!(words("ไทย東京"), ["ไทย", "東", "京"]);
        // A space ends a Thai phrase, not a word: the count is the words'.
        assert_eq!(count_words("ตลาดน้ำเปิดใหม่ วันเสาร์นี้"), 7);
        assert_eq!("ตลาดน้ำเปิดใหม่ วันเสาร์นี้".split_whitespace().count(), 2);
    }

    #[test]
    fn tibetan_words_are_its_syllables() {
        let words = |t| split_spaceless(t).collect::<Vec<_>>();
        // "The Tibetan language is the language of the Tibetan people." A tsheg ends
        // each syllable, the shad the sentence; vowel signs and subjoined letters stay
        // in their syllable.
        assert_eq!(
            words("བོད་ཀྱི་སྐད་ཡིག་ནི་བོད་མི་རྣམས་ཀྱི་སྐད་ཡིག་ཡིན།"),
            [
                "བོད",
                "ཀྱི",
                "སྐད",
                "ཡིག",
                "ནི",
                "བོད",
                "མི",
                "རྣམས",
                "ཀྱི",
                "སྐད",
                "ཡིག",
                "ཡིན"
            ]
        );
        // The head mark (U+0F04, U+0F05), the non-breaking tsheg, double shads and
        // brackets are no word; Tibetan digits are one; Han characters and Latin runs
        // in the token keep their own rules.
        assert_eq!(words("༄༅།།བཀྲ་ཤིས༌བདེ་ལེགས།།"), ["བཀྲ", "ཤིས", "བདེ", "ལེགས"]);
        assert_eq!(words("༺ལོ་༢༠༢༤༻"), ["ལོ", "༢༠༢༤"]);
        assert_eq!(words("བོད་東京PDF།"), ["བོད", "東", "京", "PDF"]);
        // A space ends a phrase: the count is the syllables'.
        assert_eq!(count_words("བཀྲ་ཤིས་བདེ་ལེགས། ཁྱེད་རང་སྐུ་གཟུགས་བདེ་པོ་ཡིན་པས།"), 12);
        assert_eq!(split_spaceless("།").count(), 0);
    }

    #[test]
    fn a_long_run_is_read_in_windows_with_the_same_words() {
        let letters = |t: &str| t.chars().filter(|c| c.is_alphanumeric()).count();
        // Thai words, 66 bytes; 1,000 times is 33 windows, none cutting a word.
        let unit = "ตลาดน้ำเปิดใหม่ริมคลอง";
        let run = unit.repeat(1000);
        assert!(run.len() > 30 * WINDOW);
        let words: Vec<&str> = split_spaceless(&run).collect();
        let unit_words: Vec<&str> = split_spaceless(unit).collect();
        assert_eq!(words, unit_words.repeat(1000));
        // One letter over and over, marks without a letter, Thai, Han and Latin: whatever
        // the cuts, every letter is in a word, and the words come in order.
        for run in [
            "ก".repeat(3 * WINDOW),
            "\u{e31}\u{e48}".repeat(WINDOW),
            "ไทย東京a1".repeat(WINDOW),
        ] {
            let words: Vec<&str> = split_spaceless(&run).collect();
            assert_eq!(
                words.iter().map(|w| letters(w)).sum::<usize>(),
                letters(&run)
            );
            let mut rest = run.as_str();
            for word in words {
                let at = rest.find(word).expect("words appear in order");
                rest = &rest[at + word.len()..];
            }
        }
    }

    #[test]
    fn other_scripts_beyond_u0800_split_at_whitespace() {
        // Devanagari, Georgian, Hangul and Vietnamese letters pass the byte test but
        // hold no spaceless character: each token is one word.
        for token in ["हिन्दी", "ქართული", "한국어", "Tiếng"] {
            assert_eq!(split_spaceless(token).collect::<Vec<_>>(), [token]);
        }
    }

    #[test]
    fn the_byte_test_passes_every_character_that_is_cut() {
        let mut buffer = [0; 4];
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            let cut = is_spaceless(c) || is_cjk_separator(c) || is_dictionary_script(c);
            if cut || is_syllabic(c) {
                assert!(may_hold_spaceless(c.encode_utf8(&mut buffer)), "{c:?}");
            }
        }
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
            s in "([ a1\t\n\u{b}\u{c}\r\u{1c}\u{85}\u{a0}\u{1680}\u{2000}\u{200b}\u{2028}\u{202f}\u{205f}\u{3000}é。、「」今日はタワーภาษาไทย๑ສະບາຍខ្មែរမြန်\u{20000}བོད་ཀྱི།༢]|\\PC){0,30}"
        ) {
            let plain: usize = s
                .split_whitespace()
                .map(|token| split_spaceless(token).count())
                .sum();
            proptest::prop_assert_eq!(count_words(&s), plain);
        }

        #[test]
        fn words_are_non_empty_slices_in_order(
            s in "[a-zé1()。、「」今日はタワーภาษาไทย๑\u{e48}ສະບາຍខ្មែរမြန်\u{20000}བོད་ཀྱི།༢༄༺]{0,20}"
        ) {
            let mut rest = s.as_str();
            for w in split_spaceless(&s) {
                proptest::prop_assert!(!w.is_empty());
                let at = rest.find(w).expect("words appear in order");
                rest = &rest[at + w.len()..];
                let spaceless = w.chars().filter(|&c| is_spaceless(c)).count();
                proptest::prop_assert!(spaceless == 0 || w.chars().count() == 1);
            }
        }

        /// Cutting a token loses no letter or digit: only punctuation falls between words
        /// (and the CJK separators, among which are the Hangzhou numerals).
        #[test]
        fn no_letter_is_lost(
            s in "([a-zé1()。、「」今日はタワーภาษาไทย๑\u{e48}ສະບາຍខ្មែរမြန်\u{20000}བོད་ཀྱི།༢༄༺]|\\PC){0,20}"
        ) {
            let token: String = s.chars().filter(|c| !c.is_whitespace()).collect();
            let letters = |t: &str| {
                t.chars()
                    .filter(|&c| c.is_alphanumeric() && !is_cjk_separator(c))
                    .count()
            };
            let kept: usize = split_spaceless(&token).map(letters).sum();
            proptest::prop_assert_eq!(kept, letters(&token));
        }

        /// The same across the segmenter's windows: runs of several windows.
        #[test]
        fn no_letter_is_lost_across_windows(
            s in "[a1()。今日タภาษาไทยเปิดใหม่๑\u{e48}ສະບາຍខ្មែរမြန်]{1500,4000}"
        ) {
            let letters = |t: &str| t.chars().filter(|c| c.is_alphanumeric()).count();
            let kept: usize = split_spaceless(&s).map(letters).sum();
            proptest::prop_assert_eq!(kept, letters(&s));
        }
    }
}
