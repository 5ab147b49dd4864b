//! Export to a provider: one schema, written the way each model provider's
//! tool calling wants it, with every change reported; and the way back for
//! the arguments the model sends.
//!
//! Each profile is a walk over the model ([`SchemaNode`](crate::SchemaNode))
//! in its own file, writing JSON as it goes and recording a
//! [`Change`] for everything it does differently from our own
//! serialization. The rules and their sources are in the crate docs
//! ("Export to a provider"); `emit.rs` holds what the walks share.

mod anthropic;
mod emit;
mod gemini;
mod limits;
mod normalize;
mod openai;
mod tool;

use std::fmt;
use std::str::FromStr;

use serde_json::Value;

use crate::change::{Change, ChangeSeverity};
use crate::ToolArgsSchema;

pub use tool::{ExportedTool, ToolDefinition, ToolNameError};

/// A model provider's rules for a tool's arguments schema. The
/// [crate docs](crate#export-to-a-provider) give each profile's rules, the
/// pages they come from and what the handler must still check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Profile {
    /// The Model Context Protocol's `inputSchema`: our schema as it is
    /// (JSON Schema 2020-12 with an object root). No changes. See
    /// [MCP](crate#mcp).
    Mcp,
    /// OpenAI function calling with `"strict": true` (Structured Outputs).
    /// See [OpenAI strict](crate#openai-strict).
    OpenAiStrict,
    /// Anthropic tool use with `"strict": true`. See
    /// [Anthropic strict](crate#anthropic-strict).
    AnthropicStrict,
    /// Gemini's `FunctionDeclaration.parameters`, an OpenAPI 3.0 subset.
    /// See [Gemini](crate#gemini).
    Gemini,
}

impl Profile {
    /// Every profile, in declaration order.
    pub const ALL: &'static [Profile] = &[
        Profile::Mcp,
        Profile::OpenAiStrict,
        Profile::AnthropicStrict,
        Profile::Gemini,
    ];

    /// The profile's name as `pedelec-lint --export` spells it: `mcp`,
    /// `openai-strict`, `anthropic-strict` or `gemini`.
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Mcp => "mcp",
            Profile::OpenAiStrict => "openai-strict",
            Profile::AnthropicStrict => "anthropic-strict",
            Profile::Gemini => "gemini",
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not one of [`Profile::as_str`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown profile {:?}; use one of mcp, openai-strict, anthropic-strict, gemini",
            self.0
        )
    }
}

impl std::error::Error for UnknownProfile {}

impl FromStr for Profile {
    type Err = UnknownProfile;

    /// Reads [`Profile::as_str`]'s names.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Profile::ALL
            .iter()
            .copied()
            .find(|profile| profile.as_str() == name)
            .ok_or_else(|| UnknownProfile(name.to_owned()))
    }
}

/// A schema written for one provider, and what was changed to get there.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    /// The schema the provider receives.
    pub schema: Value,
    /// Every change, in the order of the walk (a node's own keywords, then
    /// its children), with pointers into *our* schema.
    pub changes: Vec<Change>,
}

impl Exported {
    /// Whether a change says the provider will refuse the schema (a
    /// documented limit is exceeded): an [`Error`](ChangeSeverity::Error).
    pub fn has_errors(&self) -> bool {
        any_error(&self.changes)
    }
}

/// Whether one of `changes` is an [`Error`](ChangeSeverity::Error).
fn any_error(changes: &[Change]) -> bool {
    changes
        .iter()
        .any(|change| change.severity() == ChangeSeverity::Error)
}

impl ToolArgsSchema {
    /// The schema written for `profile`, with every change it took.
    ///
    /// The export never fails: where a provider's documented limit is
    /// exceeded, the result says so with an error-severity change
    /// ([`Exported::has_errors`]). Changes that `widen` leave a constraint
    /// to the handler, whose [`validate`](Self::validate) still enforces it.
    ///
    /// ```
    /// use pedelec_schema::{Effect, Profile, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "query": {"type": "string", "minLength": 1},
    ///         "limit": {"type": "integer", "minimum": 1, "maximum": 50}
    ///     },
    ///     "required": ["query"]
    /// }))?;
    /// let exported = schema.export(Profile::OpenAiStrict);
    /// assert_eq!(exported.schema, json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "limit": {"type": ["integer", "null"], "minimum": 1, "maximum": 50},
    ///         "query": {"type": "string", "description": "minLength: 1"}
    ///     },
    ///     "required": ["limit", "query"],
    ///     "additionalProperties": false
    /// }));
    /// let codes: Vec<(&str, &str, Effect)> = exported
    ///     .changes
    ///     .iter()
    ///     .map(|c| (c.pointer.as_str(), c.code.as_str(), c.effect))
    ///     .collect();
    /// assert_eq!(codes, [
    ///     ("", "additional_properties_false", Effect::Narrows),
    ///     ("/properties/limit", "optional_to_nullable", Effect::Lossless),
    ///     ("/properties/query/minLength", "min_length_removed", Effect::Widens),
    /// ]);
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn export(&self, profile: Profile) -> Exported {
        match profile {
            Profile::Mcp => Exported {
                schema: self.to_value(),
                changes: Vec::new(),
            },
            Profile::OpenAiStrict => openai::export(self.root()),
            Profile::AnthropicStrict => anthropic::export(self.root()),
            Profile::Gemini => gemini::export(self.root()),
        }
    }

    /// Undoes, in the arguments a model sent under `profile`, what the
    /// export introduced, and nothing else. Call it before
    /// [`validate`](Self::validate).
    ///
    /// For [`Profile::OpenAiStrict`], whose export makes every optional
    /// property required and nullable, an optional property whose value is
    /// `null` is removed: at every depth, following the schema through
    /// objects, arrays and `oneOf` branches. Under a `oneOf`, the value
    /// belongs to the first branch that accepts it once normalized by that
    /// branch; when no branch does, the value is left as it came, and
    /// `validate` reports it. Nothing else is touched: a `null` for a
    /// required property, or for a property the schema does not name, stays
    /// (and `validate` refuses the first), and no `default` is ever filled
    /// in. The other profiles introduce nothing into the arguments, so for
    /// them this does nothing.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"query": {"type": "string"}, "offset": {"type": "integer"}},
    ///     "required": ["query"]
    /// }))?;
    /// let mut args = json!({"query": "rust", "offset": null});
    /// schema.normalize(Profile::OpenAiStrict, &mut args);
    /// assert_eq!(args, json!({"query": "rust"}));
    /// assert!(schema.is_valid(&args));
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn normalize(&self, profile: Profile, args: &mut Value) {
        match profile {
            Profile::OpenAiStrict => normalize::nulls_of_optional_properties(self.root(), args),
            Profile::Mcp | Profile::AnthropicStrict | Profile::Gemini => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_names_read_back() {
        for &profile in Profile::ALL {
            assert_eq!(profile.as_str().parse::<Profile>(), Ok(profile));
            assert_eq!(profile.to_string(), profile.as_str());
        }
        let error = "openai".parse::<Profile>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown profile \"openai\"; use one of mcp, openai-strict, anthropic-strict, gemini"
        );
    }
}
