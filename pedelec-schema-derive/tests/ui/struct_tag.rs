//! serde's `tag` on a struct is not supported by the derive.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
#[serde(tag = "type")]
struct Args {
    name: String,
}

fn main() {}
