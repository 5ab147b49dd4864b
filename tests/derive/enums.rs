//! What `#[derive(ToolArgs)]` produces for enums, in each of serde's
//! representations: the exact `oneOf` branches, that what each accepts
//! serde reads, and which branches lint says can overlap.

// The types exist for their schemas; most fields are never read back.
#![allow(dead_code)]

use crate::derive_support;

use derive_support::{assert_no_lint_errors, node_of};
use pedelec_schema::{lint, Code, ToolArgs};
use serde::Deserialize;
use serde_json::json;

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
struct Point {
    x: f64,
    y: f64,
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
/// How loud.
enum Level {
    Quiet,
    VeryLoud,
    #[serde(rename = "max")]
    Maximum,
    #[serde(skip)]
    Internal,
    #[serde(other)]
    Unknown,
}

#[test]
fn unit_variants_are_a_string_enum() {
    assert_eq!(
        node_of::<Level>(),
        json!({"type": "string", "enum": ["QUIET", "VERY_LOUD", "max"], "description": "How loud."})
    );
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(rename_all = "snake_case", rename_all_fields = "camelCase")]
enum External {
    Stop,
    /// Go somewhere.
    GoTo(Point),
    Wait {
        how_long: u16,
    },
    Pause,
    #[serde(rename_all = "UPPERCASE")]
    Shout {
        the_text: String,
    },
}

#[test]
fn externally_tagged_variants_are_single_key_objects() {
    let point = Point::schema().to_value();
    assert_eq!(
        node_of::<External>(),
        json!({"oneOf": [
            {"type": "string", "enum": ["stop", "pause"]},
            {"type": "object", "properties": {"go_to": point}, "required": ["go_to"], "description": "Go somewhere."},
            {"type": "object", "properties": {"wait": {
                "type": "object",
                "properties": {"howLong": {"type": "integer", "minimum": 0, "maximum": 65535}},
                "required": ["howLong"]}}, "required": ["wait"]},
            {"type": "object", "properties": {"shout": {
                "type": "object", "properties": {"THE_TEXT": {"type": "string"}}, "required": ["THE_TEXT"]}},
             "required": ["shout"]}
        ]})
    );
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Internal {
    Clear,
    Circle {
        radius: f64,
    },
    /// A point.
    Dot(Point),
}

#[test]
fn internally_tagged_variants_carry_a_one_value_tag() {
    assert_eq!(
        node_of::<Internal>(),
        json!({"oneOf": [
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["clear"]}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["circle"]}, "radius": {"type": "number"}},
             "required": ["kind", "radius"]},
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["dot"]}, "x": {"type": "number"}, "y": {"type": "number"}},
             "required": ["kind", "x", "y"], "description": "A point."}
        ]})
    );
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Reset,
    Set(#[tool_args(max_length = 8)] String),
    Move { to: Point },
}

#[test]
fn adjacently_tagged_variants_put_the_content_under_its_key() {
    let point = Point::schema().to_value();
    assert_eq!(
        node_of::<Adjacent>(),
        json!({"oneOf": [
            {"type": "object", "properties": {"t": {"type": "string", "enum": ["Reset"]}}, "required": ["t"]},
            {"type": "object", "properties": {"t": {"type": "string", "enum": ["Set"]}, "c": {"type": "string", "maxLength": 8}},
             "required": ["t", "c"]},
            {"type": "object", "properties": {"t": {"type": "string", "enum": ["Move"]},
                                              "c": {"type": "object", "properties": {"to": point}, "required": ["to"]}},
             "required": ["t", "c"]}
        ]})
    );
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(untagged)]
enum Untagged {
    Number(#[tool_args(minimum = 0)] f64),
    Word(String),
    Pair { a: bool, b: bool },
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
#[serde(tag = "op")]
enum PartlyUntagged {
    Add {
        n: i32,
    },
    #[serde(untagged)]
    Raw(String),
}

#[test]
fn untagged_variants_are_their_content() {
    assert_eq!(
        node_of::<Untagged>(),
        json!({"oneOf": [
            {"type": "number", "minimum": 0},
            {"type": "string"},
            {"type": "object", "properties": {"a": {"type": "boolean"}, "b": {"type": "boolean"}}, "required": ["a", "b"]}
        ]})
    );
    assert_eq!(
        node_of::<PartlyUntagged>()["oneOf"][1],
        json!({"type": "string"})
    );
}

/// Tool arguments that use every enum form.
#[derive(Debug, Deserialize, ToolArgs)]
struct Enums {
    level: Level,
    external: External,
    internal: Internal,
    adjacent: Adjacent,
    untagged: Untagged,
    partly: PartlyUntagged,
}

#[test]
fn each_representation_reads_back_what_its_schema_accepts() {
    let args = json!({
        "level": "VERY_LOUD",
        "external": {"wait": {"howLong": 3}},
        "internal": {"kind": "dot", "x": 1, "y": 2},
        "adjacent": {"t": "Reset"},
        "untagged": {"a": true, "b": false},
        "partly": "raw"
    });
    let enums = Enums::from_args(args).unwrap();
    assert_eq!(enums.level, Level::VeryLoud);
    assert_eq!(enums.external, External::Wait { how_long: 3 });
    assert!(matches!(enums.internal, Internal::Dot(Point { x, y }) if x == 1.0 && y == 2.0));
    assert_eq!(enums.adjacent, Adjacent::Reset);
    assert_eq!(enums.untagged, Untagged::Pair { a: true, b: false });
    assert_eq!(enums.partly, PartlyUntagged::Raw("raw".into()));
}

#[test]
fn every_derived_schema_lints_without_errors() {
    assert_no_lint_errors(schemas![Point, Enums]);
}

#[test]
fn only_externally_tagged_branches_are_said_to_overlap() {
    let findings = lint(&Enums::schema().to_value());
    let ambiguous: Vec<&str> = findings
        .iter()
        .filter(|d| d.code == Code::AmbiguousOneOf)
        .map(|d| d.pointer.as_str())
        .collect();
    // External: the three single-key object branches could be sent at once
    // (pairs 1-2, 1-3, 2-3). Internal and adjacent: the tag tells them
    // apart. Untagged here: the branches differ in type.
    assert_eq!(
        ambiguous,
        [
            "/properties/external/oneOf/2",
            "/properties/external/oneOf/3",
            "/properties/external/oneOf/3"
        ]
    );
}
