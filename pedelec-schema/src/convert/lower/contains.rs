//! Whether one lowered node accepts everything another does, so that a
//! union drops a branch another contains. Conservative: "does not
//! contain" when unsure, so that a union is only ever written as exact
//! when it is.
//!
//! Whether two nodes can both accept a value is the model's own answer
//! (`validate/disjoint.rs`), which the lint gives for the `oneOf` it
//! checks too: a union that conversion writes as exact is one the lint
//! finds disjoint.

use serde_json::Value;

use crate::schema::{Metadata, SchemaNode};
use crate::validate::json_equal;

/// The JSON type family of a node (`integer` is a number); `None` for a
/// `oneOf`.
fn family(node: &SchemaNode) -> Option<&'static str> {
    Some(match node {
        SchemaNode::Number(_) | SchemaNode::Integer(_) => "number",
        SchemaNode::String(_) => "string",
        SchemaNode::Boolean(_) => "boolean",
        SchemaNode::Array(_) => "array",
        SchemaNode::Object(_) => "object",
        SchemaNode::OneOf(_) => return None,
    })
}

/// The values of the node's `enum`, as JSON.
fn enum_values(node: &SchemaNode) -> Option<Vec<Value>> {
    match node {
        SchemaNode::String(n) => n
            .enum_values
            .as_ref()
            .map(|values| values.iter().cloned().map(Value::String).collect()),
        SchemaNode::Number(n) | SchemaNode::Integer(n) => n
            .enum_values
            .as_ref()
            .map(|values| values.iter().cloned().map(Value::Number).collect()),
        SchemaNode::Boolean(n) => n
            .enum_values
            .as_ref()
            .map(|values| values.iter().copied().map(Value::Bool).collect()),
        _ => None,
    }
}

/// Whether `outer` accepts every value `inner` accepts.
pub(super) fn subsumes(outer: &SchemaNode, inner: &SchemaNode) -> bool {
    use SchemaNode as N;
    if same_constraints(outer, inner) {
        return true;
    }
    if family(outer).is_none() || family(inner).is_none() || family(outer) != family(inner) {
        return false;
    }
    if matches!(outer, N::Integer(_)) && !matches!(inner, N::Integer(_)) {
        return false;
    }
    if only_type(outer) || same_constraints_but_type(outer, inner) {
        return true;
    }
    match (enum_values(outer), enum_values(inner)) {
        (Some(outer_values), Some(inner_values)) if only_type_and_enum(outer) => inner_values
            .iter()
            .all(|v| outer_values.iter().any(|w| json_equal(v, w))),
        _ => false,
    }
}

/// Whether the node has no keyword but `type` (and metadata).
fn only_type(node: &SchemaNode) -> bool {
    match node {
        SchemaNode::String(n) => {
            n.enum_values.is_none()
                && n.min_length.is_none()
                && n.max_length.is_none()
                && n.pattern.is_none()
        }
        SchemaNode::Number(n) | SchemaNode::Integer(n) => {
            n.enum_values.is_none() && n.minimum.is_none() && n.maximum.is_none()
        }
        SchemaNode::Boolean(n) => n.enum_values.is_none(),
        SchemaNode::Object(n) => n.properties.is_empty() && n.required.is_empty(),
        // `items` is a keyword, and `oneOf` is no type.
        SchemaNode::Array(_) | SchemaNode::OneOf(_) => false,
    }
}

/// Whether the node has no keyword but `type`, `enum` (and metadata).
fn only_type_and_enum(node: &SchemaNode) -> bool {
    match node {
        SchemaNode::String(n) => {
            n.min_length.is_none() && n.max_length.is_none() && n.pattern.is_none()
        }
        SchemaNode::Number(n) | SchemaNode::Integer(n) => {
            n.minimum.is_none() && n.maximum.is_none()
        }
        SchemaNode::Boolean(_) => true,
        // An object always has `properties` and `required`.
        SchemaNode::Array(_) | SchemaNode::Object(_) | SchemaNode::OneOf(_) => false,
    }
}

/// The node without its own metadata (at the top).
fn bare(node: &SchemaNode) -> SchemaNode {
    let mut node = node.clone();
    *node.meta_mut() = Metadata::default();
    node
}

/// Whether both nodes are the same apart from metadata (at the top).
fn same_constraints(a: &SchemaNode, b: &SchemaNode) -> bool {
    bare(a) == bare(b)
}

/// Whether two number nodes are the same apart from metadata (at the top)
/// and whether they are `integer` or `number`.
fn same_constraints_but_type(a: &SchemaNode, b: &SchemaNode) -> bool {
    match (bare(a), bare(b)) {
        (
            SchemaNode::Number(x) | SchemaNode::Integer(x),
            SchemaNode::Number(y) | SchemaNode::Integer(y),
        ) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::lower::tests::parsed;
    use serde_json::json;

    fn subsumes(outer: &Value, inner: &Value) -> bool {
        super::subsumes(&parsed(outer), &parsed(inner))
    }

    #[test]
    fn plain_types_contain_their_refinements() {
        assert!(subsumes(
            &json!({"type": "number"}),
            &json!({"type": "integer"})
        ));
        assert!(!subsumes(
            &json!({"type": "integer"}),
            &json!({"type": "number"})
        ));
        assert!(subsumes(
            &json!({"type": "string", "enum": ["a", "b"]}),
            &json!({"type": "string", "enum": ["a"]})
        ));
        assert!(subsumes(
            &json!({"type": "string", "description": "x"}),
            &json!({"type": "string", "minLength": 2})
        ));
        assert!(!subsumes(
            &json!({"type": "string", "minLength": 1}),
            &json!({"type": "string"})
        ));
    }
}
