//! A key given twice, also across two attributes.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(max_length = 10, max_length = 20)]
    name: String,
    #[tool_args(description = "Tags.")]
    #[tool_args(description = "The tags.", max_items = 5)]
    tags: Vec<String>,
}

fn main() {}
