//! `flatten` merges a struct's properties: it takes no keywords and needs a struct.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Common {
    id: String,
}

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[serde(flatten)]
    #[tool_args(description = "Common fields.")]
    common: Common,
    #[serde(flatten)]
    name: String,
}

fn main() {}
