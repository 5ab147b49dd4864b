//! A union has no schema (serde cannot read one either).
use pedelec_schema::ToolArgs;

#[derive(ToolArgs)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
