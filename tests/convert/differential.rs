//! Differential property test of `convert` against the `jsonschema` crate,
//! which reads the *source* schema (draft 2020-12, or draft 7 where the
//! document declares it).
//!
//! Source schemas use the keywords `convert` rewrites (references, some of
//! them recursive; type arrays and `null`; `const` and mixed `enum`s;
//! exclusive bounds; formats; `allOf`, `anyOf`, `oneOf`, `not`, `if`;
//! tuples; open and typeless nodes). Values come from the source schema,
//! from the converted one, and from mutating both (properties dropped,
//! nulled, replaced, added). For every value:
//!
//! - no change `narrows` => every value the source accepts, the result
//!   accepts;
//! - every change `lossless` => both accept exactly the same values;
//! - converting the result changes nothing.
//!
//! The source's meaning: JSON Schema, with the integer `format`s asserted
//! as the producers that write them (schemars) enforce them - a number must
//! be an integer in the format's range. The oracle gets that one custom
//! keyword (`IntegerFormat` below); every other `format` is an annotation
//! to it, as draft 2020-12 says (conversion drops them and says it widens).
//!
//! `PROPTEST_CASES` raises the number of cases for a long run.

use crate::convert_strategies;
use crate::strategies;

use std::cell::Cell;

use convert_strategies::{mutated, source_root, source_value};
use jsonschema::paths::Location;
use jsonschema::{Keyword, ValidationError, Validator};
use pedelec_schema::{convert, ConvertErrorCode, Effect};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Map, Value};

/// Cases in a normal run; each checks 12 values.
const CASES: u32 = 768;

/// `format: "int8"` ... `"uint64"` as an assertion on numbers.
struct IntegerFormat {
    range: Option<(i128, i128)>,
}

impl IntegerFormat {
    fn range(format: &str) -> Option<(i128, i128)> {
        Some(match format {
            "int8" => (i8::MIN.into(), i8::MAX.into()),
            "int16" => (i16::MIN.into(), i16::MAX.into()),
            "int32" => (i32::MIN.into(), i32::MAX.into()),
            "int64" => (i64::MIN.into(), i64::MAX.into()),
            "uint8" => (0, u8::MAX.into()),
            "uint16" => (0, u16::MAX.into()),
            "uint32" => (0, u32::MAX.into()),
            "uint64" => (0, u64::MAX.into()),
            _ => return None,
        })
    }

    fn accepts(&self, instance: &Value) -> bool {
        let (Some((low, high)), Value::Number(number)) = (self.range, instance) else {
            return true;
        };
        if let Some(int) = number.as_i64() {
            return (low..=high).contains(&i128::from(int));
        }
        if let Some(int) = number.as_u64() {
            return (low..=high).contains(&i128::from(int));
        }
        let float = number.as_f64().unwrap_or(f64::NAN);
        // Every float beyond 2^64 is out of every range; below, exact.
        float.fract() == 0.0 && float.abs() < 1.9e19 && (low..=high).contains(&(float as i128))
    }
}

impl<'i> Keyword<'i> for IntegerFormat {
    fn validate(&self, instance: &'i Value) -> Result<(), ValidationError<'i>> {
        if self.accepts(instance) {
            Ok(())
        } else {
            Err(ValidationError::custom("outside the integer format"))
        }
    }

    fn is_valid(&self, instance: &'i Value) -> bool {
        self.accepts(instance)
    }
}

fn integer_format<'a>(
    _: &'a Map<String, Value>,
    value: &'a Value,
    _: Location,
) -> Result<Box<dyn for<'i> Keyword<'i>>, ValidationError<'a>> {
    Ok(Box::new(IntegerFormat {
        range: value.as_str().and_then(IntegerFormat::range),
    }))
}

/// The oracle for a source schema.
fn oracle(source: &Value) -> Validator {
    jsonschema::options()
        .with_keyword("format", integer_format)
        .build(source)
        .unwrap_or_else(|err| panic!("the generator made an invalid schema ({err}): {source}"))
}

