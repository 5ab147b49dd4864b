//! JSON values generated from a derived type's own schema, and the two
//! properties `tests/derive_roundtrip*.rs` check with them:
//!
//! 1. **The schema accepts => serde reads** ([`accepted_values_deserialize`]),
//!    over values that mostly fit, with bound edges, integral floats,
//!    unknown properties, strings generated from each `pattern`, and now
//!    and then a value of the wrong type.
//! 2. **What the type holds, the schema accepts**
//!    ([`serialized_values_pass`]).

use pedelec_schema::schema::{ArrayNode, NumberNode, ObjectNode, SchemaNode, StringNode};
use pedelec_schema::ToolArgs;
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Map, Number, Value};

/// A JSON number for an integer, as an integer or (when `as_float` and it
/// is exact) as an integral float such as `3.0`.
pub fn integer_value(i: i128, as_float: bool) -> Value {
    if as_float && i.unsigned_abs() < (1 << 53) {
        return json!(i as f64);
    }
    if let Ok(u) = u64::try_from(i) {
        json!(u)
    } else {
        json!(i64::try_from(i).unwrap_or(i64::MIN))
    }
}

pub fn as_i128(n: &Option<Number>, default: i128) -> i128 {
    n.as_ref()
        .and_then(|n| n.as_u64().map(i128::from).or(n.as_i64().map(i128::from)))
        .unwrap_or(default)
}

pub fn text(min: usize, max: usize) -> BoxedStrategy<String> {
    let letter = prop_oneof![
        6 => proptest::char::range('a', 'z'),
        1 => Just('é'),
        1 => Just('🐲'),
        1 => Just(' '),
    ];
    proptest::collection::vec(letter, min..=max)
        .prop_map(|chars| chars.into_iter().collect())
        .boxed()
}

/// Mostly `fitting`, sometimes `off` (a bound missed by one): with many
/// properties, a value passes only when all of them fit.
pub fn mostly(fitting: BoxedStrategy<Value>, off: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    prop_oneof![25 => fitting, 1 => off].boxed()
}

pub fn string_value(node: &StringNode) -> BoxedStrategy<Value> {
    if let Some(values) = node.enum_values.clone() {
        let listed = proptest::sample::select(values).prop_map(Value::String);
        return mostly(listed.boxed(), text(0, 6).prop_map(Value::String).boxed());
    }
    if let Some(pattern) = &node.pattern {
        return pattern_value(pattern.as_str());
    }
    let min = node.min_length.unwrap_or(0) as usize;
    let max = node.max_length.map_or(min + 8, |max| max as usize);
    let lengths = prop_oneof![Just(min.saturating_sub(1)), Just(max + 1)];
    let off = lengths
        .prop_flat_map(|n| text(n, n))
        .prop_map(Value::String);
    mostly(text(min, max).prop_map(Value::String).boxed(), off.boxed())
}

/// Strings generated from an anchored `^...$` pattern (proptest generates
/// from the regex between the anchors), sometimes with one character
/// changed or cut, or random text.
fn pattern_value(source: &str) -> BoxedStrategy<Value> {
    let inner = source
        .strip_prefix('^')
        .and_then(|s| s.strip_suffix('$'))
        .expect("the generated patterns are anchored");
    let matching = proptest::string::string_regex(inner)
        .expect("a pattern proptest reads")
        .boxed();
    let changed = (matching.clone(), any::<usize>(), text(0, 1)).prop_map(|(s, at, with)| {
        let mut chars: Vec<char> = s.chars().collect();
        if !chars.is_empty() {
            let at = at % chars.len();
            chars.splice(at..=at, with.chars());
        }
        chars.into_iter().collect::<String>()
    });
    let off = prop_oneof![changed, text(0, 12)].prop_map(Value::String);
    mostly(matching.prop_map(Value::String).boxed(), off.boxed())
}

pub fn integer_strategy(node: &NumberNode) -> BoxedStrategy<Value> {
    let min = as_i128(&node.minimum, -1000);
    let max = as_i128(&node.maximum, 1000);
    let inside = prop_oneof![
        Just(min),
        Just(max),
        min..=(min + 2).min(max),
        (max - 2).max(min)..=max,
        min..=max,
    ];
    // One past each bound, where a JSON number holds it exactly.
    let outside: Vec<i128> = [min - 1, max + 1]
        .into_iter()
        .filter(|i| (i128::from(i64::MIN)..=i128::from(u64::MAX)).contains(i))
        .collect();
    let as_json = |(i, as_float): (i128, bool)| integer_value(i, as_float);
    let fitting = (inside, proptest::bool::weighted(0.2)).prop_map(as_json);
    let off = (proptest::sample::select(outside), Just(false)).prop_map(as_json);
    mostly(fitting.boxed(), off.boxed())
}

