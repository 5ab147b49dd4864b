//! Helpers of the `convert` tests: convert a source known to convert, and
//! read its changes and properties.

#![allow(dead_code)] // each test binary uses a part of the helpers

use pedelec_schema::{convert, Converted};
use serde_json::{json, Value};

/// Converts a source known to convert.
pub fn converted(source: Value) -> Converted {
    convert(&source).unwrap_or_else(|err| panic!("{err}"))
}

/// `(pointer, code)` of every change.
pub fn changes(converted: &Converted) -> Vec<(&str, &str)> {
    converted
        .changes
        .iter()
        .map(|c| (c.pointer.as_str(), c.code.as_str()))
        .collect()
}

/// The converted schema's node for `property`.
pub fn property(converted: &Converted, name: &str) -> Value {
    converted.schema.to_value()["properties"][name].clone()
}

/// A root with one property, `x`, required or not.
pub fn with_x(node: Value, required: bool) -> Value {
    let required: Vec<&str> = if required { vec!["x"] } else { vec![] };
    json!({"type": "object", "properties": {"x": node}, "required": required})
}

/// `(pointer, code, effect)` of every change.
pub fn effects(converted: &Converted) -> Vec<(&str, &str, pedelec_schema::Effect)> {
    converted
        .changes
        .iter()
        .map(|c| (c.pointer.as_str(), c.code.as_str(), c.effect))
        .collect()
}
