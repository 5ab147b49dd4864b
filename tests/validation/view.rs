//! `ToolArgsSchema::validate_view`: on a value a binding reads where it is,
//! the failures `validate` finds on the `Value` it reads as, in the same
//! order, with the same document; and `None` exactly where a float on a
//! bound's edge was decided by its double.
//!
//! The view here is the kind a binding writes: an object's entries in an
//! order of its own (reversed, or rotated), numbers made anew at every
//! read, no `Value` to fall back on. The values are the ones
//! `from_text.rs` aims at schemas, mostly valid, now and then wrong.

use std::borrow::Cow;

use crate::strategies;
use crate::texts::{object_for, Rng};

use pedelec_schema::{Json, JsonView, ToolArgsSchema};
use proptest::prelude::*;
use serde_json::{json, Value};

/// A `Value` read as a binding reads its own values: entries reversed
/// (`rotate` turns them instead), numbers owned.
#[derive(Clone, Copy)]
struct Foreign<'a> {
    value: &'a Value,
    rotate: bool,
}

impl<'a> JsonView<'a> for Foreign<'a> {
    type Items = std::vec::IntoIter<Foreign<'a>>;
    type Entries = std::vec::IntoIter<(&'a str, Foreign<'a>)>;

    fn read(self) -> Json<'a> {
        match self.value {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(number) => Json::Number(Cow::Owned(number.clone())),
            Value::String(text) => Json::String(text),
            Value::Array(_) => Json::Array,
            Value::Object(_) => Json::Object,
        }
    }

    fn items(self) -> Self::Items {
        let rotate = self.rotate;
        let items = match self.value {
            Value::Array(items) => items
                .iter()
                .map(|value| Foreign { value, rotate })
                .collect(),
            _ => Vec::new(),
        };
        items.into_iter()
    }

    fn entries(self) -> Self::Entries {
        let rotate = self.rotate;
        let Value::Object(map) = self.value else {
            return Vec::new().into_iter();
        };
        let mut entries: Vec<_> = map
            .iter()
            .map(|(k, value)| (k.as_str(), Foreign { value, rotate }))
            .collect();
        match rotate {
            true => entries.rotate_left(map.len() / 2),
            false => entries.reverse(),
        }
        entries.into_iter()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_views_failures_are_validates(root in strategies::root(), seed in any::<u64>(), rotate in any::<bool>()) {
        let schema = ToolArgsSchema::new(root).unwrap();
        let mut rng = Rng::new(seed);
        for wrong in [0.0, 0.1, 0.5] {
            let value = object_for(schema.root(), &mut rng, wrong);
            let expected = schema.validate(&value);
            match schema.validate_view(Foreign { value: &value, rotate }) {
                Some(found) => {
                    prop_assert_eq!(found.is_ok(), expected.is_ok(), "{}", value);
                    if let (Err(found), Err(expected)) = (found, expected) {
                        prop_assert_eq!(found.errors(), expected.errors(), "{}", value);
                        prop_assert_eq!(found.to_response(), expected.to_response(), "{}", value);
                    }
                }
                // Only where a float stands on an edge: the `Value`'s own
                // view says so too, and `validate_read` decides.
                None => prop_assert!(schema.validate_view(&value).is_none(), "{}", value),
            }
        }
    }
}

/// `None` for a float on a bound's edge that a text on the other side of
/// the bound reads as too (`1.0` for a `maximum` of `1`), and only there:
/// `0.0` for a `minimum` of `0` (a text below it reads as `-0.0`), a
/// number off the edge, or an integer, is answered.
#[test]
fn a_float_on_an_edge_is_left_to_its_text() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"n": {"type": "number", "minimum": 0, "maximum": 1}}
    }))
    .unwrap();
    let view = |value: &Value| {
        let owned = value.clone();
        schema
            .validate_view(Foreign {
                value: &owned,
                rotate: false,
            })
            .map(|answer| answer.is_ok())
    };
    assert_eq!(view(&json!({"n": 1.0})), None);
    assert_eq!(view(&json!({"n": 0.0})), Some(true));
    assert_eq!(view(&json!({"n": 0.5})), Some(true));
    assert_eq!(view(&json!({"n": 1})), Some(true));
    assert_eq!(view(&json!({"n": 2.5})), Some(false));
}
