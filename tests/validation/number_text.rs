//! Numbers compared with `minimum` and `maximum` as their text writes
//! them, where serde_json's double of the text rounded it onto the bound:
//! `1e-400` is read as `0.0`, yet it is above a `maximum` of `0`. Every
//! reader of text decides so - `validate_str`, `is_valid_str`, a stream
//! however the text is cut, `T::from_args_str`, `validate_provider_str` -
//! and `validate` on a `Value`, which holds only the double, decides by
//! the double (as the `jsonschema` crate does, on the same `Value`).

use pedelec_schema::{Profile, ToolArgs, ToolArgsSchema};
use serde::Deserialize;
use serde_json::{json, Value};

/// The schema of one property `v` of `node`.
fn schema(node: Value) -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({
        "type": "object", "properties": {"v": node}, "required": ["v"]
    }))
    .unwrap()
}

/// Every reader of text's verdict on `text`, which must agree; and the
/// keywords of `validate_str`'s errors, each at `/v` or under it.
fn verdict(schema: &ToolArgsSchema, text: &str) -> bool {
    let valid = schema.validate_str(text).is_ok();
    assert_eq!(schema.is_valid_str(text), valid, "is_valid_str {text}");
    let provider = schema.validate_provider_str(Profile::OpenAiStrict, text);
    assert_eq!(provider.is_ok(), valid, "validate_provider_str {text}");
    for piece in [text.len(), 1, 3] {
        let mut stream = schema.stream();
        let fed = text
            .as_bytes()
            .chunks(piece)
            .all(|chunk| stream.feed(std::str::from_utf8(chunk).unwrap()).is_ok());
        let streamed = fed && stream.finish().is_ok();
        assert_eq!(streamed, valid, "stream in pieces of {piece} {text}");
    }
    if let Err(error) = schema.validate_str(text) {
        for entry in error.errors() {
            assert!(entry.path().starts_with("/v"), "{text}: {entry:?}");
        }
    }
    valid
}

