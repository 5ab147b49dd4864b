//! Runtime validation semantics (`docs/subset.md` sections 7 and 8): exact numbers, code
//! point lengths, ECMA patterns, JSON equality, every failure located and
//! explained, defaults never filled.

use pedelec_schema::{ToolArgsSchema, ValidationError};
use serde_json::{json, Value};

/// The schema of `{"v": ...}` with `node` for `v`, required.
pub(crate) fn schema(node: Value) -> ToolArgsSchema {
    ToolArgsSchema::from_value(
        &json!({"type": "object", "properties": {"v": node}, "required": ["v"]}),
    )
    .unwrap_or_else(|err| panic!("{err}"))
}

fn errors(schema: &ToolArgsSchema, v: Value) -> Vec<ValidationError> {
    let args = json!({ "v": v });
    let result = schema.validate(&args);
    assert_eq!(
        result.is_ok(),
        schema.is_valid(&args),
        "validate and is_valid disagree on {args}"
    );
    result.err().map(|e| e.into_errors()).unwrap_or_default()
}

fn valid(schema: &ToolArgsSchema, v: Value) -> bool {
    errors(schema, v).is_empty()
}

#[test]
fn integer_means_zero_fraction_at_any_size() {
    let integer = schema(json!({"type": "integer"}));
    for v in [
        json!(1),
        json!(1.0),
        json!(-0.0),
        json!(1e308),
        json!(u64::MAX),
        json!(i64::MIN),
    ] {
        assert!(valid(&integer, v.clone()), "{v}");
    }
    for v in [json!(1.5), json!(-1e-300), json!("1"), json!(true)] {
        assert!(!valid(&integer, v.clone()), "{v}");
    }
}

#[test]
fn bounds_compare_exactly_beyond_2_pow_53() {
    let below_float = schema(json!({"type": "integer", "maximum": 9_007_199_254_740_992.0}));
    assert!(valid(&below_float, json!(9_007_199_254_740_992_u64)));
    assert!(!valid(&below_float, json!(9_007_199_254_740_993_u64)));

    let below_int = schema(json!({"type": "number", "maximum": 9_007_199_254_740_992_u64}));
    assert!(!valid(&below_int, json!(9_007_199_254_740_993_u64)));

    let u64_max = schema(json!({"type": "integer", "minimum": u64::MAX}));
    assert!(valid(&u64_max, json!(u64::MAX)));
    assert!(!valid(&u64_max, json!(u64::MAX - 1)));
    assert!(
        valid(&u64_max, json!(1.8446744073709552e19)),
        "2^64 is above u64::MAX"
    );

    let i64_min = schema(json!({"type": "integer", "maximum": i64::MIN}));
    assert!(valid(&i64_min, json!(i64::MIN)));
    assert!(!valid(&i64_min, json!(i64::MIN + 1)));
    assert!(valid(&i64_min, json!(-1e300)));

    let huge = schema(json!({"type": "number", "maximum": 1e308}));
    assert!(valid(&huge, json!(u64::MAX)));
}

#[test]
fn lengths_count_code_points() {
    let two = schema(json!({"type": "string", "minLength": 2, "maxLength": 2}));
    assert!(
        valid(&two, json!("🐲🐲")),
        "astral characters count once each"
    );
    assert!(valid(&two, json!("éé")));
    assert!(!valid(&two, json!("🐲")));
    assert!(!valid(&two, json!("abc")));
    let error = &errors(&two, json!("🐲🐲🐲"))[0];
    assert_eq!(
        error.message(),
        "the string has 3 characters, more than the maximum length 2; shorten it"
    );
}

#[test]
fn length_bounds_hold_at_every_boundary_for_characters_of_every_width() {
    // Length checks settle most strings by their byte length; at the
    // boundaries, with one- to four-byte characters, that shortcut must
    // agree with counting.
    for character in ["a", "é", "€", "🐲"] {
        for count in 0..=6 {
            let text = character.repeat(count);
            for bound in 0..=6_usize {
                let at_least = schema(json!({"type": "string", "minLength": bound}));
                let at_most = schema(json!({"type": "string", "maxLength": bound}));
                assert_eq!(
                    valid(&at_least, json!(text)),
                    count >= bound,
                    "{text:?} minLength {bound}"
                );
                assert_eq!(
                    valid(&at_most, json!(text)),
                    count <= bound,
                    "{text:?} maxLength {bound}"
                );
            }
        }
    }
}

