//! `#[tool_args(output)]`: a name serde writes that is not the one it reads,
//! which the schema gives.
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Renamed {
    #[serde(rename(serialize = "fileName", deserialize = "file_name"))]
    file_name: String,
    #[serde(rename(deserialize = "size"))]
    bytes: u64,
    // One name for both sides is fine.
    #[serde(rename = "modified")]
    mtime: u64,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(rename_all(serialize = "camelCase", deserialize = "snake_case"))]
#[tool_args(output)]
struct Cased {
    file_name: String,
    line_count: u32,
}

// The rules differ, but write the same names: nothing to refuse.
#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(rename_all(serialize = "lowercase", deserialize = "snake_case"))]
#[tool_args(output)]
struct SameNames {
    name: String,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(
    tag = "kind",
    rename_all = "snake_case",
    rename_all_fields(serialize = "camelCase")
)]
#[tool_args(output)]
enum Event {
    #[serde(rename(serialize = "opened"))]
    Open {
        file_name: String,
    },
    Close {
        file_name: String,
    },
    #[serde(rename_all = "camelCase")]
    Move {
        from_path: String,
    },
}

// An untagged variant is written without its name: nothing to refuse.
#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(untagged)]
#[tool_args(output)]
enum Either {
    #[serde(rename(serialize = "n"))]
    Number { n: u32 },
    Text { text: String },
}

fn main() {}
