//! A bound on a struct (an object node) and on an enum with data (a oneOf).
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
#[tool_args(max_length = 10)]
struct Args {
    name: String,
}

#[derive(Deserialize, ToolArgs)]
#[serde(tag = "kind")]
#[tool_args(max_items = 2)]
enum Shape {
    Circle { radius: f64 },
}

fn main() {}
