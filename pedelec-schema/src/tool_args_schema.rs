//! [`ToolArgsSchema`]: a checked root schema.

use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic};
use crate::error::SchemaError;
use crate::parse;
use crate::schema::{ObjectNode, SchemaNode};
use crate::validate::{ValidationErrors, Validator};

/// A root schema that is inside the subset: an object node whose every
/// keyword, bound, `required` name and `pattern` has been checked.
///
/// Build it once - from JSON, or from nodes built in code - and validate any
/// number of values with it. It is `Send + Sync`; share it behind an `Arc` or
/// a `static`.
///
/// ```
/// use pedelec_schema::ToolArgsSchema;
///
/// let schema = ToolArgsSchema::from_json_str(
///     r#"{"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}"#,
/// )?;
/// assert_eq!(schema.root().required, ["query"]);
///
/// let err = ToolArgsSchema::from_json_str(r#"{"type": "object", "additionalProperties": false}"#)
///     .unwrap_err();
/// assert_eq!(err.diagnostics()[0].pointer, "/additionalProperties");
/// # Ok::<(), pedelec_schema::SchemaError>(())
/// ```
#[derive(Debug, Clone)]
pub struct ToolArgsSchema {
    root: ObjectNode,
    /// The root compiled for validation.
    validator: Validator,
}

impl PartialEq for ToolArgsSchema {
    fn eq(&self, other: &Self) -> bool {
        self.root == other.root
    }
}

impl ToolArgsSchema {
    /// Checks a JSON schema and builds it, or returns every error found.
    pub fn from_value(value: &Value) -> Result<Self, SchemaError> {
        let (root, diagnostics) = parse::parse_root(value, None);
        match root {
            Some(root) => Ok(Self::prepared(root)),
            None => Err(SchemaError::new(diagnostics)),
        }
    }

    /// Parses JSON text, then checks it as [`from_value`](Self::from_value)
    /// does. Text that is not JSON gives one `invalid_json` error.
    pub fn from_json_str(text: &str) -> Result<Self, SchemaError> {
        let value: Value = serde_json::from_str(text).map_err(|err| {
            SchemaError::new(vec![Diagnostic::new(
                Code::InvalidJson,
                "",
                format!("the schema is not valid JSON: {err}"),
            )])
        })?;
        Self::from_value(&value)
    }

    /// Checks a root built in code. It passes the very checks a parsed schema
    /// passes (it is serialized and parsed again), so `minimum > maximum`, a
    /// `required` name without a property or an empty `oneOf` are errors here
    /// too.
    ///
    /// ```
    /// use pedelec_schema::{SchemaNode, ToolArgsSchema};
    ///
    /// let root = SchemaNode::object()
    ///     .required_property("delta", SchemaNode::integer().minimum(-10).maximum(10));
    /// let schema = ToolArgsSchema::new(root)?;
    /// assert_eq!(
    ///     schema.to_value()["properties"]["delta"],
    ///     serde_json::json!({"type": "integer", "minimum": -10, "maximum": 10})
    /// );
    /// # Ok::<(), pedelec_schema::SchemaError>(())
    /// ```
    pub fn new(root: ObjectNode) -> Result<Self, SchemaError> {
        let value = serde_json::to_value(&root).expect("a schema node always serializes");
        // Checked through JSON, but kept as built: the JSON map would have
        // sorted the properties by name.
        Self::from_value(&value).map(|_| Self::prepared(root))
    }

    fn prepared(root: ObjectNode) -> Self {
        let validator = Validator::root(&root);
        ToolArgsSchema { root, validator }
    }

    /// The root compiled for validation.
    pub(crate) fn validator(&self) -> &Validator {
        &self.validator
    }

    /// The root object node.
    pub fn root(&self) -> &ObjectNode {
        &self.root
    }

    /// The root as a [`SchemaNode`].
    pub fn to_node(&self) -> SchemaNode {
        SchemaNode::Object(self.root.clone())
    }

    /// The schema as JSON, in the canonical key order.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(&self.root).expect("a schema node always serializes")
    }
}

impl Serialize for ToolArgsSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.root.serialize(serializer)
    }
}

impl ToolArgsSchema {
    /// Checks `args` and reports every failure, or `Ok(())`. It never fills
    /// in a `default`, and never panics, whatever the value.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"role": {"type": "string", "enum": ["viewer", "editor"]}},
    ///     "required": ["role"]
    /// }))?;
    /// let errors = schema.validate(&json!({"role": "owner"})).unwrap_err();
    /// assert_eq!(errors.errors()[0].message(), r#""owner" is not allowed here; use one of "viewer", "editor""#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self, args: &Value) -> Result<(), ValidationErrors> {
        let errors = self.validator.errors(args);
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ValidationErrors::new(errors))
        }
    }

    /// Whether `args` passes; stops at the first failure and allocates
    /// nothing.
    pub fn is_valid(&self, args: &Value) -> bool {
        self.validator.accepts(args)
    }
}
