//! The one reader of JSON text: arguments as a model writes them, read
//! into a `Value` piece by piece, with every syntax error located.
//!
//! [`Reader`] is a push parser: it takes the text in pieces cut anywhere
//! (`feed`), keeps where it is between them (a state, the containers still
//! open, the string or number being read), and touches each byte once, so
//! reading a text costs the same however it is cut. It builds the same
//! `Value` that `serde_json::from_str` builds - numbers through serde_json's
//! own reading (`number.rs`), the last of a repeated name kept, the same
//! nesting limit - and says where a text stops being JSON: the byte, the
//! JSON Pointer of the value being read, and what was expected
//! ([`SyntaxError`]).
//!
//! It reports what it reads to a [`Listener`] as it reads it: a value
//! begun (its JSON type, from its first byte), an object's key, each piece
//! of a string's decoded text, a value complete. The stream's checker
//! (`validate/stream/`) listens, and refuses at the first byte no
//! completion can pass, or, for `validate_str`, only names which repeated
//! keys the schema cannot have.
//!
//! serde_json's own reader still serves the fast path that reads a type
//! straight from text (`validate/checked_read/`): that needs a
//! `serde::Deserializer`, which this reader is not. Wherever text is read
//! into a `Value` - the stream, and `validate_str` and `from_args_str` when
//! the fast path gives up - it is read here, but for one shortcut: a whole
//! text that serde_json reads with no name repeated is taken as serde_json
//! reads it (`validate/checked_read/`'s `read_whole`), since this reader
//! would build the same value and find nothing to say. The fast path, which
//! has only the floats serde_json made of the text's numbers, may ask for
//! their texts too: [`numbers`] finds them without reading the rest.

mod escape;
mod number;
mod numbers;
mod reader;
mod state;
mod tree;

use serde_json::{Map, Number, Value};

use crate::document::SyntaxError;

pub(crate) use escape::control_escape;
pub(crate) use numbers::numbers;
pub(crate) use reader::{Reader, Scalar};
pub(crate) use state::{Place, Resume};
pub(crate) use tree::{path_of, Open};

/// The longest text of arguments the crate reads, in bytes of UTF-8: 16 MiB.
///
/// A longer text is refused before any of it is read, with a
/// [`SyntaxError`] at byte `MAX_TEXT_LEN` for the whole text
/// ([`SyntaxError::is_too_long`]): by
/// [`validate_str`](crate::ToolArgsSchema::validate_str) and
/// [`is_valid_str`](crate::ToolArgsSchema::is_valid_str),
/// [`repair`](crate::ToolArgsSchema::repair),
/// [`validate_provider_str`](crate::ToolArgsSchema::validate_provider_str),
/// the typed readers, and a stream once the pieces fed pass it. The bound
/// is far above any call a model writes (a model's whole reply is well
/// under 1 MiB), and it is what keeps the memory a call can take in
/// proportion on a host that gives a call little (the npm package's
/// WebAssembly counts the same bytes). A `Value` handed to
/// [`validate`](crate::ToolArgsSchema::validate) has no bound: it is
/// already in memory.
pub const MAX_TEXT_LEN: usize = 16 << 20;

/// A value's JSON type, known from its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Begun {
    Object,
    Array,
    String,
    Number,
    Boolean,
    Null,
}

/// Why a listener stopped the reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Halt {
    /// The listener refused what it was told; it knows why.
    Refused,
    /// A key given twice in one object, where the listener cannot have
    /// that: the reader reports it as a syntax error.
    Repeated,
}

/// What the reader tells as it reads, in text order.
pub(crate) trait Listener {
    /// A value begins here.
    fn begin(&mut self, begun: Begun) -> Result<(), Halt>;
    /// The key of the next property of the innermost object, whose
    /// properties so far are `object` (for a listener that must know
    /// whether the key repeats one).
    fn key(&mut self, key: &str, object: &Map<String, Value>) -> Result<(), Halt>;
    /// More of the string value being read, decoded; a refusal says at
    /// which byte of `part` it was decided (the last byte of the character
    /// that decided it).
    fn string_part(&mut self, part: &str) -> Result<(), usize>;
    /// The number being read is complete: its text, and the number
    /// serde_json reads it as (which may have rounded it: `1e-400` is
    /// `0.0`), inside the containers `open`; told just before its
    /// [`end`](Self::end), for a listener that compares numbers by their
    /// text (`validate/texts.rs`).
    #[inline]
    fn number(&mut self, text: &str, number: &Number, open: &[Open]) {
        let _ = (text, number, open);
    }
    /// The value begun last and not yet ended is complete.
    fn end(&mut self, value: &Value) -> Result<(), Halt>;
    /// Whether the `"` at `quote` ends the string value being read, as
    /// JSON says it always does; a listener that repairs text may take it
    /// for a quote the writer forgot to escape (`repair/`).
    #[inline]
    fn quote_closes(&mut self, quote: Quote<'_>) -> bool {
        let _ = quote;
        true
    }
    /// Whether a raw control character inside a string is read as part of
    /// it, as if escaped; JSON says never. A listener that repairs text
    /// takes it here, in the one pass (`repair/`): a stop and a resume per
    /// character would cost a repair's bookkeeping per newline of a long
    /// text.
    #[inline]
    fn control_reads(&mut self, control: Control<'_>) -> bool {
        let _ = control;
        false
    }
}

/// A raw control character inside a string, which the listener may read
/// as part of it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Control<'a> {
    /// Its offset in the text.
    pub(crate) offset: usize,
    pub(crate) byte: u8,
    /// Whether the string is a property name.
    pub(crate) key: bool,
    /// The containers open around the string.
    pub(crate) open: &'a [Open],
}

/// A `"` that would end the string value being read, with what the
/// listener may look at to decide whether it does.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Quote<'a> {
    /// Its offset in the text.
    pub(crate) offset: usize,
    /// The piece being read, and the quote's place in it.
    piece: &'a str,
    at: usize,
    /// The containers open around the string.
    pub(crate) open: &'a [Open],
}

impl<'a> Quote<'a> {
    pub(super) fn new(offset: usize, piece: &'a str, at: usize, open: &'a [Open]) -> Self {
        Quote {
            offset,
            piece,
            at,
            open,
        }
    }

    /// The rest of the piece being read, after the quote. (Cut here, not
    /// by the reader, so that a listener that never looks costs nothing.)
    pub(crate) fn after(&self) -> &'a str {
        &self.piece[self.at + 1..]
    }
}

/// Why reading stopped.
#[derive(Debug)]
pub(crate) enum Stopped {
    Syntax(SyntaxError),
    /// The listener refused; it holds the reasons.
    Refused,
}

/// The whole of `text` read as one JSON value, told to `listener`.
pub(crate) fn read<L: Listener>(text: &str, listener: &mut L) -> Result<Value, Stopped> {
    let mut reader = Reader::new();
    reader.feed(text, listener)?;
    reader.finish(listener)
}

#[cfg(test)]
mod tests;
