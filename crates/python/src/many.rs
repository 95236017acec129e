//! `extract_many`'s runner: a fixed number of threads take the next page from a shared
//! counter, so a slow page holds up one thread only, and results keep input order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::input::{Hints, Page, Ran};

/// What `extract_many` does with a page that fails.
#[derive(Clone, Copy, Debug)]
pub enum OnError {
    /// Raise at once (the first failing page in input order).
    Raise,
    /// Put the exception in the page's place.
    Return,
}

/// Runs `pipeline` on every page with `workers` threads (at most one per page); the
/// results are in input order. Called without the GIL.
pub fn run_many(
    pipeline: &pith::Pipeline,
    pages: &[(Page<'_>, Hints)],
    workers: usize,
) -> Vec<Result<Ran, String>> {
    let threads = workers.clamp(1, pages.len().max(1));
    if threads == 1 {
        return pages.iter().map(|(p, h)| p.run(pipeline, h)).collect();
    }
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Result<Ran, String>>>> =
        pages.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((page, hints)) = pages.get(i) else {
                    break;
                };
                let result = page.run(pipeline, hints);
                *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
            });
        }
    });
    slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or_else(|| Err("page was not processed".to_owned()))
        })
        .collect()
}
