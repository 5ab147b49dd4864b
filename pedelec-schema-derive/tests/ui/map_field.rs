//! Objects with arbitrary keys: the subset has no `additionalProperties`.
use std::collections::{BTreeMap, HashMap};

use pedelec_schema::ToolArgs;
use serde::Deserialize;

#[derive(Deserialize, ToolArgs)]
struct Args {
    labels: HashMap<String, String>,
    counts: Vec<BTreeMap<String, u32>>,
    object: serde_json::Map<String, serde_json::Value>,
}

fn main() {}
