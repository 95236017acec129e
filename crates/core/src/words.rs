//! The word tokens pith measures text in: runs of `\w` characters, as Python's `str`
//! regex `\w+` finds them (Unicode alphanumerics and `_`).
//!
//! Why one definition here: the same tokens are counted when `pith eval` scores a page
//! (bag-of-words and shingle F1), when `pith train` labels blocks against gold text,
//! and when the learned preset's decoding weighs a block by its size. Were those three
//! to tokenise apart, a model would be trained and decoded on counts that the metric it
//! is judged by does not see. jusText's own word counts are jusText's (its crate keeps
//! them, exact to the reference).

/// Whether `c` is a `\w` character: alphanumeric or `_`.
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

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
