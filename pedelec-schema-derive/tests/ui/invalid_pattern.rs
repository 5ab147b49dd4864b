//! Patterns that ECMA-262 refuses in Unicode mode, or that a linear-time
//! engine cannot run: refused at compile time in the library's words.
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
    #[tool_args(pattern = "^a**$")]
    stars: String,
    #[tool_args(pattern = "^\\p{letter}+$")]
    letters: String,
    #[tool_args(pattern = "^[\\d-z]$")]
    range: String,
}

fn main() {}
