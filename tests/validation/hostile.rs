//! Hostile schemas and values: errors, never panics or stack overflows.

use pedelec_schema::{lint, Code, ToolArgsSchema, MAX_DEPTH, MAX_PATTERN_LEN, MAX_PROPERTIES};
use pedelec_testdata::SUBSET_KEYWORDS;
use serde_json::{json, Map, Value};

/// `depth` object nodes, each the only property of the one above.
fn nested_schema(depth: usize) -> Value {
    let mut node = json!({"type": "string"});
    for _ in 0..depth {
        let mut properties = Map::new();
        properties.insert("a".to_owned(), node);
        let mut object = Map::new();
        object.insert("type".to_owned(), json!("object"));
        object.insert("properties".to_owned(), Value::Object(properties));
        node = Value::Object(object);
    }
    node
}

#[test]
fn nesting_10_000_deep_as_a_value_is_a_too_deep_error() {
    let schema = nested_schema(10_000);
    let err = ToolArgsSchema::from_value(&schema).unwrap_err();
    let too_deep: Vec<_> = err
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::TooDeep)
        .collect();
    assert_eq!(too_deep.len(), 1, "{err}");
    assert_eq!(too_deep[0].pointer, "/properties/a".repeat(MAX_DEPTH));
    assert!(too_deep[0].message.contains(&MAX_DEPTH.to_string()));
    assert_eq!(lint(&schema).len(), 1);
    // serde_json's own drop of a value this deep recurses; it is the value's
    // owner's to free, so the test leaks it rather than test serde_json.
    std::mem::forget(schema);
}

#[test]
fn nesting_10_000_deep_as_text_is_an_invalid_json_error() {
    let text = format!(
        "{}{{\"type\": \"string\"}}{}",
        r#"{"type": "object", "properties": {"a": "#.repeat(10_000),
        "}}".repeat(10_000)
    );
    let err = ToolArgsSchema::from_json_str(&text).unwrap_err();
    assert_eq!(err.diagnostics()[0].code, Code::InvalidJson);
    assert!(
        err.diagnostics()[0].message.contains("recursion limit"),
        "{err}"
    );
}

#[test]
fn nesting_up_to_the_limit_is_accepted_and_validates() {
    let schema = ToolArgsSchema::from_value(&nested_schema(MAX_DEPTH - 1)).unwrap();
    let mut value = json!(5);
    for _ in 0..MAX_DEPTH - 1 {
        value = json!({"a": value});
    }
    let errors = schema.validate(&value).unwrap_err();
    assert_eq!(errors.errors()[0].path(), "/a".repeat(MAX_DEPTH - 1));
    assert!(ToolArgsSchema::from_value(&nested_schema(MAX_DEPTH)).is_err());
}

#[test]
fn a_hundred_thousand_required_properties_are_refused_without_comparing_every_pair() {
    let mut properties = Map::new();
    for i in 0..100_000 {
        properties.insert(format!("p{i}"), json!({"type": "integer", "minimum": 0}));
    }
    let required: Vec<&String> = properties.keys().collect();
    let schema = json!({"type": "object", "properties": properties, "required": required});
    let err = ToolArgsSchema::from_value(&schema).unwrap_err();
    let codes: Vec<(Code, &str)> = err
        .diagnostics()
        .iter()
        .map(|d| (d.code, d.pointer.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            (Code::TooManyProperties, "/properties"),
            (Code::TooManyProperties, "/required")
        ]
    );
}

#[test]
fn a_hundred_thousand_arguments_validate_against_the_largest_object() {
    let mut properties = Map::new();
    for i in 0..MAX_PROPERTIES {
        properties.insert(format!("p{i}"), json!({"type": "integer", "minimum": 0}));
    }
    let schema =
        ToolArgsSchema::from_value(&json!({"type": "object", "properties": properties})).unwrap();
    let mut args = Map::new();
    for i in 0..100_000 {
        args.insert(format!("p{i}"), json!(if i % 100 == 0 { -1 } else { i }));
    }
    let errors = schema.validate(&Value::Object(args)).unwrap_err();
    assert_eq!(errors.errors().len(), MAX_PROPERTIES / 100);
}

