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
//!   into the type. See [`ToolArgs`] for the type mapping and the attributes.
//! - [`Checked<T>`] does the same inside any framework that deserializes a
//!   tool's arguments (rmcp's `Parameters<_>`, an HTTP extractor); with the
//!   `schemars` feature it also publishes `T::schema()` as its
//!   `JsonSchema`.
//! - Tolerant intake, opt-in and reported: [`ToolArgsSchema::coerce`] turns
//!   what agents commonly mis-encode (`"42"`, `"true"`, JSON text, a lone
//!   value for a list) into what the schema asks for, and
//!   [`ToolArgsSchema::unknown_properties`] reports the properties the
//!   schema does not name, with a "did you mean". [`CheckedWith<T, I>`]
//!   turns them on for a type.
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
//! - **[`Checked<T>`]'s error** is a deserializer's error, a message only,
//!   so it names every failure with its path (the agent-facing `message`
//!   stops at five, its `errors` list holding the rest). It reads the
//!   arguments into a `serde_json::Value` first: any self-describing format
//!   works. Its `JsonSchema` (feature `schemars`, schemars 1 as rmcp 3
//!   uses) is `T::schema()`, inline, nothing added; rmcp's own generator
//!   adds `"$schema"` at the root and drops the root `description`, so a
//!   tool that must publish `T::schema()` exactly sets rmcp's
//!   `#[tool(input_schema = T::schema().to_json_object())]` (see
//!   `examples/rmcp_server.rs`).
//! - **Intake is chosen by a type parameter**, of [`CheckedWith<T, I>`]
//!   rather than of `Checked`, so that `Checked(args)` stays a one-field
//!   pattern and `CheckedWith` keeps what intake did (`changes`, `unknown`)
//!   for the handler. Policies: [`Coerce`], [`RefuseUnknown`], a tuple of
//!   both, [`ReportOnly`], or an [`Intake`] impl of one's own.
//! - **Coercion fires only where a value lacks its node's type**, and makes
//!   it a value of that type, so a valid value is never touched; bounds,
//!   patterns and `enum`s stay validation's. Number text must be exactly a
//!   JSON number and reads as the same text unquoted would. Under a
//!   `oneOf`, a value is coerced only when exactly one branch's coercion
//!   gives a value the `oneOf` accepts. Every intake [`ChangeCode`] widens:
//!   the tool takes in what the schema alone refused. A change's pointer is
//!   where the value is after coercion.
//! - **Unknown properties** stay allowed, as the subset says;
//!   [`ToolArgsSchema::validate_refusing_unknown`] refuses them after the
//!   schema's own errors, with keyword `properties` and the object's
//!   `properties` as schema path. Under a `oneOf` only the accepting
//!   branch's names count; where no single branch accepts, validation
//!   already fails and the walk does not guess. "Did you mean" compares
//!   names without case by optimal string alignment distance (at most a
//!   third of the longer name, one edit for short names), for the first 32
//!   unknown properties of a call and names up to 64 characters, which
//!   bounds what an agent's keys can cost.
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

#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod change;
mod checked;
mod diagnostic;
mod error;
mod intake;
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
pub use checked::{Checked, CheckedWith};
pub use diagnostic::{Code, Diagnostic, Severity};
pub use error::SchemaError;
pub use intake::{Coerce, Intake, RefuseUnknown, ReportOnly, UnknownProperty};
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
