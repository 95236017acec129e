//! The parallel run: one reader thread, `-j N` worker threads, the writer on the
//! calling thread, and a watchdog for documents that take too long.
//!
//! * **Constant memory.** The reader takes a token from a pool of `2N + 8` before it
//!   sends a document, and the writer returns the token once the document's record is
//!   written, so at most that many documents (each at most `--max-bytes`) are in
//!   memory, queued, being processed or waiting for their turn, whatever the corpus.
//! * **Order.** Records carry their input sequence number; the writer keeps the ones
//!   that come early until their turn (at most the token pool), so the output is in
//!   input order whatever the number of workers (`--unordered` writes them as they come).
//! * **Panics.** Each document runs under `catch_unwind`: a panicking stage becomes
//!   that document's error record and the worker goes on.
//! * **Time.** A thread cannot be killed safely, so the watchdog does not try: when a
//!   document has run longer than `--timeout`, it writes the document's error record
//!   itself, abandons that worker (which exits, discarding its result, if it ever
//!   finishes) and starts a replacement, so the run neither hangs nor loses a core.
//!   An abandoned worker still burns its core until its document ends; since every
//!   stage is linear or guarded (parse depth limit) and pages are at most `--max-bytes`,
//!   this is a safety net for bugs, not a normal path.
//! * **Stopping.** Ctrl-C or a closed output sets a flag: the reader stops taking
//!   documents, the records of the documents already read are still written whole
//!   (Ctrl-C) or writing stops at once (closed output); no record is ever cut.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{bounded, unbounded, Receiver, RecvTimeoutError, Sender};
use pith::Pipeline;

use crate::input::{Doc, DocMeta, Item};
use crate::record::{self, Mode, Outcome};
use crate::stats::Stats;

pub use crate::input::RECORD_MAX_BYTES;

/// Settings of a run.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Worker threads.
    pub workers: usize,
    /// Longest time for one document.
    pub timeout: Option<Duration>,
    /// Output records.
    pub mode: Mode,
    /// Largest page after undoing an HTTP content coding.
    pub max_bytes: u64,
    /// Write records as they are done instead of in input order.
    pub unordered: bool,
}

impl RunConfig {
    /// One worker per core, a 60 s timeout, [`RECORD_MAX_BYTES`], input order.
    pub fn new(mode: Mode) -> RunConfig {
        RunConfig {
            workers: thread::available_parallelism().map_or(1, |n| n.get()),
            timeout: Some(Duration::from_secs(60)),
            mode,
            max_bytes: RECORD_MAX_BYTES,
            unordered: false,
        }
    }
}

/// Told what happens during a run (on the calling thread, between writes).
pub trait Observer {
    /// After each record is written, with the counts so far.
    fn progress(&mut self, _stats: &Stats) {}
    /// After the error record of a document is written.
    fn error(&mut self, _meta: &DocMeta, _message: &str) {}
    /// After a document that kept no text is written, with its warnings
    /// ([`Outcome::notice`](crate::Outcome::notice)).
    fn notice(&mut self, _meta: &DocMeta, _message: &str) {}
}

/// An [`Observer`] that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {}

/// What a run ended with.
pub struct RunEnd {
    /// The counts.
    pub stats: Stats,
    /// A write error other than a closed pipe.
    pub write_error: Option<io::Error>,
    /// Whether Ctrl-C stopped the run.
    pub interrupted_by_signal: bool,
}

struct Job {
    seq: u64,
    doc: Doc,
}

enum Msg {
    Done {
        seq: u64,
        outcome: Outcome,
        size: u64,
        meta: Arc<DocMeta>,
    },
    Skipped(String),
    /// The reader passed an input's [`Item::InputEnd`]: how many documents it sent of
    /// that input, possibly none.
    InputEnd {
        source: String,
        documents: u64,
    },
    End(u64),
}

/// The document a worker is on (taken by whoever reports it: the worker or the watchdog).
#[derive(Default)]
struct Slot {
    current: Mutex<Option<Running>>,
}

/// A document being processed: sequence number, start, identity, size.
type Running = (u64, Instant, Arc<DocMeta>, u64);

