//! pith's errors as Python exceptions, each carrying the Rust message.
//!
//! `PithError` is the base class; a pipeline that cannot be loaded or a parameter no
//! stage has is a `PipelineError`, a page that cannot be processed (e.g. strict
//! decoding failed) an `ExtractError`. Reading a file that is not there is an `OSError`,
//! as Python users expect.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError};
use pyo3::PyErr;

create_exception!(
    pith,
    PithError,
    PyException,
    "Base class of pith's errors; the message is pith's own."
);
create_exception!(
    pith,
    PipelineError,
    PithError,
    "A pipeline could not be loaded, or a parameter names nothing in it."
);
create_exception!(
    pith,
    ExtractError,
    PithError,
    "A page could not be processed (e.g. strict decoding failed)."
);

/// Turns a pipeline-loading error into a Python exception.
pub fn load_error(e: pith::Error) -> PyErr {
    match e {
        pith::Error::Io { path, source } => PyOSError::new_err(format!("{path}: {source}")),
        other => PipelineError::new_err(other.to_string()),
    }
}

/// Turns an error from running a pipeline on a page into a Python exception.
pub fn run_error(message: String) -> PyErr {
    ExtractError::new_err(message)
}
