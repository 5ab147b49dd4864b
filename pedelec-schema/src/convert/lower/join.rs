//! Join: the tightest subset node that accepts every value any of some
//! nodes accepts, where one node must stand for several (the positions of
//! a tuple, the shapes of a root union). Nodes of different types stay
//! apart, as `oneOf` branches (which never overlap); nodes of one type
//! keep the constraints they share: the wider bound, the union of their
//! `enum`s, the properties every one of them describes.
//!
//! `None` means the join accepts anything, which the subset cannot write.

use std::cmp::Ordering;

use serde_json::{json, Map, Value};

use crate::numeric;
use crate::validate::json_equal;

/// The join of `nodes` (at least one).
pub(super) fn join_all(nodes: &[Value]) -> Option<Value> {
    let mut flat: Vec<&Value> = Vec::new();
    for node in nodes {
        flatten(node, &mut flat);
    }
    let mut groups: Vec<(&str, Value)> = Vec::new();
    for node in flat {
        let family = family(node)?;
        match groups.iter_mut().find(|(f, _)| *f == family) {
            Some((_, joined)) => *joined = join(joined, node)?,
            None => groups.push((family, node.clone())),
        }
    }
    match groups.len() {
        0 => None,
        1 => groups.pop().map(|(_, node)| node),
        _ => Some(json!({"oneOf": groups.into_iter().map(|(_, node)| node).collect::<Vec<_>>()})),
    }
}

fn flatten<'v>(node: &'v Value, out: &mut Vec<&'v Value>) {
    match node.get("oneOf").and_then(Value::as_array) {
        Some(branches) => branches.iter().for_each(|branch| flatten(branch, out)),
        None => out.push(node),
    }
}

fn family(node: &Value) -> Option<&'static str> {
    Some(match node.get("type")?.as_str()? {
        "integer" | "number" => "number",
        "string" => "string",
        "boolean" => "boolean",
        "array" => "array",
        "object" => "object",
        _ => return None,
    })
}

/// The join of two nodes of one family.
fn join(a: &Value, b: &Value) -> Option<Value> {
    let mut out = Map::new();
    let type_name = match (a["type"].as_str(), b["type"].as_str()) {
        (Some("integer"), Some("integer")) => Value::from("integer"),
        (Some("integer" | "number"), _) => Value::from("number"),
        _ => a["type"].clone(),
    };
    out.insert("type".to_owned(), type_name);
    if let Some(values) = enum_union(a, b) {
        out.insert("enum".to_owned(), values);
    }
    for key in ["minimum", "minLength", "minItems"] {
        keep_bound(&mut out, a, b, key, Ordering::Less);
    }
    for key in ["maximum", "maxLength", "maxItems"] {
        keep_bound(&mut out, a, b, key, Ordering::Greater);
    }
    for key in ["pattern", "uniqueItems", "description"] {
        if a.get(key).is_some() && a.get(key) == b.get(key) {
            out.insert(key.to_owned(), a[key].clone());
        }
    }
    match family(a)? {
        "array" => {
            let items = join_all(&[a["items"].clone(), b["items"].clone()])?;
            out.insert("items".to_owned(), items);
        }
        "object" => join_objects(&mut out, a, b),
        _ => {}
    }
    Some(Value::Object(out))
}

/// Both `enum`s together, when both nodes have one.
fn enum_union(a: &Value, b: &Value) -> Option<Value> {
    let (Some(a_values), Some(b_values)) = (
        a.get("enum").and_then(Value::as_array),
        b.get("enum").and_then(Value::as_array),
    ) else {
        return None;
    };
    let mut values = a_values.clone();
    for value in b_values {
        if !values.iter().any(|v| json_equal(v, value)) {
            values.push(value.clone());
        }
    }
    Some(Value::Array(values))
}

/// Keeps the wider of two bounds, when both nodes have one.
fn keep_bound(out: &mut Map<String, Value>, a: &Value, b: &Value, key: &str, wider: Ordering) {
    let (Some(x), Some(y)) = (
        a.get(key).and_then(Value::as_number),
        b.get(key).and_then(Value::as_number),
    ) else {
        return;
    };
    let kept = if numeric::compare(x, y) == wider {
        x
    } else {
        y
    };
    out.insert(key.to_owned(), Value::Number(kept.clone()));
}

/// The properties both objects describe, joined (a property whose join
/// accepts anything is left out), required where both require them.
fn join_objects(out: &mut Map<String, Value>, a: &Value, b: &Value) {
    let empty = Map::new();
    let a_properties = a["properties"].as_object().unwrap_or(&empty);
    let b_properties = b["properties"].as_object().unwrap_or(&empty);
    let mut properties = Map::new();
    for (name, a_node) in a_properties {
        let Some(b_node) = b_properties.get(name) else {
            continue;
        };
        if let Some(node) = join_all(&[a_node.clone(), b_node.clone()]) {
            properties.insert(name.clone(), node);
        }
    }
    let requires = |node: &Value, name: &str| {
        node["required"]
            .as_array()
            .is_some_and(|names| names.iter().any(|n| n == name))
    };
    let required: Vec<Value> = properties
        .keys()
        .filter(|name| requires(a, name) && requires(b, name))
        .map(|name| Value::from(name.clone()))
        .collect();
    out.insert("properties".to_owned(), Value::Object(properties));
    out.insert("required".to_owned(), Value::Array(required));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_keep_what_both_share() {
        let joined = join_all(&[
            json!({"type": "integer", "minimum": 0, "maximum": 10, "enum": [1]}),
            json!({"type": "number", "minimum": -5, "enum": [2.5]}),
        ])
        .unwrap();
        assert_eq!(
            joined,
            json!({"type": "number", "minimum": -5, "enum": [1, 2.5]})
        );
    }

    /// `enum` values are merged under validation's equality: numbers by
    /// value, and exactly at any depth (a value nested deeper than
    /// serde_json reads, built in code, still equals itself).
    #[test]
    fn enum_values_merge_under_validation_equality() {
        let deep = |depth: usize| {
            let mut value = json!("x");
            for _ in 0..depth {
                value = Value::Array(vec![value]);
            }
            value
        };
        let a = json!({"enum": [1, deep(200)]});
        let b = json!({"enum": [1.0, deep(200), 2]});
        assert_eq!(enum_union(&a, &b), Some(json!([1, deep(200), 2])));
    }

    #[test]
    fn types_stay_apart() {
        let joined = join_all(&[
            json!({"type": "string"}),
            json!({"type": "integer"}),
            json!({"type": "string", "minLength": 1}),
        ])
        .unwrap();
        assert_eq!(
            joined,
            json!({"oneOf": [{"type": "string"}, {"type": "integer"}]})
        );
    }

    #[test]
    fn objects_keep_shared_properties() {
        let joined = join_all(&[
            json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
                   "required": ["a", "b"]}),
            json!({"type": "object", "properties": {"a": {"type": "string", "minLength": 1}},
                   "required": ["a"]}),
        ])
        .unwrap();
        assert_eq!(
            joined,
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]})
        );
    }
}