struct Shared {
    pipeline: Arc<Pipeline>,
    jobs: Receiver<Job>,
    results: Sender<Msg>,
    mode: Mode,
    max_bytes: u64,
}

const WORKER_NAME: &str = "pith-worker";

fn spawn_worker(shared: Arc<Shared>) -> Arc<Slot> {
    let slot = Arc::new(Slot::default());
    let mine = slot.clone();
    thread::Builder::new()
        .name(WORKER_NAME.into())
        .spawn(move || {
            while let Ok(job) = shared.jobs.recv() {
                let meta = job.doc.meta.clone();
                *mine.current.lock().expect("slot") =
                    Some((job.seq, Instant::now(), meta.clone(), job.doc.size));
                let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                    test_hooks(&job.doc);
                    record::process(&shared.pipeline, &job.doc, shared.mode, shared.max_bytes)
                }))
                .unwrap_or_else(|payload| {
                    let msg = format!("panic in the pipeline: {}", panic_message(&*payload));
                    Outcome {
                        bytes: record::error_output(shared.mode, &meta, &msg),
                        error: Some(msg),
                        language: None,
                        notice: None,
                    }
                });
                let (seq, size) = (job.seq, job.doc.size);
                drop(job);
                if mine.current.lock().expect("slot").take().is_none() {
                    return; // the watchdog reported this document and replaced us
                }
                let _ = shared.results.send(Msg::Done {
                    seq,
                    outcome,
                    size,
                    meta,
                });
            }
        })
        .expect("spawn a worker thread");
    slot
}

/// Test hooks, only with the `test-hooks` feature (which the CLI's tests turn on, in
/// debug and release builds alike) and `PITH_TEST_HOOKS=1`: a document containing
/// `PITH_DEBUG_PANIC` panics, one containing `PITH_DEBUG_SLEEP` sleeps for 30 s (so the
/// tests can check that a panic and a hung stage become error records).
#[cfg(feature = "test-hooks")]
fn test_hooks(doc: &Doc) {
    static ENABLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let enabled =
        *ENABLED.get_or_init(|| std::env::var_os("PITH_TEST_HOOKS").is_some_and(|v| v == "1"));
    if enabled {
        let bytes: &[u8] = match &doc.body {
            crate::input::Body::Bytes { bytes, .. } => bytes.as_ref(),
            crate::input::Body::Text(t) => t.as_bytes(),
            crate::input::Body::Failed(_) => return,
        };
        let has = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
        if has(b"PITH_DEBUG_PANIC") {
            panic!("debug panic requested by the document");
        }
        if has(b"PITH_DEBUG_SLEEP") {
            thread::sleep(Duration::from_secs(30));
        }
    }
}

/// Without the `test-hooks` feature: nothing.
#[cfg(not(feature = "test-hooks"))]
fn test_hooks(_doc: &Doc) {}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_owned()
    }
}

/// Silences the default panic message for worker threads (their panics become error
/// records); other threads keep the hook they had. Installed once per process, however
/// many runs it makes.
fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if thread::current().name() != Some(WORKER_NAME) {
                previous(info);
            }
        }));
    });
}

/// Where a run writes each document's output: a stream ([`WriteSink`]), or anything
/// that routes by document (the CLI's `--output-dir`, one file per input).
pub trait Sink {
    /// Writes one document's output (`bytes`, possibly empty), in the run's order;
    /// `error` is the message of a failed document.
    fn write_doc(&mut self, meta: &DocMeta, bytes: &[u8], error: Option<&str>) -> io::Result<()>;
    /// Flushes at the end of the run.
    fn flush(&mut self) -> io::Result<()>;
    /// Every document of the input `source` is written: the items said where it ends
    /// ([`Item::InputEnd`], as [`read_inputs`](crate::read_inputs)' do, also after an
    /// input that gave no document), and its last record is written, in input order
    /// and with `RunConfig::unordered` alike. Never said of an input the run was
    /// stopped in. An input named twice may be said done, then written to again.
    fn input_done(&mut self, _source: &str) -> io::Result<()> {
        Ok(())
    }
}

