//! `Tool` and `grammar_for_tools`: a tool's definition for a provider,
//! and one grammar for a call of any of several tools.

use pedelec_schema::{grammar_for_tools as library_grammar, ToolArgsSchema, ToolDefinition};
use pedelec_schema_js::outcome;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::answer::loads;
use crate::names::{format, profile};
use crate::schema::Schema;

/// A tool: a name, its arguments' schema, and optionally a description,
/// a title and an output schema. `export(profile)` writes its definition
/// as that provider takes it.
#[pyclass(module = "pedelec_schema", frozen)]
pub struct Tool {
    inner: ToolDefinition,
}

#[pymethods]
impl Tool {
    /// A tool named `name` (raises `ValueError`, in the library's words,
    /// for a name no provider takes).
    #[new]
    #[pyo3(signature = (name, schema, *, description = None, title = None, output_schema = None))]
    fn new(
        name: String,
        schema: &Bound<'_, PyAny>,
        description: Option<String>,
        title: Option<String>,
        output_schema: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let schema = held(schema)?;
        let output = output_schema.map(held).transpose()?;
        let mut tool = ToolDefinition::new(name, schema)
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        if let Some(description) = description {
            tool = tool.with_description(description);
        }
        if let Some(title) = title {
            tool = tool.with_title(title);
        }
        if let Some(output) = output {
            tool = tool.with_output_schema(output);
        }
        Ok(Tool { inner: tool })
    }

    /// The tool's definition for `profile`: `{"definition", "changes",
    /// "outputChanges"}`.
    fn export<'py>(&self, py: Python<'py>, profile: &str) -> PyResult<Bound<'py, PyAny>> {
        let profile = self::profile(profile)?;
        loads(py, &outcome::exported_tool(&self.inner.export(profile)))
    }

    fn __repr__(&self) -> String {
        format!("Tool({:?})", self.inner.name())
    }
}

/// The library's schema inside a `ToolArgsSchema`.
fn held(schema: &Bound<'_, PyAny>) -> PyResult<ToolArgsSchema> {
    let schema = schema.cast::<Schema>().map_err(|_| {
        PyTypeError::new_err("expected a ToolArgsSchema (from ToolArgsSchema.parse)")
    })?;
    Ok(ToolArgsSchema::clone(&schema.get().inner))
}

/// One grammar for a call of any of `tools`: the tool's name, then its
/// arguments, in `format` (`"gbnf"` or `"lark"`): `{"text", "changes"}`.
#[pyfunction]
pub fn grammar_for_tools<'py>(
    py: Python<'py>,
    tools: Vec<Bound<'py, Tool>>,
    format: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let format = self::format(format)?;
    let tools: Vec<ToolDefinition> = tools.iter().map(|tool| tool.get().inner.clone()).collect();
    loads(py, &outcome::grammar(&library_grammar(&tools, format)))
}
