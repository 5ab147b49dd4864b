//! `deny_unknown_fields` cannot be shown to the agent in the subset.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
#[serde(deny_unknown_fields)]
struct Args {
    name: String,
}

fn main() {}
