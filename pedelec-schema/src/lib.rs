//! # pedelec-schema
//!
//! Describe, check and enforce the arguments an AI agent sends to a tool.
//! This crate implements the *Pedelec argsSchema* subset of JSON Schema: a
//! root object; string, number, integer, boolean, array and object nodes;
//! `oneOf`; the metadata `description`, `default` and `examples`; and
//! `enum`. The subset's specification is `docs/subset.md` in the
//! repository.
//!
//! The crate's verbs, each with its own documentation:
//!
//! | verb | entry point | what it does |
//! |---|---|---|
//! | parse | [`ToolArgsSchema`] | checks a schema against the subset, refusing it with every problem at once |
//! | validate | [`ToolArgsSchema::validate`] | checks a tool's arguments and reports every failure |
//! | stream | [`ToolArgsSchema::stream`], [`ToolArgs::stream`] | checks the arguments while the model is still writing them |
//! | derive | [`ToolArgs`], `#[derive(ToolArgs)]` | the schema of a Rust type, and arguments read into it |
//! | lint | [`lint()`] | every error and warning about a hand-written schema |
//! | convert | [`convert`](mod@convert) | any JSON Schema rewritten into the subset, every change reported |
//! | export | [`export`](mod@export) | one schema written the way each model provider wants it |
//! | constrained decoding | [`grammar`](mod@grammar), [`ToolArgsSchema::grammar`] | the grammar a local engine masks tokens with (GBNF, Lark) |
//! | check in a framework | [`Checked<T>`], [`CheckedWith<T, I>`] | the check, where a framework deserializes the arguments |
//!
//! ## Parse: [`ToolArgsSchema`]
//!
//! A [`ToolArgsSchema`] is a root schema that is inside the subset. Build
//! it from JSON ([`ToolArgsSchema::from_value`],
//! [`ToolArgsSchema::from_json_str`]) or from [`SchemaNode`]s built in code
//! ([`ToolArgsSchema::new`]; the [`schema`] module has the model). Anything
//! outside the subset (`$ref`, `additionalProperties`, `format`, custom
//! keywords, ...) is refused with a [`SchemaError`] that lists every
//! problem, each with a JSON Pointer and what to do instead.
//!
//! ```
//! use pedelec_schema::ToolArgsSchema;
//! use serde_json::json;
//!
//! let error = ToolArgsSchema::from_value(&json!({
//!     "type": "object",
//!     "properties": {"id": {"type": "string", "format": "uuid"}},
//!     "additionalProperties": false
//! }))
//! .unwrap_err();
//! let found: Vec<(&str, &str)> = error
//!     .diagnostics()
//!     .iter()
//!     .map(|d| (d.code.as_str(), d.pointer.as_str()))
//!     .collect();
//! assert_eq!(found, [
//!     ("unsupported_keyword", "/additionalProperties"),
//!     ("unsupported_keyword", "/properties/id/format"),
//! ]);
//! ```
//!
//! A schema serializes back to JSON in one canonical key order, and
//! `parse(serialize(s)) == s` always holds. Patterns are ECMA-262 in
//! Unicode mode, run in linear time (see [`Pattern`]). Every dimension of a
//! schema is bounded: see [Limits](#limits).
//!
//! ## Validate
//!
//! [`ToolArgsSchema::validate`] checks the arguments a tool receives and
//! reports every failure as a [`ValidationError`] with the value's JSON
//! Pointer, the schema's, the keyword (as data to match on: its
//! [`ValidationErrorKind`]) and a message an agent can act on;
//! [`ToolArgsSchema::is_valid`] only answers yes or no. Neither ever fills
//! in a `default`. The errors come in a deterministic order, and
//! [`ValidationErrors`] serializes as the agent-facing error object a
//! handler returns.
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
//! Tolerant intake is opt-in and reported: [`ToolArgsSchema::coerce`]
//! turns what agents commonly mis-encode (`"42"`, `"true"`, JSON text, a
//! lone value for a list) into what the schema asks for, and
//! [`ToolArgsSchema::unknown_properties`] reports the properties the
//! schema does not name, with a "did you mean".
//!
//! ## Derive: [`ToolArgs`]
//!
//! `#[derive(ToolArgs)]` derives the schema from a Rust type and its
//! `serde` attributes, checking at compile time that it stays inside the
//! subset. [`ToolArgs::from_args`] validates the arguments, then reads them
//! into the type; [`ToolArgs::from_args_str`] does the same from the JSON
//! text a model sent, in one pass. [`ToolArgs`] documents the type mapping
//! and the attributes; a type the derive cannot see into carries its own
//! node ([`ToolArgsNode`]), or a field says where its node comes from
//! (`#[tool_args(as = Type)]`, `#[tool_args(schema_with = function)]`).
//!
//! ```
//! use pedelec_schema::ToolArgs;
//! use serde::Deserialize;
//!
//! /// Searches the notes.
//! #[derive(Debug, Deserialize, ToolArgs)]
//! struct Search {
//!     /// What to search for.
//!     #[tool_args(min_length = 1)]
//!     query: String,
//!     #[tool_args(minimum = 1, maximum = 50)]
//!     limit: Option<u8>,
//! }
//!
//! let search = Search::from_args_str(r#"{"query": "rust", "limit": 10}"#)?;
//! assert_eq!((search.query.as_str(), search.limit), ("rust", Some(10)));
//! assert_eq!(Search::schema().root().required, ["query"]);
//!
//! let error = Search::from_args_str(r#"{"query": ""}"#).unwrap_err();
//! assert_eq!(error.to_response()["error"]["code"], "INVALID_ARGS");
//! # Ok::<(), pedelec_schema::ArgsError>(())
//! ```
//!
//! ## Stream: [`ArgsStream`]
//!
//! Providers stream a call's `arguments` as text deltas. An [`ArgsStream`]
//! takes them as they come, reads each byte once, and refuses at the first
//! byte after which no completion could be valid - a string past its
//! `maxLength`, a value of the wrong type at its first byte - with the
//! failures located as `validate` locates them; a call cut short never
//! finishes as arguments. Text that is not JSON is a [`SyntaxError`] with
//! the byte offset and the JSON Pointer of the value being read, here and
//! in [`ToolArgsSchema::validate_str`] and [`ToolArgs::from_args_str`].
//!
//! ```
//! use pedelec_schema::{ArgsError, ToolArgs};
//! use serde::Deserialize;
//!
//! #[derive(Debug, Deserialize, ToolArgs)]
//! struct Edit {
//!     #[tool_args(max_length = 8)]
//!     title: String,
//!     body: String,
//! }
//!
//! let mut stream = Edit::stream();
//! stream.feed(r#"{"title": "Release"#)?;
//! // The title's ninth character comes: no completion can pass.
//! let Err(ArgsError::Invalid(errors)) = stream.feed(" notes") else { panic!() };
//! assert_eq!(errors.errors()[0].path(), "/title");
//! # Ok::<(), pedelec_schema::ArgsError>(())
//! ```
//!
//! ## Repair: [`ToolArgsSchema::repair`]
//!
//! Argument text that is not quite JSON - single quotes, Python's `True`,
//! trailing commas, a code fence around the object - is read as the one
//! value meant where the schema leaves one reading, each repair reported
//! as a [`Change`]; the rest is refused, and a call cut short always.
//! [`CheckedWith<T, Repair>`](CheckedWith) is the typed path.
//!
//! ```
//! use pedelec_schema::{ChangeCode, ToolArgsSchema};
//! use serde_json::json;
//!
//! let schema = ToolArgsSchema::from_value(&json!({
//!     "type": "object",
//!     "properties": {"query": {"type": "string"}, "exact": {"type": "boolean"}},
//!     "required": ["query"]
//! }))?;
//! let repaired = schema.repair("Here you go: {\"query\": 'rust', \"exact\": False}")?;
//! assert_eq!(repaired.value, json!({"query": "rust", "exact": false}));
//! let codes: Vec<_> = repaired.changes.iter().map(|c| c.code).collect();
//! assert_eq!(codes, [ChangeCode::TextAround, ChangeCode::SingleQuotes, ChangeCode::PythonLiteral]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Lint
//!
//! [`lint()`] reports every error and warning about a hand-written schema
//! as [`Diagnostic`]s, without stopping at the first: the errors are what
//! [`ToolArgsSchema::from_value`] refuses, the warnings come from the
//! Pedelec design advice. Its documentation lists every [`Code`].
//! `pedelec-lint FILE...` does it to files.
//!
//! ```
//! use pedelec_schema::{lint, Severity};
//! use serde_json::json;
//!
//! let findings = lint(&json!({
//!     "type": "object",
//!     "properties": {"ids": {"type": "array", "items": {"type": "string"}}}
//! }));
//! assert_eq!(findings[0].code.as_str(), "unbounded_array");
//! assert_eq!(findings[0].severity, Severity::Warning);
//! ```
//!
//! ## Convert
//!
//! [`convert()`] rewrites a JSON Schema that zod, pydantic, schemars, an
//! OpenAPI generator or a person wrote into a [`ToolArgsSchema`], and
//! returns every change it made as a [`Change`] with a JSON Pointer into
//! the source and an [`Effect`] (`lossless`, `widens` or `narrows`). The
//! [`convert`](mod@convert) module gives the meaning conversion takes the
//! source to have, its guarantees and every change code. From JSON text,
//! [`convert_str`] does the same and keeps the order the text lists
//! properties in, as [`ToolArgsSchema::from_json_str`] does; `pedelec-lint
//! --fix` applies it to files.
//!
//! ```
//! use pedelec_schema::convert;
//! use serde_json::json;
//!
//! let converted = convert(&json!({
//!     "type": "object",
//!     "properties": {"unit": {"const": "px"}},
//!     "additionalProperties": true
//! }))?;
//! assert_eq!(
//!     converted.schema.to_value()["properties"]["unit"],
//!     json!({"type": "string", "enum": ["px"]})
//! );
//! assert!(converted.changes.iter().all(|c| c.effect == pedelec_schema::Effect::Lossless));
//! # Ok::<(), pedelec_schema::ConvertError>(())
//! ```
//!
//! ## Export
//!
//! One schema serves every model provider: [`ToolArgsSchema::export`]
//! writes it the way a [`Profile`] wants it and returns every [`Change`] it
//! took; [`ToolArgsSchema::normalize`] undoes, in the arguments the model
//! sends back, what the export introduced; [`ToolDefinition`] writes a
//! whole tool in the provider's tool shape. Derived types have both in one
//! call: [`ToolArgs::tool_definition`] and [`ToolArgs::from_provider_args`]
//! ([`from_provider_args_str`](ToolArgs::from_provider_args_str) for the
//! text, [`stream_for`](ToolArgs::stream_for) for the text as it streams,
//! [`OpenAiNulls`] for [`CheckedWith`]: the same answer on every path).
//! The [`export`](mod@export) module gives each provider's rules and their
//! sources. `pedelec-lint --export PROFILE FILE` does it to files.
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
//! ## Constrained decoding
//!
//! Local engines (llama.cpp, mistral.rs, llama-cpp-2, vLLM, SGLang) mask
//! the model's next token with a grammar. [`ToolArgsSchema::grammar`]
//! writes it - llama.cpp's GBNF or llguidance's Lark - and
//! [`grammar_for_tools`] one for a call to any of several tools. Every
//! text the grammar accepts is valid arguments, except where a `widens`
//! change names the keyword no grammar can hold; the [`grammar`](mod@grammar)
//! module lists those and the few spellings the grammar narrows away. For
//! engines that take the JSON Schema itself, the export's engine profiles
//! ([`Profile::Llguidance`], [`Profile::Xgrammar`], [`Profile::Outlines`],
//! [`Profile::LlamaCpp`]) rewrite what each engine gets wrong, each rule with
//! its source in [Local engines](crate::export#local-engines).
//! `pedelec-lint --export gbnf FILE` writes grammars for files.
//!
//! ```
//! use pedelec_schema::{GrammarFormat, ToolArgsSchema};
//! use serde_json::json;
//!
//! let schema = ToolArgsSchema::from_value(&json!({
//!     "type": "object",
//!     "properties": {"delta": {"type": "integer", "minimum": -100, "maximum": 100}},
//!     "required": ["delta"]
//! }))?;
//! let gbnf = schema.grammar(GrammarFormat::Gbnf).text;
//! assert!(gbnf.starts_with("root ::= "));
//! # Ok::<(), pedelec_schema::SchemaError>(())
//! ```
//!
//! ## TypeScript: [`ToolArgsSchema::typescript`]
//!
//! A TypeScript handler's argument type, written from the schema: the
//! type every value the validator accepts has, with bounds, patterns,
//! defaults and examples as JSDoc; [`typescript_for_tools`] writes a
//! type per tool and the code-mode `declare const tools` a model writes
//! code against. The [`typescript`] module says what the types hold;
//! `pedelec-lint --export typescript FILE` writes them for files.
//!
//! ```
//! use pedelec_schema::ToolArgsSchema;
//!
//! let schema = ToolArgsSchema::from_json_str(
//!     r#"{"type": "object", "properties": {"delta": {"type": "integer"}}, "required": ["delta"]}"#,
//! )?;
//! assert_eq!(
//!     schema.typescript("UpdateCounterArgs"),
//!     "export type UpdateCounterArgs = {\n  /** @integer */\n  delta: number;\n  [key: string]: unknown;\n};\n"
//! );
//! # Ok::<(), pedelec_schema::SchemaError>(())
//! ```
//!
//! ## Check in a framework: [`Checked<T>`]
//!
//! [`Checked<T>`] validates with `T::schema()` inside any framework that
//! deserializes a tool's arguments (rmcp's `Parameters<_>`, an HTTP
//! extractor), its error being the agent-facing message; with the
//! `schemars` feature it also publishes `T::schema()` as its
//! `JsonSchema`. [`CheckedWith<T, I>`] adds tolerant intake, chosen by its
//! [`Intake`] policy: [`Coerce`], [`RefuseUnknown`], [`Repair`] (for the
//! arguments' text), [`OpenAiNulls`] (for a tool exported for OpenAI strict
//! mode), a tuple of them, or [`ReportOnly`].
//!
//! ```
//! use pedelec_schema::{Checked, ToolArgs};
//! use serde::Deserialize;
//! use serde_json::json;
//!
//! #[derive(Deserialize, ToolArgs)]
//! struct Resize {
//!     #[tool_args(minimum = 1, maximum = 4096)]
//!     width: u32,
//! }
//!
//! let Checked(resize) = serde_json::from_value::<Checked<Resize>>(json!({"width": 640}))?;
//! assert_eq!(resize.width, 640);
//! assert!(serde_json::from_value::<Checked<Resize>>(json!({"width": 0})).is_err());
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! ## Results: [`ToolResult`], [`CheckedOutput<T>`]
//!
//! A tool's result has a schema too (MCP's `outputSchema`), and strict
//! clients refuse a result that does not match it. A derived type
//! describes a result as it describes arguments; `#[tool_args(output)]`
//! has the derive refuse what would serialize outside the schema (an
//! `Option` without `skip_serializing_if`, written as `null`).
//! [`ToolResult::structured`] checks a value against `T::schema()` and
//! writes MCP's result (`structuredContent` and its JSON text), and
//! [`ToolResult::error`] a tool error, never checked against the success
//! schema; [`CheckedOutput<T>`] is the same check inside a framework that
//! serializes the result (rmcp's `Json<_>`). A refused result is an
//! [`OutputError`] naming every failure: the server's error, never a
//! result on the wire. [`ToolDefinition::with_output_schema`] publishes the
//! schema.
//!
//! ```
//! use pedelec_schema::{ToolArgs, ToolResult};
//! use serde::Serialize;
//!
//! #[derive(Serialize, ToolArgs)]
//! #[tool_args(output)]
//! struct Resized {
//!     #[tool_args(minimum = 1, maximum = 4096)]
//!     width: u32,
//!     #[serde(skip_serializing_if = "Option::is_none")]
//!     note: Option<String>,
//! }
//!
//! let result = ToolResult::structured(&Resized { width: 640, note: None })?;
//! assert_eq!(result.text(), r#"{"width":640}"#);
//! assert!(ToolResult::structured(&Resized { width: 0, note: None }).is_err());
//! # Ok::<(), pedelec_schema::OutputError>(())
//! ```
//!
//! ## Limits
//!
//! A schema may come from anywhere (a file, a registry, another agent), so
//! every dimension of one is bounded: no schema can make building it,
//! validating with it or linting it expensive. Each bound is far above any
//! real tool's schema; a schema beyond one is refused with the code given,
//! at the offending keyword.
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
//! | a `pattern`'s compiled automaton, in bytes as a 64-bit target lays it out (so the same on every platform) | [`MAX_COMPILED_SIZE`] = 2 MiB | `invalid_pattern` |
//! | a repetition count in a `pattern` (`{n}`, `{n,m}`) | `u32::MAX` (the `regex` crate's) | `invalid_pattern` |
//!
//! The arguments as a `Value` have no bound: validation is linear in their
//! size (times at most the branch product), never recurses deeper than the
//! schema, and allocates nothing on a valid payload. Arguments as JSON
//! *text* are at most [`MAX_TEXT_LEN`] = 16 MiB (refused unread past it,
//! a [`SyntaxError`] that [`SyntaxError::is_too_long`]); JSON text (the
//! schema in [`ToolArgsSchema::from_json_str`], arguments) keeps
//! serde_json's own nesting limit of 128 levels, which a schema of
//! [`MAX_DEPTH`] nodes fits within.
//!
//! ## Features
//!
//! All off by default:
//!
//! - `uuid`, `chrono`, `url`, `time`: nodes for those crates' types in
//!   `#[derive(ToolArgs)]` (see [`ToolArgs`], "Types");
//! - `schemars`: [`Checked<T>`] and [`CheckedWith<T, I>`] implement
//!   `schemars::JsonSchema` with `T::schema()` inline.
//!
//! The command that lints, converts and exports schema files,
//! `pedelec-lint`, is a package of its own rather than a feature, so that
//! the library never compiles its argument parser.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]
#![forbid(unsafe_code)]

