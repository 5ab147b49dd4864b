//! proptest strategies for *source* schemas - JSON Schema outside the
//! subset, using the keywords `convert` rewrites - and for values aimed at
//! them. The subset's own schemas and values come from `tests/strategies`.

#![allow(dead_code)] // each test binary uses a part of the strategies

use proptest::prelude::*;
use serde_json::{json, Map, Number, Value};

use crate::strategies::{any_value, edge_number, edge_string, NAMES, PATTERNS};

/// The draft a generated document declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Draft {
    /// No `$schema`: 2020-12 (`prefixItems`, `$defs`).
    Current,
    /// Draft 7 (`items` arrays with `additionalItems`, `definitions`,
    /// keywords beside `$ref` ignored).
    Draft7,
}

/// Which rewrites a generated document invites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mix {
    /// Every keyword `convert` handles, lossy ones included.
    All,
    /// Only keywords whose rewrites can be lossless (no `null`, no dropped
    /// constraint), so that the "same values" promise is tested often.
    Lossless,
}

impl Draft {
    fn defs(self) -> &'static str {
        match self {
            Draft::Current => "$defs",
            Draft::Draft7 => "definitions",
        }
    }
}

/// Numbers for bounds: small ones, halves, and edges.
fn bound() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (-6i64..6).prop_map(Value::from),
        2 => (-12i64..12).prop_map(|n| json!(n as f64 / 2.0)),
        1 => edge_number().prop_map(Value::Number),
    ]
}

/// Enum and const values of every JSON type, with equal numbers in two
/// spellings.
fn enum_value() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        json!(1),
        json!(1.0),
        json!(2),
        json!(1.5),
        json!("a"),
        json!("b"),
        json!(""),
        json!(true),
        json!(false),
        Value::Null,
        json!([1]),
        json!({"a": 1}),
    ])
}

fn insert_some(map: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(value) = value {
        map.insert(key.to_owned(), value);
    }
}

fn string_node(mix: Mix) -> impl Strategy<Value = Value> {
    let format = match mix {
        Mix::All => {
            prop::option::weighted(0.2, prop::sample::select(vec!["email", "date", "uuid"])).boxed()
        }
        Mix::Lossless => Just(None).boxed(),
    };
    (
        prop::option::of(0u64..4),
        prop::option::of(0u64..6),
        prop::option::of(prop::sample::select(PATTERNS)),
        format,
    )
        .prop_map(|(min, max, pattern, format)| {
            let mut map = Map::new();
            map.insert("type".into(), json!("string"));
            insert_some(&mut map, "minLength", min.map(Value::from));
            insert_some(&mut map, "maxLength", max.map(Value::from));
            insert_some(&mut map, "pattern", pattern.map(Value::from));
            insert_some(&mut map, "format", format.map(Value::from));
            Value::Object(map)
        })
}

fn number_node(mix: Mix) -> impl Strategy<Value = Value> {
    let (formats, multiples) = match mix {
        Mix::All => (
            vec![
                "int8", "uint8", "int16", "uint32", "int64", "double", "float",
            ],
            prop::option::weighted(0.1, prop::sample::select(vec![json!(2), json!(0.5)])).boxed(),
        ),
        Mix::Lossless => (
            vec!["int8", "uint8", "int16", "uint32", "int64", "double"],
            Just(None).boxed(),
        ),
    };
    (
        prop::sample::select(vec!["number", "integer"]),
        prop::option::weighted(0.4, (bound(), any::<bool>())),
        prop::option::weighted(0.4, (bound(), any::<bool>())),
        prop::option::weighted(0.3, prop::sample::select(formats)),
        multiples,
    )
        .prop_map(move |(type_name, low, high, format, multiple_of)| {
            let exclusive =
                low.as_ref().is_some_and(|(_, e)| *e) || high.as_ref().is_some_and(|(_, e)| *e);
            // An exclusive bound on a number widens; on an integer it need not.
            let type_name = if mix == Mix::Lossless && exclusive {
                "integer"
            } else {
                type_name
            };
            let mut map = Map::new();
            map.insert("type".into(), json!(type_name));
            if let Some((value, exclusive)) = low {
                let key = if exclusive {
                    "exclusiveMinimum"
                } else {
                    "minimum"
                };
                map.insert(key.into(), value);
            }
            if let Some((value, exclusive)) = high {
                let key = if exclusive {
                    "exclusiveMaximum"
                } else {
                    "maximum"
                };
                map.insert(key.into(), value);
            }
            insert_some(&mut map, "format", format.map(Value::from));
            insert_some(&mut map, "multipleOf", multiple_of);
            Value::Object(map)
        })
}

