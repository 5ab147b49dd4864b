//! Differential test against the `jsonschema` crate (draft 2020-12): on
//! generated subset schemas and values aimed at them, `is_valid` gives the
//! same answer as the reference implementation.

use crate::strategies;

use pedelec_schema::ToolArgsSchema;
use std::cell::Cell;

use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::json;

/// Generated cases; each holds a schema and 8 values aimed at it.
const CASES: u32 = 2048;

#[test]
fn is_valid_agrees_with_the_jsonschema_crate() {
    let config = ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = TestRunner::new(config);
    let (valid, invalid) = (Cell::new(0usize), Cell::new(0usize));
    runner
        .run(&strategies::root_with_values(8), |(root, values)| {
            let schema = ToolArgsSchema::new(root).unwrap();
            let as_json = schema.to_value();
            let oracle = jsonschema::draft202012::new(&as_json).unwrap();
            for value in &values {
                let ours = schema.is_valid(value);
                prop_assert_eq!(
                    ours,
                    oracle.is_valid(value),
                    "schema {} value {}",
                    as_json,
                    value
                );
                prop_assert_eq!(schema.validate(value).is_ok(), ours);
                // The text paths: the typed read's fast path and the full one.
                let text = value.to_string();
                prop_assert_eq!(schema.is_valid_str(&text), ours);
                prop_assert_eq!(schema.validate_str(&text).is_ok(), ours);
                let counter = if ours { &valid } else { &invalid };
                counter.set(counter.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    // Both answers must be well represented, or the comparison proves little.
    let total = valid.get() + invalid.get();
    assert!(
        valid.get() * 5 > total && invalid.get() * 5 > total,
        "valid {} of {total}",
        valid.get()
    );
}

/// The oracle agrees on the hand-picked edge cases too (a guard that the
/// differential test compares like with like).
#[test]
fn oracle_and_library_agree_on_edge_numbers() {
    let schema_json = json!({"type": "object", "properties": {
        "i": {"type": "integer", "maximum": 9_007_199_254_740_992_u64},
        "n": {"type": "number", "minimum": -1e308}
    }});
    let schema = ToolArgsSchema::from_value(&schema_json).unwrap();
    let oracle = jsonschema::draft202012::new(&schema_json).unwrap();
    for value in [
        json!({"i": 9_007_199_254_740_992_u64}),
        json!({"i": 9_007_199_254_740_993_u64}),
        json!({"i": 1.0}),
        json!({"i": -0.0}),
        json!({"n": 1e308}),
        json!({"n": u64::MAX}),
    ] {
        assert_eq!(schema.is_valid(&value), oracle.is_valid(&value), "{value}");
    }
}
