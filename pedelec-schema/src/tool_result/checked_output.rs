//! [`CheckedOutput<T>`]: a result that a framework serializes, checked
//! against `T::schema()` on the way out.

use std::ops::{Deref, DerefMut};

use serde::ser::{Error as _, Serialize, Serializer};

use super::{serialize_checked, OutputError, ToolResult};
use crate::tool_args::ToolArgs;

/// A tool's result of type `T`, validated against `T::schema()` when it is
/// serialized: the way out, as [`Checked<T>`](crate::Checked) is the way in.
///
/// Use it where a framework serializes the result for you. Its `Serialize`
/// writes `T`'s JSON when `T::schema()` accepts it, and otherwise fails
/// with the [`OutputError`]'s message, every failure with its path, so
/// that the framework reports a server error instead of sending the
/// result. With the `schemars` feature it is `schemars::JsonSchema`
/// (`T::schema()`, inline), so that rmcp's `Json<CheckedOutput<T>>`
/// publishes it as the tool's `outputSchema`: rmcp puts the value in
/// `structuredContent` with its JSON text in `content`, and turns a
/// serialization error into a JSON-RPC internal error (-32603).
///
/// ```
/// use pedelec_schema::{CheckedOutput, ToolArgs};
/// use serde::Serialize;
///
/// #[derive(Serialize, ToolArgs)]
/// #[tool_args(output)]
/// struct Found {
///     #[tool_args(max_items = 2)]
///     notes: Vec<String>,
/// }
///
/// let ok = CheckedOutput(Found { notes: vec!["a".into()] });
/// assert_eq!(serde_json::to_string(&ok)?, r#"{"notes":["a"]}"#);
///
/// let too_many = CheckedOutput(Found { notes: vec!["a".into(), "b".into(), "c".into()] });
/// let error = serde_json::to_string(&too_many).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "The tool's result does not match its output schema: \
///      /notes: the array has 3 items, more than the maximum 2; send at most 2"
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
///
/// The check serializes `T` into a `serde_json::Value` first, then writes
/// that value, so any serializer works.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CheckedOutput<T>(pub T);

impl<T> CheckedOutput<T> {
    /// The result.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: ToolArgs + Serialize> CheckedOutput<T> {
    /// The result in MCP's shape, checked: [`ToolResult::structured`].
    pub fn to_tool_result(&self) -> Result<ToolResult, OutputError> {
        ToolResult::structured(&self.0)
    }
}

impl<T> Deref for CheckedOutput<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for CheckedOutput<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: ToolArgs + Serialize> Serialize for CheckedOutput<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_checked(&self.0)
            .map_err(S::Error::custom)?
            .serialize(serializer)
    }
}
