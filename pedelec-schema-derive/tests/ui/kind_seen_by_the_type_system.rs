//! Where the macro cannot see the type (an alias, a derived type), the type
//! system refuses what does not apply, with the library's message.
use std::collections::HashMap;

use pedelec_schema::ToolArgs;
use serde::Deserialize;

type Count = u32;
type Labels = HashMap<String, String>;

#[derive(Deserialize, ToolArgs)]
struct Inner {
    x: f64,
}

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(max_length = 3)]
    count: Count,
    labels: Labels,
    #[tool_args(max_items = 3)]
    inner: Inner,
}

fn main() {}