/// `{"v": number}` as text.
fn call(number: &str) -> String {
    format!(r#"{{"v": {number}}}"#)
}

/// The numbers of the issue against `maximum: 0` and `minimum: 0`: a
/// nonzero number that the double rounds to zero keeps its sign, and every
/// spelling of zero is zero.
#[test]
fn a_number_that_rounds_to_zero_keeps_its_sign_against_a_bound_of_zero() {
    let at_most_zero = schema(json!({"type": "number", "maximum": 0}));
    let at_least_zero = schema(json!({"type": "number", "minimum": 0}));
    // (text, passes `maximum: 0`, passes `minimum: 0`)
    let cases = [
        ("1e-400", false, true),
        ("2.5E-999", false, true),
        ("0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001", false, true),
        ("-1e-400", true, false),
        ("-1E-99999999999999999999", true, false),
        ("0e5", true, true),
        ("-0.0", true, true),
        ("-0", true, true),
        ("0", true, true),
        ("0.000e-400", true, true),
        ("5e-324", false, true),
        ("-5e-324", true, false),
    ];
    for (number, under_max, over_min) in cases {
        let text = call(number);
        assert_eq!(verdict(&at_most_zero, &text), under_max, "{text} maximum 0");
        assert_eq!(verdict(&at_least_zero, &text), over_min, "{text} minimum 0");
    }
    let error = at_most_zero.validate_str(&call("1e-400")).unwrap_err();
    assert_eq!(error.errors().len(), 1);
    assert_eq!(error.errors()[0].keyword(), "maximum");
    assert_eq!(error.errors()[0].path(), "/v");
    // The message shows the number as written, not the 0.0 it reads as.
    assert_eq!(
        error.errors()[0].message(),
        "1e-400 is greater than the maximum 0"
    );
    let error = at_least_zero.validate_str(&call("-1e-400")).unwrap_err();
    assert_eq!(
        error.errors()[0].message(),
        "-1e-400 is less than the minimum 0"
    );
    // A long text is shown as its value reads.
    let long = format!("-0.{}1", "0".repeat(400));
    let error = at_least_zero.validate_str(&call(&long)).unwrap_err();
    assert_eq!(
        error.errors()[0].message(),
        "-0.0 is less than the minimum 0"
    );
}

/// Where the double rounds a number onto a bound that is not zero, the
/// text decides too: just above `1` is above `maximum: 1`, one below
/// `i64::MIN` below it. A number passes only if its text and its double
/// both do: a float text equal to an integer bound beyond 2^53 whose
/// double is below the bound is refused, as the `Value` a program gets
/// is. A float's shortest decimal stands for the float, as writers of
/// floats write it (`-9.223372036854776e18` is -2^63, `i64::MIN`). A bound
/// is the number the schema writes: `0.1` is `0.1`, not its double's
/// expansion.
#[test]
fn a_number_that_rounds_onto_a_bound_is_compared_as_written() {
    let at_most_one = schema(json!({"type": "number", "maximum": 1}));
    assert!(!verdict(&at_most_one, &call("1.00000000000000000001")));
    assert!(verdict(&at_most_one, &call("0.99999999999999999999")));
    assert!(verdict(&at_most_one, &call("1.000000000000000000000")));
    assert!(verdict(&at_most_one, &call("1e0")));
    let at_least_tenth = schema(json!({"type": "number", "minimum": 0.1}));
    assert!(verdict(&at_least_tenth, &call("0.1")));
    assert!(verdict(&at_least_tenth, &call("1e-1")));
    assert!(!verdict(&at_least_tenth, &call("0.09999999999999999999")));
    assert!(verdict(&at_least_tenth, &call("0.10000000000000000001")));
    let big = schema(json!({"type": "number", "minimum": 9_007_199_254_740_993_u64}));
    assert!(verdict(&big, &call("9007199254740993")));
    assert!(!verdict(&big, &call("9007199254740993.0")), "read as 2^53");
    assert!(!verdict(&big, &call("9.007199254740993e15")));
    assert!(!verdict(&big, &call("9007199254740992.9")));
    assert!(!verdict(&big, &call("9007199254740992")));
    let smallest = schema(json!({"type": "number", "minimum": i64::MIN}));
    assert!(verdict(&smallest, &call("-9223372036854775808")));
    assert!(verdict(&smallest, &call("-9223372036854775808.0")));
    assert!(verdict(&smallest, &call("-9.223372036854776e18")));
    assert!(verdict(&smallest, &call("-9223372036854776000")));
    assert!(!verdict(&smallest, &call("-9223372036854775999")));
    assert!(!verdict(&smallest, &call("-9223372036854775809")));
}

/// The text decides wherever the number is: in arrays, in an object's
/// properties, under a `oneOf` whose branches differ by their bounds (the
/// owner is found as written), under one decided by type.
#[test]
fn the_text_decides_at_any_place() {
    let items = schema(json!({"type": "array", "items": {"type": "number", "maximum": 0}}));
    assert!(verdict(&items, r#"{"v": [0, -1, 0.0]}"#));
    assert!(!verdict(&items, r#"{"v": [0, -1, 1e-400]}"#));
    let error = items
        .validate_str(r#"{"v": [1e-400, 0, 1e-400]}"#)
        .unwrap_err();
    let paths: Vec<String> = error.errors().iter().map(|e| e.path()).collect();
    assert_eq!(paths, ["/v/0", "/v/2"]);
    let by_type = schema(json!({"oneOf": [{"type": "number", "maximum": 0}, {"type": "string"}]}));
    assert!(!verdict(&by_type, &call("1e-400")));
    assert!(verdict(&by_type, &call("-1e-400")));
    let by_bounds = schema(json!({"oneOf": [
        {"type": "number", "maximum": 0},
        {"type": "number", "minimum": 1e-300}
    ]}));
    // Below 1e-300 and above 0: neither branch; as a double, the first.
    assert!(!verdict(&by_bounds, &call("1e-400")));
    assert!(verdict(&by_bounds, &call("-1e-400")));
    assert!(verdict(&by_bounds, &call("2e-300")));
    let nested = schema(json!({"type": "object", "properties": {
        "w": {"type": "array", "items": {"type": "number", "minimum": 0}}
    }}));
    assert!(!verdict(&nested, r#"{"v": {"w": [1, -1e-400]}}"#));
}

/// A typed call reads its text as the text's readers do, and its fast path
/// gives a number on a bound's edge to the full path.
#[test]
fn a_typed_call_compares_its_numbers_as_written() {
    #[derive(Debug, Deserialize, ToolArgs)]
    struct Offset {
        #[tool_args(maximum = 0)]
        v: f64,
        w: Option<Vec<Point>>,
    }
    #[derive(Debug, Deserialize, ToolArgs)]
    struct Point {
        #[tool_args(minimum = 0)]
        x: f64,
    }
    assert_eq!(Offset::from_args_str(r#"{"v": -1e-400}"#).unwrap().v, 0.0);
    let read = Offset::from_args_str(r#"{"v": 0e5, "w": [{"x": 1e-400}]}"#).unwrap();
    assert_eq!(read.w.unwrap()[0].x, 0.0);
    let error = Offset::from_args_str(r#"{"v": 1e-400}"#).unwrap_err();
    assert_eq!(error.errors()[0].keyword(), "maximum");
    let error = Offset::from_args_str(r#"{"v": 0, "w": [{"x": 1}, {"x": -1e-400}]}"#).unwrap_err();
    assert_eq!(error.errors()[0].path(), "/w/1/x");
    let provider = |text| Offset::from_provider_args_str(Profile::OpenAiStrict, text);
    assert!(provider(r#"{"v": 1e-400, "w": null}"#).is_err());
    assert!(provider(r#"{"v": -1e-400, "w": null}"#).is_ok());
}

/// `validate` on a `Value` has only the double: `1e-400` read into a
/// `Value` is `0.0`, which `maximum: 0` passes. The `jsonschema` crate,
/// which validates the same `Value`, agrees with it everywhere; with the
/// text's readers it agrees wherever the double is the number written
/// (every spelling of zero), and not where the double rounded the text
/// onto the bound, which it never sees.
#[test]
fn a_value_holds_only_the_double_as_the_jsonschema_crate_sees_it() {
    for (node, number, text_passes) in [
        (json!({"type": "number", "maximum": 0}), "1e-400", false),
        (json!({"type": "number", "minimum": 0}), "-1e-400", false),
        (
            json!({"type": "number", "maximum": 1}),
            "1.00000000000000000001",
            false,
        ),
        (json!({"type": "number", "maximum": 0}), "-0.0", true),
        (json!({"type": "number", "maximum": 0}), "0e5", true),
        (json!({"type": "number", "minimum": 0}), "-0", true),
        (json!({"type": "number", "minimum": 0}), "1e-400", true),
    ] {
        let schema = schema(node);
        let oracle = jsonschema::draft202012::new(&schema.to_value()).unwrap();
        let text = call(number);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert!(
            schema.is_valid(&value),
            "{text}: the double is on the bound"
        );
        assert_eq!(oracle.is_valid(&value), schema.is_valid(&value), "{text}");
        assert_eq!(schema.validate_str(&text).is_ok(), text_passes, "{text}");
        assert_eq!(
            oracle.is_valid(&value) == text_passes,
            text_passes,
            "{text}"
        );
    }
}
