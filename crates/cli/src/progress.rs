//! What `pith extract` shows while it runs: a progress line on a terminal (indicatif:
//! documents, documents/s, MB/s, errors; hidden when stderr is not a terminal or with
//! `--quiet`) and, outside corpus mode, one stderr line per failed document.

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
    /// A progress line when `progress` (on a terminal); each failed document on stderr
    /// when `report_errors`, and then also, when `progress` (not `--quiet`), each page
    /// that kept no text with its warnings; a closed stderr sets `stop`, ending the run.
    pub fn new(progress: bool, report_errors: bool, stop: Arc<AtomicBool>) -> CliObserver {
        CliObserver {
            progress: Progress::new(progress),
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
        self.progress
            .update(s.extracted + s.errors, s.bytes, s.errors, s.skipped);
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

/// The progress display (a no-op when hidden).
pub struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
    last: Instant,
}

impl Progress {
    /// Shown only when `enabled` and stderr is a terminal.
    pub fn new(enabled: bool) -> Progress {
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
            start: now,
            last: now,
        }
    }

    /// Updates the line (at most ten times a second).
    pub fn update(&mut self, docs: u64, bytes: u64, errors: u64, skipped: u64) {
        let Some(bar) = &self.bar else { return };
        let now = Instant::now();
        if now.duration_since(self.last) < Duration::from_millis(100) {
            return;
        }
        self.last = now;
        let s = now.duration_since(self.start).as_secs_f64().max(1e-3);
        bar.set_message(format!(
            "{docs} docs ({:.0}/s), {:.1} MB ({:.1} MB/s), {errors} errors, {skipped} skipped",
            docs as f64 / s,
            bytes as f64 / 1e6,
            bytes as f64 / 1e6 / s
        ));
    }

    /// Removes the line.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
