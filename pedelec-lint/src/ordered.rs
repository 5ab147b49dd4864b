//! An exported schema, which is a `serde_json::Value`, written with its
//! keywords in the library's canonical order (`type` first, metadata last)
//! rather than the map's alphabetical one; property names stay as the map
//! has them.

use pedelec_schema::schema::KEYWORD_ORDER;
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Value};

/// `schema`, serialized with its keywords in [`KEYWORD_ORDER`], the
/// library's order; others (none in an export) follow, alphabetically.
pub fn in_keyword_order(schema: &Value) -> impl Serialize + '_ {
    Ordered(schema, Role::Schema)
}

/// What a JSON value is inside a schema, which decides its key order.
#[derive(Clone, Copy)]
enum Role {
    /// A schema node: keywords in [`KEYWORD_ORDER`].
    Schema,
    /// A list of schema nodes (`anyOf`, `oneOf`).
    Schemas,
    /// `properties`: names as the map has them, each value a schema.
    Properties,
    /// Anything else (`enum`, `default`, ...): written as it is.
    Data,
}

/// A value serialized with its schemas' keywords in [`KEYWORD_ORDER`].
struct Ordered<'v>(&'v Value, Role);

impl Serialize for Ordered<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (self.0, self.1) {
            (Value::Object(map), Role::Schema) => {
                let rank = |key: &str| KEYWORD_ORDER.iter().position(|k| *k == key);
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort_by_key(|key| (rank(key).unwrap_or(KEYWORD_ORDER.len()), *key));
                write_map(serializer, map, keys, |key| match key {
                    "items" => Role::Schema,
                    "anyOf" | "oneOf" => Role::Schemas,
                    "properties" => Role::Properties,
                    _ => Role::Data,
                })
            }
            (Value::Object(map), Role::Properties) => {
                write_map(serializer, map, map.keys().collect(), |_| Role::Schema)
            }
            (Value::Array(nodes), Role::Schemas) => {
                let mut seq = serializer.serialize_seq(Some(nodes.len()))?;
                for node in nodes {
                    seq.serialize_element(&Ordered(node, Role::Schema))?;
                }
                seq.end()
            }
            (value, _) => value.serialize(serializer),
        }
    }
}

fn write_map<S: Serializer>(
    serializer: S,
    map: &Map<String, Value>,
    keys: Vec<&String>,
    role_of: impl Fn(&str) -> Role,
) -> Result<S::Ok, S::Error> {
    let mut out = serializer.serialize_map(Some(keys.len()))?;
    for key in keys {
        out.serialize_entry(key, &Ordered(&map[key.as_str()], role_of(key)))?;
    }
    out.end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keywords_come_in_the_canonical_order() {
        let schema = json!({
            "required": ["b", "a"],
            "properties": {
                "b": {"description": "d", "default": {"z": 1, "a": 2}, "type": "string"},
                "a": {"anyOf": [{"type": "null"}, {"items": {"type": "number"}, "type": "array"}]}
            },
            "type": "object",
            "additionalProperties": false
        });
        assert_eq!(
            serde_json::to_string(&in_keyword_order(&schema)).unwrap(),
            concat!(
                r#"{"type":"object","properties":{"a":{"anyOf":[{"type":"null"},"#,
                r#"{"type":"array","items":{"type":"number"}}]},"#,
                r#""b":{"type":"string","description":"d","default":{"a":2,"z":1}}},"#,
                r#""required":["b","a"],"additionalProperties":false}"#
            )
        );
    }
}
