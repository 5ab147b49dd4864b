//! [`ToolDefinition`]: a whole tool - name, title, description, the schemas
//! of its arguments and of its result, its annotations - written in each
//! provider's tool shape.

use serde::Serialize;
use serde_json::Value;

use super::{mcp, tool_name, Exported, Profile};
use crate::change::{Change, ChangeCode};
use crate::json::OrderedJson;
use crate::tool_args_schema::ToolArgsSchema;

pub use super::tool_name::ToolNameError;

/// A tool as a model provider sees it: a name, what the tool does, the
/// schema of its arguments and, optionally, the schema of its result, a
/// title and MCP's behaviour hints.
///
/// The name is checked against MCP's rule, the widest a provider takes: 1
/// to 128 ASCII letters, digits, `_`, `-` and `.`. A provider with a
/// narrower rule (OpenAI and Anthropic: no `.`, at most 64; Gemini: at most
/// 64, starting with a letter or `_`) gets the definition with an
/// error-severity [`ToolNameRefused`](ChangeCode::ToolNameRefused) change,
/// so one definition serves every profile and says where it will not.
///
/// ```
/// use pedelec_schema::{Profile, ToolAnnotations, ToolArgsSchema, ToolDefinition};
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"query": {"type": "string"}},
///     "required": ["query"],
///     "description": "Searches the notes."
/// }))?;
/// let tool = ToolDefinition::new("search_notes", schema)?
///     .with_title("Search notes")
///     .with_annotations(ToolAnnotations { read_only_hint: Some(true), ..Default::default() });
/// let anthropic = tool.export(Profile::AnthropicStrict).definition;
/// assert_eq!(anthropic["name"], "search_notes");
/// assert_eq!(anthropic["description"], "Searches the notes.");
/// assert_eq!(anthropic["strict"], true);
/// assert_eq!(anthropic["input_schema"]["additionalProperties"], false);
///
/// let mcp = tool.export(Profile::Mcp).definition;
/// assert_eq!(mcp["title"], "Search notes");
/// assert_eq!(mcp["annotations"], json!({"readOnlyHint": true}));
///
/// assert!(ToolDefinition::new("search notes", tool.schema().clone()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDefinition {
    name: String,
    title: Option<String>,
    description: Option<String>,
    schema: ToolArgsSchema,
    output: Option<ToolArgsSchema>,
    annotations: Option<ToolAnnotations>,
}

/// MCP's hints about what a tool does (`ToolAnnotations`): for a client
/// deciding whether to ask the user first, never a guarantee (the MCP
/// specification tells clients to trust them only from trusted servers).
/// A hint left `None` is not written; MCP's defaults then apply (not
/// read-only, destructive, not idempotent, open world).
///
/// ```
/// use pedelec_schema::ToolAnnotations;
///
/// let hints = ToolAnnotations { read_only_hint: Some(true), ..Default::default() };
/// assert_eq!(serde_json::to_string(&hints)?, r#"{"readOnlyHint":true}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolAnnotations {
    /// The tool does not change its environment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_only_hint: Option<bool>,
    /// A tool that changes its environment may destroy what is there
    /// (meaningful only when it is not read-only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destructive_hint: Option<bool>,
    /// Calling it again with the same arguments changes nothing more.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idempotent_hint: Option<bool>,
    /// It reaches outside a closed domain (the web, not a local store).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_world_hint: Option<bool>,
}

/// A tool written in one provider's shape, and what was changed in its
/// schemas to get there.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportedTool {
    /// The tool definition the provider receives, in order: its keys in the
    /// shape's order (`name` first, `strict` last) and the schemas as
    /// [`Exported::schema`](super::Exported::schema) writes them. Serialize
    /// it to send it; [`to_value`](OrderedJson::to_value) gives a
    /// `serde_json::Value`, whose map sorts the keys unless serde_json's
    /// `preserve_order` feature is on.
    pub definition: OrderedJson,
    /// The changes of the arguments schema's export (pointers into our
    /// schema), and of the shape, if any (pointer `""`).
    pub changes: Vec<Change>,
    /// The changes of the output schema's export (pointers into the output
    /// schema), or the one change saying that the shape has no place for
    /// it.
    pub output_changes: Vec<Change>,
}

impl ExportedTool {
    /// Whether a change says the provider will refuse the definition (see
    /// [`Exported::has_errors`](super::Exported::has_errors)).
    pub fn has_errors(&self) -> bool {
        super::any_error(&self.changes) || super::any_error(&self.output_changes)
    }
}

