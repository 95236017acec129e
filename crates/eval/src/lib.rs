//! Evaluation of pith pipelines: the scrapinghub article-extraction benchmark's metric
//! ([`metrics`]) and reading of the datasets under `$PITH_DATASETS` ([`dataset`]).
//!
//! ```
//! use pith_eval::metrics::{page_counts, Score};
//! let c = page_counts("the quick brown fox jumps", "the quick brown fox");
//! let s = Score::of(&[c]);
//! assert!(s.precision == 0.5 && s.recall == 1.0);
//! ```
//!
//! `cargo run --release -p pith-eval -- --preset declutter` prints a preset's F1 on
//! scrapinghub (see `docs/evaluation.md`).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod dataset;
pub mod metrics;
