//! How `learn.trees` turns its blocks' margins into a page's selection.
//!
//! The trees judge every block on its own; but a page's main content is mostly one
//! contiguous stretch of blocks, and a lone block far from it that barely passes the
//! threshold (a teaser, a "related" link list) is more often boilerplate than an
//! isolated block inside the article that barely fails it (a subheading, a caption).
//! [`Decode::Viterbi`] puts that prior into the decision: the selection is the
//! sequence of good/bad states that maximises the sum of the good blocks' scores
//! `w·(margin − threshold)` minus `switch_cost` for every change of state between
//! neighbouring blocks (a two-state hidden Markov model decoded by Viterbi). With
//! `switch_cost` 0 it is the plain threshold ([`Decode::Threshold`]); the larger it is,
//! the more a block needs to be sure to start or break a stretch. `pith train
//! --choose-decode` chooses the cost out of fold.
//!
//! `w` is 1 for every block, or with `token_weight` `√(1 + tokens)`, so that a long
//! block's margin counts more than a one-word block's (its share of token F1 is
//! larger), while one long block still cannot outweigh every switch.
//!
//! [`Decode::ExpectedF1`] (the shipped `pith` preset's) puts the metric into the
//! decision instead: the trees' margins become probabilities, and each page keeps the
//! blocks that maximise its expected token F1 ([`expected_f_beta`]). A block the trees give
//! 0.4 is left out beside a long, sure article (it would add more noise than text) but
//! kept on a page where the trees doubt every block (leaving it out would lose most of
//! the page): a threshold of its own per page, chosen by the metric's own trade.
//! Its `beta` weighs recall against precision (the expected F-β; 1 is F1): that is how
//! `--favor-precision` (β = 0.5) and `--favor-recall` (β = 2) lean a learned pipeline,
//! as trafilatura's options of those names do ([`Favor`], [`set_beta`]).
//!
//! ```
//! use pith_learn::decode::{select, Decode};
//! // A lone block that barely passes, far from the article: dropped at cost 1.
//! let margins = [3.0, 2.5, -4.0, -3.0, 0.5, -2.0];
//! let plain = select(&margins, 0.0, &Decode::Threshold, |_| 1);
//! assert_eq!(plain, [true, true, false, false, true, false]);
//! let viterbi = Decode::Viterbi { switch_cost: 1.0, token_weight: false };
//! assert_eq!(select(&margins, 0.0, &viterbi, |_| 1), [true, true, false, false, false, false]);
//! ```

use serde::{Deserialize, Serialize};

/// The decoding of `learn.trees` (field `decode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Decode {
    /// Each block on its own: good when its margin is above the threshold.
    #[default]
    Threshold,
    /// The best sequence of states under a switching cost (see the [module docs](self)).
    Viterbi {
        /// What each change between good and bad costs, in margin units (times `w`).
        switch_cost: f64,
        /// Weigh each block's `margin − threshold` by `√(1 + tokens)` (tokens: its
        /// `\w+` runs); otherwise by 1.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        token_weight: bool,
    },
    /// Per page, the blocks that maximise the page's expected token F1 when each block
    /// is content with probability `σ(scale·(margin − threshold))` (see
    /// [`expected_f_beta`]): a page-adaptive threshold, lower on pages the trees are unsure
    /// of.
    ExpectedF1 {
        /// How sure the margins are taken to be: the probabilities' temperature (1: the
        /// trees' own, below 1: softer, as out-of-fold margins of deep trees call for).
        #[serde(default = "one", skip_serializing_if = "is_one")]
        scale: f64,
        /// How much recall weighs against precision: the selection maximises the
        /// expected F-β instead of F1 (1: F1; below 1 favours precision, above 1
        /// recall). `pith extract --favor-precision` / `--favor-recall` set it.
        #[serde(default = "one", skip_serializing_if = "is_one")]
        beta: f64,
    },
}

fn one() -> f64 {
    1.0
}

fn is_one(x: &f64) -> bool {
    *x == 1.0
}

impl Decode {
    /// The expected-F1 decoding at this scale (β = 1).
    pub fn expected_f1(scale: f64) -> Decode {
        Decode::ExpectedF1 { scale, beta: 1.0 }
    }

    /// Whether this is the plain threshold (what a missing `decode` field means).
    pub fn is_threshold(&self) -> bool {
        matches!(self, Decode::Threshold)
    }

    /// Checks the parameters: a switching cost is a finite number, not negative.
    pub fn check(&self) -> Result<(), String> {
        match *self {
            Decode::Threshold => Ok(()),
            Decode::ExpectedF1 { scale, beta } => {
                if !(scale.is_finite() && scale > 0.0) {
                    Err(format!(
                        "decode.scale must be a finite number > 0, not {scale}"
                    ))
                } else if !(beta.is_finite() && beta > 0.0) {
                    Err(format!(
                        "decode.beta must be a finite number > 0, not {beta}"
                    ))
                } else {
                    Ok(())
                }
            }
            Decode::Viterbi { switch_cost, .. } => {
                if switch_cost.is_finite() && switch_cost >= 0.0 {
                    Ok(())
                } else {
                    Err(format!(
                        "decode.switch_cost must be a finite number ≥ 0, not {switch_cost}"
                    ))
                }
            }
        }
    }

