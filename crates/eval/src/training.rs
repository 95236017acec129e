//! The scores of a training (`pith_learn::train`) per dataset, as `pith eval` computes
//! them: one row per dataset of the out-of-fold (or nested, or oracle) extractions,
//! with `pith eval`'s shingle F1 and empty outputs beside the trainer's token and
//! block figures. `pith train` prints and reports them; Python's `pith.train` returns
//! them. And the datasets a training reads: [`train_set`], [`check_train_sets`].

use pith::learn::train::{DatasetScores, Prf, TrainPage, TrainSet};
use serde::Serialize;

use crate::dataset::Dataset;
use crate::metrics::{page_counts, PageCounts, Score};
use crate::summary::is_empty_output;

/// One dataset's row of a table of out-of-fold scores.
#[derive(Clone, Debug, Serialize)]
pub struct DatasetRow {
    /// The dataset's name.
    pub dataset: String,
    /// Pages scored.
    pub pages: usize,
    /// Blocks scored.
    pub blocks: usize,
    /// Block-level precision, recall and F1 against the derived labels.
    pub block: PrfJson,
    /// Token (bag-of-words, macro over pages) precision, recall and F1.
    pub token: PrfJson,
    /// `pith eval`'s shingle F1 of the extractions.
    pub shingle_f1: f64,
    /// Pages whose extraction is empty (the printed table's `empty`).
    pub empty: usize,
    /// The ids of the pages whose extraction has no word, as `pith eval` counts empty
    /// outputs (the printed "empty out of fold" list).
    pub empty_pages: Vec<String>,
}

/// Precision, recall and F1.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PrfJson {
    /// Precision.
    pub precision: f64,
    /// Recall.
    pub recall: f64,
    /// F1.
    pub f1: f64,
}

impl From<Prf> for PrfJson {
    fn from(p: Prf) -> PrfJson {
        PrfJson {
            precision: p.precision,
            recall: p.recall,
            f1: p.f1,
        }
    }
}

/// The rows of one table of scores, the datasets in `sets`' order.
pub fn dataset_rows(scores: &[DatasetScores], sets: &[TrainSet]) -> Vec<DatasetRow> {
    scores
        .iter()
        .zip(sets)
        .map(|(s, set)| {
            let counts: Vec<PageCounts> = s
                .texts
                .iter()
                .zip(&set.pages)
                .map(|(text, page)| page_counts(text, &page.gold))
                .collect();
            DatasetRow {
                dataset: s.name.clone(),
                pages: s.pages,
                blocks: s.blocks,
                block: s.block.into(),
                token: s.token.into(),
                shingle_f1: Score::of(&counts).f1,
                empty: s.empty,
                empty_pages: s
                    .texts
                    .iter()
                    .zip(&set.pages)
                    .filter(|(text, _)| is_empty_output(text))
                    .map(|(_, page)| page.id.clone())
                    .collect(),
            }
        })
        .collect()
}

/// A dataset's pages with their gold texts, as a training reads them.
pub fn train_set(ds: Dataset) -> TrainSet {
    TrainSet {
        name: ds.name,
        pages: ds
            .pages
            .into_iter()
            .map(|p| TrainPage {
                id: p.id,
                html: p.html,
                gold: p.gold,
            })
            .collect(),
    }
}

/// Refuses a dataset given twice (its pages would sit in two folds, and the
/// out-of-fold figures would be scored on pages the trees saw), and more folds than a
/// dataset has pages.
pub fn check_train_sets(sets: &[TrainSet], folds: usize) -> Result<(), String> {
    for (i, set) in sets.iter().enumerate() {
        if sets[..i].iter().any(|other| other.name == set.name) {
            return Err(format!(
                "dataset {} is given twice: its pages would be in two folds at once",
                set.name
            ));
        }
        if folds > set.pages.len() {
            return Err(format!(
                "{folds} folds are more than the {} pages of dataset {}",
                set.pages.len(),
                set.name
            ));
        }
    }
    Ok(())
}
