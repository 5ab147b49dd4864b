//! # pedelec-schema
//!
//! Describe, check and enforce the arguments an AI agent sends to a tool.
//! This crate implements the *Pedelec argsSchema* subset of JSON Schema: a
//! root object; string, number, integer, boolean, array and object nodes;
//! `oneOf`; and the metadata `description`, `default` and `examples`.
//!
//! - [`ToolArgsSchema`] is a checked root schema. Build it from JSON
//!   ([`ToolArgsSchema::from_value`], [`ToolArgsSchema::from_json_str`]) or
//!   from [`SchemaNode`]s built in code ([`ToolArgsSchema::new`]). Anything
//!   outside the subset (`$ref`, `additionalProperties`, `format`, custom
//!   keywords, ...) is refused with every problem at once, each with a JSON
//!   Pointer and what to do instead.
//! - [`ToolArgsSchema::validate`] checks the arguments a tool receives and
//!   reports every failure; [`ToolArgsSchema::is_valid`] only answers yes or
//!   no. Neither ever fills in a `default`.
//! - [`lint()`] reports every error and warning about a hand-written schema.
//! - `#[derive(ToolArgs)]` derives the schema from a Rust type and its
//!   `serde` attributes, checking at compile time that it stays inside the
//!   subset; [`ToolArgs::from_args`] validates the arguments, then reads them
//!   into the type, and [`ToolArgs::from_args_str`] does the same from the
//!   JSON text a model sent, in one pass. See [`ToolArgs`] for the type
//!   mapping and the attributes.
//!
//! ```
//! use pedelec_schema::ToolArgsSchema;
//! use serde_json::json;
//!
//! let schema = ToolArgsSchema::from_value(&json!({
//!     "type": "object",
//!     "properties": {
//!         "query": {"type": "string", "minLength": 1, "description": "What to search for."},
//!         "limit": {"type": "integer", "minimum": 1, "maximum": 50}
//!     },
//!     "required": ["query"]
//! }))?;
//!
//! assert!(schema.is_valid(&json!({"query": "rust"})));
//! let errors = schema.validate(&json!({"query": "", "limit": 500})).unwrap_err();
//! let paths: Vec<String> = errors.errors().iter().map(|e| e.path()).collect();
//! assert_eq!(paths, ["/limit", "/query"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Decisions where the specification is silent
//!
//! - **Serialization is canonical.** Keys come out in one order (`type`, the
//!   kind's keywords, then `description`, `default`, `examples`); objects
//!   always carry `properties` and `required`, even empty, as the Pedelec
//!   SDK writes them; `uniqueItems: false` and empty `examples` are left out.
//!   `parse(serialize(s)) == s` always holds.
//! - **Size.** Every dimension of a schema is bounded; see [Limits](#limits).
//! - **Patterns** are ECMA-262, translated to the linear-time `regex` crate;
//!   see [`Pattern`] for what is refused.
//! - **Error order** is deterministic: a node's own keywords in the order
//!   the specification lists them, then an object's properties by name (a
//!   missing required property at its name's place), and array items by
//!   index.
//! - **Paths and messages are written when read.** A [`ValidationError`]
//!   keeps what failed as data, and the array indices on the way to it; it
//!   writes its path, schema path and message in
//!   [`path`](ValidationError::path),
//!   [`schema_path`](ValidationError::schema_path),
//!   [`message`](ValidationError::message), `Display` or serialization, so
//!   collecting errors writes no string.
//! - **Property order.** Nodes built in code serialize their properties in
//!   the order they were built in; a schema parsed from a
//!   `serde_json::Value` has the map's order (sorted by name, unless
//!   serde_json's `preserve_order` feature is on). Two object nodes with the
//!   same properties in another order are equal.
//! - **Integer `enum` values** must be integers (`1.0` counts): a fractional
//!   value could never pass, so it is an `enum_type_mismatch` error.
//! - **Arguments straight from text.** [`ToolArgs::from_args_str`] and
//!   [`ToolArgsSchema::validate_str`] take the JSON text a model sent. A
//!   valid call is read in one pass, each value checked by the compiled
//!   rule at its place as serde hands it over, without building a
//!   `serde_json::Value`, and allocates nothing beyond what the type does.
//!   At the first doubt - a failing value, a serde error, a property given
//!   twice, a `3.0` for an integer type - that pass gives up and the text
//!   takes the full path (`from_args` on the parsed value), so the result
//!   is always exactly what `from_args(serde_json::from_str(text)?)` gives,
//!   every error with its path. Text that is not one JSON value is
//!   [`ArgsError::Syntax`]: still the agent-facing object, with serde_json's
//!   message (line and column) and no `errors`. Left to the full path by
//!   design, valid or not: a `uniqueItems` array of more than 32 items, or
//!   whose items are `oneOf` values with two branches of one JSON type
//!   (those are read whole, and take no fingerprint), and an object node of
//!   more than 64 properties.
//! - **`from_args` reads by value** when the arguments need no conforming
//!   (no integral float under an `integer` node, no property the schema
//!   does not name): the fail-fast walk notes that as it checks them, and
//!   `serde_json::from_value` then moves their strings into the type
//!   instead of copying them. Otherwise it reads by reference first, as
//!   before. Either way it returns the same.
//!
//! ## Limits
//!
//! A schema is usually written by the tool's author, but it may come from
//! anywhere (a file, a registry, another agent), so every dimension of one
//! is bounded: no schema can make building it, validating with it or
//! linting it expensive. Each bound is far above any real tool's schema; a
//! schema beyond one is refused with the code given, at the offending
//! keyword. `tests/limits.rs` checks each at its bound and one past it.
//!
//! | what | bound | code |
//! |---|---|---|
//! | node nesting (the root is depth 1) | [`MAX_DEPTH`] = 64 | `too_deep` |
//! | properties of one object, names in one `required` | [`MAX_PROPERTIES`] = 1 000 | `too_many_properties` |
//! | values of one `enum` | [`MAX_ENUM_VALUES`] = 1 000 | `too_many_enum_values` |
//! | branches of one `oneOf` | [`MAX_BRANCHES`] = 256 | `too_many_branches` |
//! | product of the branch counts of the `oneOf`s on the way to a node | [`MAX_BRANCH_PRODUCT`] = 65 536 | `too_many_branches` |
//! | a `pattern`'s source | [`MAX_PATTERN_LEN`] = 16 KiB | `invalid_pattern` |
//! | nested groups and classes in a `pattern` (after translation: `\d`, `\w`, `\s` and `.` are classes) | [`MAX_NESTING`] = 64 | `invalid_pattern` |
//! | a `pattern`'s compiled program | [`MAX_COMPILED_SIZE`] = 2 MiB | `invalid_pattern` |
//!
//! Why the branch product: a `oneOf` checks the value against every branch,
//! so a `oneOf` inside a branch of another checks its part of the value
//! once per outer branch. Bounding the product bounds how often any part of
//! a value is looked at, which keeps validation linear in the value's size.
//!
//! There is no bound on the arguments themselves: validation is linear in
//! their size (times at most the branch product), never recurses deeper
//! than the schema, and allocates nothing on a valid payload. JSON *text*
//! (the schema in [`ToolArgsSchema::from_json_str`], arguments read by the
//! caller) keeps serde_json's own nesting limit of 128 levels, which a
//! schema of [`MAX_DEPTH`] nodes fits within. Linting compares the
//! branches of each `oneOf` pairwise, which the branch bound keeps small.
//!
//! ## Export to a provider
//!
//! One schema serves every model provider: [`ToolArgsSchema::export`]
//! writes it the way a [`Profile`] wants it and returns every [`Change`] it
//! took (pointers into *our* schema); [`ToolArgsSchema::normalize`] undoes,
//! in the arguments the model sends back, what the export introduced;
//! [`ToolDefinition`] writes a whole tool in the provider's tool shape.
//! Derived types have both in one call: [`ToolArgs::tool_definition`] (the
//! doc comment as the description) and [`ToolArgs::from_provider_args`]
//! (normalize, validate, deserialize). `pedelec-lint --export PROFILE FILE`
//! does it to files.
//!
//! ```
//! use pedelec_schema::{Profile, ToolArgsSchema};
//! use serde_json::json;
//!
//! let schema = ToolArgsSchema::from_value(&json!({
//!     "type": "object",
//!     "properties": {"query": {"type": "string"}, "offset": {"type": "integer", "minimum": 0}},
//!     "required": ["query"]
//! }))?;
//! let openai = schema.export(Profile::OpenAiStrict).schema;
//! assert_eq!(openai["properties"]["offset"]["type"], json!(["integer", "null"]));
//!
//! // The model fills in every property; `normalize` takes the nulls out again.
//! let mut args = json!({"query": "rust", "offset": null});
//! schema.normalize(Profile::OpenAiStrict, &mut args);
//! schema.validate(&args)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every change has an [`Effect`]: `lossless` (a change of form), `widens`
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
//! ### MCP
//!
//! [`Profile::Mcp`] is our schema as it is, for a tool's `inputSchema`: it
//! is already JSON Schema 2020-12 with an object root, as the
//! [MCP tools specification](https://modelcontextprotocol.io/specification/2025-06-18/server/tools)
//! asks. No changes; `normalize` does nothing. MCP clients validate
//! nothing for the server: the handler checks every call.
//!
//! ### OpenAI strict
//!
//! [`Profile::OpenAiStrict`] is for function calling with `"strict": true`,
//! whose schemas follow Structured Outputs
//! ([supported schemas](https://platform.openai.com/docs/guides/structured-outputs#supported-schemas),
//! [function calling, strict mode](https://platform.openai.com/docs/guides/function-calling#strict-mode)):
//!
//! - every object gets `additionalProperties: false` (`narrows`) and lists
//!   every property in `required`;
//! - an optional property becomes nullable: `"type": ["T", "null"]` (with
//!   `null` added to an `enum`, or `null` would fail it), or a
//!   `{"type": "null"}` branch for a `oneOf` node (`optional_to_nullable`,
//!   lossless once normalized);
//! - `oneOf` becomes `anyOf`: `lossless` when `lint` proves the branches
//!   disjoint (no `ambiguous_one_of`), `widens` otherwise;
//! - `default` and `examples` are refused, and move into `description`;
//!   `minLength`, `maxLength` and `uniqueItems` are not supported and are
//!   removed (`widens`). `pattern`, `minimum`, `maximum`, `minItems`,
//!   `maxItems`, `enum` and `description` stay;
//! - the documented limits are error-severity changes: more than 5,000
//!   object properties, nesting more than 10 levels below the root, more
//!   than 1,000 `enum` values, more than 120,000 characters of property
//!   names and `enum` values, and - from the page, beyond issue 11's list -
//!   a string `enum` of more than 250 values holding more than 15,000
//!   characters. Where the page leaves the counting open, it follows
//!   OpenAI's own checker in its Java SDK (`JsonSchemaValidator`): each
//!   property, `items` and `anyOf` branch is a level; a number or boolean
//!   `enum` value counts with its JSON text. Characters are Unicode scalar
//!   values.
//!
//! The handler must call [`normalize`](ToolArgsSchema::normalize) before
//! validating (the model sends `null` for a property it leaves out), and
//! its `validate` still enforces the removed lengths, `uniqueItems` and
//! overlapping `oneOf` branches. OpenAI writes properties in the schema's
//! key order; serde_json sorts a `Value`'s keys unless its `preserve_order`
//! feature is on (the export inserts them in our order).
//!
//! ### Anthropic strict
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
//! - from the page, beyond issue 11's list: `oneOf` is not supported
//!   (`anyOf` is), so it becomes `anyOf` as for OpenAI (Anthropic's own SDK
//!   does the same); `examples` is not listed, so it moves into
//!   `description`; `default` and `enum` stay;
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
//! ### Gemini
//!
//! [`Profile::Gemini`] is for a `FunctionDeclaration`'s `parameters`, an
//! OpenAPI 3.0 subset ([`Schema`](https://ai.google.dev/api/caching#Schema),
//! [`FunctionDeclaration`](https://ai.google.dev/api/caching#FunctionDeclaration)).
//! It writes only `type`, `description`, `enum`, `items`, `minItems`,
//! `maxItems`, `properties`, `required`, `minLength`, `maxLength`,
//! `pattern`, `minimum`, `maximum`, `anyOf`, `default`, `example` and
//! `propertyOrdering`:
//!
//! - `oneOf` becomes `anyOf` (`lossless` or `widens`, as above);
//!   `uniqueItems` is removed (`widens`); `examples` becomes `example`, the
//!   first one;
//! - `enum` holds strings only: a number, integer or boolean `enum` is
//!   removed (`widens`), except a boolean `enum` of both values, which
//!   allowed everything (`lossless`);
//! - an object of two or more properties gets `propertyOrdering` in the
//!   schema's order (a derived type's field order; a parsed schema's is
//!   sorted by name);
//! - an empty `properties` or `required` is left out (`lossless`): Gemini
//!   has been reported to refuse an object with empty `properties`
//!   ("should be non-empty for OBJECT type"), and OpenAPI 3.0 asks
//!   `required` to name at least one property. A tool without arguments
//!   gets no `parameters` at all, as `FunctionDeclaration` documents.
//!
//! Types keep their lowercase OpenAPI spelling, which the API accepts.
//! Optional properties stay optional, so `normalize` does nothing. The
//! handler's `validate` still enforces `uniqueItems`, non-string `enum`s
//! and overlapping `oneOf` branches. Vertex AI also asks parameter names to
//! be letters, digits and `_`; the export does not rename properties.
//!
//! ### Tool definitions
//!
//! [`ToolDefinition::export`] writes `{"name", "description",
//! "inputSchema"}` for MCP, `{"type": "function", "name", "description",
//! "parameters", "strict": true}` for OpenAI (the Responses API's function
//! tool), `{"name", "description", "input_schema", "strict": true}` for
//! Anthropic and `{"name", "description", "parameters"}` for Gemini. A name
//! is 1 to 64 ASCII letters, digits, `_` and `-` (OpenAI's and Anthropic's
//! rule, as issue 11 has it) and, because Gemini's `FunctionDeclaration`
//! demands it, starts with a letter or `_`, so one definition serves every
//! provider.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod change;
mod diagnostic;
mod error;
mod export;
mod lint;
mod message;
mod numeric;
mod parse;
mod pattern;
pub mod pointer;
pub mod schema;
mod small_string;
mod tool_args;
mod tool_args_schema;
mod validate;

pub use change::{Change, ChangeCode, ChangeSeverity, Effect};
pub use diagnostic::{Code, Diagnostic, Severity};
pub use error::SchemaError;
pub use export::{Exported, ExportedTool, Profile, ToolDefinition, ToolNameError, UnknownProfile};
pub use lint::lint;
pub use parse::{MAX_BRANCHES, MAX_BRANCH_PRODUCT, MAX_DEPTH, MAX_ENUM_VALUES, MAX_PROPERTIES};
pub use pattern::{Pattern, PatternError, MAX_COMPILED_SIZE, MAX_NESTING, MAX_PATTERN_LEN};
pub use schema::{NodeKind, SchemaNode};
#[doc(hidden)]
pub use tool_args::__private;
pub use tool_args::{ArgsError, ToolArgs};
pub use tool_args_schema::ToolArgsSchema;
pub use validate::{ValidationError, ValidationErrors};

/// Derives [`ToolArgs`] (for a struct with named fields) and the field
/// schema that nests a type in another derived type. See [`ToolArgs`].
pub use pedelec_schema_derive::ToolArgs;

/// The examples of the README that crates.io and docs.rs show, run as doc
/// tests so that they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
