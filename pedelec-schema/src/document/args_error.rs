//! [`ArgsError`]: why typed arguments were refused, and the agent-facing
//! error object it turns into.

use std::fmt::{self, Write};

use serde::ser::{Serialize, Serializer};
use serde_json::Value;

use super::budget::{Lead, Within};
use super::deserialize::DeserializeError;
use super::entry::ValidationError;
use super::errors::{summary, ValidationErrors};
use super::syntax::SyntaxError;
use super::Response;
use crate::json::OrderedJson;
use crate::message::Capped;

/// Why [`ToolArgs::from_args`](crate::ToolArgs::from_args) (or another
/// method that checks a call's arguments) refused them.
///
/// It turns into the agent-facing error object
/// `{"code": "INVALID_ARGS", "message": "...", "errors": [...]}`
/// ([`to_value`](Self::to_value), or `Serialize`), which a tool handler
/// returns as `{"error": {...}}` ([`to_response`](Self::to_response)).
///
/// ```
/// use pedelec_schema::{ArgsError, ToolArgsSchema};
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"delta": {"type": "integer", "minimum": -10, "maximum": 10}},
///     "required": ["delta"]
/// }))?;
/// let error = ArgsError::from(schema.validate(&json!({"delta": 15})).unwrap_err());
/// assert_eq!(error.to_response()["error"]["code"], "INVALID_ARGS");
/// assert_eq!(error.errors()[0].path(), "/delta");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum ArgsError {
    /// The arguments do not match the schema: every failure, located.
    Invalid(ValidationErrors),
    /// The arguments match the schema, but serde could not read them into
    /// the type: where, and serde's message. A derived schema is built so
    /// that this does not happen; it can with a hand-written `Deserialize`
    /// inside the type, an `as` or `schema_with` that promised more than
    /// serde reads, or a rule a `pattern` cannot hold (a day that its month
    /// does not have).
    Deserialize(DeserializeError),
    /// The arguments are not one JSON value (or give a property the schema
    /// names twice): from the methods that read text
    /// ([`ToolArgs::from_args_str`](crate::ToolArgs::from_args_str),
    /// [`ToolArgsSchema::validate_str`](crate::ToolArgsSchema::validate_str),
    /// [`ArgsStream`](crate::ArgsStream)). Its agent-facing object's one
    /// entry of `errors` has the keyword `syntax`, the byte `offset`, the
    /// `path` of the value being read and what was expected there.
    Syntax(SyntaxError),
}

impl ArgsError {
    /// The agent-facing error code, `INVALID_ARGS`.
    pub const CODE: &'static str = ValidationErrors::CODE;

    /// One sentence naming what is wrong: the agent-facing `message`.
    pub fn message(&self) -> String {
        match self {
            ArgsError::Invalid(errors) => errors.message(),
            ArgsError::Deserialize(refusal) => {
                // serde's words may quote the whole value it refused.
                let mut message = String::new();
                let _ = write!(
                    Capped::new(&mut message, ValidationErrors::MESSAGE_LIMIT),
                    "The arguments match the tool's argsSchema but could not be read: {refusal}"
                );
                message
            }
            ArgsError::Syntax(err) if err.is_truncated() => {
                format!("The arguments are cut short: {err}")
            }
            ArgsError::Syntax(err) if err.is_repeated_property() => {
                format!("The arguments give a property twice: {err}")
            }
            ArgsError::Syntax(err) => format!("The arguments are not valid JSON: {err}"),
        }
    }

