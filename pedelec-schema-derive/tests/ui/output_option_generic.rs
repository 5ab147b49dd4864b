//! `#[tool_args(output)]` on a generic type: a parameter is asked of the
//! type system where a schema of the type is built, which happens when the
//! program is built (trybuild builds these programs, its project having
//! programs that must pass; `cargo check` alone does not evaluate it).
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Page<T> {
    items: Vec<T>,
}

fn main() {
    let _ = Page::<Option<u32>>::schema();
}
