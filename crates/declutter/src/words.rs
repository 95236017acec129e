//! Small helpers shared by the stages: word counting and class/id matching.

use pith_dom::Element;

/// Number of words in `text`: runs of non-whitespace characters (Unicode whitespace).
pub fn count_words(text: &str) -> usize {
    text.split_whitespace().count()
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

    #[test]
    fn matches_class_and_id_case_insensitively() {
        let el = Element::new("div", [("class", "x Comment-List"), ("id", "PromoBox")]);
        assert!(class_or_id_contains(&el, &["comment".into()], false));
        assert!(class_or_id_contains(&el, &["promo".into()], true));
        assert!(!class_or_id_contains(&el, &["promo".into()], false));
    }
}
