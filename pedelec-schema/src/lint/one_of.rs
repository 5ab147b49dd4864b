//! `oneOf` warnings: a single branch, and branches that can accept the same
//! value (then `oneOf` rejects that value, which surprises the agent).
//!
//! Overlap is decided conservatively: two branches are called disjoint only
//! when the subset's keywords prove it (different types, disjoint `enum`s or
//! ranges, or a property required by one branch whose node the other branch
//! rejects, i.e. a discriminator). Patterns prove nothing, so two string
//! branches told apart only by `pattern` are reported.

use crate::diagnostic::{Code, Diagnostic};
use crate::numeric::compare;
use crate::pointer;
use crate::schema::{ArrayNode, NumberNode, ObjectNode, OneOfNode, SchemaNode, StringNode};
use crate::validate::Validator;

pub(super) fn check(one_of: &OneOfNode, at: &str, out: &mut Vec<Diagnostic>) {
    let here = pointer::join(at, "oneOf");
    if one_of.branches.len() == 1 {
        out.push(Diagnostic::new(
            Code::SingleBranchOneOf,
            here,
            "this `oneOf` has a single branch; use the branch itself as the node",
        ));
        return;
    }
    for (second, b) in one_of.branches.iter().enumerate() {
        for (first, a) in one_of.branches[..second].iter().enumerate() {
            if !disjoint(a, b) {
                let mut pointer = here.clone();
                pointer::push_index(&mut pointer, second);
                out.push(Diagnostic::new(
                    Code::AmbiguousOneOf,
                    pointer,
                    format!(
                        "branches {first} and {second} of this `oneOf` can accept the same \
                         value, which `oneOf` then rejects; make them easy to tell apart, e.g. \
                         a property required in every branch with a different `enum` value in each"
                    ),
                ));
            }
        }
    }
}

/// Whether no value can pass two of `branches`: then `oneOf` and `anyOf`
/// over them accept the same values (the export relies on it).
pub(crate) fn pairwise_disjoint(branches: &[SchemaNode]) -> bool {
    branches
        .iter()
        .enumerate()
        .all(|(second, b)| branches[..second].iter().all(|a| disjoint(a, b)))
}

/// Whether no value can pass both nodes.
fn disjoint(a: &SchemaNode, b: &SchemaNode) -> bool {
    use SchemaNode as N;
    match (a, b) {
        (N::OneOf(one_of), other) | (other, N::OneOf(one_of)) => {
            one_of.branches.iter().all(|branch| disjoint(branch, other))
        }
        (N::String(x), N::String(y)) => strings_disjoint(a, x, b, y),
        (N::Number(x) | N::Integer(x), N::Number(y) | N::Integer(y)) => {
            numbers_disjoint(a, x, b, y)
        }
        (N::Boolean(x), N::Boolean(y)) => match (&x.enum_values, &y.enum_values) {
            (Some(xs), Some(ys)) => !xs.iter().any(|v| ys.contains(v)),
            _ => false,
        },
        (N::Array(x), N::Array(y)) => arrays_disjoint(x, y),
        (N::Object(x), N::Object(y)) => discriminated(x, y) || discriminated(y, x),
        _ => a.kind() != b.kind(),
    }
}

/// With an `enum` on either side, the sides are disjoint when the other side
/// rejects every listed value.
fn enum_disjoint<T>(
    values: Option<&[T]>,
    other: &SchemaNode,
    to_json: impl Fn(&T) -> serde_json::Value,
) -> Option<bool> {
    values.map(|values| {
        let other = Validator::of(other);
        !values.iter().any(|value| other.accepts(&to_json(value)))
    })
}

fn strings_disjoint(a: &SchemaNode, x: &StringNode, b: &SchemaNode, y: &StringNode) -> bool {
    let to_json = |s: &String| serde_json::Value::String(s.clone());
    enum_disjoint(x.enum_values.as_deref(), b, to_json)
        .or_else(|| enum_disjoint(y.enum_values.as_deref(), a, to_json))
        .unwrap_or_else(|| {
            ranges_disjoint((x.min_length, x.max_length), (y.min_length, y.max_length))
        })
}

fn numbers_disjoint(a: &SchemaNode, x: &NumberNode, b: &SchemaNode, y: &NumberNode) -> bool {
    let to_json = |n: &serde_json::Number| serde_json::Value::Number(n.clone());
    enum_disjoint(x.enum_values.as_deref(), b, to_json)
        .or_else(|| enum_disjoint(y.enum_values.as_deref(), a, to_json))
        .unwrap_or_else(|| {
            let below = |max: &Option<serde_json::Number>, min: &Option<serde_json::Number>| {
                matches!((max, min), (Some(max), Some(min)) if compare(max, min).is_lt())
            };
            below(&x.maximum, &y.minimum) || below(&y.maximum, &x.minimum)
        })
}

fn ranges_disjoint(x: (Option<u64>, Option<u64>), y: (Option<u64>, Option<u64>)) -> bool {
    let below = |max: Option<u64>, min: Option<u64>| matches!((max, min), (Some(max), Some(min)) if max < min);
    below(x.1, y.0) || below(y.1, x.0)
}