    /// Whether the decoding reads the blocks' token counts.
    pub fn needs_tokens(&self) -> bool {
        matches!(
            self,
            Decode::Viterbi {
                token_weight: true,
                ..
            } | Decode::ExpectedF1 { .. }
        )
    }
}

/// A user's lean between precision and recall, as trafilatura's `favor_precision` and
/// `favor_recall`: the β that [`set_beta`] gives a learned pipeline's expected-F1
/// decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Favor {
    /// Less boilerplate, at the cost of some text: F0.5 (precision weighs four times
    /// as much as recall).
    Precision,
    /// More of the text, at the cost of some boilerplate: F2 (recall weighs four times
    /// as much).
    Recall,
}

impl Favor {
    /// The β of the F-β this lean maximises.
    pub fn beta(self) -> f64 {
        match self {
            Favor::Precision => 0.5,
            Favor::Recall => 2.0,
        }
    }
}

/// Sets β on the expected-F1 decoding of every `learn.trees` pass of a pipeline given
/// as JSON; returns how many it set (0: the pipeline has no such decoding, e.g.
/// jusText's, which has no probabilities to weigh).
pub fn set_beta(pipeline: &mut serde_json::Value, beta: f64) -> usize {
    let Some(passes) = pipeline.get_mut("passes").and_then(|p| p.as_array_mut()) else {
        return 0;
    };
    let mut count = 0;
    for pass in passes {
        if pass.get("type").and_then(|t| t.as_str()) != Some("learn.trees") {
            continue;
        }
        let Some(decode) = pass.get_mut("decode").and_then(|d| d.as_object_mut()) else {
            continue;
        };
        if decode.get("type").and_then(|t| t.as_str()) == Some("expected_f1") {
            decode.insert("beta".into(), beta.into());
            count += 1;
        }
    }
    count
}

/// The selection of blocks (true: good) that `decode` gives for these margins at
/// `threshold`; `tokens(i)` is block `i`'s token count (read only with
/// `token_weight`). A `NaN` margin is never good. No fallback here: the caller keeps
/// the best block of a page with none selected.
pub fn select(
    margins: &[f64],
    threshold: f64,
    decode: &Decode,
    tokens: impl Fn(usize) -> usize,
) -> Vec<bool> {
    match *decode {
        Decode::Threshold => margins.iter().map(|&m| m > threshold).collect(),
        Decode::Viterbi {
            switch_cost,
            token_weight,
        } => {
            let scores = margins.iter().enumerate().map(|(i, &m)| {
                if m.is_nan() {
                    f64::NEG_INFINITY
                } else if token_weight {
                    (1.0 + tokens(i) as f64).sqrt() * (m - threshold)
                } else {
                    m - threshold
                }
            });
            viterbi(scores, margins.len(), switch_cost)
        }
        Decode::ExpectedF1 { scale, beta } => {
            expected_f_beta(margins, threshold, scale, beta, tokens)
        }
    }
}

/// The selection that maximises a page's expected token F-β, each block content with
/// probability `q = σ(scale·(margin − threshold))` on its own.
///
/// With `n` a block's tokens and `b = β²`, the expected F-β of a selection `S` is
/// approximated by the ratio of expectations `(1 + b)·Σ_S q·n / (Σ_S n + b·Σ_all q·n)`
/// (expected common tokens over the expected sizes of output and gold, the gold's
/// weighed by `b`; β = 1 is F1). For a fixed number of blocks it is greatest for the
/// blocks of greatest `q`, and a block raises it exactly when its `q` is above the
/// value without it divided by `1 + b`; so the best selection is every block of `q`
/// above the page's best expected F-β over `1 + b` — a threshold of its own per page:
/// near one half for F1 on a page the trees are sure of, lower on a page where they
/// doubt every block (a page whose content is all near the threshold is taken rather
/// than lost), higher for β below 1 (precision weighs more). Blocks without tokens go
/// with that cut too. A `NaN` margin is never good.
pub fn expected_f_beta(
    margins: &[f64],
    threshold: f64,
    scale: f64,
    beta: f64,
    tokens: impl Fn(usize) -> usize,
) -> Vec<bool> {
    let b = beta * beta;
    let q: Vec<f64> = margins
        .iter()
        .map(|&m| {
            if m.is_nan() {
                0.0
            } else {
                1.0 / (1.0 + (scale * (threshold - m)).exp())
            }
        })
        .collect();
    let n: Vec<f64> = (0..margins.len()).map(|i| tokens(i) as f64).collect();
    let expected_gold: f64 = q.iter().zip(&n).map(|(q, n)| q * n).sum();
    let mut order: Vec<usize> = (0..margins.len()).filter(|&i| q[i] > 0.0).collect();
    order.sort_by(|&a, &b| q[b].total_cmp(&q[a]).then(a.cmp(&b)));
    let (mut common, mut size) = (0.0, 0.0);
    let mut best = 0.0f64;
    for &i in &order {
        common += q[i] * n[i];
        size += n[i];
        let denominator = size + b * expected_gold;
        if denominator > 0.0 {
            best = best.max((1.0 + b) * common / denominator);
        }
    }
    let cut = best / (1.0 + b);
    q.iter().map(|&q| q > 0.0 && q > cut).collect()
}

