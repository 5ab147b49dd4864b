//! Types marked `#[tool_args(output)]` that write only what their schemas
//! accept: `Option` fields with `skip_serializing_if`, a `default` field, a
//! property written but not read (an open object accepts it), nested
//! types, an enum and a generic type; every value serde writes passes.
use pedelec_schema::ToolArgs;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(rename_all = "camelCase")]
#[tool_args(output)]
struct Verdict {
    approved: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(default)]
    retry_count: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
    location: Location,
    outcome: Outcome,
    #[serde(skip_deserializing)]
    took_ms: u64,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Location {
    path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[tool_args(output)]
enum Outcome {
    Merged {
        #[serde(skip_serializing_if = "Option::is_none")]
        commit: Option<String>,
    },
    Rejected,
    Pending(Review),
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Review {
    reviewer: String,
}

#[derive(Serialize, Deserialize, ToolArgs)]
#[tool_args(output)]
struct Page<T> {
    items: Vec<T>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<String>,
}

fn valid<T: ToolArgs + Serialize>(value: &T) {
    let json = serde_json::to_value(value).unwrap();
    if let Err(errors) = T::schema().validate(&json) {
        panic!("{json} fails its schema: {errors}");
    }
}

fn main() {
    let location = |line| Location {
        path: "src/lib.rs".into(),
        line,
    };
    valid(&Verdict {
        approved: false,
        reason: None,
        retry_count: 0,
        tags: Vec::new(),
        location: location(None),
        outcome: Outcome::Merged { commit: None },
        took_ms: 3,
    });
    valid(&Verdict {
        approved: true,
        reason: Some("tests pass".into()),
        retry_count: 2,
        tags: vec!["ci".into()],
        location: location(Some(7)),
        outcome: Outcome::Pending(Review {
            reviewer: "ana".into(),
        }),
        took_ms: 3,
    });
    valid(&Page {
        items: vec![location(None), location(Some(1))],
        next: Some("2".into()),
    });
    let rejected = serde_json::to_value(Outcome::Rejected).unwrap();
    assert!(Page::<Outcome>::schema()
        .validate(&serde_json::json!({"items": [rejected]}))
        .is_ok());
}
