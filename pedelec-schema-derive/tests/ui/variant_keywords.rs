//! Keywords with no node to go on: on a unit variant of a string enum, and on
//! the field of an internally tagged newtype variant (merged beside the tag).
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
enum Role {
    #[tool_args(description = "Can read.")]
    Viewer,
    Editor,
}

#[derive(Deserialize, ToolArgs)]
struct Point {
    x: f64,
}

#[derive(Deserialize, ToolArgs)]
#[serde(tag = "kind")]
enum Shape {
    Dot(#[tool_args(description = "Where.")] Point),
}

fn main() {}