/// Nodes without children.
fn leaf(draft: Draft, mix: Mix) -> BoxedStrategy<Value> {
    let defs = draft.defs();
    let reference = prop::sample::select(vec![0usize, 1])
        .prop_map(move |k| json!({"$ref": format!("#/{defs}/d{k}")}));
    let common = prop_oneof![
        3 => string_node(mix),
        3 => number_node(mix),
        1 => Just(json!({"type": "boolean"})),
        2 => reference,
        1 => Just(json!({"type": "string", "title": "T", "$comment": "c", "x-vendor": 1,
                         "readOnly": true, "deprecated": false, "examples": ["e", 5]})),
    ];
    match mix {
        Mix::All => prop_oneof![
            10 => common,
            1 => Just(json!({"type": "null"})),
            2 => prop::sample::subsequence(vec!["string", "integer", "number", "boolean", "null"], 1..4)
                .prop_map(|types| json!({"type": types})),
            2 => enum_value().prop_map(|v| json!({"const": v})),
            2 => prop::collection::vec(enum_value(), 1..5).prop_map(|vs| json!({"enum": vs})),
            1 => prop::sample::select(vec![json!({}), json!(true), json!(false),
                json!({"minLength": 2}), json!({"minimum": 0}), json!({"description": "only a note"})]),
        ]
        .boxed(),
        Mix::Lossless => {
            let scalar = enum_value()
                .prop_filter("scalars only", |v| !(v.is_null() || v.is_array() || v.is_object()))
                .boxed();
            prop_oneof![
                10 => common,
                2 => prop::sample::subsequence(vec!["string", "integer", "boolean", "array"], 2..4)
                    .prop_map(|types| {
                        let mut node = json!({"type": types});
                        if types.contains(&"array") {
                            node["items"] = json!({"type": "integer"});
                        }
                        node
                    }),
                2 => scalar.clone().prop_map(|v| json!({"const": v})),
                2 => prop::collection::vec(scalar, 1..5).prop_map(|vs| json!({"enum": vs})),
                1 => Just(json!({"description": "only a note"})),
            ]
            .boxed()
        }
    }
}

fn property_names() -> impl Strategy<Value = Vec<&'static str>> {
    prop::sample::subsequence(NAMES.to_vec(), 0..4)
}

fn object_node(inner: BoxedStrategy<Value>, mix: Mix) -> impl Strategy<Value = Value> {
    property_names()
        .prop_flat_map(move |names| {
            let nodes = prop::collection::vec(inner.clone(), names.len());
            let required = prop::collection::vec(any::<bool>(), names.len());
            let extra = match mix {
                Mix::All => prop_oneof![
                    3 => Just(None),
                    1 => Just(Some(json!(false))),
                    1 => Just(Some(json!(true))),
                    1 => Just(Some(json!({"type": "string"}))),
                ]
                .boxed(),
                Mix::Lossless => prop_oneof![3 => Just(None), 1 => Just(Some(json!(true)))].boxed(),
            };
            let typed = match mix {
                Mix::All => any::<bool>().boxed(),
                Mix::Lossless => Just(true).boxed(),
            };
            (Just(names), nodes, required, extra, typed)
        })
        .prop_map(|(names, nodes, required, extra, typed)| {
            let mut map = Map::new();
            if typed {
                map.insert("type".into(), json!("object"));
            }
            let properties: Map<String, Value> = names
                .iter()
                .zip(nodes)
                .map(|(name, node)| (name.to_string(), node))
                .collect();
            let required: Vec<Value> = names
                .iter()
                .zip(required)
                .filter(|(_, r)| *r)
                .map(|(name, _)| json!(name))
                .collect();
            map.insert("properties".into(), Value::Object(properties));
            map.insert("required".into(), Value::Array(required));
            insert_some(&mut map, "additionalProperties", extra);
            Value::Object(map)
        })
}

