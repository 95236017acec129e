//! `--favor-precision` / `--favor-recall`, shared by `pith extract` and `pith
//! explain`: the lean of a learned pipeline's decoding between precision and recall
//! ([`pith::learn::decode::Favor`]), under the names trafilatura's users know.

use clap::Args;
use pith::learn::decode::{set_beta, Favor};

use crate::say::say;

/// The two lean flags (at most one).
#[derive(Args, Debug, Default)]
pub struct LeanArgs {
    /// Lean towards precision: less boilerplate, at the cost of some text (as
    /// trafilatura's option of that name). Learned presets such as `pith` keep the
    /// blocks that maximise the expected F0.5 instead of F1; others ignore it.
    #[arg(long, conflicts_with = "favor_recall")]
    pub favor_precision: bool,
    /// Lean towards recall: more of the text, at the cost of some boilerplate (as
    /// trafilatura's option of that name). Learned presets keep the blocks that
    /// maximise the expected F2 instead of F1; others ignore it.
    #[arg(long)]
    pub favor_recall: bool,
}

impl LeanArgs {
    /// Sets the asked lean on `pipeline` (JSON); a warning on stderr when it has no
    /// learned expected-F1 decoding to lean.
    pub fn apply(&self, pipeline: &mut serde_json::Value) {
        let (favor, flag) = match (self.favor_precision, self.favor_recall) {
            (true, _) => (Favor::Precision, "--favor-precision"),
            (_, true) => (Favor::Recall, "--favor-recall"),
            _ => return,
        };
        if set_beta(pipeline, favor.beta()) == 0 {
            say!("pith: warning: the pipeline has no learned expected-F1 decoding; {flag} ignored");
        }
    }
}
