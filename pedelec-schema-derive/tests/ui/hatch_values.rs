//! What `as` and `schema_with` take: a type, and a function's path.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct NotAType {
    #[tool_args(as = 3)]
    name: String,
}

#[derive(Deserialize, ToolArgs)]
struct NotAPath {
    #[tool_args(schema_with = "not a path")]
    name: String,
}

#[derive(Deserialize, ToolArgs)]
struct AsAMap {
    #[tool_args(as = std::collections::HashMap<String, String>)]
    name: String,
}

fn main() {}
