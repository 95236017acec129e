//! The scrapinghub article-extraction benchmark's metric, as its README (and its
//! `evaluate.py`) define it.
//!
//! Each text is tokenised into `\w+` runs (Unicode word characters: alphanumerics and
//! `_`; case kept). Its shingles are all runs of 4 consecutive tokens (a text with 1–3
//! tokens gives one shorter shingle, an empty text none), counted with multiplicity.
//! Per page, TP = shingles in both (multiset intersection), FP = predicted only,
//! FN = gold only; the three are divided by their sum. Precision = TP/(TP+FP) and
//! recall = TP/(TP+FN), both 1 when FP = FN = 0, precision 0 when TP = FP = 0 and recall
//! 0 when TP = FN = 0. Precision is averaged over the pages with TP+FP > 0, recall over
//! the pages with TP+FN > 0, and F1 = 2PR/(P+R) of the two averages. The ± figures are
//! the standard deviation of the same scores over bootstrap resamples of the pages.

use std::collections::HashMap;

/// Shingle length of the benchmark.
pub const NGRAM: usize = 4;

/// Whether `c` is a `\w` character (Python's `str` regex `\w`: alphanumeric or `_`).
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The `\w+` tokens of `text`, in order.
pub fn tokenize(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        match (is_word_char(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(&text[s..i]);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(&text[s..]);
    }
    out
}

/// The shingles of `text` with their multiplicities.
pub fn shingles(text: &str) -> HashMap<String, usize> {
    let tokens = tokenize(text);
    let mut map = HashMap::new();
    if tokens.is_empty() {
        return map;
    }
    let n = tokens.len().saturating_sub(NGRAM) + 1;
    for i in 0..n {
        let end = (i + NGRAM).min(tokens.len());
        *map.entry(tokens[i..end].join(" ")).or_insert(0) += 1;
    }
    map
}

/// One page's TP, FP and FN, normalised to sum to 1 (all 0 when both texts are empty).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PageCounts {
    /// Shared shingles.
    pub tp: f64,
    /// Predicted-only shingles.
    pub fp: f64,
    /// Gold-only shingles.
    pub fn_: f64,
}

/// The counts of one page: `gold` is the reference text, `predicted` the extraction.
pub fn page_counts(predicted: &str, gold: &str) -> PageCounts {
    let g = shingles(gold);
    let p = shingles(predicted);
    let mut tp = 0usize;
    let mut fp = 0usize;
    for (s, &np) in &p {
        let ng = g.get(s).copied().unwrap_or(0);
        tp += np.min(ng);
        fp += np.saturating_sub(ng);
    }
    let gold_total: usize = g.values().sum();
    let fn_ = gold_total - tp;
    let n = (tp + fp + fn_) as f64;
    if n == 0.0 {
        return PageCounts::default();
    }
    PageCounts {
        tp: tp as f64 / n,
        fp: fp as f64 / n,
        fn_: fn_ as f64 / n,
    }
}

fn page_precision(c: &PageCounts) -> f64 {
    if c.fp == 0.0 && c.fn_ == 0.0 {
        1.0
    } else if c.tp == 0.0 && c.fp == 0.0 {
        0.0
    } else {
        c.tp / (c.tp + c.fp)
    }
}

fn page_recall(c: &PageCounts) -> f64 {
    if c.fp == 0.0 && c.fn_ == 0.0 {
        1.0
    } else if c.tp == 0.0 && c.fn_ == 0.0 {
        0.0
    } else {
        c.tp / (c.tp + c.fn_)
    }
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

/// Precision, recall and F1 over pages.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// Mean precision over pages with TP+FP > 0.
    pub precision: f64,
    /// Mean recall over pages with TP+FN > 0.
    pub recall: f64,
    /// 2PR/(P+R).
    pub f1: f64,
}

impl Score {
    /// The benchmark's scores of these pages.
    pub fn of(pages: &[PageCounts]) -> Score {
        let precision = mean(
            pages
                .iter()
                .filter(|c| c.tp + c.fp > 0.0)
                .map(page_precision),
        );
        let recall = mean(pages.iter().filter(|c| c.tp + c.fn_ > 0.0).map(page_recall));
        let f1 = if precision + recall == 0.0 {
            0.0
        } else {
            2.0 * precision * recall / (precision + recall)
        };
        Score {
            precision,
            recall,
            f1,
        }
    }

    /// Standard deviations of precision, recall and F1 over `rounds` bootstrap
    /// resamples of the pages (a fixed-seed generator, so the figures repeat).
    pub fn bootstrap_std(pages: &[PageCounts], rounds: usize, seed: u64) -> Score {
        let mut state = seed | 1;
        let mut next = || {
            // xorshift64*
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        let mut samples = Vec::with_capacity(rounds);
        let mut resample = vec![PageCounts::default(); pages.len()];
        for _ in 0..rounds {
            for slot in resample.iter_mut() {
                *slot = pages[(next() % pages.len().max(1) as u64) as usize];
            }
            samples.push(Score::of(&resample));
        }
        let std = |f: fn(&Score) -> f64| {
            let m = mean(samples.iter().map(f));
            mean(samples.iter().map(|s| (f(s) - m).powi(2))).sqrt()
        };
        Score {
            precision: std(|s| s.precision),
            recall: std(|s| s.recall),
            f1: std(|s| s.f1),
        }
    }
}

/// Whether the two texts have identical token lists (the benchmark's "accuracy").
pub fn tokens_equal(predicted: &str, gold: &str) -> bool {
    tokenize(predicted) == tokenize(gold)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_word_runs() {
        assert_eq!(
            tokenize("Don't stop—über_x 42!"),
            ["Don", "t", "stop", "über_x", "42"]
        );
    }

    #[test]
    fn short_texts_give_one_shingle() {
        let s = shingles("a b");
        assert_eq!(s.len(), 1);
        assert_eq!(s["a b"], 1);
        assert!(shingles("  ,, ").is_empty());
        assert_eq!(shingles("a b c d e").len(), 2);
    }

    #[test]
    fn counts_use_multiplicity_and_normalise() {
        let c = page_counts("a b c d a b c d", "a b c d");
        // predicted: abcd, bcda, cdab, dabc, abcd -> abcd x2; gold abcd x1.
        assert!((c.tp - 1.0 / 5.0).abs() < 1e-12);
        assert!((c.fp - 4.0 / 5.0).abs() < 1e-12);
        assert_eq!(c.fn_, 0.0);
    }

    #[test]
    fn edge_cases_of_precision_and_recall() {
        let empty_pred = page_counts("", "a b c d");
        let s = Score::of(&[empty_pred]);
        assert_eq!((s.precision, s.recall), (0.0, 0.0));
        let both_empty = page_counts("", "");
        let s = Score::of(&[both_empty, page_counts("a b c d", "a b c d")]);
        assert_eq!((s.precision, s.recall, s.f1), (1.0, 1.0, 1.0));
    }
}