/// Tools written for one request to a provider: the request's `tools`
/// field, and each tool's export with what it changed.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportedTools {
    /// The value of the request's `tools` field, the tools in the order
    /// given (see [`ToolDefinition::export_all`] for each profile's
    /// shape). Serialize it to send it.
    pub tools: OrderedJson,
    /// Each tool's export, in the same order: its definition as `tools`
    /// holds it, and its changes.
    pub each: Vec<ExportedTool>,
}

impl ExportedTools {
    /// Whether a change of any tool says the provider will refuse it.
    pub fn has_errors(&self) -> bool {
        self.each.iter().any(ExportedTool::has_errors)
    }
}

impl ToolDefinition {
    /// A tool called `name` whose arguments follow `schema`; its
    /// description is the schema's root `description` (a derived type's
    /// doc comment), if it has one, which [`export`](Self::export) then
    /// writes once, as the tool's.
    pub fn new(name: impl Into<String>, schema: ToolArgsSchema) -> Result<Self, ToolNameError> {
        let name = name.into();
        tool_name::check(&name)?;
        Ok(ToolDefinition {
            name,
            title: None,
            description: schema.root().meta.description.clone(),
            schema,
            output: None,
            annotations: None,
        })
    }

    /// Replaces the description.
    pub fn with_description(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// Sets the title, the name a user interface shows (MCP's `title`).
    pub fn with_title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Sets the schema of the tool's result (MCP's `outputSchema`): for a
    /// derived result type, `T::schema().clone()`. The server checks its
    /// results against it with [`ToolResult`](crate::ToolResult) or
    /// [`CheckedOutput`](crate::CheckedOutput).
    pub fn with_output_schema(mut self, schema: ToolArgsSchema) -> Self {
        self.output = Some(schema);
        self
    }

    /// Sets MCP's behaviour hints.
    pub fn with_annotations(mut self, annotations: ToolAnnotations) -> Self {
        self.annotations = Some(annotations);
        self
    }

    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The tool's title, for people.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// What the tool does, for the model.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// The arguments' schema.
    pub fn schema(&self) -> &ToolArgsSchema {
        &self.schema
    }

    /// The result's schema, if set.
    pub fn output_schema(&self) -> Option<&ToolArgsSchema> {
        self.output.as_ref()
    }

    /// MCP's behaviour hints, if set.
    pub fn annotations(&self) -> Option<&ToolAnnotations> {
        self.annotations.as_ref()
    }

