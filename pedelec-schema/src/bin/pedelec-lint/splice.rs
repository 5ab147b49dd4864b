//! Replacing values inside a JSON text, keeping every other byte.
//!
//! Reading a file into a `serde_json::Value` and writing it back would sort
//! its keys (serde_json's map is sorted unless its `preserve_order` feature
//! is on, which would change the library's behaviour everywhere) and lose
//! its layout. So a rewrite replaces only the bytes of the values it
//! changes, found by `locate.rs`, and leaves the rest of the file as it
//! was. The schemas written in their place put their keywords in the
//! library's canonical order (`type` first, metadata last) rather than the
//! map's alphabetical one; property names stay sorted, as the map has them.

use std::ops::Range;

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Value};

/// `text` with each span replaced by its new text. The spans must not
/// overlap; they may come in any order.
pub fn splice(text: &str, mut replacements: Vec<(Range<usize>, String)>) -> String {
    replacements.sort_by_key(|(span, _)| span.start);
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (span, new_text) in replacements {
        out.push_str(&text[copied..span.start]);
        out.push_str(&new_text);
        copied = span.end;
    }
    out.push_str(&text[copied..]);
    out
}

/// The schema `schema` written to take the place of the value at `span` in
/// `text`: on one line if the old value was on one line, otherwise
/// pretty-printed, its lines indented like the line the old value starts
/// on and ended as the old value's lines were (`\r\n` or `\n`).
pub fn written_like(text: &str, span: &Range<usize>, schema: &Value) -> String {
    let ordered = Ordered(schema, Role::Schema);
    let written = if text[span.clone()].contains('\n') {
        serde_json::to_string_pretty(&ordered)
    } else {
        serde_json::to_string(&ordered)
    };
    // Serializing a `Value` cannot fail: its keys are strings.
    let written = written.unwrap_or_else(|_| schema.to_string());
    let line_start = text[..span.start].rfind('\n').map_or(0, |at| at + 1);
    let indent: String = text[line_start..span.start]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    // Lines end as the old value's lines did.
    let newline = if text[span.clone()].contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    written.replace('\n', &format!("{newline}{indent}"))
}

/// Keywords in the order the library serializes them; others (none in an
/// export) follow, alphabetically.
const KEYWORD_ORDER: &[&str] = &[
    "type",
    "anyOf",
    "oneOf",
    "enum",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "properties",
    "required",
    "additionalProperties",
    "propertyOrdering",
    "description",
    "default",
    "example",
    "examples",
];

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
    fn only_the_spans_change() {
        let text = "{\"b\": 1, \"a\": [2, 3]}";
        let out = splice(
            text,
            vec![(14..20, "[]".to_owned()), (6..7, "\"one\"".to_owned())],
        );
        assert_eq!(out, "{\"b\": \"one\", \"a\": []}");
        assert_eq!(splice(text, Vec::new()), text);
    }

    #[test]
    fn a_one_line_value_stays_on_one_line() {
        let text = "{\"s\": {\"type\": \"object\"}}";
        let written = written_like(text, &(6..24), &json!({"type": "object", "x": 1}));
        assert_eq!(written, r#"{"type":"object","x":1}"#);
    }

    #[test]
    fn windows_line_endings_are_kept() {
        let text = "{\r\n  \"type\": \"object\"\r\n}\r\n";
        let written = written_like(text, &(0..text.len() - 2), &json!({"type": "object"}));
        assert_eq!(written, "{\r\n  \"type\": \"object\"\r\n}");
    }

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
            written_like("{}", &(0..2), &schema),
            concat!(
                r#"{"type":"object","properties":{"a":{"anyOf":[{"type":"null"},"#,
                r#"{"type":"array","items":{"type":"number"}}]},"#,
                r#""b":{"type":"string","description":"d","default":{"a":2,"z":1}}},"#,
                r#""required":["b","a"],"additionalProperties":false}"#
            )
        );
    }

    #[test]
    fn a_multi_line_value_is_indented_like_its_line() {
        let text = "[\n  {\"name\": \"t\",\n    \"s\": {\n      \"type\": \"object\"\n    }}\n]";
        let start = text.find("{\n      \"type\"").unwrap();
        let end = text.rfind('}').unwrap();
        let written = written_like(text, &(start..end), &json!({"a": [1]}));
        assert_eq!(written, "{\n      \"a\": [\n        1\n      ]\n    }");
    }
}
