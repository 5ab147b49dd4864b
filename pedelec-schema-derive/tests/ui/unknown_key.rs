//! A misspelt key, and a JSON Schema spelling of a key.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(min_lenght = 1)]
    name: String,
    #[tool_args(maxItems = 5)]
    tags: Vec<String>,
}

fn main() {}
