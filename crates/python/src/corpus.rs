//! `pith.read_warc` and `pith.extract_warc`: the corpus engine (`pith-corpus`, the code
//! behind `pith extract --format jsonl`) as Python iterators.
//!
//! `extract_warc` runs `pith_corpus::run` on a thread of its own, exactly as the CLI
//! does (input order, worker threads, size/time/panic limits, statistics), writing
//! record lines into a bounded channel; the iterator takes them out, releasing the GIL
//! while it waits. A consumer that stops early closes the channel, which ends the run
//! as a closed pipe ends the CLI's. Memory stays bounded: the run holds at most
//! `2N + 8` documents and the channel a few dozen records.

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use pith_corpus::{
    read_inputs, Body, InputFormat, InputOptions, Inputs, Item, Mode, NoObserver, RunConfig,
    RECORD_MAX_BYTES,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::pipeline::{default_workers, PyPipeline};

/// Records a run may have written that Python has not taken yet.
const CHANNEL_RECORDS: usize = 64;

/// A `Write` that sends every complete line to a channel; a closed channel is a
/// closed pipe (the run stops quietly).
struct LineSender {
    tx: SyncSender<Vec<u8>>,
    partial: Vec<u8>,
}

impl Write for LineSender {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let rest = self.partial.split_off(end + 1);
            let line = std::mem::replace(&mut self.partial, rest);
            self.tx
                .send(line)
                .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The iterator `extract_warc` returns: one dict per document record.
#[pyclass(module = "pith")]
pub struct RecordIterator {
    rx: Option<Mutex<Receiver<Vec<u8>>>>,
    stop: Arc<AtomicBool>,
    run: Option<JoinHandle<pith_corpus::Stats>>,
    stats: Option<Py<PyAny>>,
    loads: Py<PyAny>,
}

impl RecordIterator {
    /// Stops the run (if still going) and collects its statistics.
    fn finish(&mut self, py: Python<'_>) -> PyResult<()> {
        self.stop.store(true, Ordering::Relaxed);
        self.rx = None;
        if let Some(handle) = self.run.take() {
            let stats = py.detach(|| handle.join());
            let stats = stats.map_err(|_| PyValueError::new_err("the corpus run panicked"))?;
            let json = serde_json::to_string(&stats).expect("statistics serialise");
            self.stats = Some(self.loads.call1(py, (json,))?);
            if let Some(hint) = stats.derived_file_hint() {
                // As `pith extract` says it: a WET or WAT file yields nothing, with no error.
                let message = std::ffi::CString::new(format!("extract_warc: {hint}"))
                    .expect("no NUL in the message");
                let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
                PyErr::warn(py, &category, &message, 1)?;
            }
        }
        Ok(())
    }
}

#[pymethods]
impl RecordIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let line = match &self.rx {
            Some(rx) => py.detach(|| rx.lock().unwrap_or_else(|e| e.into_inner()).recv().ok()),
            None => None,
        };
        match line {
            Some(line) => {
                let text = std::str::from_utf8(&line).expect("records are UTF-8 JSON");
                Ok(Some(self.loads.call1(py, (text,))?))
            }
            None => {
                self.finish(py)?;
                Ok(None)
            }
        }
    }

    /// The run's summary (``documents``, ``extracted``, ``skipped``, ``errors``,
    /// ``skipped_by_reason``, ...), as ``pith extract --stats`` writes it; ``None``
    /// until the iterator is exhausted or closed.
    #[getter]
    fn stats(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.stats.as_ref().map(|s| s.clone_ref(py))
    }

    /// Stops the run early; ``stats`` then counts the records already produced.
    fn close(&mut self, py: Python<'_>) -> PyResult<()> {
        self.finish(py)
    }
}

impl Drop for RecordIterator {
    fn drop(&mut self) {
        // Dropping the receiver ends the run; its thread then exits on its own.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Extracts every HTML document of one or more inputs, yielding the records
/// ``pith extract --format jsonl`` writes, as dicts, in input order.
///
/// ``path`` is a WARC (plain or gzipped), JSON Lines or HTML file, a directory, or a
/// list of them (read as the CLI reads its arguments). ``pipeline`` is a ``Pipeline``
/// or a preset's name (default ``"pith"``, as ``pith extract``). Every document yields
/// one record:
/// ``{"id", "source", "url", "date", "text", "encoding", ...}`` or ``{"id", ...,
/// "error"}``; WARC records that are not HTML pages are skipped and counted in the
/// iterator's ``stats`` (a run that yields nothing because its records are a WET
/// file's plain text or a WAT file's metadata warns with a ``UserWarning`` that says to
/// give the WARC files, as ``pith extract`` says it; so does a directory that holds
/// no file named like an input, ``.html``, ``.warc`` or ``.jsonl``, gzipped or not: a
/// file given by its path is read whatever its name). ``workers`` threads (default:
/// every core) work while Python consumes; ``paragraphs=True`` adds every paragraph
/// with its features;
/// ``markdown=True`` adds the page as Markdown (``markdown``: what ``pith extract
/// --format markdown`` writes, as ``Extraction.markdown``), and with ``links=True`` its
/// links as ``[text](url)``, resolved against the record's URL (``pith extract
/// --links``, as ``Extraction.to_markdown(links=True)``), with ``images=True`` the
/// images of its main text as ``![alt](src)`` (``pith extract --images``, as
/// ``Extraction.to_markdown(images=True)``); ``html_field`` names the
/// field of a JSON Lines input that holds the page (``pith extract --html-field``);
/// ``max_bytes`` and ``timeout`` (seconds, ``0`` for none) turn a too large or too slow
/// document into an error record.
#[pyfunction]
#[pyo3(signature = (path, pipeline = None, *, workers = None, paragraphs = false,
    markdown = false, links = false, images = false, html_field = "html",
    max_bytes = RECORD_MAX_BYTES,
    timeout = 60.0))]
