//! Block labels for training, derived from a page's gold text.
//!
//! Three rules ([`LabelRule`]) give every block a *share* in 0 … 1; a block is main
//! content when its share is above one half. A block without tokens is not content.
//!
//! - `trigrams`: the share of the block's token trigrams (three consecutive
//!   lower-cased `\w+` tokens, the tokens `pith eval`'s token F1 counts) that occur
//!   in the gold text; a block of one or two tokens has share 1 when that
//!   whole sequence does, else 0.
//! - `tokens`: the share of its tokens that occur anywhere in the gold (the rule of
//!   `pith eval`'s HTML report, `crates/eval/src/report.rs`).
//! - `aligned`: the share of its tokens that a longest common subsequence of the
//!   page's tokens (every block's, in page order) and the gold's tokens matches: a
//!   token counts only where it is in the gold *in order*, so a word the gold has once
//!   is matched once, and boilerplate in common words (comments, teasers) matches
//!   little. Pages whose alignment table would exceed [`MAX_ALIGN_CELLS`] fall back to
//!   `trigrams`. The default, and the shipped `pith` preset's: over three fold deals
//!   it gives a better out-of-fold mean of four folders than `trigrams` (0.902 against
//!   0.896; docs/evaluation.md, "Labels, measured over three deals").
//!
//! Why trigrams (or the alignment) rather than the report rule: with single tokens,
//! boilerplate written in common words — user comments, which dragnet's gold leaves
//! out, "related stories" teasers — counts as content, and the model learns to keep
//! it. Trigrams need the block's wording to be in the gold. Gold texts differ in what
//! they keep (captions, headlines); the training weight of a block is its share of
//! the page's tokens ([`block_weight`]), so short blocks count little either way.

use std::collections::{HashMap, HashSet};

use pith_core::words::char_classes;

/// The lower-cased `\w+` tokens of `text`, in order (the tokens `pith eval` counts:
/// [`pith_core::words::word_tokens`]).
pub fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    pith_core::words::word_tokens(text).map(str::to_lowercase)
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

/// Whether the block is content by the `trigrams` rule of the [module docs](self).
pub fn in_gold(block: &str, gold: &GoldIndex) -> bool {
    trigram_share(block, gold) > 0.5
}

/// The block's share of token trigrams found in the gold (`trigrams` rule).
pub fn trigram_share(block: &str, gold: &GoldIndex) -> f64 {
    let toks: Vec<String> = tokens(block).collect();
    match toks.len() {
        0 => 0.0,
        n @ (1 | 2) => f64::from(u8::from(gold.grams[n - 1].contains(&toks.join(" ")))),
        n => {
            let found = toks
                .windows(3)
                .filter(|w| gold.grams[2].contains(&w.join(" ")))
                .count();
            found as f64 / (n - 2) as f64
        }
    }
}

/// The block's share of tokens found anywhere in the gold (`tokens` rule).
pub fn token_share(block: &str, gold: &GoldIndex) -> f64 {
    let (mut n, mut found) = (0usize, 0usize);
    for t in tokens(block) {
        n += 1;
        found += usize::from(gold.grams[0].contains(&t));
    }
    ratio(found, n)
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// How blocks are labelled from the gold; see the [module docs](self).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LabelRule {
    /// Most token trigrams in the gold.
    Trigrams,
    /// Most tokens in the gold's vocabulary.
    Tokens,
    /// Most tokens matched by an in-order alignment of page and gold.
    #[default]
    Aligned,
}

impl std::str::FromStr for LabelRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "trigrams" => Ok(LabelRule::Trigrams),
            "tokens" => Ok(LabelRule::Tokens),
            "aligned" => Ok(LabelRule::Aligned),
            _ => Err(format!(
                "unknown label rule {s:?} (trigrams, tokens or aligned)"
            )),
        }
    }
}

/// The largest alignment table (page tokens found in the gold × gold tokens found in
/// the page) the `aligned` rule builds: one byte a cell, 64 MiB.
pub const MAX_ALIGN_CELLS: usize = 64 << 20;

/// Every block's share by `rule` (see the [module docs](self)), in block order.
pub fn block_shares(rule: LabelRule, blocks: &[&str], gold: &str) -> Vec<f64> {
    let index = || gold_vocabulary(gold);
    match rule {
        LabelRule::Trigrams => {
            let index = index();
            blocks.iter().map(|b| trigram_share(b, &index)).collect()
        }
        LabelRule::Tokens => {
            let index = index();
            blocks.iter().map(|b| token_share(b, &index)).collect()
        }
        LabelRule::Aligned => aligned_shares(blocks, gold).unwrap_or_else(|| {
            let index = index();
            blocks.iter().map(|b| trigram_share(b, &index)).collect()
        }),
    }
}

