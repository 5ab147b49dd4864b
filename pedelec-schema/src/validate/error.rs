//! The public errors of validation: [`ValidationError`] (one failure, with
//! its path, schema path, keyword and message, all written when read) and
//! [`ValidationErrors`] (all of them, serializing as the agent-facing error
//! object).
//!
//! The two types here and `Failure` (`failure.rs`) refer to each other: an
//! error holds the failure it reports, and a `oneOf` failure holds, for
//! each branch, the first errors that branch produced, so that its message
//! can explain why no branch (or more than one) accepted the value. The
//! recursion is bounded by the schema's depth.

use std::fmt::{self, Display, Formatter};

use std::sync::Arc;

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::failure::Failure;
use super::site::Span;
use super::trail::{instance_pointer, Indices};

/// One way a value failed its schema.
///
/// Serializes as `{"path","schema_path","keyword","message"}`. The paths
/// and the message are written when they are read, not when the error is
/// found: collecting errors stays cheap, and reading one costs what
/// formatting it costs.
///
/// ```
/// use pedelec_schema::ToolArgsSchema;
/// use serde_json::json;
///
/// let schema = ToolArgsSchema::from_value(&json!({
///     "type": "object",
///     "properties": {"tags": {"type": "array", "items": {"type": "string"}}}
/// }))?;
/// let errors = schema.validate(&json!({"tags": ["a", 7]})).unwrap_err();
/// let error = &errors.errors()[0];
/// assert_eq!(error.path(), "/tags/1");
/// assert_eq!(error.schema_path(), "/properties/tags/items/type");
/// assert_eq!(error.keyword(), "type");
/// assert_eq!(error.message(), "expected a string, found the number 7");
/// assert_eq!(error.to_string(), "/tags/1: expected a string, found the number 7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct ValidationError {
    /// The array indices on the way to the value that failed.
    indices: Indices,
    /// The compiled schema's pointers, which `site` refers to.
    pointers: Arc<str>,
    /// The schema pointer of the node that failed.
    site: Span,
    /// How much of that pointer leads to the node the walk started at;
    /// the path is relative to that node's value. It is 0 but for the
    /// errors that explain a `oneOf` branch, which are located relative to
    /// the branch's value.
    start: usize,
    pub(super) failure: Failure,
}

impl ValidationError {
    pub(crate) fn new(
        indices: Indices,
        pointers: Arc<str>,
        site: Span,
        start: usize,
        failure: Failure,
    ) -> Self {
        ValidationError {
            indices,
            pointers,
            site,
            start,
            failure,
        }
    }

    /// An unknown property `name` of the object that the node at
    /// `object_pointer` checked, reached through the array `indices`; its
    /// path is the property's own. Built by the unknown-property walk
    /// (`intake/`), outside the compiled walk, so it carries its own
    /// pointer.
    pub(crate) fn unknown_property(
        object_pointer: &str,
        indices: &[usize],
        name: &str,
        suggestion: Option<&str>,
    ) -> Self {
        ValidationError::new(
            Indices::Heap(indices.into()),
            Arc::from(object_pointer),
            Span::whole(object_pointer),
            0,
            Failure::UnknownProperty {
                name: name.into(),
                suggestion: suggestion.map(Box::from),
            },
        )
    }

    /// Where in the value: a JSON Pointer (RFC 6901); `""` is the whole value.
    pub fn path(&self) -> String {
        let schema_pointer = self.site.of(&self.pointers);
        let mut path = instance_pointer(
            schema_pointer.get(self.start..).unwrap_or_default(),
            &self.indices,
        );
        if let Some(property) = self.failure.property() {
            crate::pointer::push(&mut path, property);
        }
        path
    }

    /// Where in the schema: a JSON Pointer to the keyword that failed.
    pub fn schema_path(&self) -> String {
        SchemaPath(self).to_string()
    }

    /// The keyword that failed: `type`, `required`, `maximum`, `oneOf`, ...
    pub fn keyword(&self) -> &'static str {
        self.failure.keyword()
    }

    /// What is wrong, in words an agent can act on.
    pub fn message(&self) -> String {
        self.failure.to_string()
    }
}

/// The schema pointer, written without building it first.
struct SchemaPath<'a>(&'a ValidationError);

impl Display for SchemaPath<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        // Keywords hold neither `~` nor `/`: nothing to escape.
        write!(
            f,
            "{}/{}",
            self.0.site.of(&self.0.pointers),
            self.0.keyword()
        )
    }
}

/// `path: message`, with `(root)` for the whole value.
impl Display for ValidationError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let path = self.path();
        let path = if path.is_empty() { "(root)" } else { &path };
        write!(f, "{path}: {}", self.failure)
    }
}

impl fmt::Debug for ValidationError {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.debug_struct("ValidationError")
            .field("path", &self.path())
            .field("schema_path", &self.schema_path())
            .field("keyword", &self.keyword())
            .field("message", &self.message())
            .finish()
    }
}

/// Two errors are equal when they say the same thing about the same place.
impl PartialEq for ValidationError {
    fn eq(&self, other: &Self) -> bool {
        self.path() == other.path()
            && self.site.of(&self.pointers) == other.site.of(&other.pointers)
            && self.keyword() == other.keyword()
            && self.message() == other.message()
    }
}

impl Eq for ValidationError {}

impl Serialize for ValidationError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("ValidationError", 4)?;
        s.serialize_field("path", &self.path())?;
        s.serialize_field("schema_path", &Written(SchemaPath(self)))?;
        s.serialize_field("keyword", self.keyword())?;
        s.serialize_field("message", &Written(&self.failure))?;
        s.end()
    }
}

/// Serializes a `Display` value as a string, written straight into the
/// output.
struct Written<T>(T);

impl<T: Display> Serialize for Written<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
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
