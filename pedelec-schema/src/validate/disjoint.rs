//! Whether two schema nodes can both accept a value: the crate's
//! disjointness on the model. Lint warns of `oneOf` branches that are not
//! disjoint; the export writes `oneOf` as `anyOf` losslessly when its
//! branches are pairwise disjoint.
//!
//! The answer is conservative: two nodes are called disjoint only when the
//! subset's keywords prove it (different types, an `enum` whose every value
//! the other node refuses, ranges apart, or a property required by one node
//! whose node the other rejects, i.e. a discriminator), or patterns that no
//! string matches both of, proven on their automata within a bound
//! (`pattern/overlap.rs`). An `enum` is checked with the other node's
//! [`Validator`], so every keyword of that node counts.

use crate::numeric::compare;
use crate::schema::{ArrayNode, NumberNode, ObjectNode, SchemaNode, StringNode};
use crate::validate::Validator;

/// Whether no value can pass two of `branches`: then `oneOf` and `anyOf`
/// over them accept the same values (the export relies on it).
pub(crate) fn pairwise_disjoint(branches: &[SchemaNode]) -> bool {
    branches
        .iter()
        .enumerate()
        .all(|(second, b)| branches[..second].iter().all(|a| disjoint(a, b)))
}

/// Whether no value can pass both nodes.
pub(crate) fn disjoint(a: &SchemaNode, b: &SchemaNode) -> bool {
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
                || matches!((&x.pattern, &y.pattern), (Some(p), Some(q)) if p.is_disjoint(q))
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
    use super::*;
    use crate::schema::SchemaNode as N;

    /// On nodes built in code. Lint, the export and convert's union
    /// lowering all ask this one check.
    #[test]
    fn disjointness_on_the_model() {
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
        // Strings apart by their patterns: a discriminator too.
        let pattern = |p: &str| N::string().pattern(crate::Pattern::new(p).unwrap());
        let user = N::object().required_property("id", pattern("^user:"));
        let group = N::object().required_property("id", pattern("^group:"));
        assert!(disjoint(&user.into(), &group.into()));
        assert!(!disjoint(&pattern("^a").into(), &pattern("b$").into()));
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
}
