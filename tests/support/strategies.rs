//! proptest strategies for subset schemas and for values aimed at them.
//!
//! Values are generated per schema: mostly values that follow the node (so
//! the valid side is well covered), mixed with edge cases of every JSON type
//! (numbers beyond 2^53, `-0.0`, `1e308`, astral strings) so the invalid
//! side is too.

#![allow(dead_code)] // each test binary uses a part of the strategies

use pedelec_schema::schema::{
    ArrayNode, BooleanNode, Metadata, NumberNode, ObjectNode, OneOfNode, Property, StringNode,
};
use pedelec_schema::{Pattern, SchemaNode};
use proptest::prelude::*;
use serde_json::{json, Map, Number, Value};

/// Property names, including ones that spell keywords and need escaping.
pub const NAMES: &[&str] = &["a", "b", "items", "type", "x/y", "t~0", "é", "🐲"];

/// Patterns on which ECMA-262 engines agree.
pub const PATTERNS: &[&str] = &["^[a-z]*$", "b", "^[0-9]+", "🐲", "^\\d{2}", "\\s"];

/// Strings with edge cases: empty, astral, combining, escapes.
pub fn edge_string() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "", "a", "b", "ab", "12", "🐲", "🐲🐲", "é", "e\u{301}", " ", "\n", "x/y", "Ω≈ç"
        ])
        .prop_map(str::to_owned),
        "[a-c0-9🐲 ]{0,6}",
    ]
}

/// Numbers with edge cases: signs, zero fractions, beyond 2^53, huge.
pub fn edge_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        prop::sample::select(vec![
            json!(0),
            json!(-0.0),
            json!(1),
            json!(1.0),
            json!(-1),
            json!(1.5),
            json!(-2.5),
            json!(9_007_199_254_740_992_u64),
            json!(9_007_199_254_740_993_u64),
            json!(9_007_199_254_740_992.0),
            json!(u64::MAX),
            json!(i64::MIN),
            json!(1e308),
            json!(-1e308),
            json!(0.1),
            json!(1e-300),
            json!(1.8446744073709552e19),
        ])
        .prop_map(|v| v.as_number().cloned().expect("a number")),
        (-20i64..20).prop_map(Number::from),
        (-20.0f64..20.0).prop_map(|f| Number::from_f64((f * 4.0).round() / 4.0).expect("finite")),
    ]
}

/// Any JSON value, shallow.
pub fn any_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        edge_number().prop_map(Value::Number),
        edge_string().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(NAMES), inner), 0..4).prop_map(|entries| {
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect(),
                )
            }),
        ]
    })
}

fn metadata() -> impl Strategy<Value = Metadata> {
    (
        prop::option::of(edge_string()),
        prop::option::of(any_value()),
        prop::collection::vec(any_value(), 0..2),
    )
        .prop_map(|(description, default, examples)| Metadata {
            description,
            default,
            examples,
        })
}

fn ordered(a: Option<u64>, b: Option<u64>) -> (Option<u64>, Option<u64>) {
    match (a, b) {
        (Some(x), Some(y)) if x > y => (Some(y), Some(x)),
        other => other,
    }
}

fn string_node() -> impl Strategy<Value = SchemaNode> {
    (
        prop::option::of(prop::collection::vec(edge_string(), 1..4)),
        prop::option::of(0u64..4),
        prop::option::of(0u64..6),
        prop::option::of(prop::sample::select(PATTERNS)),
        metadata(),
    )
        .prop_map(|(enum_values, min, max, pattern, meta)| {
            let (min_length, max_length) = ordered(min, max);
            SchemaNode::String(StringNode {
                enum_values,
                min_length,
                max_length,
                pattern: pattern.map(|p| Pattern::new(p).expect("pool patterns compile")),
                meta,
            })
        })
}

fn number_node(integer: bool) -> impl Strategy<Value = SchemaNode> {
    (
        prop::option::of(prop::collection::vec(edge_number(), 1..4)),
        prop::option::of(edge_number()),
        prop::option::of(edge_number()),
        metadata(),
    )
        .prop_map(move |(enum_values, min, max, meta)| {
            // f64 cannot order 2^53 + 1 and 2^53.0; where it cannot tell the
            // bounds apart, make them one.
            let (minimum, maximum) = match (min, max) {
                (Some(a), Some(b)) if a.as_f64() > b.as_f64() => (Some(b), Some(a)),
                (Some(a), Some(b)) if a.as_f64() == b.as_f64() => (Some(a.clone()), Some(a)),
                other => other,
            };
            let enum_values = enum_values.map(|values| {
                values
                    .into_iter()
                    .filter(|n| !integer || n.as_f64().is_some_and(|f| f.fract() == 0.0))
                    .collect::<Vec<_>>()
            });
            let node = NumberNode {
                enum_values: enum_values.filter(|values| !values.is_empty()),
                minimum,
                maximum,
                meta,
            };
            if integer {
                SchemaNode::Integer(node)
            } else {
                SchemaNode::Number(node)
            }
        })
}

