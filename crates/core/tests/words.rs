//! `word_tokens` gives exactly the maximal runs of `\w` characters: every character of
//! a token is a word character, the tokens cover every word character of the text in
//! order, and two tokens are never adjacent in the text.

use pith_core::words::{is_word_char, word_tokens};
use proptest::prelude::*;

proptest! {
    #[test]
    fn tokens_are_the_maximal_word_runs(
        text in "\\PC{0,40}|[a-z_ 0-9é—’\u{301}\u{663}.,-]{0,40}"
    ) {
        let tokens: Vec<&str> = word_tokens(&text).collect();
        let mut end_of_last: Option<usize> = None;
        for token in &tokens {
            prop_assert!(!token.is_empty());
            prop_assert!(token.chars().all(is_word_char));
            // Tokens borrow from the text: where each starts tells what lies between.
            let start = token.as_ptr() as usize - text.as_ptr() as usize;
            if let Some(end) = end_of_last {
                prop_assert!(start > end, "two tokens touch");
                prop_assert!(!text[end..start].chars().any(is_word_char));
            }
            end_of_last = Some(start + token.len());
        }
        let words: String = text.chars().filter(|&c| is_word_char(c)).collect();
        prop_assert_eq!(tokens.concat(), words);
    }
}
