//! [`SyntaxError`]: why a text is not one JSON value, said where an agent
//! can act on it - the byte, the JSON Pointer of the value being read, and
//! what was expected there.

use std::fmt;
use std::sync::Arc;

use serde::ser::{Serialize, Serializer};

use super::entry::ValidationError;
use crate::message::Quoted;

/// Why the text of a call's arguments is not one JSON value (or gives a
/// property twice where the schema names it): from
/// [`ToolArgsSchema::validate_str`](crate::ToolArgsSchema::validate_str),
/// [`ToolArgs::from_args_str`](crate::ToolArgs::from_args_str) and
/// [`ArgsStream`](crate::ArgsStream).
///
/// In the agent-facing error object it is the one entry of `errors`, with
/// the keyword `syntax`:
///
/// ```
/// use pedelec_schema::{ArgsError, ToolArgsSchema};
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"edits": {"type": "array", "items": {
///         "type": "object", "properties": {"new": {"type": "string"}}}}}
/// }))?;
/// let Err(ArgsError::Syntax(error)) = schema.validate_str("{\"edits\": [{\"new\": \"a\nb\"}]}") else {
///     panic!("a raw newline inside a string is not JSON");
/// };
/// assert_eq!(error.path(), "/edits/0/new");
/// assert_eq!(error.offset(), 21);
/// assert_eq!(
///     error.to_string(),
///     "at byte 21, at /edits/0/new: an unescaped newline inside a string (write it as \\n)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct SyntaxError {
    syntax: Arc<Syntax>,
    /// The same error as an entry of the agent-facing `errors`, sharing
    /// `syntax`: what [`ArgsError::errors`](crate::ArgsError::errors) lists.
    entry: Box<ValidationError>,
}

/// What a [`SyntaxError`] says, shared with its [`ValidationError`] entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Syntax {
    offset: usize,
    path: String,
    message: String,
    kind: Kind,
}

/// What is wrong with the text, for [`SyntaxError::is_truncated`] and
/// [`SyntaxError::is_repeated_property`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A byte that JSON's grammar does not allow there.
    NotJson,
    /// The text stops before its value is complete.
    Truncated,
    /// A property the schema names, given twice in one object.
    Repeated,
    /// A text longer than [`MAX_TEXT_LEN`](crate::MAX_TEXT_LEN).
    TooLong,
}

impl Syntax {
    /// The byte offset of the error: [`SyntaxError::offset`].
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// The pointer of the value being read: [`SyntaxError::path`].
    pub(crate) fn path(&self) -> &str {
        &self.path
    }

    /// What is wrong there: [`SyntaxError::message`].
    pub(crate) fn message(&self) -> &str {
        &self.message
    }

    /// Appends the `Display` form, `at byte N, at PATH: message`, to `out`:
    /// the error's and its entry's.
    pub(crate) fn write_display<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        let path = if self.path.is_empty() {
            "the top"
        } else {
            &self.path
        };
        write!(out, "at byte {}, at {path}: {}", self.offset, self.message)
    }
}

impl SyntaxError {
    /// A byte that is not JSON, at `offset`, in the value at `path`.
    pub(crate) fn new(offset: usize, path: String, message: String) -> Self {
        SyntaxError::of(Kind::NotJson, offset, path, message)
    }

    fn of(kind: Kind, offset: usize, path: String, message: String) -> Self {
        SyntaxError::from_syntax(Syntax {
            offset,
            path,
            message,
            kind,
        })
    }

    fn from_syntax(syntax: Syntax) -> Self {
        let syntax = Arc::new(syntax);
        SyntaxError {
            entry: Box::new(ValidationError::syntax(Arc::clone(&syntax))),
            syntax,
        }
    }

    /// A property the schema names, `key`, given a second time in the
    /// object at `path`.
    pub(crate) fn repeated(offset: usize, path: String, key: &str) -> Self {
        let mut message = String::from("the property ");
        // Writing to a `String` cannot fail.
        let _ = Quoted::new(key).write_to(&mut message);
        message.push_str(" is given twice in this object; give each property once");
        SyntaxError::of(Kind::Repeated, offset, path, message)
    }

    /// A text that ends `inside` a value (`"inside a string"`), at
    /// `offset`, its length.
    pub(crate) fn truncated(offset: usize, path: String, inside: &str) -> Self {
        let message = format!("the text ends {inside}: the call is cut short");
        SyntaxError::of(Kind::Truncated, offset, path, message)
    }

    /// A quote at `offset`, in the string at `path`, that a repair could
    /// not take for the string's end (what follows it cannot follow a
    /// value there), in a string the text then never ends.
    pub(crate) fn unended(offset: usize, path: String) -> Self {
        let message = "this quote cannot end the string (what follows it cannot follow a value), \
                       and no later quote ends it: escape a quote inside a string as \\\", \
                       and send the whole call";
        SyntaxError::of(Kind::NotJson, offset, path, message.into())
    }

