//! A type that contains itself would need `$ref`.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Node {
    name: String,
    children: Vec<Node>,
}

#[derive(Deserialize, ToolArgs)]
enum Expr {
    Literal(f64),
    Negate(Box<Self>),
}

fn main() {}
