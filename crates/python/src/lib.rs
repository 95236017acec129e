//! `pith._pith`: the native half of the Python package `pith`.
//!
//! The Python package (`python/pith`) re-exports these classes and adds the jusText
//! drop-in's pure-Python surface. Everything here is a thin layer over the Rust crates:
//! a `Pipeline` (`pipeline::PyPipeline`) wraps a shared `pith::Pipeline`, and every call
//! that parses pages releases the GIL while Rust works, so Python threads (and
//! `extract_many`'s own worker threads) run in parallel.
#![deny(missing_docs)]

mod convert;
mod corpus;
mod dropin;
mod errors;
mod extraction;
mod input;
mod many;
mod pipeline;
mod train;

use pyo3::prelude::*;

/// mimalloc for the Rust side of the module, as in the CLI: parsing and the tree make
/// millions of small allocations, and mimalloc serves them faster than the C library's
/// malloc (docs/performance.md, "The allocator of the native module"). Python's own
/// objects keep Python's allocator; nothing allocated here is freed by Python or the
/// reverse.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// pith: take the main text out of web pages (native module; use the `pith` package).
#[pymodule]
fn _pith(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PithError", py.get_type::<errors::PithError>())?;
    m.add("PipelineError", py.get_type::<errors::PipelineError>())?;
    m.add("ExtractError", py.get_type::<errors::ExtractError>())?;
    m.add_class::<pipeline::PyPipeline>()?;
    m.add_class::<extraction::PyExtraction>()?;
    m.add_class::<extraction::PyBlock>()?;
    m.add("JustextError", py.get_type::<dropin::JustextError>())?;
    m.add(
        "JustextInvalidOptions",
        py.get_type::<dropin::JustextInvalidOptions>(),
    )?;
    m.add_class::<dropin::JustextRunner>()?;
    m.add_class::<dropin::Paragraph>()?;
    m.add_class::<corpus::RecordIterator>()?;
    m.add_class::<corpus::DocumentIterator>()?;
    m.add_function(wrap_pyfunction!(corpus::read_warc, m)?)?;
    m.add_function(wrap_pyfunction!(corpus::extract_warc, m)?)?;
    m.add_function(wrap_pyfunction!(pipeline::presets, m)?)?;
    m.add_function(wrap_pyfunction!(pipeline::languages, m)?)?;
    m.add_function(wrap_pyfunction!(train::train, m)?)?;
    m.add_function(wrap_pyfunction!(dropin::stoplist_names, m)?)?;
    m.add_function(wrap_pyfunction!(dropin::stoplist_words, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