// The number, not the constant's name, for `help()` (PyO3 shows a constant as `...`);
// `test_corpus.py` holds it to `read_warc`'s limit.
#[pyo3(
    text_signature = "(path, pipeline=None, *, workers=None, paragraphs=False, \
    markdown=False, links=False, images=False, html_field='html', max_bytes=16777216, \
    timeout=60.0)"
)]
// Python's keyword arguments, one parameter each.
#[allow(clippy::too_many_arguments)]
pub fn extract_warc(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    pipeline: Option<&Bound<'_, PyAny>>,
    workers: Option<usize>,
    paragraphs: bool,
    markdown: bool,
    links: bool,
    images: bool,
    html_field: &str,
    max_bytes: u64,
    timeout: f64,
) -> PyResult<RecordIterator> {
    let paths = paths_of(path)?;
    let opts = InputOptions {
        max_bytes,
        html_field: html_field.to_owned(),
        ..InputOptions::default()
    };
    let mut cfg = RunConfig::new(Mode::Jsonl {
        paragraphs,
        markdown,
        links,
        images,
    });
    cfg.workers = workers.unwrap_or_else(default_workers).max(1);
    cfg.max_bytes = max_bytes;
    cfg.timeout = if timeout.is_finite() && timeout > 0.0 {
        Some(Duration::from_secs_f64(timeout))
    } else {
        None
    };
    let inputs = read_inputs(&paths, opts);
    let hint = "give its files as a list of paths to read them whatever their names";
    warn_empty_directories(py, "extract_warc", &inputs, hint)?;
    let (tx, rx) = sync_channel(CHANNEL_RECORDS);
    let stop = Arc::new(AtomicBool::new(false));
    let pipeline = pipeline_arg(pipeline)?;
    let run = {
        let stop = Arc::clone(&stop);
        std::thread::Builder::new()
            .name("pith-python-run".into())
            .spawn(move || {
                let mut out = LineSender {
                    tx,
                    partial: Vec::new(),
                };
                pith_corpus::run(pipeline, inputs, &cfg, &mut out, stop, &mut NoObserver).stats
            })
            .map_err(|e| PyValueError::new_err(format!("cannot start the run: {e}")))?
    };
    Ok(RecordIterator {
        rx: Some(Mutex::new(rx)),
        stop,
        run: Some(run),
        stats: None,
        loads: py.import("json")?.getattr("loads")?.unbind(),
    })
}

/// The pipeline `extract_warc` was given: a `Pipeline`, a preset's name, or none (the
/// default preset).
fn pipeline_arg(arg: Option<&Bound<'_, PyAny>>) -> PyResult<Arc<pith::Pipeline>> {
    let Some(arg) = arg else {
        return pith::preset(pith::DEFAULT_PRESET)
            .map(Arc::new)
            .map_err(crate::errors::load_error);
    };
    if let Ok(name) = arg.extract::<String>() {
        return pith::preset(&name)
            .map(Arc::new)
            .map_err(crate::errors::load_error);
    }
    match arg.cast::<PyPipeline>() {
        Ok(pipeline) => Ok(Arc::clone(&pipeline.get().inner)),
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "extract_warc: pipeline is a Pipeline or a preset's name, not {}",
            arg.get_type().name()?
        ))),
    }
}

/// The iterator `read_warc` returns: one dict per HTML document of a WARC file.
#[pyclass(module = "pith")]
pub struct DocumentIterator {
    inputs: Mutex<Inputs>,
    skipped: u64,
    /// The most bytes of a page, after its content coding is undone too.
    max_bytes: u64,
}

