//! Whether two subset nodes can both accept a value, and whether one
//! accepts everything the other does. Both answers are conservative: "may
//! overlap" and "does not contain" when unsure, so that a union is only
//! ever written as exact when it is.
//!
//! These work on JSON, the form convert's nodes have until the gatekeeper
//! reads the result; the model's disjointness (`validate/disjoint.rs`)
//! answers otherwise in places, which the tests below pin.

use std::cmp::Ordering;

use serde_json::Value;

use super::probe;
use crate::numeric;
use crate::validate::json_equal;

/// The family of a subset node's `type` (`integer` is a number).
fn family(node: &Value) -> Option<&str> {
    match node.get("type")?.as_str()? {
        "integer" => Some("number"),
        other => Some(other),
    }
}

fn branches(node: &Value) -> Option<&Vec<Value>> {
    node.get("oneOf")?.as_array()
}

/// Whether no value can pass both `a` and `b`.
pub(super) fn disjoint(a: &Value, b: &Value) -> bool {
    if let Some(branches) = branches(a) {
        return branches.iter().all(|branch| disjoint(branch, b));
    }
    if let Some(branches) = branches(b) {
        return branches.iter().all(|branch| disjoint(a, branch));
    }
    if family(a) != family(b) {
        return true;
    }
    if enum_outside(a, b) || enum_outside(b, a) {
        return true;
    }
    match family(a) {
        Some("number") => {
            ranges_apart(a, b, "minimum", "maximum") || ranges_apart(b, a, "minimum", "maximum")
        }
        Some("string") => {
            ranges_apart(a, b, "minLength", "maxLength")
                || ranges_apart(b, a, "minLength", "maxLength")
        }
        Some("array") => {
            ranges_apart(a, b, "minItems", "maxItems")
                || ranges_apart(b, a, "minItems", "maxItems")
                || (non_empty(a) && non_empty(b) && disjoint(&a["items"], &b["items"]))
        }
        Some("object") => objects_apart(a, b),
        _ => false,
    }
}

/// Whether `a` lists its values and `b` refuses every one of them.
fn enum_outside(a: &Value, b: &Value) -> bool {
    let Some(values) = a.get("enum").and_then(Value::as_array) else {
        return false;
    };
    values
        .iter()
        .all(|value| probe::accepts(b, value) == Some(false))
}

/// Whether everything `a` accepts is below everything `b` accepts, by the
/// bounds `low`/`high`.
fn ranges_apart(a: &Value, b: &Value, low: &str, high: &str) -> bool {
    match (
        a.get(high).and_then(Value::as_number),
        b.get(low).and_then(Value::as_number),
    ) {
        (Some(a_high), Some(b_low)) => numeric::compare(a_high, b_low) == Ordering::Less,
        _ => false,
    }
}

fn non_empty(array: &Value) -> bool {
    array
        .get("minItems")
        .and_then(Value::as_u64)
        .is_some_and(|min| min > 0)
}

