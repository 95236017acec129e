//! `pith.Pipeline`: a loaded, checked pipeline, shared by every call and thread.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::convert::{optional_str, to_json};
use crate::errors::{load_error, run_error, PipelineError};
use crate::extraction::PyExtraction;
use crate::input::{Hints, Page};
use crate::many::{run_many, OnError};

/// A pipeline: decoding, tree stages, segmenter, features, rules and passes.
///
/// Load one with ``Pipeline.preset("justext")``, ``Pipeline.from_file(path)`` or
/// ``Pipeline.from_json(text)``; ``with_params(**overrides)`` returns a copy with
/// parameters changed. A pipeline is immutable and thread-safe; it pickles as its JSON,
/// so Spark and multiprocessing can ship it to workers.
#[pyclass(name = "Pipeline", module = "pith", frozen)]
pub struct PyPipeline {
    pub(crate) inner: Arc<pith::Pipeline>,
    /// The stoplist language its stop-word feature uses (`None` without one).
    pub(crate) language: Option<Arc<str>>,
}

impl PyPipeline {
    /// A copy of this pipeline with its JSON changed by `edit`, loaded and checked.
    fn edited(
        &self,
        edit: impl FnOnce(&mut serde_json::Value) -> PyResult<()>,
    ) -> PyResult<PyPipeline> {
        let mut value = self.inner.to_value();
        edit(&mut value)?;
        pith::Pipeline::from_value(value)
            .map(PyPipeline::new)
            .map_err(load_error)
    }

    /// Wraps a loaded pipeline.
    pub fn new(inner: pith::Pipeline) -> PyPipeline {
        let language = stoplist_language(&inner.to_value()).map(Arc::from);
        PyPipeline {
            inner: Arc::new(inner),
            language,
        }
    }
}

/// The stoplist a pipeline's `justext.stopwords_count` feature names, when it is a
/// built-in language or `auto` (the page's own language; not `none`, not a file).
fn stoplist_language(value: &serde_json::Value) -> Option<String> {
    let features = value.get("features")?.as_array()?;
    let name = features
        .iter()
        .find_map(|f| f.get("stoplist").and_then(|s| s.as_str()))?;
    let name = name.strip_prefix("embedded:").unwrap_or(name);
    (name == "auto" || pith::stoplists::names().any(|n| n == name)).then(|| name.to_owned())
}

#[pymethods]
impl PyPipeline {
    /// A built-in pipeline by name (see ``pith.presets()``), e.g. ``"justext"``,
    /// ``"declutter"``.
    #[staticmethod]
    fn preset(name: &str) -> PyResult<PyPipeline> {
        pith::preset(name).map(PyPipeline::new).map_err(load_error)
    }

    /// Loads a pipeline file: TOML if the name ends in ``.toml``, else JSON.
    #[staticmethod]
    fn from_file(path: PathBuf) -> PyResult<PyPipeline> {
        pith::load_pipeline_file(&path)
            .map(PyPipeline::new)
            .map_err(load_error)
    }