/// A [`Sink`] that writes every document's bytes to one stream, nothing between them.
pub struct WriteSink<'a>(pub &'a mut dyn Write);

impl Sink for WriteSink<'_> {
    fn write_doc(&mut self, _meta: &DocMeta, bytes: &[u8], _error: Option<&str>) -> io::Result<()> {
        self.0.write_all(bytes)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Which inputs have all their documents written, for [`Sink::input_done`]: per input,
/// the documents the reader sent of it (known once it moved past the input) and those
/// written so far. An input leaves the tables when it is done.
#[derive(Default)]
struct InputsWritten {
    sent: HashMap<String, u64>,
    written: HashMap<String, u64>,
}

impl InputsWritten {
    /// The reader moved past `documents` documents of `source`: `source` if every one
    /// is written already.
    fn sent(&mut self, source: String, documents: u64) -> Option<String> {
        *self.sent.entry(source.clone()).or_default() += documents;
        self.done(&source)
    }

    /// One more document of `source` is written: `source` if that was its last.
    fn written(&mut self, source: &str) -> Option<String> {
        match self.written.get_mut(source) {
            Some(n) => *n += 1,
            None => {
                self.written.insert(source.to_owned(), 1);
            }
        }
        self.done(source)
    }

    fn done(&mut self, source: &str) -> Option<String> {
        let sent = *self.sent.get(source)?;
        if self.written.get(source).copied().unwrap_or(0) != sent {
            return None;
        }
        self.written.remove(source);
        self.sent.remove_entry(source).map(|(source, _)| source)
    }
}

/// Counts `source` done and tells the sink; a write error other than a closed pipe.
fn input_done(out: &mut dyn Sink, source: &str, stats: &mut Stats) -> Option<io::Error> {
    stats.inputs_done += 1;
    match out.input_done(source) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Some(e),
        _ => None,
    }
}

/// Runs every item of `inputs` through the pipeline and writes the records to `out`,
/// in input order unless [`RunConfig::unordered`]. Setting `stop` ends the run between
/// whole records (the records of documents already read are still written); a closed
/// output (`BrokenPipe`) ends it at once. `inputs` is read on its own thread.
pub fn run<I>(
    pipeline: Arc<Pipeline>,
    inputs: I,
    cfg: &RunConfig,
    out: &mut dyn Write,
    stop: Arc<AtomicBool>,
    observer: &mut dyn Observer,
) -> RunEnd
where
    I: IntoIterator<Item = Item>,
    I::IntoIter: Send + 'static,
{
    run_to_sink(pipeline, inputs, cfg, &mut WriteSink(out), stop, observer)
}

