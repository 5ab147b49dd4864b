//! The examples of the Pedelec documentation page "Tool Args Schema" parse and
//! round-trip unchanged, and the docs' reuse-by-constant pattern reads
//! naturally in Rust.

use pedelec_schema::{lint, SchemaNode, ToolArgsSchema};
use serde_json::{json, Value};

/// Wraps a fragment in a root, as the docs place it: under a property.
fn in_root(node: Value) -> Value {
    json!({"type": "object", "properties": {"v": node}, "required": ["v"]})
}

fn assert_round_trips(schema: &Value) {
    let parsed = ToolArgsSchema::from_value(schema).unwrap_or_else(|err| panic!("{schema}: {err}"));
    assert_eq!(&parsed.to_value(), schema, "serializing changed the schema");
    assert_eq!(
        ToolArgsSchema::from_value(&parsed.to_value()).unwrap(),
        parsed
    );
    let text = serde_json::to_string(&parsed).unwrap();
    assert_eq!(ToolArgsSchema::from_json_str(&text).unwrap(), parsed);
}

#[test]
fn root_examples_round_trip_unchanged() {
    for schema in [
        json!({"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}),
        json!({"type": "object", "properties": {}, "required": []}),
        json!({"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}, "required": ["x", "y"]}),
    ] {
        assert_round_trips(&schema);
    }
}

#[test]
fn fragment_examples_round_trip_unchanged_inside_a_root() {
    for node in [
        json!({"type": "string", "description": "Output language.", "default": "en", "examples": ["en", "zh-TW"]}),
        json!({"type": "string", "enum": ["viewer", "editor"], "description": "Role to assign."}),
        json!({"type": "integer", "minimum": -10, "maximum": 10}),
        json!({"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1, "maxItems": 50, "uniqueItems": true}),
        json!({"oneOf": [
            {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
            {"type": "object", "properties": {"index": {"type": "integer", "minimum": 0}}, "required": ["index"]}
        ]}),
    ] {
        assert_round_trips(&in_root(node));
    }
}

#[test]
fn serialized_text_keeps_the_canonical_key_order() {
    let schema = ToolArgsSchema::from_value(&in_root(json!(
        {"examples": ["en"], "default": "en", "description": "Output language.", "type": "string"}
    )))
    .unwrap();
    assert_eq!(
        serde_json::to_string(&schema).unwrap(),
        r#"{"type":"object","properties":{"v":{"type":"string","description":"Output language.","default":"en","examples":["en"]}},"required":["v"]}"#
    );
}

/// The docs' `point` constant, as a Rust function returning the node.
fn point() -> SchemaNode {
    SchemaNode::object()
        .required_property("x", SchemaNode::number())
        .required_property("y", SchemaNode::number())
        .into()
}

#[test]
fn move_shape_reuses_one_point_node_and_matches_the_docs() {
    let move_shape = ToolArgsSchema::new(
        SchemaNode::object()
            .required_property("shapeId", SchemaNode::string().min_length(1))
            .required_property("destination", point()),
    )
    .unwrap();
    let docs = json!({"type": "object",
        "properties": {"shapeId": {"type": "string", "minLength": 1},
                       "destination": {"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}, "required": ["x", "y"]}},
        "required": ["shapeId", "destination"]});
    assert_eq!(move_shape.to_value(), docs);
    assert_eq!(ToolArgsSchema::from_value(&docs).unwrap(), move_shape);
    assert_round_trips(&docs);

    // The same node, placed twice more.
    let line = ToolArgsSchema::new(
        SchemaNode::object()
            .required_property("from", point())
            .required_property("to", point()),
    )
    .unwrap();
    assert_eq!(line.root().property_node("from"), Some(&point()));
    assert_eq!(line.root().property_node("to"), Some(&point()));
}

#[test]
fn the_docs_examples_lint_clean_apart_from_their_oneof() {
    let target = in_root(json!({"oneOf": [
        {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
        {"type": "object", "properties": {"index": {"type": "integer", "minimum": 0}}, "required": ["index"]}
    ]}));
    // `{"id": "a", "index": 0}` passes both branches, so `oneOf` rejects it:
    // lint says so, as a warning.
    let findings = lint(&target);
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].code.as_str(), "ambiguous_one_of");
    assert!(!findings[0].is_error());
    let schema = ToolArgsSchema::from_value(&target).unwrap();
    assert!(schema.is_valid(&json!({"v": {"id": "a"}})));
    assert!(!schema.is_valid(&json!({"v": {"id": "a", "index": 0}})));
}