/// The `aligned` rule's shares, or `None` when the table would be too large.
fn aligned_shares(blocks: &[&str], gold: &str) -> Option<Vec<f64>> {
    let mut ids: HashMap<String, u32> = HashMap::new();
    let gold_ids: Vec<u32> = tokens(gold)
        .map(|t| {
            let n = ids.len() as u32;
            *ids.entry(t).or_insert(n)
        })
        .collect();
    // The page's tokens that occur in the gold (others cannot match), with their block.
    let mut page: Vec<(u32, usize)> = Vec::new();
    let mut counts = vec![0usize; blocks.len()];
    for (b, text) in blocks.iter().enumerate() {
        for t in tokens(text) {
            counts[b] += 1;
            if let Some(&id) = ids.get(&t) {
                page.push((id, b));
            }
        }
    }
    // Gold tokens that never occur on the page cannot match either.
    let on_page: HashSet<u32> = page.iter().map(|&(id, _)| id).collect();
    let gold_ids: Vec<u32> = gold_ids
        .into_iter()
        .filter(|id| on_page.contains(id))
        .collect();
    let (n, m) = (page.len(), gold_ids.len());
    if n.checked_mul(m)? > MAX_ALIGN_CELLS {
        return None;
    }
    let matched = lcs_matches(
        &page.iter().map(|&(id, _)| id).collect::<Vec<_>>(),
        &gold_ids,
    );
    let mut found = vec![0usize; blocks.len()];
    for (i, &(_, b)) in page.iter().enumerate() {
        found[b] += usize::from(matched[i]);
    }
    Some(
        found
            .iter()
            .zip(&counts)
            .map(|(&f, &c)| ratio(f, c))
            .collect(),
    )
}

/// Which items of `a` a longest common subsequence of `a` and `b` uses (dynamic
/// programming over the `|a| × |b|` table, one byte a cell for the way back).
fn lcs_matches(a: &[u32], b: &[u32]) -> Vec<bool> {
    const LEFT: u8 = 0;
    const UP: u8 = 1;
    const DIAG: u8 = 2;
    let (n, m) = (a.len(), b.len());
    let mut way = vec![LEFT; n * m];
    let mut prev = vec![0u32; m + 1];
    let mut cur = vec![0u32; m + 1];
    for i in 0..n {
        for j in 0..m {
            let (v, w) = if a[i] == b[j] {
                (prev[j] + 1, DIAG)
            } else if prev[j + 1] >= cur[j] {
                (prev[j + 1], UP)
            } else {
                (cur[j], LEFT)
            };
            cur[j + 1] = v;
            way[i * m + j] = w;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let mut matched = vec![false; n];
    let (mut i, mut j) = (n, m);
    while i > 0 && j > 0 {
        match way[(i - 1) * m + (j - 1)] {
            DIAG => {
                matched[i - 1] = true;
                i -= 1;
                j -= 1;
            }
            UP => i -= 1,
            _ => j -= 1,
        }
    }
    matched
}

/// The number of `\w+` tokens of a text (the tokens `pith eval` counts:
/// [`pith_core::words::word_tokens`]), without allocating.
///
/// Counted as the places where a word character follows a character that is not one
/// (or starts the text): `learn.trees` counts every block's tokens on every page, so
/// an ASCII text (most blocks) is read byte by byte, where `\w` is `[0-9A-Za-z_]`.
pub fn token_count(text: &str) -> usize {
    if text.is_ascii() {
        let (mut count, mut in_word) = (0, false);
        for &b in text.as_bytes() {
            let word = is_ascii_word_byte(b);
            count += usize::from(word && !in_word);
            in_word = word;
        }
        return count;
    }
    let classes = char_classes();
    let (mut count, mut in_word) = (0, false);
    for c in text.chars() {
        let word = classes.is_word_char(c);
        count += usize::from(word && !in_word);
        in_word = word;
    }
    count
}

/// Whether an ASCII byte is a `\w` character.
fn is_ascii_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
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
    fn ascii_word_bytes_are_the_word_characters() {
        for b in 0..=127u8 {
            assert_eq!(
                is_ascii_word_byte(b),
                char_classes().is_word_char(char::from(b)),
                "{b}"
            );
        }
    }

    proptest::proptest! {
        /// The count is the number of `\w+` tokens, ASCII or not.
        #[test]
        fn token_count_counts_the_word_tokens(text in "[a-zA-Z0-9_ ,.'é\\-]{0,40}") {
            proptest::prop_assert_eq!(
                token_count(&text),
                pith_core::words::word_tokens(&text).count()
            );
        }
    }

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

    #[test]
    fn the_rules_give_shares() {
        let gold = "The quick brown fox jumps over the lazy dog.";
        let blocks = ["quick brown fox", "the the the dog", "jumps over", "cat"];
        let tri = block_shares(LabelRule::Trigrams, &blocks, gold);
        assert_eq!(tri, [1.0, 0.0, 1.0, 0.0]);
        let tok = block_shares(LabelRule::Tokens, &blocks, gold);
        assert_eq!(tok, [1.0, 1.0, 1.0, 0.0]);
        // In order: "quick brown fox", then "the ... dog" can only use the gold's
        // second "the" and "dog" after "jumps over" is skipped, or "jumps over" and
        // the last "the" — one alignment of the longest length.
        let al = block_shares(LabelRule::Aligned, &blocks, gold);
        assert_eq!(al[0], 1.0);
        assert_eq!(al[3], 0.0);
        assert!(al[1] <= 0.5, "{al:?}");
        assert_eq!(block_shares(LabelRule::Aligned, &["", "x"], ""), [0.0, 0.0]);
    }

    #[test]
    fn the_alignment_is_a_longest_common_subsequence() {
        let m = lcs_matches(&[1, 2, 3, 2, 4], &[2, 4, 9]);
        assert_eq!(m.iter().filter(|&&x| x).count(), 2);
        assert!(m[4], "{m:?}");
        assert_eq!(lcs_matches(&[], &[1]), Vec::<bool>::new());
    }
}