    /// The entries of the agent-facing `errors`, never empty: every schema
    /// failure of [`ArgsError::Invalid`], or the one entry of
    /// [`ArgsError::Deserialize`] (of the kind
    /// [`ValidationErrorKind::Deserialize`](crate::ValidationErrorKind::Deserialize))
    /// or of [`ArgsError::Syntax`] (of the kind
    /// [`ValidationErrorKind::Syntax`](crate::ValidationErrorKind::Syntax),
    /// with its byte [`offset`](ValidationError::offset)). Serialized, the
    /// list is the document's `errors`, entry for entry.
    ///
    /// ```
    /// use pedelec_schema::{ArgsError, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object", "properties": {"q": {"type": "string"}}
    /// }))?;
    /// let error = schema.validate_str("{\"q\": \"a}").unwrap_err();
    /// let first = &error.errors()[0];
    /// assert_eq!((first.path().as_str(), first.keyword()), ("/q", "syntax"));
    /// assert_eq!(first.offset(), Some(9));
    /// assert_eq!(serde_json::to_value(error.errors())?, error.to_value()["errors"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn errors(&self) -> &[ValidationError] {
        match self {
            ArgsError::Invalid(errors) => errors.errors(),
            ArgsError::Deserialize(refusal) => std::slice::from_ref(refusal.as_validation_error()),
            ArgsError::Syntax(error) => std::slice::from_ref(error.as_validation_error()),
        }
    }

    /// Every entry of [`errors`](Self::errors) on one line, `path:
    /// message` each, as [`ValidationErrors::summary`] writes them: for a
    /// host whose own sentence goes before the list, where no `errors`
    /// travel beside it.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object", "properties": {"q": {"type": "string"}}
    /// }))?;
    /// let error = schema.validate_str(r#"{"q": 1"#).unwrap_err();
    /// assert_eq!(error.summary(), "at byte 7, at /q: the text ends inside a number: the call is cut short");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn summary(&self) -> String {
        summary(self.errors())
    }

    /// The agent-facing error object,
    /// `{"code": "INVALID_ARGS", "message": ..., "errors": [...]}`.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).expect("an ArgsError always serializes")
    }

    /// What a tool handler returns: `{"error": {"code": "INVALID_ARGS",
    /// "message": ..., "errors": [...]}}`, with its keys in that order (the
    /// order an agent reads and the README shows), which a `Value` would
    /// sort. It indexes and compares like a `Value`; `Value::from` gives
    /// one, for an API that takes a `Value`.
    ///
    /// ```
    /// use pedelec_schema::{ArgsError, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object", "properties": {"n": {"type": "integer"}}
    /// }))?;
    /// let error = ArgsError::from(schema.validate(&json!({"n": "x"})).unwrap_err());
    /// let response = error.to_response();
    /// assert_eq!(response["error"]["errors"][0]["path"], "/n");
    /// assert!(response.to_string().starts_with(r#"{"error":{"code":"INVALID_ARGS","message":"#));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_response(&self) -> OrderedJson {
        OrderedJson::from_serialize(&Response { error: self })
            .expect("an ArgsError always serializes")
    }

    /// The agent-facing object within `bytes` of compact JSON, as
    /// [`ValidationErrors::within`] writes it; its `Serialize` keeps to
    /// [`ValidationErrors::BUDGET`].
    pub fn within(&self, bytes: usize) -> impl Serialize + '_ {
        let lead = match self {
            ArgsError::Invalid(_) => Lead::Listing(ValidationErrors::LEAD),
            ArgsError::Deserialize(_) | ArgsError::Syntax(_) => {
                let mut message = String::new();
                let _ = write!(
                    Capped::new(&mut message, ValidationErrors::MESSAGE_LIMIT),
                    "{self}"
                );
                Lead::Whole(message)
            }
        };
        Within {
            errors: self.errors(),
            budget: bytes,
            lead,
        }
    }

    /// [`to_response`](Self::to_response) within `bytes` of compact JSON
    /// ([`within`](Self::within)).
    pub fn to_response_within(&self, bytes: usize) -> OrderedJson {
        OrderedJson::from_serialize(&Response {
            error: &self.within(bytes),
        })
        .expect("an ArgsError always serializes")
    }
}

impl From<SyntaxError> for ArgsError {
    fn from(error: SyntaxError) -> Self {
        ArgsError::Syntax(error)
    }
}

impl From<ValidationErrors> for ArgsError {
    fn from(errors: ValidationErrors) -> Self {
        ArgsError::Invalid(errors)
    }
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ArgsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ArgsError::Invalid(errors) => Some(errors),
            ArgsError::Deserialize(refusal) => Some(refusal),
            ArgsError::Syntax(err) => Some(err),
        }
    }
}

/// Hand-written for its shape: every variant is the one agent-facing
/// object, `{"code","message","errors"}`, not a tagged enum.
impl Serialize for ArgsError {
    /// The agent-facing object within [`ValidationErrors::BUDGET`] bytes.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.within(ValidationErrors::BUDGET).serialize(serializer)
    }
}
