//! `pith tune`: parameter search for any pipeline on a dataset's train split — seeded
//! random search, then coordinate refinement — scored by the shingle F1, with the
//! held-out split's score reported for the default and the tuned pipeline.

use std::collections::HashMap;

use pith::Pipeline;
use serde::Serialize;

use crate::dataset::Page;
use crate::metrics::{Rng, Score};
use crate::run::{apply_override, run_pipeline};

/// One searched parameter: `NAME=LOW..HIGH`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParamRange {
    /// The parameter (set on every stage that has it).
    pub name: String,
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
    /// Integer-valued: both bounds were written as integers.
    pub integer: bool,
}

impl ParamRange {
    /// Parses `NAME=LOW..HIGH`; integer when neither bound has a `.`, `e` or `E`.
    pub fn parse(s: &str) -> Result<ParamRange, String> {
        let err = || format!("{s:?}: expected NAME=LOW..HIGH");
        let (name, range) = s.split_once('=').ok_or_else(err)?;
        let (lo, hi) = range.split_once("..").ok_or_else(err)?;
        let is_int = |t: &str| !t.contains(['.', 'e', 'E']);
        let low: f64 = lo.trim().parse().map_err(|_| err())?;
        let high: f64 = hi.trim().parse().map_err(|_| err())?;
        if low.is_nan() || high.is_nan() || low > high {
            return Err(format!("{s:?}: LOW must not exceed HIGH"));
        }
        Ok(ParamRange {
            name: name.trim().to_owned(),
            low,
            high,
            integer: is_int(lo.trim()) && is_int(hi.trim()),
        })
    }

    fn snap(&self, v: f64) -> f64 {
        let v = v.clamp(self.low, self.high);
        if self.integer {
            v.round()
        } else {
            (v * 1e4).round() / 1e4
        }
    }

    fn json(&self, v: f64) -> serde_json::Value {
        if self.integer {
            serde_json::json!(v as i64)
        } else {
            serde_json::json!(v)
        }
    }
}

/// Search settings.
#[derive(Clone, Copy, Debug)]
pub struct TuneOptions {
    /// Pipeline evaluations on the train split (random search gets half, at least one).
    pub budget: usize,
    /// Seed of the split and of the search.
    pub seed: u64,
    /// Fraction of the pages in the train split.
    pub split: f64,
}

/// One evaluated point.
#[derive(Clone, Debug, Serialize)]
pub struct Trial {
    /// `random` or `refine`.
    pub phase: &'static str,
    /// Parameter values, in the order of the ranges.
    pub values: Vec<f64>,
    /// Train shingle F1.
    pub f1: f64,
}

/// The outcome of a search.
#[derive(Clone, Debug, Serialize)]
pub struct TuneResult {
    /// The searched ranges.
    pub params: Vec<ParamRange>,
    /// The best values found, in the order of the ranges.
    pub best: Vec<f64>,
    /// Train split page ids.
    pub train: Vec<String>,
    /// Held-out split page ids.
    pub test: Vec<String>,
    /// Shingle scores of the base pipeline on the train split.
    pub default_train: Score,
    /// … on the held-out split.
    pub default_test: Score,
    /// Shingle scores of the tuned pipeline on the train split.
    pub tuned_train: Score,
    /// … on the held-out split.
    pub tuned_test: Score,
    /// Every evaluation, in order.
    pub trials: Vec<Trial>,
    /// The tuned pipeline value.
    #[serde(skip)]
    pub tuned: serde_json::Value,
}

/// Splits pages into train and held-out parts: a seeded shuffle, the first
/// `round(split · n)` pages for training; both parts keep the dataset's order.
pub fn split_pages(pages: &[Page], split: f64, seed: u64) -> (Vec<Page>, Vec<Page>) {
    let mut idx: Vec<usize> = (0..pages.len()).collect();
    let mut rng = Rng::new(seed ^ SPLIT_SALT);
    for i in (1..idx.len()).rev() {
        let j = rng.below(i + 1);
        idx.swap(i, j);
    }
    let n_train = ((split.clamp(0.0, 1.0) * pages.len() as f64).round() as usize).min(pages.len());
    let mut train_idx = idx[..n_train].to_vec();
    let mut test_idx = idx[n_train..].to_vec();
    train_idx.sort_unstable();
    test_idx.sort_unstable();
    (
        train_idx.iter().map(|&i| pages[i].clone()).collect(),
        test_idx.iter().map(|&i| pages[i].clone()).collect(),
    )
}

