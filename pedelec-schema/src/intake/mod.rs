//! Agent-tolerant intake: opt-in steps, each reported, taken before or
//! beside validation, never inside it.
//!
//! Agents make the same small mistakes again and again: a number sent as
//! `"42"`, an array sent as the JSON text of one, a lone value where the
//! schema asks for a list, a misspelled optional property that the subset
//! (which allows unknown properties) silently lets through. The rooms
//! here answer them without touching what validation means:
//!
//! - `coerce.rs`: [`ToolArgsSchema::coerce`](crate::ToolArgsSchema::coerce)
//!   rewrites what an agent commonly mis-encodes into what the schema asks
//!   for, and returns every rewrite as a [`Change`](crate::Change).
//! - `unknown.rs`: [`ToolArgsSchema::unknown_properties`](crate::ToolArgsSchema::unknown_properties)
//!   reports the properties the schema does not name, each with a "did you
//!   mean" (`suggest.rs`);
//!   [`ToolArgsSchema::validate_refusing_unknown`](crate::ToolArgsSchema::validate_refusing_unknown)
//!   fails them.
//! - `policy.rs`: the [`Intake`] policies that turn these on for a type,
//!   through [`CheckedWith`](crate::CheckedWith)'s type parameter - and
//!   [`Repair`], which turns on the repair of argument text that is not
//!   JSON (`repair/`, a room of its own: it reads text, these walk values),
//!   and [`OpenAiNulls`], which takes the arguments back from an export
//!   with the export's own walk (`ToolArgsSchema::normalize`).
//!
//! Both walks follow the schema as validation does, so they never recurse
//! deeper than the schema, and through the rules it compiled once
//! (`validate/compiled.rs`), so they compile nothing. Where a `oneOf`
//! stands, they ask which branch owns the value (`validate/choice.rs`):
//! the unknown-properties walk follows the owner, coercion asks whether
//! there is one.
//!
//! Nothing here is on by default: plain validation, `from_args` and
//! [`Checked`](crate::Checked) keep the subset's meaning exactly.

mod coerce;
mod policy;
mod suggest;
mod unknown;

use serde_json::Value;

use crate::change::Change;
use crate::document::ValidationErrors;
use crate::tool_args_schema::ToolArgsSchema;
use coerce::coerce;
pub use policy::{Coerce, Intake, OpenAiNulls, RefuseUnknown, Repair, ReportOnly};
pub(crate) use unknown::refused;
pub use unknown::UnknownProperty;
use unknown::{unknown_properties, validate_refusing_unknown};

/// Tolerant intake (`intake/`): opt-in steps taken before or beside
/// validation.
impl ToolArgsSchema {
    /// Turns what agents commonly mis-encode into what the schema asks for,
    /// and reports each change. Opt-in: call it before
    /// [`validate`](Self::validate), which then runs as always.
    ///
    /// Guided by the schema, and only where a value does not have its
    /// node's type:
    ///
    /// - under an `integer` or `number` node, a string whose whole text is
    ///   a JSON number becomes that number (`"42"` -> `42`, `"-1.5e3"` ->
    ///   `-1500.0`), read exactly as the same text unquoted would be. Text
    ///   that is not exactly a JSON number (`" 42"`, `"+1"`, `"0x10"`,
    ///   `"NaN"`, `"1e400"`) stays a string, and so does a fraction under an
    ///   `integer` node;
    /// - under a `boolean` node, `"true"` and `"false"` become booleans;
    /// - under an `array` or `object` node (the root included), a string
    ///   that holds a JSON array or object becomes it, and is then coerced
    ///   in turn;
    /// - under an `array` node, a lone value that is (or coerces to) a
    ///   value of the items' type becomes a one-item array (once: `1` under
    ///   an array of arrays stays `1`);
    /// - under a `oneOf`, a value is coerced only when exactly one branch's
    ///   coercion yields a value the `oneOf` accepts.
    ///
    /// Nothing else changes: no default is filled in, no property is added
    /// or removed. Each [`Change`] points at the value it made (a JSON
    /// Pointer into `args` as they are after the call; inside JSON text
    /// that was read, the places exist only there) and has one of the
    /// "Tolerant intake" codes of [`ChangeCode`](crate::ChangeCode), all of which widen what
    /// the tool takes in.
    ///
    /// ```
    /// use pedelec_schema::{ChangeCode, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "limit": {"type": "integer", "minimum": 1},
    ///         "tags": {"type": "array", "items": {"type": "string"}}
    ///     }
    /// }))?;
    /// let mut args = json!({"limit": "20", "tags": "rust"});
    /// let changes = schema.coerce(&mut args);
    /// assert_eq!(args, json!({"limit": 20, "tags": ["rust"]}));
    /// let codes: Vec<_> = changes.iter().map(|c| (c.pointer.as_str(), c.code)).collect();
    /// assert_eq!(codes, [("/limit", ChangeCode::NumberFromString), ("/tags", ChangeCode::WrappedInArray)]);
    /// assert!(schema.validate(&args).is_ok());
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn coerce(&self, args: &mut Value) -> Vec<Change> {
        coerce(self, args)
    }

    /// The properties of `args` that the schema does not name, in document
    /// order, each with its path and a "did you mean" among the names of
    /// its object's properties (compared without case, within a few edits;
    /// for the first 32 unknown properties of a call, and names up to 64
    /// characters).
    ///
    /// The subset allows such properties, so this is a report: validation
    /// is unchanged. Under a `oneOf`, the names of the one branch that
    /// accepts the value count; where none or several do, validation fails
    /// there anyway, and its properties are not reported.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"query": {"type": "string"}, "limit": {"type": "integer"}},
    ///     "required": ["query"]
    /// }))?;
    /// let args = json!({"query": "rust", "limt": 5});
    /// assert!(schema.validate(&args).is_ok(), "the subset allows it");
    /// let unknown = schema.unknown_properties(&args);
    /// assert_eq!(unknown[0].path(), "/limt");
    /// assert_eq!(unknown[0].suggestion(), Some("limit"));
    /// assert_eq!(unknown[0].message(), r#"the schema names no property "limt"; did you mean "limit"?"#);
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn unknown_properties(&self, args: &Value) -> Vec<UnknownProperty> {
        unknown_properties(self.compiled(), args)
    }

    /// [`validate`](Self::validate), and unknown properties refused too:
    /// an opt-in, closed reading of the schema. The errors are the
    /// schema's, then one per [unknown property](Self::unknown_properties),
    /// at the property's path, with keyword `properties` and its "did you
    /// mean" as the message.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"query": {"type": "string"}, "limit": {"type": "integer"}},
    ///     "required": ["query"]
    /// }))?;
    /// let errors = schema
    ///     .validate_refusing_unknown(&json!({"query": "rust", "limt": 5}))
    ///     .unwrap_err();
    /// let error = &errors.errors()[0];
    /// assert_eq!((error.path().as_str(), error.keyword()), ("/limt", "properties"));
    /// assert_eq!(error.schema_path(), "/properties");
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn validate_refusing_unknown(&self, args: &Value) -> Result<(), ValidationErrors> {
        validate_refusing_unknown(self, args)
    }
}
