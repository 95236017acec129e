//! What the user asks a pipeline to keep, shared by `pith extract` and `pith explain`
//! under the names trafilatura's users know: `--favor-precision` / `--favor-recall`
//! (the lean of a learned pipeline's decoding, [`pith::learn::decode::Favor`]),
//! `--no-comments` and `--no-tables` (no block inside a comment section or a table,
//! [`pith::learn::veto`]); and `--no-title` (no block that repeats the page's title,
//! as Readability and trafilatura leave the headline out of the text).

use clap::Args;
use pith::learn::decode::{set_beta, Favor};

use crate::say::say;
use crate::UsageError;

/// The lean flags (at most one), `--no-comments`, `--no-tables` and `--no-title`.
#[derive(Args, Debug, Default, PartialEq, Eq)]
pub struct KeepArgs {
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
    /// Keep no block inside a comment section: an element whose class or id names
    /// comments, replies or a discussion, unless it holds the article (as
    /// trafilatura's option of that name). A block inside two such elements (a
    /// comment in a thread) always goes, unless nothing else would be kept; the other
    /// marked blocks stay when they would be half or more of the text the page keeps.
    /// Any preset.
    #[arg(long)]
    pub no_comments: bool,
    /// Keep no block inside a `<table>` (as trafilatura's option of that name). A page
    /// whose tables would be half or more of the text it keeps (a layout in tables)
    /// is left as it is. Any preset.
    #[arg(long)]
    pub no_tables: bool,
    /// Keep no block that repeats the page's `<title>` (the headline; the record's
    /// `title` field has it), as Readability and trafilatura leave it out of the text:
    /// a block with more than half of the title's words (or of its longest part
    /// between separators such as ` | `) and few words of its own. A page whose kept
    /// text would be mostly such blocks is left as it is. Any preset.
    #[arg(long)]
    pub no_title: bool,
}

impl KeepArgs {
    /// Whether any flag is given (compared with the default, so a new flag counts too).
    pub fn any(&self) -> bool {
        *self != KeepArgs::default()
    }

    /// Applies the flags to `pipeline` (JSON). A lean on a pipeline without a learned
    /// expected-F1 decoding is a warning on stderr and ignored.
    pub fn apply(&self, pipeline: &mut serde_json::Value) -> Result<(), UsageError> {
        let lean = match (self.favor_precision, self.favor_recall) {
            (true, _) => Some((Favor::Precision, "--favor-precision")),
            (_, true) => Some((Favor::Recall, "--favor-recall")),
            _ => None,
        };
        if let Some((favor, flag)) = lean {
            if set_beta(pipeline, favor.beta()) == 0 {
                say!("pith: warning: the pipeline has no learned expected-F1 decoding; {flag} ignored");
            }
        }
        if self.no_comments {
            pith::learn::veto::drop_comment_sections(pipeline)
                .map_err(|e| UsageError(format!("--no-comments: {e}")))?;
        }
        if self.no_tables {
            pith::learn::veto::drop_tables(pipeline)
                .map_err(|e| UsageError(format!("--no-tables: {e}")))?;
        }
        if self.no_title {
            pith::learn::veto::drop_title(pipeline)
                .map_err(|e| UsageError(format!("--no-title: {e}")))?;
        }
        Ok(())
    }
}