    /// The tool in `profile`'s shape, with its schemas exported for it:
    ///
    /// | profile | shape |
    /// |---|---|
    /// | `Mcp` | `{"name", "title", "description", "inputSchema", "outputSchema", "annotations"}` (a `Tool`) |
    /// | `OpenAiStrict` | `{"type": "function", "name", "description", "parameters", "strict": true}` (the Responses API's function tool) |
    /// | `OpenAiChat` | `{"type": "function", "function": {"name", "description", "parameters", "strict": true}}` (the Chat Completions function tool) |
    /// | `AnthropicStrict` | `{"name", "description", "input_schema", "strict": true}` |
    /// | `Gemini` | `{"name", "description", "parametersJsonSchema", "responseJsonSchema"}` (a `FunctionDeclaration`) |
    /// | `GeminiOpenApi` | `{"name", "description", "parameters", "response"}` (a `FunctionDeclaration`, OpenAPI schemas) |
    /// | `Llguidance`, `Xgrammar`, `Outlines`, `LlamaCpp` | `{"type": "function", "function": {"name", "description", "parameters"}}` (the Chat Completions tool that mistral.rs, vLLM, SGLang and llama.cpp's server read) |
    ///
    /// A key without a value (no title, no output schema, no description)
    /// is left out. `title` and `annotations` are MCP's: the other shapes
    /// have no place for them and leave them out. An output schema is
    /// written where the shape has a place for it (MCP's `outputSchema`,
    /// Gemini's `responseJsonSchema` and `response`), as it is for MCP, whose clients check results
    /// against it; elsewhere an
    /// [`OutputSchemaOmitted`](ChangeCode::OutputSchemaOmitted) change
    /// says so. A `GeminiOpenApi` tool without arguments has no
    /// `parameters`, as `FunctionDeclaration` documents
    /// (`parameters_omitted`); `Gemini` writes its `parametersJsonSchema`.
    ///
    /// The description is written once: where the arguments' root
    /// `description` is the tool's description (a derived type's doc
    /// comment, or a schema's root `description` that [`new`](Self::new)
    /// took), it is the tool's `description` and the arguments' schema
    /// leaves it out, in every profile, MCP's `inputSchema` included
    /// ([`RootDescriptionOmitted`](ChangeCode::RootDescriptionOmitted)). A
    /// root `description` that differs from the tool's stays.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgs};
    /// use serde::Deserialize;
    ///
    /// /// Books a room.
    /// #[derive(Deserialize, ToolArgs)]
    /// struct BookRoom {
    ///     room_id: String,
    /// }
    ///
    /// let tool = BookRoom::tool_definition("book_room")?.export(Profile::OpenAiChat);
    /// let function = &tool.definition["function"];
    /// assert_eq!(function["description"], "Books a room.");
    /// assert_eq!(function["parameters"].get("description"), None);
    /// assert_eq!(function["strict"], true);
    /// # Ok::<(), pedelec_schema::ToolNameError>(())
    /// ```
    pub fn export(&self, profile: Profile) -> ExportedTool {
        let omit_parameters =
            omits_empty_parameters(profile) && self.schema.root().properties.is_empty();
        let exported = if omit_parameters {
            self.schema.export(profile)
        } else {
            self.arguments(profile)
        };
        let mut changes: Vec<Change> = tool_name::refusal(profile, &self.name)
            .into_iter()
            .collect();
        changes.extend(exported.changes);
        let data = |key: &str, value: Value| (key.to_owned(), OrderedJson::from(value));
        let text = |key: &str, value: &Option<String>| {
            value.as_deref().map(|text| data(key, Value::from(text)))
        };
        let mut definition = Vec::new();
        if profile == Profile::OpenAiStrict {
            definition.push(data("type", Value::from("function")));
        }
        definition.push(data("name", Value::from(self.name.as_str())));
        if profile == Profile::Mcp {
            definition.extend(text("title", &self.title));
        }
        definition.extend(text("description", &self.description));
        if omit_parameters {
            changes.push(Change::new(
                ChangeCode::ParametersOmitted,
                "",
                "the tool takes no arguments, so its Gemini `FunctionDeclaration` has no \
                 `parameters`",
            ));
        } else {
            definition.push((input_key(profile).to_owned(), exported.schema));
        }
        let output_changes = self.write_output(profile, &mut definition);
        if let (Profile::Mcp, Some(annotations)) = (profile, &self.annotations) {
            let value = serde_json::to_value(annotations).expect("annotations are JSON");
            definition.push(data("annotations", value));
        }
        if matches!(
            profile,
            Profile::OpenAiStrict | Profile::OpenAiChat | Profile::AnthropicStrict
        ) {
            definition.push(data("strict", Value::Bool(true)));
        }
        let definition = if is_chat_completions(profile) {
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
            output_changes,
        }
    }