fn array_node(inner: BoxedStrategy<Value>, draft: Draft, mix: Mix) -> impl Strategy<Value = Value> {
    let shapes = match mix {
        Mix::All => prop_oneof![Just(0u8), Just(1), Just(2)].boxed(),
        Mix::Lossless => Just(0u8).boxed(),
    };
    (
        inner.clone(),
        prop::collection::vec(inner, 0..3),
        prop::option::of(0u64..3),
        prop::option::of(0u64..5),
        any::<bool>(),
        shapes,
    )
        .prop_map(move |(items, prefix, min, max, unique, shape)| {
            let mut map = Map::new();
            map.insert("type".into(), json!("array"));
            match (shape, prefix.is_empty(), draft) {
                (1, false, Draft::Current) => {
                    map.insert("prefixItems".into(), Value::Array(prefix));
                    map.insert("items".into(), if unique { json!(false) } else { items });
                }
                (1, false, Draft::Draft7) => {
                    map.insert("items".into(), Value::Array(prefix));
                    map.insert(
                        "additionalItems".into(),
                        if unique { json!(false) } else { items },
                    );
                }
                (2, _, _) => {}
                _ => {
                    map.insert("items".into(), items);
                }
            }
            insert_some(&mut map, "minItems", min.map(Value::from));
            insert_some(&mut map, "maxItems", max.map(Value::from));
            if unique && shape == 0 {
                map.insert("uniqueItems".into(), json!(true));
            }
            Value::Object(map)
        })
}

/// Source nodes that use the keywords `convert` rewrites.
pub fn source_node(draft: Draft, mix: Mix) -> BoxedStrategy<Value> {
    leaf(draft, mix)
        .prop_recursive(3, 20, 4, move |inner| {
            let branches = prop::collection::vec(inner.clone(), 1..4);
            let tagged = (inner.clone(), inner.clone()).prop_map(|(a, b)| {
                json!({"type": "object", "properties": {"a": a}, "oneOf": [
                    {"properties": {"t": {"const": 1}, "b": b}, "required": ["t"]},
                    {"properties": {"t": {"const": 2}}, "required": ["t", "a"]}]})
            });
            let common = prop_oneof![
                2 => array_node(inner.clone(), draft, mix),
                2 => object_node(inner.clone(), mix),
                2 => branches.clone().prop_map(|b| json!({"anyOf": b})),
                2 => branches.clone().prop_map(|b| json!({"oneOf": b})),
                2 => branches.prop_map(|b| json!({"allOf": b})),
                1 => tagged,
            ];
            match mix {
                Mix::All => prop_oneof![
                    11 => common,
                    2 => inner.clone().prop_map(|n| json!({"anyOf": [n, {"type": "null"}]})),
                    1 => inner.clone().prop_map(|n| json!({"not": n})),
                    1 => inner.prop_map(|n| json!({"type": "string", "if": {"minLength": 1}, "then": n})),
                ]
                .boxed(),
                Mix::Lossless => common.boxed(),
            }
        })
        .boxed()
}

/// Root documents: an object root (sometimes without `type`, sometimes a
/// union of objects) and two definitions, the first sometimes recursive.
pub fn source_root() -> impl Strategy<Value = Value> {
    let draft = prop_oneof![3 => Just(Draft::Current), 1 => Just(Draft::Draft7)];
    let mix = prop_oneof![Just(Mix::All), Just(Mix::Lossless)];
    (draft, mix).prop_flat_map(|(draft, mix)| {
        let node = source_node(draft, mix);
        let (shapes, recursion) = match mix {
            Mix::All => (
                prop_oneof![4 => Just(0u8), 1 => Just(1), 1 => Just(2)].boxed(),
                any::<bool>().boxed(),
            ),
            Mix::Lossless => (Just(0u8).boxed(), Just(false).boxed()),
        };
        (object_node(node.clone(), mix), shapes, node.clone(), node, recursion)
            .prop_map(move |(root, shape, d0, d1, recursive)| {
                let defs = draft.defs();
                let mut root = match shape {
                    1 => json!({"anyOf": [root, {"type": "object", "properties": {"z": {"type": "integer"}},
                                                   "required": ["z"]}]}),
                    2 => {
                        let mut root = root;
                        root.as_object_mut().unwrap().remove("type");
                        root
                    }
                    _ => root,
                };
                let d0 = if recursive {
                    json!({"type": "object", "properties": {"value": d0,
                           "next": {"$ref": format!("#/{defs}/d0")}}})
                } else {
                    d0
                };
                let map = root.as_object_mut().unwrap();
                map.insert(defs.to_owned(), json!({"d0": d0, "d1": d1}));
                if draft == Draft::Draft7 {
                    map.insert("$schema".into(), json!("http://json-schema.org/draft-07/schema#"));
                }
                root
            })
    })
}

/// Values aimed at a source node: following its keywords where they say
/// something, anything elsewhere.
pub fn source_value(node: &Value, document: &Value, depth: usize) -> BoxedStrategy<Value> {
    let aimed = aimed_value(node, document, depth);
    prop_oneof![6 => aimed, 1 => any_value()].boxed()
}

