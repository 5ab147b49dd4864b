//! Every diagnostic code, triggered by a small schema: the right code, at
//! the right JSON Pointer, with a message that names the keyword and says
//! what to do.

use std::collections::BTreeSet;

use pedelec_schema::{lint, Code, Severity, ToolArgsSchema};
use serde_json::{json, Value};

fn root_with(name: &str, node: Value) -> Value {
    json!({"type": "object", "properties": {name: node}})
}

/// (schema, code, pointer, words the message must contain)
fn cases() -> Vec<(Value, Code, &'static str, &'static [&'static str])> {
    vec![
        (
            json!({"type": "string"}),
            Code::RootNotObject,
            "",
            &["root", "object"],
        ),
        (json!([]), Code::NotANode, "", &["found an array"]),
        (
            json!({"type": "object", "$ref": "#/$defs/x"}),
            Code::UnsupportedKeyword,
            "/$ref",
            &["`$ref`", "inline"],
        ),
        (
            json!({"type": "object", "definitions": {}}),
            Code::UnsupportedKeyword,
            "/definitions",
            &["`definitions`"],
        ),
        (
            json!({"type": "object", "$schema": "x"}),
            Code::UnsupportedKeyword,
            "/$schema",
            &["drop it"],
        ),
        (
            json!({"type": "object", "title": "x"}),
            Code::UnsupportedKeyword,
            "/title",
            &["`description`"],
        ),
        (
            root_with("a", json!({"type": "string", "const": "x"})),
            Code::UnsupportedKeyword,
            "/properties/a/const",
            &["`enum`"],
        ),
        (
            root_with("a", json!({"type": "string", "nullable": true})),
            Code::UnsupportedKeyword,
            "/properties/a/nullable",
            &["`required`"],
        ),
        (
            root_with("a", json!({"type": "integer", "exclusiveMinimum": 0})),
            Code::UnsupportedKeyword,
            "/properties/a/exclusiveMinimum",
            &["`minimum: 1`"],
        ),
        (
            root_with("a", json!({"type": "string", "x-order": 1})),
            Code::UnknownKeyword,
            "/properties/a/x-order",
            &["custom keywords"],
        ),
        (
            root_with("a", json!({"type": "string", "minlength": 1})),
            Code::UnknownKeyword,
            "/properties/a/minlength",
            &["did you mean `minLength`"],
        ),
        (
            root_with("a", json!({"type": "integer", "minLength": 1})),
            Code::MisplacedKeyword,
            "/properties/a/minLength",
            &["string", "integer", "`minimum`"],
        ),
        (
            root_with("a", json!(true)),
            Code::BooleanSchema,
            "/properties/a",
            &["boolean schema"],
        ),
        (
            root_with("a", json!(5)),
            Code::NotANode,
            "/properties/a",
            &["found the number 5"],
        ),
        (
            root_with("a", json!({"minLength": 1})),
            Code::MissingType,
            "/properties/a",
            &["\"type\": \"string\""],
        ),
        (
            root_with("a", json!({"type": ["string", "null"]})),
            Code::InvalidType,
            "/properties/a/type",
            &["oneOf", "required"],
        ),
        (
            root_with("a", json!({"type": "null"})),
            Code::InvalidType,
            "/properties/a/type",
            &["no null", "required"],
        ),
        (
            root_with("a", json!({"type": "text"})),
            Code::InvalidType,
            "/properties/a/type",
            &["`text`"],
        ),
        (
            root_with("a", json!({"type": "array"})),
            Code::MissingItems,
            "/properties/a",
            &["`items`"],
        ),
        (
            root_with("a", json!({"type": "string", "pattern": 5})),
            Code::InvalidValue,
            "/properties/a/pattern",
            &["string"],
        ),
        (
            root_with("a", json!({"type": "string", "minLength": -1})),
            Code::InvalidBound,
            "/properties/a/minLength",
            &["negative"],
        ),
        (
            root_with("a", json!({"type": "string", "maxLength": 1.5})),
            Code::InvalidBound,
            "/properties/a/maxLength",
            &["whole number"],
        ),
        (
            root_with(
                "a",
                json!({"type": "string", "minLength": 3, "maxLength": 2}),
            ),
            Code::MinGreaterThanMax,
            "/properties/a/minLength",
            &["`maxLength` 2"],
        ),
        (
            root_with("a", json!({"type": "number", "minimum": 3, "maximum": 2.5})),
            Code::MinGreaterThanMax,
            "/properties/a/minimum",
            &["`maximum` 2.5"],
        ),
        (
            json!({"type": "object", "properties": {}, "required": ["a/b"]}),
            Code::UnknownRequired,
            "/required/0",
            &["`a/b`", "`properties`"],
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "a"]}),
            Code::DuplicateRequired,
            "/required/1",
            &["twice"],
        ),
        (
            root_with("a", json!({"type": "string", "enum": []})),
            Code::EmptyEnum,
            "/properties/a/enum",
            &["empty"],
        ),
        (
            root_with("a", json!({"type": "string", "enum": ["x", 1]})),
            Code::EnumTypeMismatch,
            "/properties/a/enum/1",
            &["a string"],
        ),
        (
            root_with("a", json!({"type": "integer", "enum": [1, 1.5]})),
            Code::EnumTypeMismatch,
            "/properties/a/enum/1",
            &["an integer"],
        ),
        (
            root_with("a", json!({"oneOf": [{"type": "string"}], "minLength": 1})),
            Code::OneOfSiblings,
            "/properties/a/minLength",
            &["beside `oneOf`"],
        ),
        (
            root_with("a", json!({"oneOf": []})),
            Code::EmptyOneOf,
            "/properties/a/oneOf",
            &["at least one branch"],
        ),
        (
            root_with("a", json!({"type": "string", "pattern": "(a"})),
            Code::InvalidPattern,
            "/properties/a/pattern",
            &["never closed", "close it with `)`"],
        ),
        (
            root_with("a", json!({"type": "string", "pattern": "^a**$"})),
            Code::InvalidPattern,
            "/properties/a/pattern",
            &["`a**`", "cannot follow another quantifier"],
        ),
        (
            root_with("a", json!({"type": "string", "pattern": "(?=a)"})),
            Code::InvalidPattern,
            "/properties/a/pattern",
            &["lookahead"],
        ),
        (
            root_with("a", json!({"type": "array", "items": {"type": "string"}})),
            Code::UnboundedArray,
            "/properties/a",
            &["`maxItems`"],
        ),
        (
            root_with("a", json!({"type": "number", "enum": [1, 2, 1.0]})),
            Code::DuplicateEnumValue,
            "/properties/a/enum/2",
            &["entry 0"],
        ),
        (
            root_with("a", json!({"type": "integer", "minimum": 0, "default": -1})),
            Code::InvalidDefault,
            "/properties/a/default",
            &["less than the minimum 0"],
        ),
        (
            root_with("a", json!({"type": "string", "examples": ["ok", 3]})),
            Code::InvalidExample,
            "/properties/a/examples/1",
            &["expected a string"],
        ),
        (
            root_with(
                "a",
                json!({"oneOf": [{"type": "number"}, {"type": "integer"}]}),
            ),
            Code::AmbiguousOneOf,
            "/properties/a/oneOf/1",
            &["branches 0 and 1"],
        ),
        (
            root_with("a", json!({"oneOf": [{"type": "string"}]})),
            Code::SingleBranchOneOf,
            "/properties/a/oneOf",
            &["single branch"],
        ),
    ]
}

