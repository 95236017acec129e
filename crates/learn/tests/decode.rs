//! Properties of `learn.trees`' decoding (`pith_learn::decode`): the Viterbi selection
//! is the best-scoring one (checked against every selection of short pages), a
//! switching cost of 0 is the plain threshold, the expected-F-β selection is the best
//! for its objective (against every selection of short pages) and grows with β, and
//! the `learn.trees` pass applies them.

use pith_core::{Block, FeatureKey, FeatureTable, Label, PassContext};
use pith_learn::decode::{select, Decode};
use pith_learn::{Tree, Trees};
use proptest::prelude::*;

/// The objective the Viterbi decoding maximises: the good blocks' scores minus the
/// switching cost for every change of state.
fn objective(chosen: &[bool], scores: &[f64], cost: f64) -> f64 {
    let kept: f64 = chosen
        .iter()
        .zip(scores)
        .filter(|(&c, _)| c)
        .map(|(_, &s)| s)
        .sum();
    let switches = chosen.windows(2).filter(|w| w[0] != w[1]).count();
    kept - cost * switches as f64
}

/// The objective the expected-F-β decoding maximises: `(1 + β²)·Σ_S q·n / (Σ_S n +
/// β²·Σ q·n)`, with `q = σ(scale·(margin − threshold))` (0 for `NaN`) and `n` each
/// block's tokens.
fn expected_f_beta(
    chosen: &[bool],
    margins: &[f64],
    (threshold, scale, beta): (f64, f64, f64),
    tokens: &[usize],
) -> f64 {
    let b = beta * beta;
    let q = |m: f64| {
        if m.is_nan() {
            0.0
        } else {
            1.0 / (1.0 + (scale * (threshold - m)).exp())
        }
    };
    let (mut common, mut size, mut gold) = (0.0, 0.0, 0.0);
    for (i, &m) in margins.iter().enumerate() {
        let n = tokens[i] as f64;
        gold += q(m) * n;
        if chosen[i] {
            common += q(m) * n;
            size += n;
        }
    }
    if size + b * gold > 0.0 {
        (1.0 + b) * common / (size + b * gold)
    } else {
        0.0
    }
}

fn viterbi(cost: f64, token_weight: bool) -> Decode {
    Decode::Viterbi {
        switch_cost: cost,
        token_weight,
    }
}