fn boolean_node() -> impl Strategy<Value = SchemaNode> {
    (
        prop::option::of(prop::sample::select(vec![
            vec![true],
            vec![false],
            vec![true, false],
        ])),
        metadata(),
    )
        .prop_map(|(enum_values, meta)| SchemaNode::Boolean(BooleanNode { enum_values, meta }))
}

/// Schema nodes inside the subset (bounds ordered, `required` names defined).
pub fn node() -> impl Strategy<Value = SchemaNode> {
    let leaf = prop_oneof![
        string_node(),
        number_node(false),
        number_node(true),
        boolean_node()
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::option::of(0u64..3),
                prop::option::of(0u64..5),
                any::<bool>(),
                metadata()
            )
                .prop_map(|(items, min, max, unique_items, meta)| {
                    let (min_items, max_items) = ordered(min, max);
                    SchemaNode::Array(ArrayNode {
                        items: Box::new(items),
                        min_items,
                        max_items,
                        unique_items,
                        meta,
                    })
                }),
            object_node(inner.clone()).prop_map(SchemaNode::Object),
            (prop::collection::vec(inner, 1..4), metadata())
                .prop_map(|(branches, meta)| SchemaNode::OneOf(OneOfNode { branches, meta })),
        ]
    })
}

fn object_node(inner: impl Strategy<Value = SchemaNode>) -> impl Strategy<Value = ObjectNode> {
    (
        prop::collection::btree_map(prop::sample::select(NAMES), (inner, any::<bool>()), 0..4),
        metadata(),
    )
        .prop_map(|(entries, meta)| {
            let required = entries
                .iter()
                .filter(|(_, (_, req))| *req)
                .map(|(name, _)| name.to_string())
                .collect();
            let properties = entries
                .into_iter()
                .map(|(name, (node, _))| Property {
                    name: name.to_owned(),
                    node,
                })
                .collect();
            ObjectNode {
                properties,
                required,
                meta,
            }
        })
}

/// Root objects inside the subset.
pub fn root() -> impl Strategy<Value = ObjectNode> {
    object_node(node())
}

/// Values aimed at `node`: mostly following it, sometimes anything.
pub fn value_for(node: &SchemaNode) -> BoxedStrategy<Value> {
    let conforming = match node {
        SchemaNode::String(s) => match &s.enum_values {
            Some(values) => prop::sample::select(values.clone())
                .prop_map(Value::String)
                .boxed(),
            None => edge_string().prop_map(Value::String).boxed(),
        },
        SchemaNode::Number(n) | SchemaNode::Integer(n) => match &n.enum_values {
            Some(values) => prop::sample::select(values.clone())
                .prop_map(Value::Number)
                .boxed(),
            None => edge_number().prop_map(Value::Number).boxed(),
        },
        SchemaNode::Boolean(_) => any::<bool>().prop_map(Value::Bool).boxed(),
        SchemaNode::Array(a) => prop::collection::vec(value_for(&a.items), 0..5)
            .prop_map(Value::Array)
            .boxed(),
        SchemaNode::Object(o) => object_value(o),
        SchemaNode::OneOf(one_of) => {
            let branches: Vec<BoxedStrategy<Value>> =
                one_of.branches.iter().map(value_for).collect();
            prop::sample::select((0..branches.len()).collect::<Vec<_>>())
                .prop_flat_map(move |i| branches[i].clone())
                .boxed()
        }
    };
    prop_oneof![8 => conforming, 1 => any_value()].boxed()
}

/// Objects with each property present or not, plus an unnamed extra one.
pub fn object_value(object: &ObjectNode) -> BoxedStrategy<Value> {
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = object
        .properties
        .iter()
        .map(|p| {
            let name = p.name.clone();
            let present = if object.required.contains(&p.name) {
                0.95
            } else {
                0.6
            };
            prop::option::weighted(present, value_for(&p.node))
                .prop_map(move |v| v.map(|v| (name.clone(), v)))
                .boxed()
        })
        .collect();
    (fields, prop::option::weighted(0.2, any_value()))
        .prop_map(|(fields, extra)| {
            let mut map: Map<String, Value> = fields.into_iter().flatten().collect();
            if let Some(extra) = extra {
                map.insert("unnamed".to_owned(), extra);
            }
            Value::Object(map)
        })
        .boxed()
}

/// A root schema with values aimed at it.
pub fn root_with_values(count: usize) -> impl Strategy<Value = (ObjectNode, Vec<Value>)> {
    root().prop_flat_map(move |root| {
        let values = prop::collection::vec(object_value(&root), count);
        (Just(root), values)
    })
}
