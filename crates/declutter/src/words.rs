//! Small helpers shared by the stages: word counting and class/id matching.

use pith_core::{AttributeUse, WordAutomaton};
use pith_dom::Element;

/// Number of words in `text`, as pith counts them everywhere (the records'
/// `word_count`): runs of non-whitespace characters, except that each Han, Hiragana
/// and Katakana character is a word and CJK punctuation none, a run of Thai, Lao,
/// Khmer or Burmese counts its dictionary words and a run of Tibetan its syllables (see
/// [`crate::shake`] for why shake needs that).
pub use pith_core::lang::words::count_words;

/// Words looked for in `class` and `id` values, case-insensitively: a value matches
/// when its `to_lowercase()` contains one of the lowered words. An ASCII value (nearly
/// every class and id) is read by the words' automaton ([`WordAutomaton`], ASCII case
/// ignored: ASCII's lowering is its own case folding, and no word with another
/// character can occur in it); any other value through its lowered copy. Built from
/// the stage's list when it is prepared.
#[derive(Clone, Debug, Default)]
pub struct ClassWords {
    lower: Vec<String>,
    /// `None` when no word is left or the automaton would be too large.
    automaton: Option<WordAutomaton>,
}

impl PartialEq for ClassWords {
    fn eq(&self, other: &Self) -> bool {
        self.lower == other.lower
    }
}

impl ClassWords {
    /// The lowered `words` (empty ones never match).
    pub fn new(words: &[String]) -> ClassWords {
        let lower: Vec<String> = (words.iter())
            .map(|w| w.to_lowercase())
            .filter(|w| !w.is_empty())
            .collect();
        let automaton = match lower.is_empty() {
            true => None,
            false => WordAutomaton::new(&lower).ok(),
        };
        ClassWords { lower, automaton }
    }

    /// Whether `value.to_lowercase()` contains one of the words.
    pub fn in_value(&self, value: &str) -> bool {
        if self.lower.is_empty() {
            return false;
        }
        if let (true, Some(automaton)) = (value.is_ascii(), &self.automaton) {
            return automaton.any_in(value);
        }
        let lower = value.to_lowercase();
        self.lower.iter().any(|w| lower.contains(w.as_str()))
    }
}

/// Whether the element's `class` or (if `match_id`) `id` attribute contains one of
/// `words`, case-insensitively.
pub fn class_or_id_contains(el: &Element, words: &ClassWords, match_id: bool) -> bool {
    if words.lower.is_empty() {
        return false;
    }
    let hit = |value: &str| words.in_value(value);
    el.attr("class").is_some_and(hit) || (match_id && el.attr("id").is_some_and(hit))
}

/// What [`class_or_id_contains`] reads with this `match_id`: `class`, and `id` too.
pub fn class_or_id_attributes(match_id: bool) -> AttributeUse {
    let names: &[&str] = match match_id {
        true => &["class", "id"],
        false => &["class"],
    };
    AttributeUse::named(names.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_whitespace_separated_words() {
        assert_eq!(count_words("  a  bc\nd\u{a0}e "), 4);
        assert_eq!(count_words(""), 0);
    }

    #[test]
    fn counts_each_han_and_kana_character_as_a_word() {
        // 東 京 タ ワ ー は 2024 年 に, then 見 た; the punctuation is no word.
        assert_eq!(count_words("東京タワーは2024年に。「見た」"), 11);
        assert_eq!(
            count_words("한국어 문장"),
            2,
            "Korean is written with spaces"
        );
    }

    proptest::proptest! {
        /// Text of alphabets written with spaces counts its whitespace-separated runs.
        #[test]
        fn counts_as_split_whitespace(text in "[a b\t\n\u{b}\u{c}\r.]{0,24}|[a b\t\n\u{b}\r\u{a0}\u{85}\u{2003}éжω—]{0,24}") {
            proptest::prop_assert_eq!(count_words(&text), text.split_whitespace().count());
        }
    }

    proptest::proptest! {
        /// The automaton finds what a search of the lowered copy finds, on ASCII and
        /// other values (the Kelvin sign lowers to an ASCII `k`, `İ` to `i` and a
        /// combining dot) and words of any case.
        #[test]
        fn finds_what_the_lowered_copy_holds(
            value in "[a-zA-Z_ -]{0,16}|[a-zA-Z\u{212a}\u{130}é -]{0,12}",
            words in proptest::collection::vec("[a-zA-Z]{0,3}|[a-zé\u{307}K]{1,3}", 0..3),
        ) {
            let lower = value.to_lowercase();
            let want = (words.iter())
                .any(|w| !w.is_empty() && lower.contains(w.to_lowercase().as_str()));
            proptest::prop_assert_eq!(ClassWords::new(&words).in_value(&value), want);
        }
    }

    #[test]
    fn matches_class_and_id_case_insensitively() {
        let el = Element::new("div", [("class", "x Comment-List"), ("id", "PromoBox")]);
        let words = |w: &str| ClassWords::new(&[w.to_owned()]);
        assert!(class_or_id_contains(&el, &words("comment"), false));
        assert!(class_or_id_contains(&el, &words("PROMO"), true));
        assert!(!class_or_id_contains(&el, &words("promo"), false));
    }
}
