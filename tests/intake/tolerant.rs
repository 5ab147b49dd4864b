//! Tolerant intake: every rule of `ToolArgsSchema::coerce`, each with the
//! text it must leave alone, and the unknown-property reports and their
//! opt-in refusal.

use pedelec_schema::{ChangeCode, Effect, ToolArgsSchema};
use serde_json::{json, Value};

fn schema(value: Value) -> ToolArgsSchema {
    ToolArgsSchema::from_value(&value).unwrap()
}

/// A root with the one property `v` of node `node`.
fn with_v(node: Value) -> ToolArgsSchema {
    schema(json!({"type": "object", "properties": {"v": node}}))
}

/// `v` after coercion, and the changes as (pointer, code).
fn coerced(schema: &ToolArgsSchema, v: Value) -> (Value, Vec<(String, ChangeCode)>) {
    let mut args = json!({ "v": v });
    let changes = schema.coerce(&mut args);
    for change in &changes {
        assert_eq!(change.effect, Effect::Widens, "every intake change widens");
        assert!(
            args.pointer(&change.pointer).is_some(),
            "{} points into the result",
            change.pointer
        );
    }
    let codes = changes.into_iter().map(|c| (c.pointer, c.code)).collect();
    (args["v"].take(), codes)
}

fn unchanged(schema: &ToolArgsSchema, v: Value) {
    let (after, changes) = coerced(schema, v.clone());
    assert_eq!(after, v, "{v} changed");
    assert!(changes.is_empty(), "{v}: {changes:?}");
}

fn change(code: ChangeCode) -> Vec<(String, ChangeCode)> {
    vec![("/v".to_owned(), code)]
}

#[test]
fn numbers_from_the_exact_text_of_a_json_number() {
    let integer = with_v(json!({"type": "integer"}));
    let number = with_v(json!({"type": "number"}));
    for (node, text, expected) in [
        (&integer, "42", json!(42)),
        (&integer, "-7", json!(-7)),
        (&integer, "1e3", json!(1000.0)),
        (&integer, "3.0", json!(3.0)),
        (&integer, "18446744073709551615", json!(u64::MAX)),
        (&number, "1.5", json!(1.5)),
        (&number, "-0.0", json!(-0.0)),
        (&number, "1e308", json!(1e308)),
        (&number, "0", json!(0)),
    ] {
        assert_eq!(
            coerced(node, json!(text)),
            (expected.clone(), change(ChangeCode::NumberFromString)),
            "{text}"
        );
        // Exactly what the same text unquoted reads as.
        assert_eq!(serde_json::from_str::<Value>(text).unwrap(), expected);
    }
}

#[test]
fn text_that_is_not_exactly_a_json_number_stays() {
    let integer = with_v(json!({"type": "integer"}));
    let number = with_v(json!({"type": "number"}));
    for text in [
        " 42",
        "42 ",
        "\n42",
        "+1",
        "0x10",
        "NaN",
        "Infinity",
        "-Infinity",
        "1e400",
        "01",
        "",
        "-",
        "4 2",
        "1_000",
        ".5",
        "5.",
        "1e",
        "١٢",
        "🐲",
        "42abc",
        "[42]",
    ] {
        unchanged(&integer, json!(text));
        unchanged(&number, json!(text));
    }
    // A fraction is a number, but not an integer: the integer node keeps
    // the string, and validation says what it expected.
    unchanged(&integer, json!("42.5"));
    assert_eq!(coerced(&number, json!("42.5")).0, json!(42.5));
}

#[test]
fn bounds_and_enums_are_left_to_validation() {
    let schema = with_v(json!({"type": "integer", "maximum": 100, "enum": [1, 2]}));
    let mut args = json!({"v": "500"});
    schema.coerce(&mut args);
    assert_eq!(args, json!({"v": 500}));
    let keywords: Vec<_> = schema
        .validate(&args)
        .unwrap_err()
        .errors()
        .iter()
        .map(|e| e.keyword())
        .collect();
    assert_eq!(keywords, ["enum", "maximum"]);
}

#[test]
fn booleans_from_true_and_false() {
    let boolean = with_v(json!({"type": "boolean"}));
    assert_eq!(
        coerced(&boolean, json!("true")),
        (json!(true), change(ChangeCode::BooleanFromString))
    );
    assert_eq!(
        coerced(&boolean, json!("false")),
        (json!(false), change(ChangeCode::BooleanFromString))
    );
    for text in ["True", "FALSE", "1", "0", "yes", " true", "true ", ""] {
        unchanged(&boolean, json!(text));
    }
    unchanged(&boolean, json!(1));
}

