//! A lower bound above its upper bound, for each pair of bounds.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(min_length = 5, max_length = 2)]
    name: String,
    #[tool_args(minimum = 1.5, maximum = -1)]
    ratio: f64,
    #[tool_args(max_items = 1, min_items = 3)]
    ids: Vec<u64>,
}

fn main() {}
