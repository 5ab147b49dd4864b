//! Property order when reading: a model writes a call's properties in the
//! order the schema lists them, so `from_json_str` keeps the order of the
//! text (whatever serde_json's features), `convert_str` too, and
//! `from_value` the order the `Value` iterates.
//!
//! The texts are written here, from the generated tree with every object's
//! properties shuffled; not through `serde_json::Value`, which without its
//! `preserve_order` feature sorts them.

use crate::strategies;

use pedelec_schema::schema::ObjectNode;
use pedelec_schema::{convert_str, SchemaNode, ToolArgsSchema};
use proptest::prelude::*;
use serde_json::{json, Value};

/// A small xorshift, for shuffles decided by one generated seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % n as u64).expect("below n")
    }
}

/// Shuffles the properties of every object of `node`.
fn shuffle(node: &mut SchemaNode, rng: &mut Rng) {
    match node {
        SchemaNode::Object(object) => shuffle_object(object, rng),
        SchemaNode::Array(array) => shuffle(&mut array.items, rng),
        SchemaNode::OneOf(one_of) => one_of.branches.iter_mut().for_each(|b| shuffle(b, rng)),
        _ => {}
    }
}

fn shuffle_object(object: &mut ObjectNode, rng: &mut Rng) {
    for i in (1..object.properties.len()).rev() {
        object.properties.swap(i, rng.below(i + 1));
    }
    for property in &mut object.properties {
        shuffle(&mut property.node, rng);
    }
}

/// `node` as JSON text, every object's properties in the tree's order;
/// each other keyword is written from its own value.
fn write(node: &SchemaNode, out: &mut String) {
    let Value::Object(mut keywords) = node.to_value() else {
        panic!("a node is an object")
    };
    let nested = match node {
        SchemaNode::Object(_) => "properties",
        SchemaNode::Array(_) => "items",
        SchemaNode::OneOf(_) => "oneOf",
        _ => "",
    };
    keywords.remove(nested);
    out.push('{');
    let mut first = true;
    for (key, value) in &keywords {
        if !first {
            out.push(',');
        }
        first = false;
        out.push_str(&serde_json::to_string(key).unwrap());
        out.push(':');
        out.push_str(&serde_json::to_string(value).unwrap());
    }
    if !nested.is_empty() {
        if !first {
            out.push(',');
        }
        out.push_str(&format!("\"{nested}\":"));
        match node {
            SchemaNode::Object(object) => {
                out.push('{');
                for (i, property) in object.properties.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&serde_json::to_string(&property.name).unwrap());
                    out.push(':');
                    write(&property.node, out);
                }
                out.push('}');
            }
            SchemaNode::Array(array) => write(&array.items, out),
            SchemaNode::OneOf(one_of) => {
                out.push('[');
                for (i, branch) in one_of.branches.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(branch, out);
                }
                out.push(']');
            }
            _ => unreachable!(),
        }
    }
    out.push('}');
}

/// Every object's property names, in a walk of the tree.
fn orders(node: &SchemaNode, out: &mut Vec<Vec<String>>) {
    match node {
        SchemaNode::Object(object) => {
            out.push(object.properties.iter().map(|p| p.name.clone()).collect());
            for property in &object.properties {
                orders(&property.node, out);
            }
        }
        SchemaNode::Array(array) => orders(&array.items, out),
        SchemaNode::OneOf(one_of) => one_of.branches.iter().for_each(|b| orders(b, out)),
        _ => {}
    }
}

fn orders_of(root: &ObjectNode) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    orders(&SchemaNode::Object(root.clone()), &mut out);
    out
}

fn names(schema: &ToolArgsSchema) -> Vec<&str> {
    schema
        .root()
        .properties
        .iter()
        .map(|p| p.name.as_str())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// `from_json_str` lists every object's properties in the text's
    /// order; the schema is the shuffled tree itself, and `convert_str`
    /// keeps the same order where it changes nothing.
    #[test]
    fn from_json_str_keeps_the_text_order(root in strategies::root(), seed in 1u64..) {
        let mut root = SchemaNode::Object(root);
        shuffle(&mut root, &mut Rng(seed));
        let SchemaNode::Object(root) = root else { unreachable!() };
        let mut text = String::new();
        write(&SchemaNode::Object(root.clone()), &mut text);

        let schema = ToolArgsSchema::from_json_str(&text).unwrap();
        prop_assert_eq!(orders_of(schema.root()), orders_of(&root), "{}", text);
        prop_assert_eq!(schema.root(), &root);
        let converted = convert_str(&text).unwrap();
        if converted.changes.is_empty() {
            prop_assert_eq!(orders_of(converted.schema.root()), orders_of(&root), "{}", text);
        }
    }
}

const ZETA_ALPHA: &str =
    r#"{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"string"}}}"#;

#[test]
fn zeta_stays_before_alpha() {
    let schema = ToolArgsSchema::from_json_str(ZETA_ALPHA).unwrap();
    assert_eq!(names(&schema), ["zeta", "alpha"]);
    assert_eq!(
        serde_json::to_string(&schema).unwrap(),
        r#"{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"string"}},"required":[]}"#
    );
    let converted = convert_str(ZETA_ALPHA).unwrap();
    assert_eq!(names(&converted.schema), ["zeta", "alpha"]);
    assert_eq!(converted.schema, schema);
}

#[test]
fn a_property_written_twice_is_the_last_where_the_last_stands() {
    let schema = ToolArgsSchema::from_json_str(
        r#"{"type":"object","properties":{"b":{"type":"string"},"c":{"type":"string"},"b":{"type":"integer"}}}"#,
    )
    .unwrap();
    assert_eq!(names(&schema), ["c", "b"]);
    assert_eq!(
        schema.to_value()["properties"]["b"],
        json!({"type": "integer"})
    );
}

#[test]
fn from_value_keeps_the_order_the_value_iterates() {
    let value: Value = serde_json::from_str(ZETA_ALPHA).unwrap();
    let schema = ToolArgsSchema::from_value(&value).unwrap();
    let iterated: Vec<&str> = value["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(names(&schema), iterated);
}

#[test]
fn validation_reads_the_reordered_schema_as_before() {
    let schema = ToolArgsSchema::from_json_str(
        r#"{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"integer","minimum":1}},
            "required":["zeta","alpha"]}"#,
    )
    .unwrap();
    assert!(schema.is_valid(&json!({"alpha": 2, "zeta": "z"})));
    let errors = schema
        .validate(&json!({"alpha": 0, "zeta": 1}))
        .unwrap_err();
    let places: Vec<(String, String)> =
        errors.iter().map(|e| (e.path(), e.schema_path())).collect();
    assert_eq!(
        places,
        [
            ("/alpha".to_owned(), "/properties/alpha/minimum".to_owned()),
            ("/zeta".to_owned(), "/properties/zeta/type".to_owned()),
        ]
    );
}
