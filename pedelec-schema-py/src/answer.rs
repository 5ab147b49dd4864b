//! The library's answers as Python values: the JSON text of each
//! envelope (written by the npm package's `outcome`, so both packages
//! hand out the same documents) read by the standard library's `json`
//! module into plain `dict`s and `list`s, keys in the library's order.
//!
//! One text read by `json.loads`, C code, is cheaper than building the
//! objects field by field through PyO3, and it cannot differ from the
//! document a Rust handler sends. The common answer, a valid call's
//! `{"ok": True}`, is built directly: it is the same every time.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

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