#[test]
fn patterns_are_unanchored_ecma() {
    let digits = schema(json!({"type": "string", "pattern": "\\d+"}));
    assert!(valid(&digits, json!("abc123")));
    assert!(
        !valid(&digits, json!("٣")),
        "Arabic-Indic digits are not ECMA \\d"
    );
    let astral = schema(json!({"type": "string", "pattern": "^🐲+$"}));
    assert!(valid(&astral, json!("🐲🐲")));
    assert!(!valid(&astral, json!("🐉")));
}

#[test]
fn enum_and_unique_items_use_json_equality() {
    let numbers = schema(json!({"type": "number", "enum": [1, 2.5]}));
    assert!(valid(&numbers, json!(1.0)));
    assert!(valid(&numbers, json!(2.5)));
    assert!(!valid(&numbers, json!(true)));

    let unique = schema(json!({"type": "array", "items": {"type": "object"}, "uniqueItems": true}));
    assert!(!valid(
        &unique,
        json!([{"a": 1, "b": [1]}, {"b": [1.0], "a": 1.0}])
    ));
    assert!(valid(&unique, json!([{"a": 1}, {"a": 2}])));
    let unique_numbers =
        schema(json!({"type": "array", "items": {"type": "number"}, "uniqueItems": true}));
    assert!(!valid(&unique_numbers, json!([0, -0.0])));
    assert!(valid(
        &unique_numbers,
        json!([9_007_199_254_740_993_u64, 9_007_199_254_740_992_u64])
    ));
}

#[test]
fn required_demands_presence_and_null_is_present() {
    let s = ToolArgsSchema::from_value(&json!({"type": "object",
        "properties": {"a": {"type": "string"}, "b": {"type": "integer", "default": 3}},
        "required": ["a"]}))
    .unwrap();
    let missing = s.validate(&json!({})).unwrap_err();
    assert_eq!(missing.errors()[0].keyword(), "required");
    assert_eq!(missing.errors()[0].path(), "");
    assert_eq!(missing.errors()[0].schema_path(), "/required");
    assert_eq!(
        missing.errors()[0].message(),
        "the required property `a` is missing"
    );
    let null = s.validate(&json!({"a": null})).unwrap_err();
    assert_eq!(null.errors()[0].keyword(), "type");
    assert_eq!(null.errors()[0].message(), "expected a string, found null");
    // Unnamed properties are allowed; defaults are never filled in.
    let mut args = json!({"a": "x", "extra": [1, 2]});
    assert!(s.validate(&args).is_ok());
    assert_eq!(args, json!({"a": "x", "extra": [1, 2]}));
    args["b"] = json!(4);
    assert!(s.is_valid(&args));
}

#[test]
fn every_failure_is_reported_in_schema_order_with_both_pointers() {
    let s = ToolArgsSchema::from_value(&json!({"type": "object",
        "properties": {
            "a/b": {"type": "string", "minLength": 3, "pattern": "^x"},
            "list": {"type": "array", "items": {"type": "integer", "maximum": 5}, "maxItems": 2},
            "gone": {"type": "boolean"}
        },
        "required": ["a/b", "list", "gone"]}))
    .unwrap();
    let err = s
        .validate(&json!({"a/b": "yy", "list": [1, 7, 9]}))
        .unwrap_err();
    let got: Vec<String> = err
        .errors()
        .iter()
        .map(|e| format!("{} {} {}", e.path(), e.schema_path(), e.keyword()))
        .collect();
    // Properties by name; the missing required `gone` at its name's place.
    assert_eq!(
        got,
        [
            "/a~1b /properties/a~1b/minLength minLength",
            "/a~1b /properties/a~1b/pattern pattern",
            " /required required",
            "/list /properties/list/maxItems maxItems",
            "/list/1 /properties/list/items/maximum maximum",
            "/list/2 /properties/list/items/maximum maximum",
        ]
    );
}