/// [`run`] writing through a [`Sink`].
pub fn run_to_sink<I>(
    pipeline: Arc<Pipeline>,
    inputs: I,
    cfg: &RunConfig,
    out: &mut dyn Sink,
    stop: Arc<AtomicBool>,
    observer: &mut dyn Observer,
) -> RunEnd
where
    I: IntoIterator<Item = Item>,
    I::IntoIter: Send + 'static,
{
    let inputs = inputs.into_iter();
    install_panic_hook();
    let start = Instant::now();
    let workers = cfg.workers.max(1);
    let in_flight = 2 * workers + 8;
    let (job_tx, job_rx) = bounded::<Job>(workers * 2);
    let (res_tx, res_rx) = unbounded::<Msg>();
    let (token_tx, token_rx) = bounded::<()>(in_flight);
    for _ in 0..in_flight {
        token_tx.send(()).expect("room for every token");
    }

    // Reader.
    let reader = {
        let res_tx = res_tx.clone();
        let stop = stop.clone();
        thread::Builder::new()
            .name("pith-reader".into())
            .spawn(move || {
                let mut seq = 0u64;
                // The documents sent since the last input's end: the current input's.
                let mut documents = 0u64;
                let mut send = |item: Item| {
                    if stop.load(Ordering::Relaxed) {
                        return false;
                    }
                    match item {
                        Item::Skipped(reason) => {
                            let _ = res_tx.send(Msg::Skipped(reason));
                        }
                        Item::InputEnd(source) => {
                            let documents = std::mem::take(&mut documents);
                            let _ = res_tx.send(Msg::InputEnd { source, documents });
                        }
                        Item::Doc(doc) => {
                            loop {
                                match token_rx.recv_timeout(Duration::from_millis(100)) {
                                    Ok(()) => break,
                                    Err(RecvTimeoutError::Timeout) => {
                                        if stop.load(Ordering::Relaxed) {
                                            return false;
                                        }
                                    }
                                    Err(RecvTimeoutError::Disconnected) => return false,
                                }
                            }
                            documents += 1;
                            if job_tx.send(Job { seq, doc }).is_err() {
                                return false;
                            }
                            seq += 1;
                        }
                    }
                    true
                };
                for item in inputs {
                    if !send(item) {
                        break;
                    }
                }
                let _ = res_tx.send(Msg::End(seq));
            })
            .expect("spawn the reader thread")
    };

    let shared = Arc::new(Shared {
        pipeline,
        jobs: job_rx,
        results: res_tx.clone(),
        mode: cfg.mode,
        max_bytes: cfg.max_bytes,
    });
    let slots: Arc<Mutex<Vec<Arc<Slot>>>> = Arc::new(Mutex::new(
        (0..workers).map(|_| spawn_worker(shared.clone())).collect(),
    ));
    let finished = Arc::new(AtomicBool::new(false));
    if let Some(timeout) = cfg.timeout {
        let slots = slots.clone();
        let shared = shared.clone();
        let finished = finished.clone();
        thread::Builder::new()
            .name("pith-watchdog".into())
            .spawn(move || watchdog(&slots, &shared, timeout, &finished))
            .expect("spawn the watchdog thread");
    }
    drop(res_tx);

    let mut stats = Stats {
        workers,
        ..Stats::default()
    };
    let mut pending: BTreeMap<u64, (Outcome, u64, Arc<DocMeta>)> = BTreeMap::new();
    let mut next = 0u64;
    let mut total: Option<u64> = None;
    let mut write_error = None;
    let mut closed = false;
    let mut inputs = InputsWritten::default();
    'outer: while total.is_none_or(|t| next < t) {
        let Ok(msg) = res_rx.recv() else { break };
        match msg {
            Msg::Skipped(reason) => {
                stats.documents += 1;
                stats.skipped += 1;
                *stats.skipped_by_reason.entry(reason).or_default() += 1;
            }
            Msg::End(t) => total = Some(t),
            Msg::InputEnd { source, documents } => {
                // Done now when its documents were all written already.
                let done = inputs.sent(source, documents);
                if let Some(e) = done.and_then(|s| input_done(out, &s, &mut stats)) {
                    write_error = Some(e);
                    closed = true;
                    stop.store(true, Ordering::Relaxed);
                    break 'outer;
                }
            }
            Msg::Done {
                seq,
                outcome,
                size,
                meta,
            } => {
                pending.insert(seq, (outcome, size, meta));
            }
        }
        loop {
            let key = if cfg.unordered {
                pending.keys().next().copied()
            } else {
                pending.contains_key(&next).then_some(next)
            };
            let Some(key) = key else { break };
            let (outcome, size, meta) = pending.remove(&key).expect("present");
            if let Err(e) = out.write_doc(&meta, &outcome.bytes, outcome.error.as_deref()) {
                if e.kind() != io::ErrorKind::BrokenPipe {
                    write_error = Some(e);
                }
                closed = true;
                stop.store(true, Ordering::Relaxed);
                break 'outer;
            }
            stats.documents += 1;
            stats.bytes += size;
            match &outcome.error {
                None => {
                    stats.extracted += 1;
                    let language = outcome.language.unwrap_or("none");
                    *stats.languages.entry(language.to_owned()).or_default() += 1;
                    if let Some(notice) = &outcome.notice {
                        observer.notice(&meta, notice);
                    }
                }
                Some(msg) => {
                    stats.errors += 1;
                    observer.error(&meta, msg);
                }
            }
            let _ = token_tx.send(());
            next += 1;
            observer.progress(&stats);
            let done = inputs.written(&meta.source);
            if let Some(e) = done.and_then(|s| input_done(out, &s, &mut stats)) {
                write_error = Some(e);
                closed = true;
                stop.store(true, Ordering::Relaxed);
                break 'outer;
            }
        }
    }
    if !closed {
        if let Err(e) = out.flush() {
            if e.kind() != io::ErrorKind::BrokenPipe {
                write_error = Some(e);
            }
            closed = true;
        }
    }
    finished.store(true, Ordering::Relaxed);
    let interrupted_by_signal = stop.load(Ordering::Relaxed) && !closed;
    stats.interrupted = closed || interrupted_by_signal;
    if !stats.interrupted {
        let _ = reader.join();
    }
    stats.finish(start.elapsed());
    RunEnd {
        stats,
        write_error,
        interrupted_by_signal,
    }
}

