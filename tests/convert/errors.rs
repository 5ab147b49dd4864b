//! `convert` refuses only where no object schema of the subset can stand
//! for the source, with every reason and its pointer - and never panics or
//! hangs, whatever the input (deep, wide, fanning out, odd numbers).

use pedelec_schema::{convert, ConvertErrorCode, Effect, MAX_PROPERTIES};
use serde_json::{json, Value};

/// `(pointer, code)` of every reason a conversion failed.
fn reasons(source: Value) -> Vec<(String, ConvertErrorCode)> {
    let error = convert(&source).expect_err("the conversion fails");
    error
        .reasons()
        .iter()
        .map(|r| (r.pointer.clone(), r.code))
        .collect()
}

/// The refusal names the keyword that makes the root accept no object,
/// through the required property it sits in.
#[test]
fn roots_that_accept_no_object_are_refused_at_their_cause() {
    for (source, pointer, because) in [
        (json!({"type": "string"}), "", ""),
        (json!(false), "", ""),
        (
            json!({"type": "object", "properties": {"a": false}, "required": ["a"]}),
            "/properties/a",
            "the required property `a` accepts no value: its schema allows nothing (`false`, or \
             types that exclude each other)",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "integer", "minimum": 2,
                   "maximum": 1}}, "required": ["a"]}),
            "/properties/a/maximum",
            "the required property `a` accepts no value: no number is at least `minimum` 2 \
             and at most `maximum` 1",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "enum": [1, 2]}},
                   "required": ["a"]}),
            "/properties/a/enum",
            "the required property `a` accepts no value: no `enum` value is a string",
        ),
        (
            json!({"allOf": [{"type": "object"}, {"type": "array"}]}),
            "",
            "",
        ),
        (
            json!({"enum": ["a", 1]}),
            "/enum",
            "no `enum` value is an object",
        ),
    ] {
        let error = convert(&source).expect_err("the conversion fails");
        let [reason] = error.reasons() else {
            panic!("one reason for {source}: {error}");
        };
        assert_eq!(
            (reason.pointer.as_str(), reason.code),
            (pointer, ConvertErrorCode::AcceptsNoObjects),
            "{source}"
        );
        let because = match because {
            "" => String::new(),
            because => format!(" ({because})"),
        };
        assert_eq!(
            reason.message,
            format!("the root accepts no object{because}, and tool arguments are always an object"),
            "{source}"
        );
    }
}

#[test]
fn documents_that_are_not_schemas_are_refused_with_every_reason() {
    assert_eq!(
        reasons(json!(42)),
        [(String::new(), ConvertErrorCode::NotASchema)]
    );
    assert_eq!(
        reasons(json!({"type": "dict", "properties": {
            "a": {"type": "float"},
            "b": {"type": "string", "minLength": "5"},
            "c": {"type": "array", "items": 7},
            "d": {"type": ["string", 3]},
            "e": {"$ref": "#/$defs/missing"}
        }, "required": "a"})),
        [
            ("/type".to_owned(), ConvertErrorCode::NotASchema),
            (
                "/properties/a/type".to_owned(),
                ConvertErrorCode::NotASchema
            ),
            (
                "/properties/b/minLength".to_owned(),
                ConvertErrorCode::NotASchema
            ),
            (
                "/properties/c/items".to_owned(),
                ConvertErrorCode::NotASchema
            ),
            (
                "/properties/d/type".to_owned(),
                ConvertErrorCode::NotASchema
            ),
            (
                "/properties/e/$ref".to_owned(),
                ConvertErrorCode::UnresolvedRef
            ),
            ("/required".to_owned(), ConvertErrorCode::NotASchema),
        ]
    );
}

#[test]
fn errors_display_and_serialize_with_their_pointers() {
    let error = convert(&json!({"type": "object", "properties": {"a": {"type": "float"}}}))
        .expect_err("float is no JSON Schema type");
    assert_eq!(
        serde_json::to_value(&error).unwrap(),
        json!({"reasons": [{"pointer": "/properties/a/type", "code": "not_a_schema",
               "message": "the string \"float\" is not a JSON Schema type: write \"number\""}]})
    );
    assert_eq!(
        error.to_string(),
        "the schema cannot be converted into the Pedelec argsSchema subset (1 reason)\n  \
         error[not_a_schema] at /properties/a/type: the string \"float\" is not a JSON Schema \
         type: write \"number\""
    );
}