#[test]
fn a_one_megabyte_pattern_is_refused_by_its_size() {
    let pattern = "a".repeat(1 << 20);
    let schema =
        json!({"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}});
    let err = ToolArgsSchema::from_value(&schema).unwrap_err();
    assert_eq!(err.diagnostics()[0].code, Code::InvalidPattern);
    assert!(err.diagnostics()[0]
        .message
        .contains(&MAX_PATTERN_LEN.to_string()));
}

#[test]
fn a_short_pattern_that_compiles_huge_is_refused() {
    let schema = json!({"type": "object", "properties": {"s": {"type": "string", "pattern": "(\\w{500}){500}"}}});
    let err = ToolArgsSchema::from_value(&schema).unwrap_err();
    assert_eq!(err.diagnostics()[0].code, Code::InvalidPattern);
}

/// One value of every JSON type.
fn every_json_type() -> Vec<Value> {
    vec![
        json!(null),
        json!(true),
        json!(-1),
        json!(1.5),
        json!(""),
        json!("x"),
        json!([]),
        json!([1]),
        json!({}),
        json!({"type": "string"}),
    ]
}

/// Every subset keyword, and a few outside it.
fn keywords() -> impl Iterator<Item = &'static str> {
    SUBSET_KEYWORDS
        .iter()
        .copied()
        .chain(["$ref", "format", "x-custom"])
}

#[test]
fn every_json_type_in_every_keyword_position_is_handled() {
    for kind in ["string", "number", "integer", "boolean", "array", "object"] {
        for keyword in keywords() {
            for value in every_json_type() {
                let mut node = json!({"type": kind, "items": {"type": "string"}});
                node[keyword] = value.clone();
                let schema = json!({"type": "object", "properties": {"p": node}});
                let findings = lint(&schema);
                let parsed = ToolArgsSchema::from_value(&schema);
                assert_eq!(
                    parsed.is_ok(),
                    findings.iter().all(|d| !d.is_error()),
                    "{schema}: lint and from_value disagree"
                );
                if let Ok(schema) = parsed {
                    for args in every_json_type() {
                        let _ = schema.validate(&json!({"p": args}));
                    }
                }
                // The root, too.
                let mut root = json!({"type": "object"});
                root[keyword] = value;
                let _ = lint(&root);
            }
        }
    }
}

#[test]
fn every_json_type_as_a_whole_schema_is_an_error() {
    for value in every_json_type() {
        if value == json!({}) {
            continue;
        }
        let is_root_object = value.get("type") == Some(&json!("object"));
        assert_eq!(
            ToolArgsSchema::from_value(&value).is_ok(),
            is_root_object,
            "{value}"
        );
    }
    assert!(ToolArgsSchema::from_value(&json!({})).is_err());
}

#[test]
fn a_huge_array_validates_and_reports_every_bad_item() {
    let schema = ToolArgsSchema::from_value(&json!({"type": "object", "properties": {
        "ids": {"type": "array", "items": {"type": "integer"}, "uniqueItems": true}
    }}))
    .unwrap();
    let mut ids: Vec<Value> = (0..1_000_000).map(|i| json!(i)).collect();
    assert!(schema.is_valid(&json!({ "ids": ids.clone() })));
    ids[10] = json!("ten");
    ids[999_999] = json!(5.0);
    let errors = schema.validate(&json!({ "ids": ids })).unwrap_err();
    let found: Vec<String> = errors
        .errors()
        .iter()
        .map(|e| format!("{} {}", e.path(), e.keyword()))
        .collect();
    assert_eq!(found, ["/ids/10 type", "/ids uniqueItems"]);
    assert!(
        errors.errors()[1].message().contains("items 5 and 999999"),
        "{}",
        errors.errors()[1].message()
    );
}
