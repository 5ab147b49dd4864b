//! A unit struct reads `null`, and a root must be an object.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct NoArgs;

fn main() {}
