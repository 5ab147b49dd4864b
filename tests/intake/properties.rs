//! Property tests of tolerant intake, over generated schemas and values.
//!
//! - `coerce` never changes a value that already validates, whether the
//!   shortcut for valid values answers (the value as it is) or the walk
//!   does (the same value under a root that refuses it for a property it
//!   lacks, so that the walk visits every valid part);
//! - it undoes what agents mis-encode: numbers and booleans sent as
//!   strings, containers sent as JSON text, one-item arrays sent as their
//!   item, all at once;
//! - it is idempotent, and every change points into the result;
//! - the refusing mode refuses exactly what validation refuses plus the
//!   reported unknown properties, each of which is in the value and not in
//!   its object's schema.

use crate::strategies;

use pedelec_schema::schema::{ObjectNode, Property};
use pedelec_schema::{SchemaNode, ToolArgsSchema};
use proptest::prelude::*;
use serde_json::{Map, Value};

/// A required property that no generated value has (names come from
/// `strategies::NAMES`, extras are `unnamed`).
const ABSENT: &str = "absent-but-required";

fn refusing_everything(root: &ObjectNode) -> ToolArgsSchema {
    let mut root = root.clone();
    root.properties.push(Property {
        name: ABSENT.to_owned(),
        node: SchemaNode::boolean().into(),
    });
    root.required.push(ABSENT.to_owned());
    ToolArgsSchema::new(root).unwrap()
}

/// Which mis-encodings to apply.
#[derive(Debug, Clone, Copy)]
struct Misencode {
    leaves_as_text: bool,
    containers_as_text: bool,
    unwrap_single_items: bool,
}

fn misencodings() -> impl Strategy<Value = Misencode> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c)| Misencode {
        leaves_as_text: a,
        containers_as_text: b,
        unwrap_single_items: c,
    })
}

/// `value` (valid for `node`) as an agent might mis-encode it. `oneOf`
/// values are left as they are: which branch a string means is a guess.
fn misencode(node: &SchemaNode, value: &Value, how: Misencode) -> Value {
    match (node, value) {
        (SchemaNode::Number(_) | SchemaNode::Integer(_), Value::Number(n))
            if how.leaves_as_text =>
        {
            Value::String(n.to_string())
        }
        (SchemaNode::Boolean(_), Value::Bool(b)) if how.leaves_as_text => {
            Value::String(b.to_string())
        }
        (SchemaNode::Array(array), Value::Array(items)) => {
            let items: Vec<Value> = items
                .iter()
                .map(|item| misencode(&array.items, item, how))
                .collect();
            let lone = how.unwrap_single_items
                && items.len() == 1
                && !matches!(*array.items, SchemaNode::Array(_) | SchemaNode::OneOf(_));
            match (lone, how.containers_as_text) {
                (true, _) => items.into_iter().next().unwrap_or_default(),
                (false, true) => Value::String(Value::Array(items).to_string()),
                (false, false) => Value::Array(items),
            }
        }
        (SchemaNode::Object(object), Value::Object(map)) => {
            let map = misencode_object(object, map, how);
            if how.containers_as_text {
                Value::String(Value::Object(map).to_string())
            } else {
                Value::Object(map)
            }
        }
        _ => value.clone(),
    }
}

fn misencode_object(
    object: &ObjectNode,
    map: &Map<String, Value>,
    how: Misencode,
) -> Map<String, Value> {
    map.iter()
        .map(|(name, member)| {
            let member = match object.property_node(name) {
                Some(node) => misencode(node, member, how),
                None => member.clone(),
            };
            (name.clone(), member)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn coerce_never_changes_a_value_that_validates((root, values) in strategies::root_with_values(6)) {
        let schema = ToolArgsSchema::new(root.clone()).unwrap();
        let refusing = refusing_everything(&root);
        for value in values.iter().filter(|value| schema.is_valid(value)) {
            let mut coerced = value.clone();
            prop_assert!(schema.coerce(&mut coerced).is_empty());
            prop_assert_eq!(&coerced, value);
            // The walk itself, on the same value: the root now refuses it,
            // for the one property it lacks, which no coercion can add.
            prop_assert!(!refusing.is_valid(value));
            let changes = refusing.coerce(&mut coerced);
            prop_assert!(changes.is_empty(), "{:?}", changes);
            prop_assert_eq!(&coerced, value);
        }
    }

    #[test]
    fn coerce_undoes_what_agents_mis_encode(
        (root, values) in strategies::root_with_values(6),
        how in misencodings(),
    ) {
        let schema = ToolArgsSchema::new(root.clone()).unwrap();
        for value in values.iter().filter(|value| schema.is_valid(value)) {
            let Value::Object(map) = value else { continue };
            let mut sent = Value::Object(misencode_object(&root, map, how));
            let changes = schema.coerce(&mut sent);
            prop_assert_eq!(&sent, value, "changes: {:?}", changes);
        }
    }

    #[test]
    fn coerce_is_idempotent_and_points_into_its_result((root, values) in strategies::root_with_values(6)) {
        let schema = ToolArgsSchema::new(root).unwrap();
        for mut value in values {
            let changes = schema.coerce(&mut value);
            for change in &changes {
                prop_assert!(value.pointer(&change.pointer).is_some(), "{}", change);
            }
            let again = schema.coerce(&mut value);
            prop_assert!(again.is_empty(), "{:?}", again);
        }
    }

    #[test]
    fn refusing_unknown_refuses_what_validation_does_and_the_reported_properties(
        (root, values) in strategies::root_with_values(6),
    ) {
        let schema = ToolArgsSchema::new(root).unwrap();
        for value in values {
            let unknown = schema.unknown_properties(&value);
            for property in &unknown {
                prop_assert!(value.pointer(property.path()).is_some(), "{}", property);
            }
            let refused = schema.validate_refusing_unknown(&value);
            let expected = schema.validate(&value).err().map_or(0, |e| e.errors().len())
                + unknown.len();
            prop_assert_eq!(refused.as_ref().err().map_or(0, |e| e.errors().len()), expected);
            prop_assert_eq!(refused.is_ok(), schema.is_valid(&value) && unknown.is_empty());
        }
    }
}
