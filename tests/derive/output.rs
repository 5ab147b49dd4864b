//! `#[tool_args(output)]`: a type that is also a tool's result. What serde
//! writes for it passes its own schema, `None` and `Some` alike; the same
//! type without `skip_serializing_if` (which `output` would refuse to
//! compile) writes a `null` that fails it.

use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// Whether a change may be merged.
#[derive(Debug, PartialEq, Serialize, Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
#[tool_args(output)]
struct Verdict {
    approved: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(default)]
    retry_count: u32,
    checks: Vec<Check>,
    next: Step,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Check {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tool_args(minimum = 0)]
    took_ms: Option<u64>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize, ToolArgs)]
#[serde(tag = "action", rename_all = "snake_case")]
#[tool_args(output)]
enum Step {
    Merge {
        #[serde(skip_serializing_if = "Option::is_none")]
        squash_message: Option<String>,
    },
    Wait,
}

/// `Verdict` as an input type writes it: without `output`, nothing
/// refuses the `Option` that serde writes as `null`.
#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
struct UncheckedVerdict {
    approved: bool,
    reason: Option<String>,
}

/// `value` serialized, after it passed `T`'s schema.
fn written<T: ToolArgs + Serialize>(value: &T) -> Value {
    let json = serde_json::to_value(value).unwrap();
    if let Err(errors) = T::schema().validate(&json) {
        panic!("{json} fails its own schema: {errors}");
    }
    json
}

#[test]
fn what_an_output_type_writes_passes_its_schema() {
    let none = Verdict {
        approved: false,
        reason: None,
        retry_count: 0,
        checks: vec![Check {
            name: "fmt".into(),
            took_ms: None,
        }],
        next: Step::Merge {
            squash_message: None,
        },
    };
    let json = written(&none);
    // `None` is left out, not written as `null`.
    assert_eq!(
        json,
        json!({
            "approved": false,
            "retryCount": 0,
            "checks": [{"name": "fmt"}],
            "next": {"action": "merge"}
        })
    );
    let some = Verdict {
        approved: true,
        reason: Some("every check passed".into()),
        retry_count: 2,
        checks: vec![Check {
            name: "test".into(),
            took_ms: Some(1200),
        }],
        next: Step::Merge {
            squash_message: Some("Fix the build".into()),
        },
    };
    let json = written(&some);
    assert_eq!(json["reason"], "every check passed");
    assert_eq!(json["checks"][0]["took_ms"], 1200);
    assert_eq!(json["next"]["squash_message"], "Fix the build");
    // And it reads back as what was written.
    assert_eq!(Verdict::from_args(json).unwrap(), some);
    assert_eq!(Verdict::from_args(written(&none)).unwrap(), none);
    let waiting = Verdict {
        next: Step::Wait,
        ..none
    };
    assert_eq!(written(&waiting)["next"], json!({"action": "wait"}));
}

#[test]
fn without_skip_serializing_if_none_is_written_as_a_null_the_schema_refuses() {
    // The schemas agree: `reason` is an optional string in both.
    assert_eq!(
        UncheckedVerdict::schema().to_value()["properties"]["reason"],
        Verdict::schema().to_value()["properties"]["reason"]
    );
    let some = serde_json::to_value(UncheckedVerdict {
        approved: true,
        reason: Some("ok".into()),
    })
    .unwrap();
    assert!(UncheckedVerdict::schema().validate(&some).is_ok());
    let none = serde_json::to_value(UncheckedVerdict {
        approved: true,
        reason: None,
    })
    .unwrap();
    assert_eq!(none, json!({"approved": true, "reason": null}));
    let errors = UncheckedVerdict::schema().validate(&none).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors.errors()[0].path(), "/reason");
    assert_eq!(
        errors.errors()[0].message(),
        "expected a string, found null"
    );
}
