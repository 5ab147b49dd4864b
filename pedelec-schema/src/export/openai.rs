//! OpenAI strict mode (Structured Outputs for function calling): every
//! object closed and with every property required, optional properties
//! nullable, `oneOf` as `anyOf`, and no `default`, `examples`,
//! `minLength`, `maxLength` or `uniqueItems`. The documented size limits
//! are counted on the way ([`limits`](super::limits)).

use serde_json::Value;

use super::emit::{any_of, closed_object, Examples, Lacks, MetaRules, Walk, Written};
use super::limits::{openai_long_enum, Tally};
use super::Exported;
use crate::change::ChangeCode;
use crate::json::OrderedJson;
use crate::schema::{
    ArrayNode, BooleanNode, NumberNode, ObjectNode, OneOfNode, SchemaNode, StringNode,
};

const PROVIDER: &str = "OpenAI strict mode";

/// OpenAI's page lists the keywords strict mode supports; the ones it
/// leaves out are said to be outside that list, not refused.
const LACKS: Lacks = Lacks::Undocumented("OpenAI");

const META: MetaRules = MetaRules {
    provider: "OpenAI",
    keep_default: false,
    examples: Examples::ToDescription,
};

/// `root` written for OpenAI strict mode.
pub(super) fn export(root: &ObjectNode) -> Exported {
    let mut walk = Walk::new();
    let schema = object(&mut walk, root, 0, false);
    walk.finish(schema, Tally::openai_findings)
}

/// `node`, `depth` levels below the root; `nullable` for the node of an
/// optional property, which must also accept `null`.
fn node(walk: &mut Walk, node: &SchemaNode, depth: usize, nullable: bool) -> OrderedJson {
    walk.count_depth(depth);
    match node {
        SchemaNode::String(string) => string_node(walk, string, nullable),
        SchemaNode::Number(number) => number_node(walk, "number", number, nullable),
        SchemaNode::Integer(number) => number_node(walk, "integer", number, nullable),
        SchemaNode::Boolean(boolean) => boolean_node(walk, boolean, nullable),
        SchemaNode::Array(array) => array_node(walk, array, depth, nullable),
        SchemaNode::Object(object_node) => object(walk, object_node, depth, nullable),
        SchemaNode::OneOf(one_of) => one_of_node(walk, one_of, depth, nullable),
    }
}

/// `type`, with `"null"` beside it for a nullable node.
fn type_of(name: &str, nullable: bool) -> Value {
    if nullable {
        Value::from(vec![name, "null"])
    } else {
        Value::from(name)
    }
}

/// An `enum`, counted for the limits, with `null` added for a nullable
/// node (or `null` would fail the `enum` that `"type"` lets through).
fn enum_of(walk: &mut Walk, mut values: Vec<Value>, nullable: bool) -> Value {
    if nullable {
        values.push(Value::Null);
    }
    walk.tally
        .enum_values(values.iter().map(|value| match value {
            Value::String(text) => text.chars().count(),
            other => other.to_string().chars().count(),
        }));
    Value::Array(values)
}

fn string_node(walk: &mut Walk, node: &StringNode, nullable: bool) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", type_of("string", nullable));
    if let Some(values) = &node.enum_values {
        let json = values.iter().cloned().map(Value::String).collect();
        written.insert("enum", enum_of(walk, json, nullable));
        let here = crate::pointer::join(walk.at(), "enum");
        if let Some(change) = openai_long_enum(values, &here) {
            walk.push(change);
        }
    }
    written.drop_lengths(walk, node, LACKS);
    written.insert_some("pattern", node.pattern.as_ref().map(|p| p.as_str()));
    written.finish(walk, &node.meta, META)
}

fn number_node(walk: &mut Walk, name: &str, node: &NumberNode, nullable: bool) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", type_of(name, nullable));
    if let Some(values) = &node.enum_values {
        let json = values.iter().cloned().map(Value::Number).collect();
        written.insert("enum", enum_of(walk, json, nullable));
    }
    written.insert_some("minimum", node.minimum.clone());
    written.insert_some("maximum", node.maximum.clone());
    written.finish(walk, &node.meta, META)
}

fn boolean_node(walk: &mut Walk, node: &BooleanNode, nullable: bool) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", type_of("boolean", nullable));
    if let Some(values) = &node.enum_values {
        let json = values.iter().copied().map(Value::Bool).collect();
        written.insert("enum", enum_of(walk, json, nullable));
    }
    written.finish(walk, &node.meta, META)
}

fn array_node(walk: &mut Walk, node: &ArrayNode, depth: usize, nullable: bool) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", type_of("array", nullable));
    if node.unique_items {
        written.drop_constraint(
            walk,
            "uniqueItems",
            true,
            ChangeCode::UniqueItemsRemoved,
            LACKS,
        );
    }
    let items = walk.within("items", |walk| {
        self::node(walk, &node.items, depth + 1, false)
    });
    written.insert_json("items", items);
    written.insert_some("minItems", node.min_items);
    written.insert_some("maxItems", node.max_items);
    written.finish(walk, &node.meta, META)
}

/// An object: closed, every property required, optional ones nullable.
fn object(walk: &mut Walk, node: &ObjectNode, depth: usize, nullable: bool) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", type_of("object", nullable));
    closed_object(walk, PROVIDER);
    let mut properties = Vec::with_capacity(node.properties.len());
    let mut required = Vec::with_capacity(node.properties.len());
    for property in &node.properties {
        let optional = !node.required.contains(&property.name);
        walk.tally.property(&property.name, optional);
        let value = walk.within_property(&property.name, |walk| {
            if optional {
                walk.change(
                    ChangeCode::OptionalToNullable,
                    "optional property made required and nullable, as OpenAI strict mode \
                         demands: the model sends `null` to leave it out, and `normalize` \
                         removes that `null` before the handler validates",
                );
            }
            self::node(walk, &property.node, depth + 1, optional)
        });
        properties.push((property.name.clone(), value));
        required.push(Value::String(property.name.clone()));
    }
    written.insert_json("properties", OrderedJson::object(properties));
    written.insert("required", required);
    written.insert("additionalProperties", false);
    written.finish(walk, &node.meta, META)
}

/// A `oneOf` as `anyOf`, with a `{"type": "null"}` branch when nullable.
fn one_of_node(walk: &mut Walk, node: &OneOfNode, depth: usize, nullable: bool) -> OrderedJson {
    let mut written = Written::new();
    let mut branches = any_of(walk, node, PROVIDER, |walk, branch| {
        self::node(walk, branch, depth + 1, false)
    });
    if nullable {
        branches.push(OrderedJson::from(serde_json::json!({"type": "null"})));
    }
    written.insert_json("anyOf", OrderedJson::array(branches));
    written.finish(walk, &node.meta, META)
}
