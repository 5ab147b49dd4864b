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
use crate::schema::ObjectNode;
use crate::tool_args_schema::ToolArgsSchema;

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

/// `schema` written for `profile`: [`ToolArgsSchema::export`].
pub(crate) fn export(schema: &ToolArgsSchema, profile: Profile) -> Exported {
    match profile {
        Profile::Mcp => Exported {
            schema: schema.to_value(),
            changes: Vec::new(),
        },
        Profile::OpenAiStrict => openai::export(schema.root()),
        Profile::AnthropicStrict => anthropic::export(schema.root()),
        Profile::Gemini => gemini::export(schema.root()),
    }
}

/// Undoes in `args` what the export for `profile` introduced:
/// [`ToolArgsSchema::normalize`].
pub(crate) fn normalize(root: &ObjectNode, profile: Profile, args: &mut Value) {
    match profile {
        Profile::OpenAiStrict => normalize::nulls_of_optional_properties(root, args),
        Profile::Mcp | Profile::AnthropicStrict | Profile::Gemini => {}
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
