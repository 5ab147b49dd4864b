//! Values of the wrong form for their key.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(min_length = -1)]
    a: String,
    #[tool_args(minimum = "ten")]
    b: u32,
    #[tool_args(description = 5)]
    c: String,
    #[tool_args(examples = ["x"])]
    d: String,
}

fn main() {}
