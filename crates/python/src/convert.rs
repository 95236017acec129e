//! Python values to JSON values, for parameter overrides (`with_params(**overrides)`).

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
