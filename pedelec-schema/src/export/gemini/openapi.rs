//! Gemini's `FunctionDeclaration.parameters`, an OpenAPI 3.0 subset (for
//! Vertex AI and clients older than `parametersJsonSchema`): `oneOf` as
//! `anyOf`, `examples` as the single `example`, no `uniqueItems`, `enum` on
//! strings only, `propertyOrdering` in the schema's order, and no empty
//! `properties` or `required`.

use serde_json::Value;

use super::{boolean_enum, property_ordering};
use crate::change::ChangeCode;
use crate::export::emit::{any_of, Examples, MetaRules, Walk, Written};
use crate::export::Exported;
use crate::json::OrderedJson;
use crate::schema::{ArrayNode, NumberNode, ObjectNode, OneOfNode, SchemaNode, StringNode};

const PROVIDER: &str = "Gemini's OpenAPI schema";

const META: MetaRules = MetaRules {
    provider: PROVIDER,
    keep_default: true,
    examples: Examples::FirstAsExample,
};

/// What `Schema.enum` holds: "Possible values of the element of
/// Type.STRING with enum format".
const ENUM_HOLDS: &str = "Gemini's OpenAPI `enum` holds strings only";

/// How change messages name what the schema lacks for a non-string `enum`.
const PROVIDER_ENUM: &str = "Gemini's OpenAPI schema (whose `enum` holds strings only)";

/// `root` written as Gemini `parameters`.
pub(in crate::export) fn export(root: &ObjectNode) -> Exported {
    let mut walk = Walk::new();
    let schema = object(&mut walk, root);
    // Gemini documents no size limits.
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

/// A number or integer node. Its `enum` is removed: `Schema.enum` holds
/// strings, and no page says what a call's arguments hold for a number
/// written as one (see the module docs, "Gemini (OpenAPI)"), so it could
/// not be read back.
fn number_node(walk: &mut Walk, name: &str, node: &NumberNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", name);
    if let Some(values) = &node.enum_values {
        let values: Vec<Value> = values.iter().cloned().map(Value::Number).collect();
        written.drop_constraint(walk, "enum", values, ChangeCode::EnumRemoved, PROVIDER_ENUM);
    }
    written.insert_some("minimum", node.minimum.clone());
    written.insert_some("maximum", node.maximum.clone());
    written.finish(walk, &node.meta, META)
}

fn array_node(walk: &mut Walk, node: &ArrayNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "array");
    if node.unique_items {
        written.drop_constraint(
            walk,
            "uniqueItems",
            true,
            ChangeCode::UniqueItemsRemoved,
            PROVIDER,
        );
    }
    let items = walk.within("items", |walk| self::node(walk, &node.items));
    written.insert_json("items", items);
    written.insert_some("minItems", node.min_items);
    written.insert_some("maxItems", node.max_items);
    written.finish(walk, &node.meta, META)
}

fn object(walk: &mut Walk, node: &ObjectNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "object");
    empty_keywords(walk, node);
    let ordering = property_ordering(walk, node);
    let mut properties = Vec::with_capacity(node.properties.len());
    for property in &node.properties {
        let value = walk.within_property(&property.name, |walk| self::node(walk, &property.node));
        properties.push((property.name.clone(), value));
    }
    if !properties.is_empty() {
        written.insert_json("properties", OrderedJson::object(properties));
    }
    if !node.required.is_empty() {
        written.insert("required", node.required.clone());
    }
    written.insert_some("propertyOrdering", ordering);
    written.finish(walk, &node.meta, META)
}

/// Records that an empty `properties` or `required` is left out.
fn empty_keywords(walk: &mut Walk, node: &ObjectNode) {
    let message = match (node.properties.is_empty(), node.required.is_empty()) {
        (true, _) => {
            "empty `properties` and `required` left out: Gemini has been seen to refuse an \
             object with empty `properties`"
        }
        (false, true) => {
            "empty `required` left out: OpenAPI 3.0 asks `required` to name at least one \
             property"
        }
        (false, false) => return,
    };
    walk.change(ChangeCode::EmptyKeywordsOmitted, message);
}

fn one_of_node(walk: &mut Walk, node: &OneOfNode) -> OrderedJson {
    let mut written = Written::new();
    let branches = any_of(walk, node, PROVIDER, |walk, branch| {
        self::node(walk, branch)
    });
    written.insert_json("anyOf", OrderedJson::array(branches));
    written.finish(walk, &node.meta, META)
}
