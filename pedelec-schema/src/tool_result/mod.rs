//! The other half of a tool: its result, checked against the tool's output
//! schema before it leaves the server.
//!
//! MCP lets a tool publish an `outputSchema` and return `structuredContent`
//! that the schema describes; strict clients (the official TypeScript SDK's)
//! validate the result and refuse the whole call when it does not match. A
//! result is checked here first, on the server, so that a mismatch is the
//! server's error with every failure located, never a result on the wire
//! that breaks the tool's own promise.
//!
//! - [`ToolResult`] is a result written in MCP's shape: checked
//!   `structuredContent` with its JSON text in `content`, or a tool error
//!   (`isError: true`) that is never checked against the success schema.
//! - [`CheckedOutput<T>`] (`checked_output.rs`) is the same check for
//!   frameworks that serialize the result themselves (rmcp's `Json<T>`):
//!   its `Serialize` refuses a value that `T::schema()` refuses.
//! - [`OutputError`] (`error.rs`) is the refusal.
//!
//! A derived type is an output schema as it is an input schema:
//! `#[derive(ToolArgs)]`, with `#[tool_args(output)]` to have the derive
//! refuse, at compile time, the serde attributes that would make the
//! serialized form differ from the schema (an `Option` written as `null`).

mod checked_output;
mod error;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

use crate::tool_args::ToolArgs;
use crate::tool_args_schema::ToolArgsSchema;

pub use checked_output::CheckedOutput;
pub use error::OutputError;

/// A tool's result in MCP's `CallToolResult` shape, checked before it is
/// sent.
///
/// A success holds `structuredContent` that passed the output schema and,
/// as the MCP specification asks for clients that read only text, the same
/// JSON as the text of one `content` block. An error holds the text for
/// the model (`isError: true`) and no `structuredContent`: a client checks
/// only successful results against the output schema, and an error has
/// nothing to promise.
///
/// It serializes as the `result` of a `tools/call` response:
/// `{"content": [{"type": "text", "text": ...}], "structuredContent": ...,
/// "isError": false}`. The transport's fields (`resultType` in MCP
/// 2026-07-28) are the SDK's to add for the negotiated revision.
///
/// ```
/// use pedelec_schema::{ToolArgs, ToolResult};
/// use serde::Serialize;
///
/// /// The counter after the call.
/// #[derive(Serialize, ToolArgs)]
/// #[tool_args(output)]
/// struct Counter {
///     /// The new value, within ±1000.
///     #[tool_args(minimum = -1000, maximum = 1000)]
///     value: i64,
/// }
///
/// let result = ToolResult::structured(&Counter { value: 7 })?;
/// assert_eq!(
///     serde_json::to_value(&result)?,
///     serde_json::json!({
///         "content": [{"type": "text", "text": "{\"value\":7}"}],
///         "structuredContent": {"value": 7},
///         "isError": false
///     })
/// );
///
/// // A result the schema refuses never becomes a result.
/// let refused = ToolResult::structured(&Counter { value: 1001 }).unwrap_err();
/// assert_eq!(
///     refused.to_string(),
///     "The tool's result does not match its output schema: \
///      /value: 1001 is greater than the maximum 1000"
/// );
///
/// // A tool error is not checked against the success schema.
/// let error = ToolResult::error("The counter is locked.");
/// assert_eq!(serde_json::to_value(&error)?["isError"], true);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ToolResult {
    /// The checked value, for a success.
    structured: Option<Value>,
    /// The text block: the value's JSON for a success, the message for an
    /// error.
    text: String,
    is_error: bool,
}

impl ToolResult {
    /// `value` as the result of the tool whose output schema is
    /// `T::schema()`: serialized, checked, and written with its JSON text.
    /// Refused with every failure when the schema refuses it.
    pub fn structured<T: ToolArgs + Serialize + ?Sized>(value: &T) -> Result<Self, OutputError> {
        serialize_checked(value).map(Self::success)
    }

    /// `value` as the result of a tool whose output schema is `schema` (a
    /// schema not derived from a type), checked as
    /// [`structured`](Self::structured) checks it.
    pub fn checked(schema: &ToolArgsSchema, value: Value) -> Result<Self, OutputError> {
        schema.validate(&value).map_err(OutputError::Invalid)?;
        Ok(Self::success(value))
    }

    /// A success holding `value`, which passed the output schema.
    fn success(value: Value) -> Self {
        ToolResult {
            text: value.to_string(),
            structured: Some(value),
            is_error: false,
        }
    }

    /// A tool execution error (`isError: true`) whose text the model reads
    /// to correct itself: an API failure, a refused call, a rule of the
    /// business. It has no `structuredContent` and is not checked.
    pub fn error(message: impl Into<String>) -> Self {
        ToolResult {
            structured: None,
            text: message.into(),
            is_error: true,
        }
    }

    /// Whether it is a tool error.
    pub fn is_error(&self) -> bool {
        self.is_error
    }

    /// The checked `structuredContent` of a success.
    pub fn structured_content(&self) -> Option<&Value> {
        self.structured.as_ref()
    }

    /// The text of its `content` block: the JSON of a success, the message
    /// of an error.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The result as a `serde_json::Value` (what `Serialize` writes).
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).expect("a tool result is JSON")
    }
}

impl Serialize for ToolResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let len = if self.structured.is_some() { 3 } else { 2 };
        let mut map = serializer.serialize_map(Some(len))?;
        map.serialize_entry("content", &[TextBlock(&self.text)])?;
        if let Some(value) = &self.structured {
            map.serialize_entry("structuredContent", value)?;
        }
        map.serialize_entry("isError", &self.is_error)?;
        map.end()
    }
}

/// `value` serialized and checked against `T::schema()`: the one check
/// that [`ToolResult::structured`] and [`CheckedOutput`]'s `Serialize` make.
fn serialize_checked<T: ToolArgs + Serialize + ?Sized>(value: &T) -> Result<Value, OutputError> {
    let value = serde_json::to_value(value).map_err(|error| OutputError::Serialize {
        message: error.to_string(),
    })?;
    T::schema().validate(&value).map_err(OutputError::Invalid)?;
    Ok(value)
}

/// MCP's `TextContent` block: `{"type": "text", "text": ...}`.
struct TextBlock<'a>(&'a str);

impl Serialize for TextBlock<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("type", "text")?;
        map.serialize_entry("text", self.0)?;
        map.end()
    }
}
