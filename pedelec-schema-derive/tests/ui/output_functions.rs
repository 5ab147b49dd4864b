//! `#[tool_args(output)]`: serde writing through a function or another
//! type, which the schema does not describe.
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

fn comma_separated<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Ok(String::deserialize(d)?
        .split(',')
        .map(str::to_owned)
        .collect())
}

fn joined<S: Serializer>(words: &[String], s: S) -> Result<S::Ok, S::Error> {
    words.join(",").serialize(s)
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Words {
    #[serde(deserialize_with = "comma_separated")]
    #[tool_args(as = String)]
    read: Vec<String>,
    #[serde(serialize_with = "joined")]
    written: Vec<String>,
    // Both functions: they read and write the JSON that `as` describes.
    #[serde(deserialize_with = "comma_separated", serialize_with = "joined")]
    #[tool_args(as = String)]
    both: Vec<String>,
}

#[derive(Clone, Serialize, Deserialize, ToolArgs)]
#[serde(into = "Wire")]
#[tool_args(output)]
struct Converted {
    name: String,
}

#[derive(Serialize)]
struct Wire {
    label: String,
}

impl From<Converted> for Wire {
    fn from(c: Converted) -> Self {
        Wire { label: c.name }
    }
}

fn main() {}
