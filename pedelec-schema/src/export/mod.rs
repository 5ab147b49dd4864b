//! Export to a provider: one schema, written the way each model provider's
//! tool calling wants it, with every change reported; and the way back for
//! the arguments the model sends.
//!
//! [`ToolArgsSchema::export`] writes a schema the way a [`Profile`] wants
//! it and returns every [`Change`] it took, with pointers into *our*
//! schema; [`ToolArgsSchema::normalize`] undoes, in the arguments the model
//! sends back, what the export introduced; [`ToolDefinition`] writes a
//! whole tool in the provider's tool shape. Derived types have both in one
//! call: [`ToolArgs::tool_definition`](crate::ToolArgs::tool_definition)
//! (the doc comment as the description) and
//! [`ToolArgs::from_provider_args`](crate::ToolArgs::from_provider_args)
//! (normalize, validate, deserialize; `from_provider_args_str` for the
//! text). `pedelec-lint --export PROFILE FILE`
//! does it to files.
//!
//! ```
//! use pedelec_schema::{Effect, Profile, ToolArgsSchema};
//! use serde_json::json;
//!
//! let schema = ToolArgsSchema::from_value(&json!({
//!     "type": "object",
//!     "properties": {
//!         "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 5, "uniqueItems": true}
//!     }
//! }))?;
//! // MCP takes the schema as it is.
//! assert!(schema.export(Profile::Mcp).changes.is_empty());
//!
//! // Gemini's OpenAPI schema has no `uniqueItems`: removed, and the
//! // handler still checks it.
//! let gemini = schema.export(Profile::GeminiOpenApi);
//! assert_eq!(gemini.schema["properties"]["tags"].get("uniqueItems"), None);
//! let change = gemini.changes.iter().find(|c| c.pointer == "/properties/tags/uniqueItems");
//! let change = change.expect("the removal is reported");
//! assert_eq!((change.code.as_str(), change.effect), ("unique_items_removed", Effect::Widens));
//! # Ok::<(), pedelec_schema::SchemaError>(())
//! ```
//!
//! ## Property order
//!
//! Models write a call's properties in the order the schema lists them
//! (OpenAI's Structured Outputs produce them "in the same order as the
//! ordering of keys in the schema"; Gemini has `propertyOrdering`), so the
//! order is part of the tool: put `reasoning` before `answer` and the model
//! reasons first. Every export lists the properties in the order the
//! author wrote them (a derived type's field order, a builder's calls, the
//! order the schema was read in), in `properties`, `required` and Gemini's
//! `propertyOrdering`, and each node's keywords in the canonical order
//! ([`KEYWORD_ORDER`](crate::schema::KEYWORD_ORDER)).
//!
//! [`Exported::schema`] and [`ExportedTool::definition`] are an
//! [`OrderedJson`], which serializes in that order. Its
//! [`to_value`](OrderedJson::to_value) gives a `serde_json::Value`, whose
//! map sorts the keys unless serde_json's `preserve_order` feature is on:
//! send the `OrderedJson` itself (serialize it, or put it into the request
//! with `serde_json::json!`, which serializes it), not a `Value` made of it.
//!
//! ## Effects
//!
//! Every change has an [`Effect`](crate::Effect): `lossless` (a change of form), `widens`
//! (a constraint the provider will not enforce: the handler's
//! [`validate`](ToolArgsSchema::validate) still does) or `narrows` (only
//! `additionalProperties: false`, which the strict modes demand). A
//! constraint a provider cannot take is written into the node's
//! `description` (`keyword: value`, after a blank line), so the model still
//! reads it. A documented size limit that the schema exceeds is an
//! error-severity change ([`Exported::has_errors`]): the export is still
//! written, but the provider will refuse it. Whatever the profile, the
//! handler validates the arguments with our schema: no provider enforces
//! everything, and none enforces authorization, state or existence.
//!
//! ## MCP
//!
//! [`Profile::Mcp`] is our schema as it is, for a tool's `inputSchema`: it
//! is already JSON Schema 2020-12 (the dialect MCP assumes when there is no
//! `$schema`) with an object root, as the
//! [MCP tools specification](https://modelcontextprotocol.io/specification/2026-07-28/server/tools)
//! (revision 2026-07-28) asks. One change: a tool without arguments gets
//! `{"type": "object", "additionalProperties": false}`, the form the
//! specification recommends, which accepts only `{}`
//! (`closed_without_arguments`, `narrows`). `normalize` does nothing. MCP
//! clients validate nothing for the server: the handler checks every call.
//! In a tool definition, the `inputSchema` leaves out a root `description`
//! that is the tool's `description` ([Tool definitions](#tool-definitions)).
//!
//! A tool's `outputSchema` is written as it is, always: clients (the
//! official TypeScript SDK's among them) check every successful result
//! against it, so it must accept exactly what the server's own check
//! accepts ([`ToolResult`](crate::ToolResult),
//! [`CheckedOutput`](crate::CheckedOutput)).
//!
//! ## OpenAI strict
//!
//! [`Profile::OpenAiStrict`] and [`Profile::OpenAiChat`] are for function
//! calling with `"strict": true`, whose schemas follow Structured Outputs
//! ([supported schemas](https://platform.openai.com/docs/guides/structured-outputs#supported-schemas),
//! [function calling, strict mode](https://platform.openai.com/docs/guides/function-calling#strict-mode)).
//! The two write the same schema, take the same names and need the same
//! `normalize`; they differ in the tool around it
//! ([Tool definitions](#tool-definitions)), after the API that reads it:
//!
//! - `OpenAiStrict` writes the Responses API's function tool, `{"type":
//!   "function", "name", "description", "parameters", "strict": true}`, for
//!   OpenAI's Responses API;
//! - `OpenAiChat` writes the Chat Completions function tool, `{"type":
//!   "function", "function": {"name", "description", "parameters",
//!   "strict": true}}`, for OpenAI's Chat Completions API and the
//!   OpenAI-compatible servers, which read that shape: vLLM, SGLang,
//!   llama.cpp's server, Ollama, LM Studio, OpenRouter. How far such a
//!   server honours `strict` is its own (the handler validates either
//!   way); for a local server whose decoding backend is known, that
//!   engine's profile ([Local engines](#local-engines)) writes the same
//!   shape without `strict`, with the engine's own rules.
//!
//! The schema rules:
//!
//! - every object gets `additionalProperties: false` (`narrows`) and lists
//!   every property in `required`;
//! - an optional property becomes nullable: `"type": ["T", "null"]` (with
//!   `null` added to an `enum`, or `null` would fail it), or a
//!   `{"type": "null"}` branch for a `oneOf` node (`optional_to_nullable`,
//!   lossless once normalized);
//! - `oneOf` becomes `anyOf`: `lossless` when `lint` proves the branches
//!   disjoint (no `ambiguous_one_of`), `widens` otherwise;
//! - `default`, `examples`, `minLength`, `maxLength` and `uniqueItems` are
//!   not in the documented subset (the page lists the keywords it
//!   supports): `default` and `examples` move into `description`, the
//!   others are removed (`widens`). `pattern`, `minimum`, `maximum`,
//!   `minItems`, `maxItems`, `enum` and `description` stay. Fine-tuned
//!   models take less: the page notes that they do not yet support
//!   `pattern`, `minimum`, `maximum`, `minItems` and `maxItems`, which this
//!   profile keeps, so a tool for a fine-tuned model needs a schema
//!   without them;
//! - the documented limits are error-severity changes: more than 5,000
//!   object properties, nesting more than 10 levels below the root, more
//!   than 1,000 `enum` values, more than 120,000 characters of property
//!   names and `enum` values, and a string `enum` of more than 250 values
//!   holding more than 15,000 characters. Where the page leaves the counting open, it follows
//!   OpenAI's own checker in its Java SDK (`JsonSchemaValidator`): each
//!   property, `items` and `anyOf` branch is a level; a number or boolean
//!   `enum` value counts with its JSON text. Characters are Unicode scalar
//!   values.
//!
//! The handler must call [`normalize`](ToolArgsSchema::normalize) before
//! validating (the model sends `null` for a property it leaves out) - or
//! take the call in on a path that does: `from_provider_args` for a value,
//! `from_provider_args_str` or
//! [`validate_provider_str`](ToolArgsSchema::validate_provider_str) for its
//! text, [`stream_for`](ToolArgsSchema::stream_for) for its text as it
//! streams, [`CheckedWith`](crate::CheckedWith) with
//! [`OpenAiNulls`](crate::OpenAiNulls) in a framework - and its `validate`
//! still enforces the removed lengths, `uniqueItems` and
//! overlapping `oneOf` branches. OpenAI writes properties in the schema's
//! key order, which the export keeps ([Property order](#property-order)).
//!
//! ## Anthropic strict
//!
//! [`Profile::AnthropicStrict`] is for tool use with `"strict": true`
//! ([JSON Schema limitations](https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations),
//! [strict tool use](https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use)):
//!
//! - every object gets `additionalProperties: false` (`narrows`); optional
//!   properties stay optional, so `normalize` does nothing;
//! - `minimum`, `maximum`, `minLength`, `maxLength`, `maxItems` and
//!   `uniqueItems` are removed, and a `minItems` above 1 becomes 1 (the
//!   page takes only 0 and 1; 1 keeps "not empty"), all `widens`;
//! - a `pattern` with a word boundary (`\b`, `\B`) is removed (`widens`);
//!   lookaround and backreferences, also refused, cannot be in a subset
//!   pattern. The page warns that complex `{n,m}` quantifiers with large
//!   ranges may be refused too; they are not detected;
//! - `oneOf` is not supported (`anyOf` is), so it becomes `anyOf` as for
//!   OpenAI (Anthropic's own SDK does the same); `examples` is not listed,
//!   so it moves into `description`; `default` and `enum` stay;
//! - the documented complexity limits, which hold for all strict schemas of
//!   a request together, are error-severity changes when one schema alone
//!   exceeds them: more than 24 optional properties (counted at every
//!   depth) and more than 16 `anyOf` nodes.
//!
//! The handler's `validate` still enforces every removed bound, the
//! pattern, `uniqueItems` and overlapping `oneOf` branches; the caller
//! keeps the request's strict tools within those limits together (and at
//! most 20).
//!
//! ## Gemini
//!
//! [`Profile::Gemini`] is for a `FunctionDeclaration`'s
//! `parametersJsonSchema`, which takes JSON Schema
//! ([`FunctionDeclaration`](https://ai.google.dev/api/caching#FunctionDeclaration):
//! "Describes the parameters to the function in JSON Schema format. The
//! schema must describe an object where the properties are the parameters
//! to the function"; it is "mutually exclusive with `parameters`"). It is
//! the field Google points to: python-genai's `Schema.json_schema` calls it
//! the counterpart of `parameters` and recommends passing JSON Schema
//! directly, and gemini-cli declares its tools with it.
//!
//! That reference lists no keywords for the field. Google lists them for
//! its JSON Schema output, in the
//! [structured output guide](https://ai.google.dev/gemini-api/docs/structured-output#json-schema-support)
//! and in [`GenerationConfig.responseJsonSchema`](https://ai.google.dev/api/generate-content#v1beta.GenerationConfig)
//! (`$id`, `$defs`, `$ref`, `$anchor`, `type`, `format`, `title`,
//! `description`, "`enum` (for strings and numbers)", `items`,
//! `prefixItems`, `minItems`, `maxItems`, `minimum`, `maximum`, `anyOf`,
//! "`oneOf` (interpreted the same as `anyOf`)", `properties`,
//! `additionalProperties`, `required`, and "the non-standard
//! `propertyOrdering`"), and the profile follows those lists:
//!
//! - `type`, `properties`, `required`, `description`, `enum` on strings and
//!   numbers, `minimum`, `maximum`, `items`, `minItems` and `maxItems` are
//!   listed, and stay;
//! - `oneOf` is listed "interpreted the same as `anyOf`", so it is written
//!   as `anyOf`, which says what Gemini enforces (`lossless` when `lint`
//!   proves the branches disjoint, `widens` otherwise, as above);
//! - `enum` is "for strings and numbers" (the guide lists it for strings,
//!   numbers and integers): a boolean `enum` is removed (`widens`), except
//!   one of both values, which allowed everything (`lossless`);
//! - an object of two or more properties gets `propertyOrdering` in the
//!   schema's order ([Property order](#property-order)), as the
//!   `parametersJsonSchema` example in the reference writes it: Gemini
//!   keeps the keys' order "for all Gemini 2.5 models and beyond"
//!   ([announcement](https://blog.google/technology/developers/gemini-api-structured-outputs)),
//!   and the list states it for earlier ones;
//! - the pages are silent on `minLength`, `maxLength`, `pattern`,
//!   `uniqueItems`, `default` and `examples`: neither lists them, and
//!   neither says `parametersJsonSchema` refuses or ignores them (the guide
//!   says only "Not all JSON Schema features are supported"; the
//!   reference's "only the following properties are supported" is said of
//!   `responseJsonSchema`). So they stay, unchanged; Gemini may not enforce
//!   them. Google's own gemini-cli declares its tools with `minLength` and
//!   `default` in `parametersJsonSchema`;
//! - an empty `properties` or `required` stays: JSON Schema allows both,
//!   and gemini-cli declares a tool without arguments as
//!   `{"type": "object", "properties": {}}`.
//!
//! Objects stay open and optional properties optional, so `normalize` does
//! nothing. The guide gives no size limits ("Very large or deeply nested
//! schemas may be rejected"). The handler's `validate` still enforces
//! boolean `enum`s, overlapping `oneOf` branches, and the keywords the
//! pages are silent on wherever Gemini does not. A function's result has
//! the same two fields: `responseJsonSchema`, JSON Schema ("The value
//! specified by the schema is the response value of the function",
//! mutually exclusive with `response`), and `response`, an OpenAPI
//! `Schema`.
//!
//! ## Gemini (OpenAPI)
//!
//! [`Profile::GeminiOpenApi`] is for a `FunctionDeclaration`'s
//! `parameters`, an OpenAPI 3.0 subset
//! ([`Schema`](https://ai.google.dev/api/caching#Schema),
//! [`FunctionDeclaration`](https://ai.google.dev/api/caching#FunctionDeclaration)),
//! for Vertex AI and older clients, which write that field. It writes only
//! `type`, `description`, `enum`, `items`, `minItems`, `maxItems`,
//! `properties`, `required`, `minLength`, `maxLength`, `pattern`,
//! `minimum`, `maximum`, `anyOf`, `default`, `example` and
//! `propertyOrdering`:
//!
//! - `oneOf` becomes `anyOf` (`lossless` or `widens`, as above);
//!   `uniqueItems` is removed (`widens`); `examples` becomes `example`, the
//!   first one;
//! - `enum` holds strings only ("Possible values of the element of
//!   Type.STRING with enum format"): a number, integer or boolean `enum` is
//!   removed (`widens`), except a boolean `enum` of both values, which
//!   allowed everything (`lossless`). Vertex AI's
//!   [`Schema`](https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Schema)
//!   shows an integer one, `{type:INTEGER, format:enum, enum:["101", "201",
//!   "301"]}`, but no page says what a call's arguments then hold
//!   ([`FunctionCall.args`](https://ai.google.dev/api/caching#FunctionCall):
//!   "The function parameters and values in JSON object format"), the
//!   number `101` or the string `"101"`, so `normalize` could not be sure
//!   to read them back; written as strings under `"type": "string"`, the
//!   model would send strings, which no page shows either.
//!   [`Profile::Gemini`] keeps such an `enum`;
//! - an object of two or more properties gets `propertyOrdering` in the
//!   schema's order ([Property order](#property-order));
//! - an empty `properties` or `required` is left out (`lossless`): Gemini
//!   has been reported to refuse an object with empty `properties`
//!   ("should be non-empty for OBJECT type"), and OpenAPI 3.0 asks
//!   `required` to name at least one property. A tool without arguments
//!   gets no `parameters` at all: "For function with no parameters, this
//!   can be left unset" (`FunctionDeclaration`).
//!
//! Types keep their lowercase OpenAPI spelling, which the API accepts.
//! Optional properties stay optional, so `normalize` does nothing. The
//! handler's `validate` still enforces `uniqueItems`, non-string `enum`s
//! and overlapping `oneOf` branches. Vertex AI also asks parameter names to
//! be letters, digits and `_`; the export does not rename properties.
//!
//! ## Local engines
//!
//! [`Profile::Llguidance`], [`Profile::Xgrammar`], [`Profile::Outlines`]
//! and [`Profile::LlamaCpp`] are for engines that compile the schema into a
//! grammar or a regex and mask the model's tokens with it. They read JSON
//! Schema's own keywords, so objects stay open, optional properties stay
//! optional, `default` and `examples` stay, and `normalize` does nothing.
//! Every engine profile:
//!
//! - writes `oneOf` as `anyOf` (`lossless` where `validate/disjoint.rs`
//!   proves the branches disjoint, `widens` otherwise): no engine enforces
//!   "exactly one", and llguidance refuses a `oneOf` its own, weaker proof
//!   cannot show disjoint (its `docs/json_schema.md`: "converted to `anyOf`
//!   only when provably equivalent");
//! - removes `uniqueItems` (`widens`): llguidance refuses it (it is not in
//!   the keywords `parser/src/json/schema.rs` implements), XGrammar warns
//!   and ignores it (`cpp/json_schema_converter.cc`), outlines-core and
//!   llama.cpp never read it;
//! - respells a pattern's `\d`, `\w`, `\s` (and `\D`, `\W`, `\S` outside a
//!   class), `.` and `\/` as the characters ECMA-262 gives them
//!   (`pattern_respelled`, `lossless`): llama.cpp copies `\d` and `\/` into
//!   a grammar that fails to parse
//!   (`common/json-schema-to-grammar.cpp`, `_visit_pattern`), XGrammar's `.`
//!   matches line terminators and its `\s` leaves out most of ECMA's
//!   (`cpp/regex_converter.cc`), llguidance and outlines-core read `.` and
//!   `\s` with the Rust `regex` meaning (`.` matches `\r`);
//! - removes a pattern with a word boundary (`\b`, `\B`;
//!   `engine_pattern_removed`, `widens`): XGrammar refuses it ("Word
//!   boundary is not supported yet"), and the others' automata have no
//!   ECMA-262 word boundary.
//!
//! ### llguidance
//!
//! mistral.rs's strict tools, llama-cpp-2's JSON-schema sampler, vLLM and
//! SGLang with the llguidance backend. It searches for a pattern as JSON
//! Schema does (`compile_string` builds a `SearchRegex`) and enforces
//! lengths beside it (`gen_json_string`) and every number bound, so only
//! the rules above apply.
//!
//! ### XGrammar
//!
//! vLLM's and SGLang's default backend
//! ([mlc-ai/xgrammar](https://github.com/mlc-ai/xgrammar)):
//!
//! - a pattern is matched against the whole string and `^`, `$` are
//!   dropped wherever they are (`RegexConverter::Convert`), so a search is
//!   written as a full match, `^(?:.|[\n\r\u2028\u2029])*(?:P)(?:.|...)*$`
//!   (`pattern_anchored`, `lossless`), and a pattern with an anchor inside
//!   is removed (`engine_pattern_removed`, `widens`);
//! - `minLength` and `maxLength` beside a pattern are ignored
//!   (`JSONSchemaConverter::GenerateString` returns the pattern's rule
//!   first), so they are removed (`widens`).
//!
//! A string with only lengths is written as a repetition of one character
//! class that leaves out `"`, `\`, `\r` and `\n` and has no escapes: the
//! model cannot write such characters in it. The export cannot change that.
//!
//! ### outlines-core
//!
//! [dottxt-ai/outlines-core](https://github.com/dottxt-ai/outlines-core)
//! compiles the schema into one regex (`src/json_schema/parsing.rs`):
//!
//! - a pattern is written between the quotes and matched whole, its `^` and
//!   `$` stripped only when both are there (`parse_string_type`): anchored
//!   as for XGrammar;
//! - with `minLength` or `maxLength` the pattern is never read, so the
//!   export keeps the pattern and removes the lengths (`widens`);
//! - `minimum` and `maximum` are never read, on integers or numbers
//!   (`parse_integer_type`, `parse_number_type`): removed (`widens`).
//!
//! It writes a pattern's characters into the JSON text unescaped, so a
//! pattern that matches `"`, `\` or a control character may let text that
//! is not JSON through; its number regex wants a sign after `e`. The
//! handler's `validate` catches both.
//!
//! ### llama.cpp
//!
//! The server's `json_schema` field and its tools, through
//! `common/json-schema-to-grammar.cpp`:
//!
//! - a pattern must start with `^` and end with `$` or the conversion fails
//!   ("Pattern must start with '^' and end with '$'"): anchored as for
//!   XGrammar;
//! - lengths beside a pattern are not read (the pattern's rule comes first):
//!   removed (`widens`);
//! - `minimum` and `maximum` are read on integers only
//!   (`build_min_max_int`); on numbers they are removed (`widens`);
//! - its grammar parser (`src/llama-grammar.cpp`, `MAX_REPETITION_THRESHOLD`
//!   = 2000) refuses a repetition whose minimum is above 2000, which fails
//!   the grammar of every tool in the request
//!   ([issue](https://github.com/ggml-org/llama.cpp/issues/25923)), and
//!   reads a maximum above 2000 as no maximum at all: a `minLength`,
//!   `maxLength`, `minItems` or `maxItems` of 2000 or more is removed
//!   (`widens`), and so is a pattern with such a `{n,m}` count.
//!   ([`grammar`](mod@crate::grammar)'s GBNF nests such counts instead.)
//!
//! Its pattern rules match the JSON text, escapes included, so a pattern
//! may match text whose decoded string it refuses; the handler's `validate`
//! decides.
//!
//! ## Tool definitions
//!
//! [`ToolDefinition::export`] writes `{"name", "title", "description",
//! "inputSchema", "outputSchema", "annotations"}` for MCP (a `Tool`),
//! `{"type": "function", "name", "description", "parameters", "strict":
//! true}` for [`Profile::OpenAiStrict`] (the Responses API's function
//! tool), `{"type": "function", "function": {"name", "description",
//! "parameters", "strict": true}}` for [`Profile::OpenAiChat`] (the Chat
//! Completions function tool), `{"name", "description", "input_schema",
//! "strict": true}` for Anthropic, and for Gemini a `FunctionDeclaration`,
//! `{"name", "description", "parametersJsonSchema", "responseJsonSchema"}`
//! (`{"name", "description", "parameters", "response"}` for the OpenAPI
//! profile). The engine profiles write the Chat Completions tool without
//! `strict`, `{"type": "function", "function": {"name", "description",
//! "parameters"}}`, which mistral.rs, vLLM, SGLang and llama.cpp's server
//! read.
//!
//! [`ToolDefinition::export_all`] writes several tools as the `tools` field
//! of one request: an array of those definitions, but for Gemini, whose
//! `GenerateContentRequest.tools` holds `Tool`s, each a list of
//! declarations: one `Tool`, `[{"functionDeclarations": [...]}]`
//! ([function calling](https://ai.google.dev/gemini-api/docs/function-calling)).
//!
//! The tool's description is written once. A derived type's doc comment is
//! its schema's root `description` and, through
//! [`ToolArgs::tool_definition`](crate::ToolArgs::tool_definition), the
//! tool's description; the model reads every field of the tool, so a
//! definition whose description is its arguments' root `description`
//! leaves that root `description` out of the arguments' schema, in every
//! profile (`root_description_omitted`, `lossless`, pointer
//! `/description`). MCP's `inputSchema` leaves it out too: clients show
//! the tool's `description`, and those that hand MCP tools to a model send
//! both fields (rmcp's own `schema_for_input` removes the root
//! `description` for the same reason). A root `description` that differs
//! from the tool's (set with
//! [`with_description`](ToolDefinition::with_description)) is the
//! arguments' own, and stays. [`ToolArgsSchema::export`], which writes a
//! bare schema with no tool around it, keeps the root `description`.
//!
//! A definition takes every name MCP takes: 1 to 128 ASCII letters,
//! digits, `_`, `-` and `.`. Where a provider refuses the name, its export
//! says so with an error-severity `tool_name_refused` change and is still
//! written: OpenAI and Anthropic take 1 to 64 of `[a-zA-Z0-9_-]` (no `.`),
//! Gemini at most 64 starting with a letter or `_`
//! ([`FunctionDeclaration.name`](https://ai.google.dev/api/caching#FunctionDeclaration)).
//! The engines document no rule.
//!
//! ## How it works
//!
//! Each profile is a walk over the model ([`SchemaNode`](crate::SchemaNode))
//! that writes [`OrderedJson`] as it goes and records a [`Change`] for
//! everything it does differently from the crate's own serialization; MCP's
//! is our serialization put in order.