/// The two-state Viterbi path: good scores `score`, bad scores 0, each change of state
/// costs `switch_cost`; no cost to start in either state. Ties go to bad (so with
/// `switch_cost` 0 a block is good exactly when its score is above 0).
fn viterbi(scores: impl Iterator<Item = f64>, n: usize, switch_cost: f64) -> Vec<bool> {
    // For each block, the best previous state given this one is good / bad.
    let mut from_good_if_good = Vec::with_capacity(n);
    let mut from_good_if_bad = Vec::with_capacity(n);
    // The best totals of paths ending good / bad at the previous block.
    let (mut good, mut bad) = (f64::NEG_INFINITY, 0.0f64);
    for (i, s) in scores.enumerate() {
        let (stay_good, come_good) = (good, bad - switch_cost);
        let (stay_bad, come_bad) = (bad, good - switch_cost);
        let prev_good_for_good = i > 0 && stay_good > come_good;
        let prev_good_for_bad = i > 0 && come_bad > stay_bad;
        let next_good = s + if i == 0 {
            0.0
        } else {
            stay_good.max(come_good)
        };
        let next_bad = if i == 0 { 0.0 } else { stay_bad.max(come_bad) };
        from_good_if_good.push(prev_good_for_good);
        from_good_if_bad.push(prev_good_for_bad);
        good = next_good;
        bad = next_bad;
    }
    let mut out = vec![false; n];
    let mut state = n > 0 && good > bad;
    for i in (0..n).rev() {
        out[i] = state;
        state = if state {
            from_good_if_good[i]
        } else {
            from_good_if_bad[i]
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vit(cost: f64) -> Decode {
        Decode::Viterbi {
            switch_cost: cost,
            token_weight: false,
        }
    }

    #[test]
    fn golden_cases() {
        let m = [2.0, -0.3, 2.0, -5.0, -5.0, 0.4, -5.0];
        assert_eq!(
            select(&m, 0.0, &Decode::Threshold, |_| 0),
            [true, false, true, false, false, true, false]
        );
        // Cost 0.5: the small gap is filled (0.3 < 2·0.5), the lone 0.4 dropped.
        assert_eq!(
            select(&m, 0.0, &vit(0.5), |_| 0),
            [true, true, true, false, false, false, false]
        );
        // Cost 0.1: both kept as they are.
        assert_eq!(
            select(&m, 0.0, &vit(0.1), |_| 0),
            [true, false, true, false, false, true, false]
        );
        // The threshold shifts every score.
        assert_eq!(
            select(&m, 1.0, &vit(0.0), |_| 0),
            [true, false, true, false, false, false, false]
        );
        // NaN is never good, even inside a stretch.
        assert_eq!(
            select(&[3.0, f64::NAN, 3.0], 0.0, &vit(1.0), |_| 0),
            [true, false, true]
        );
        assert!(select(&[], 0.0, &vit(1.0), |_| 0).is_empty());
        // Token weights: a 99-token block at −0.1 weighs −1, a gap worth bridging at cost
        // 0.3 unweighted (0.1 < 2·0.3) but not weighted (1 > 2·0.3).
        let m = [2.0, -0.1, 2.0];
        assert_eq!(select(&m, 0.0, &vit(0.3), |_| 99), [true, true, true]);
        let weighted = Decode::Viterbi {
            switch_cost: 0.3,
            token_weight: true,
        };
        assert_eq!(select(&m, 0.0, &weighted, |_| 99), [true, false, true]);
    }

    #[test]
    fn serde_forms() {
        let d: Decode = serde_json::from_str(r#"{"type": "viterbi", "switch_cost": 1.5}"#).unwrap();
        assert_eq!(d, vit(1.5));
        assert_eq!(
            serde_json::to_string(&d).unwrap(),
            r#"{"type":"viterbi","switch_cost":1.5}"#
        );
        assert!(serde_json::from_str::<Decode>(r#"{"type": "viterbi"}"#).is_err());
        assert!(vit(-1.0).check().is_err() && vit(f64::NAN).check().is_err());
        assert!(vit(0.0).check().is_ok());
    }
}
