//! An `enum` that contradicts its node's `type` read as its author meant:
//! on an array node it moves to `items`; written as strings on an integer,
//! number or boolean node it lists what the strings spell. Each rewrite is
//! checked on values either side of it, and against the `jsonschema` crate
//! on the source: every value the source accepts is still accepted (the
//! source accepted no value at the rewritten node, so each rewrite widens).

use pedelec_schema::{convert, ConvertErrorCode, Effect};
use serde_json::{json, Value};

use crate::convert_support::{converted, effects, property, with_x};

/// A rewrite: a node, what it becomes, its change, and values of `x` the
/// conversion accepts and refuses.
type Case = (Value, Value, &'static str, Vec<Value>, Vec<Value>);

fn cases() -> Vec<Case> {
    vec![
        (
            json!({"type": "array", "items": {"type": "string"}, "enum": ["temperature", "humidity"]}),
            json!({"type": "array", "items": {"type": "string", "enum": ["temperature", "humidity"]}}),
            "enum_moved_to_items",
            vec![
                json!([]),
                json!(["temperature"]),
                json!(["humidity", "temperature"]),
            ],
            vec![json!(["wind"]), json!("temperature"), json!([1])],
        ),
        (
            json!({"type": "array", "enum": [1, 2]}),
            json!({"type": "array", "items": {"type": "number", "enum": [1, 2]}}),
            "enum_moved_to_items",
            vec![json!([1, 2, 1])],
            vec![json!([3]), json!(["1"]), json!(1)],
        ),
        (
            json!({"type": "integer", "enum": ["1", "2", "3", "dontcare"]}),
            json!({"oneOf": [{"type": "integer", "enum": [1, 2, 3]}, {"type": "string", "enum": ["dontcare"]}]}),
            "enum_strings_retyped",
            vec![json!(1), json!(3), json!(2.0), json!("dontcare")],
            vec![json!(4), json!("2"), json!("care")],
        ),
        (
            json!({"type": "boolean", "enum": ["True", "False", "dontcare"]}),
            json!({"oneOf": [{"type": "boolean", "enum": [true, false]}, {"type": "string", "enum": ["dontcare"]}]}),
            "enum_strings_retyped",
            vec![json!(true), json!(false), json!("dontcare")],
            vec![json!("True"), json!(1)],
        ),
        (
            json!({"type": "number", "enum": ["0.5", "1e2"], "maximum": 200}),
            json!({"type": "number", "enum": [0.5, 100.0], "maximum": 200}),
            "enum_strings_retyped",
            vec![json!(0.5), json!(100)],
            vec![json!("0.5"), json!(1)],
        ),
        (
            json!({"type": "integer", "enum": ["low", "high", "1.5"]}),
            json!({"type": "string", "enum": ["low", "high", "1.5"]}),
            "enum_strings_retyped",
            vec![json!("low"), json!("1.5")],
            vec![json!(1), json!("medium")],
        ),
    ]
}

#[test]
fn each_rewrite_keeps_the_property_and_says_it_widens() {
    for (node, written, code, accepted, refused) in cases() {
        for required in [false, true] {
            let source = with_x(node.clone(), required);
            let result = converted(source.clone());
            assert_eq!(property(&result, "x"), written, "{source}");
            // The rewrite's change, and no other but lossless ones (the
            // `items` an array node gets is typed by its `enum`).
            let effects = effects(&result);
            assert!(
                effects.contains(&("/properties/x/enum", code, Effect::Widens)),
                "{effects:?}"
            );
            assert!(
                effects
                    .iter()
                    .all(|(_, c, e)| *c == code || *e == Effect::Lossless),
                "{effects:?}"
            );
            for value in &accepted {
                let args = json!({"x": value});
                assert!(result.schema.is_valid(&args), "{source} refuses {args}");
            }
            for value in &refused {
                let args = json!({"x": value});
                assert!(!result.schema.is_valid(&args), "{source} accepts {args}");
            }
            // The `jsonschema` crate on the source: what it accepts is
            // still accepted (without `x`, when optional), and it accepts
            // no value of `x` at all.
            let source_validator = jsonschema::validator_for(&source).expect("a valid JSON Schema");
            for args in accepted
                .iter()
                .chain(&refused)
                .map(|v| json!({"x": v}))
                .chain([json!({})])
            {
                if source_validator.is_valid(&args) {
                    assert!(result.schema.is_valid(&args), "{source}: {args}");
                }
                assert!(
                    !source_validator.is_valid(&args) || args == json!({}),
                    "{source}: {args}"
                );
            }
            // Converting the result again changes nothing.
            let again = converted(result.document().to_value());
            assert!(again.changes.is_empty(), "{:?}", again.changes);
        }
    }
}

#[test]
fn without_evident_intent_an_impossible_property_is_dropped_and_its_cause_named() {
    let result = converted(with_x(
        json!({"type": "integer", "minimum": 5, "maximum": 1}),
        false,
    ));
    let [change] = result.changes.as_slice() else {
        panic!("{:?}", result.changes);
    };
    assert_eq!(
        (change.pointer.as_str(), change.code.as_str()),
        ("/properties/x", "impossible_property_dropped")
    );
    assert_eq!(
        change.message,
        "no value can pass `x`'s node (no number is at least `minimum` 5 and at most \
         `maximum` 1, at /properties/x/maximum), so it had to be absent; it was dropped: the \
         handler must refuse `x`"
    );
    // An `enum` of numbers on a string node is no mistake this reads.
    let error = convert(&with_x(json!({"type": "string", "enum": [1, 2]}), true)).unwrap_err();
    assert_eq!(
        (error.reasons()[0].pointer.as_str(), error.reasons()[0].code),
        ("/properties/x/enum", ConvertErrorCode::AcceptsNoObjects)
    );
}

#[test]
fn an_enum_with_some_values_of_the_type_keeps_those_as_before() {
    let result = converted(with_x(
        json!({"type": "integer", "enum": [1, "2", "a"]}),
        false,
    ));
    assert_eq!(
        property(&result, "x"),
        json!({"type": "integer", "enum": [1]})
    );
    let messages: Vec<&str> = result.changes.iter().map(|c| c.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "the `enum` value \"2\" was dropped: the node's `type` refuses it anyway",
            "the `enum` value \"a\" was dropped: the node's `type` refuses it anyway",
        ]
    );
}

#[test]
fn the_written_document_adds_no_required_the_source_did_not_have() {
    let result = converted(json!({"type": "object", "properties": {
        "q": {"type": "string", "format": "email"},
        "o": {"type": "object", "properties": {"n": {"type": "integer"}}}
    }}));
    assert_eq!(
        result.document().to_string(),
        r#"{"type":"object","properties":{"o":{"type":"object","properties":{"n":{"type":"integer"}}},"q":{"type":"string"}}}"#
    );
    // The schema itself keeps the canonical form.
    assert_eq!(result.schema.to_value()["required"], json!([]));
    // Where an object requires something, it says so.
    let required = converted(with_x(json!({"type": "string", "format": "uri"}), true));
    assert_eq!(required.document()["required"], json!(["x"]));
}