mod anthropic;
mod emit;
mod engines;
mod gemini;
mod limits;
mod mcp;
mod normalize;
mod openai;
mod profile;
mod tool;
mod tool_name;

use serde_json::Value;

use crate::change::Change;
use crate::diagnostic::Severity;
use crate::schema::ObjectNode;
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::CompiledObject;

pub use crate::json::OrderedJson;
pub use profile::{Profile, UnknownProfile};
pub use tool::{ExportedTool, ExportedTools, ToolAnnotations, ToolDefinition, ToolNameError};

/// Export to a provider.
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
        export(self, profile)
    }
}

/// A schema written for one provider, and what was changed to get there.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    /// The schema the provider receives, in order: it lists the properties
    /// in the order the author wrote them (a derived type's field order),
    /// in `properties`, `required` and Gemini's `propertyOrdering`, and
    /// each node's keywords in the canonical order. Serialize it to send
    /// it; [`to_value`](OrderedJson::to_value) gives a `serde_json::Value`,
    /// whose map sorts the keys unless serde_json's `preserve_order`
    /// feature is on.
    pub schema: OrderedJson,
    /// Every change, in the order of the walk (a node's own keywords, then
    /// its children), with pointers into *our* schema.
    pub changes: Vec<Change>,
}

impl Exported {
    /// Whether a change says the provider will refuse the schema (a
    /// documented limit is exceeded): an [`Error`](Severity::Error).
    pub fn has_errors(&self) -> bool {
        any_error(&self.changes)
    }
}

