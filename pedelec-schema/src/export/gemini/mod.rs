//! Gemini's `FunctionDeclaration` takes a tool's arguments schema in one of
//! two fields, and each has its profile: `parametersJsonSchema`, JSON
//! Schema (`json_schema.rs`, `Profile::Gemini`), and `parameters`, an
//! OpenAPI 3.0 subset (`openapi.rs`, `Profile::GeminiOpenApi`). Each of
//! those files holds its field's rules, with the pages they come from, as
//! one [`Rules`]; the walk that writes a schema by them is here, once, with
//! what both fields write alike: `propertyOrdering`, and no boolean `enum`,
//! which neither field's documentation lists.

mod json_schema;
mod openapi;

use serde_json::Value;

use crate::change::ChangeCode;
use crate::export::emit::{any_of_because, MetaRules, Walk, Written};
use crate::export::Exported;
use crate::json::OrderedJson;
use crate::schema::{
    ArrayNode, BooleanNode, NumberNode, ObjectNode, OneOfNode, SchemaNode, StringNode,
};

/// What one of the two fields takes, where the two differ.
struct Rules {
    /// What becomes of `default` and `examples`, and the field's name in
    /// change messages.
    meta: MetaRules,
    /// What the field's `enum` holds, as a change message says it.
    enum_holds: &'static str,
    /// The field, as the message of a removed `enum` names it.
    enum_lacked_by: &'static str,
    /// Whether a number or integer `enum` stays.
    number_enum: bool,
    /// Whether `uniqueItems` stays.
    unique_items: bool,
    /// Whether an empty `properties` or `required` stays.
    empty_keywords: bool,
    /// Why `oneOf` is written as `anyOf`, as the change message says it.
    one_of: &'static str,
}

/// `root` written as `parametersJsonSchema`.
pub(super) fn json_schema(root: &ObjectNode) -> Exported {
    export(root, &json_schema::RULES)
}

/// `root` written as OpenAPI `parameters`.
pub(super) fn openapi(root: &ObjectNode) -> Exported {
    export(root, &openapi::RULES)
}

fn export(root: &ObjectNode, rules: &Rules) -> Exported {
    let mut walk = Walk::new();
    let schema = object(&mut walk, rules, root);
    // Google gives no size limits for either field ("Very large or deeply
    // nested schemas may be rejected", with no number to check against).
    walk.finish(schema, |_| Vec::new())
}

fn node(walk: &mut Walk, rules: &Rules, node: &SchemaNode) -> OrderedJson {
    match node {
        SchemaNode::String(string) => string_node(walk, rules, string),
        SchemaNode::Number(number) => number_node(walk, rules, "number", number),
        SchemaNode::Integer(number) => number_node(walk, rules, "integer", number),
        SchemaNode::Boolean(boolean) => boolean_node(walk, rules, boolean),
        SchemaNode::Array(array) => array_node(walk, rules, array),
        SchemaNode::Object(object_node) => object(walk, rules, object_node),
        SchemaNode::OneOf(one_of) => one_of_node(walk, rules, one_of),
    }
}

fn string_node(walk: &mut Walk, rules: &Rules, node: &StringNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "string");
    written.insert_some("enum", node.enum_values.clone());
    written.insert_some("minLength", node.min_length);
    written.insert_some("maxLength", node.max_length);
    written.insert_some("pattern", node.pattern.as_ref().map(|p| p.as_str()));
    written.finish(walk, &node.meta, rules.meta)
}

fn number_node(walk: &mut Walk, rules: &Rules, name: &str, node: &NumberNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", name);
    match &node.enum_values {
        Some(values) if rules.number_enum => written.insert("enum", values.clone()),
        Some(values) => {
            let values: Vec<Value> = values.iter().cloned().map(Value::Number).collect();
            let code = ChangeCode::EnumRemoved;
            written.drop_constraint(walk, "enum", values, code, rules.enum_lacked_by);
        }
        None => {}
    }
    written.insert_some("minimum", node.minimum.clone());
    written.insert_some("maximum", node.maximum.clone());
    written.finish(walk, &node.meta, rules.meta)
}