/// A source schema with values aimed at it and at its conversion.
fn case() -> impl Strategy<Value = (Value, Vec<Value>)> {
    source_root().prop_flat_map(|source| {
        let from_source = source_value(&source, &source, 4);
        let from_result = match convert(&source) {
            Ok(converted) => strategies::object_value(converted.schema.root()),
            Err(_) => from_source.clone(),
        };
        let one = prop_oneof![
            3 => from_source.clone(),
            2 => from_result.clone(),
            3 => from_source.prop_flat_map(mutated),
            2 => from_result.prop_flat_map(mutated),
        ];
        (Just(source), prop::collection::vec(one, 12))
    })
}

#[derive(Default)]
struct Tally {
    cases: Cell<usize>,
    lossless_cases: Cell<usize>,
    accepted: Cell<usize>,
    refused: Cell<usize>,
}

fn bump(cell: &Cell<usize>) {
    cell.set(cell.get() + 1);
}

#[test]
fn conversion_keeps_its_promises_against_the_jsonschema_crate() {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(CASES);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let tally = Tally::default();
    runner
        .run(&case(), |(source, values)| {
            let oracle = oracle(&source);
            let converted = match convert(&source) {
                Ok(converted) => converted,
                Err(error) => {
                    // A conversion past a limit of the subset is refused
                    // with the limit named: recursive `$ref`s unrolled
                    // under nested `oneOf`s multiply the branch
                    // combinations past 65,536.
                    let reasons = error.reasons();
                    if reasons.iter().any(|r| r.code == ConvertErrorCode::TooLarge) {
                        prop_assert!(reasons.iter().all(|r| matches!(
                            r.code,
                            ConvertErrorCode::TooLarge | ConvertErrorCode::AcceptsNoObjects
                        )));
                        return Ok(());
                    }
                    // Otherwise only a root that accepts no object may be
                    // refused.
                    prop_assert!(
                        reasons
                            .iter()
                            .all(|r| r.code == ConvertErrorCode::AcceptsNoObjects),
                        "{error} for {source}"
                    );
                    for value in values.iter().filter(|v| v.is_object()) {
                        prop_assert!(!oracle.is_valid(value), "{source} accepts {value}");
                    }
                    return Ok(());
                }
            };
            bump(&tally.cases);
            let narrows = converted
                .changes
                .iter()
                .any(|c| c.effect == Effect::Narrows);
            let lossless = converted
                .changes
                .iter()
                .all(|c| c.effect == Effect::Lossless);
            if lossless {
                bump(&tally.lossless_cases);
            }
            let result = converted.schema.to_value();
            for value in &values {
                let before = oracle.is_valid(value);
                let after = converted.schema.is_valid(value);
                bump(if after {
                    &tally.accepted
                } else {
                    &tally.refused
                });
                if !narrows {
                    prop_assert!(
                        !before || after,
                        "no change narrows, yet the result refuses {value}\nsource {source}\n\
                         result {result}\nchanges {:#?}",
                        converted.changes
                    );
                }
                if lossless {
                    prop_assert_eq!(
                        before,
                        after,
                        "every change is lossless, yet they differ on {}\nsource {}\nresult {}\n\
                         changes {:#?}",
                        value,
                        source,
                        result,
                        converted.changes
                    );
                }
            }
            let again = convert(&result).expect("a converted schema converts");
            prop_assert!(again.changes.is_empty(), "{:#?}", again.changes);
            prop_assert_eq!(&again.schema, &converted.schema);
            Ok(())
        })
        .unwrap();
    let (total, lossless) = (tally.cases.get(), tally.lossless_cases.get());
    let (accepted, refused) = (tally.accepted.get(), tally.refused.get());
    println!(
        "{total} converted cases ({lossless} with only lossless changes), values accepted \
         {accepted}, refused {refused}"
    );
    // The comparison proves little unless every side is well represented.
    assert!(lossless * 20 > total, "lossless {lossless} of {total}");
    assert!(accepted * 10 > accepted + refused && refused * 10 > accepted + refused);
}
