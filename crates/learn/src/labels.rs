//! Block labels for training, derived from a page's gold text.
//!
//! A block is main content when more than half of its token trigrams (three
//! consecutive lower-cased `\w+` tokens, the tokens `pith eval`'s token F1 counts)
//! occur in the gold text; a block of one or two tokens when that whole sequence does.
//! A block without tokens is not content.
//!
//! Why trigrams rather than `pith eval`'s report rule ("most of its tokens occur in the
//! gold", `crates/eval/src/report.rs`): with single tokens, boilerplate written in
//! common words — user comments, which dragnet's gold leaves out, "related stories"
//! teasers — counts as content, and the model learns to keep it. Trigrams need the
//! block's wording to be in the gold. Gold texts differ in what they keep (captions,
//! headlines); the training weight of a block is its share of the page's tokens
//! ([`block_weight`]), so short blocks count little either way.

use std::collections::HashSet;

/// Whether `c` is a `\w` character.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The lower-cased `\w+` tokens of `text`, in order.
pub fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !is_word_char(c))
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
}

/// The n-grams (n = 1, 2, 3) of a gold text, for [`in_gold`].
#[derive(Clone, Debug, Default)]
pub struct GoldIndex {
    grams: [HashSet<String>; 3],
}

/// Indexes a gold text.
pub fn gold_vocabulary(gold: &str) -> GoldIndex {
    let toks: Vec<String> = tokens(gold).collect();
    let mut index = GoldIndex::default();
    for (n, set) in index.grams.iter_mut().enumerate() {
        for w in toks.windows(n + 1) {
            set.insert(w.join(" "));
        }
    }
    index
}

/// Whether the block is content by the rule of the [module docs](self).
pub fn in_gold(block: &str, gold: &GoldIndex) -> bool {
    let toks: Vec<String> = tokens(block).collect();
    match toks.len() {
        0 => false,
        n @ (1 | 2) => gold.grams[n - 1].contains(&toks.join(" ")),
        n => {
            let found = toks
                .windows(3)
                .filter(|w| gold.grams[2].contains(&w.join(" ")))
                .count();
            found * 2 > n - 2
        }
    }
}

/// The number of tokens of a block.
pub fn token_count(text: &str) -> usize {
    tokens(text).count()
}

/// A block's training weight: its share of the page's tokens plus a small floor, so
/// that pages weigh alike and every block counts a little.
pub fn block_weight(block_tokens: usize, page_tokens: usize) -> f64 {
    0.01 + block_tokens as f64 / page_tokens.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majority_of_tokens_decides() {
        let gold = gold_vocabulary("The quick brown fox jumps over the lazy dog.");
        assert!(in_gold("quick, BROWN fox!", &gold));
        assert!(in_gold("Brown fox", &gold));
        assert!(!in_gold("fox brown", &gold), "order counts");
        assert!(!in_gold("Home | About | Fox", &gold));
        assert!(!in_gold("— …", &gold));
        // One trigram of three is not most; two of three are.
        assert!(!in_gold("the quick brown cat jumps", &gold));
        assert!(in_gold("the quick brown fox cat", &gold));
    }
}
