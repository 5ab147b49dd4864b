//! The names a caller gives (profiles, grammar formats) read as the
//! library reads them; an unknown one is a `ValueError` in the library's
//! words, and a `SchemaError` is raised with the library's diagnostics.

use pedelec_schema::{GrammarFormat, Profile, SchemaError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use crate::answer::loads;

/// `name` as a profile.
pub(crate) fn profile(name: &str) -> PyResult<Profile> {
    name.parse()
        .map_err(|error: pedelec_schema::UnknownProfile| PyValueError::new_err(error.to_string()))
}

/// `name` as a grammar format.
pub(crate) fn format(name: &str) -> PyResult<GrammarFormat> {
    name.parse()
        .map_err(|error: pedelec_schema::UnknownGrammarFormat| {
            PyValueError::new_err(error.to_string())
        })
}

static SCHEMA_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `error` as the package's `SchemaError` (defined in Python, so that it
/// is an ordinary class with its attributes typed in the stubs): its
/// message is the library's `Display`, its `diagnostics` the library's
/// findings, as the npm package's `SchemaError` holds them.
pub(crate) fn schema_error(py: Python<'_>, error: &SchemaError) -> PyErr {
    let raised = || -> PyResult<PyErr> {
        let class = SCHEMA_ERROR.import(py, "pedelec_schema._errors", "SchemaError")?;
        let diagnostics = loads(
            py,
            &pedelec_schema_js::outcome::diagnostics(error.diagnostics()),
        )?;
        let instance = class.call1((error.to_string(), diagnostics))?;
        Ok(PyErr::from_value(instance))
    };
    raised().unwrap_or_else(|failure| failure)
}