/// Mixed into the split's seed so that the split and the search draw differently.
const SPLIT_SALT: u64 = 0x5EED_0000_0001;

/// The pipeline value `base` with `values` set for `params`.
pub fn with_values(
    base: &serde_json::Value,
    params: &[ParamRange],
    values: &[f64],
) -> Result<serde_json::Value, String> {
    let mut v = base.clone();
    for (p, &x) in params.iter().zip(values) {
        apply_override(&mut v, &p.name, p.json(x))?;
    }
    Ok(v)
}

/// The shingle scores of a pipeline value on `pages`.
pub fn score_value(value: &serde_json::Value, pages: &[Page]) -> Result<Score, String> {
    let pipeline = Pipeline::from_value(value.clone()).map_err(|e| e.to_string())?;
    let run = run_pipeline("", &pipeline, pages, false, &|| {});
    Ok(Score::of(&run.counts()))
}

/// Searches `params` of the pipeline `base` on the train split of `pages`: `budget`
/// evaluations, half random (uniform in the ranges, integers rounded), then coordinate
/// refinement from the best point (each parameter in turn moved by ± its step, a move
/// kept when it raises the train F1 strictly; steps start at a quarter of the range
/// and halve after a pass without gain, down to 1 for integers and 1/256 of the range
/// otherwise). Points already evaluated are not evaluated again. `on_trial` is called
/// after every evaluation with its number and F1. Everything is seeded: the same
/// arguments give the same result.
pub fn tune(
    base: &serde_json::Value,
    params: &[ParamRange],
    pages: &[Page],
    options: TuneOptions,
    on_trial: &mut dyn FnMut(usize, f64),
) -> Result<TuneResult, String> {
    if params.is_empty() {
        return Err("no parameter to tune (--param NAME=LOW..HIGH)".into());
    }
    // Check every parameter exists before spending time.
    with_values(
        base,
        params,
        &params.iter().map(|p| p.low).collect::<Vec<_>>(),
    )?;
    if let Some(again) = (params.iter().enumerate()).find_map(|(i, p)| {
        params[..i]
            .iter()
            .any(|q| q.name == p.name)
            .then_some(&p.name)
    }) {
        return Err(format!("--param {again} is given twice"));
    }
    if options.budget == 0 {
        return Err("--budget must be at least 1".into());
    }
    let (train, test) = split_pages(pages, options.split, options.seed);
    if train.is_empty() {
        return Err("the train split is empty".into());
    }
    if test.is_empty() {
        return Err(format!(
            "the held-out split is empty ({} pages at --split {}): lower --split",
            pages.len(),
            options.split
        ));
    }
    let mut rng = Rng::new(options.seed);
    let mut seen: HashMap<String, f64> = HashMap::new();
    let mut trials: Vec<Trial> = Vec::new();
    let key = |v: &[f64]| format!("{v:?}");
    let mut evaluate = |values: Vec<f64>,
                        phase: &'static str,
                        trials: &mut Vec<Trial>|
     -> Result<Option<f64>, String> {
        if seen.contains_key(&key(&values)) {
            return Ok(None);
        }
        let f1 = score_value(&with_values(base, params, &values)?, &train)?.f1;
        seen.insert(key(&values), f1);
        trials.push(Trial { phase, values, f1 });
        on_trial(trials.len(), f1);
        Ok(Some(f1))
    };
    let budget = options.budget.max(1);
    let n_random = (budget / 2).max(1);
    let mut best: Option<(Vec<f64>, f64)> = None;
    let mut attempts = 0;
    while trials.len() < n_random && attempts < 20 * n_random {
        attempts += 1;
        let values: Vec<f64> = params
            .iter()
            .map(|p| p.snap(p.low + rng.unit() * (p.high - p.low)))
            .collect();
        if let Some(f1) = evaluate(values.clone(), "random", &mut trials)? {
            if best.as_ref().is_none_or(|b| f1 > b.1) {
                best = Some((values, f1));
            }
        }
    }
    let (mut best_values, mut best_f1) = best.ok_or("no point could be evaluated")?;
    let min_step: Vec<f64> = params
        .iter()
        .map(|p| {
            if p.integer {
                1.0
            } else {
                (p.high - p.low) / 256.0
            }
        })
        .collect();
    let mut step: Vec<f64> = params
        .iter()
        .zip(&min_step)
        .map(|(p, &m)| ((p.high - p.low) / 4.0).max(m))
        .collect();
    while trials.len() < budget {
        let mut improved = false;
        for i in 0..params.len() {
            for dir in [1.0, -1.0] {
                if trials.len() >= budget {
                    break;
                }
                let mut cand = best_values.clone();
                cand[i] = params[i].snap(cand[i] + dir * step[i]);
                if cand == best_values {
                    continue;
                }
                if let Some(f1) = evaluate(cand.clone(), "refine", &mut trials)? {
                    if f1 > best_f1 {
                        best_values = cand;
                        best_f1 = f1;
                        improved = true;
                    }
                }
            }
        }
        if !improved {
            // A pass at the smallest steps found nothing: done.
            if step.iter().zip(&min_step).all(|(s, m)| s <= m) {
                break;
            }
            for (s, m) in step.iter_mut().zip(&min_step) {
                *s = (*s / 2.0).max(*m);
            }
        }
    }
    let tuned = with_values(base, params, &best_values)?;
    let ids = |p: &[Page]| p.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
    Ok(TuneResult {
        params: params.to_vec(),
        default_train: score_value(base, &train)?,
        default_test: score_value(base, &test)?,
        tuned_train: score_value(&tuned, &train)?,
        tuned_test: score_value(&tuned, &test)?,
        best: best_values,
        train: ids(&train),
        test: ids(&test),
        trials,
        tuned,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_with_integer_detection() {
        let p = ParamRange::parse("length_low=30..100").unwrap();
        assert!(p.integer && p.low == 30.0 && p.high == 100.0);
        let p = ParamRange::parse("stopwords_low=0.1..0.4").unwrap();
        assert!(!p.integer);
        assert!(ParamRange::parse("x=3..1").is_err());
        assert!(ParamRange::parse("x=3").is_err());
        assert_eq!(ParamRange::parse("n=1..9").unwrap().snap(4.6), 5.0);
    }

    #[test]
    fn split_is_seeded_and_partitions() {
        let pages: Vec<Page> = (0..10)
            .map(|i| Page {
                id: format!("{i:02}"),
                html: Vec::new(),
                gold: String::new(),
            })
            .collect();
        let (a, b) = split_pages(&pages, 0.7, 3);
        let (c, _) = split_pages(&pages, 0.7, 3);
        assert_eq!((a.len(), b.len()), (7, 3));
        let ids = |p: &[Page]| p.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&a), ids(&c));
    }

    /// A search that could only report nothing is refused before it starts: a held-out
    /// split with no page (its F1 read 0.000 and the gain +0.000), a parameter given
    /// twice, no evaluation at all.
    #[test]
    fn searches_that_would_report_nothing_are_refused() {
        let pages: Vec<Page> = (0..3)
            .map(|i| Page {
                id: format!("{i}"),
                html: b"<p>x</p>".to_vec(),
                gold: "x".into(),
            })
            .collect();
        let base = pith::preset_value("justext").unwrap();
        let range = || ParamRange::parse("length_low=20..150").unwrap();
        let options = |budget, split| TuneOptions {
            budget,
            seed: 1,
            split,
        };
        let run = |params: &[ParamRange], o| tune(&base, params, &pages, o, &mut |_, _| {});
        let err = |r: Result<TuneResult, String>| r.err().unwrap_or_default();
        assert!(err(run(&[range()], options(4, 0.9))).contains("held-out split is empty"));
        assert!(err(run(&[range(), range()], options(4, 0.5))).contains("given twice"));
        assert!(err(run(&[range()], options(0, 0.5))).contains("--budget"));
    }
}
