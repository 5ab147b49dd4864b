//! Gemini's `FunctionDeclaration.parametersJsonSchema`, JSON Schema: our
//! schema with `oneOf` written as `anyOf` (Gemini reads it so), no boolean
//! `enum` (Gemini's `enum` is for strings and numbers) and
//! `propertyOrdering` in the schema's order. Every other keyword of the
//! subset stays: those Gemini documents, and those its pages do not name
//! (the module docs, "Gemini", list which).

use super::{boolean_enum, property_ordering};
use crate::export::emit::{any_of_because, Examples, MetaRules, Walk, Written};
use crate::export::Exported;
use crate::json::OrderedJson;
use crate::schema::{ArrayNode, NumberNode, ObjectNode, OneOfNode, SchemaNode, StringNode};

const PROVIDER: &str = "Gemini";

const META: MetaRules = MetaRules {
    provider: PROVIDER,
    // Neither is on Google's lists, and neither is said to be refused: the
    // docs are silent, so they stay (JSON Schema annotations).
    keep_default: true,
    examples: Examples::Keep,
};

/// What Gemini's JSON Schema `enum` holds: "`enum` (for strings and
/// numbers)".
const ENUM_HOLDS: &str = "Gemini's `enum` holds strings and numbers only";

/// How change messages name what Gemini lacks for a boolean `enum`.
const PROVIDER_ENUM: &str = "Gemini (whose `enum` holds strings and numbers only)";

/// `root` written as Gemini `parametersJsonSchema`.
pub(in crate::export) fn export(root: &ObjectNode) -> Exported {
    let mut walk = Walk::new();
    let schema = object(&mut walk, root);
    // "Very large or deeply nested schemas may be rejected", with no
    // number to check against.
    walk.finish(schema, |_| Vec::new())
}

fn node(walk: &mut Walk, node: &SchemaNode) -> OrderedJson {
    match node {
        SchemaNode::String(string) => string_node(walk, string),
        SchemaNode::Number(number) => number_node(walk, "number", number),
        SchemaNode::Integer(number) => number_node(walk, "integer", number),
        SchemaNode::Boolean(boolean) => {
            let mut written = Written::new();
            written.insert("type", "boolean");
            boolean_enum(walk, &mut written, boolean, ENUM_HOLDS, PROVIDER_ENUM);
            written.finish(walk, &boolean.meta, META)
        }
        SchemaNode::Array(array) => array_node(walk, array),
        SchemaNode::Object(object_node) => object(walk, object_node),
        SchemaNode::OneOf(one_of) => one_of_node(walk, one_of),
    }
}

fn string_node(walk: &mut Walk, node: &StringNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "string");
    written.insert_some("enum", node.enum_values.clone());
    written.insert_some("minLength", node.min_length);
    written.insert_some("maxLength", node.max_length);
    written.insert_some("pattern", node.pattern.as_ref().map(|p| p.as_str()));
    written.finish(walk, &node.meta, META)
}

/// A number or integer node, its `enum` of numbers as it is.
fn number_node(walk: &mut Walk, name: &str, node: &NumberNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", name);
    written.insert_some("enum", node.enum_values.clone());
    written.insert_some("minimum", node.minimum.clone());
    written.insert_some("maximum", node.maximum.clone());
    written.finish(walk, &node.meta, META)
}

fn array_node(walk: &mut Walk, node: &ArrayNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "array");
    let items = walk.within("items", |walk| self::node(walk, &node.items));
    written.insert_json("items", items);
    written.insert_some("minItems", node.min_items);
    written.insert_some("maxItems", node.max_items);
    if node.unique_items {
        written.insert("uniqueItems", true);
    }
    written.finish(walk, &node.meta, META)
}

/// An object with `properties` and `required` always, as our
/// serialization writes them: JSON Schema takes them empty (Google's
/// gemini-cli declares its tools without arguments with `"properties": {}`).
fn object(walk: &mut Walk, node: &ObjectNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "object");
    let ordering = property_ordering(walk, node);
    let mut properties = Vec::with_capacity(node.properties.len());
    for property in &node.properties {
        let value = walk.within_property(&property.name, |walk| self::node(walk, &property.node));
        properties.push((property.name.clone(), value));
    }
    written.insert_json("properties", OrderedJson::object(properties));
    written.insert("required", node.required.clone());
    written.insert_some("propertyOrdering", ordering);
    written.finish(walk, &node.meta, META)
}

/// `oneOf` as `anyOf`: Gemini lists `oneOf` "interpreted the same as
/// `anyOf`", so `anyOf` says what it enforces, and the change says whether
/// that is all `oneOf` said.
fn one_of_node(walk: &mut Walk, node: &OneOfNode) -> OrderedJson {
    let mut written = Written::new();
    let why = "Gemini reads `oneOf` as `anyOf`";
    let branches = any_of_because(walk, node, why, self::node);
    written.insert_json("anyOf", OrderedJson::array(branches));
    written.finish(walk, &node.meta, META)
}
