//! The main job, end to end: a tool's argsSchema written by hand and
//! checked; a bad schema linted; the same tool as a Rust type with
//! `#[derive(ToolArgs)]`; a good call parsed and a bad call answered with the
//! agent-facing error.
//!
//! Run it with `cargo run --example quickstart`.

use pedelec_schema::{lint, ToolArgs, ToolArgsSchema};
use serde::Deserialize;
use serde_json::json;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    hand_written_schema()?;
    lint_a_bad_schema();
    derived_schema()?;
    Ok(())
}

/// A schema as the Pedelec docs write one: parsed once, then used for every
/// call.
fn hand_written_schema() -> Result<(), Box<dyn std::error::Error>> {
    heading("1. A hand-written argsSchema");
    let schema = ToolArgsSchema::from_json_str(
        r#"{
            "type": "object",
            "properties": {
                "delta": {"type": "integer", "minimum": -100, "maximum": 100,
                          "description": "Signed amount to add to the counter."},
                "reason": {"type": "string", "maxLength": 200}
            },
            "required": ["delta"]
        }"#,
    )?;
    println!(
        "parsed; serialized back: {}",
        serde_json::to_string(&schema)?
    );

    let good = json!({"delta": 5});
    println!("\ncall {good}: valid = {}", schema.is_valid(&good));

    let bad = json!({"delta": 150.5, "reason": 7});
    let errors = schema.validate(&bad).unwrap_err();
    println!("call {bad}: the handler returns");
    println!("{:#}", errors.to_response());
    Ok(())
}

/// A schema written for full JSON Schema: lint says where it leaves the
/// subset and what to do instead.
fn lint_a_bad_schema() {
    heading("2. Lint of a schema outside the subset");
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "url": {"type": "string", "format": "uri"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "retries": {"type": ["integer", "null"], "minimum": 0},
            "mode": {"type": "string", "enum": ["fast", "safe"], "default": "careful"}
        },
        "required": ["url", "timeout"],
        "additionalProperties": false
    });
    for finding in lint(&schema) {
        let at = if finding.pointer.is_empty() {
            "(root)"
        } else {
            &finding.pointer
        };
        println!(
            "{}[{}] {at}\n    {}",
            finding.severity, finding.code, finding.message
        );
    }
}

/// Moves a shape on the canvas.
#[derive(Debug, Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
struct MoveShape {
    /// The shape to move.
    #[tool_args(min_length = 1)]
    shape_id: String,
    /// Where the shape's origin goes.
    destination: Point,
    /// How far to rotate it, in degrees.
    #[tool_args(minimum = -180, maximum = 180)]
    rotate: Option<i16>,
}

/// A point on the canvas; reused wherever a position is needed.
#[derive(Debug, Deserialize, ToolArgs)]
struct Point {
    x: f64,
    y: f64,
}

/// The same kind of tool as a Rust type: the schema comes from the struct.
fn derived_schema() -> Result<(), serde_json::Error> {
    heading("3. #[derive(ToolArgs)]");
    println!("MoveShape::schema():");
    // The schema serializes itself in order: keywords in the canonical
    // order, properties in the fields' order.
    println!("{}", serde_json::to_string_pretty(MoveShape::schema())?);

    let good = json!({"shapeId": "s1", "destination": {"x": 10, "y": 20.5}});
    match MoveShape::from_args(good.clone()) {
        Ok(call) => println!(
            "\ncall {good}:\n  move {} to ({}, {}), rotate by {:?}",
            call.shape_id, call.destination.x, call.destination.y, call.rotate
        ),
        Err(err) => println!("\ncall {good}: unexpected error {err}"),
    }

    let bad = json!({"shapeId": "", "destination": {"x": "left"}, "rotate": 720});
    match MoveShape::from_args(bad.clone()) {
        Ok(call) => println!("call {bad}: unexpectedly parsed {call:?}"),
        Err(err) => {
            println!("call {bad}: the handler returns");
            println!("{:#}", err.to_response());
        }
    }
    Ok(())
}

fn heading(title: &str) {
    println!("\n== {title}\n");
}
