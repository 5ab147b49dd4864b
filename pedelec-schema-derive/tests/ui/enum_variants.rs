//! Variants the subset cannot describe, and an enum without variants.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
#[serde(untagged)]
enum Untagged {
    Named { name: String },
    Nothing,
}

#[derive(Deserialize, ToolArgs)]
enum External {
    Move(f64, f64),
    #[tool_args(min_length = 1)]
    Named { name: String },
}

#[derive(Deserialize, ToolArgs)]
enum Empty {}

fn main() {}