#[macro_use]
mod code_enum;

mod change;
mod checked;
pub mod convert;
mod diagnostic;
mod document;
mod error;
pub mod export;
pub mod grammar;
mod intake;
mod json;
mod json_view;
mod lint;
mod message;
mod numeric;
mod parse;
mod pattern;
mod pointer;
mod repair;
pub mod schema;
mod small_string;
mod stream;
mod text;
mod tool_args;
mod tool_args_schema;
mod tool_result;
pub mod typescript;
mod validate;

pub use change::{Change, ChangeCode, Effect};
pub use checked::{Checked, CheckedWith};
pub use convert::{convert, convert_str, ConvertError, ConvertErrorCode, ConvertReason, Converted};
pub use diagnostic::{Code, Diagnostic, Severity};
pub use document::{
    ArgsError, DeserializeError, SyntaxError, ValidationError, ValidationErrorKind,
    ValidationErrors,
};
pub use error::SchemaError;
pub use export::{
    Exported, ExportedTool, ExportedTools, OrderedJson, Profile, ToolAnnotations, ToolDefinition,
    ToolNameError, UnknownProfile,
};
pub use grammar::{grammar_for_tools, Grammar, GrammarFormat, UnknownGrammarFormat};
pub use intake::{Coerce, Intake, OpenAiNulls, RefuseUnknown, Repair, ReportOnly, UnknownProperty};
pub use json_view::{Json, JsonView};
pub use lint::{lint, lint_str};
pub use parse::{MAX_BRANCHES, MAX_BRANCH_PRODUCT, MAX_DEPTH, MAX_ENUM_VALUES, MAX_PROPERTIES};
pub use pattern::{Pattern, PatternError, MAX_COMPILED_SIZE, MAX_NESTING, MAX_PATTERN_LEN};
pub use repair::Repaired;
pub use schema::{NodeKind, SchemaNode};
pub use stream::{ArgsStream, Partial, Progress};
pub use text::MAX_TEXT_LEN;
#[doc(hidden)]
pub use tool_args::__private;
/// Schemas for the `time` crate's serde forms (feature `time`).
#[cfg(feature = "time")]
#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
pub use tool_args::time;
pub use tool_args::{kind, ToolArgs, ToolArgsNode, TypedArgsStream};
pub use tool_args_schema::ToolArgsSchema;
pub use tool_result::{CheckedOutput, OutputError, ToolResult};
pub use typescript::typescript_for_tools;

/// Derives [`ToolArgs`] (for a struct with named fields) and the field
/// schema that nests a type in another derived type. See [`ToolArgs`].
pub use pedelec_schema_derive::ToolArgs;

/// The examples of the README that crates.io and docs.rs show, run as doc
/// tests so that they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
