//! `ToolArgsSchema`: a schema inside the subset, compiled once, and every
//! call a Python tool makes with it - each a call into the library.
//!
//! Arguments come as a Python value (`validate`, `is_valid`) or as the
//! text a model sent (`validate_text`, `is_valid_text`, `repair`,
//! `from_provider_text`, a stream's pieces). A value is checked as the
//! text `json.dumps` writes for it would be (`args_text.rs`), so the two
//! answer alike; a text is checked with the interpreter released when it
//! is long enough for another thread to gain by it. A value's verdict is
//! taken first while the value is walked (`walk.rs`, through the
//! library's `is_valid_deserialized`); where that walk cannot tell, or for
//! a refusal's document, the same walk builds the value's
//! `serde_json::Value`, which the library checks as the text it is read
//! from (`validate_read`: a float on a bound's edge is compared as
//! `json.dumps` writes it). The text is written only where the walk stops
//! (what is no JSON, or what the library refuses as text: nesting past its
//! limit, a lone surrogate, an `int` past 64 bits, a text that may be too
//! long), so that the refusal or the Python error is the text's.

use std::sync::Arc;

use pedelec_schema::{convert_str, ArgsError, ToolArgsSchema};
use pedelec_schema_js::outcome;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyType};
use serde::Deserialize;
use serde_json::Value;

use crate::answer::{loads, refused, summarized, valid};
use crate::args_text::json_text;
use crate::call_text::call_text;
use crate::names::{format, profile, schema_error};
use crate::stream::ArgsStream;
use crate::view::PyView;
use crate::walk::Walk;

/// A text at least this long is checked with the interpreter released:
/// releasing and taking it back costs about as much as checking a short
/// call, which other threads could not use.
const RELEASE_AT: usize = 16 << 10;

/// A schema inside the Pedelec argsSchema subset, compiled once: build it
/// with `ToolArgsSchema.parse(schema)` (or `convert`, or `from_pydantic`)
/// and check any number of calls with it, from any thread.
#[pyclass(module = "pedelec_schema", name = "ToolArgsSchema", frozen)]
pub struct Schema {
    pub(crate) inner: Arc<ToolArgsSchema>,
    /// What a one-line refusal adds for a converted schema (the library's
    /// `Converted::refusal_note`); empty for a parsed one.
    refusal_note: String,
}

impl Schema {
    fn new(inner: ToolArgsSchema, refusal_note: String) -> Self {
        Schema {
            inner: Arc::new(inner),
            refusal_note,
        }
    }

    /// `check` on the text, with the interpreter released for a long one.
    fn checked<T: Send>(
        &self,
        py: Python<'_>,
        text: &str,
        check: impl FnOnce(&ToolArgsSchema, &str) -> T + Send,
    ) -> T {
        if text.len() >= RELEASE_AT {
            py.detach(|| check(&self.inner, text))
        } else {
            check(&self.inner, text)
        }
    }

    /// The verdict on a Python value taken while it is walked
    /// (`walk.rs`), where the library gives one there; `None` sends the
    /// caller to the text path.
    fn walked(&self, args: &Bound<'_, PyAny>) -> Option<bool> {
        let walk = Walk::new(args.py());
        self.inner
            .is_valid_deserialized(walk.of(args).value())
            .ok()
            .flatten()
    }

