//! Patterns that do not compile, or that a linear-time engine cannot run.
use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[tool_args(pattern = "^(?!admin)")]
    user: String,
    #[tool_args(pattern = "([a-z]+")]
    slug: String,
    #[tool_args(pattern = "\\q")]
    code: String,
}

fn main() {}