/// Whether one of `changes` is an [`Error`](Severity::Error).
fn any_error(changes: &[Change]) -> bool {
    changes
        .iter()
        .any(|change| change.severity == Severity::Error)
}

/// `schema` written for `profile`: [`ToolArgsSchema::export`].
pub(crate) fn export(schema: &ToolArgsSchema, profile: Profile) -> Exported {
    export_root(schema.root(), profile)
}

/// `root`, the root of a schema the gatekeeper accepted (or such a root
/// without its `description`, which a tool definition writes elsewhere),
/// written for `profile`.
fn export_root(root: &ObjectNode, profile: Profile) -> Exported {
    match profile {
        Profile::Mcp => mcp::export(root),
        // The Responses API and Chat Completions document one strict mode;
        // the two profiles differ only in the tool's shape (`tool.rs`).
        Profile::OpenAiStrict | Profile::OpenAiChat => openai::export(root),
        Profile::AnthropicStrict => anthropic::export(root),
        Profile::Gemini => gemini::json_schema(root),
        Profile::GeminiOpenApi => gemini::openapi(root),
        Profile::Llguidance => engines::llguidance(root),
        Profile::Xgrammar => engines::xgrammar(root),
        Profile::Outlines => engines::outlines(root),
        Profile::LlamaCpp => engines::llama_cpp(root),
    }
}

/// Undoes in `args` what the export for `profile` introduced:
/// [`ToolArgsSchema::normalize`], with a change for each `null` taken out.
pub(crate) fn normalize(
    root: CompiledObject<'_>,
    profile: Profile,
    args: &mut Value,
) -> Vec<Change> {
    match nulls_for_optional(profile) {
        true => normalize::nulls_of_optional_properties(root, args),
        false => Vec::new(),
    }
}

/// Whether the export for `profile` makes every optional property required
/// and nullable, so that the model sends `null` for one it leaves out: the
/// one answer that `normalize` and the streams that check such a call
/// (`ToolArgsSchema::stream_for`) follow.
pub(crate) fn nulls_for_optional(profile: Profile) -> bool {
    match profile {
        Profile::OpenAiStrict | Profile::OpenAiChat => true,
        // The other profiles keep every property optional that was, and
        // write nothing the arguments would show.
        Profile::Mcp
        | Profile::AnthropicStrict
        | Profile::Gemini
        | Profile::GeminiOpenApi
        | Profile::Llguidance
        | Profile::Xgrammar
        | Profile::Outlines
        | Profile::LlamaCpp => false,
    }
}
