//! Join: the tightest subset node that accepts every value any of some
//! nodes accepts, where one node must stand for several (the positions of
//! a tuple, the shapes of a root union). Nodes of different types stay
//! apart, as `oneOf` branches (which never overlap); nodes of one type
//! keep the constraints they share: the wider bound, the union of their
//! `enum`s, the properties every one of them describes.
//!
//! `None` means the join accepts anything, which the subset cannot write.

use std::cmp::Ordering;

use serde_json::{Number, Value};

use super::object::in_map_order;
use crate::numeric;
use crate::schema::{
    ArrayNode, BooleanNode, Metadata, NumberNode, ObjectNode, OneOfNode, Property, SchemaNode,
    StringNode,
};
use crate::validate::json_equal;

/// The join of `nodes` (at least one).
pub(super) fn join_all(nodes: &[SchemaNode]) -> Option<SchemaNode> {
    let mut flat: Vec<&SchemaNode> = Vec::new();
    for node in nodes {
        flatten(node, &mut flat);
    }
    let mut groups: Vec<(Family, SchemaNode)> = Vec::new();
    for node in flat {
        let family = family(node)?;
        match groups.iter_mut().find(|(f, _)| *f == family) {
            Some((_, joined)) => *joined = join(joined, node)?,
            None => groups.push((family, node.clone())),
        }
    }
    match groups.len() {
        0 => None,
        1 => groups.pop().map(|(_, node)| node),
        _ => Some(OneOfNode::new(groups.into_iter().map(|(_, node)| node)).into()),
    }
}

fn flatten<'v>(node: &'v SchemaNode, out: &mut Vec<&'v SchemaNode>) {
    match node {
        SchemaNode::OneOf(one_of) => one_of
            .branches
            .iter()
            .for_each(|branch| flatten(branch, out)),
        other => out.push(other),
    }
}

/// The JSON type family of a node (`integer` is a number); `None` for a
/// `oneOf`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Number,
    String,
    Boolean,
    Array,
    Object,
}

fn family(node: &SchemaNode) -> Option<Family> {
    Some(match node {
        SchemaNode::Number(_) | SchemaNode::Integer(_) => Family::Number,
        SchemaNode::String(_) => Family::String,
        SchemaNode::Boolean(_) => Family::Boolean,
        SchemaNode::Array(_) => Family::Array,
        SchemaNode::Object(_) => Family::Object,
        SchemaNode::OneOf(_) => return None,
    })
}

/// The join of two nodes of one family.
fn join(a: &SchemaNode, b: &SchemaNode) -> Option<SchemaNode> {
    use SchemaNode as N;
    let mut joined: SchemaNode = match (a, b) {
        (N::Integer(x), N::Integer(y)) => N::Integer(join_numbers(x, y)),
        (N::Number(x) | N::Integer(x), N::Number(y) | N::Integer(y)) => {
            N::Number(join_numbers(x, y))
        }
        (N::String(x), N::String(y)) => N::String(StringNode {
            enum_values: enum_union(&x.enum_values, &y.enum_values, |v, w| v == w),
            min_length: wider(x.min_length, y.min_length, Ordering::Less),
            max_length: wider(x.max_length, y.max_length, Ordering::Greater),
            pattern: x.pattern.clone().filter(|p| y.pattern.as_ref() == Some(p)),
            meta: Metadata::default(),
        }),
        (N::Boolean(x), N::Boolean(y)) => N::Boolean(BooleanNode {
            enum_values: enum_union(&x.enum_values, &y.enum_values, |v, w| v == w),
            meta: Metadata::default(),
        }),
        (N::Array(x), N::Array(y)) => {
            let items = join_all(&[(*x.items).clone(), (*y.items).clone()])?;
            let mut array = ArrayNode::new(items);
            array.min_items = wider(x.min_items, y.min_items, Ordering::Less);
            array.max_items = wider(x.max_items, y.max_items, Ordering::Greater);
            array.unique_items = x.unique_items && y.unique_items;
            N::Array(array)
        }
        (N::Object(x), N::Object(y)) => N::Object(join_objects(x, y)),
        _ => return None,
    };
    let (a_meta, b_meta) = (a.meta(), b.meta());
    if a_meta.description.is_some() && a_meta.description == b_meta.description {
        joined.meta_mut().description = a_meta.description.clone();
    }
    Some(joined)
}