/// A boolean node, whose `enum` neither field holds: removed, and lossless
/// when it lists both booleans (it allowed every boolean), else written
/// into `description` (`widens`).
fn boolean_node(walk: &mut Walk, rules: &Rules, node: &BooleanNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "boolean");
    match &node.enum_values {
        Some(values) if values.contains(&true) && values.contains(&false) => walk.change_at(
            "enum",
            ChangeCode::FullBooleanEnumRemoved,
            format!(
                "`enum` removed: {}, and this one allowed both booleans anyway",
                rules.enum_holds
            ),
        ),
        Some(values) => {
            let values: Vec<Value> = values.iter().copied().map(Value::Bool).collect();
            let code = ChangeCode::EnumRemoved;
            written.drop_constraint(walk, "enum", values, code, rules.enum_lacked_by);
        }
        None => {}
    }
    written.finish(walk, &node.meta, rules.meta)
}

fn array_node(walk: &mut Walk, rules: &Rules, node: &ArrayNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "array");
    if node.unique_items && !rules.unique_items {
        let code = ChangeCode::UniqueItemsRemoved;
        written.drop_constraint(walk, "uniqueItems", true, code, rules.meta.provider);
    }
    let items = walk.within("items", |walk| self::node(walk, rules, &node.items));
    written.insert_json("items", items);
    written.insert_some("minItems", node.min_items);
    written.insert_some("maxItems", node.max_items);
    if node.unique_items && rules.unique_items {
        written.insert("uniqueItems", true);
    }
    written.finish(walk, &node.meta, rules.meta)
}

fn object(walk: &mut Walk, rules: &Rules, node: &ObjectNode) -> OrderedJson {
    let mut written = Written::new();
    written.insert("type", "object");
    if !rules.empty_keywords {
        empty_keywords_omitted(walk, node);
    }
    let ordering = property_ordering(walk, node);
    let mut properties = Vec::with_capacity(node.properties.len());
    for property in &node.properties {
        let value = walk.within_property(&property.name, |walk| {
            self::node(walk, rules, &property.node)
        });
        properties.push((property.name.clone(), value));
    }
    if rules.empty_keywords || !properties.is_empty() {
        written.insert_json("properties", OrderedJson::object(properties));
    }
    if rules.empty_keywords || !node.required.is_empty() {
        written.insert("required", node.required.clone());
    }
    written.insert_some("propertyOrdering", ordering);
    written.finish(walk, &node.meta, rules.meta)
}

