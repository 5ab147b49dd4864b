//! `#[tool_args(output)]`: what serde writes but does not read, where the
//! schema does not accept it. A named field is an extra property, which the
//! subset's open objects accept; a variant or a newtype's value is not.
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Page {
    items: Vec<String>,
    // Written, not read, not in the schema: an extra property, accepted.
    #[serde(skip_deserializing)]
    took_ms: u64,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(tag = "state")]
#[tool_args(output)]
enum Job {
    Running {
        percent: u8,
    },
    #[serde(skip_deserializing)]
    Internal {
        code: u32,
    },
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Stamped(#[serde(skip_deserializing)] u64, String);

fn main() {}