fn arrays_disjoint(x: &ArrayNode, y: &ArrayNode) -> bool {
    if ranges_disjoint((x.min_items, x.max_items), (y.min_items, y.max_items)) {
        return true;
    }
    // Unless both demand an element, the empty array passes both.
    let both_non_empty = x.min_items.unwrap_or(0) > 0 && y.min_items.unwrap_or(0) > 0;
    both_non_empty && disjoint(&x.items, &y.items)
}

/// Whether a property `x` requires is defined by `y` with a node that no
/// value of `x`'s node passes: a discriminator.
fn discriminated(x: &ObjectNode, y: &ObjectNode) -> bool {
    x.required.iter().any(
        |name| match (x.property_node(name), y.property_node(name)) {
            (Some(mine), Some(theirs)) => disjoint(mine, theirs),
            _ => false,
        },
    )
}

#[cfg(test)]
mod tests {
    use crate::diagnostic::Code;
    use crate::lint::lint;
    use serde_json::{json, Value};

    fn ambiguous(one_of: Value) -> bool {
        let schema = json!({"type": "object", "properties": {"v": one_of}});
        lint(&schema).iter().any(|d| d.code == Code::AmbiguousOneOf)
    }

    #[test]
    fn overlapping_branches_are_reported() {
        assert!(ambiguous(
            json!({"oneOf": [{"type": "string"}, {"type": "string", "pattern": "^a"}]})
        ));
        assert!(ambiguous(
            json!({"oneOf": [{"type": "number"}, {"type": "integer"}]})
        ));
        assert!(ambiguous(json!({"oneOf": [
            {"type": "string", "enum": ["a", "b"]}, {"type": "string", "enum": ["b", "c"]}
        ]})));
        assert!(ambiguous(json!({"oneOf": [
            {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
            {"type": "object", "properties": {"index": {"type": "integer"}}, "required": ["index"]}
        ]})));
        assert!(ambiguous(json!({"oneOf": [
            {"type": "array", "items": {"type": "string"}},
            {"type": "array", "items": {"type": "integer"}}
        ]})));
    }

    #[test]
    fn distinguishable_branches_are_not() {
        assert!(!ambiguous(
            json!({"oneOf": [{"type": "string"}, {"type": "integer"}]})
        ));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "string", "enum": ["a"]}, {"type": "string", "enum": ["b"]}
        ]})));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "integer", "maximum": 0}, {"type": "number", "minimum": 0.5}
        ]})));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["circle"]}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["square"]}}, "required": ["kind"]}
        ]})));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "array", "items": {"type": "string"}, "minItems": 1},
            {"type": "array", "items": {"type": "integer"}, "minItems": 1}
        ]})));
        assert!(!ambiguous(json!({"oneOf": [
            {"type": "string", "maxLength": 2}, {"type": "string", "minLength": 3}
        ]})));
    }

    /// The disjointness of the model, on nodes built in code, where it
    /// differs from convert's (on JSON, `convert/overlap.rs`).
    #[test]
    fn disjointness_on_the_model() {
        use super::disjoint;
        use crate::schema::SchemaNode as N;

        assert!(disjoint(&N::string().into(), &N::integer().into()));
        assert!(!disjoint(&N::number().into(), &N::integer().into()));
        // A property that one side requires and the other defines with a
        // node no value of the first passes tells them apart: the other
        // side need not require it.
        let tag = |value: &str| N::string().enum_values([value]);
        let required = N::object().required_property("kind", tag("a"));
        let optional = N::object().property("kind", tag("b"));
        assert!(disjoint(&required.clone().into(), &optional.clone().into()));
        assert!(disjoint(&optional.into(), &required.into()));
        let neither = N::object().property("kind", tag("a"));
        let other = N::object().property("kind", tag("b"));
        assert!(!disjoint(&neither.into(), &other.into()));
        // An `enum` decides alone: the other side accepts "abc", so the
        // lengths are not compared (though this node accepts nothing).
        let listed = N::string().enum_values(["abc"]).max_length(1);
        assert!(!disjoint(&listed.into(), &N::string().min_length(2).into()));
        // Booleans apart only by their `enum`s.
        let t = N::boolean().enum_values([true]);
        assert!(disjoint(
            &t.clone().into(),
            &N::boolean().enum_values([false]).into()
        ));
        assert!(!disjoint(&t.into(), &N::boolean().into()));
        // Arrays: the empty array passes both unless both demand an item.
        let strings = N::array(N::string());
        let integers = N::array(N::integer());
        assert!(!disjoint(&strings.clone().into(), &integers.clone().into()));
        assert!(disjoint(
            &strings.min_items(1).into(),
            &integers.min_items(1).into()
        ));
        // A `oneOf` is disjoint from a node when each branch is.
        let either = N::one_of([N::from(N::string()), N::boolean().into()]);
        assert!(disjoint(&either.clone().into(), &N::integer().into()));
        assert!(!disjoint(&N::string().into(), &either.into()));
    }

    #[test]
    fn a_single_branch_is_reported() {
        let schema =
            json!({"type": "object", "properties": {"v": {"oneOf": [{"type": "string"}]}}});
        let findings = lint(&schema);
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert_eq!(findings[0].code, Code::SingleBranchOneOf);
        assert_eq!(findings[0].pointer, "/properties/v/oneOf");
    }
}