/// Records that an empty `properties` or `required` is left out.
fn empty_keywords_omitted(walk: &mut Walk, node: &ObjectNode) {
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

fn one_of_node(walk: &mut Walk, rules: &Rules, node: &OneOfNode) -> OrderedJson {
    let mut written = Written::new();
    let branches = any_of_because(walk, node, rules.one_of, |walk, branch| {
        self::node(walk, rules, branch)
    });
    written.insert_json("anyOf", OrderedJson::array(branches));
    written.finish(walk, &node.meta, rules.meta)
}

/// The names of `node`'s properties for `propertyOrdering`, recorded as a
/// change, when there are two or more (one property has no order to keep).
///
/// Both fields document the keyword (the `parametersJsonSchema` example
/// sets it; `Schema.propertyOrdering` is Gemini's own). Gemini keeps the
/// keys' order from Gemini 2.5 on, as Google announced with JSON Schema
/// support; the list states it for earlier models.
fn property_ordering<'a>(walk: &mut Walk, node: &'a ObjectNode) -> Option<Vec<&'a str>> {
    if node.properties.len() < 2 {
        return None;
    }
    walk.change(
        ChangeCode::PropertyOrderingAdded,
        "`propertyOrdering` added, listing the properties in the schema's order, so that Gemini \
         writes them in that order",
    );
    Some(node.properties.iter().map(|p| p.name.as_str()).collect())
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use crate::export::Profile;
    use crate::tool_args_schema::ToolArgsSchema;

    /// `schema`'s export, and its changes as (pointer, code). A text, so
    /// that the properties keep the order written.
    fn export(profile: Profile, schema: &str) -> (Value, Vec<(String, &'static str)>) {
        let schema = ToolArgsSchema::from_json_str(schema).unwrap();
        let exported = schema.export(profile);
        let changes = exported
            .changes
            .iter()
            .map(|c| (c.pointer.clone(), c.code.as_str()))
            .collect();
        (exported.schema.to_value(), changes)
    }

    /// The keywords that tell the two fields apart, on one schema: what
    /// JSON Schema keeps, the OpenAPI schema cannot hold.
    #[test]
    fn each_field_keeps_what_its_documentation_allows() {
        let schema = r#"{"type": "object", "properties": {
            "level": {"type": "integer", "enum": [1, 2, 3]},
            "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
            "lang": {"type": "string", "examples": ["en", "de"]},
            "on": {"type": "boolean", "enum": [true]},
            "empty": {"type": "object", "properties": {}, "required": []}
        }, "required": ["level"]}"#;

        let (json_schema, changes) = export(Profile::Gemini, schema);
        let props = &json_schema["properties"];
        assert_eq!(props["level"]["enum"], json!([1, 2, 3]));
        assert_eq!(props["tags"]["uniqueItems"], true);
        assert_eq!(props["lang"]["examples"], json!(["en", "de"]));
        assert_eq!(props["on"].get("enum"), None);
        assert_eq!(props["on"]["description"], "enum: [true]");
        assert_eq!(
            props["empty"],
            json!({"type": "object", "properties": {}, "required": []})
        );
        assert_eq!(
            json_schema["propertyOrdering"],
            json!(["level", "tags", "lang", "on", "empty"])
        );
        let at = |pointer: &str, code| (pointer.to_owned(), code);
        assert_eq!(
            changes,
            [
                at("", "property_ordering_added"),
                at("/properties/on/enum", "enum_removed"),
            ]
        );

        let (openapi, changes) = export(Profile::GeminiOpenApi, schema);
        let props = &openapi["properties"];
        assert_eq!(props["level"].get("enum"), None);
        assert_eq!(props["level"]["description"], "enum: [1,2,3]");
        assert_eq!(props["tags"].get("uniqueItems"), None);
        assert_eq!(props["lang"]["example"], "en");
        assert_eq!(props["empty"], json!({"type": "object"}));
        assert_eq!(
            changes,
            [
                at("", "property_ordering_added"),
                at("/properties/level/enum", "enum_removed"),
                at("/properties/tags/uniqueItems", "unique_items_removed"),
                at("/properties/lang/examples", "examples_to_example"),
                at("/properties/on/enum", "enum_removed"),
                at("/properties/empty", "empty_keywords_omitted"),
            ]
        );
    }

    /// `oneOf` is written as `anyOf` by both, for different reasons.
    #[test]
    fn one_of_becomes_any_of_for_the_reason_of_each_field() {
        let schema = json!({"type": "object", "properties": {"v": {"oneOf": [
            {"type": "string"}, {"type": "integer"}
        ]}}});
        let message = |profile| {
            let schema = ToolArgsSchema::from_value(&schema).unwrap();
            let exported = schema.export(profile);
            assert!(exported.schema["properties"]["v"].get("anyOf").is_some());
            let change = exported
                .changes
                .iter()
                .find(|c| c.pointer == "/properties/v/oneOf");
            change.expect("the rewrite is reported").message.clone()
        };
        assert!(message(Profile::Gemini).contains("(Gemini reads `oneOf` as `anyOf`)"));
        assert!(
            message(Profile::GeminiOpenApi).contains("(Gemini's OpenAPI schema has no `oneOf`)")
        );
    }
}
