//! The Rust half of the Python package `pedelec-schema` (import name
//! `pedelec_schema`): the library's public API, exported with PyO3.
//!
//! This crate decides nothing: every verdict, message and document is the
//! `pedelec-schema` library's, reached through its public API, and every
//! envelope around one is the npm package's (`pedelec_schema_js::outcome`),
//! so a Python tool sends a model the very document a Rust or TypeScript
//! one sends. It turns Python values into what the library reads (JSON
//! text, `args_text.rs`; a call's text, `call_text.rs`; a `Value`, or
//! a verdict taken while walking it, `walk.rs`; a value the library's
//! validation reads where it is, `view.rs`; both read through
//! `pyjson.rs`) and the library's answers
//! into plain `dict`s and `list`s (`answer.rs`, `objects.rs`). The Python half,
//! `python/pedelec_schema/`, re-exports these names with its own
//! adapters for MCP servers, FastMCP and pydantic.

mod answer;
mod args_text;
mod call_text;
mod names;
mod objects;
mod pyjson;
mod schema;
mod stream;
mod tool;
mod view;
mod walk;

use pedelec_schema::lint_str;
use pedelec_schema_js::outcome;
use pyo3::prelude::*;

use answer::loads;
use schema::schema_text;

/// The lint findings for a schema (a `dict` or its JSON text): a list of
/// `{"severity", "code", "pointer", "message"}`.
#[pyfunction]
fn lint<'py>(py: Python<'py>, schema: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let text = schema_text(schema)?;
    loads(py, &outcome::diagnostics(&lint_str(&text)))
}

/// Any JSON Schema (a `dict` or its JSON text) converted into the subset:
/// `{"ok": True, "schema": ToolArgsSchema, "changes"}`, every change
/// listed, or `{"ok": False, "reasons"}`.
#[pyfunction]
fn convert<'py>(py: Python<'py>, schema: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    schema::convert(py, schema)
}

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<schema::Schema>()?;
    module.add_class::<stream::ArgsStream>()?;
    module.add_class::<tool::Tool>()?;
    module.add_function(wrap_pyfunction!(lint, module)?)?;
    module.add_function(wrap_pyfunction!(convert, module)?)?;
    module.add_function(wrap_pyfunction!(tool::grammar_for_tools, module)?)?;
    module.add("MAX_TEXT_LEN", pedelec_schema::MAX_TEXT_LEN)?;
    Ok(())
}
