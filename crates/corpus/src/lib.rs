//! pith's corpus engine: what `pith extract` does to many documents, as a library so
//! that the command line and the Python binding run the same code.
//!
//! Three steps, each usable alone:
//!
//! 1. **Inputs** ([`read_inputs`]): paths (files, directories, `-` for stdin) become a
//!    stream of [`Item`]s — one [`Doc`] per HTML file, JSON Lines line or HTML WARC
//!    record, a [`Item::Skipped`] for every WARC record that is not an HTML page, and
//!    an [`Item::InputEnd`] after each input. Gzip is undone by content; the stream
//!    holds one document at a time.
//! 2. **Records** ([`record()`], [`process`]): one document through a pipeline, decoded
//!    with its HTTP charset, becomes a [`Record`] that serialises to exactly one line
//!    of the corpus format (`docs/record-format.md`), or the bytes of a per-page format.
//! 3. **The run** ([`run`](mod@run)): the documents of an input stream go through `N` worker
//!    threads and their records are written to any `Write` in input order, with
//!    bounded memory and per-document limits (size, time, panics), counted in
//!    [`Stats`].
//!
//! ```no_run
//! use std::sync::{atomic::AtomicBool, Arc};
//! use pith_corpus::{read_inputs, run, InputOptions, Mode, NoObserver, RunConfig};
//!
//! let pipeline = Arc::new(pith::preset("justext").unwrap());
//! let inputs = read_inputs(&["crawl.warc.gz".into()], InputOptions::default());
//! let cfg = RunConfig::new(Mode::Jsonl { paragraphs: false, markdown: false, links: false, images: false });
//! let mut out = std::io::stdout().lock();
//! let end = run(pipeline, inputs, &cfg, &mut out, Arc::new(AtomicBool::new(false)), &mut NoObserver);
//! eprintln!("{}", end.stats.line());
//! ```
#![deny(missing_docs)]

mod gz;
pub mod input;
pub mod jsonl;
pub mod record;
pub mod run;
pub mod sniff;
pub mod stats;
pub use pith::url;
pub mod url_date;

pub use input::{
    read_inputs, Body, Doc, DocMeta, InputFormat, InputOptions, Inputs, Item, Payload,
    FILE_MAX_BYTES,
};
pub use record::{extraction, http_payload, process, record, Mode, Outcome, Record, RecordOptions};
pub use run::{
    run, run_to_sink, NoObserver, Observer, RunConfig, RunEnd, Sink, WriteSink, RECORD_MAX_BYTES,
};
pub use stats::Stats;
