//! A progress line on a terminal (indicatif): documents, documents/s, MB/s, errors.
//! Hidden when stderr is not a terminal or with `--quiet`.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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