    /// Loads a pipeline from the text of a JSON pipeline file.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyPipeline> {
        pith::Pipeline::from_json(text)
            .map(PyPipeline::new)
            .map_err(load_error)
    }

    /// A copy with parameters changed: every stage (and the decoding and parse
    /// options) that has a field of that name gets the value, as the command line's
    /// ``--length-low`` or ``pith eval``'s ``NAME=VALUE`` do. A name no stage has
    /// raises ``PipelineError``. ``stoplist`` as ``-s``: ``"auto"`` picks the page's
    /// language's list, and ``"none"`` (jusText's language-independent mode) also sets
    /// ``stopwords_low`` and ``stopwords_high`` to 0; a threshold given after it wins.
    ///
    /// >>> pith.Pipeline.preset("justext").with_params(length_low=50, stoplist="German")
    /// Pipeline("justext")
    #[pyo3(signature = (**overrides))]
    fn with_params(
        &self,
        py: Python<'_>,
        overrides: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyPipeline> {
        let edited = self.edited(|value| {
            for (name, v) in overrides.into_iter().flat_map(|o| o.iter()) {
                let name: String = name.extract()?;
                if pith::set_param(value, &name, to_json(&v)?) == 0 {
                    return Err(PipelineError::new_err(format!(
                        "no stage of pipeline {} has a parameter named {name:?}",
                        self.name().unwrap_or("(unnamed)")
                    )));
                }
            }
            Ok(())
        });
        // A value a stage cannot take fails the load, which names the stage by its
        // place (`rules[3]`): say which parameters were being set.
        edited.map_err(|e| {
            if !e.is_instance_of::<PipelineError>(py) {
                return e;
            }
            let names: Vec<String> = (overrides.into_iter().flat_map(|o| o.keys()))
                .map(|k| k.to_string())
                .collect();
            PipelineError::new_err(format!(
                "with_params({}): {}",
                names.join(", "),
                e.value(py)
            ))
        })
    }

    /// A copy that leans towards ``"precision"`` (less boilerplate, some text lost)
    /// or ``"recall"`` (more text, some boilerplate kept), as trafilatura's
    /// ``favor_precision`` and ``favor_recall``: a learned pipeline (``"pith"``) keeps
    /// the blocks that maximise the expected F0.5 or F2 of each page instead of F1.
    /// Raises ``PipelineError`` for a pipeline without such a decoding (``"justext"``)
    /// and ``ValueError`` for another word.
    ///
    /// >>> pith.Pipeline.preset("pith").favoring("precision")
    /// Pipeline("pith")
    fn favoring(&self, lean: &str) -> PyResult<PyPipeline> {
        use pith::learn::decode::{set_beta, Favor};
        let favor = match lean {
            "precision" => Favor::Precision,
            "recall" => Favor::Recall,
            other => {
                return Err(PyValueError::new_err(format!(
                    "favoring: {other:?} is neither \"precision\" nor \"recall\""
                )))
            }
        };
        self.edited(|value| {
            if set_beta(value, favor.beta()) == 0 {
                return Err(PipelineError::new_err(format!(
                    "pipeline {} has no learned expected-F1 decoding to lean towards {lean}",
                    self.name().unwrap_or("(unnamed)")
                )));
            }
            Ok(())
        })
    }

    /// A copy that keeps no block inside a comment section (an element whose class or
    /// id names comments, replies or a discussion, unless it holds the article), as
    /// trafilatura's ``include_comments=False`` and ``pith extract --no-comments``. A
    /// block inside two such elements (a comment in a thread) always goes, unless
    /// nothing else would be kept; the other marked blocks stay when they would be half
    /// or more of the text the page keeps.
    ///
    /// >>> pith.Pipeline.preset("pith").without_comments()
    /// Pipeline("pith")
    fn without_comments(&self) -> PyResult<PyPipeline> {
        self.edited(|value| {
            pith::learn::veto::drop_comment_sections(value).map_err(PipelineError::new_err)
        })
    }

    /// A copy that keeps no block inside a ``<table>``, as trafilatura's
    /// ``include_tables=False`` and ``pith extract --no-tables``. A page whose tables
    /// would be half or more of the text it keeps (a layout in tables) is left as it is.
    ///
    /// >>> pith.Pipeline.preset("pith").without_tables()
    /// Pipeline("pith")
    fn without_tables(&self) -> PyResult<PyPipeline> {
        self.edited(|value| pith::learn::veto::drop_tables(value).map_err(PipelineError::new_err))
    }

    /// A copy that keeps no block repeating the page's ``<title>`` (the headline: the
    /// ``Extraction``'s ``title`` has it), as Readability and trafilatura leave it out
    /// of the text, and ``pith extract --no-title``: a block with more than half of the
    /// title's words (or of its longest part between separators such as `` | ``) and
    /// few words of its own. A page whose kept text would be mostly such blocks is left
    /// as it is.
    ///
    /// >>> pith.Pipeline.preset("pith").without_title()
    /// Pipeline("pith")
    fn without_title(&self) -> PyResult<PyPipeline> {
        self.edited(|value| pith::learn::veto::drop_title(value).map_err(PipelineError::new_err))
    }

    /// The pipeline's name (presets use their preset name), or ``None``.
    #[getter]
    fn name(&self) -> Option<&str> {
        self.inner.spec().name.as_deref()
    }

    /// The built-in stoplist its stop-word feature uses (e.g. ``"English"``): the
    /// language pages are judged in. ``None`` when it has none (or a file's).
    #[getter]
    fn language(&self) -> Option<&str> {
        self.language.as_deref()
    }

    /// The pipeline as JSON (what ``from_json`` reads back).
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// The pipeline as TOML.
    fn to_toml(&self) -> PyResult<String> {
        self.inner.to_toml().map_err(load_error)
    }

    /// Extracts the main text of one page.
    ///
    /// ``html`` is ``bytes`` (decoded as the pipeline says: ``<meta charset>``, UTF-8,
    /// then its default encoding) or ``str`` (a lone surrogate, as
    /// ``errors="surrogateescape"`` leaves, is read as U+FFFD). ``url`` is kept on the
    /// result. The GIL is released while pith works. Raises ``ExtractError`` when the
    /// page cannot be processed (e.g. strict decoding failed) or the bytes are not a
    /// page (binary: a NUL byte and no markup in the first 8 KiB, as ``pith extract``
    /// answers such a file). For bytes, ``url`` (its top-level domain guides the
    /// encoding detector, as in browsers) and ``charset`` (the HTTP ``Content-Type``'s,
    /// as ``read_warc`` gives it; used before ``<meta charset>``) decode the page as
    /// ``extract_warc`` and ``pith extract`` decode a WARC record.
    #[pyo3(signature = (html, *, url = None, charset = None))]
    fn extract(
        &self,
        py: Python<'_>,
        html: &Bound<'_, PyAny>,
        url: Option<&Bound<'_, PyAny>>,
        charset: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyExtraction> {
        let url = optional_str(url, "extract", "url")?;
        let charset = optional_str(charset, "extract", "charset")?;
        let page = Page::from_py(html)?;
        let pipeline = &*self.inner;
        let hints = Hints {
            url: url.clone(),
            charset,
        };
        let result = py.detach(|| page.run(pipeline, &hints));
        match result {
            Ok(ran) => Ok(PyExtraction::new(ran, url, self.language.clone())),
            Err(message) => Err(run_error(message)),
        }
    }

    /// Extracts many pages on ``workers`` threads (default: every core), in order.
    ///
    /// ``pages`` is an iterable of ``bytes`` or ``str`` pages, or of ``(html, url)``
    /// pairs (the URL kept on the result and, for bytes, its domain guiding the encoding
    /// detector, as in ``extract``). Returns a list of ``Extraction`` in input order. A page that fails raises
    /// ``ExtractError`` naming its index (``errors="raise"``, the default), or with
    /// ``errors="return"`` its place in the list holds the ``ExtractError`` instead, so
    /// no page is lost; an item that is not a page (``None``, a tuple of three) is a
    /// ``TypeError`` or ``ValueError`` naming its index, raised before any page is
    /// worked on, or in its place with ``errors="return"``. The GIL is released while
    /// the pages are processed.
    #[pyo3(signature = (pages, workers = None, *, errors = "raise"))]
    fn extract_many<'py>(
        &self,
        py: Python<'py>,
        pages: &Bound<'py, PyAny>,
        workers: Option<usize>,
        errors: &str,
    ) -> PyResult<Bound<'py, PyList>> {
        let on_error = match errors {
            "raise" => OnError::Raise,
            "return" => OnError::Return,
            other => {
                return Err(PyValueError::new_err(format!(
                    "errors must be \"raise\" or \"return\", not {other:?}"
                )))
            }
        };
        if workers == Some(0) {
            return Err(PyValueError::new_err("workers must be at least 1"));
        }
        if pages.cast::<PyString>().is_ok() || pages.cast::<PyBytes>().is_ok() {
            // A str or bytes is iterable, one character or byte at a time.
            return Err(PyTypeError::new_err(
                "extract_many takes an iterable of pages; for one page use extract",
            ));
        }
        // Each item as a page and its URL, or why it is not one (a wrong type, a tuple
        // of the wrong shape): with errors="return" that error takes the item's place
        // and the other pages are still extracted.
        let mut items: Vec<PyResult<(Bound<'py, PyAny>, Option<String>)>> = Vec::new();
        for item in pages.try_iter()? {
            let item = item?;
            items.push(match item.cast::<PyTuple>() {
                Ok(pair) => pair.extract::<(Bound<'py, PyAny>, Option<String>)>(),
                Err(_) => Ok((item, None)),
            });
        }
        let urls: Vec<Option<String>> = items
            .iter()
            .map(|item| item.as_ref().ok().and_then(|(_, url)| url.clone()))
            .collect();
        let inputs: Vec<PyResult<Page<'_>>> = items
            .iter()
            .map(|item| match item {
                Ok((html, _)) => Page::from_py(html),
                Err(e) => Err(e.clone_ref(py)),
            })
            .collect();
        // The error of each item that is not a page, its index in the message.
        let mut not_pages = Vec::with_capacity(inputs.len());
        let mut runnable = Vec::new();
        for (i, input) in inputs.iter().enumerate() {
            match input {
                Ok(page) => {
                    let hints = Hints {
                        url: urls[i].clone(),
                        charset: None,
                    };
                    runnable.push((page.clone(), hints));
                    not_pages.push(None);
                }
                Err(e) => {
                    let err = e
                        .get_type(py)
                        .call1((format!("page {i}: {}", e.value(py)),))?;
                    if let OnError::Raise = on_error {
                        return Err(PyErr::from_value(err));
                    }
                    not_pages.push(Some(err));
                }
            }
        }
        let workers = workers.unwrap_or_else(default_workers);
        let pipeline = &*self.inner;
        let mut results = py
            .detach(|| run_many(pipeline, &runnable, workers))
            .into_iter();
        drop(runnable);
        let out = PyList::empty(py);
        for (i, (not_page, url)) in not_pages.into_iter().zip(urls).enumerate() {
            if let Some(err) = not_page {
                out.append(err)?;
                continue;
            }
            match results.next().expect("one result per page") {
                Ok(ran) => out.append(PyExtraction::new(ran, url, self.language.clone()))?,
                Err(message) => {
                    let err = run_error(format!("page {i}: {message}"));
                    match on_error {
                        OnError::Raise => return Err(err),
                        OnError::Return => out.append(err.value(py))?,
                    }
                }
            }
        }
        Ok(out)
    }

    /// For the overhead benchmark (`scripts/bench_python.py`): runs the pipeline on
    /// ``html`` ``n`` times in Rust, without the GIL and without any Python object,
    /// and returns the seconds taken: the cost of the Rust call alone.
    fn _time_rust_calls(&self, py: Python<'_>, html: &[u8], n: usize) -> f64 {
        let pipeline = &*self.inner;
        py.detach(|| {
            let start = std::time::Instant::now();
            for _ in 0..n {
                let _ = std::hint::black_box(pipeline.run_bytes(std::hint::black_box(html)));
            }
            start.elapsed().as_secs_f64()
        })
    }

    /// Pickles as ``Pipeline.from_json(self.to_json())``. A stoplist file is named by
    /// its path, as in a pipeline file: it must be readable where the pipeline is
    /// unpickled (on a Spark executor, ship it with the job).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let from_json = py.get_type::<PyPipeline>().getattr("from_json")?;
        let args = PyTuple::new(py, [self.inner.to_json()])?;
        PyTuple::new(py, [from_json, args.into_any()])
    }

    fn __repr__(&self) -> String {
        match self.name() {
            Some(name) => format!("Pipeline({name:?})"),
            None => "Pipeline(<unnamed>)".to_owned(),
        }
    }
}

/// The number of cores, as `pith extract` defaults to.
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The languages pith reports (an extraction's `language`), by code: (code, English
/// name, built-in stoplist or `None` — language-independent under `stoplist="auto"` —,
/// what names it: `"text"`, `"script"` or `"html-lang"`), as `pith extract
/// --list-languages` prints them.
#[pyfunction]
pub fn languages() -> Vec<(
    &'static str,
    &'static str,
    Option<&'static str>,
    &'static str,
)> {
    pith::core::lang::languages_by_code()
        .into_iter()
        .map(|l| (l.code, l.name, l.stoplist, l.named_by().label()))
        .collect()
}

/// The names of the built-in pipelines, with one line each on what they are for.
#[pyfunction]
pub fn presets() -> Vec<(&'static str, &'static str)> {
    pith::presets()
        .into_iter()
        .map(|p| (p.name, p.description))
        .collect()
}
