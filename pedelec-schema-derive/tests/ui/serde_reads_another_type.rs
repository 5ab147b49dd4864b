//! serde attributes that make serde read something the derive cannot see.
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Deserializer};

fn upper<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::deserialize(d).map(|s| s.to_uppercase())
}

#[derive(Deserialize, ToolArgs)]
struct Args {
    #[serde(deserialize_with = "upper")]
    name: String,
}

#[derive(Deserialize)]
struct Wire {
    name: String,
}

impl From<Wire> for Converted {
    fn from(wire: Wire) -> Self {
        Converted { name: wire.name }
    }
}

#[derive(Deserialize, ToolArgs)]
#[serde(from = "Wire")]
struct Converted {
    name: String,
}

fn main() {}
