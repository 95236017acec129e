//! `pith train --report FILE`: the figures `pith train` prints, as one JSON document,
//! so that scripts comparing fits (several fold deals, several bases) read numbers
//! instead of parsing the printed tables.
//!
//! Each table becomes a list of per-dataset rows (`pith_eval::training::DatasetRow`): pages, blocks,
//! block-level P/R/F1 against the derived labels, token P/R/F1 (`pith eval`'s macro
//! BoW), `pith eval`'s shingle F1 of the out-of-fold extractions, and the pages left
//! empty.

use pith::learn::train::{DatasetScores, TrainSet, Trained};
use pith::learn::Decode;
use pith_eval::training::dataset_rows;
use serde_json::{json, Value};

/// The report of a fit: the fit's size, the chosen cut and decoding (and over how many
/// deals of the pages into folds it was chosen, `--repeats`), the out-of-fold table
/// (the first deal's), the nested one (each fold at the other folds' choice), each
/// decoding tried, and the tables of the fits cut short (`--report-rounds`).
pub fn fit_report(
    trained: &Trained,
    sets: &[TrainSet],
    seed: u64,
    folds: usize,
    repeats: usize,
) -> Value {
    let decode = |d: &Decode| serde_json::to_value(d).unwrap_or(Value::Null);
    json!({
        "seed": seed,
        "folds": folds,
        "repeats": repeats,
        "rows": trained.rows,
        "features": trained.features,
        "threshold": trained.threshold,
        "decode": decode(&trained.decode),
        "prior_weight": trained.prior_weight,
        "out_of_fold": dataset_rows(&trained.scores, sets),
        "nested": {
            "fold_thresholds": trained.fold_thresholds,
            "fold_decodes": trained.fold_decodes.iter().map(decode).collect::<Vec<_>>(),
            "fold_prior_weights": trained.fold_prior_weights,
            "datasets": dataset_rows(&trained.nested_scores, sets),
        },
        "by_decode": trained.by_decode.iter().map(|t| json!({
            "decode": decode(&t.decode),
            "prior_weight": t.prior_weight,
            "threshold": t.threshold,
            "token_f1": t.token_f1,
        })).collect::<Vec<_>>(),
        "by_rounds": trained.by_rounds.iter().map(|(k, cut)| json!({
            "trees": k,
            "threshold": cut.threshold,
            "out_of_fold": dataset_rows(&cut.scores, sets),
            "nested": {
                "fold_thresholds": cut.fold_thresholds,
                "datasets": dataset_rows(&cut.nested_scores, sets),
            },
        })).collect::<Vec<_>>(),
    })
}

/// The report of `--oracle`: the two ceilings' tables.
pub fn oracle_report(labels: &[DatasetScores], best: &[DatasetScores], sets: &[TrainSet]) -> Value {
    json!({
        "oracle": {
            "labels": dataset_rows(labels, sets),
            "best": dataset_rows(best, sets),
        }
    })
}