/// A chain of objects `depth` deep, built in code (no JSON reader limits
/// it). Built by moving each level into the next: `json!` would serialize
/// the inner value again at every level.
fn nested(depth: usize) -> Value {
    let mut node = json!({"type": "string"});
    for _ in 0..depth {
        let mut properties = serde_json::Map::new();
        properties.insert("a".to_owned(), node);
        let mut map = serde_json::Map::new();
        map.insert("type".to_owned(), json!("object"));
        map.insert("properties".to_owned(), Value::Object(properties));
        node = Value::Object(map);
    }
    node
}

#[test]
fn deep_schemas_are_refused_not_overflowed() {
    for depth in [70, 96, 97, 300, 100_000] {
        let source = nested(depth);
        let error = convert(&source).expect_err("too deep");
        assert!(
            error
                .reasons()
                .iter()
                .all(|r| r.code == ConvertErrorCode::TooDeep),
            "{depth}: {error}"
        );
        // serde_json drops a `Value` recursively; a deep one would overflow
        // the test's stack there, which is none of `convert`'s business.
        std::mem::forget(source);
    }
    assert!(convert(&nested(60)).is_ok());
}

#[test]
fn references_that_fan_out_are_refused_as_too_large() {
    // Each definition uses the previous one twice: 2^40 nodes inline.
    let mut defs = serde_json::Map::new();
    defs.insert("d0".into(), json!({"type": "string"}));
    for level in 1..40 {
        let previous = format!("#/$defs/d{}", level - 1);
        defs.insert(
            format!("d{level}"),
            json!({"type": "object", "properties": {"a": {"$ref": previous}, "b": {"$ref": previous}}}),
        );
    }
    let source = json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/d39"}},
                        "$defs": defs});
    let started = std::time::Instant::now();
    let error = convert(&source).expect_err("too large");
    assert!(
        error
            .reasons()
            .iter()
            .any(|r| r.code == ConvertErrorCode::TooLarge),
        "{error}"
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}

#[test]
fn references_that_only_point_at_each_other_end() {
    let source = json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/a"}},
                        "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}});
    let converted = convert(&source).expect("the loop is cut");
    assert!(converted
        .changes
        .iter()
        .any(|c| c.code.as_str() == "recursive_ref_cut" && c.effect == Effect::Widens));
}

#[test]
fn odd_numbers_and_names_survive_unchanged() {
    let source = json!({"type": "object", "properties": {
        "🐲/~": {"type": "number", "minimum": -0.0, "maximum": 1e308, "enum": [1e308, -0.0]},
        "big": {"type": "integer", "minimum": 9_007_199_254_740_993_u64, "maximum": u64::MAX},
        "e\u{301}": {"type": "string", "enum": ["\u{1F432}", ""]}
    }, "required": ["🐲/~"]});
    let converted = convert(&source).expect("inside the subset");
    assert!(converted.changes.is_empty(), "{:#?}", converted.changes);
    assert_eq!(converted.schema.to_value(), {
        let mut expected = source.clone();
        expected["properties"]["🐲/~"] = json!({"type": "number", "enum": [1e308, -0.0],
            "minimum": -0.0, "maximum": 1e308});
        expected
    });
    let pointered = convert(&json!({"type": "object", "properties": {
        "🐲/~": {"type": ["string", "null"]}}}))
    .unwrap();
    assert_eq!(pointered.changes[0].pointer, "/properties/🐲~1~0/type");
}

#[test]
fn huge_lists_convert_up_to_the_subset_limits() {
    let values: Vec<Value> = (0..20_000).map(|i| json!(format!("v{i}"))).collect();
    let source = |count: usize| {
        let properties: serde_json::Map<String, Value> = (0..count)
            .map(|i| {
                let node = json!({"type": ["integer", "null"], "title": "t"});
                (format!("p{i}"), node)
            })
            .collect();
        json!({"type": "object", "properties": properties,
               "additionalProperties": false, "x-list": values.clone(),
               "$defs": {"e": {"enum": values.clone()}}})
    };
    let at_limit = convert(&source(MAX_PROPERTIES)).expect("converts");
    assert_eq!(at_limit.changes.len(), 2 + 2 * MAX_PROPERTIES + 1);
    let error = convert(&source(MAX_PROPERTIES + 1)).unwrap_err();
    let codes: Vec<&str> = error.reasons().iter().map(|r| r.code.as_str()).collect();
    assert_eq!(codes, ["too_large"], "{error}");
    assert!(error.to_string().contains("too many properties"), "{error}");
}
