//! The agent-facing document within its budget: the same problem at many
//! places folds into one entry, the first problems are kept while they
//! fit and the rest are counted, messages stop at their cap - and the
//! Rust API's `errors()` stays complete.

use pedelec_schema::{ArgsError, ToolArgsSchema, ValidationErrors};
use serde_json::{json, Map, Value};

fn schema(properties: Value) -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({"type": "object", "properties": properties}))
        .unwrap_or_else(|err| panic!("{err}"))
}

fn document(errors: &ValidationErrors, bytes: usize) -> (String, Value) {
    let text = serde_json::to_string(&errors.within(bytes)).unwrap();
    let value = serde_json::from_str(&text).unwrap();
    (text, value)
}

#[test]
fn the_same_problem_at_many_items_is_one_entry() {
    let s = schema(json!({"ids": {"type": "array", "items": {"type": "integer", "minimum": 0}}}));
    let ids: Vec<i64> = (1..=100_000).map(|i| -i).collect();
    let errors = s.validate(&json!({ "ids": ids })).unwrap_err();
    assert_eq!(errors.len(), 100_000, "errors() keeps every failure");
    let (text, doc) = document(&errors, ValidationErrors::BUDGET);
    assert!(text.len() < 1_000, "{} bytes", text.len());
    assert_eq!(doc["errors"].as_array().unwrap().len(), 1);
    assert_eq!(
        doc["errors"][0]["message"],
        "-1 is less than the minimum 0; the same at 99999 more places: /ids/1, /ids/2, /ids/3, ..."
    );
    assert_eq!(doc.get("omitted"), None);
    // The default document is the same.
    assert_eq!(serde_json::to_string(&errors).unwrap(), text);
}

#[test]
fn past_the_budget_the_first_problems_are_kept_and_the_rest_counted() {
    // 1,000 properties, each failing its own way: nothing folds.
    let mut properties = Map::new();
    let mut args = Map::new();
    for i in 0..1_000 {
        properties.insert(
            format!("p{i:04}"),
            json!({"type": "string", "maxLength": 1}),
        );
        args.insert(format!("p{i:04}"), json!("too long"));
    }
    let s = schema(Value::Object(properties));
    let errors = s.validate(&Value::Object(args)).unwrap_err();
    assert_eq!(errors.len(), 1_000);
    for budget in [ValidationErrors::BUDGET, 8 * 1024, 64 * 1024] {
        let (text, doc) = document(&errors, budget);
        assert!(text.len() <= budget, "{} > {budget}", text.len());
        let kept = doc["errors"].as_array().unwrap();
        let omitted = doc["omitted"].as_u64().unwrap() as usize;
        assert_eq!(kept.len() + omitted, 1_000);
        // The first problems, in document order, and room for few more.
        for (index, entry) in kept.iter().enumerate() {
            assert_eq!(entry["path"], format!("/p{index:04}"));
        }
        let next = serde_json::to_string(&kept[0]).unwrap().len();
        assert!(text.len() + next > budget - ValidationErrors::MESSAGE_LIMIT - 100);
        let message = doc["message"].as_str().unwrap();
        assert!(
            message.ends_with(&format!(
                "; and {} more (see errors); {omitted} more failures are left out of this document",
                kept.len() - 5
            )),
            "{message}"
        );
    }
    // A budget under the least is taken as the least.
    let (small, _) = document(&errors, 10);
    let (least, _) = document(&errors, ValidationErrors::MIN_BUDGET);
    assert_eq!(small, least);
    assert!(least.len() <= ValidationErrors::MIN_BUDGET);
    // The response of an `ArgsError` keeps to the default.
    let response = ArgsError::from(errors).to_response().to_string();
    assert!(response.len() <= ValidationErrors::BUDGET + r#"{"error":}"#.len());
}

/// A union nested `depth` deep, each level two objects whose `x` and `y`
/// are the next level, and strings with long patterns at the bottom.
fn nested(depth: usize) -> Value {
    if depth == 0 {
        return json!({"type": "string", "pattern": format!("^{}$", "abcdefgh".repeat(8))});
    }
    let branch = |tag: &str| {
        json!({"type": "object", "properties": {
            "x": nested(depth - 1), "y": nested(depth - 1), tag: {"type": "integer"}
        }, "required": ["x", "y"]})
    };
    json!({"oneOf": [branch("a"), branch("b")]})
}

fn tree(depth: usize) -> Value {
    match depth {
        0 => json!("nope"),
        _ => json!({"x": tree(depth - 1), "y": tree(depth - 1)}),
    }
}

#[test]
fn a_message_stops_at_its_cap() {
    let s = schema(json!({"v": nested(6)}));
    let errors = s.validate(&json!({"v": tree(6)})).unwrap_err();
    let message = errors.errors()[0].message();
    assert!(
        message.len() <= ValidationErrors::MESSAGE_LIMIT,
        "{}",
        message.len()
    );
    assert!(message.ends_with(" [...]"), "{message}");
    assert!(message.starts_with(
        "the value matches none of the 2 `oneOf` branches; the closest are branch 0: "
    ));
    let (text, doc) = document(&errors, ValidationErrors::BUDGET);
    assert!(text.len() <= ValidationErrors::BUDGET);
    assert_eq!(doc["errors"][0]["message"], message);
    assert!(errors.summary().len() <= ValidationErrors::BUDGET);
}

#[test]
fn a_summary_keeps_to_the_budget() {
    let mut properties = Map::new();
    let mut args = Map::new();
    for i in 0..1_000 {
        properties.insert(format!("p{i}"), json!({"type": "boolean"}));
        args.insert(format!("p{i}"), json!(i));
    }
    let errors = schema(Value::Object(properties))
        .validate(&Value::Object(args))
        .unwrap_err();
    let summary = errors.summary();
    assert!(
        summary.len() <= ValidationErrors::BUDGET,
        "{}",
        summary.len()
    );
    assert!(summary.contains(" more"), "{summary}");
    assert!(summary.starts_with("/p0: expected a boolean, found the number 0; "));
}
