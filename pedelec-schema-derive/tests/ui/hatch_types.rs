//! Where the macro cannot see the type behind a hatch, the type system
//! checks it: `as` a type without a node, a keyword its kind does not
//! take, a `schema_with` function of the wrong signature.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

struct NoNode;

type Count = u32;

fn not_a_node() -> String {
    String::new()
}

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(as = NoNode)]
    plain: String,
    #[tool_args(as = Count, max_length = 3)]
    aliased: String,
    #[tool_args(schema_with = not_a_node)]
    built: String,
}

fn main() {}
