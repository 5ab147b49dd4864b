//! `#[tool_args(output)]`: a property the schema requires that serde may
//! leave out of the result.
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Report {
    #[serde(skip_serializing)]
    id: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    items: Vec<String>,
    // Not required: `default` and an `Option` are fine.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    owner: Option<String>,
    // Not read, not written: not in the schema.
    #[serde(skip)]
    cache: u32,
    // serde demands a field read through a function unless it has `default`.
    #[serde(with = "words", skip_serializing_if = "Option::is_none")]
    #[tool_args(as = Option<String>)]
    words: Option<Vec<String>>,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Id(#[serde(skip_serializing_if = "String::is_empty")] String);

mod words {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<Vec<String>>, s: S) -> Result<S::Ok, S::Error> {
        v.as_ref().map(|words| words.join(",")).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        Ok(text.map(|text| text.split(',').map(str::to_owned).collect()))
    }
}

fn main() {}