pub fn number_strategy(node: &NumberNode) -> BoxedStrategy<Value> {
    let min = node
        .minimum
        .as_ref()
        .and_then(Number::as_f64)
        .unwrap_or(-1e6);
    let max = node
        .maximum
        .as_ref()
        .and_then(Number::as_f64)
        .unwrap_or(1e6);
    let fitting = prop_oneof![
        Just(min),
        Just(max),
        min..max,
        (-100i64..100).prop_map(move |i| (i as f64).clamp(min, max)),
    ];
    let off = prop_oneof![Just(min - 1.0), Just(max + 1.0)];
    mostly(
        fitting.prop_map(|f| json!(f)).boxed(),
        off.prop_map(|f| json!(f)).boxed(),
    )
}

pub fn array_strategy(array: &ArrayNode) -> BoxedStrategy<Value> {
    let min = array.min_items.unwrap_or(0) as usize;
    let max = array.max_items.map_or(4, |max| max as usize);
    let items = value_for(&array.items);
    let fitting = proptest::collection::vec(items.clone(), min..=max);
    let lengths = prop_oneof![Just(min.saturating_sub(1)), Just(max + 1)];
    let off = lengths.prop_flat_map(move |n| proptest::collection::vec(items.clone(), n..=n));
    mostly(
        fitting.prop_map(Value::Array).boxed(),
        off.prop_map(Value::Array).boxed(),
    )
}

pub fn object_strategy(object: &ObjectNode) -> BoxedStrategy<Value> {
    let properties: Vec<BoxedStrategy<Option<(String, Value)>>> = object
        .properties
        .iter()
        .map(|property| {
            let name = property.name.clone();
            let present = if object.required.contains(&name) {
                0.99
            } else {
                0.6
            };
            (proptest::bool::weighted(present), value_for(&property.node))
                .prop_map(move |(present, value)| present.then(|| (name.clone(), value)))
                .boxed()
        })
        .collect();
    let extra = proptest::option::weighted(0.2, any::<i32>());
    (properties, extra)
        .prop_map(|(properties, extra)| {
            let mut map: Map<String, Value> = properties.into_iter().flatten().collect();
            if let Some(n) = extra {
                map.insert("zzExtra".to_owned(), json!(n));
            }
            Value::Object(map)
        })
        .boxed()
}

/// Values for `node`: mostly fitting, sometimes not.
pub fn value_for(node: &SchemaNode) -> BoxedStrategy<Value> {
    let fitting = match node {
        SchemaNode::String(string) => string_value(string),
        SchemaNode::Integer(number) => integer_strategy(number),
        SchemaNode::Number(number) => number_strategy(number),
        SchemaNode::Boolean(_) => any::<bool>().prop_map(Value::Bool).boxed(),
        SchemaNode::Array(array) => array_strategy(array),
        SchemaNode::Object(object) => object_strategy(object),
        SchemaNode::OneOf(one_of) => {
            proptest::strategy::Union::new(one_of.branches.iter().map(value_for)).boxed()
        }
    };
    let wrong = prop_oneof![
        Just(Value::Null),
        Just(json!(true)),
        Just(json!(7)),
        Just(json!("x")),
        Just(json!({})),
    ];
    prop_oneof![60 => fitting, 1 => wrong].boxed()
}

pub fn args_for<T: ToolArgs>() -> BoxedStrategy<Value> {
    object_strategy(T::schema().root())
}

/// Property 1 for `T`.
pub fn accepted_values_deserialize<T: ToolArgs + DeserializeOwned + std::fmt::Debug>(
    value: Value,
) -> Result<(), TestCaseError> {
    if T::schema().is_valid(&value) {
        let parsed = T::from_args(value.clone());
        prop_assert!(parsed.is_ok(), "{value:#} -> {:?}", parsed.err());
    } else {
        prop_assert!(T::from_args(value).is_err());
    }
    Ok(())
}

/// `value` without the object members that are `null` (absent options).
pub fn without_nulls(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, without_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

/// Property 2 for `t`.
pub fn serialized_values_pass<T>(t: T) -> Result<(), TestCaseError>
where
    T: ToolArgs + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let value = without_nulls(serde_json::to_value(&t).unwrap());
    let checked = T::schema().validate(&value);
    prop_assert!(checked.is_ok(), "{value:#}: {:?}", checked.err());
    let back = T::from_args(value);
    prop_assert_eq!(back.ok(), Some(t));
    Ok(())
}
