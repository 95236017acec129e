//! Property tests of the label rules (`pith_learn::labels`): shares stay in 0 … 1, the
//! in-order alignment never matches more tokens than the gold has (or than the
//! bag-of-words rule finds), and a page whose blocks are the gold is all content.

use pith_learn::labels::{block_shares, token_count, LabelRule};
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "the", "river", "bridge", "council", "plan", "home", "news", "a",
];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec((0..WORDS.len(), prop::bool::ANY), 0..12).prop_map(|ws| {
        ws.iter()
            .map(|&(w, comma)| format!("{}{}", WORDS[w], if comma { "," } else { "" }))
            .collect::<Vec<_>>()
            .join(" ")
    })
}

proptest! {
    #[test]
    fn shares_are_bounded_and_the_alignment_matches_at_most_the_gold(
        blocks in prop::collection::vec(text(), 0..8),
        gold in text(),
    ) {
        let refs: Vec<&str> = blocks.iter().map(String::as_str).collect();
        let matched = |rule| -> f64 {
            block_shares(rule, &refs, &gold)
                .iter()
                .zip(&refs)
                .map(|(s, b)| s * token_count(b) as f64)
                .sum()
        };
        for rule in [LabelRule::Trigrams, LabelRule::Tokens, LabelRule::Aligned] {
            let shares = block_shares(rule, &refs, &gold);
            prop_assert_eq!(shares.len(), refs.len());
            prop_assert!(shares.iter().all(|s| (0.0..=1.0).contains(s)), "{:?}", shares);
        }
        let aligned = matched(LabelRule::Aligned);
        prop_assert!(aligned <= token_count(&gold) as f64 + 1e-9);
        prop_assert!(aligned <= matched(LabelRule::Tokens) + 1e-9);
    }

    #[test]
    fn blocks_that_are_the_gold_are_all_content(blocks in prop::collection::vec(text(), 1..8)) {
        let refs: Vec<&str> = blocks.iter().map(String::as_str).collect();
        let gold = blocks.join("\n");
        for (share, b) in block_shares(LabelRule::Aligned, &refs, &gold).iter().zip(&refs) {
            let want = if token_count(b) == 0 { 0.0 } else { 1.0 };
            prop_assert_eq!(*share, want);
        }
    }
}