#[test]
fn one_of_says_how_many_branches_matched_and_which_came_closest() {
    let target = schema(json!({"oneOf": [
        {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
        {"type": "object", "properties": {"index": {"type": "integer", "minimum": 0}}, "required": ["index"]}
    ]}));
    assert!(valid(&target, json!({"id": "a"})));
    assert!(valid(&target, json!({"index": 0})));

    let none = errors(&target, json!({"index": -1}));
    assert_eq!(none.len(), 1);
    assert_eq!(none[0].keyword(), "oneOf");
    assert_eq!(none[0].schema_path(), "/properties/v/oneOf");
    assert_eq!(
        none[0].message(),
        "the value matches none of the 2 `oneOf` branches; the closest is branch 1: /index: -1 is \
         less than the minimum 0; the other fails too"
    );

    let both = errors(&target, json!({"id": "a", "index": 1}));
    assert_eq!(
        both[0].message(),
        "the value matches 2 of the 2 `oneOf` branches (the first two: 0 and 1), but must match \
         exactly one; send only the fields of one branch"
    );
}

/// Every kind of message, word for word: they are written piece by piece
/// (no `format!`), so each piece and the spaces between are checked here.
#[test]
fn every_kind_of_message_reads_as_written() {
    let cases = [
        (
            json!({"type": "string"}),
            json!(null),
            "expected a string, found null",
        ),
        (
            json!({"type": "string"}),
            json!(true),
            "expected a string, found the boolean true",
        ),
        (
            json!({"type": "boolean"}),
            json!(-2.5),
            "expected a boolean, found the number -2.5",
        ),
        (
            json!({"type": "integer"}),
            json!([1, 2]),
            "expected an integer, found an array of 2 items",
        ),
        (
            json!({"type": "number"}),
            json!({"a": 1}),
            "expected a number, found an object with 1 property",
        ),
        (
            json!({"type": "string", "enum": ["a", "b"]}),
            json!("c"),
            r#""c" is not allowed here; use one of "a", "b""#,
        ),
        (
            json!({"type": "integer", "enum": [7]}),
            json!(-3),
            "-3 is not allowed here; use 7",
        ),
        (
            json!({"type": "number", "enum": [1.5, 18446744073709551615_u64]}),
            json!(0.25),
            "0.25 is not allowed here; use one of 1.5, 18446744073709551615",
        ),
        (
            json!({"type": "boolean", "enum": [true]}),
            json!(false),
            "false is not allowed here; use true",
        ),
        (
            json!({"type": "string", "minLength": 3}),
            json!("é"),
            "the string has 1 characters, fewer than the minimum length 3",
        ),
        (
            json!({"type": "string", "maxLength": 1}),
            json!("🐲🐲"),
            "the string has 2 characters, more than the maximum length 1; shorten it",
        ),
        (
            json!({"type": "string", "pattern": "^[0-9]+$"}),
            json!("a\"b"),
            r#""a\"b" does not match the pattern "^[0-9]+$""#,
        ),
        (
            json!({"type": "integer", "minimum": -10}),
            json!(-9223372036854775808_i64),
            "-9223372036854775808 is less than the minimum -10",
        ),
        (
            json!({"type": "number", "maximum": 0.5}),
            json!(1e308),
            "1e+308 is greater than the maximum 0.5",
        ),
        (
            json!({"type": "array", "items": {"type": "integer"}, "minItems": 2}),
            json!([1]),
            "the array has 1 items, fewer than the minimum 2",
        ),
        (
            json!({"type": "array", "items": {"type": "integer"}, "maxItems": 1}),
            json!([1, 2, 3]),
            "the array has 3 items, more than the maximum 1; send at most 1",
        ),
        (
            json!({"type": "array", "items": {"type": "integer"}, "uniqueItems": true}),
            json!([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1.0]),
            "items 0 and 12 are equal, but the items must be unique",
        ),
        (
            json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}),
            json!({}),
            "the required property `name` is missing",
        ),
    ];
    for (node, value, expected) in cases {
        let found = errors(&schema(node.clone()), value);
        assert_eq!(found.len(), 1, "{node}");
        assert_eq!(found[0].message(), expected, "{node}");
    }
}

