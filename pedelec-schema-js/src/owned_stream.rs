//! An [`ArgsStream`] that keeps its schema alive, for JavaScript.
//!
//! A Rust stream borrows its schema (`ArgsStream<'s>`), which a caller
//! keeps on its stack; a JavaScript stream object outlives any stack frame
//! and may outlive the JavaScript schema object that made it, so it holds
//! the schema itself, shared. This is the crate's one `unsafe` block: the
//! stream borrows from a shared allocation that the same struct owns.

use std::rc::Rc;

use pedelec_schema::{ArgsError, ArgsStream, Profile, ToolArgsSchema};
use serde_json::Value;

/// A stream and the schema it reads against.
pub(crate) struct OwnedStream {
    /// Declared before `schema`, so dropped before it: it borrows it.
    stream: ArgsStream<'static>,
    schema: Rc<ToolArgsSchema>,
}

impl OwnedStream {
    pub(crate) fn new(schema: Rc<ToolArgsSchema>, profile: Profile) -> Self {
        // SAFETY: the reference points into the `Rc`'s allocation, which
        // never moves and stays alive while `self.schema` holds it. The
        // field is never replaced and is dropped after `stream` (field
        // order), and the `'static` reference never leaves this struct:
        // nothing this type returns borrows from the stream.
        let borrowed: &'static ToolArgsSchema = unsafe { &*Rc::as_ptr(&schema) };
        OwnedStream {
            stream: borrowed.stream_for(profile),
            schema,
        }
    }

    pub(crate) fn feed(&mut self, piece: &str) -> Result<(), ArgsError> {
        self.stream.feed(piece)
    }

    pub(crate) fn finish(self) -> Result<Value, ArgsError> {
        let OwnedStream { stream, schema } = self;
        let result = stream.finish();
        drop(schema);
        result
    }

    /// Bytes of UTF-8 read so far.
    pub(crate) fn bytes(&self) -> usize {
        self.stream.bytes_read()
    }

    /// The JSON Pointer of the value being read.
    pub(crate) fn path(&self) -> String {
        self.stream.progress().path()
    }

    /// The byte at which the stream was refused, if it was.
    pub(crate) fn refused_at(&self) -> Option<usize> {
        self.stream.refused_at()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_stream_outlives_every_other_holder_of_its_schema() {
        let schema = Rc::new(
            ToolArgsSchema::from_value(&json!({
                "type": "object",
                "properties": {"n": {"type": "integer"}},
                "required": ["n"]
            }))
            .unwrap(),
        );
        let mut stream = OwnedStream::new(Rc::clone(&schema), Profile::Mcp);
        drop(schema);
        stream.feed(r#"{"n": 4"#).unwrap();
        assert_eq!(stream.path(), "/n");
        stream.feed("2}").unwrap();
        assert_eq!(stream.bytes(), 9);
        assert_eq!(stream.finish().unwrap(), json!({"n": 42}));
    }
}
