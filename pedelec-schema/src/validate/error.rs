use std::fmt;

use serde::ser::{Serialize, SerializeStruct, Serializer};

/// One way a value failed its schema.
///
/// Serializes as `{"path","schema_path","keyword","message"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationError {
    /// Where in the value: a JSON Pointer (RFC 6901); `""` is the whole value.
    pub path: String,
    /// Where in the schema: a JSON Pointer to the keyword that failed.
    pub schema_path: String,
    /// The keyword that failed: `type`, `required`, `maximum`, `oneOf`, ...
    pub keyword: &'static str,
    /// What is wrong, in words an agent can act on.
    pub message: String,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "(root)"
        } else {
            &self.path
        };
        write!(f, "{path}: {}", self.message)
    }
}

impl Serialize for ValidationError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("ValidationError", 4)?;
        s.serialize_field("path", &self.path)?;
        s.serialize_field("schema_path", &self.schema_path)?;
        s.serialize_field("keyword", self.keyword)?;
        s.serialize_field("message", &self.message)?;
        s.end()
    }
}

/// Every way a value failed its schema, in a deterministic order: a node's
/// own keywords, then an object's properties by name (a missing required
/// property at its name's place), array items by index.
///
/// It serializes as the agent-facing error object that a tool handler
/// returns under `"error"`:
///
/// ```
/// use pedelec_schema::ToolArgsSchema;
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"delta": {"type": "integer", "minimum": -10, "maximum": 10}},
///     "required": ["delta"]
/// }))?;
/// let errors = schema.validate(&json!({"delta": 15})).unwrap_err();
/// assert_eq!(serde_json::to_value(&errors)?, json!({
///     "code": "INVALID_ARGS",
///     "message": "The arguments do not match the tool's argsSchema: /delta: 15 is greater than the maximum 10",
///     "errors": [{
///         "path": "/delta",
///         "schema_path": "/properties/delta/maximum",
///         "keyword": "maximum",
///         "message": "15 is greater than the maximum 10"
///     }]
/// }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationErrors {
    errors: Vec<ValidationError>,
}

impl ValidationErrors {
    /// The agent-facing error code.
    pub const CODE: &'static str = "INVALID_ARGS";

    pub(crate) fn new(errors: Vec<ValidationError>) -> Self {
        debug_assert!(!errors.is_empty());
        ValidationErrors { errors }
    }

    /// The failures, never empty.
    pub fn errors(&self) -> &[ValidationError] {
        &self.errors
    }

    /// The failures, owned.
    pub fn into_errors(self) -> Vec<ValidationError> {
        self.errors
    }

    /// One sentence naming every failure: the agent-facing `message`.
    pub fn message(&self) -> String {
        /// A message stays readable; the full list is in `errors`.
        const LISTED: usize = 5;
        let listed: Vec<String> = self
            .errors
            .iter()
            .take(LISTED)
            .map(ToString::to_string)
            .collect();
        let rest = self.errors.len().saturating_sub(LISTED);
        let more = if rest > 0 {
            format!("; and {rest} more (see errors)")
        } else {
            String::new()
        };
        format!(
            "The arguments do not match the tool's argsSchema: {}{more}",
            listed.join("; ")
        )
    }

    /// The agent-facing error object,
    /// `{"code": "INVALID_ARGS", "message": ..., "errors": [...]}`.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("validation errors always serialize")
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ValidationErrors {}

impl Serialize for ValidationErrors {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("ValidationErrors", 3)?;
        s.serialize_field("code", Self::CODE)?;
        s.serialize_field("message", &self.message())?;
        s.serialize_field("errors", &self.errors)?;
        s.end()
    }
}
