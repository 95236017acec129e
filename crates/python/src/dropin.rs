//! The native half of `pith.justext`, the drop-in for Python jusText 3.0.2: a runner
//! holding the `justext` pipeline built from `justext()`'s arguments, and the
//! `Paragraph` class with the reference's attributes and methods.
//!
//! The Python half (`python/pith/justext.py`) keeps the reference's signature and
//! defaults and caches one runner per argument set, so a call costs one dict lookup
//! before the page is parsed without the GIL.

use std::sync::{Arc, OnceLock};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyLookupError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use pith::dom::decode::{lookup_codec, DecodeError, DecodeOptions, ErrorPolicy};
use pith::justext::features::{StopwordsCount, HEADING, STOPWORDS_COUNT};
use pith::justext::text::{normalize_whitespace, python_split, python_strip};
use pith::justext::{justext_spec, JustextParams, Variant};
use pith::stoplists::Stoplist;

use crate::input::Page;

create_exception!(
    pith.justext,
    JustextError,
    PyException,
    "Base class for jusText exceptions (as justext.core.JustextError)."
);
create_exception!(
    pith.justext,
    JustextInvalidOptions,
    JustextError,
    "As justext.core.JustextInvalidOptions (3.0.2 never raises it)."
);

/// The names of jusText's 100 built-in stoplists.
#[pyfunction]
pub fn stoplist_names() -> Vec<&'static str> {
    pith::stoplists::names().collect()
}

/// The words of a built-in stoplist, lower-cased; `ValueError` with the reference's
/// message for a name it does not have.
#[pyfunction]
pub fn stoplist_words(language: &str) -> PyResult<Vec<String>> {
    match pith::stoplists::builtin(language) {
        Ok(list) => Ok(list.iter().map(str::to_owned).collect()),
        Err(_) => Err(PyValueError::new_err(format!(
            "Stoplist for language '{language}' is missing. Please use function \
             'get_stoplists' for complete list of stoplists and feel free to contribute \
             by your own stoplist."
        ))),
    }
}

/// The `justext` pipeline for one set of `justext()` arguments.
#[pyclass(module = "pith.justext", frozen)]
pub struct JustextRunner {
    pipeline: Arc<pith::Pipeline>,
}

/// Error policies pith implements (Python's other handlers are refused up front).
fn error_policy(name: &str) -> PyResult<ErrorPolicy> {
    match name {
        "strict" => Ok(ErrorPolicy::Strict),
        "replace" => Ok(ErrorPolicy::Replace),
        "ignore" => Ok(ErrorPolicy::Ignore),
        other => Err(PyLookupError::new_err(format!(
            "unknown error handler name '{other}' (pith supports strict, replace and ignore)"
        ))),
    }
}

