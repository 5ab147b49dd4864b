//! `#[tool_args(output)]`: an `Option` the syntax does not show is found
//! by the type system (`ToolArgsNode::REQUIRED` is false for it).
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};

type Maybe<T> = Option<T>;

// Without `output`: written as `null` when it holds `None`.
#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(transparent)]
struct Note(Option<String>);

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Summary {
    count: Maybe<u32>,
    notes: Vec<Note>,
}

fn main() {}
