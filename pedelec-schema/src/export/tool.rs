//! [`ToolDefinition`]: a whole tool - name, description, arguments schema -
//! written in each provider's tool shape.

use std::fmt;

use serde_json::Value;

use super::Profile;
use crate::change::{Change, ChangeCode};
use crate::json::OrderedJson;
use crate::tool_args_schema::ToolArgsSchema;

/// The longest tool name every provider takes.
const MAX_TOOL_NAME_LEN: usize = 64;

/// A tool as a model provider sees it: a name, what the tool does, and the
/// schema of its arguments.
///
/// The name is checked once, against what every provider takes: 1 to 64
/// ASCII letters, digits, `_` and `-` (OpenAI's and Anthropic's
/// `^[a-zA-Z0-9_-]{1,64}$`), starting with a letter or `_` (Gemini's
/// `FunctionDeclaration.name` demands that too), so one definition serves
/// every profile.
///
/// ```
/// use pedelec_schema::{Profile, ToolArgsSchema, ToolDefinition};
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"query": {"type": "string"}},
///     "required": ["query"],
///     "description": "Searches the notes."
/// }))?;
/// let tool = ToolDefinition::new("search_notes", schema)?;
/// let anthropic = tool.export(Profile::AnthropicStrict).definition;
/// assert_eq!(anthropic["name"], "search_notes");
/// assert_eq!(anthropic["description"], "Searches the notes.");
/// assert_eq!(anthropic["strict"], true);
/// assert_eq!(anthropic["input_schema"]["additionalProperties"], false);
///
/// assert!(ToolDefinition::new("search notes", tool.schema().clone()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDefinition {
    name: String,
    description: Option<String>,
    schema: ToolArgsSchema,
}

/// A tool written in one provider's shape, and what was changed in its
/// schema to get there.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportedTool {
    /// The tool definition the provider receives, in order: its keys in the
    /// shape's order (`name` first, `strict` last) and the schema as
    /// [`Exported::schema`](super::Exported::schema) writes it. Serialize
    /// it to send it; [`to_value`](OrderedJson::to_value) gives a
    /// `serde_json::Value`, whose map sorts the keys unless serde_json's
    /// `preserve_order` feature is on.
    pub definition: OrderedJson,
    /// The changes of the schema's export (pointers into our schema), and
    /// of the shape, if any.
    pub changes: Vec<Change>,
}

impl ExportedTool {
    /// Whether a change says the provider will refuse the schema (see
    /// [`Exported::has_errors`](super::Exported::has_errors)).
    pub fn has_errors(&self) -> bool {
        super::any_error(&self.changes)
    }
}

impl ToolDefinition {
    /// A tool called `name` whose arguments follow `schema`; its
    /// description is the schema's root `description` (a derived type's
    /// doc comment), if it has one.
    pub fn new(name: impl Into<String>, schema: ToolArgsSchema) -> Result<Self, ToolNameError> {
        let name = name.into();
        check_name(&name)?;
        Ok(ToolDefinition {
            name,
            description: schema.root().meta.description.clone(),
            schema,
        })
    }

