//! `output` is a flag of the type: not on a field or a variant, no value,
//! once.
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, ToolArgs)]
struct OnField {
    #[tool_args(output)]
    name: String,
}

#[derive(Serialize, Deserialize, ToolArgs)]
enum OnVariant {
    #[tool_args(output)]
    A { x: u8 },
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output = true)]
struct WithValue {
    name: String,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output, output)]
struct Twice {
    name: String,
}

fn main() {}