proptest! {
    #[test]
    fn viterbi_finds_the_best_selection(
        margins in prop::collection::vec(-4.0f64..4.0, 0..11),
        tokens in prop::collection::vec(0usize..200, 11),
        threshold in -1.5f64..1.5,
        cost in 0.0f64..3.0,
        token_weight in any::<bool>(),
    ) {
        let n = margins.len();
        let w = |i: usize| if token_weight { (1.0 + tokens[i] as f64).sqrt() } else { 1.0 };
        let scores: Vec<f64> = (0..n).map(|i| w(i) * (margins[i] - threshold)).collect();
        let chosen = select(&margins, threshold, &viterbi(cost, token_weight), |i| tokens[i]);
        prop_assert_eq!(chosen.len(), n);
        let got = objective(&chosen, &scores, cost);
        let mut best = f64::NEG_INFINITY;
        for mask in 0u32..(1 << n) {
            let c: Vec<bool> = (0..n).map(|i| mask & (1 << i) != 0).collect();
            best = best.max(objective(&c, &scores, cost));
        }
        prop_assert!(got >= best - 1e-9, "{got} < {best}");
    }

    #[test]
    fn no_switching_cost_is_the_threshold(
        margins in prop::collection::vec(prop_oneof![-4.0f64..4.0, Just(f64::NAN), Just(0.5)], 0..40),
        threshold in prop_oneof![-1.5f64..1.5, Just(0.5)],
        token_weight in any::<bool>(),
    ) {
        let plain = select(&margins, threshold, &Decode::Threshold, |_| 3);
        let zero = select(&margins, threshold, &viterbi(0.0, token_weight), |_| 3);
        prop_assert_eq!(&plain, &zero);
        let want: Vec<bool> = margins.iter().map(|&m| m > threshold).collect();
        prop_assert_eq!(plain, want);
    }

    #[test]
    fn expected_f_beta_finds_the_best_selection(
        margins in prop::collection::vec(prop_oneof![-4.0f64..4.0, Just(f64::NAN)], 0..11),
        tokens in prop::collection::vec(prop_oneof![Just(0usize), 1usize..200], 11),
        threshold in -1.5f64..1.5,
        scale in prop_oneof![Just(1.0f64), 0.1f64..3.0],
        beta in prop_oneof![Just(1.0f64), Just(0.5), Just(2.0), 0.1f64..5.0],
    ) {
        let n = margins.len();
        let decode = Decode::ExpectedF1 { scale, beta };
        let chosen = select(&margins, threshold, &decode, |i| tokens[i]);
        prop_assert_eq!(chosen.len(), n);
        let params = (threshold, scale, beta);
        let got = expected_f_beta(&chosen, &margins, params, &tokens);
        let mut best = 0.0f64;
        for mask in 0u32..(1 << n) {
            let c: Vec<bool> = (0..n).map(|i| mask & (1 << i) != 0).collect();
            best = best.max(expected_f_beta(&c, &margins, params, &tokens));
        }
        prop_assert!(got >= best - 1e-9, "{got} < {best}");
        // A page-adaptive cut: every chosen block is at least as probable as every
        // block left out, and a NaN margin is never chosen.
        for i in 0..n {
            for j in 0..n {
                if chosen[i] && !chosen[j] && !margins[j].is_nan() {
                    prop_assert!(margins[i] >= margins[j]);
                }
            }
            prop_assert!(!(chosen[i] && margins[i].is_nan()));
        }
    }

    #[test]
    fn a_greater_beta_keeps_every_block_a_smaller_keeps(
        margins in prop::collection::vec(prop_oneof![-4.0f64..4.0, Just(f64::NAN)], 0..60),
        tokens in prop::collection::vec(0usize..200, 60),
        threshold in -1.5f64..1.5,
        scale in 0.1f64..3.0,
        betas in (0.1f64..5.0, 0.1f64..5.0),
    ) {
        // The page's cut is max over the top-q prefixes of Σ q·n / (Σ n + β²·Σ_all q·n):
        // it can only fall as β grows, so precision's selection lies inside F1's, and
        // F1's inside recall's.
        let (small, large) = if betas.0 <= betas.1 { betas } else { (betas.1, betas.0) };
        let pick = |beta| {
            select(&margins, threshold, &Decode::ExpectedF1 { scale, beta }, |i| tokens[i])
        };
        let (narrow, wide) = (pick(small), pick(large));
        for (n, w) in narrow.iter().zip(&wide) {
            prop_assert!(!n || *w);
        }
    }

    #[test]
    fn expected_f1_keeps_every_block_the_threshold_keeps(
        margins in prop::collection::vec(-4.0f64..4.0, 0..60),
        tokens in prop::collection::vec(0usize..200, 60),
        threshold in -1.5f64..1.5,
        scale in 0.1f64..3.0,
    ) {
        // Its page cut is at most one half: a block of probability above one half
        // always raises the expected F1 (the cut is half the best, and F1 ≤ 1).
        let plain = select(&margins, threshold, &Decode::Threshold, |i| tokens[i]);
        let ef1 = select(&margins, threshold, &Decode::expected_f1(scale), |i| tokens[i]);
        for (p, e) in plain.iter().zip(&ef1) {
            prop_assert!(!p || *e);
        }
    }

    #[test]
    fn a_higher_cost_never_adds_stretches(
        margins in prop::collection::vec(-4.0f64..4.0, 0..60),
        low in 0.0f64..2.0,
        more in 0.0f64..2.0,
    ) {
        // Fewer or as many changes of state: the number of switches of the best path
        // does not grow with the cost (the objective is concave in the cost).
        let switches = |c: f64| {
            let s = select(&margins, 0.0, &viterbi(c, false), |_| 0);
            s.windows(2).filter(|w| w[0] != w[1]).count()
        };
        prop_assert!(switches(low + more) <= switches(low));
    }
}

