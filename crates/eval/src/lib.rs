//! Evaluation of pith pipelines (and of other tools' saved outputs, [`outputs`]): metrics ([`metrics`]: the scrapinghub benchmark's
//! shingle metric, bag-of-words token scores, bootstrap), datasets ([`dataset`]),
//! running pipelines over pages in parallel ([`run`]), the side-by-side comparison
//! ([`summary`]), the HTML report ([`report`]) and parameter search ([`tune`]). The
//! command line is `pith eval` / `pith tune` (see `docs/evaluation.md`).
//!
//! ```
//! use pith_eval::metrics::{page_counts, Score};
//! let c = page_counts("the quick brown fox jumps", "the quick brown fox");
//! let s = Score::of(&[c]);
//! assert!(s.precision == 0.5 && s.recall == 1.0);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod dataset;
pub mod metrics;
pub mod outputs;
pub mod report;
pub mod run;
pub mod summary;
pub mod training;
pub mod tune;
