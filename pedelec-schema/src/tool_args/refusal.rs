//! [`DeserializeError`]: serde refused a value that the schema accepted,
//! located in the arguments (the path serde_path_to_error tracked, as a
//! JSON Pointer) and in the schema (the node that accepted the value).

use std::fmt;

use serde::ser::{Serialize, SerializeStruct, Serializer};
use serde_json::Value;
use serde_path_to_error::Segment;

use crate::pointer;
use crate::schema::SchemaNode;
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::node_accepts;

/// serde refused arguments that matched the schema: where, and serde's
/// message. It is the one entry of the agent-facing `errors` of an
/// [`ArgsError::Deserialize`](super::ArgsError::Deserialize), with the
/// keyword `"deserialize"`:
///
/// ```
/// use pedelec_schema::{ArgsError, ToolArgs};
/// use serde::{Deserialize, Deserializer};
/// use serde_json::json;
///
/// /// An even number: the schema says integer, `Deserialize` says more.
/// #[derive(Debug, ToolArgs)]
/// struct Even(u32);
///
/// impl<'de> Deserialize<'de> for Even {
///     fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
///         let n = u32::deserialize(deserializer)?;
///         if n % 2 == 0 {
///             Ok(Even(n))
///         } else {
///             Err(serde::de::Error::custom(format!("{n} is odd")))
///         }
///     }
/// }
///
/// #[derive(Debug, Deserialize, ToolArgs)]
/// struct Pairs {
///     counts: Vec<Even>,
/// }
///
/// let error = Pairs::from_args(json!({"counts": [2, 3]})).unwrap_err();
/// let ArgsError::Deserialize(refusal) = &error else { panic!("{error}") };
/// assert_eq!(refusal.path(), "/counts/1");
/// assert_eq!(error.to_value()["errors"], json!([{
///     "path": "/counts/1",
///     "schema_path": "/properties/counts/items",
///     "keyword": "deserialize",
///     "message": "3 is odd"
/// }]));
/// ```
#[derive(Debug)]
pub struct DeserializeError {
    path: String,
    schema_path: String,
    error: serde_json::Error,
}

impl DeserializeError {
    /// The keyword of the agent-facing entry.
    pub const KEYWORD: &'static str = "deserialize";

    /// Locates what serde refused in `args`, which `schema` accepted.
    pub(crate) fn new(
        schema: &ToolArgsSchema,
        args: &Value,
        refused: serde_path_to_error::Error<serde_json::Error>,
    ) -> Self {
        let (path, schema_path) = locate(schema, args, refused.path());
        DeserializeError {
            path,
            schema_path,
            error: refused.into_inner(),
        }
    }

    /// Where in the arguments: the JSON Pointer of the value serde refused
    /// (`""` for the whole value). Inside a value that serde buffers before
    /// reading it (an internally tagged or untagged enum), it points at
    /// that value.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Where in the schema: the JSON Pointer of the node that accepted the
    /// value serde refused.
    pub fn schema_path(&self) -> &str {
        &self.schema_path
    }

    /// serde's message.
    pub fn message(&self) -> String {
        self.error.to_string()
    }

    /// serde's error.
    pub fn serde_error(&self) -> &serde_json::Error {
        &self.error
    }
}

/// `path: message`, with `(root)` for the whole value, as a
/// [`ValidationError`](crate::ValidationError) writes itself.
impl fmt::Display for DeserializeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "(root)"
        } else {
            &self.path
        };
        write!(f, "{path}: {}", self.error)
    }
}

impl std::error::Error for DeserializeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// `{"path","schema_path","keyword","message"}`, like a validation error.
/// Hand-written: `keyword` is a constant and `message` serde's, neither a
/// field.
impl Serialize for DeserializeError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("DeserializeError", 4)?;
        s.serialize_field("path", &self.path)?;
        s.serialize_field("schema_path", &self.schema_path)?;
        s.serialize_field("keyword", Self::KEYWORD)?;
        s.serialize_field("message", &self.message())?;
        s.end()
    }
}

/// The instance and schema pointers of serde's path, walking `args` and the
/// schema together. serde_path_to_error names map keys, sequence indices
/// and the variant of an externally tagged enum (the key of
/// `{"Variant": ...}`); an `Unknown` segment (a value serde buffered) ends
/// the walk where it is.
fn locate(
    schema: &ToolArgsSchema,
    args: &Value,
    path: &serde_path_to_error::Path,
) -> (String, String) {
    let mut instance = String::new();
    let mut schema_pointer = String::new();
    let root = SchemaNode::Object(schema.root().clone());
    let mut node = Some(&root);
    let mut value = Some(args);
    for segment in path.iter() {
        let step = match segment {
            Segment::Map { key } | Segment::Enum { variant: key } => Step::Key(key),
            Segment::Seq { index } => Step::Index(*index),
            Segment::Unknown => break,
        };
        // Inside a `oneOf`, the branch that accepted the value leads on.
        node = node.map(|n| matching_branch(n, value, &mut schema_pointer));
        match step {
            Step::Key(key) => {
                pointer::push(&mut instance, key);
                value = value.and_then(|v| v.get(key.as_str()));
                node = node.and_then(|n| property(n, key, &mut schema_pointer));
            }
            Step::Index(index) => {
                pointer::push_index(&mut instance, index);
                value = value.and_then(|v| v.get(index));
                node = node.and_then(|n| items(n, &mut schema_pointer));
            }
        }
    }
    if let Some(node) = node {
        matching_branch(node, value, &mut schema_pointer);
    }
    (instance, schema_pointer)
}

enum Step<'a> {
    Key(&'a String),
    Index(usize),
}

fn matching_branch<'n>(
    node: &'n SchemaNode,
    value: Option<&Value>,
    schema_pointer: &mut String,
) -> &'n SchemaNode {
    let (SchemaNode::OneOf(one_of), Some(value)) = (node, value) else {
        return node;
    };
    match one_of
        .branches
        .iter()
        .position(|branch| node_accepts(branch, value))
    {
        Some(index) => {
            pointer::push(schema_pointer, "oneOf");
            pointer::push_index(schema_pointer, index);
            matching_branch(&one_of.branches[index], Some(value), schema_pointer)
        }
        None => node,
    }
}

fn property<'n>(
    node: &'n SchemaNode,
    key: &str,
    schema_pointer: &mut String,
) -> Option<&'n SchemaNode> {
    let SchemaNode::Object(object) = node else {
        return None;
    };
    let found = object.property_node(key)?;
    pointer::push(schema_pointer, "properties");
    pointer::push(schema_pointer, key);
    Some(found)
}

fn items<'n>(node: &'n SchemaNode, schema_pointer: &mut String) -> Option<&'n SchemaNode> {
    let SchemaNode::Array(array) = node else {
        return None;
    };
    pointer::push(schema_pointer, "items");
    Some(&array.items)
}
