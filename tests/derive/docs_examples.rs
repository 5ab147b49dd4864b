//! The examples of the Pedelec documentation page "Tool Args Schema", derived from
//! Rust types: each test asserts the exact JSON the derive produces.
//!
//! The one departure from the docs is deliberate: an integer field carries
//! its Rust type's range, so the docs' `{"type": "integer", "minimum": 0}`
//! for `index` comes out with the `maximum` of `u32` as well (a validated
//! value must fit the field).

// The types exist for their schemas; not every field is read back.
#![allow(dead_code)]

use pedelec_schema::{lint, Severity, ToolArgs};
use serde::Deserialize;
use serde_json::{json, Value};

/// A schema must lint without errors; returns the warning codes.
fn warnings(schema: &Value) -> Vec<&'static str> {
    let findings = lint(schema);
    assert!(
        findings.iter().all(|d| d.severity == Severity::Warning),
        "{findings:#?}"
    );
    findings.iter().map(|d| d.code.as_str()).collect()
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Search {
    query: String,
}

#[test]
fn query_is_one_required_string() {
    let schema = Search::schema().to_value();
    assert_eq!(
        schema,
        json!({"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]})
    );
    assert_eq!(warnings(&schema), Vec::<&str>::new());
}

#[derive(Debug, Deserialize, ToolArgs)]
struct NoArguments {}

#[test]
fn a_tool_without_arguments_is_an_empty_object() {
    assert_eq!(
        NoArguments::schema().to_value(),
        json!({"type": "object", "properties": {}, "required": []})
    );
    assert!(NoArguments::from_args(json!({})).is_ok());
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Translate {
    /// Output language.
    #[serde(default)]
    #[tool_args(default = "en", examples("en", "zh-TW"))]
    language: String,
}

#[test]
fn language_has_description_default_and_examples() {
    assert_eq!(
        Translate::schema().to_value()["properties"]["language"],
        json!({"type": "string", "description": "Output language.", "default": "en", "examples": ["en", "zh-TW"]})
    );
    assert_eq!(Translate::schema().root().required, Vec::<String>::new());
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(rename_all = "lowercase")]
enum Role {
    Viewer,
    Editor,
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Assign {
    /// Role to assign.
    role: Role,
}

#[test]
fn role_is_a_string_enum() {
    assert_eq!(
        Assign::schema().to_value()["properties"]["role"],
        json!({"type": "string", "enum": ["viewer", "editor"], "description": "Role to assign."})
    );
    assert_eq!(
        Assign::from_args(json!({"role": "editor"})).unwrap().role,
        Role::Editor
    );
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Nudge {
    #[tool_args(minimum = -10, maximum = 10)]
    delta: i32,
}

#[test]
fn delta_is_a_bounded_integer() {
    assert_eq!(
        Nudge::schema().to_value()["properties"]["delta"],
        json!({"type": "integer", "minimum": -10, "maximum": 10})
    );
}

// A non-empty shape id; the bound is reused wherever the type is. (A `///`
// doc comment here would become the items' `description`.)
#[derive(Debug, PartialEq, Eq, Hash, Deserialize, ToolArgs)]
#[serde(transparent)]
#[tool_args(min_length = 1)]
struct ShapeId(String);

#[derive(Debug, Deserialize, ToolArgs)]
struct DeleteShapes {
    #[tool_args(min_items = 1, max_items = 50, unique_items)]
    ids: Vec<ShapeId>,
}

#[test]
fn ids_is_a_bounded_unique_array() {
    let schema = DeleteShapes::schema().to_value();
    assert_eq!(
        schema["properties"]["ids"],
        json!({"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1, "maxItems": 50, "uniqueItems": true})
    );
    assert_eq!(warnings(&schema), Vec::<&str>::new());
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Point {
    x: f64,
    y: f64,
}

#[test]
fn point_is_an_object_of_two_numbers() {
    assert_eq!(
        Point::schema().to_value(),
        json!({"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}, "required": ["x", "y"]})
    );
}

#[derive(Debug, Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
struct MoveShape {
    #[tool_args(min_length = 1)]
    shape_id: String,
    destination: Point,
}

/// A second user of `Point`: reuse is done in code, never with `$ref`.
#[derive(Debug, Deserialize, ToolArgs)]
struct DrawLine {
    from: Point,
    to: Point,
}

#[test]
fn move_shape_inlines_the_reused_point() {
    let schema = MoveShape::schema().to_value();
    assert_eq!(
        schema,
        json!({"type": "object",
               "properties": {"shapeId": {"type": "string", "minLength": 1},
                              "destination": {"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}, "required": ["x", "y"]}},
               "required": ["shapeId", "destination"]})
    );
    assert_eq!(warnings(&schema), Vec::<&str>::new());
    let line = DrawLine::schema().to_value();
    assert_eq!(
        line["properties"]["from"],
        schema["properties"]["destination"]
    );
    assert_eq!(
        line["properties"]["to"],
        schema["properties"]["destination"]
    );

    let call =
        MoveShape::from_args(json!({"shapeId": "s1", "destination": {"x": 1, "y": -2.5}})).unwrap();
    assert_eq!(
        (
            call.shape_id.as_str(),
            call.destination.x,
            call.destination.y
        ),
        ("s1", 1.0, -2.5)
    );
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(untagged)]
enum Target {
    Id { id: String },
    Index { index: u32 },
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Select {
    target: Target,
}

#[test]
fn target_is_a_one_of_id_or_index() {
    let schema = Select::schema().to_value();
    assert_eq!(
        schema["properties"]["target"],
        json!({"oneOf": [
            {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
            {"type": "object", "properties": {"index": {"type": "integer", "minimum": 0, "maximum": 4_294_967_295_u32}}, "required": ["index"]}
        ]})
    );
    // Untagged branches are told apart by nothing but their properties, which
    // JSON Schema does not close: lint says so, as it does for the docs' own.
    assert_eq!(warnings(&schema), ["ambiguous_one_of"]);
    assert_eq!(
        Select::from_args(json!({"target": {"index": 3}}))
            .unwrap()
            .target,
        Target::Index { index: 3 }
    );
}
