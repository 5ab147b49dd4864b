//! `ValidationError::kind`: every kind is produced by some schema and
//! value, carries the values the check compared, and agrees with
//! `keyword()`.

use pedelec_schema::{NodeKind, ToolArgsSchema, ValidationError, ValidationErrorKind};
use serde_json::{json, Number, Value};

/// The one error of `{"v": value}` against a schema whose required `v` is
/// `node`.
fn only_error(node: Value, value: Value) -> ValidationError {
    let schema = ToolArgsSchema::from_value(
        &json!({"type": "object", "properties": {"v": node}, "required": ["v"]}),
    )
    .unwrap_or_else(|err| panic!("{err}"));
    let errors = schema.validate(&json!({ "v": value })).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors}");
    errors.errors()[0].clone()
}

fn number(n: i64) -> Number {
    Number::from(n)
}

fn assert_agrees(error: &ValidationError) {
    assert_eq!(error.kind().keyword(), error.keyword(), "{error}");
}

#[test]
fn every_kind_is_produced_and_agrees_with_its_keyword() {
    let cases: Vec<(ValidationError, &str)> = vec![
        (only_error(json!({"type": "string"}), json!(1)), "type"),
        (
            only_error(json!({"type": "string", "enum": ["a", "b"]}), json!("c")),
            "enum",
        ),
        (
            only_error(json!({"type": "string", "minLength": 3}), json!("é")),
            "minLength",
        ),
        (
            only_error(json!({"type": "string", "maxLength": 1}), json!("ab")),
            "maxLength",
        ),
        (
            only_error(json!({"type": "string", "pattern": "^a+$"}), json!("b")),
            "pattern",
        ),
        (
            only_error(json!({"type": "integer", "minimum": 1}), json!(0)),
            "minimum",
        ),
        (
            only_error(json!({"type": "number", "maximum": 10}), json!(11)),
            "maximum",
        ),
        (
            only_error(
                json!({"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 5}),
                json!(["a"]),
            ),
            "minItems",
        ),
        (
            only_error(
                json!({"type": "array", "items": {"type": "string"}, "maxItems": 1}),
                json!(["a", "b"]),
            ),
            "maxItems",
        ),
        (
            only_error(
                json!({"type": "array", "items": {"type": "string"}, "maxItems": 5, "uniqueItems": true}),
                json!(["a", "b", "a"]),
            ),
            "uniqueItems",
        ),
        (
            only_error(
                json!({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}),
                json!({}),
            ),
            "required",
        ),
        (
            only_error(
                json!({"oneOf": [{"type": "string"}, {"type": "integer"}]}),
                json!(true),
            ),
            "oneOf",
        ),
        (
            only_error(
                json!({"oneOf": [{"type": "number"}, {"type": "integer"}, {"type": "string"}]}),
                json!(1),
            ),
            "oneOf",
        ),
    ];
    let mut kinds = Vec::new();
    for (error, keyword) in &cases {
        assert_eq!(error.keyword(), *keyword, "{error}");
        assert_agrees(error);
        kinds.push(error.kind());
    }
    let (minimum, maximum) = (number(1), number(10));
    let (zero, eleven) = (number(0), number(11));
    assert_eq!(
        kinds,
        [
            ValidationErrorKind::Type {
                expected: NodeKind::String
            },
            ValidationErrorKind::Enum,
            ValidationErrorKind::MinLength { length: 1, min: 3 },
            ValidationErrorKind::MaxLength { length: 2, max: 1 },
            ValidationErrorKind::Pattern { pattern: "^a+$" },
            ValidationErrorKind::Minimum {
                value: &zero,
                minimum: &minimum
            },
            ValidationErrorKind::Maximum {
                value: &eleven,
                maximum: &maximum
            },
            ValidationErrorKind::MinItems { count: 1, min: 2 },
            ValidationErrorKind::MaxItems { count: 2, max: 1 },
            ValidationErrorKind::UniqueItems {
                first: 0,
                second: 2
            },
            ValidationErrorKind::Required { property: "id" },
            ValidationErrorKind::OneOfNone { branches: 2 },
            ValidationErrorKind::OneOfMany {
                matched: 2,
                branches: 3,
                first: 0,
                second: 1
            },
        ]
    );

    // The unknown property: only refused on request.
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"query": {"type": "string"}}
    }))
    .unwrap();
    let errors = schema
        .validate_refusing_unknown(&json!({"query": "rust", "querry": 1}))
        .unwrap_err();
    let error = &errors.errors()[0];
    assert_agrees(error);
    assert_eq!(
        error.kind(),
        ValidationErrorKind::UnknownProperty {
            property: "querry",
            suggestion: Some("query")
        }
    );

    // A stream's early refusals: a string no `enum` value or no match of
    // the pattern can begin with, refused before it ends.
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {
            "e": {"type": "string", "enum": ["alpha", "beta"]},
            "p": {"type": "string", "pattern": "^[0-9]+$"}
        }
    }))
    .unwrap();
    for (text, keyword, pattern) in [
        (r#"{"e": "gam"#, "enum", None),
        (r#"{"p": "12x"#, "pattern", Some("^[0-9]+$")),
    ] {
        let error = schema.stream().feed(text).unwrap_err();
        let entry = &error.errors()[0];
        assert_agrees(entry);
        assert_eq!(entry.keyword(), keyword, "{entry}");
        if let Some(pattern) = pattern {
            assert_eq!(entry.kind(), ValidationErrorKind::Pattern { pattern });
        }
    }
}

#[test]
fn a_type_error_names_the_kind_of_every_node() {
    let cases = [
        (json!({"type": "string"}), NodeKind::String),
        (json!({"type": "number"}), NodeKind::Number),
        (json!({"type": "integer"}), NodeKind::Integer),
        (json!({"type": "boolean"}), NodeKind::Boolean),
        (
            json!({"type": "array", "items": {"type": "string"}}),
            NodeKind::Array,
        ),
        (json!({"type": "object"}), NodeKind::Object),
    ];
    for (node, expected) in cases {
        let error = only_error(node, Value::Null);
        assert_agrees(&error);
        assert_eq!(error.kind(), ValidationErrorKind::Type { expected });
    }
    // A fraction under an integer node is a type failure too.
    let error = only_error(json!({"type": "integer"}), json!(1.5));
    assert_eq!(
        error.kind(),
        ValidationErrorKind::Type {
            expected: NodeKind::Integer
        }
    );
}

#[test]
fn enum_failures_of_every_value_type_are_one_kind() {
    for (node, value) in [
        (json!({"type": "number", "enum": [1, 2]}), json!(3)),
        (json!({"type": "boolean", "enum": [true]}), json!(false)),
    ] {
        let error = only_error(node, value);
        assert_agrees(&error);
        assert_eq!(error.kind(), ValidationErrorKind::Enum);
    }
}
