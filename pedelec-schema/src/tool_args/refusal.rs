//! Where serde refused a value that the schema accepted: in the arguments
//! (the path serde_path_to_error tracked, as a JSON Pointer) and in the
//! schema (the node that accepted the value), for a [`DeserializeError`].
//! The walk to that node follows the schema's compiled rules
//! (`validate/compiled.rs`), and under a `oneOf` the branch that owns the
//! value (`validate/choice.rs`); where none does - which no validated value
//! meets - it stops at the `oneOf`.

use serde_json::Value;
use serde_path_to_error::Segment;

use crate::document::DeserializeError;
use crate::pointer;
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::Kind;

/// What serde refused in `args`, which `schema` accepted, located.
pub(crate) fn refusal(
    schema: &ToolArgsSchema,
    args: &Value,
    refused: serde_path_to_error::Error<serde_json::Error>,
) -> DeserializeError {
    let (path, schema_path) = locate(schema, args, refused.path());
    DeserializeError::new(path, schema_path, refused.into_inner())
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
