//! What a `oneOf` that refuses a value tells: the chosen branch's own
//! failures where a discriminator tells the branches apart, one failure
//! listing the tags where the call's tag fits none, the closest branch
//! otherwise, and a reason every branch shares said once. The verdicts are
//! the `jsonschema` crate's (checked here on each call, beside the
//! differential tests on generated schemas).

use pedelec_schema::{ToolArgsSchema, ValidationError, ValidationErrorKind};
use serde_json::{json, Value};

use crate::semantics::schema;

/// The errors of `{"v": v}`, whose refusal the oracle confirms.
fn errors(schema: &ToolArgsSchema, v: Value) -> Vec<ValidationError> {
    let args = json!({ "v": v });
    let oracle = jsonschema::draft202012::new(&schema.to_value()).unwrap();
    assert!(!oracle.is_valid(&args), "the oracle accepts {args}");
    assert!(!schema.is_valid(&args));
    schema.validate(&args).unwrap_err().into_errors()
}

/// Each error as `path schema_path keyword: message`.
fn told(errors: &[ValidationError]) -> Vec<String> {
    errors
        .iter()
        .map(|e| {
            format!(
                "{} {} {}: {}",
                e.path(),
                e.schema_path(),
                e.keyword(),
                e.message()
            )
        })
        .collect()
}

/// Six shapes told apart by `kind`, each requiring an integer `f0`; the
/// last takes any `f1` and needs no `f0`.
fn tagged() -> ToolArgsSchema {
    let mut branches: Vec<Value> = ["move", "resize", "rotate", "scale", "delete"]
        .iter()
        .map(|kind| {
            json!({"type": "object", "properties": {
                "kind": {"type": "string", "enum": [kind]},
                "f0": {"type": "integer"}
            }, "required": ["kind", "f0"]})
        })
        .collect();
    branches.push(json!({"type": "object", "properties": {
        "kind": {"type": "string", "enum": ["copy", "clone"]},
        "f1": {"type": "array", "items": {"type": "string"}}
    }, "required": ["kind"]}));
    schema(json!({"oneOf": branches}))
}

#[test]
fn a_call_that_chose_a_branch_hears_of_that_branch_only() {
    let s = tagged();
    assert_eq!(
        told(&errors(&s, json!({"kind": "rotate"}))),
        ["/v /properties/v/oneOf/2/required required: the required property `f0` is missing"]
    );
    // Every failure of the branch, each where it is.
    assert_eq!(
        told(&errors(&s, json!({"kind": "clone", "f1": ["a", 2, 3]}))),
        [
            "/v/f1/1 /properties/v/oneOf/5/properties/f1/items/type type: expected a string, found the number 2",
            "/v/f1/2 /properties/v/oneOf/5/properties/f1/items/type type: expected a string, found the number 3",
        ]
    );
    // The kinds say nothing of which branch failed: the public view names
    // the keyword that did.
    let chosen = errors(&s, json!({"kind": "move", "f0": "x"}));
    assert!(matches!(chosen[0].kind(), ValidationErrorKind::Type { .. }));
}

#[test]
fn a_tag_no_branch_takes_is_one_failure_listing_the_tags_once() {
    let s = tagged();
    let expected = "/v/kind /properties/v/oneOf oneOf: no `oneOf` branch takes this `kind`; use \
                    one of \"move\", \"resize\", \"rotate\", \"scale\", \"delete\", \"copy\", \"clone\"";
    assert_eq!(
        told(&errors(&s, json!({"kind": "fly", "f0": 1}))),
        [expected]
    );
    // A tag of the wrong type fits no branch either.
    assert_eq!(told(&errors(&s, json!({"kind": 3, "f0": 1}))), [expected]);
    let missing = errors(&s, json!({"f0": 1}));
    assert_eq!(
        told(&missing),
        [
            "/v /properties/v/oneOf oneOf: the required property `kind` is missing; it picks the \
          `oneOf` branch: use one of \"move\", \"resize\", \"rotate\", \"scale\", \"delete\", \
          \"copy\", \"clone\""
        ]
    );
    assert_eq!(
        missing[0].kind(),
        ValidationErrorKind::OneOfNone { branches: 6 }
    );
}

#[test]
fn a_value_of_a_type_no_branch_takes_is_told_once() {
    let s = tagged();
    assert_eq!(
        told(&errors(&s, json!(3))),
        ["/v /properties/v/oneOf oneOf: expected an object, found the number 3"]
    );
    let mixed = schema(json!({"oneOf": [
        {"type": "string"}, {"type": "integer"}, {"type": "object", "properties": {}}, {"type": "string", "maxLength": 1}
    ]}));
    assert_eq!(
        told(&errors(&mixed, json!([1]))),
        ["/v /properties/v/oneOf oneOf: expected a string, an integer or an object, found an array of 1 item"]
    );
}

#[test]
fn numbers_and_booleans_tell_branches_apart_too() {
    // A one-value range and a boolean `enum` each fix the tag.
    let ranged = schema(json!({"oneOf": [
        {"type": "object", "properties": {"v": {"type": "integer", "minimum": 1, "maximum": 1}, "a": {"type": "string"}}, "required": ["a"]},
        {"type": "object", "properties": {"v": {"type": "integer", "minimum": 2, "maximum": 2}, "b": {"type": "string"}}, "required": ["b"]}
    ]}));
    assert_eq!(
        told(&errors(&ranged, json!({"v": 2}))),
        ["/v /properties/v/oneOf/1/required required: the required property `b` is missing"]
    );
    assert_eq!(
        told(&errors(&ranged, json!({"v": 2.5, "b": "x"}))),
        ["/v/v /properties/v/oneOf oneOf: no `oneOf` branch takes this `v`; use one of 1, 2"]
    );
    let flagged = schema(json!({"oneOf": [
        {"type": "object", "properties": {"on": {"type": "boolean", "enum": [true]}, "level": {"type": "integer"}}, "required": ["on", "level"]},
        {"type": "object", "properties": {"on": {"type": "boolean", "enum": [false]}}, "required": ["on"]}
    ]}));
    assert_eq!(
        told(&errors(&flagged, json!({"on": true, "level": "high"}))),
        ["/v/level /properties/v/oneOf/0/properties/level/type type: expected an integer, found the string \"high\""]
    );
}

