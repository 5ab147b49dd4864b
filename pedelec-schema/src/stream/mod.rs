//! [`ArgsStream`]: a call's arguments checked while the model is still
//! writing them.
//!
//! Providers stream a tool call's `arguments` as text deltas. A stream
//! takes them as they come ([`feed`](ArgsStream::feed), in pieces cut
//! anywhere), reads each byte once into the value, and checks it as it
//! goes with the schema's compiled rules: it refuses at the first byte
//! after which no completion of the text can be valid, with the failures
//! known there, located as [`validate`](crate::ToolArgsSchema::validate)
//! locates them. [`finish`](ArgsStream::finish) gives the arguments once
//! the text is complete, and refuses a text that stops early: a call cut
//! short is never read as arguments.
//!
//! What is refused before a value ends, and why nothing valid is: the
//! header of the checker, `validate/stream/`. What is refused when it ends
//! is what `validate` refuses.
//!
//! Two things a stream does not do, by design:
//!
//! - It checks the arguments as the model sends them: tolerant intake
//!   (coercing `"42"` under an `integer` node) needs the whole value, so a
//!   caller that wants it reads the text whole and calls
//!   [`coerce`](crate::ToolArgsSchema::coerce) before validating.
//! - [`Checked`](crate::Checked) and [`CheckedWith`](crate::CheckedWith)
//!   have no stream: a framework reads them from a deserializer of the
//!   complete arguments. A handler that receives the deltas itself uses
//!   [`ToolArgs::stream`](crate::ToolArgs::stream), whose `finish` reads
//!   the type as `Checked` does.
//!
//! One step of the way back from an export is taken:
//! [`stream_for`](crate::ToolArgsSchema::stream_for) a profile that makes
//! optional properties nullable (OpenAI strict mode) lets the `null` of an
//! optional property through, and `finish` takes it out with
//! [`normalize`](crate::ToolArgsSchema::normalize) and validates what is
//! left: the model writes those `null`s because the schema it was shown
//! asks for them, so refusing one would refuse a call that
//! [`from_provider_args`](crate::ToolArgs::from_provider_args) accepts.

mod progress;

use serde_json::Value;

use crate::document::{ArgsError, SyntaxError, ValidationErrors};
use crate::export::{self, Profile};
use crate::text::{Reader, Stopped};
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::Checker;

pub use progress::{Partial, Progress};

/// A call's arguments, checked as their text arrives: from
/// [`ToolArgsSchema::stream`].
///
/// ```
/// use pedelec_schema::{ArgsError, ToolArgsSchema};
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {
///         "mode": {"type": "string", "enum": ["append", "overwrite"]},
///         "text": {"type": "string"}
///     },
///     "required": ["mode", "text"]
/// }))?;
///
/// // A valid call, in the pieces a provider sends.
/// let mut stream = schema.stream();
/// for delta in [r#"{"mo"#, r#"de": "app"#, r#"end", "text": "hel"#, r#"lo"}"#] {
///     stream.feed(delta)?;
/// }
/// assert_eq!(stream.finish()?, json!({"mode": "append", "text": "hello"}));
///
/// // Refused at the first byte no `enum` value starts with, long before
/// // the rest of the call arrives.
/// let mut stream = schema.stream();
/// stream.feed(r#"{"mode": "ap"#)?;
/// let Err(ArgsError::Invalid(errors)) = stream.feed("x") else { panic!() };
/// assert_eq!(errors.errors()[0].path(), "/mode");
/// assert_eq!(stream.refused_at(), Some(12));
///
/// // A call cut short is never arguments.
/// let mut stream = schema.stream();
/// stream.feed(r#"{"mode": "append", "text": "hel"#)?;
/// let Err(ArgsError::Syntax(error)) = stream.finish() else { panic!() };
/// assert!(error.is_truncated());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ArgsStream<'s> {
    schema: &'s ToolArgsSchema,
    /// The export the model wrote the call for, which `finish` undoes.
    profile: Profile,
    reader: Reader,
    checker: Checker<'s>,
    refusal: Option<Refusal>,
}

/// Why a stream stopped, kept to be given again.
#[derive(Debug, Clone)]
enum Refusal {
    Invalid(ValidationErrors),
    Syntax(SyntaxError),
}

impl Refusal {
    fn to_error(&self) -> ArgsError {
        match self {
            Refusal::Invalid(errors) => ArgsError::Invalid(errors.clone()),
            Refusal::Syntax(error) => ArgsError::Syntax(error.clone()),
        }
    }
}

