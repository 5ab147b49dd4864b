//! A tuple is a mixed array; `()` reads only `null`.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args {
    pair: (String, u32),
    nothing: (),
}

fn main() {}