fn join_numbers(x: &NumberNode, y: &NumberNode) -> NumberNode {
    let number_equal =
        |v: &Number, w: &Number| json_equal(&Value::Number(v.clone()), &Value::Number(w.clone()));
    NumberNode {
        enum_values: enum_union(&x.enum_values, &y.enum_values, number_equal),
        minimum: wider_number(&x.minimum, &y.minimum, Ordering::Less),
        maximum: wider_number(&x.maximum, &y.maximum, Ordering::Greater),
        meta: Metadata::default(),
    }
}

/// Both `enum`s together, when both nodes have one; a value already
/// listed (by validation's equality) is listed once.
fn enum_union<T: Clone>(
    a: &Option<Vec<T>>,
    b: &Option<Vec<T>>,
    equal: impl Fn(&T, &T) -> bool,
) -> Option<Vec<T>> {
    let (Some(a_values), Some(b_values)) = (a, b) else {
        return None;
    };
    let mut values = a_values.clone();
    for value in b_values {
        if !values.iter().any(|v| equal(v, value)) {
            values.push(value.clone());
        }
    }
    Some(values)
}

/// The wider of two counts, when both nodes have one (`Less` keeps the
/// lesser).
fn wider(a: Option<u64>, b: Option<u64>, wider: Ordering) -> Option<u64> {
    let (a, b) = (a?, b?);
    Some(if a.cmp(&b) == wider { a } else { b })
}

/// The wider of two bounds, when both nodes have one.
fn wider_number(a: &Option<Number>, b: &Option<Number>, wider: Ordering) -> Option<Number> {
    let (Some(x), Some(y)) = (a, b) else {
        return None;
    };
    Some(if numeric::compare(x, y) == wider {
        x.clone()
    } else {
        y.clone()
    })
}

/// The properties both objects describe, joined (a property whose join
/// accepts anything is left out), required where both require them.
fn join_objects(a: &ObjectNode, b: &ObjectNode) -> ObjectNode {
    let mut properties = Vec::new();
    for property in &a.properties {
        let Some(b_node) = b.property_node(&property.name) else {
            continue;
        };
        if let Some(node) = join_all(&[property.node.clone(), b_node.clone()]) {
            properties.push(Property {
                name: property.name.clone(),
                node,
            });
        }
    }
    in_map_order(&mut properties);
    let required = properties
        .iter()
        .map(|p| &p.name)
        .filter(|name| a.required.contains(name) && b.required.contains(name))
        .cloned()
        .collect();
    ObjectNode {
        properties,
        required,
        meta: Metadata::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::lower::tests::parsed;
    use serde_json::json;

    fn join_all(nodes: &[Value]) -> Option<Value> {
        let nodes: Vec<SchemaNode> = nodes.iter().map(parsed).collect();
        super::join_all(&nodes).map(|node| node.to_value())
    }

    #[test]
    fn joins_keep_what_both_share() {
        let joined = join_all(&[
            json!({"type": "integer", "minimum": 0, "maximum": 10, "enum": [1]}),
            json!({"type": "number", "minimum": -5, "enum": [2.5]}),
        ])
        .unwrap();
        assert_eq!(
            joined,
            json!({"type": "number", "minimum": -5, "enum": [1, 2.5]})
        );
    }

    /// `enum` values are merged under validation's equality: numbers by
    /// value.
    #[test]
    fn enum_values_merge_under_validation_equality() {
        let joined = join_all(&[
            json!({"type": "number", "enum": [1, 2]}),
            json!({"type": "number", "enum": [1.0, 2.0, 3]}),
        ])
        .unwrap();
        assert_eq!(joined, json!({"type": "number", "enum": [1, 2, 3]}));
    }

    #[test]
    fn types_stay_apart() {
        let joined = join_all(&[
            json!({"type": "string"}),
            json!({"type": "integer"}),
            json!({"type": "string", "minLength": 1}),
        ])
        .unwrap();
        assert_eq!(
            joined,
            json!({"oneOf": [{"type": "string"}, {"type": "integer"}]})
        );
    }

    #[test]
    fn objects_keep_shared_properties() {
        let joined = join_all(&[
            json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
                   "required": ["a", "b"]}),
            json!({"type": "object", "properties": {"a": {"type": "string", "minLength": 1}},
                   "required": ["a"]}),
        ])
        .unwrap();
        assert_eq!(
            joined,
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]})
        );
    }
}