#[pymethods]
impl JustextRunner {
    /// `stoplist` is a built-in name (`str`) or the words of any other list.
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (stoplist, length_low, length_high, stopwords_low, stopwords_high,
        max_link_density, max_heading_distance, no_headings, encoding, default_encoding,
        enc_errors))]
    fn new(
        stoplist: &Bound<'_, PyAny>,
        length_low: usize,
        length_high: usize,
        stopwords_low: f64,
        stopwords_high: f64,
        max_link_density: f64,
        max_heading_distance: usize,
        no_headings: bool,
        encoding: Option<String>,
        default_encoding: String,
        enc_errors: &str,
    ) -> PyResult<JustextRunner> {
        let mut params = JustextParams {
            length_low,
            length_high,
            stopwords_low,
            stopwords_high,
            max_link_density,
            max_heading_distance,
            no_headings,
            ..JustextParams::default()
        };
        let mut custom = None;
        if let Ok(name) = stoplist.cast::<PyString>() {
            params.stoplist = format!("embedded:{}", name.to_cow()?);
        } else {
            let mut words = Vec::new();
            for w in stoplist.try_iter()? {
                words.push(w?.extract::<String>()?);
            }
            let name = format!("(a Python set of {} words)", words.len());
            custom = Some(Arc::new(Stoplist::from_words(name, words)));
        }
        let mut spec = justext_spec(&params, Variant::Python302);
        if let Some(list) = custom {
            for feature in &mut spec.features {
                if feature.key() == STOPWORDS_COUNT {
                    *feature = Box::new(StopwordsCount::with_list(Arc::clone(&list)));
                }
            }
        }
        // The reference's `bytes.decode(name)` raises LookupError for a codec Python
        // does not know; pith checks the names once, when the arguments are first seen.
        for name in encoding
            .iter()
            .filter(|e| !e.is_empty())
            .chain([&default_encoding])
        {
            if lookup_codec(name).is_none() {
                return Err(PyLookupError::new_err(format!("unknown encoding: {name}")));
            }
        }
        spec.decode = DecodeOptions {
            encoding,
            default_encoding,
            errors: error_policy(enc_errors)?,
            ..DecodeOptions::default()
        };
        let pipeline =
            pith::Pipeline::new(spec).map_err(|e| JustextInvalidOptions::new_err(e.to_string()))?;
        Ok(JustextRunner {
            pipeline: Arc::new(pipeline),
        })
    }

    /// Classifies the paragraphs of one page (`bytes` or `str`), as `justext()` does.
    fn run<'py>(&self, py: Python<'py>, html: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let page = Page::from_py(html)?;
        let pipeline = &*self.pipeline;
        let result = py.detach(|| match &page {
            Page::Bytes(b) => catch(|| pipeline.run_bytes(b)),
            Page::Text(t) => catch(|| pipeline.run_str(t)),
        });
        let ex = result?.map_err(reference_error)?;
        let heading = ex.features.column(&HEADING);
        let list = PyList::empty(py);
        for (i, block) in ex.blocks.into_iter().enumerate() {
            let p = Paragraph {
                dom_path: block.dom_path,
                xpath: block.xpath,
                text_nodes: block.text_nodes,
                text: block.text,
                chars_count_in_links: block.chars_count_in_links as i64,
                tags_count: block.tags_count,
                class_type: ex.labels[i].as_str().to_owned(),
                cf_class: ex.cf_labels[i].as_str().to_owned(),
                heading: heading.is_some_and(|h| h[i] == 1.0),
            };
            list.append(Py::new(py, p)?)?;
        }
        Ok(list)
    }
}

/// Runs `f`, turning a panic into a `JustextError` (checked after the GIL is back).
fn catch<T>(f: impl FnOnce() -> T) -> Result<T, PyErr> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .map_err(|_| JustextError::new_err("a pith stage panicked on this page"))
}

/// The exception the reference raises for a page it cannot decode: `LookupError` for an
/// unknown codec, `UnicodeDecodeError`-like failures as `JustextError` (the reference's
/// message when its default encoding fails).
fn reference_error(e: pith::Error) -> PyErr {
    match e {
        pith::Error::Decode(DecodeError::UnknownEncoding(name)) => {
            PyLookupError::new_err(format!("unknown encoding: {name}"))
        }
        pith::Error::Decode(d) => {
            JustextError::new_err(format!("Unable to decode the HTML to Unicode: {d}"))
        }
        other => JustextError::new_err(other.to_string()),
    }
}

/// `\bh\d\b`: the reference's heading pattern on the path.
fn heading_pattern() -> &'static regex::Regex {
    static PATTERN: OnceLock<regex::Regex> = OnceLock::new();
    PATTERN.get_or_init(|| regex::Regex::new(r"\bh\d\b").expect("a fixed, valid pattern"))
}

/// One block of text of the page, as `justext.paragraph.Paragraph` (jusText 3.0.2):
/// the same attributes, properties and methods.
#[pyclass(module = "pith.justext")]
pub struct Paragraph {
    /// Element names from the root to the paragraph's element, joined by ``.``.
    #[pyo3(get, set)]
    dom_path: String,
    /// The XPath of the paragraph's element.
    #[pyo3(get, set)]
    xpath: String,
    /// Characters of text inside links.
    #[pyo3(get, set)]
    chars_count_in_links: i64,
    /// Inline tags inside the paragraph (can be negative, as in the reference).
    #[pyo3(get, set)]
    tags_count: i64,
    /// The final class: ``good`` or ``bad``.
    #[pyo3(get, set)]
    class_type: String,
    /// The context-free class: ``good``, ``bad``, ``neargood`` or ``short``.
    #[pyo3(get, set)]
    cf_class: String,
    /// Whether the paragraph counts as a heading (``False`` with ``no_headings``).
    #[pyo3(get, set)]
    heading: bool,
    /// The text nodes, each whitespace-normalised.
    text_nodes: Vec<String>,
    /// `text`, kept (recomputed when the text nodes change).
    text: String,
}