    /// Replaces the description.
    pub fn with_description(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the tool does, for the model.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// The arguments' schema.
    pub fn schema(&self) -> &ToolArgsSchema {
        &self.schema
    }

    /// The tool in `profile`'s shape, with the schema exported for it:
    ///
    /// | profile | shape |
    /// |---|---|
    /// | `Mcp` | `{"name", "description", "inputSchema"}` |
    /// | `OpenAiStrict` | `{"type": "function", "name", "description", "parameters", "strict": true}` (the Responses API's function tool) |
    /// | `AnthropicStrict` | `{"name", "description", "input_schema", "strict": true}` |
    /// | `Gemini` | `{"name", "description", "parameters"}` (a `FunctionDeclaration`) |
    /// | `Llguidance`, `Xgrammar`, `Outlines`, `LlamaCpp` | `{"type": "function", "function": {"name", "description", "parameters"}}` (the Chat Completions tool that mistral.rs, vLLM, SGLang and llama.cpp's server read) |
    ///
    /// `description` is left out when there is none. A Gemini tool without
    /// arguments has no `parameters`, as `FunctionDeclaration` documents
    /// (`parameters_omitted`).
    pub fn export(&self, profile: Profile) -> ExportedTool {
        let engine = matches!(
            profile,
            Profile::Llguidance | Profile::Xgrammar | Profile::Outlines | Profile::LlamaCpp
        );
        let exported = self.schema.export(profile);
        let mut changes = exported.changes;
        let data = |key: &str, value: Value| (key.to_owned(), OrderedJson::from(value));
        let mut definition = Vec::new();
        if profile == Profile::OpenAiStrict {
            definition.push(data("type", Value::from("function")));
        }
        definition.push(data("name", Value::from(self.name.as_str())));
        if let Some(description) = &self.description {
            definition.push(data("description", Value::from(description.as_str())));
        }
        let schema_key = match profile {
            Profile::Mcp => Some("inputSchema"),
            Profile::AnthropicStrict => Some("input_schema"),
            Profile::OpenAiStrict => Some("parameters"),
            Profile::Llguidance | Profile::Xgrammar | Profile::Outlines | Profile::LlamaCpp => {
                Some("parameters")
            }
            Profile::Gemini | Profile::GeminiOpenApi
                if self.schema.root().properties.is_empty() =>
            {
                changes.push(Change::new(
                    ChangeCode::ParametersOmitted,
                    "",
                    "the tool takes no arguments, so its Gemini `FunctionDeclaration` has no \
                     `parameters`",
                ));
                None
            }
            Profile::Gemini | Profile::GeminiOpenApi => Some("parameters"),
        };
        if let Some(key) = schema_key {
            definition.push((key.to_owned(), exported.schema));
        }
        if matches!(profile, Profile::OpenAiStrict | Profile::AnthropicStrict) {
            definition.push(data("strict", Value::Bool(true)));
        }
        let definition = if engine {
            OrderedJson::object(vec![
                data("type", Value::from("function")),
                ("function".to_owned(), OrderedJson::object(definition)),
            ])
        } else {
            OrderedJson::object(definition)
        };
        ExportedTool {
            definition,
            changes,
        }
    }
}

/// A tool name that some provider would refuse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolNameError {
    name: String,
    reason: &'static str,
}

impl ToolNameError {
    /// The name that was refused.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for ToolNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tool name {:?} {}; a name is 1 to {MAX_TOOL_NAME_LEN} ASCII letters, digits, `_` \
             and `-`, starting with a letter or `_`",
            self.name, self.reason
        )
    }
}

impl std::error::Error for ToolNameError {}

fn check_name(name: &str) -> Result<(), ToolNameError> {
    let refuse = |reason| {
        Err(ToolNameError {
            name: name.to_owned(),
            reason,
        })
    };
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    match name.chars().next() {
        None => refuse("is empty"),
        Some(_) if name.len() > MAX_TOOL_NAME_LEN => refuse("is too long"),
        Some(_) if !name.chars().all(allowed) => refuse("has a character no provider takes"),
        Some(first) if !(first.is_ascii_alphabetic() || first == '_') => {
            refuse("does not start with a letter or `_` (Gemini demands it)")
        }
        Some(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_against_every_provider() {
        for good in ["a", "_x", "search-notes_2", &"a".repeat(64)] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        let reasons = [
            ("", "is empty"),
            (&"a".repeat(65), "is too long"),
            ("a b", "has a character no provider takes"),
            ("a.b", "has a character no provider takes"),
            ("é", "has a character no provider takes"),
            (
                "1tool",
                "does not start with a letter or `_` (Gemini demands it)",
            ),
            (
                "-x",
                "does not start with a letter or `_` (Gemini demands it)",
            ),
        ];
        for (bad, reason) in reasons {
            assert_eq!(check_name(bad).unwrap_err().reason, reason, "{bad:?}");
        }
    }
}