#[test]
fn each_case_reports_its_code_at_its_pointer_with_an_actionable_message() {
    for (schema, code, pointer, words) in cases() {
        let findings = lint(&schema);
        let found = findings
            .iter()
            .find(|d| d.code == code && d.pointer == pointer)
            .unwrap_or_else(|| panic!("{schema}: no {code} at {pointer:?}: {findings:#?}"));
        for word in words {
            assert!(
                found.message.contains(word),
                "{schema}: message lacks {word:?}: {}",
                found.message
            );
        }
        assert_eq!(found.severity, code.severity());
        let refused = ToolArgsSchema::from_value(&schema).is_err();
        assert_eq!(
            refused,
            code.severity() == Severity::Error,
            "{schema}: from_value vs severity"
        );
    }
}

#[test]
fn every_code_has_a_case() {
    let covered: BTreeSet<Code> = cases().into_iter().map(|(_, code, _, _)| code).collect();
    let missing: Vec<Code> = Code::ALL
        .iter()
        .copied()
        // The limits are tested at their bounds in `tests/validation/limits.rs`.
        .filter(|code| {
            !covered.contains(code)
                && !matches!(
                    code,
                    Code::InvalidJson
                        | Code::TooDeep
                        | Code::TooManyProperties
                        | Code::TooManyEnumValues
                        | Code::TooManyBranches
                )
        })
        .collect();
    assert!(missing.is_empty(), "codes without a case: {missing:?}");
}

