//! `pith.train`: fitting the learned classifier (by default the `pith` preset's, with
//! the recipe that fitted it) on folders of pages with gold texts, from Python — what
//! `pith train` does, for researchers who work in Python and installed only the wheel.
//! The folders, the base, the options and the scores are the command's
//! (`pith_eval::dataset::load_gold_dataset`, `pith_eval::training::check_train_sets`,
//! `pith_learn::train`, `pith_eval::training::dataset_rows`); the GIL is released while it trains.

use std::path::PathBuf;

use pith::learn::gbdt::GbdtParams;
use pith::learn::train::{default_repeats, pipeline_file_text, train as fit, TrainOptions};
use pith_eval::dataset::load_gold_dataset;
use pith_eval::run::parse_pipeline_arg;
use pith_eval::training::{check_train_sets, dataset_rows, train_set};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::corpus::paths_of;
use crate::errors::{load_error, PipelineError};
use crate::pipeline::PyPipeline;

/// Fits a pipeline's learned classifier (``learn.trees``) on folders of pages with gold
/// texts, as ``pith train`` does, and returns what it printed.
///
/// ``datasets`` is one folder or a list of them (``str`` or ``os.PathLike``); each holds ``html/<id>.html`` (a page's bytes) and
/// ``gold/<id>.txt`` (its main text). ``base`` is a preset's name or a pipeline file
/// (default ``"pith"``: the preset's trees refitted with the recipe that fitted the
/// shipped ones, on every core). ``folds`` deals each folder's pages into that many
/// parts, and the trees that score a page never saw it (``0``: no cross-validation);
/// ``seed`` deals them. ``repeats`` deals them that many times (seeds ``seed``,
/// ``seed + 1``, …) and the threshold is the best on their mean, the scores being the
/// first deal's (default ``None``: 5 with folds, as the recipe, and 1 without). The
/// result is a ``dict``: ``"pipeline"``, the trained
/// ``Pipeline``; ``"json"``, its file's text (also written to ``out`` when given);
/// ``"threshold"``, the margin threshold chosen out of fold; ``"scores"``, one ``dict``
/// per folder of the out-of-fold figures (``dataset``, ``pages``, ``blocks``,
/// ``block`` and ``token`` precision/recall/F1, ``shingle_f1``, ``empty``,
/// ``empty_pages``), empty without folds.
///
/// Raises ``ValueError`` for a folder that is not a dataset, one given twice, or more
/// folds than a folder has pages; ``PipelineError`` for a base that cannot be loaded;
/// ``OSError`` when ``out`` cannot be written.
#[pyfunction]
#[pyo3(signature = (datasets, out=None, *, base="pith", seed=1, folds=5, repeats=None))]
pub fn train<'py>(
    py: Python<'py>,
    datasets: &Bound<'py, PyAny>,
    out: Option<PathBuf>,
    base: &str,
    seed: u64,
    folds: usize,
    repeats: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    if folds == 1 {
        return Err(PyValueError::new_err(
            "train: folds=1 holds no page out: use 0 (no cross-validation) or 2 or more",
        ));
    }
    let repeats = match repeats {
        Some(0) => return Err(PyValueError::new_err("train: repeats must be at least 1")),
        Some(r) if r > 1 && folds < 2 => {
            return Err(PyValueError::new_err(
                "train: repeats choose the threshold out of fold: folds must be 2 or more",
            ))
        }
        Some(r) => r,
        None => default_repeats(folds, false),
    };
    let datasets = paths_of(datasets)?;
    if datasets.is_empty() {
        return Err(PyValueError::new_err("train: no dataset given"));
    }
    let (_, base) = parse_pipeline_arg(base).map_err(PipelineError::new_err)?;
    let opts = TrainOptions {
        folds,
        seed,
        repeats,
        gbdt: GbdtParams {
            seed,
            ..GbdtParams::default()
        },
        ..TrainOptions::default()
    };
    // Reading the folders (thousands of pages) and fitting take long: other Python
    // threads run meanwhile.
    let (sets, trained) = py.detach(|| {
        let sets = (datasets.iter())
            .map(|dir| load_gold_dataset(dir).map(train_set))
            .collect::<Result<Vec<_>, String>>()
            .map_err(PyValueError::new_err)?;
        check_train_sets(&sets, folds).map_err(|e| PyValueError::new_err(format!("train: {e}")))?;
        let trained = fit(&sets, &base, &opts).map_err(PipelineError::new_err)?;
        Ok::<_, PyErr>((sets, trained))
    })?;
    let text = pipeline_file_text(&trained.pipeline);
    if let Some(out) = &out {
        std::fs::write(out, &text)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", out.display())))?;
    }
    let rows = serde_json::to_string(&dataset_rows(&trained.scores, &sets))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let pipeline = pith::Pipeline::from_value(trained.pipeline).map_err(load_error)?;
    let result = PyDict::new(py);
    result.set_item("pipeline", PyPipeline::new(pipeline))?;
    result.set_item("json", text)?;
    result.set_item("threshold", trained.threshold)?;
    let scores = py.import("json")?.call_method1("loads", (rows,))?;
    result.set_item("scores", scores)?;
    Ok(result)
}
