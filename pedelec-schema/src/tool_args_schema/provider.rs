//! The methods of [`ToolArgsSchema`] that face a provider or an engine:
//! the schema written in its form (`export/`), the grammar for constrained
//! decoding (`grammar/`), and the way back for the arguments a model wrote
//! against that form (`normalize`, `validate_provider_str`).

use serde_json::Value;

use super::ToolArgsSchema;
use crate::export::{self, Exported, Profile};
use crate::grammar::{self, Grammar, GrammarFormat};
use crate::tool_args::ArgsError;

/// Export to a provider (`export/`), and the way back for the arguments.
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
        export::export(self, profile)
    }

    /// The grammar of these arguments for a constrained-decoding engine:
    /// llama.cpp's GBNF or llguidance's Lark, whose start rule accepts the
    /// arguments' JSON text. Every text it accepts, [`validate_str`]
    /// accepts too, except where a `widens` change says which keyword the
    /// grammar cannot hold; see [Constrained decoding](crate::grammar).
    ///
    /// [`validate_str`]: Self::validate_str
    ///
    /// ```
    /// use pedelec_schema::{GrammarFormat, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"city": {"type": "string", "maxLength": 40}},
    ///     "required": ["city"]
    /// }))?;
    /// let grammar = schema.grammar(GrammarFormat::Gbnf);
    /// assert!(grammar.text.starts_with("root ::= "));
    /// assert!(grammar.changes.iter().all(|c| c.effect != pedelec_schema::Effect::Widens));
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn grammar(&self, format: GrammarFormat) -> Grammar {
        grammar::grammar(self, format)
    }

    /// Undoes, in the arguments a model sent under `profile`, what the
    /// export introduced, and nothing else. Call it before
    /// [`validate`](Self::validate).
    ///
    /// For [`Profile::OpenAiStrict`] and [`Profile::OpenAiChat`], whose
    /// export makes every optional property required and nullable, an
    /// optional property whose value is `null` is removed: at every depth,
    /// following the schema through objects, arrays and `oneOf` branches. Under a `oneOf`, each branch
    /// normalizes the value in turn, and the value belongs to the first
    /// branch that owns what it made: that branch accepts it, and no other
    /// does. When no branch does, the value is left as it came, and
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
        export::normalize(self.compiled(), profile, args);
    }

    /// The JSON text of arguments a model sent under `profile`, read as
    /// [`validate_str`](Self::validate_str) reads it (its syntax errors
    /// located the same way), [`normalize`](Self::normalize)d and
    /// [`validate`](Self::validate)d: the arguments as normalized, or every
    /// failure. What [`ToolArgs::from_provider_args_str`](crate::ToolArgs::from_provider_args_str)
    /// does for a type, for a schema without one.
    ///
    /// ```
    /// use pedelec_schema::{Profile, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"roomId": {"type": "string"}, "note": {"type": "string"}},
    ///     "required": ["roomId"]
    /// }))?;
    /// let text = r#"{"roomId": "r1", "note": null}"#;
    /// assert!(schema.validate_str(text).is_err(), "the schema has no null");
    /// let args = schema.validate_provider_str(Profile::OpenAiStrict, text)?;
    /// assert_eq!(args, json!({"roomId": "r1"}));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate_provider_str(&self, profile: Profile, text: &str) -> Result<Value, ArgsError> {
        // The fast path takes only calls the schema accepts as they are,
        // which hold no `null` that `normalize` would take out.
        if let Some(args) = self.read_checked::<Value>(text) {
            return Ok(args);
        }
        let mut args = self.read_text(text)?;
        self.normalize(profile, &mut args);
        self.validate(&args)?;
        Ok(args)
    }
}