#[test]
fn a_nullable_any_of_suggests_the_type_of_its_other_branch() {
    let schema = root_with(
        "since",
        json!({"anyOf": [{"type": "string"}, {"type": "null"}], "default": null}),
    );
    let findings = lint(&schema);
    let missing = findings
        .iter()
        .find(|d| d.code == Code::MissingType)
        .expect("missing_type");
    assert!(
        missing.message.contains("add \"type\": \"string\""),
        "{}",
        missing.message
    );
    let any_of = findings
        .iter()
        .find(|d| d.pointer == "/properties/since/anyOf")
        .expect("anyOf reported");
    assert!(any_of
        .message
        .contains("leave its property out of `required`"));
}

/// A node that is only a reference (`$ref`, and the dynamic and recursive
/// ones) is one finding, the reference's `unsupported_keyword` with advice
/// that says what to do (inline it, or let `convert` do it), not a
/// `missing_type` beside it; a root reference still needs the root's
/// object type.
#[test]
fn a_reference_node_is_one_finding() {
    for key in ["$ref", "$dynamicRef", "$recursiveRef"] {
        let schema = json!({
            "type": "object",
            "properties": {
                "a": {key: "#/$defs/A", "description": "d"},
                "b": {"type": "array", "items": {key: "#/$defs/A"}}
            },
            "$defs": {"A": {"type": "string"}}
        });
        let findings = lint(&schema);
        let found: Vec<(&str, &str)> = findings
            .iter()
            .map(|d| (d.code.as_str(), d.pointer.as_str()))
            .collect();
        let a = format!("/properties/a/{key}");
        let b = format!("/properties/b/items/{key}");
        assert_eq!(
            found,
            [
                ("unsupported_keyword", "/$defs"),
                ("unsupported_keyword", a.as_str()),
                ("unsupported_keyword", b.as_str()),
            ],
            "{key}"
        );
        let advice = &findings[1].message;
        assert!(
            advice.contains("inline") && advice.contains("pedelec-lint --fix"),
            "{advice}"
        );
    }
    let root = lint(&json!({"$ref": "#/$defs/A", "$defs": {"A": {"type": "object"}}}));
    assert_eq!(root[0].code, Code::RootNotObject);
}

#[test]
fn codes_are_stable_snake_case() {
    for code in Code::ALL {
        let name = code.as_str();
        assert!(
            name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{name}"
        );
        assert_eq!(serde_json::to_value(code).unwrap(), json!(name));
    }
}

#[test]
fn text_that_is_not_json_is_one_invalid_json_error() {
    let err = ToolArgsSchema::from_json_str("{\"type\": ").unwrap_err();
    assert_eq!(err.diagnostics().len(), 1);
    assert_eq!(err.diagnostics()[0].code, Code::InvalidJson);
    assert!(err.diagnostics()[0].message.contains("line 1"), "{}", err);
}

#[test]
fn all_problems_are_reported_at_once() {
    let schema = json!({
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "a": {"type": "string", "format": "uri", "minLength": -1},
            "b": {"type": ["integer", "null"]},
            "c": {"type": "array", "items": {"$ref": "#/x"}}
        },
        "required": ["a", "d"]
    });
    let err = ToolArgsSchema::from_value(&schema).unwrap_err();
    let found: Vec<(&str, &str)> = err
        .diagnostics()
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            ("unsupported_keyword", "/additionalProperties"),
            ("unsupported_keyword", "/properties/a/format"),
            ("invalid_bound", "/properties/a/minLength"),
            ("invalid_type", "/properties/b/type"),
            ("unsupported_keyword", "/properties/c/items/$ref"),
            ("unknown_required", "/required/1"),
        ]
    );
}

#[test]
fn diagnostics_serialize_as_the_spec_says() {
    let findings = lint(&json!({"type": "object", "title": "x"}));
    assert_eq!(
        serde_json::to_value(&findings[0]).unwrap(),
        json!({"severity": "error", "code": "unsupported_keyword", "pointer": "/title",
               "message": findings[0].message})
    );
}

#[test]
fn pointers_escape_tilde_and_slash() {
    let schema =
        json!({"type": "object", "properties": {"a/b~c": {"type": "string", "format": "x"}}});
    let findings = lint(&schema);
    assert_eq!(findings[0].pointer, "/properties/a~1b~0c/format");
}
