//! Bounds an integer type cannot hold: the schema would accept values that
//! serde cannot read into the field.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(minimum = -5)]
    count: u8,
    #[tool_args(maximum = 1e20)]
    total: Option<i64>,
}

fn main() {}
