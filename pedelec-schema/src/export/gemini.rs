//! Gemini's `FunctionDeclaration.parameters`, an OpenAPI 3.0 subset:
//! `oneOf` as `anyOf`, `examples` as the single `example`, no
//! `uniqueItems`, `enum` on strings only, `propertyOrdering` in the
//! schema's order, and no empty `properties` or `required`.

use serde_json::Value;

use super::emit::{any_of, Examples, MetaRules, Walk, Written};
use super::Exported;
use crate::change::ChangeCode;
use crate::json::OrderedJson;
use crate::schema::{
    ArrayNode, BooleanNode, NumberNode, ObjectNode, OneOfNode, SchemaNode, StringNode,
};

const PROVIDER: &str = "Gemini";

const META: MetaRules = MetaRules {
    provider: PROVIDER,
    keep_default: true,
    examples: Examples::FirstAsExample,
};

/// `root` written as Gemini `parameters`.
pub(super) fn export(root: &ObjectNode) -> Exported {
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
        SchemaNode::Boolean(boolean) => boolean_node(walk, boolean),
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

/// How change messages name what Gemini lacks for a non-string `enum`.
const PROVIDER_ENUM: &str = "Gemini (whose `enum` holds strings only)";

fn boolean_node(walk: &mut Walk, node: &BooleanNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "boolean");
    match &node.enum_values {
        Some(values) if values.contains(&true) && values.contains(&false) => walk.change_at(
            "enum",
            ChangeCode::FullBooleanEnumRemoved,
            "`enum` removed: Gemini's `enum` holds strings only, and this one allowed both \
             booleans anyway",
        ),
        Some(values) => {
            let values: Vec<Value> = values.iter().copied().map(Value::Bool).collect();
            written.drop_constraint(walk, "enum", values, ChangeCode::EnumRemoved, PROVIDER_ENUM);
        }
        None => {}
    }
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
    let ordering = (node.properties.len() > 1).then(|| {
        walk.change(
            ChangeCode::PropertyOrderingAdded,
            "`propertyOrdering` added, listing the properties in the schema's order, so that \
             Gemini writes them in that order",
        );
        let names: Vec<&str> = node.properties.iter().map(|p| p.name.as_str()).collect();
        names
    });
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
