//! `ArgsError::errors()` lists exactly the entries of the agent-facing
//! document `to_value()["errors"]`, for every kind of `ArgsError`: schema
//! failures, serde's refusal, and each flavour of syntax error (a byte
//! that is not JSON, a text cut short, a property given twice, a text of
//! nothing, a streamed text, a repair's refusal located in the text as
//! written). Code that reads `error.errors()[0].path()` never meets an
//! empty list.

use pedelec_schema::{ArgsError, ToolArgs, ToolArgsSchema, ValidationError, ValidationErrorKind};
use serde::{Deserialize, Deserializer};
use serde_json::{json, Value};

fn schema() -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {
            "path": {"type": "string", "minLength": 2},
            "limit": {"type": "integer", "maximum": 10},
            "tags": {"type": "array", "items": {"type": "string"}}
        },
        "required": ["path"]
    }))
    .unwrap()
}

/// An entry as its accessors say it: `offset` where the entry has one
/// (a syntax error), `schema_path` otherwise.
fn from_accessors(error: &ValidationError) -> Value {
    let mut entry = json!({
        "path": error.path(),
        "keyword": error.keyword(),
        "message": error.message(),
    });
    match error.offset() {
        Some(offset) => entry["offset"] = json!(offset),
        None => entry["schema_path"] = json!(error.schema_path()),
    }
    entry
}

/// The accessor and the document list the same entries, and each entry's
/// accessors say what its place in the document says; returns the entries.
fn assert_agrees(error: &ArgsError) -> &[ValidationError] {
    let document = error.to_value();
    let entries = error.errors();
    assert!(!entries.is_empty(), "{error}");
    assert_eq!(
        serde_json::to_value(entries).unwrap(),
        document["errors"],
        "{error}"
    );
    let listed: Vec<Value> = entries.iter().map(from_accessors).collect();
    assert_eq!(Value::from(listed), document["errors"], "{error}");
    for entry in entries {
        assert_eq!(entry.kind().keyword(), entry.keyword(), "{entry}");
    }
    entries
}

/// The syntax error of `result`, with its one entry checked against it.
fn assert_syntax_entry<T: std::fmt::Debug>(
    result: Result<T, ArgsError>,
) -> pedelec_schema::SyntaxError {
    let error = result.unwrap_err();
    let entries = assert_agrees(&error).to_vec();
    let ArgsError::Syntax(syntax) = error else {
        panic!("not a syntax error: {error}")
    };
    let [entry] = entries.as_slice() else {
        panic!("{entries:?}")
    };
    assert_eq!(entry.path(), syntax.path());
    assert_eq!(entry.offset(), Some(syntax.offset()));
    assert_eq!(entry.message(), syntax.message());
    assert_eq!(entry.keyword(), "syntax");
    assert_eq!(entry.schema_path(), "");
    assert_eq!(
        entry.kind(),
        ValidationErrorKind::Syntax {
            offset: syntax.offset()
        }
    );
    assert_eq!(entry.to_string(), syntax.to_string());
    assert_eq!(entry, syntax.as_validation_error());
    syntax
}

#[test]
fn schema_failures_are_the_document_s_entries() {
    let error = schema()
        .validate_str(r#"{"path": "a", "limit": 50, "tags": ["x", 7]}"#)
        .unwrap_err();
    let entries = assert_agrees(&error);
    let keywords: Vec<_> = entries.iter().map(ValidationError::keyword).collect();
    assert_eq!(keywords, ["maximum", "minLength", "type"]);
    assert!(entries.iter().all(|entry| entry.offset().is_none()));
}

#[test]
fn every_flavour_of_syntax_error_has_its_entry() {
    let schema = schema();
    let plain = assert_syntax_entry(schema.validate_str(r#"{"path": 'a'}"#));
    assert!(!plain.is_truncated() && !plain.is_repeated_property());
    assert_eq!((plain.offset(), plain.path()), (9, "/path"));

    let cut = assert_syntax_entry(schema.validate_str(r#"{"path": "a", "tags": ["x"#));
    assert!(cut.is_truncated());
    assert_eq!((cut.offset(), cut.path()), (25, "/tags/0"));

    let twice = assert_syntax_entry(schema.validate_str(r#"{"path": "a", "path": "b"}"#));
    assert!(twice.is_repeated_property());

    let nothing = assert_syntax_entry(schema.validate_str("  "));
    assert_eq!((nothing.offset(), nothing.path()), (2, ""));

    let mut stream = schema.stream();
    let streamed = stream
        .feed(r#"{"path": "ab", "limit": 1"#)
        .and_then(|()| stream.finish());
    assert!(assert_syntax_entry(streamed).is_truncated());

    // A repair's refusal is located in the text as written, after repairs
    // that read other bytes than the text's: the entry moves with it.
    let repaired = schema.repair(r#"{'path': 'ab', limit: 1 2}"#);
    assert_eq!(assert_syntax_entry(repaired).offset(), 24);
}

/// An even number: the schema says integer, `Deserialize` says more.
#[derive(Debug, ToolArgs)]
struct Even(u32);

impl<'de> Deserialize<'de> for Even {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let n = u32::deserialize(deserializer)?;
        match n % 2 {
            0 => Ok(Even(n)),
            _ => Err(serde::de::Error::custom(format!("{n} is odd"))),
        }
    }
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Pairs {
    counts: Vec<Even>,
}

#[test]
fn serde_s_refusal_has_its_entry() {
    assert_eq!(
        Pairs::from_args(json!({"counts": [2, 4]})).unwrap().counts[1].0,
        4
    );
    let error = Pairs::from_args(json!({"counts": [2, 3]})).unwrap_err();
    let entries = assert_agrees(&error).to_vec();
    let ArgsError::Deserialize(refusal) = &error else {
        panic!("{error}")
    };
    let [entry] = entries.as_slice() else {
        panic!("{entries:?}")
    };
    assert_eq!(entry.kind(), ValidationErrorKind::Deserialize);
    assert_eq!(entry.path(), refusal.path());
    assert_eq!(entry.schema_path(), refusal.schema_path());
    assert_eq!(entry.message(), refusal.message());
    assert_eq!(entry.offset(), None);
    assert_eq!(entry.to_string(), refusal.to_string());
    assert_eq!(
        from_accessors(entry),
        json!({
            "path": "/counts/1",
            "schema_path": "/properties/counts/items",
            "keyword": "deserialize",
            "message": "3 is odd"
        })
    );
}