fn aimed_value(node: &Value, document: &Value, depth: usize) -> BoxedStrategy<Value> {
    let Value::Object(map) = node else {
        return any_value().boxed();
    };
    if depth == 0 {
        return any_value().boxed();
    }
    if let Some(value) = map.get("const") {
        return Just(value.clone()).boxed();
    }
    if let Some(Value::Array(values)) = map.get("enum") {
        return prop::sample::select(values.clone()).boxed();
    }
    if let Some(target) = map
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| document.pointer(r.trim_start_matches('#')))
    {
        return source_value(target, document, depth - 1);
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = map.get(key) {
            let strategies: Vec<BoxedStrategy<Value>> = branches
                .iter()
                .map(|b| source_value(b, document, depth - 1))
                .collect();
            return prop::sample::select((0..strategies.len()).collect::<Vec<_>>())
                .prop_flat_map(move |i| strategies[i].clone())
                .boxed();
        }
    }
    let type_name = match map.get("type") {
        Some(Value::String(name)) => name.clone(),
        Some(Value::Array(names)) => names
            .first()
            .and_then(Value::as_str)
            .unwrap_or("null")
            .to_owned(),
        _ if map.contains_key("properties") => "object".to_owned(),
        _ => return any_value().boxed(),
    };
    match type_name.as_str() {
        "string" => edge_string().prop_map(Value::String).boxed(),
        "number" | "integer" => number_near(map).boxed(),
        "boolean" => any::<bool>().prop_map(Value::Bool).boxed(),
        "null" => Just(Value::Null).boxed(),
        "array" => {
            let element = map
                .get("items")
                .filter(|items| items.is_object())
                .or_else(|| map.get("prefixItems").and_then(|p| p.get(0)))
                .map_or_else(
                    || any_value().boxed(),
                    |items| source_value(items, document, depth - 1),
                );
            prop::collection::vec(element, 0..5)
                .prop_map(Value::Array)
                .boxed()
        }
        "object" => object_value(map, document, depth),
        _ => any_value().boxed(),
    }
}

/// Numbers at and around the node's bounds.
fn number_near(map: &Map<String, Value>) -> impl Strategy<Value = Value> {
    let mut near: Vec<Value> = Vec::new();
    for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
        if let Some(bound) = map.get(key).and_then(Value::as_f64) {
            for delta in [-1.0, -0.5, 0.0, 0.5, 1.0] {
                if let Some(n) = Number::from_f64(bound + delta) {
                    near.push(Value::Number(n));
                }
            }
            if bound.fract() == 0.0 && bound.abs() < 1e15 {
                near.push(json!(bound as i64));
            }
        }
    }
    near.extend([
        json!(0),
        json!(255),
        json!(256),
        json!(-129),
        json!(4294967296_u64),
    ]);
    prop_oneof![
        prop::sample::select(near),
        edge_number().prop_map(Value::Number),
    ]
}

fn object_value(map: &Map<String, Value>, document: &Value, depth: usize) -> BoxedStrategy<Value> {
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = map
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(name, node)| {
            let name = name.clone();
            prop::option::weighted(0.8, source_value(node, document, depth - 1))
                .prop_map(move |v| v.map(|v| (name.clone(), v)))
                .boxed()
        })
        .collect();
    (fields, prop::option::weighted(0.2, any_value()))
        .prop_map(|(fields, extra)| {
            let mut object: Map<String, Value> = fields.into_iter().flatten().collect();
            if let Some(extra) = extra {
                object.insert("extra".to_owned(), extra);
            }
            Value::Object(object)
        })
        .boxed()
}

/// A value with one mutation applied: a property removed, nulled, replaced
/// by anything, or one added.
pub fn mutated(value: Value) -> impl Strategy<Value = Value> {
    (0u8..5, any::<prop::sample::Index>(), any_value()).prop_map(move |(kind, index, other)| {
        let mut value = value.clone();
        let Value::Object(map) = &mut value else {
            return value;
        };
        let keys: Vec<String> = map.keys().cloned().collect();
        let key = (!keys.is_empty()).then(|| keys[index.index(keys.len())].clone());
        match (kind, key) {
            (0, Some(key)) => {
                map.remove(&key);
            }
            (1, Some(key)) => {
                map.insert(key, Value::Null);
            }
            (2, Some(key)) => {
                map.insert(key, other);
            }
            (3, _) => {
                map.insert(NAMES[index.index(NAMES.len())].to_owned(), other);
            }
            _ => {}
        }
        value
    })
}
