//! The library's answers as Python values, keys in the library's order.
//!
//! A refusal's document, the answer whose cost a tool pays on every bad
//! call, is built straight from the library's serialization
//! (`objects.rs`) inside the envelope the npm package's `outcome` writes
//! (`{"ok": False, "error"}`, `{"error", "summary"}`); the identity test
//! holds the two equal. The other answers (exports, grammars, repairs,
//! lint findings: once per schema, or rare) are the JSON text `outcome`
//! writes, read by the standard library's `json` module, so that they
//! cannot drift from the npm package's. A valid call's `{"ok": True}` is
//! the same every time.

use pedelec_schema::ArgsError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

use crate::objects::to_python;

static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `text`, a JSON document the library wrote, as a Python value.
pub(crate) fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let loads = LOADS.get_or_try_init(py, || -> PyResult<_> {
        Ok(py.import("json")?.getattr("loads")?.unbind())
    })?;
    loads.bind(py).call1((text,))
}

/// `{"ok": True}`: the verdict on valid arguments, as `outcome::verdict`
/// writes it (the identity test holds the two equal).
pub(crate) fn valid(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let verdict = PyDict::new(py);
    verdict.set_item(pyo3::intern!(py, "ok"), true)?;
    Ok(verdict.into_any())
}

/// `{"ok": False, "error": {...}}`, as `outcome::refused` writes it.
pub(crate) fn refused<'py>(py: Python<'py>, error: &ArgsError) -> PyResult<Bound<'py, PyAny>> {
    let verdict = PyDict::new(py);
    verdict.set_item(pyo3::intern!(py, "ok"), false)?;
    verdict.set_item(pyo3::intern!(py, "error"), to_python(py, error)?)?;
    Ok(verdict.into_any())
}

/// `{"error": {...}, "summary"}`, as `outcome::summarized` writes it: the
/// error's one-line summary followed by `refusal_note`.
pub(crate) fn summarized<'py>(
    py: Python<'py>,
    error: &ArgsError,
    refusal_note: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let mut summary = error.summary();
    summary.push_str(refusal_note);
    let answer = PyDict::new(py);
    answer.set_item(pyo3::intern!(py, "error"), to_python(py, error)?)?;
    answer.set_item(pyo3::intern!(py, "summary"), summary)?;
    Ok(answer.into_any())
}