    fn verdict<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.checked(py, text, |schema, text| schema.validate_str(text).err()) {
            None => valid(py),
            Some(error) => refused(py, &error),
        }
    }

    /// Every failure of a Python value, as `validate_str` finds them on
    /// its text: read where it is (`view.rs`); where a float on a bound's
    /// edge needs its text, through its `Value` and that text; where it
    /// is no JSON the walk reads, through the text.
    fn failures(&self, py: Python<'_>, args: &Bound<'_, PyAny>) -> PyResult<Option<ArgsError>> {
        let walk = Walk::new(py);
        // Where it is, unless it holds a float on a bound's edge, whose
        // text decides.
        if let Some(answer) =
            PyView::of(&walk, args).and_then(|view| self.inner.validate_view(view))
        {
            return Ok(answer.err().map(ArgsError::from));
        }
        let value = Value::deserialize(walk.of(args).value());
        // Before the text may be written: that runs Python code.
        drop(walk);
        if let Ok(value) = value {
            // The text is asked for only for a float on a bound's edge;
            // the walk just read the value whole, so writing it succeeds.
            let text = || json_text(args, "arguments").unwrap_or_default();
            return Ok(self.inner.validate_read(&value, text).err());
        }
        let text = json_text(args, "arguments")?;
        Ok(self.checked(py, &text, |schema, text| schema.validate_str(text).err()))
    }
}

#[pymethods]
impl Schema {
    /// Checks a schema - a `dict` or its JSON text (`str` or `bytes`) -
    /// and compiles it; raises `SchemaError` with every finding when it is
    /// outside the subset.
    #[staticmethod]
    fn parse(py: Python<'_>, schema: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text = schema_text(schema)?;
        ToolArgsSchema::from_json_str(&text)
            .map(|parsed| Schema::new(parsed, String::new()))
            .map_err(|error| schema_error(py, &error))
    }