#[pymethods]
impl DocumentIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        loop {
            let inputs = &self.inputs;
            let item = py.detach(|| inputs.lock().unwrap_or_else(|e| e.into_inner()).next());
            let Some(item) = item else { return Ok(None) };
            let doc = match item {
                Item::Skipped(_) => {
                    self.skipped += 1;
                    continue;
                }
                Item::InputEnd(_) => continue,
                Item::Doc(doc) => doc,
            };
            let d = PyDict::new(py);
            d.set_item("id", &doc.meta.id)?;
            d.set_item("source", &doc.meta.source)?;
            d.set_item("url", doc.meta.url.as_deref())?;
            d.set_item("date", doc.meta.date.as_deref())?;
            d.set_item("truncated", doc.meta.truncated.as_deref())?;
            match &doc.body {
                Body::Bytes {
                    bytes,
                    charset,
                    content_encoding,
                    chunked,
                } => {
                    let coding = content_encoding.as_deref();
                    match pith_corpus::http_payload(bytes, *chunked, coding, self.max_bytes) {
                        Ok(html) => {
                            d.set_item("html", PyBytes::new(py, &html))?;
                            d.set_item("charset", charset.as_deref())?;
                            d.set_item("content_encoding", coding)?;
                        }
                        Err(message) => d.set_item("error", message)?,
                    }
                }
                Body::Text(text) => d.set_item("html", text)?,
                Body::Failed(message) => d.set_item("error", message)?,
            }
            return Ok(Some(d));
        }
    }

    /// WARC records read so far that are not HTML pages (requests, metadata, non-HTML
    /// or non-2xx responses): skipped, as by ``pith extract``.
    #[getter]
    fn skipped(&self) -> u64 {
        self.skipped
    }
}

/// Reads the HTML documents of a WARC file (plain or gzipped, WARC/1.x or ClueWeb's
/// 0.18) with pith's forgiving reader, one at a time; a directory yields those of its
/// WARC files (``*.warc``, ``*.warc.gz``, found recursively; other files are skipped;
/// a directory without one warns with a ``UserWarning``).
///
/// Yields ``{"id", "source", "url", "date", "truncated", "html", "charset",
/// "content_encoding"}`` per HTML response (``html``: the HTTP payload as bytes, chunked
/// coding and a ``Content-Encoding`` (gzip, deflate, br, zstd) undone, as
/// ``extract_warc`` reads it; ``charset``: the HTTP ``Content-Type`` charset;
/// ``truncated``: the record's ``WARC-Truncated``, why the crawler kept only the start
/// of the page, else ``None``; ``extract_warc``'s record says it in ``limits_hit``), or
/// ``{"id", ..., "error"}`` for a record that cannot be read (wrong ``Content-Length``,
/// truncated gzip, larger than ``max_bytes``: the message gives the byte offset). Other
/// records are skipped and counted in the iterator's ``skipped``. To extract, use
/// ``extract_warc``.
#[pyfunction]
#[pyo3(signature = (path, *, max_bytes = RECORD_MAX_BYTES))]
#[pyo3(text_signature = "(path, *, max_bytes=16777216)")]
pub fn read_warc(py: Python<'_>, path: PathBuf, max_bytes: u64) -> PyResult<DocumentIterator> {
    let opts = InputOptions {
        format: InputFormat::Warc,
        max_bytes,
        ..InputOptions::default()
    };
    let inputs = read_inputs(&[path], opts);
    warn_empty_directories(
        py,
        "read_warc",
        &inputs,
        "give a WARC file's path to read it",
    )?;
    Ok(DocumentIterator {
        inputs: Mutex::new(inputs),
        skipped: 0,
        max_bytes,
    })
}

/// Warns (`UserWarning`) of each directory among the inputs that yields nothing, as
/// `pith extract` says it on stderr: a folder of pages saved under their site's names
/// (`index.php`) would otherwise give an empty iterator and no word of why. When the
/// directory holds files, `hint` says how to read them (a file given by its path is
/// read whatever its name).
fn warn_empty_directories(
    py: Python<'_>,
    function: &str,
    inputs: &Inputs,
    hint: &str,
) -> PyResult<()> {
    for dir in inputs.empty_directories() {
        let hint = match dir.files {
            0 => String::new(),
            _ => format!("; {hint}"),
        };
        let message = format!("{function}: {dir}{hint}");
        let message =
            std::ffi::CString::new(message.replace('\0', "\u{fffd}")).expect("NULs replaced");
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        PyErr::warn(py, &category, &message, 1)?;
    }
    Ok(())
}

/// One path or a list of paths.
pub(crate) fn paths_of(path: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if let Some(one) = one_path(path)? {
        return Ok(vec![one]);
    }
    let mut out = Vec::new();
    for p in path.try_iter()? {
        let p = p?;
        match one_path(&p)? {
            Some(one) => out.push(one),
            None => out.push(p.extract::<PathBuf>()?),
        }
    }
    Ok(out)
}

/// `path` as one path: a ``str``, an ``os.PathLike``, or ``bytes`` (``os.fsdecode``,
/// not a list of numbers); `None` for anything else.
fn one_path(path: &Bound<'_, PyAny>) -> PyResult<Option<PathBuf>> {
    if let Ok(one) = path.extract::<PathBuf>() {
        return Ok(Some(one));
    }
    if path.is_instance_of::<PyBytes>() {
        let decoded = path.py().import("os")?.call_method1("fsdecode", (path,))?;
        return Ok(Some(decoded.extract::<PathBuf>()?));
    }
    Ok(None)
}