/// Whether a property both objects require cannot take one value in both:
/// the tag of a tagged union.
fn objects_apart(a: &Value, b: &Value) -> bool {
    let required = |node: &Value| -> Vec<String> {
        node.get("required")
            .and_then(Value::as_array)
            .map(|names| {
                names
                    .iter()
                    .filter_map(|n| n.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let b_required = required(b);
    required(a)
        .iter()
        .filter(|name| b_required.contains(name))
        .any(
            |name| match (a["properties"].get(name), b["properties"].get(name)) {
                (Some(x), Some(y)) => disjoint(x, y),
                _ => false,
            },
        )
}

/// Whether `outer` accepts every value `inner` accepts.
pub(super) fn subsumes(outer: &Value, inner: &Value) -> bool {
    if same_constraints(outer, inner) {
        return true;
    }
    if branches(outer).is_some() || branches(inner).is_some() || family(outer) != family(inner) {
        return false;
    }
    let integer_only = |node: &Value| node.get("type") == Some(&Value::from("integer"));
    if integer_only(outer) && !integer_only(inner) {
        return false;
    }
    if only_type(outer) || same_constraints(&without_type(outer), &without_type(inner)) {
        return true;
    }
    match (
        outer.get("enum").and_then(Value::as_array),
        inner.get("enum").and_then(Value::as_array),
    ) {
        (Some(outer_values), Some(inner_values)) if only_type_and_enum(outer) => inner_values
            .iter()
            .all(|v| outer_values.iter().any(|w| json_equal(v, w))),
        _ => false,
    }
}

const METADATA: [&str; 3] = ["description", "default", "examples"];

/// Whether the node has no keyword but `type` (and metadata).
fn only_type(node: &Value) -> bool {
    node.as_object().is_some_and(|map| {
        map.iter().all(|(key, value)| {
            key == "type"
                || METADATA.contains(&key.as_str())
                || (key == "properties" && value.as_object().is_some_and(|p| p.is_empty()))
                || (key == "required" && value.as_array().is_some_and(|r| r.is_empty()))
        })
    })
}

fn only_type_and_enum(node: &Value) -> bool {
    node.as_object().is_some_and(|map| {
        map.keys()
            .all(|key| key == "type" || key == "enum" || METADATA.contains(&key.as_str()))
    })
}

fn without_type(node: &Value) -> Value {
    let mut node = node.clone();
    if let Value::Object(map) = &mut node {
        map.remove("type");
    }
    node
}

/// Whether both nodes are the same apart from metadata (at the top).
fn same_constraints(a: &Value, b: &Value) -> bool {
    let strip = |node: &Value| {
        let mut node = node.clone();
        if let Value::Object(map) = &mut node {
            for key in METADATA {
                map.remove(key);
            }
        }
        node
    };
    strip(a) == strip(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn different_types_and_tags_are_disjoint() {
        assert!(disjoint(
            &json!({"type": "string"}),
            &json!({"type": "integer"})
        ));
        assert!(!disjoint(
            &json!({"type": "number"}),
            &json!({"type": "integer"})
        ));
        let tagged = |tag: &str| {
            json!({"type": "object", "properties": {"kind": {"type": "string", "enum": [tag]}},
                   "required": ["kind"]})
        };
        assert!(disjoint(&tagged("a"), &tagged("b")));
        assert!(!disjoint(&tagged("a"), &tagged("a")));
        assert!(disjoint(
            &json!({"type": "integer", "maximum": 0}),
            &json!({"type": "integer", "minimum": 1})
        ));
        assert!(!disjoint(
            &json!({"type": "string", "minLength": 1}),
            &json!({"type": "string", "pattern": "x"})
        ));
    }

    /// Where this disjointness on JSON differs from the model's
    /// (`validate/disjoint.rs`): a tag tells objects apart only when both
    /// require it; an `enum` that does not decide leaves the bounds to be
    /// compared; nodes are told apart by their `type` string, so `null` is
    /// a type of its own and a node without `type` is apart from every
    /// typed node.
    #[test]
    fn where_it_differs_from_the_models() {
        let tag = |value: &str| json!({"type": "string", "enum": [value]});
        let required =
            json!({"type": "object", "properties": {"kind": tag("a")}, "required": ["kind"]});
        let optional = json!({"type": "object", "properties": {"kind": tag("b")}});
        assert!(!disjoint(&required, &optional));
        assert!(!disjoint(&optional, &required));
        assert!(disjoint(
            &json!({"type": "string", "enum": ["abc"], "maxLength": 1}),
            &json!({"type": "string", "minLength": 2})
        ));
        assert!(disjoint(&json!({}), &json!({"type": "string"})));
        assert!(!disjoint(&json!({}), &json!({})));
        assert!(disjoint(
            &json!({"type": "null"}),
            &json!({"type": "string"})
        ));
        assert!(!disjoint(
            &json!({"type": "null"}),
            &json!({"type": "null"})
        ));
    }

    #[test]
    fn plain_types_contain_their_refinements() {
        assert!(subsumes(
            &json!({"type": "number"}),
            &json!({"type": "integer"})
        ));
        assert!(!subsumes(
            &json!({"type": "integer"}),
            &json!({"type": "number"})
        ));
        assert!(subsumes(
            &json!({"type": "string", "enum": ["a", "b"]}),
            &json!({"type": "string", "enum": ["a"]})
        ));
        assert!(subsumes(
            &json!({"type": "string", "description": "x"}),
            &json!({"type": "string", "minLength": 2})
        ));
        assert!(!subsumes(
            &json!({"type": "string", "minLength": 1}),
            &json!({"type": "string"})
        ));
    }
}
