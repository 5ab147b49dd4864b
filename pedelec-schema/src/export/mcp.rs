//! MCP's `inputSchema`: our schema as it is, written as [`OrderedJson`] so
//! that it keeps our serialization's order (`schema/serialize.rs`: the
//! canonical keyword order, `properties` in the model's order).
//!
//! Our serialization is taken once as a `Value`, whose map may sort the
//! keys; the walk then puts each node's keywords back in the canonical
//! order and its `properties` in the model's, descending through the model
//! beside the `Value`. Data (`enum`, `default`, `examples`) is written as
//! the `Value` has it.

use serde_json::{Map, Value};

use super::json::OrderedJson;
use super::Exported;
use crate::schema::{keyword_rank, ObjectNode, SchemaNode};

/// `root` as it is.
pub(super) fn export(root: &ObjectNode) -> Exported {
    let value = serde_json::to_value(root).expect("a schema node always serializes");
    Exported {
        schema: object(root, value),
        changes: Vec::new(),
    }
}

/// `value`, our serialization of `node`, in order.
fn node(node: &SchemaNode, value: Value) -> OrderedJson {
    match node {
        SchemaNode::Object(object_node) => object(object_node, value),
        SchemaNode::Array(array) => keywords(value, |key, value| match key {
            "items" => self::node(&array.items, value),
            _ => OrderedJson::from(value),
        }),
        SchemaNode::OneOf(one_of) => keywords(value, |key, value| match (key, value) {
            ("oneOf", Value::Array(branches)) => OrderedJson::array(
                one_of
                    .branches
                    .iter()
                    .zip(branches)
                    .map(|(branch, value)| self::node(branch, value)),
            ),
            (_, value) => OrderedJson::from(value),
        }),
        _ => keywords(value, |_, value| OrderedJson::from(value)),
    }
}

/// An object node: `properties` in the model's order.
fn object(node: &ObjectNode, value: Value) -> OrderedJson {
    keywords(value, |key, value| match (key, value) {
        ("properties", Value::Object(mut properties)) => {
            OrderedJson::object(node.properties.iter().filter_map(|property| {
                let value = properties.remove(&property.name)?;
                Some((property.name.clone(), self::node(&property.node, value)))
            }))
        }
        (_, value) => OrderedJson::from(value),
    })
}

/// A node's JSON with its keywords in the canonical order, each value
/// written by `write`.
fn keywords(value: Value, mut write: impl FnMut(&str, Value) -> OrderedJson) -> OrderedJson {
    let Value::Object(map) = value else {
        return OrderedJson::from(value);
    };
    let mut entries: Vec<(String, Value)> = Map::into_iter(map).collect();
    entries.sort_by_key(|(key, _)| keyword_rank(key));
    OrderedJson::object(entries.into_iter().map(|(key, value)| {
        let json = write(&key, value);
        (key, json)
    }))
}
