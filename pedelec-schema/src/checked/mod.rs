//! [`Checked<T>`]: arguments that a framework deserializes, checked against
//! `T::schema()` on the way in.
//!
//! Tool frameworks (rmcp, rig, async-openai, an HTTP extractor) take a
//! tool's arguments by deserializing them into the handler's type, with no
//! call site for a check. `Checked<T>`'s `Deserialize` is that call site:
//! it reads the arguments as JSON, validates them with `T::schema()`, then
//! reads them into `T` exactly as [`ToolArgs::from_args`] does. A refusal
//! becomes the deserializer's error, whose message is the agent-facing one
//! with every failure and its path, which the framework hands back to the
//! model.
//!
//! [`CheckedWith<T, I>`] (`with.rs`) is the same with tolerant intake,
//! chosen by its policy parameter; `json_schema.rs` (feature `schemars`)
//! publishes `T::schema()` for frameworks that build their tool list from
//! `schemars::JsonSchema`.

#[cfg(feature = "schemars")]
mod json_schema;
mod with;

use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::document::ArgsError;
use crate::tool_args::ToolArgs;

pub use with::CheckedWith;

/// Tool arguments of type `T`, validated against `T::schema()` when they
/// were deserialized.
///
/// Use it where a framework deserializes the arguments for you: the
/// handler gets a `T` that passed the schema, or the framework gets an
/// error whose message tells the agent every failure and where it is. A
/// struct that already derives `Deserialize` moves to it by adding
/// `#[derive(ToolArgs)]`.
///
/// ```
/// use pedelec_schema::{Checked, ToolArgs};
/// use serde::Deserialize;
/// use serde_json::json;
///
/// #[derive(Debug, Deserialize, ToolArgs)]
/// struct Search {
///     #[tool_args(min_length = 1)]
///     query: String,
///     #[tool_args(minimum = 1, maximum = 50)]
///     limit: Option<u8>,
/// }
///
/// // What a framework does with the arguments:
/// let Checked(search) = serde_json::from_value::<Checked<Search>>(json!({"query": "rust"}))?;
/// assert_eq!(search.query, "rust");
///
/// let error = serde_json::from_value::<Checked<Search>>(json!({"query": "", "limit": 99}))
///     .unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "The arguments do not match the tool's argsSchema: \
///      /limit: 99 is greater than the maximum 50; \
///      /query: the string has 0 characters, fewer than the minimum length 1"
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
///
/// Validation needs the arguments as JSON, so they are read into a
/// [`serde_json::Value`] first: any self-describing format works (JSON,
/// YAML, MessagePack, ...), a format that is not self-describing (bincode)
/// does not.
///
/// A deserializer's error carries a message only, so the message names
/// every failure with its path (the agent-facing
/// [`ArgsError::message`] names the first five and leaves the rest to its
/// `errors` list).
///
/// # The published schema (feature `schemars`)
///
/// With the `schemars` feature, `Checked<T>` is `schemars::JsonSchema`
/// (schemars 1, as rmcp 3 uses): `T::schema()`, inline, with nothing
/// added. rmcp's own generator adds `"$schema"` at the root and drops the
/// root `description`; a tool that must publish `T::schema()` exactly sets
/// rmcp's `#[tool(input_schema = T::schema().to_json_object())]` (see
/// [`ToolArgsSchema::to_json_object`](crate::ToolArgsSchema::to_json_object)
/// and `examples/rmcp_server.rs`).
///
/// It serializes as `T` does: the wrapper is transparent both ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct Checked<T>(pub T);

impl<T> Checked<T> {
    /// The arguments.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: ToolArgs + DeserializeOwned> Checked<T> {
    /// Validates `args` against `T::schema()` and reads them, as
    /// [`ToolArgs::from_args`] does.
    pub fn from_args(args: Value) -> Result<Self, ArgsError> {
        T::from_args(args).map(Checked)
    }
}

impl<T> Deref for Checked<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Checked<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<'de, T: ToolArgs + DeserializeOwned> Deserialize<'de> for Checked<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let args = Value::deserialize(deserializer)?;
        Self::from_args(args).map_err(|error| D::Error::custom(AgentMessage(&error)))
    }
}

/// The agent-facing message with every failure and its path: a
/// deserializer's error carries only a message, so the list that
/// [`ArgsError::to_value`] keeps in `errors` is written out whole here,
/// where [`ArgsError::message`] names the first five.
struct AgentMessage<'a>(&'a ArgsError);

impl fmt::Display for AgentMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ArgsError::Invalid(errors) = self.0 else {
            return f.write_str(&self.0.message());
        };
        f.write_str("The arguments do not match the tool's argsSchema: ")?;
        f.write_str(&errors.summary())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool_args_schema::ToolArgsSchema;
    use serde_json::json;

    #[test]
    fn the_message_names_every_failure_where_the_agent_facing_one_folds_repeats() {
        let schema = ToolArgsSchema::from_value(&json!({
            "type": "object",
            "properties": {"n": {"type": "array", "items": {"type": "integer"}}}
        }))
        .unwrap();
        let args = json!({"n": ["a", "b", "c", "d", "e", "f", "g"]});
        let error = ArgsError::from(schema.validate(&args).unwrap_err());
        assert!(error
            .message()
            .ends_with("; the same at 6 more places: /n/1, /n/2, /n/3, ..."));
        let message = AgentMessage(&error).to_string();
        for index in 0..7 {
            assert!(
                message.contains(&format!("/n/{index}: expected an integer")),
                "{message}"
            );
        }
    }
}
