//! `ToolArgsSchema::is_valid_deserialized`: where it answers, it answers
//! exactly what `is_valid` answers on the `Value` the same deserializer
//! builds; it answers on most valid values (or it would save nothing);
//! and a deserializer's own error comes back as that error, never as a
//! verdict. And `validate_read`, which a binding calls with the `Value` it
//! built: it answers what `validate_str` answers on the value's text,
//! a float on a bound's edge compared as that text writes it.
//!
//! The values are the ones `from_text.rs` aims at schemas: mostly valid,
//! now and then wrong, with every kind of `oneOf`, nested arrays and
//! objects, and properties the schema does not name; handed over by a
//! `Value`'s own deserializer, as a binding's would hand over its
//! language's values.

use crate::strategies;
use crate::texts::{object_for, Rng};

use pedelec_schema::ToolArgsSchema;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use serde::de::{self, Deserializer, Visitor};
use serde_json::json;

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn its_verdict_is_is_valids(root in strategies::root(), seed in any::<u64>()) {
        let schema = ToolArgsSchema::new(root).unwrap();
        let mut rng = Rng::new(seed);
        for wrong in [0.0, 0.0, 0.1, 0.5] {
            let value = object_for(schema.root(), &mut rng, wrong);
            let verdict = schema.is_valid_deserialized(&value).expect("a Value always deserializes");
            if let Some(valid) = verdict {
                prop_assert_eq!(valid, schema.is_valid(&value), "{}", value);
                prop_assert_eq!(valid, schema.validate(&value).is_ok(), "{}", value);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn validate_read_answers_as_validate_str(root in strategies::root(), seed in any::<u64>()) {
        let schema = ToolArgsSchema::new(root).unwrap();
        let mut rng = Rng::new(seed);
        for wrong in [0.0, 0.1, 0.5] {
            let value = object_for(schema.root(), &mut rng, wrong);
            let text = value.to_string();
            let read = schema.validate_read(&value, || text.clone());
            prop_assert_eq!(
                serde_json::to_value(read.err()).unwrap(),
                serde_json::to_value(schema.validate_str(&text).err()).unwrap(),
                "{}", text
            );
        }
    }
}

/// A float on a bound's edge is compared, and quoted, as the text writes
/// it; the text is not written where no float is on an edge.
#[test]
fn validate_read_compares_a_float_on_an_edge_as_written() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"n": {"type": "number", "maximum": 0}, "m": {"type": "number", "maximum": 18446744073709551615_u64}}
    }))
    .unwrap();
    let refused = schema
        .validate_read(&json!({"n": 0.0}), || r#"{"n":1e-400}"#.to_owned())
        .unwrap_err();
    assert_eq!(
        refused.errors()[0].message(),
        "1e-400 is greater than the maximum 0"
    );
    let big = json!({"m": 18446744073709551616.0_f64});
    let quoted = |text: &str| {
        schema
            .validate_read(&big, || text.to_owned())
            .unwrap_err()
            .errors()[0]
            .message()
            .to_owned()
    };
    assert!(quoted(r#"{"m":1.8446744073709552e+19}"#).starts_with("1.8446744073709552e+19 is"));
    assert_eq!(
        schema
            .validate_read(&json!({"n": -1}), || unreachable!("no float on an edge"))
            .ok(),
        Some(())
    );
}

/// A verdict on most valid values, or the seam saves nothing.
#[test]
fn it_answers_on_most_valid_values() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut valid, mut answered) = (0, 0);
    for seed in 0..300 {
        let root = strategies::root()
            .new_tree(&mut runner)
            .expect("a schema")
            .current();
        let schema = ToolArgsSchema::new(root).unwrap();
        let value = object_for(schema.root(), &mut Rng::new(seed), 0.0);
        if schema.is_valid(&value) {
            valid += 1;
            answered += usize::from(schema.is_valid_deserialized(&value).unwrap() == Some(true));
        }
    }
    assert!(
        valid > 100 && answered * 4 > valid * 3,
        "{answered} of {valid}"
    );
}

/// A deserializer that hands over `{"n": ` and then fails by itself.
struct Broken;

impl<'de> Deserializer<'de> for Broken {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        struct Entries(bool);
        impl<'de> de::MapAccess<'de> for Entries {
            type Error = serde_json::Error;
            fn next_key_seed<K: de::DeserializeSeed<'de>>(
                &mut self,
                seed: K,
            ) -> Result<Option<K::Value>, Self::Error> {
                if std::mem::replace(&mut self.0, true) {
                    return Ok(None);
                }
                seed.deserialize(de::value::StrDeserializer::new("n"))
                    .map(Some)
            }
            fn next_value_seed<S: de::DeserializeSeed<'de>>(
                &mut self,
                _: S,
            ) -> Result<S::Value, Self::Error> {
                Err(de::Error::custom("not a JSON value: NaN"))
            }
        }
        visitor.visit_map(Entries(false))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

#[test]
fn a_deserializers_own_error_comes_back_as_it_is() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object", "properties": {"n": {"type": "number", "maximum": 3}}
    }))
    .unwrap();
    let error = schema.is_valid_deserialized(Broken).unwrap_err();
    assert_eq!(error.to_string(), "not a JSON value: NaN");
    // And the seam is sound again after it.
    assert_eq!(
        schema.is_valid_deserialized(&json!({"n": 4})).unwrap(),
        Some(false)
    );
    assert_eq!(
        schema.is_valid_deserialized(&json!({"n": 3})).unwrap(),
        Some(true)
    );
    // A value left to the full walk (a `null`), and a float on an edge.
    assert_eq!(
        schema.is_valid_deserialized(&json!({"n": null})).unwrap(),
        None
    );
    assert_eq!(
        schema.is_valid_deserialized(&json!({"n": 3.0})).unwrap(),
        None
    );
}