    /// A text of whitespace alone.
    pub(crate) fn empty(offset: usize) -> Self {
        let message = "the text holds no JSON value; expected the arguments' object";
        SyntaxError::of(Kind::Truncated, offset, String::new(), message.into())
    }

    /// A text longer than [`MAX_TEXT_LEN`](crate::MAX_TEXT_LEN), refused
    /// before any of it is read: at the first byte past the bound, for the
    /// whole text. It says nothing of the text but its being too long, so
    /// that a binding that only knows the text is longer than the bound
    /// gives the same document.
    pub(crate) fn too_long() -> Self {
        let message = format!(
            "the text is longer than {} bytes ({} MiB), the most arguments may be: send less",
            crate::MAX_TEXT_LEN,
            crate::MAX_TEXT_LEN >> 20
        );
        SyntaxError::of(Kind::TooLong, crate::MAX_TEXT_LEN, String::new(), message)
    }

    /// The same error at `offset` of the text: a repair reads a text
    /// partly rewritten, and locates its errors in the text as written.
    pub(crate) fn moved_to(self, offset: usize) -> Self {
        let SyntaxError { syntax, entry } = self;
        // The entry's handle let go, the error is the one holder.
        drop(entry);
        let mut syntax = Arc::try_unwrap(syntax).unwrap_or_else(|shared| (*shared).clone());
        syntax.offset = offset;
        SyntaxError::from_syntax(syntax)
    }

    /// The byte offset in the text of the first byte that cannot be read
    /// (the text's length when it ends too early).
    pub fn offset(&self) -> usize {
        self.syntax.offset
    }

    /// The JSON Pointer (RFC 6901) of the value being read there; `""` is
    /// the whole text.
    pub fn path(&self) -> &str {
        &self.syntax.path
    }

    /// What is wrong there and what was expected, without the place.
    pub fn message(&self) -> &str {
        &self.syntax.message
    }

    /// Whether the text stops before its value is complete (inside a
    /// string, an object, an array or a number, or after a `,`): a call
    /// cut short, which is never read as arguments.
    pub fn is_truncated(&self) -> bool {
        self.syntax.kind == Kind::Truncated
    }

    /// Whether the text was refused for its length alone: longer than
    /// [`MAX_TEXT_LEN`](crate::MAX_TEXT_LEN), and not read.
    pub fn is_too_long(&self) -> bool {
        self.syntax.kind == Kind::TooLong
    }

    /// Whether the text is JSON that gives a property the schema names
    /// twice in one object (which a stream cannot take back once checked).
    pub fn is_repeated_property(&self) -> bool {
        self.syntax.kind == Kind::Repeated
    }

    /// The error as the one entry of the agent-facing `errors`: a
    /// [`ValidationError`] of the kind
    /// [`Syntax`](crate::ValidationErrorKind::Syntax), with this error's
    /// path, offset and message. [`ArgsError::errors`](crate::ArgsError::errors)
    /// lists it.
    ///
    /// ```
    /// use pedelec_schema::{ArgsError, ToolArgsSchema, ValidationErrorKind};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object", "properties": {"q": {"type": "string"}}
    /// }))?;
    /// let Err(ArgsError::Syntax(error)) = schema.validate_str("{\"q\": 'a'}") else {
    ///     panic!("single quotes are not JSON");
    /// };
    /// let entry = error.as_validation_error();
    /// assert_eq!(entry.kind(), ValidationErrorKind::Syntax { offset: 6 });
    /// assert_eq!(entry.path(), error.path());
    /// assert_eq!(entry.offset(), Some(error.offset()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_validation_error(&self) -> &ValidationError {
        &self.entry
    }

    /// The keyword of its entry in the agent-facing `errors`.
    pub const KEYWORD: &'static str = "syntax";
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.syntax.write_display(f)
    }
}

/// The error's own fields, as a derived `Debug` shows them.
impl fmt::Debug for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SyntaxError")
            .field("offset", &self.syntax.offset)
            .field("path", &self.syntax.path)
            .field("message", &self.syntax.message)
            .field("kind", &self.syntax.kind)
            .finish()
    }
}

/// Two errors are equal when they say the same thing at the same byte.
impl PartialEq for SyntaxError {
    fn eq(&self, other: &Self) -> bool {
        self.syntax == other.syntax
    }
}

impl Eq for SyntaxError {}

impl std::error::Error for SyntaxError {}

/// The entry of the agent-facing `errors`:
/// `{"path", "offset", "keyword": "syntax", "message"}`.
impl Serialize for SyntaxError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.entry.serialize(serializer)
    }
}