    /// The schema of a pydantic model (any class with
    /// `model_json_schema()`), converted into the subset: what `convert`
    /// answers, `{"ok": True, "schema", "changes"}` or `{"ok": False,
    /// "reasons"}`.
    #[classmethod]
    fn from_pydantic<'py>(
        _class: &Bound<'py, PyType>,
        model: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let schema = model.call_method0(pyo3::intern!(model.py(), "model_json_schema"))?;
        convert(model.py(), &schema)
    }

    /// Whether the arguments (a JSON value: `dict`, `list`, `str`, `int`,
    /// `float`, `bool`, `None`) are valid. It stops at the first failure,
    /// so a value that is no JSON past it may go unread (`validate` reads
    /// everything, and raises for it).
    fn is_valid(&self, py: Python<'_>, args: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(valid) = self.walked(args) {
            return Ok(valid);
        }
        Ok(self.failures(py, args)?.is_none())
    }

    /// Whether the JSON text of the arguments (`str` or `bytes`) is valid;
    /// text that is not JSON is not.
    fn is_valid_text(&self, py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<bool> {
        let text = call_text(text, "text")?;
        Ok(self.checked(py, &text, ToolArgsSchema::is_valid_str))
    }

    /// `{"ok": True}`, or `{"ok": False, "error": {...}}` with the error
    /// document every failure is listed in, as a Rust handler sends it.
    fn validate<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if self.walked(args) == Some(true) {
            return valid(py);
        }
        match self.failures(py, args)? {
            None => valid(py),
            Some(error) => refused(py, &error),
        }
    }

    /// `validate` for the JSON text of the arguments (`str` or `bytes`):
    /// text that is not JSON is refused with where and why.
    fn validate_text<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let text = call_text(text, "text")?;
        self.verdict(py, &text)
    }

    /// The arguments read from text a model wrote sloppily (single
    /// quotes, trailing commas, comments, a fence...): `{"ok": True,
    /// "value", "changes", "note"}`, or `{"ok": False, "error"}`. A call
    /// cut short is never completed.
    fn repair<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let text = call_text(text, "text")?;
        let answer = self.checked(py, &text, |schema, text| {
            outcome::repaired(&schema.repair(text))
        });
        loads(py, &answer)
    }

    /// The arguments of a call written against `profile`'s export (for
    /// `"openai-strict"`, optional properties sent as `null` are taken
    /// out), checked: `{"ok": True, "value"}` or `{"ok": False, "error"}`.
    #[pyo3(name = "from_provider_text")]
    fn provider_text<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'py, PyAny>,
        profile: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let profile = self::profile(profile)?;
        let text = call_text(text, "text")?;
        let answer = self.checked(py, &text, |schema, text| {
            outcome::read(&schema.validate_provider_str(profile, text))
        });
        loads(py, &answer)
    }

    /// A stream that checks the arguments' text as it arrives, for a call
    /// written against `profile`'s export (`None`: this schema as it is).
    #[pyo3(signature = (profile = None))]
    fn stream(&self, profile: Option<&str>) -> PyResult<ArgsStream> {
        let profile = match profile {
            Some(name) => self::profile(name)?,
            None => pedelec_schema::Profile::Mcp,
        };
        Ok(ArgsStream::new(Arc::clone(&self.inner), profile))
    }

    /// The schema for `profile` (`"mcp"`, `"openai-strict"`,
    /// `"anthropic-strict"`, `"gemini"`, ...): `{"schema", "changes"}`.
    fn export<'py>(&self, py: Python<'py>, profile: &str) -> PyResult<Bound<'py, PyAny>> {
        let profile = self::profile(profile)?;
        loads(py, &outcome::exported(&self.inner.export(profile)))
    }

    /// A grammar for the arguments' text in `format` (`"gbnf"` or
    /// `"lark"`): `{"text", "changes"}`.
    fn grammar<'py>(&self, py: Python<'py>, format: &str) -> PyResult<Bound<'py, PyAny>> {
        let format = self::format(format)?;
        loads(py, &outcome::grammar(&self.inner.grammar(format)))
    }

    /// The schema as a JSON object (a `dict`, keys in canonical order).
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&*self.inner).expect("a schema always serializes");
        loads(py, &text)
    }

    /// A TypeScript declaration of the arguments' type, named `name`.
    fn typescript(&self, name: &str) -> String {
        self.inner.typescript(name)
    }

    /// For a host that shows a refusal in one line (the MCP adapters):
    /// `None` for valid arguments, otherwise `{"error", "summary"}`, the
    /// error document and the library's one-line summary of it (with the
    /// conversion's note, for a schema from `convert`).
    fn refusal_summary<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        if self.walked(args) == Some(true) {
            return Ok(None);
        }
        match self.failures(py, args)? {
            None => Ok(None),
            Some(error) => summarized(py, &error, &self.refusal_note).map(Some),
        }
    }

    fn __repr__(&self) -> String {
        let text = serde_json::to_string(&*self.inner).expect("a schema always serializes");
        let shown: String = text.chars().take(80).collect();
        let more = if shown.len() < text.len() { "..." } else { "" };
        format!("ToolArgsSchema({shown}{more})")
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Schema>()
            .is_ok_and(|other| *other.get().inner == *self.inner)
    }
}

/// A schema given as a `dict` (or any JSON value), or as its JSON text.
pub(crate) fn schema_text(schema: &Bound<'_, PyAny>) -> PyResult<String> {
    if schema.is_instance_of::<PyString>() || schema.is_instance_of::<pyo3::types::PyBytes>() {
        return Ok(call_text(schema, "schema")?.into_owned());
    }
    json_text(schema, "schema")
}

/// `convert(schema)`: `{"ok": True, "schema": ToolArgsSchema, "changes"}`
/// or `{"ok": False, "reasons"}`.
pub(crate) fn convert<'py>(
    py: Python<'py>,
    schema: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let text = schema_text(schema)?;
    match convert_str(&text) {
        Ok(converted) => {
            let report = loads(py, &outcome::converted(Ok(&converted.changes)))?;
            let report = report.cast_into::<PyDict>()?;
            let changes = report.get_item("changes")?;
            let answer = PyDict::new(py);
            answer.set_item("ok", true)?;
            let note = converted.refusal_note();
            answer.set_item("schema", Schema::new(converted.schema, note))?;
            answer.set_item("changes", changes)?;
            Ok(answer.into_any())
        }
        Err(error) => loads(py, &outcome::converted(Err(&error))),
    }
}