/// Arguments checked as their text arrives.
impl ToolArgsSchema {
    /// Checks the arguments as their text arrives, piece by piece, and
    /// refuses at the first byte after which no completion can be valid;
    /// see [`ArgsStream`].
    pub fn stream(&self) -> ArgsStream<'_> {
        ArgsStream::new(self, Profile::Mcp)
    }

    /// [`stream`](Self::stream) for a call the model wrote against the
    /// export for `profile`: where that export made every optional property
    /// required and nullable (OpenAI strict mode), a `null` for an optional
    /// property is a property left out, never refused, and
    /// [`finish`](ArgsStream::finish) gives the arguments as
    /// [`normalize`](Self::normalize) makes them, refusing what
    /// [`validate`](Self::validate) refuses there. Every other refusal
    /// comes as early as `stream`'s. The profile is given when the stream
    /// begins, not later, because the first `null` may arrive with the
    /// first piece.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"roomId": {"type": "string"}, "note": {"type": "string"}},
    ///     "required": ["roomId"]
    /// }))?;
    /// let mut stream = schema.stream_for(Profile::OpenAiStrict);
    /// for delta in [r#"{"roomId": "r1", "no"#, r#"te": nu"#, "ll}"] {
    ///     stream.feed(delta)?;
    /// }
    /// assert_eq!(stream.finish()?, json!({"roomId": "r1"}));
    ///
    /// // A required property is never left out: its `null` is refused at once.
    /// let mut stream = schema.stream_for(Profile::OpenAiStrict);
    /// assert!(stream.feed(r#"{"roomId": n"#).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stream_for(&self, profile: Profile) -> ArgsStream<'_> {
        ArgsStream::new(self, profile)
    }
}

impl<'s> ArgsStream<'s> {
    pub(crate) fn new(schema: &'s ToolArgsSchema, profile: Profile) -> Self {
        ArgsStream {
            schema,
            profile,
            reader: Reader::new(),
            checker: Checker::new(schema.validator(), export::nulls_for_optional(profile)),
            refusal: None,
        }
    }

    /// Reads the next piece of the text, cut anywhere (down to one
    /// character). Refuses as soon as the text so far cannot be completed
    /// into arguments the schema accepts - with every failure known at that
    /// point - or is not JSON. After a refusal the stream stays refused:
    /// every later call gives the same error.
    pub fn feed(&mut self, chunk: &str) -> Result<(), ArgsError> {
        if let Some(refusal) = &self.refusal {
            return Err(refusal.to_error());
        }
        if chunk.len() > crate::MAX_TEXT_LEN - self.reader.offset() {
            let too_long = Stopped::Syntax(SyntaxError::too_long());
            return Err(self.refused(too_long));
        }
        let result = self.reader.feed(chunk, &mut self.checker);
        result.map_err(|stopped| self.refused(stopped))
    }

    /// The arguments, once the text is complete: exactly the value
    /// `serde_json::from_str` reads from it. A text that stops early - in
    /// a string, an object, an array or a number, or after a `,` - is a
    /// truncated [`ArgsError::Syntax`], never a value.
    ///
    /// A stream [`for a profile`](ToolArgsSchema::stream_for) gives the
    /// value [`normalize`](ToolArgsSchema::normalize) makes of it, and
    /// refuses what [`validate`](ToolArgsSchema::validate) refuses in that
    /// value: the answer of
    /// [`ToolArgs::from_provider_args`](crate::ToolArgs::from_provider_args).
    pub fn finish(mut self) -> Result<Value, ArgsError> {
        if let Some(refusal) = &self.refusal {
            return Err(refusal.to_error());
        }
        let result = self.reader.finish(&mut self.checker);
        let mut args = result.map_err(|stopped| self.refused(stopped))?;
        // The checks a `null` let through could change were left for the
        // whole value (`validate/stream/`).
        if self.checker.loosened() {
            self.schema.normalize(self.profile, &mut args);
            if !self.schema.is_valid(&args) {
                self.schema.validate(&args)?;
            }
        }
        Ok(args)
    }

    /// What is read so far, for a user interface: borrowed, nothing copied.
    pub fn progress(&self) -> Progress<'_> {
        Progress::new(&self.reader)
    }

    /// How many bytes of text have been fed.
    pub fn bytes_read(&self) -> usize {
        self.reader.offset()
    }

    /// Where the stream refused: the offset of the byte after which no
    /// completion could pass any more (the last byte of the character that
    /// decided it), or of the first byte that is not JSON; the same however
    /// the text was cut.
    pub fn refused_at(&self) -> Option<usize> {
        match &self.refusal {
            // Refused unread: the reader never stopped.
            Some(Refusal::Syntax(error)) if error.is_too_long() => Some(error.offset()),
            _ => self.reader.stopped_at(),
        }
    }

    fn refused(&mut self, stopped: Stopped) -> ArgsError {
        let refusal = match stopped {
            Stopped::Syntax(error) => Refusal::Syntax(error),
            Stopped::Refused => {
                let errors = self.checker.refusal().expect("a refused checker says why");
                Refusal::Invalid(ValidationErrors::new(errors.to_vec()))
            }
        };
        let error = refusal.to_error();
        self.refusal = Some(refusal);
        error
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An async handler holds its stream across awaits, on whichever
    /// thread the runtime resumes it: a stream must be `Send` (and is
    /// `Sync`, as the schema it borrows is).
    #[test]
    fn a_stream_can_move_between_threads() {
        fn send_and_sync<T: Send + Sync>() {}
        send_and_sync::<ArgsStream<'static>>();
        send_and_sync::<crate::TypedArgsStream<()>>();
    }
}
