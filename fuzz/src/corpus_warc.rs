//! The check of the `corpus_warc` fuzz target, shared with
//! `crates/corpus/tests/fuzz_corpora.rs` (which replays the seed corpus under
//! `cargo test`): bytes as a WARC file through the corpus runner's reader
//! (`pith_corpus::read_inputs`) and each document it yields through a record
//! (`pith_corpus::record`), as `pith extract --format jsonl` takes them. The `warc`
//! target fuzzes pith-warc's record reader and HTTP parsing alone; this one covers what
//! the runner makes of them: the status and type decision, the HTTP payload (chunks,
//! content codings), the sniff, the decode and the pipeline.
//!
//! Checked besides "no panic": no record is silently dropped (one item — a document or
//! a named skip — per record or error the WARC reader finds), and each document yields
//! one record with its id, either text or an error with a message.

use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::Arc;

use pith_corpus::{read_inputs, record, InputOptions, Item, RecordOptions};

/// A small record limit, so over-size records are reached by small inputs too.
const MAX_BYTES: u64 = 1 << 14;

thread_local! {
    static JUSTEXT: Arc<pith::Pipeline> =
        Arc::new(pith::preset("justext").expect("the justext preset loads"));
    /// This thread's input file (the reader takes paths), removed when the thread ends.
    static FILE: RefCell<TempWarc> = RefCell::new(TempWarc::new());
}

/// A file in the temporary directory named for this process and thread.
struct TempWarc(PathBuf);

impl TempWarc {
    fn new() -> Self {
        let (process, thread) = (std::process::id(), std::thread::current().id());
        let name = format!("pith-fuzz-corpus-warc-{process}-{thread:?}.warc");
        TempWarc(std::env::temp_dir().join(name))
    }
}

impl Drop for TempWarc {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs the checks on one input.
pub fn corpus_warc(data: &[u8]) {
    let path = FILE.with(|f| f.borrow().0.clone());
    std::fs::write(&path, data).expect("the temporary WARC file is written");
    let opts = InputOptions {
        max_bytes: MAX_BYTES,
        ..InputOptions::default()
    };
    let source = path.display().to_string();
    let mut items: Vec<Item> = read_inputs(&[path], opts).collect();
    // The input read to its end says so once, last.
    match items.pop() {
        Some(Item::InputEnd(end)) => assert_eq!(end, source, "the end of another input"),
        _ => panic!("the input's end is not its last item"),
    }

    // The runner's reader allows the HTTP headers on top of the record limit. (A gzipped
    // file is read member by member first; its count is not checked here.)
    if !data.starts_with(&[0x1f, 0x8b]) {
        let records = pith::warc::WarcReader::new(data, MAX_BYTES + 64 * 1024).count();
        assert_eq!(
            items.len(),
            records,
            "a WARC record was dropped or invented"
        );
    }

    JUSTEXT.with(|pipeline| {
        for item in &items {
            match item {
                Item::Skipped(reason) => assert!(!reason.is_empty(), "a skip without a reason"),
                Item::InputEnd(_) => panic!("an input's end before its last item"),
                Item::Doc(doc) => {
                    assert!(!doc.meta.id.is_empty(), "a document without an id");
                    let rec = record(pipeline, doc, &RecordOptions::default());
                    assert_eq!(rec.meta.id, doc.meta.id, "the record is not its document's");
                    if let Some(message) = rec.error_message() {
                        assert!(!message.is_empty(), "an error record without a message");
                    }
                }
            }
        }
    });
}
