//! A tool's result, the other half of what a server writes: what passes
//! its output schema is written in MCP's shape with its JSON text, what
//! fails is refused with every failure, tool errors are never checked, and
//! `CheckedOutput` serializes exactly what the result holds.

use pedelec_schema::{CheckedOutput, OutputError, ToolArgs, ToolArgsSchema, ToolResult};
use serde::{Serialize, Serializer};
use serde_json::json;

/// A result with two bounded fields and a nested list.
#[derive(Serialize, ToolArgs)]
struct Report {
    #[tool_args(minimum = 0, maximum = 10)]
    score: f64,
    #[tool_args(min_length = 1)]
    label: String,
    #[tool_args(max_items = 2)]
    tags: Vec<String>,
}

fn report(score: f64, label: &str, tags: &[&str]) -> Report {
    Report {
        score,
        label: label.to_owned(),
        tags: tags.iter().map(|tag| (*tag).to_owned()).collect(),
    }
}

#[test]
fn a_success_holds_the_value_and_its_json_text() {
    let result = ToolResult::structured(&report(2.5, "ok", &["a"])).unwrap();
    assert!(!result.is_error());
    let expected = json!({"score": 2.5, "label": "ok", "tags": ["a"]});
    assert_eq!(result.structured_content(), Some(&expected));
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(result.text()).unwrap(),
        expected
    );
    assert_eq!(
        result.to_value(),
        json!({
            "content": [{"type": "text", "text": result.text()}],
            "structuredContent": expected,
            "isError": false
        })
    );
}

#[test]
fn a_refused_result_names_every_failure() {
    let error = ToolResult::structured(&report(11.0, "", &["a", "b", "c"])).unwrap_err();
    let paths: Vec<String> = error.errors().iter().map(|e| e.path()).collect();
    assert_eq!(paths, ["/label", "/score", "/tags"]);
    let message = error.to_string();
    assert!(
        message.starts_with("The tool's result does not match its output schema: "),
        "{message}"
    );
    for path in paths {
        assert!(message.contains(&format!("{path}: ")), "{message}");
    }
}

#[test]
fn numbers_serde_json_cannot_write_are_refused_not_sent_as_null() {
    // serde_json writes a NaN as `null`, which the number's schema refuses.
    let error = ToolResult::structured(&report(f64::NAN, "ok", &[])).unwrap_err();
    assert_eq!(error.errors()[0].path(), "/score");
    assert!(ToolResult::structured(&report(f64::INFINITY, "ok", &[])).is_err());
}

#[test]
fn a_result_that_cannot_be_serialized_is_refused_with_serdes_message() {
    fn refuse<S: Serializer>(_: &String, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("the label is locked"))
    }
    #[derive(Serialize, ToolArgs)]
    struct Locked {
        #[serde(serialize_with = "refuse")]
        label: String,
    }
    let error = ToolResult::structured(&Locked {
        label: "x".to_owned(),
    })
    .unwrap_err();
    assert_eq!(
        error,
        OutputError::Serialize {
            message: "the label is locked".to_owned()
        }
    );
    assert!(error.errors().is_empty());
    assert_eq!(
        error.to_string(),
        "The tool's result could not be serialized: the label is locked"
    );
}

#[test]
fn a_tool_error_has_no_structured_content_and_is_not_checked() {
    let result = ToolResult::error("The notes are offline.");
    assert!(result.is_error());
    assert_eq!(result.structured_content(), None);
    assert_eq!(
        result.to_value(),
        json!({
            "content": [{"type": "text", "text": "The notes are offline."}],
            "isError": true
        })
    );
}

#[test]
fn a_hand_written_schema_checks_a_value() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"n": {"type": "integer"}},
        "required": ["n"]
    }))
    .unwrap();
    assert!(ToolResult::checked(&schema, json!({"n": 1})).is_ok());
    let error = ToolResult::checked(&schema, json!({"n": 1.5})).unwrap_err();
    assert_eq!(error.errors()[0].path(), "/n");
    let error = ToolResult::checked(&schema, json!({})).unwrap_err();
    assert_eq!(error.errors()[0].path(), "");
}

#[test]
fn the_wrapper_writes_what_the_result_holds_or_fails_with_its_message() {
    let good = CheckedOutput(report(1.0, "ok", &["x"]));
    let text = serde_json::to_string(&good).unwrap();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&text).unwrap(),
        *good.to_tool_result().unwrap().structured_content().unwrap()
    );
    let bad = CheckedOutput(report(-1.0, "ok", &[]));
    let error = serde_json::to_value(&bad).unwrap_err();
    assert_eq!(
        error.to_string(),
        bad.to_tool_result().unwrap_err().to_string()
    );
    assert!(error.to_string().contains("/score: "), "{error}");
}
