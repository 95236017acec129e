//! What `pith extract` shows while it runs: a progress line on a terminal (indicatif:
//! documents, documents/s, MB/s, errors, and of several inputs how many are done;
//! hidden when stderr is not a terminal or with `--quiet`) and, outside corpus mode,
//! one stderr line per failed document.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pith_corpus::{DocMeta, Observer, Stats};

use crate::say::say;

/// The run observer of `pith extract`.
pub struct CliObserver {
    progress: Progress,
    report_errors: bool,
    /// Whether pages that kept no text are named with their warnings (not `--quiet`).
    notices: bool,
    stop: Arc<AtomicBool>,
    /// Set when stderr turned out closed: the run was stopped because of it.
    pub stderr_closed: bool,
}

impl CliObserver {
    /// A progress line when `progress` (on a terminal), counting the `inputs` done when
    /// there are several; each failed document on stderr when `report_errors`, and then
    /// also, when `progress` (not `--quiet`), each page that kept no text with its
    /// warnings; a closed stderr sets `stop`, ending the run.
    pub fn new(
        progress: bool,
        report_errors: bool,
        stop: Arc<AtomicBool>,
        inputs: usize,
    ) -> CliObserver {
        CliObserver {
            progress: Progress::new(progress, inputs),
            report_errors,
            notices: progress,
            stop,
            stderr_closed: false,
        }
    }

    /// Removes the progress line.
    pub fn finish(&self) {
        self.progress.finish();
    }
}

impl Observer for CliObserver {
    fn progress(&mut self, s: &Stats) {
        self.progress.update(s);
    }

    fn error(&mut self, meta: &DocMeta, message: &str) {
        if self.report_errors && !self.stderr_closed && !say!("pith: {}: {message}", meta.id) {
            self.stderr_closed = true;
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    /// A page that kept no text, with its warnings (`-s English` on an Arabic page):
    /// the per-page formats have no field for them. Not with `--quiet`.
    fn notice(&mut self, meta: &DocMeta, message: &str) {
        if self.report_errors
            && self.notices
            && !self.stderr_closed
            && !say!("pith: {}: {message}", meta.id)
        {
            self.stderr_closed = true;
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

/// The progress line's text: documents and bytes with their rates, errors, skipped
/// units, and of several inputs how many are done (`3/40 inputs`).
fn progress_message(stats: &Stats, inputs: usize, elapsed: Duration) -> String {
    let s = elapsed.as_secs_f64().max(1e-3);
    let docs = stats.extracted + stats.errors;
    let mb = stats.bytes as f64 / 1e6;
    let mut line = format!(
        "{docs} docs ({:.0}/s), {mb:.1} MB ({:.1} MB/s), {} errors, {} skipped",
        docs as f64 / s,
        mb / s,
        stats.errors,
        stats.skipped
    );
    if inputs > 1 {
        line += &format!(", {}/{inputs} inputs", stats.inputs_done);
    }
    line
}

/// The progress display (a no-op when hidden).
pub struct Progress {
    bar: Option<ProgressBar>,
    /// The inputs of the run (their count shown when more than one).
    inputs: usize,
    start: Instant,
    last: Instant,
}

impl Progress {
    /// Shown only when `enabled` and stderr is a terminal; `inputs` the run's inputs.
    pub fn new(enabled: bool, inputs: usize) -> Progress {
        let bar = (enabled && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                    .expect("a valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        let now = Instant::now();
        Progress {
            bar,
            inputs,
            start: now,
            last: now,
        }
    }

    /// Updates the line (at most ten times a second).
    pub fn update(&mut self, stats: &Stats) {
        let Some(bar) = &self.bar else { return };
        let now = Instant::now();
        if now.duration_since(self.last) < Duration::from_millis(100) {
            return;
        }
        self.last = now;
        bar.set_message(progress_message(
            stats,
            self.inputs,
            now.duration_since(self.start),
        ));
    }

    /// Removes the line.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_counts_the_inputs_done_of_several() {
        let stats = Stats {
            extracted: 9,
            errors: 1,
            skipped: 4,
            bytes: 2_000_000,
            inputs_done: 2,
            ..Stats::default()
        };
        let two_seconds = Duration::from_secs(2);
        assert_eq!(
            progress_message(&stats, 3, two_seconds),
            "10 docs (5/s), 2.0 MB (1.0 MB/s), 1 errors, 4 skipped, 2/3 inputs"
        );
        assert!(!progress_message(&stats, 1, two_seconds).contains("inputs"));
    }
}