/// Paths are written from the schema pointer and the array indices passed:
/// properties named like keywords, escaped names, and a `oneOf` in an array
/// whose branches quote paths relative to the item.
#[test]
fn paths_name_every_step_through_arrays_properties_and_branches() {
    let target = schema(json!({"type": "array", "items": {"oneOf": [
        {"type": "array", "items": {"type": "integer"}},
        {"type": "object", "properties": {
            "items": {"type": "array", "items": {"type": "object", "properties": {
                "a/b~c": {"type": "boolean"}
            }}}
        }}
    ]}}));
    let found = errors(
        &target,
        json!([[1], {"items": [{}, {"a/b~c": 0}]}, [1, 2, "x"]]),
    );
    let paths: Vec<(String, String)> = found.iter().map(|e| (e.path(), e.schema_path())).collect();
    assert_eq!(
        paths,
        [
            ("/v/1".to_owned(), "/properties/v/items/oneOf".to_owned()),
            ("/v/2".to_owned(), "/properties/v/items/oneOf".to_owned()),
        ]
    );
    assert!(
        found[0]
            .message()
            .ends_with("the closest is branch 1: /items/1/a~1b~0c: expected a boolean, found the number 0; the other fails too"),
        "{}",
        found[0].message()
    );
    assert!(
        found[1].message().starts_with(
            "the value matches none of the 2 `oneOf` branches; the closest is branch 0: /2: expected an integer"
        ),
        "{}",
        found[1].message()
    );
}

#[test]
fn a_branch_with_many_failures_is_quoted_by_its_first_two_and_a_count() {
    let target = schema(json!({"oneOf": [
        {"type": "object", "properties": {
            "a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}, "d": {"type": "string"}
        }, "required": ["a", "b", "c", "d"]},
        {"type": "string"}
    ]}));
    let none = errors(&target, json!({}));
    assert_eq!(
        none[0].message(),
        "the value matches none of the 2 `oneOf` branches; the closest is branch 0: the required \
         property `a` is missing; the required property `b` is missing; 2 more; the other fails too"
    );
}

#[test]
fn messages_never_quote_a_whole_huge_value() {
    let s = schema(json!({"type": "string", "enum": ["a"]}));
    let long = "x".repeat(100_000);
    let error = &errors(&s, json!(long))[0];
    assert!(error.message().len() < 200, "{}", error.message());
    let s = schema(json!({"type": "integer"}));
    let error = &errors(&s, json!(vec![0; 100_000]))[0];
    assert_eq!(
        error.message(),
        "expected an integer, found an array of 100000 items"
    );
}

#[test]
fn the_root_must_be_an_object() {
    let s = ToolArgsSchema::from_value(&json!({"type": "object"})).unwrap();
    for args in [json!(null), json!([]), json!("{}"), json!(1)] {
        let err = s.validate(&args).unwrap_err();
        assert_eq!(err.errors()[0].keyword(), "type", "{args}");
        assert!(err.errors()[0].message().starts_with("expected an object"));
    }
}

#[test]
fn the_agent_facing_object_lists_every_error() {
    let s = ToolArgsSchema::from_value(&json!({"type": "object",
        "properties": {"delta": {"type": "integer", "minimum": -100, "maximum": 100}},
        "required": ["delta"]}))
    .unwrap();
    let err = s.validate(&json!({"delta": 2.5})).unwrap_err();
    let object = json!({ "error": err });
    assert_eq!(object["error"]["code"], "INVALID_ARGS");
    assert_eq!(object["error"]["errors"][0]["path"], "/delta");
    assert_eq!(
        object["error"]["errors"][0]["schema_path"],
        "/properties/delta/type"
    );
    assert_eq!(object["error"]["errors"][0]["keyword"], "type");
    assert_eq!(
        object["error"]["message"],
        "The arguments do not match the tool's argsSchema: /delta: expected an integer, found the number 2.5"
    );
}

#[test]
fn schemas_are_send_sync_and_shareable() {
    fn assert_send_sync<T: Send + Sync + 'static>() {}
    assert_send_sync::<ToolArgsSchema>();
    let s = std::sync::Arc::new(schema(json!({"type": "string", "pattern": "^a"})));
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let s = s.clone();
            std::thread::spawn(move || s.is_valid(&json!({"v": format!("a{i}")})))
        })
        .collect();
    assert!(handles.into_iter().all(|h| h.join().unwrap()));
}