#[test]
fn arrays_and_objects_from_the_json_text_they_hold() {
    let array = with_v(json!({"type": "array", "items": {"type": "integer"}}));
    assert_eq!(
        coerced(&array, json!("[1, 2]")),
        (json!([1, 2]), change(ChangeCode::ArrayFromJsonText))
    );
    assert_eq!(
        coerced(&array, json!("\n[ ]\n")).0,
        json!([]),
        "JSON text may have whitespace"
    );
    // What the text holds is coerced in turn.
    assert_eq!(
        coerced(&array, json!(r#"["1", 2]"#)),
        (
            json!([1, 2]),
            vec![
                ("/v".to_owned(), ChangeCode::ArrayFromJsonText),
                ("/v/0".to_owned(), ChangeCode::NumberFromString)
            ]
        )
    );
    for text in ["[1,", "{\"a\": 1}", "[1] x", "", "null"] {
        unchanged(&array, json!(text));
    }

    let object = with_v(json!({"type": "object", "properties": {"n": {"type": "integer"}}}));
    assert_eq!(
        coerced(&object, json!(r#"{"n": "5", "other": "6"}"#)),
        (
            json!({"n": 5, "other": "6"}),
            vec![
                ("/v".to_owned(), ChangeCode::ObjectFromJsonText),
                ("/v/n".to_owned(), ChangeCode::NumberFromString)
            ]
        )
    );
    for text in ["{", "[]", "\"{}\"", "{} {}"] {
        unchanged(&object, json!(text));
    }
}

#[test]
fn arguments_sent_as_json_text_become_the_object() {
    let schema = with_v(json!({"type": "boolean"}));
    let mut args = json!(r#"{"v": "true"}"#);
    let changes = schema.coerce(&mut args);
    assert_eq!(args, json!({"v": true}));
    let at: Vec<_> = changes
        .iter()
        .map(|c| (c.pointer.as_str(), c.code))
        .collect();
    assert_eq!(
        at,
        [
            ("", ChangeCode::ObjectFromJsonText),
            ("/v", ChangeCode::BooleanFromString)
        ]
    );
}

#[test]
fn a_lone_value_of_the_items_type_becomes_a_one_item_array() {
    let strings = with_v(json!({"type": "array", "items": {"type": "string"}}));
    assert_eq!(
        coerced(&strings, json!("a")),
        (json!(["a"]), change(ChangeCode::WrappedInArray))
    );
    // Text that is not an array is a lone string here.
    assert_eq!(coerced(&strings, json!("[1,")).0, json!(["[1,"]));
    unchanged(&strings, json!(5));
    unchanged(&strings, json!(null));
    unchanged(&strings, json!({"a": 1}));

    let integers = with_v(json!({"type": "array", "items": {"type": "integer"}, "maxItems": 3}));
    assert_eq!(
        coerced(&integers, json!(5)),
        (json!([5]), change(ChangeCode::WrappedInArray))
    );
    unchanged(&integers, json!(5.5));
    // A lone value that coerces to the items' type: two changes.
    assert_eq!(
        coerced(&integers, json!("5")),
        (
            json!([5]),
            vec![
                ("/v".to_owned(), ChangeCode::WrappedInArray),
                ("/v/0".to_owned(), ChangeCode::NumberFromString)
            ]
        )
    );

    let objects = with_v(
        json!({"type": "array", "items": {"type": "object", "properties": {
            "tags": {"type": "array", "items": {"type": "string"}}
        }}}),
    );
    assert_eq!(
        coerced(&objects, json!({"tags": "x"})).0,
        json!([{"tags": ["x"]}])
    );

    // Wrapped once, never twice.
    let nested =
        with_v(json!({"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}));
    unchanged(&nested, json!(1));
    assert_eq!(
        coerced(&nested, json!([1])).0,
        json!([[1]]),
        "the item, once"
    );
}

#[test]
fn under_one_of_only_a_single_branch_s_coercion_counts() {
    let either = with_v(json!({"oneOf": [{"type": "integer"}, {"type": "boolean"}]}));
    assert_eq!(
        coerced(&either, json!("5")),
        (json!(5), change(ChangeCode::NumberFromString))
    );
    assert_eq!(coerced(&either, json!("true")).0, json!(true));
    unchanged(&either, json!(5));
    unchanged(&either, json!("five"));

    // "5" could be 5 or ["5"]: a guess, so no change.
    let ambiguous = with_v(json!({"oneOf": [
        {"type": "integer"},
        {"type": "array", "items": {"type": "string"}}
    ]}));
    unchanged(&ambiguous, json!("5"));

    // Tagged branches: the one the tag picks.
    let tagged = with_v(json!({"oneOf": [
        {"type": "object", "properties": {"kind": {"type": "string", "enum": ["circle"]},
                                          "radius": {"type": "number"}}, "required": ["kind", "radius"]},
        {"type": "object", "properties": {"kind": {"type": "string", "enum": ["square"]},
                                          "side": {"type": "number"}}, "required": ["kind", "side"]}
    ]}));
    assert_eq!(
        coerced(&tagged, json!({"kind": "square", "side": "2.5"})),
        (
            json!({"kind": "square", "side": 2.5}),
            vec![("/v/side".to_owned(), ChangeCode::NumberFromString)]
        )
    );
}

/// Coercion under a `oneOf` asks only whether the `oneOf` accepts a value:
/// one it accepts stays, though another branch would coerce it; among the
/// branches' coercions, the one it accepts is taken, and none where it
/// accepts two different ones.
#[test]
fn under_one_of_coercion_asks_whether_the_one_of_accepts() {
    let objects = with_v(json!({"oneOf": [
        {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
        {"type": "object", "properties": {"m": {"type": "integer"}}, "required": ["m"]}
    ]}));
    // Branch 1 accepts it: left alone, though branch 0 would read "1".
    unchanged(&objects, json!({"n": "1", "m": 2}));
    assert_eq!(coerced(&objects, json!({"n": "1"})).0, json!({"n": 1}));
    // Each branch's coercion gives a value the `oneOf` accepts, another
    // one each: a guess, so no change.
    unchanged(&objects, json!({"n": "1", "m": "2"}));
}

#[test]
fn nothing_else_changes() {
    let schema = schema(json!({"type": "object", "properties": {
        "s": {"type": "string"},
        "n": {"type": "integer", "default": 3},
        "list": {"type": "array", "items": {"type": "number"}}
    }, "required": ["s"]}));
    // Strings stay strings, unknown properties and nulls stay, no default
    // is filled in, a missing required property stays missing.
    let before = json!({"s": 42, "list": [1, "x", null], "extra": "7", "n": null});
    let mut after = before.clone();
    assert!(schema.coerce(&mut after).is_empty());
    assert_eq!(after, before);
}

#[test]
fn changes_serialize_with_their_pointer_code_effect_and_message() {
    let schema = schema(json!({"type": "object", "properties": {"a/b": {"type": "integer"}}}));
    let mut args = json!({"a/b": "7"});
    let changes = schema.coerce(&mut args);
    assert_eq!(
        serde_json::to_value(&changes).unwrap(),
        json!([{
            "pointer": "/a~1b",
            "code": "number_from_string",
            "effect": "widens",
            "message": "read the string \"7\" as the number 7"
        }])
    );
}

#[test]
fn hostile_values_neither_overflow_nor_panic() {
    // Nesting far past the schema's depth, where the walk does not follow.
    let mut deep = json!("1");
    for _ in 0..10_000 {
        deep = Value::Array(vec![deep]);
    }
    let schema = with_v(json!({"type": "array", "items": {"type": "integer"}}));
    // Built by moving, not with `json!`, which copies its arguments through
    // serialization.
    let mut args = Value::Object([("v".to_owned(), deep)].into_iter().collect());
    assert!(schema.coerce(&mut args).is_empty());
    assert!(schema.unknown_properties(&args).is_empty());
    // serde_json's own drop of a value this deep recurses; it is the
    // value's owner's to free (see tests/validation/hostile.rs).
    std::mem::forget(args);

    // JSON text nested past serde_json's limit is not JSON: it stays.
    let text = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let nested =
        with_v(json!({"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}));
    unchanged(&nested, json!(text));

    // Many items: each coerced, each reported.
    let many: Vec<Value> = (0..10_000).map(|i| json!(i.to_string())).collect();
    let (after, changes) = coerced(&schema, Value::Array(many));
    assert_eq!(changes.len(), 10_000);
    assert_eq!(after[9_999], json!(9_999));
}

mod unknown {
    use super::*;

    fn reported(schema: &ToolArgsSchema, args: &Value) -> Vec<(String, Option<String>)> {
        schema
            .unknown_properties(args)
            .into_iter()
            .map(|u| (u.path().to_owned(), u.suggestion().map(str::to_owned)))
            .collect()
    }

    fn search() -> ToolArgsSchema {
        schema(json!({"type": "object", "properties": {
            "query": {"type": "string"},
            "limit": {"type": "integer"},
            "filters": {"type": "array", "items": {"type": "object", "properties": {
                "field": {"type": "string"}, "value": {"type": "string"}
            }}}
        }, "required": ["query"]}))
    }

    #[test]
    fn each_is_reported_with_its_path_and_a_did_you_mean() {
        let args = json!({
            "query": "x", "limt": 5, "format": "json",
            "filters": [{"field": "a", "vaule": "b"}, {"feild": "c", "value": "d", "x/y": 1}]
        });
        assert!(search().validate(&args).is_ok(), "the subset allows them");
        assert_eq!(
            reported(&search(), &args),
            [
                ("/filters/0/vaule".to_owned(), Some("value".to_owned())),
                ("/filters/1/feild".to_owned(), Some("field".to_owned())),
                ("/filters/1/x~1y".to_owned(), None),
                ("/format".to_owned(), None),
                ("/limt".to_owned(), Some("limit".to_owned())),
            ]
        );
        assert!(reported(&search(), &json!({"query": "x", "limit": 1})).is_empty());
    }

    #[test]
    fn a_report_serializes_and_reads_as_the_agent_sees_it() {
        let unknown = search().unknown_properties(&json!({"query": "x", "limt": 5, "zzz": 1}));
        assert_eq!(
            serde_json::to_value(&unknown).unwrap(),
            json!([
                {"path": "/limt", "name": "limt", "suggestion": "limit",
                 "message": "the schema names no property \"limt\"; did you mean \"limit\"?"},
                {"path": "/zzz", "name": "zzz", "message": "the schema names no property \"zzz\""}
            ])
        );
        assert_eq!(
            unknown[0].to_string(),
            "/limt: the schema names no property \"limt\"; did you mean \"limit\"?"
        );
    }

    #[test]
    fn the_refusing_mode_fails_them_after_the_schema_s_own_errors() {
        let args = json!({"query": 1, "limt": 5});
        assert_eq!(search().validate(&args).unwrap_err().errors().len(), 1);
        let errors = search().validate_refusing_unknown(&args).unwrap_err();
        let seen: Vec<_> = errors
            .errors()
            .iter()
            .map(|e| (e.path(), e.keyword(), e.schema_path()))
            .collect();
        assert_eq!(
            seen,
            [
                (
                    "/query".to_owned(),
                    "type",
                    "/properties/query/type".to_owned()
                ),
                ("/limt".to_owned(), "properties", "/properties".to_owned()),
            ]
        );
        assert_eq!(
            errors.to_value()["errors"][1]["message"],
            "the schema names no property \"limt\"; did you mean \"limit\"?"
        );
        assert!(search()
            .validate_refusing_unknown(&json!({"query": "x"}))
            .is_ok());
    }

    #[test]
    fn one_of_follows_the_branch_that_accepts_the_value() {
        let schema = with_v(json!({"oneOf": [
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["circle"]},
                                              "radius": {"type": "number"}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"type": "string", "enum": ["square"]},
                                              "side": {"type": "number"}}, "required": ["kind"]}
        ]}));
        let args = json!({"v": {"kind": "square", "sid": 2}});
        assert_eq!(
            reported(&schema, &args),
            [("/v/sid".to_owned(), Some("side".to_owned()))]
        );
        let errors = schema.validate_refusing_unknown(&args).unwrap_err();
        assert_eq!(
            errors.errors()[0].schema_path(),
            "/properties/v/oneOf/1/properties"
        );
        // No branch accepts it: validation says why; the walk does not guess.
        let args = json!({"v": {"kind": "triangle", "sid": 2}});
        assert!(reported(&schema, &args).is_empty());
        assert_eq!(
            schema
                .validate_refusing_unknown(&args)
                .unwrap_err()
                .errors()[0]
                .keyword(),
            "oneOf"
        );
    }

    #[test]
    fn many_unknown_properties_are_all_reported_and_the_first_ones_get_suggestions() {
        let schema = schema(json!({"type": "object", "properties": {"name": {"type": "string"}}}));
        let mut args = serde_json::Map::new();
        for i in 0..10_000 {
            args.insert(format!("nam{i}"), json!(i));
        }
        args.insert("nmae".to_owned(), json!(""));
        let unknown = schema.unknown_properties(&Value::Object(args));
        assert_eq!(unknown.len(), 10_001);
        let suggested = unknown.iter().filter(|u| u.suggestion().is_some()).count();
        assert!(suggested > 0 && suggested <= 32, "{suggested}");
    }

    #[test]
    fn astral_and_long_names_are_reported_whole() {
        let schema =
            schema(json!({"type": "object", "properties": {"🐲name": {"type": "string"}}}));
        let long = "x".repeat(10_000);
        let mut args = json!({"🐲nmae": "", "~": 1});
        args[long.as_str()] = json!(1);
        let paths: Vec<_> = reported(&schema, &args);
        assert!(paths.contains(&("/🐲nmae".to_owned(), Some("🐲name".to_owned()))));
        assert!(paths.contains(&("/~0".to_owned(), None)));
        assert!(paths.contains(&(format!("/{long}"), None)));
    }
}
