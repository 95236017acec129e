//! Small helpers shared by the stages: word counting and class/id matching.

use pith_core::AttributeUse;
use pith_dom::Element;

/// Number of words in `text`: runs of non-whitespace characters (Unicode whitespace).
pub fn count_words(text: &str) -> usize {
    if !text.is_ascii() {
        return text.split_whitespace().count();
    }
    // ASCII text byte by byte: a word starts at each non-whitespace byte after
    // whitespace (or at the start). `char::is_whitespace` on ASCII is these six bytes,
    // the vertical tab included. Every text node of every page goes through here.
    let mut words = 0;
    let mut in_word = false;
    for &b in text.as_bytes() {
        let space = matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ');
        words += usize::from(!space && !in_word);
        in_word = !space;
    }
    words
}

/// Whether the element's `class` or (if `match_id`) `id` attribute contains one of
/// `words` as a substring, case-insensitively. `words` must already be lower case.
pub fn class_or_id_contains(el: &Element, words: &[String], match_id: bool) -> bool {
    if words.is_empty() {
        return false;
    }
    let hit = |value: &str| {
        let lower = value.to_lowercase();
        words
            .iter()
            .any(|w| !w.is_empty() && lower.contains(w.as_str()))
    };
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

/// Lower-cases every word of a list (done once, in `prepare`).
pub fn lowercase_all(words: &[String]) -> Vec<String> {
    words.iter().map(|w| w.to_lowercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_whitespace_separated_words() {
        assert_eq!(count_words("  a  bc\nd\u{a0}e "), 4);
        assert_eq!(count_words(""), 0);
    }

    proptest::proptest! {
        #[test]
        fn counts_as_split_whitespace(text in "[a b\t\n\u{b}\u{c}\r.]{0,24}|[a b\t\n\u{b}\r\u{a0}\u{85}\u{2003}é]{0,24}") {
            proptest::prop_assert_eq!(count_words(&text), text.split_whitespace().count());
        }
    }

    #[test]
    fn matches_class_and_id_case_insensitively() {
        let el = Element::new("div", [("class", "x Comment-List"), ("id", "PromoBox")]);
        assert!(class_or_id_contains(&el, &["comment".into()], false));
        assert!(class_or_id_contains(&el, &["promo".into()], true));
        assert!(!class_or_id_contains(&el, &["promo".into()], false));
    }
}
