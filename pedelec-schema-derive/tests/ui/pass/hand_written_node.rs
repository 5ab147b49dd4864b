//! A type the derive cannot see into carries its own schema through a
//! hand-written `ToolArgsNode`, and is then used like any derived type:
//! alone, in an `Option`, a `Vec`, with keywords, and through the hatches.
use pedelec_schema::{kind, Pattern, SchemaNode, ToolArgs, ToolArgsNode};
use serde::{Deserialize, Deserializer};

struct Slug(String);

impl<'de> Deserialize<'de> for Slug {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Slug)
    }
}

impl ToolArgsNode for Slug {
    type Kind = kind::String;
    fn node() -> SchemaNode {
        SchemaNode::string()
            .pattern(Pattern::new("^[a-z-]+$").unwrap())
            .into()
    }
}

fn slugs() -> SchemaNode {
    SchemaNode::array(Slug::node()).max_items(3).into()
}

fn upper<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    String::deserialize(deserializer).map(|s| s.to_uppercase())
}

#[derive(Deserialize, ToolArgs)]
struct Publish {
    #[tool_args(max_length = 40)]
    slug: Slug,
    also: Option<Vec<Slug>>,
    #[tool_args(schema_with = slugs)]
    more: Vec<Slug>,
    #[serde(deserialize_with = "upper")]
    #[tool_args(as = String, min_length = 1)]
    title: String,
}

fn main() {
    let schema = Publish::schema().to_value();
    assert_eq!(schema["properties"]["slug"]["maxLength"], 40);
    assert_eq!(schema["properties"]["more"]["maxItems"], 3);
    let call = Publish::from_args(serde_json::json!({
        "slug": "a-b", "more": [], "title": "x"
    }))
    .unwrap();
    assert_eq!((call.slug.0.as_str(), call.title.as_str()), ("a-b", "X"));
}
