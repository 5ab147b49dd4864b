//! Whether two lowered nodes can both accept a value, and whether one
//! accepts everything the other does. Both answers are conservative: "may
//! overlap" and "does not contain" when unsure, so that a union is only
//! ever written as exact when it is.
//!
//! Convert's own answers, on the model: the model's disjointness
//! (`validate/disjoint.rs`) answers otherwise in places (a tag tells
//! objects apart here only when both require it; an `enum` that does not
//! decide leaves the bounds to be compared), which the tests below pin,
//! and convert's output depends on these answers.

use std::cmp::Ordering;

use serde_json::{Number, Value};

use super::probe;
use crate::numeric;
use crate::schema::{Metadata, ObjectNode, SchemaNode};
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

/// Whether no value can pass both `a` and `b`.
pub(super) fn disjoint(a: &SchemaNode, b: &SchemaNode) -> bool {
    use SchemaNode as N;
    if let N::OneOf(one_of) = a {
        return one_of.branches.iter().all(|branch| disjoint(branch, b));
    }
    if let N::OneOf(one_of) = b {
        return one_of.branches.iter().all(|branch| disjoint(a, branch));
    }
    if family(a) != family(b) {
        return true;
    }
    if enum_outside(a, b) || enum_outside(b, a) {
        return true;
    }
    match (a, b) {
        (N::Number(x) | N::Integer(x), N::Number(y) | N::Integer(y)) => {
            numbers_apart(&x.maximum, &y.minimum) || numbers_apart(&y.maximum, &x.minimum)
        }
        (N::String(x), N::String(y)) => {
            counts_apart(x.max_length, y.min_length) || counts_apart(y.max_length, x.min_length)
        }
        (N::Array(x), N::Array(y)) => {
            counts_apart(x.max_items, y.min_items)
                || counts_apart(y.max_items, x.min_items)
                || (non_empty(x.min_items)
                    && non_empty(y.min_items)
                    && disjoint(&x.items, &y.items))
        }
        (N::Object(x), N::Object(y)) => objects_apart(x, y),
        _ => false,
    }
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

/// Whether `a` lists its values and `b` refuses every one of them.
fn enum_outside(a: &SchemaNode, b: &SchemaNode) -> bool {
    let Some(values) = enum_values(a) else {
        return false;
    };
    values
        .iter()
        .all(|value| probe::accepts(b, value) == Some(false))
}

/// Whether everything below `high` is below `low`: both bounds set and
/// `high < low`.
fn numbers_apart(high: &Option<Number>, low: &Option<Number>) -> bool {
    match (high, low) {
        (Some(high), Some(low)) => numeric::compare(high, low) == Ordering::Less,
        _ => false,
    }
}

fn counts_apart(high: Option<u64>, low: Option<u64>) -> bool {
    matches!((high, low), (Some(high), Some(low)) if high < low)
}

fn non_empty(min_items: Option<u64>) -> bool {
    min_items.is_some_and(|min| min > 0)
}

/// Whether a property both objects require cannot take one value in both:
/// the tag of a tagged union.
fn objects_apart(a: &ObjectNode, b: &ObjectNode) -> bool {
    a.required
        .iter()
        .filter(|name| b.required.contains(name))
        .any(
            |name| match (a.property_node(name), b.property_node(name)) {
                (Some(x), Some(y)) => disjoint(x, y),
                _ => false,
            },
        )
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

    fn disjoint(a: &Value, b: &Value) -> bool {
        super::disjoint(&parsed(a), &parsed(b))
    }

    fn subsumes(outer: &Value, inner: &Value) -> bool {
        super::subsumes(&parsed(outer), &parsed(inner))
    }

    #[test]
    fn different_types_and_tags_are_disjoint() {
        assert!(disjoint(
            &json!({"type": "string"}),
            &json!({"type": "integer"})
        ));
        assert!(!disjoint(
            &json!({"type": "number"}),
            &json!({"type": "integer"})
        ));
        let tagged = |tag: &str| {
            json!({"type": "object", "properties": {"kind": {"type": "string", "enum": [tag]}},
                   "required": ["kind"]})
        };
        assert!(disjoint(&tagged("a"), &tagged("b")));
        assert!(!disjoint(&tagged("a"), &tagged("a")));
        assert!(disjoint(
            &json!({"type": "integer", "maximum": 0}),
            &json!({"type": "integer", "minimum": 1})
        ));
        assert!(!disjoint(
            &json!({"type": "string", "minLength": 1}),
            &json!({"type": "string", "pattern": "x"})
        ));
    }

    /// Where this disjointness differs from the model's
    /// (`validate/disjoint.rs`): a tag tells objects apart only when both
    /// require it; an `enum` that does not decide leaves the bounds to be
    /// compared. (On JSON it also told `null` and a node without `type`
    /// apart by their `type` string; lowered nodes are neither.)
    #[test]
    fn where_it_differs_from_the_models() {
        let tag = |value: &str| json!({"type": "string", "enum": [value]});
        let required =
            json!({"type": "object", "properties": {"kind": tag("a")}, "required": ["kind"]});
        let optional = json!({"type": "object", "properties": {"kind": tag("b")}});
        assert!(!disjoint(&required, &optional));
        assert!(!disjoint(&optional, &required));
        assert!(disjoint(
            &json!({"type": "string", "enum": ["abc"], "maxLength": 1}),
            &json!({"type": "string", "minLength": 2})
        ));
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
