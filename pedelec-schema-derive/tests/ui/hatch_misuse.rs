//! `as` and `schema_with` where they do not belong, together, or with keys
//! that cannot go with a node built at run time.
use pedelec_schema::{SchemaNode, ToolArgs};
use serde::Deserialize;

fn node() -> SchemaNode {
    SchemaNode::string().into()
}

#[derive(Deserialize, ToolArgs)]
#[tool_args(as = String)]
struct OnTheType {
    name: String,
}

#[derive(Deserialize, ToolArgs)]
enum OnAVariant {
    #[tool_args(schema_with = node)]
    Named { name: String },
}

fn doubled<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    u8::deserialize(deserializer).map(|n| n * 2)
}

#[derive(Deserialize, ToolArgs)]
enum WithOnAVariant {
    #[serde(deserialize_with = "doubled")]
    Double(u8),
}

#[derive(Deserialize, ToolArgs)]
struct Inner {
    x: u8,
}

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(as = String, schema_with = node)]
    both: String,
    #[tool_args(schema_with = node, min_length = 1, pattern = "^a")]
    bounded: String,
    #[serde(flatten)]
    #[tool_args(schema_with = node)]
    flattened: Inner,
    #[tool_args(as = u32, max_length = 3)]
    wrong_kind: String,
}

fn main() {}
