//! Gemini's `FunctionDeclaration` takes a tool's arguments schema in one of
//! two fields, and each has its profile: `parametersJsonSchema`, JSON
//! Schema (`json_schema.rs`, `Profile::Gemini`), and `parameters`, an
//! OpenAPI 3.0 subset (`openapi.rs`, `Profile::GeminiOpenApi`). Here is
//! what both write alike: `propertyOrdering`, and a boolean `enum`, which
//! neither field's documentation lists.

mod json_schema;
mod openapi;

pub(super) use json_schema::export as json_schema;
pub(super) use openapi::export as openapi;

use serde_json::Value;

use crate::change::ChangeCode;
use crate::export::emit::{Walk, Written};
use crate::schema::{BooleanNode, ObjectNode};

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

/// A boolean node's `enum`, which Gemini's `enum` cannot hold: removed, and
/// lossless when it lists both booleans (it allowed every boolean), else
/// written into `description` (`widens`). `holds` says what Gemini's `enum`
/// holds, `provider` names the field as a removal's message does.
fn boolean_enum(
    walk: &mut Walk,
    written: &mut Written,
    node: &BooleanNode,
    holds: &str,
    provider: &str,
) {
    match &node.enum_values {
        Some(values) if values.contains(&true) && values.contains(&false) => walk.change_at(
            "enum",
            ChangeCode::FullBooleanEnumRemoved,
            format!("`enum` removed: {holds}, and this one allowed both booleans anyway"),
        ),
        Some(values) => {
            let values: Vec<Value> = values.iter().copied().map(Value::Bool).collect();
            written.drop_constraint(walk, "enum", values, ChangeCode::EnumRemoved, provider);
        }
        None => {}
    }
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