#[test]
fn without_a_discriminator_the_closest_branch_is_told() {
    // `kind` is listed by two branches: it tells nothing apart.
    let overlapping = schema(json!({"oneOf": [
        {"type": "object", "properties": {"kind": {"type": "string", "enum": ["a"]}, "x": {"type": "integer"}}, "required": ["x"]},
        {"type": "object", "properties": {"kind": {"type": "string", "enum": ["a", "b"]}, "y": {"type": "integer"}, "z": {"type": "integer"}}, "required": ["y", "z"]},
        {"type": "string"}
    ]}));
    assert_eq!(
        told(&errors(&overlapping, json!({"kind": "a"}))),
        [
            "/v /properties/v/oneOf oneOf: the value matches none of the 3 `oneOf` branches; the \
          closest is branch 0: the required property `x` is missing; the other 2 fail too"
        ]
    );
    // Fewer failures come closer.
    assert_eq!(
        told(&errors(&overlapping, json!({"kind": "a", "x": "1"}))),
        ["/v /properties/v/oneOf oneOf: the value matches none of the 3 `oneOf` branches; the \
          closest is branch 0: /x: expected an integer, found the string \"1\"; the other 2 fail too"]
    );
    let tied = schema(json!({"oneOf": [
        {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
        {"type": "object", "properties": {"y": {"type": "integer"}}, "required": ["y"]},
        {"type": "object", "properties": {"z": {"type": "integer"}}, "required": ["z"]}
    ]}));
    assert_eq!(
        told(&errors(&tied, json!({}))),
        [
            "/v /properties/v/oneOf oneOf: the value matches none of the 3 `oneOf` branches; the \
          closest are branch 0: the required property `x` is missing | branch 1: the required \
          property `y` is missing; the other fails too"
        ]
    );
}

#[test]
fn a_tag_some_branch_may_leave_out_decides_nothing_when_left_out() {
    let optional = schema(json!({"oneOf": [
        {"type": "object", "properties": {"t": {"type": "string", "enum": ["a"]}, "a": {"type": "integer"}}, "required": ["a"]},
        {"type": "object", "properties": {"t": {"type": "string", "enum": ["b"]}, "b": {"type": "integer"}}, "required": ["t", "b"]}
    ]}));
    assert_eq!(
        told(&errors(&optional, json!({"b": 1}))),
        [
            "/v /properties/v/oneOf oneOf: the value matches none of the 2 `oneOf` branches; the \
          closest are branch 0: the required property `a` is missing | branch 1: the required \
          property `t` is missing"
        ]
    );
    // With the tag, it decides.
    assert_eq!(
        told(&errors(&optional, json!({"t": "a", "a": "1"}))),
        ["/v/a /properties/v/oneOf/0/properties/a/type type: expected an integer, found the string \"1\""]
    );
}

/// The stream, fed a character at a time: where it refuses, and what.
fn streamed(schema: &ToolArgsSchema, text: &str) -> Option<(usize, Vec<String>)> {
    let mut stream = schema.stream();
    for (at, c) in text.char_indices() {
        if let Err(pedelec_schema::ArgsError::Invalid(errors)) =
            stream.feed(&text[at..at + c.len_utf8()])
        {
            return Some((at, told(errors.errors())));
        }
    }
    None
}

/// The stream tells a tagged union's failure as `validate_str` does: the
/// chosen branch's, at the byte where the branch fails; a tag no branch
/// takes, at its first impossible character; and where every branch failed
/// before the tag was read, or the tag is left out, at the object's end,
/// where the whole value says which branch it chose.
#[test]
fn the_stream_tells_a_tagged_union_as_validate_does() {
    let s = tagged();
    let cases = [
        (
            r#"{"v": {"kind": "rotate"}}"#,
            r#"{"v": {"kind": "rotate"}"#.len() - 1,
        ),
        (
            r#"{"v": {"kind": "move", "f0": "x"}}"#,
            r#"{"v": {"kind": "move", "f0": "#.len(),
        ),
        (
            r#"{"v": {"kind": "fly", "f0": 1}}"#,
            r#"{"v": {"kind": "f"#.len() - 1,
        ),
        (
            r#"{"v": {"f0": "x", "kind": "move"}}"#,
            r#"{"v": {"f0": "x", "kind": "move"}"#.len() - 1,
        ),
        (r#"{"v": {"f0": 1}}"#, r#"{"v": {"f0": 1}"#.len() - 1),
        (r#"{"v": 3}"#, r#"{"v": 3"#.len() - 1),
    ];
    for (text, at) in cases {
        let whole = s.validate_str(text).unwrap_err();
        let (refused, errors) = streamed(&s, text).unwrap_or_else(|| panic!("{text} passed"));
        assert_eq!(refused, at, "{text}: refused at byte {refused}");
        // Refused at a value's first byte, a message names only the type
        // it began; the rest is the same.
        let key = |told: &String| told.split(": ").next().unwrap().to_owned();
        assert_eq!(
            errors.iter().map(key).collect::<Vec<_>>(),
            told(whole.errors()).iter().map(key).collect::<Vec<_>>(),
            "{text}"
        );
        if text[at..].starts_with('}') {
            assert_eq!(errors, told(whole.errors()), "{text}");
        }
    }
}
