//! `convert_str`: `convert` from a schema's text, with the properties in
//! the order the text lists them - through `$ref`s and `allOf` merges, by
//! the rule the `convert` module documents - and otherwise the same result
//! and the same changes as `convert` on the parsed text.

use pedelec_schema::schema::ObjectNode;
use pedelec_schema::{convert, convert_str, ConvertErrorCode, SchemaNode};
use serde_json::Value;

fn names(object: &ObjectNode) -> Vec<&str> {
    object.properties.iter().map(|p| p.name.as_str()).collect()
}

fn object<'a>(object: &'a ObjectNode, name: &str) -> &'a ObjectNode {
    let property = object
        .properties
        .iter()
        .find(|p| p.name == name)
        .expect("the property");
    match &property.node {
        SchemaNode::Object(object) => object,
        SchemaNode::Array(array) => match array.items.as_ref() {
            SchemaNode::Object(object) => object,
            other => panic!("items are no object: {other:?}"),
        },
        other => panic!("no object: {other:?}"),
    }
}

/// `convert_str(text)` is `convert` of the parsed text but for the order.
fn converted_both_ways(text: &str) -> ObjectNode {
    let by_text = convert_str(text).unwrap();
    let by_value = convert(&serde_json::from_str::<Value>(text).unwrap()).unwrap();
    assert_eq!(by_text.changes, by_value.changes);
    assert_eq!(by_text.schema.to_value(), by_value.schema.to_value());
    by_text.schema.root().clone()
}

#[test]
fn zeta_stays_before_alpha() {
    let root = converted_both_ways(
        r#"{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"string"}}}"#,
    );
    assert_eq!(names(&root), ["zeta", "alpha"]);
}

#[test]
fn references_and_merges_keep_the_text_order() {
    let root = converted_both_ways(
        r##"{
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {
                "reasoning": {"type": "string", "title": "Think first"},
                "answer": {"$ref": "#/$defs/Answer"},
                "steps": {"type": "array", "items": {"$ref": "#/$defs/Step"}}
            },
            "required": ["reasoning", "answer"],
            "$defs": {
                "Answer": {"allOf": [
                    {"type": "object", "properties": {"value": {"type": "string"}, "confidence": {"type": "number"}}},
                    {"properties": {"source": {"type": "string"}}}
                ]},
                "Step": {"type": "object", "properties": {"why": {"type": "string"}, "do": {"type": "string"}}}
            }
        }"##,
    );
    assert_eq!(names(&root), ["reasoning", "answer", "steps"]);
    assert_eq!(
        names(object(&root, "answer")),
        ["value", "confidence", "source"]
    );
    assert_eq!(names(object(&root, "steps")), ["why", "do"]);
}

#[test]
fn a_merged_node_lists_its_properties_where_the_text_first_has_them() {
    // `allOf` before the node's own `properties`: the branch's come first.
    let root = converted_both_ways(
        r#"{"type": "object",
            "allOf": [{"properties": {"zulu": {"type": "string"}, "beta": {"type": "string"}}}],
            "properties": {"yankee": {"type": "string"}, "beta": {"type": "string"}, "alpha": {"type": "string"}}}"#,
    );
    assert_eq!(names(&root), ["zulu", "beta", "yankee", "alpha"]);
}

#[test]
fn text_that_is_not_json_is_invalid_json() {
    for text in ["", "{\"type\": ", "{'type': 'object'}", "{} {}"] {
        let error = convert_str(text).unwrap_err();
        assert_eq!(error.reasons().len(), 1, "{text}");
        assert_eq!(error.reasons()[0].code, ConvertErrorCode::InvalidJson);
        assert_eq!(error.reasons()[0].code.as_str(), "invalid_json");
        assert_eq!(error.reasons()[0].pointer, "");
    }
}

#[test]
fn a_refused_text_fails_as_convert_does() {
    let text = r#"{"type": "string"}"#;
    assert_eq!(
        convert_str(text).unwrap_err(),
        convert(&serde_json::from_str(text).unwrap()).unwrap_err()
    );
}
