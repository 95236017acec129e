//! Python values to Rust values: JSON values for parameter overrides
//! (`with_params(**overrides)`), and optional strings named in their errors.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// Converts a Python value to JSON through Python's own `json.dumps` (so nesting,
/// floats and strings follow Python's rules, and nothing here recurses).
pub fn to_json(value: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    let py = value.py();
    let text: String = py
        .import("json")?
        .call_method1("dumps", (value,))
        .map_err(|e| {
            PyTypeError::new_err(format!(
                "parameter values must be JSON-like (None, bool, int, float, str, list, dict): {e}"
            ))
        })?
        .extract()?;
    serde_json::from_str(&text)
        .map_err(|e| PyTypeError::new_err(format!("parameter value is not valid JSON: {e}")))
}

/// An optional `str` argument (`None` is `None`); anything else is a `TypeError` that
/// names the call and the argument (`extract: url is a str or None, not int`), which
/// the bare conversion does not.
pub fn optional_str(
    value: Option<&Bound<'_, PyAny>>,
    call: &str,
    name: &str,
) -> PyResult<Option<String>> {
    match value {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) => v.extract::<String>().map(Some).map_err(|_| {
            let type_name = v
                .get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string());
            PyTypeError::new_err(format!("{call}: {name} is a str or None, not {type_name}"))
        }),
    }
}
