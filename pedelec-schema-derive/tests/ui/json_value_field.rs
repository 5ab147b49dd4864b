//! Any-JSON fields, also inside a container.
use pedelec_schema::ToolArgs;
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize, ToolArgs)]
struct Args {
    payload: serde_json::Value,
    extra: Option<Vec<Value>>,
}

fn main() {}