fn watchdog(
    slots: &Mutex<Vec<Arc<Slot>>>,
    shared: &Arc<Shared>,
    timeout: Duration,
    finished: &AtomicBool,
) {
    let tick = (timeout / 10).clamp(Duration::from_millis(10), Duration::from_millis(200));
    while !finished.load(Ordering::Relaxed) {
        thread::sleep(tick);
        let mut slots = slots.lock().expect("slots");
        for slot in slots.iter_mut() {
            let expired = {
                let mut cur = slot.current.lock().expect("slot");
                match &*cur {
                    Some((_, started, _, _)) if started.elapsed() > timeout => cur.take(),
                    _ => None,
                }
            };
            if let Some((seq, _, meta, size)) = expired {
                let msg = format!(
                    "took longer than --timeout {} s; abandoned",
                    timeout.as_secs_f64()
                );
                let _ = shared.results.send(Msg::Done {
                    seq,
                    outcome: Outcome {
                        bytes: record::error_output(shared.mode, &meta, &msg),
                        error: Some(msg),
                        language: None,
                        notice: None,
                    },
                    size,
                    meta,
                });
                *slot = spawn_worker(shared.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::InputsWritten;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the order the runner learns of them in (a document is written after
        /// the reader sent it; the input's end may come before or after its documents are
        /// written), each input is found done exactly once, when both its end has come and
        /// its last document is written; an input of no document at its end.
        #[test]
        fn each_input_is_done_once_after_its_end_and_its_last_document(
            docs in proptest::collection::vec(0u64..4, 1..6),
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..64),
        ) {
            // Events still to happen, per input: its documents' writes, then its end
            // (the reader's message may overtake writes, so an input's end is ready as
            // soon as the input is read: any time here).
            let mut writes_left: Vec<u64> = docs.clone();
            let mut end_sent = vec![false; docs.len()];
            let mut done_at: Vec<Option<usize>> = vec![None; docs.len()];
            let mut inputs = InputsWritten::default();
            let name = |i: usize| format!("input-{i}");
            let mut picks = picks.into_iter();
            for step in 0.. {
                let ready: Vec<(usize, bool)> = (0..docs.len())
                    .flat_map(|i| {
                        let write = (writes_left[i] > 0).then_some((i, true));
                        let end = (!end_sent[i]).then_some((i, false));
                        write.into_iter().chain(end)
                    })
                    .collect();
                if ready.is_empty() {
                    break;
                }
                let (i, is_write) = match picks.next() {
                    Some(pick) => ready[pick.index(ready.len())],
                    None => ready[0],
                };
                let done = if is_write {
                    writes_left[i] -= 1;
                    inputs.written(&name(i))
                } else {
                    end_sent[i] = true;
                    inputs.sent(name(i), docs[i])
                };
                if let Some(done) = done {
                    let j: usize = done["input-".len()..].parse().unwrap();
                    prop_assert!(done_at[j].is_none(), "{done} done twice");
                    prop_assert!(end_sent[j] && writes_left[j] == 0, "{done} done early");
                    done_at[j] = Some(step);
                }
            }
            prop_assert!(done_at.iter().all(Option::is_some), "{done_at:?}");
        }
    }
}
