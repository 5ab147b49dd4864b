//! [`DeserializeError`]: serde refused a value that the schema accepted,
//! located in the arguments (the path serde_path_to_error tracked, as a
//! JSON Pointer) and in the schema (the node that accepted the value).
//! The walk to that node follows the schema's compiled rules
//! (`validate/compiled.rs`), and under a `oneOf` the branch that owns the
//! value (`validate/choice.rs`); where none does - which no validated value
//! meets - it stops at the `oneOf`.

use std::fmt;
use std::sync::Arc;

use serde::ser::{Serialize, Serializer};
use serde_json::Value;
use serde_path_to_error::Segment;

use crate::pointer;
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::{Kind, ValidationError};

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
pub struct DeserializeError {
    refused: Arc<Refused>,
    /// The same refusal as an entry of the agent-facing `errors`, sharing
    /// `refused`: what [`ArgsError::errors`](super::ArgsError::errors)
    /// lists.
    entry: Box<ValidationError>,
}

/// What a [`DeserializeError`] says, shared with its [`ValidationError`]
/// entry.
#[derive(Debug)]
pub(crate) struct Refused {
    path: String,
    schema_path: String,
    error: serde_json::Error,
}

impl Refused {
    /// [`DeserializeError::path`].
    pub(crate) fn path(&self) -> &str {
        &self.path
    }

    /// [`DeserializeError::schema_path`].
    pub(crate) fn schema_path(&self) -> &str {
        &self.schema_path
    }

    /// [`DeserializeError::serde_error`].
    pub(crate) fn error(&self) -> &serde_json::Error {
        &self.error
    }
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
        let refused = Arc::new(Refused {
            path,
            schema_path,
            error: refused.into_inner(),
        });
        DeserializeError {
            entry: Box::new(ValidationError::deserialize(Arc::clone(&refused))),
            refused,
        }
    }

    /// Where in the arguments: the JSON Pointer of the value serde refused
    /// (`""` for the whole value). Inside a value that serde buffers before
    /// reading it (an internally tagged or untagged enum), it points at
    /// that value.
    pub fn path(&self) -> &str {
        &self.refused.path
    }

    /// Where in the schema: the JSON Pointer of the node that accepted the
    /// value serde refused.
    pub fn schema_path(&self) -> &str {
        &self.refused.schema_path
    }

    /// serde's message.
    pub fn message(&self) -> String {
        self.refused.error.to_string()
    }

    /// serde's error.
    pub fn serde_error(&self) -> &serde_json::Error {
        &self.refused.error
    }

    /// The refusal as the one entry of the agent-facing `errors`: a
    /// [`ValidationError`] of the kind
    /// [`Deserialize`](crate::ValidationErrorKind::Deserialize), with this
    /// refusal's path, schema path and message.
    /// [`ArgsError::errors`](super::ArgsError::errors) lists it.
    pub fn as_validation_error(&self) -> &ValidationError {
        &self.entry
    }
}

/// The refusal's own fields, as a derived `Debug` shows them.
impl fmt::Debug for DeserializeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeserializeError")
            .field("path", &self.refused.path)
            .field("schema_path", &self.refused.schema_path)
            .field("error", &self.refused.error)
            .finish()
    }
}

/// `path: message`, with `(root)` for the whole value, as a
/// [`ValidationError`](crate::ValidationError) writes itself.
impl fmt::Display for DeserializeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.refused.path.is_empty() {
            "(root)"
        } else {
            &self.refused.path
        };
        write!(f, "{path}: {}", self.refused.error)
    }
}

impl std::error::Error for DeserializeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.refused.error)
    }
}

/// `{"path","schema_path","keyword","message"}`, like a validation error:
/// its entry's.
impl Serialize for DeserializeError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.entry.serialize(serializer)
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
    let mut node = Some(Kind::Object(schema.compiled()));
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

/// The node that checks `value` at `node`: under a `oneOf`, the branch that
/// owns it (and so on down nested `oneOf`s), whose place `schema_pointer`
/// is extended by; `node` itself otherwise.
fn matching_branch<'s>(
    node: Kind<'s>,
    value: Option<&Value>,
    schema_pointer: &mut String,
) -> Kind<'s> {
    let (Kind::OneOf(one_of), Some(value)) = (node, value) else {
        return node;
    };
    match one_of.owner(value) {
        Some(index) => {
            pointer::push(schema_pointer, "oneOf");
            pointer::push_index(schema_pointer, index);
            matching_branch(one_of.branch(index).kind(), Some(value), schema_pointer)
        }
        None => node,
    }
}

fn property<'s>(node: Kind<'s>, key: &str, schema_pointer: &mut String) -> Option<Kind<'s>> {
    let Kind::Object(object) = node else {
        return None;
    };
    let found = object.property(key)?;
    pointer::push(schema_pointer, "properties");
    pointer::push(schema_pointer, key);
    Some(found.node.kind())
}

fn items<'s>(node: Kind<'s>, schema_pointer: &mut String) -> Option<Kind<'s>> {
    let Kind::Array(array) = node else {
        return None;
    };
    pointer::push(schema_pointer, "items");
    Some(array.items().kind())
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::matching_branch;
    use crate::tool_args_schema::ToolArgsSchema;

    /// The schema pointer `matching_branch` reaches from the `oneOf` at
    /// `/properties/v`, for `value`.
    fn reached(one_of: Value, value: Value) -> String {
        let schema =
            ToolArgsSchema::from_value(&json!({"type": "object", "properties": {"v": one_of}}))
                .unwrap();
        let node = schema.compiled().property("v").unwrap().node.kind();
        let mut pointer = String::new();
        matching_branch(node, Some(&value), &mut pointer);
        pointer
    }

    #[test]
    fn the_branch_that_accepts_the_value_leads_on_through_nested_one_ofs() {
        let one_of = json!({"oneOf": [
            {"type": "string"},
            {"oneOf": [{"type": "integer"}, {"type": "boolean"}]}
        ]});
        assert_eq!(reached(one_of.clone(), json!("x")), "/oneOf/0");
        assert_eq!(reached(one_of.clone(), json!(true)), "/oneOf/1/oneOf/1");
        assert_eq!(reached(one_of, json!(null)), "", "no branch: the oneOf");
    }

    /// Validation proves one branch owns the value; a value two branches
    /// accept has no owner, and the walk stops at the `oneOf`. (It went to
    /// the first of them before the choice was made in one place,
    /// `validate/choice.rs`.)
    #[test]
    fn a_value_two_branches_accept_stops_at_the_one_of() {
        let one_of = json!({"oneOf": [{"type": "number"}, {"type": "integer"}]});
        assert_eq!(reached(one_of, json!(1)), "");
    }
}
