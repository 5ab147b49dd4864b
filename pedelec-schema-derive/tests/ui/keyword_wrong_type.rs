//! Keywords on fields whose node cannot take them.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(min_length = 1)]
    count: u32,
    #[tool_args(maximum = 10)]
    name: Option<String>,
    #[tool_args(unique_items)]
    flag: bool,
    #[tool_args(max_length = 2)]
    initial: char,
    #[tool_args(min_items = 1)]
    pair: [u8; 2],
}

fn main() {}
