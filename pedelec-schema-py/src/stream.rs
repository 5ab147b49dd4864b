//! `ArgsStream`: arguments checked as their text arrives, refused at the
//! first byte after which no continuation can be valid.
//!
//! A Rust stream borrows its schema (`ArgsStream<'s>`); a Python stream
//! may outlive every other reference to the schema that made it, so it
//! holds the schema itself, shared. This is the crate's one `unsafe`
//! block: the stream borrows from an allocation the same struct owns.

use std::sync::Arc;

use pedelec_schema::{Profile, ToolArgsSchema};
use pedelec_schema_js::outcome;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::answer::loads;
use crate::call_text::{ends_escaping, piece_text};

/// A stream and the schema it reads against.
struct Owned {
    /// Declared before `_schema`, so dropped before it: it borrows it.
    stream: pedelec_schema::ArgsStream<'static>,
    _schema: Arc<ToolArgsSchema>,
}

/// Arguments checked as their text arrives: `feed` each piece as the
/// model writes it, then `finish`. Made by `ToolArgsSchema.stream()`.
#[pyclass(module = "pedelec_schema")]
pub struct ArgsStream {
    /// `None` once finished.
    inner: Option<Owned>,
    /// Whether the text fed so far ends in an odd run of backslashes, for
    /// a lone surrogate at the start of the next piece (`call_text.rs`).
    escaped: bool,
}

impl ArgsStream {
    pub(crate) fn new(schema: Arc<ToolArgsSchema>, profile: Profile) -> Self {
        // SAFETY: the reference points into the `Arc`'s allocation, which
        // never moves and stays alive while `_schema` holds it. The field
        // is never replaced, is dropped after `stream` (field order), and
        // the `'static` reference never leaves this struct: nothing it
        // returns borrows from the stream.
        let borrowed: &'static ToolArgsSchema = unsafe { &*Arc::as_ptr(&schema) };
        ArgsStream {
            inner: Some(Owned {
                stream: borrowed.stream_for(profile),
                _schema: schema,
            }),
            escaped: false,
        }
    }

    fn live(&mut self) -> PyResult<&mut Owned> {
        self.inner.as_mut().ok_or_else(|| {
            PyValueError::new_err("the stream is finished: start another with schema.stream()")
        })
    }
}

#[pymethods]
impl ArgsStream {
    /// Reads the next piece (a `str`): `{"ok": True, "bytes", "path"}`
    /// while the text so far can still become valid arguments, or, once
    /// it cannot (and at every later call), `{"ok": False, "error",
    /// "refusedAt"}`.
    fn feed<'py>(
        &mut self,
        py: Python<'py>,
        piece: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let escaped = self.escaped;
        let text = piece_text(piece, escaped)?;
        self.escaped = ends_escaping(&text, escaped);
        let owned = self.live()?;
        match owned.stream.feed(&text) {
            Ok(()) => {
                // Two reads, laid out as `outcome::progress` lays them out
                // (the identity test holds the two equal): a stream takes
                // many pieces, and a document read per piece would cost
                // more than the piece.
                let progress = PyDict::new(py);
                progress.set_item(pyo3::intern!(py, "ok"), true)?;
                progress.set_item(pyo3::intern!(py, "bytes"), owned.stream.bytes_read())?;
                progress.set_item(pyo3::intern!(py, "path"), owned.stream.progress().path())?;
                Ok(progress.into_any())
            }
            Err(error) => loads(
                py,
                &outcome::stream_refused(&error, owned.stream.refused_at()),
            ),
        }
    }

    /// The arguments, once the text is complete: `{"ok": True, "value"}`,
    /// or `{"ok": False, "error"}`. A stream is finished once.
    fn finish<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.live()?;
        let owned = self.inner.take().expect("live just now");
        loads(py, &outcome::read(&owned.stream.finish()))
    }

    /// Bytes of UTF-8 read so far.
    #[getter]
    fn bytes(&mut self) -> PyResult<usize> {
        Ok(self.live()?.stream.bytes_read())
    }

    /// The JSON Pointer of the value being read.
    #[getter]
    fn path(&mut self) -> PyResult<String> {
        Ok(self.live()?.stream.progress().path())
    }
}