#[test]
fn the_pass_decodes_its_margins() {
    // One feature is the margin itself: a tree that copies x to the leaf value.
    let tree = Tree {
        feature: vec![0, 0, 0],
        threshold: vec![0.0, 0.0, 0.0],
        left: vec![1, 0, 0],
        right: vec![2, 0, 0],
        value: vec![0.0, -1.0, 1.0],
    };
    let mut stage = Trees {
        features: vec!["x".into()],
        base_score: 0.0,
        trees: vec![tree].into(),
        margin_threshold: 0.0,
        fallback: false,
        decode: Decode::Threshold,
        prior: None,
    };
    let xs = [1.0, 1.0, -1.0, 1.0, 1.0, -1.0, -1.0, -1.0, 1.0, -1.0];
    let mut table = FeatureTable::default();
    table.insert(FeatureKey("x".into()), xs.to_vec());
    let blocks: Vec<Block> = xs.iter().map(|_| Block::default()).collect();
    let run = |stage: &Trees| {
        let mut labels = vec![Label::Bad; xs.len()];
        let ctx = PassContext {
            blocks: &blocks,
            features: &table,
            cf_labels: &labels.clone(),
            document: None,
        };
        pith_core::ContextPass::revise(stage, ctx, &mut labels).unwrap();
        labels
            .iter()
            .map(|&l| l == Label::Good)
            .collect::<Vec<bool>>()
    };
    let plain = run(&stage);
    assert_eq!(plain, xs.map(|x| x > 0.0));
    // Cost 0.75: the one-block gap is bridged (1 < 1.5), the lone block at the end is
    // dropped (1 < 1.5).
    stage.decode = viterbi(0.75, false);
    assert_eq!(
        run(&stage),
        [true, true, true, true, true, false, false, false, false, false]
    );
    // A cost so high that no stretch is worth its switch: nothing is good, but with the
    // fallback a page keeps a block anyway.
    stage.decode = viterbi(100.0, false);
    stage.fallback = true;
    assert!(run(&stage).iter().any(|&g| g));
    let json = serde_json::to_string(&stage).unwrap();
    assert!(
        json.contains(r#""decode":{"type":"viterbi","switch_cost":100.0}"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Trees>(&json).unwrap(), stage);
    // Expected F1: blocks of 10 tokens, margins ±1 (probabilities 0.73 and 0.27). The
    // page's best expected F1 is 2·(0.73·50)/(50 + 50) ≈ 0.73 (the expected gold is
    // 0.73·50 + 0.27·50), so its cut is about 0.37: the five sure blocks, not the
    // unsure ones.
    stage.decode = Decode::expected_f1(1.0);
    stage.fallback = false;
    let blocks: Vec<Block> = xs
        .iter()
        .map(|_| Block {
            text: "one two three four five six seven eight nine ten".into(),
            ..Block::default()
        })
        .collect();
    let mut labels = vec![Label::Bad; xs.len()];
    let ctx = PassContext {
        blocks: &blocks,
        features: &table,
        cf_labels: &labels.clone(),
        document: None,
    };
    pith_core::ContextPass::revise(&stage, ctx, &mut labels).unwrap();
    assert_eq!(
        labels.iter().map(|&l| l == Label::Good).collect::<Vec<_>>(),
        xs.map(|x| x > 0.0)
    );
    let json = serde_json::to_string(&stage).unwrap();
    assert!(
        json.contains(r#""decode":{"type":"expected_f1"}"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Trees>(&json).unwrap(), stage);
    stage.decode = Decode::expected_f1(0.5);
    let json = serde_json::to_string(&stage).unwrap();
    assert!(
        json.contains(r#""decode":{"type":"expected_f1","scale":0.5}"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Trees>(&json).unwrap(), stage);
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        assert!(Decode::expected_f1(bad).check().is_err());
    }
}

#[test]
fn expected_f1_golden_cases() {
    let all = |m: &[f64], t: f64, n: &[usize]| select(m, t, &Decode::expected_f1(1.0), |i| n[i]);
    // Sure content and sure boilerplate: the threshold's answer.
    assert_eq!(
        all(&[4.0, 4.0, -4.0, -4.0], 0.0, &[20, 20, 20, 20]),
        [true, true, false, false]
    );
    // A page the trees doubt everywhere: every block at probability 0.38 (margin −0.5)
    // is below one half, yet taking them all (expected F1 0.55) beats any part of them,
    // since the cut is half the best expected F1.
    assert_eq!(
        all(&[-0.5, -0.5, -0.5], 0.0, &[30, 30, 30]),
        [true, true, true]
    );
    // The same doubtful blocks beside a sure, long article: now they are left out.
    assert_eq!(
        all(&[4.0, -0.5, -0.5], 0.0, &[500, 30, 30]),
        [true, false, false]
    );
    // The threshold is the probabilities' offset.
    assert_eq!(all(&[1.0, 1.0], 3.0, &[10, 10]), [true, true]);
    assert_eq!(all(&[1.0, f64::NAN], 0.0, &[10, 10]), [true, false]);
    // A softer scale takes the doubtful blocks beside the article: at scale 0.25 the
    // article's probability is 0.73 and theirs 0.47, above half the page's best.
    let soft = select(&[4.0, -0.5, -0.5], 0.0, &Decode::expected_f1(0.25), |i| {
        [500, 30, 30][i]
    });
    assert_eq!(soft, [true, true, true]);
    assert!(all(&[], 0.0, &[]).is_empty());
}