    /// `tools` written as the `tools` field of one request to `profile`'s
    /// provider: each tool as [`export`](Self::export) writes it, in the
    /// order given, in the field's shape:
    ///
    /// | profile | the request's `tools` |
    /// |---|---|
    /// | `Mcp` | `[Tool, ...]` (the `tools` of a `tools/list` result) |
    /// | `OpenAiStrict` | `[{"type": "function", "name", ...}, ...]` (the Responses API) |
    /// | `OpenAiChat` | `[{"type": "function", "function": {...}}, ...]` (Chat Completions) |
    /// | `AnthropicStrict` | `[{"name", "description", "input_schema", "strict": true}, ...]` (Messages) |
    /// | `Gemini`, `GeminiOpenApi` | `[{"functionDeclarations": [FunctionDeclaration, ...]}]`: one `Tool` that declares every function (`GenerateContentRequest.tools`); `[]` for no tools |
    /// | `Llguidance`, `Xgrammar`, `Outlines`, `LlamaCpp` | `[{"type": "function", "function": {...}}, ...]` (the Chat Completions `tools` of mistral.rs, vLLM, SGLang and llama.cpp's server) |
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgsSchema, ToolDefinition};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({"type": "object"}))?;
    /// let ping = ToolDefinition::new("ping", schema)?.with_description("Checks the server.");
    /// let gemini = ToolDefinition::export_all(std::slice::from_ref(&ping), Profile::Gemini);
    /// assert_eq!(
    ///     gemini.tools,
    ///     json!([{"functionDeclarations": [{
    ///         "name": "ping",
    ///         "description": "Checks the server.",
    ///         "parametersJsonSchema": {"type": "object", "properties": {}, "required": []}
    ///     }]}])
    /// );
    /// let anthropic = ToolDefinition::export_all(&[ping], Profile::AnthropicStrict);
    /// assert_eq!(anthropic.tools[0], anthropic.each[0].definition);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn export_all(tools: &[ToolDefinition], profile: Profile) -> ExportedTools {
        let each: Vec<ExportedTool> = tools.iter().map(|tool| tool.export(profile)).collect();
        let definitions = each.iter().map(|tool| tool.definition.clone());
        let tools = if declares_functions(profile) {
            let declarations: Vec<OrderedJson> = definitions.collect();
            if declarations.is_empty() {
                OrderedJson::array([])
            } else {
                OrderedJson::array([OrderedJson::object([(
                    "functionDeclarations".to_owned(),
                    OrderedJson::array(declarations),
                )])])
            }
        } else {
            OrderedJson::array(definitions)
        };
        ExportedTools { tools, each }
    }

    /// The arguments' schema exported for `profile`. A root `description`
    /// that is the tool's description is left out, with a change saying
    /// so: the model reads it as the tool's, and would read it twice.
    fn arguments(&self, profile: Profile) -> Exported {
        let root = self.schema.root();
        if root.meta.description.is_none() || root.meta.description != self.description {
            return self.schema.export(profile);
        }
        let mut without = root.clone();
        without.meta.description = None;
        let mut exported = super::export_root(&without, profile);
        exported.changes.insert(
            0,
            Change::new(
                ChangeCode::RootDescriptionOmitted,
                "/description",
                "the root `description` is the tool's `description`: written there once, and \
                 left out of the arguments' schema",
            ),
        );
        exported
    }

    /// Writes the output schema where `profile`'s shape has a place for it,
    /// and returns its changes.
    fn write_output(
        &self,
        profile: Profile,
        definition: &mut Vec<(String, OrderedJson)>,
    ) -> Vec<Change> {
        let Some(output) = &self.output else {
            return Vec::new();
        };
        let Some(key) = output_key(profile) else {
            return vec![Change::new(
                ChangeCode::OutputSchemaOmitted,
                "",
                format!(
                    "the output schema is left out: the {profile} tool shape has no place for \
                     it; the server still checks its results against it"
                ),
            )];
        };
        // MCP's as it is: a client checks results against it, so it must
        // accept what the server's check accepts, no more and no less.
        let (schema, changes) = if profile == Profile::Mcp {
            (mcp::as_is(output.root()), Vec::new())
        } else {
            let exported = output.export(profile);
            (exported.schema, exported.changes)
        };
        definition.push((key.to_owned(), schema));
        changes
    }
}

/// The key of the arguments' schema in `profile`'s shape.
fn input_key(profile: Profile) -> &'static str {
    match profile {
        Profile::Mcp => "inputSchema",
        Profile::AnthropicStrict => "input_schema",
        Profile::Gemini => "parametersJsonSchema",
        Profile::OpenAiStrict
        | Profile::OpenAiChat
        | Profile::GeminiOpenApi
        | Profile::Llguidance
        | Profile::Xgrammar
        | Profile::Outlines
        | Profile::LlamaCpp => "parameters",
    }
}

/// The key of the result's schema in `profile`'s shape, if it has one.
fn output_key(profile: Profile) -> Option<&'static str> {
    match profile {
        Profile::Mcp => Some("outputSchema"),
        Profile::Gemini => Some("responseJsonSchema"),
        Profile::GeminiOpenApi => Some("response"),
        Profile::OpenAiStrict
        | Profile::OpenAiChat
        | Profile::AnthropicStrict
        | Profile::Llguidance
        | Profile::Xgrammar
        | Profile::Outlines
        | Profile::LlamaCpp => None,
    }
}

/// Whether `profile`'s shape leaves out the arguments' schema of a tool
/// without arguments: Gemini's OpenAPI `parameters`, which "can be left
/// unset" for a function without parameters and has been seen refused as
/// an object without properties. `parametersJsonSchema` has neither, and
/// Google's own clients send `{"type": "object", "properties": {}}` in it.
fn omits_empty_parameters(profile: Profile) -> bool {
    profile == Profile::GeminiOpenApi
}

/// Whether `profile`'s request holds its tools as Gemini's `Tool` does,
/// `{"functionDeclarations": [...]}`, rather than one element per tool.
fn declares_functions(profile: Profile) -> bool {
    matches!(profile, Profile::Gemini | Profile::GeminiOpenApi)
}

/// Whether `profile` writes the Chat Completions tool, `{"type":
/// "function", "function": {...}}`.
fn is_chat_completions(profile: Profile) -> bool {
    matches!(
        profile,
        Profile::OpenAiChat
            | Profile::Llguidance
            | Profile::Xgrammar
            | Profile::Outlines
            | Profile::LlamaCpp
    )
}
