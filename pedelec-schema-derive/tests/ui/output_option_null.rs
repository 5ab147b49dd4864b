//! `#[tool_args(output)]`: serde writes `None` as `null`, which the schema
//! (the inner type's node, the property optional) does not accept.
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Verdict {
    approved: bool,
    reason: Option<String>,
    // `default` makes the property optional; serde still writes `null`.
    #[serde(default)]
    note: Option<String>,
    // An `Option` inside the type: no attribute can leave its `None` out.
    scores: Vec<Option<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    twice: Option<Option<u8>>,
}

// The one field of a newtype is the value itself, not a property.
#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct MaybeCount(Option<u32>);

#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(tag = "kind")]
#[tool_args(output)]
enum Outcome {
    Done { detail: Option<String> },
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
enum Reply {
    Text(Option<String>),
    Count(u32),
}

// Without `output`, an input type keeps its `Option` fields as they are.
#[derive(Deserialize, ToolArgs)]
struct Search {
    query: String,
    limit: Option<u32>,
}

fn main() {}
