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
//! - **Depth.** Nodes nest at most [`MAX_DEPTH`] deep (`too_deep` beyond).
//! - **Patterns** are ECMA-262, translated to the linear-time `regex` crate;
//!   see [`Pattern`] for what is refused and the size limits.
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

#![warn(missing_docs)]

mod change;
mod convert;
mod diagnostic;
mod error;
mod fields;
mod keywords;
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
pub use convert::{convert, ConvertError, ConvertErrorCode, ConvertReason, Converted};
pub use diagnostic::{Code, Diagnostic, Severity};
pub use error::SchemaError;
pub use lint::lint;
pub use parse::MAX_DEPTH;
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