#[pymethods]
impl Paragraph {
    /// The text nodes, each whitespace-normalised (a copy: use ``append_text``).
    #[getter]
    fn text_nodes(&self) -> Vec<String> {
        self.text_nodes.clone()
    }

    #[setter]
    fn set_text_nodes(&mut self, nodes: Vec<String>) {
        self.text_nodes = nodes;
        self.text = joined_text(&self.text_nodes);
    }

    /// The text: the nodes joined, stripped and whitespace-normalised.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// Whether the path has a heading element (``\bh\d\b``).
    #[getter]
    fn is_heading(&self) -> bool {
        heading_pattern().is_match(&self.dom_path)
    }

    /// Whether the final class is not ``good``.
    #[getter]
    fn is_boilerplate(&self) -> bool {
        self.class_type != "good"
    }

    /// The number of words (``len(text.split())``).
    #[getter]
    fn words_count(&self) -> usize {
        python_split(&self.text).count()
    }

    fn __len__(&self) -> usize {
        self.text.chars().count()
    }

    /// Whether the paragraph has any text node.
    fn contains_text(&self) -> bool {
        !self.text_nodes.is_empty()
    }

    /// Appends a text node (whitespace-normalised) and returns it.
    fn append_text(&mut self, text: &str) -> String {
        let text = normalize_whitespace(text);
        self.text_nodes.push(text.clone());
        self.text = joined_text(&self.text_nodes);
        text
    }

    /// The number of words whose lower-case form is in ``stopwords``.
    fn stopwords_count(&self, stopwords: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mut n = 0;
        for word in python_split(&self.text) {
            if stopwords.contains(word.to_lowercase())? {
                n += 1;
            }
        }
        Ok(n)
    }

    /// Stop words / words (``0`` without words).
    fn stopwords_density(
        &self,
        py: Python<'_>,
        stopwords: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let words = self.words_count();
        if words == 0 {
            return Ok(0i64.into_pyobject(py)?.into_any().unbind());
        }
        let density = self.stopwords_count(stopwords)? as f64 / words as f64;
        Ok(density.into_pyobject(py)?.into_any().unbind())
    }

    /// Link characters / characters (``0`` for an empty text).
    fn links_density(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let length = self.__len__();
        if length == 0 {
            return Ok(0i64.into_pyobject(py)?.into_any().unbind());
        }
        let density = self.chars_count_in_links as f64 / length as f64;
        Ok(density.into_pyobject(py)?.into_any().unbind())
    }

    /// Pickles (and copies) as its fields, as the reference's plain object does: a
    /// ``multiprocessing`` pool can return paragraphs.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.get_type::<Paragraph>().getattr("_restore")?;
        let args = (
            self.dom_path.clone(),
            self.xpath.clone(),
            self.text_nodes.clone(),
            self.chars_count_in_links,
            self.tags_count,
            self.class_type.clone(),
            self.cf_class.clone(),
            self.heading,
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }

    /// The ``Paragraph`` of these fields (for ``pickle``).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        dom_path: String,
        xpath: String,
        text_nodes: Vec<String>,
        chars_count_in_links: i64,
        tags_count: i64,
        class_type: String,
        cf_class: String,
        heading: bool,
    ) -> Paragraph {
        let text = joined_text(&text_nodes);
        Paragraph {
            dom_path,
            xpath,
            chars_count_in_links,
            tags_count,
            class_type,
            cf_class,
            heading,
            text_nodes,
            text,
        }
    }

    fn __repr__(&self) -> String {
        let preview: String = self.text.chars().take(40).collect();
        format!("<Paragraph {} {:?}>", self.class_type, preview)
    }
}

/// The reference's `Paragraph.text`: nodes joined, stripped, normalised.
fn joined_text(nodes: &[String]) -> String {
    normalize_whitespace(python_strip(&nodes.concat()))
}
