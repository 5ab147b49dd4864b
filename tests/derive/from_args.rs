//! `ToolArgs::from_args` and `ArgsError`: a good call is read, a bad call
//! gets the agent-facing error object, and what the schema accepts serde
//! reads (an explicit `null`, integral floats, unknown properties). Also the
//! schema's lifetime and the panic for a type that contains itself through
//! another.

// The types exist for their schemas; not every field is read back.
#![allow(dead_code)]

use std::panic::{catch_unwind, AssertUnwindSafe};

use pedelec_schema::{lint, ArgsError, Severity, ToolArgs, ValidationErrorKind};
use serde::{Deserialize, Deserializer};
use serde_json::{json, Value};

#[derive(Debug, Deserialize, ToolArgs)]
struct Nudge {
    /// How far to move, in steps.
    #[tool_args(minimum = -10, maximum = 10)]
    delta: i32,
}

#[test]
fn a_good_call_is_read() {
    assert_eq!(Nudge::from_args(json!({"delta": -3})).unwrap().delta, -3);
}

#[test]
fn a_bad_call_gets_the_agent_facing_error_object() {
    let error = Nudge::from_args(json!({"delta": 15})).unwrap_err();
    let expected = json!({
        "code": "INVALID_ARGS",
        "message": "The arguments do not match the tool's argsSchema: /delta: 15 is greater than the maximum 10",
        "errors": [{
            "path": "/delta",
            "schema_path": "/properties/delta/maximum",
            "keyword": "maximum",
            "message": "15 is greater than the maximum 10"
        }]
    });
    assert_eq!(error.to_value(), expected);
    assert_eq!(serde_json::to_value(&error).unwrap(), expected);
    assert_eq!(error.to_response(), json!({ "error": expected }));
    assert_eq!(error.to_string(), expected["message"]);
    assert!(std::error::Error::source(&error).is_some());
    assert!(matches!(error, ArgsError::Invalid(_)));
}

/// A call with a second field, whose name sorts before the first's.
#[derive(Debug, Deserialize, ToolArgs)]
struct Ordered {
    zone: String,
    #[tool_args(minimum = 1)]
    amount: u8,
}

/// The documented ways to write a refusal and a schema keep the document's
/// order, which a `Value` would sort: `to_response()` (and the error's own
/// `Serialize`) writes `error`, then `code`, `message`, `errors`, each
/// entry `path`, `schema_path`, `keyword`, `message`, as the README shows;
/// a schema serialized itself writes `type` first and the fields in their
/// order (`zone` before `amount`).
#[test]
fn the_documented_outputs_keep_document_order() {
    let error = Ordered::from_args(json!({"zone": "eu", "amount": 0})).unwrap_err();
    let entry =
        r#"{"path":"/amount","schema_path":"/properties/amount/minimum","keyword":"minimum","#;
    let response = error.to_response().to_string();
    assert!(
        response.starts_with(r#"{"error":{"code":"INVALID_ARGS","message":"#),
        "{response}"
    );
    assert!(
        response.contains(&format!(r#""errors":[{entry}"#)),
        "{response}"
    );
    let pretty = serde_json::to_string_pretty(&error.to_response()).unwrap();
    assert!(
        pretty.find("\"code\"") < pretty.find("\"errors\""),
        "{pretty}"
    );
    assert!(serde_json::to_string(&error)
        .unwrap()
        .starts_with(r#"{"code":"INVALID_ARGS","message":"#));
    let validation = Ordered::schema()
        .validate(&json!({"zone": "eu", "amount": 0}))
        .unwrap_err();
    assert_eq!(validation.to_response().to_string(), response);
    // Still read and compared like a `Value`.
    assert_eq!(error.to_response()["error"]["code"], "INVALID_ARGS");
    assert_eq!(
        error.to_response()["error"]["errors"]
            .as_array()
            .map(<[_]>::len),
        Some(1)
    );
    assert_eq!(
        Value::from(error.to_response()),
        json!({"error": error.to_value()})
    );

    let schema = serde_json::to_string(Ordered::schema()).unwrap();
    assert!(
        schema.starts_with(r#"{"type":"object","properties":{"zone":{"type":"string"},"amount":"#),
        "{schema}"
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    let error = Nudge::from_args(json!({"delta": "far", "other": 1})).unwrap_err();
    assert_eq!(error.errors().len(), 1);
    assert_eq!(error.errors()[0].keyword(), "type");
    let error = Nudge::from_args(json!([1, 2])).unwrap_err();
    assert_eq!(error.errors()[0].path(), "");
    assert_eq!(
        error.errors()[0].message(),
        "expected an object, found an array of 2 items"
    );
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Profile {
    nickname: Option<String>,
    age: Option<u8>,
}

#[test]
fn an_explicit_null_for_an_option_is_refused_as_the_schema_says() {
    // The agent was shown `{"type": "string"}`, not required: leaving the
    // property out is how to say "none".
    let profile = Profile::from_args(json!({})).unwrap();
    assert_eq!((profile.nickname, profile.age), (None, None));
    let error = Profile::from_args(json!({"nickname": null})).unwrap_err();
    assert_eq!(error.errors()[0].path(), "/nickname");
    assert_eq!(error.errors()[0].message(), "expected a string, found null");
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Numbers {
    small: u8,
    list: Vec<u16>,
    big: u64,
    signed: i64,
    ratio: f64,
}

#[test]
fn integral_floats_are_read_into_integer_fields() {
    // JSON Schema counts `3.0` as an integer, so the schema accepts it; serde
    // alone would refuse a float for a `u8`.
    let args = json!({
        "small": 3.0, "list": [1.0, 2], "big": 1e19, "signed": -9_223_372_036_854_775_808.0,
        "ratio": -0.0
    });
    assert!(serde_json::from_value::<Numbers>(args.clone()).is_err());
    let numbers = Numbers::from_args(args).unwrap();
    assert_eq!(numbers.small, 3);
    assert_eq!(numbers.list, [1, 2]);
    assert_eq!(numbers.big, 10_000_000_000_000_000_000);
    assert_eq!(numbers.signed, i64::MIN);
    // A `number` field keeps exactly what was sent.
    assert!(numbers.ratio == 0.0 && numbers.ratio.is_sign_negative());
}

#[test]
fn integers_at_the_edges_of_their_type_are_read_and_beyond_refused() {
    let edge =
        json!({"small": 255, "list": [65535], "big": u64::MAX, "signed": i64::MIN, "ratio": 1});
    let numbers = Numbers::from_args(edge).unwrap();
    assert_eq!((numbers.big, numbers.signed), (u64::MAX, i64::MIN));

    let beyond = json!({"small": 256, "list": [-1], "big": 18_446_744_073_709_551_616.0, "signed": 0, "ratio": 1});
    let error = Numbers::from_args(beyond).unwrap_err();
    let keywords: Vec<String> = error
        .errors()
        .iter()
        .map(|e| format!("{} {}", e.path(), e.keyword()))
        .collect();
    assert_eq!(
        keywords,
        ["/big maximum", "/list/0 minimum", "/small maximum"]
    );
}

#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
enum Action {
    Stop,
    Go { speed: u8 },
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Command {
    action: Action,
    initial: char,
    pair: [u8; 2],
}

#[test]
fn unknown_properties_are_ignored_even_beside_an_enum_key() {
    // JSON Schema allows properties the schema does not name; serde ignores
    // them in a struct but refuses them beside an externally tagged variant.
    let args = json!({
        "action": {"Go": {"speed": 3, "extra": true}, "note": "hi"},
        "initial": "é",
        "pair": [1, 2],
        "unknown": [null]
    });
    assert!(serde_json::from_value::<Command>(args.clone()).is_err());
    let command = Command::from_args(args).unwrap();
    assert_eq!(command.action, Action::Go { speed: 3 });
    assert_eq!(command.initial, 'é');
}

#[test]
fn a_char_is_one_character_and_an_array_has_its_length() {
    let error =
        Command::from_args(json!({"action": "Stop", "initial": "ab", "pair": [1]})).unwrap_err();
    let keywords: Vec<&str> = error.errors().iter().map(|e| e.keyword()).collect();
    assert_eq!(keywords, ["maxLength", "minItems"]);
}

/// A name in capitals, whose refusal quotes the whole string it refused.
#[derive(Debug, ToolArgs)]
struct Shouted(String);

impl<'de> Deserialize<'de> for Shouted {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        if name.chars().all(|c| !c.is_lowercase()) {
            Ok(Shouted(name))
        } else {
            Err(serde::de::Error::custom(format!(
                "{name:?} is not in capitals"
            )))
        }
    }
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Greeting {
    name: Shouted,
}

#[test]
fn serde_s_words_are_capped_where_they_quote_a_huge_value() {
    let error = Greeting::from_args(json!({"name": "a".repeat(100_000)})).unwrap_err();
    let limit = pedelec_schema::ValidationErrors::MESSAGE_LIMIT;
    assert!(error.message().len() <= limit, "{}", error.message().len());
    assert!(error.message().ends_with(" [...]"));
    assert!(error.errors()[0].message().len() <= limit);
    let document = error.to_response().to_string();
    assert!(document.len() <= pedelec_schema::ValidationErrors::BUDGET);
    assert_eq!(
        Greeting::from_args(json!({"name": "BOB"})).unwrap().name.0,
        "BOB"
    );
}

/// An even number: the schema says integer, the hand-written `Deserialize`
/// says more.
#[derive(Debug, ToolArgs)]
struct Even(u32);

impl<'de> Deserialize<'de> for Even {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let n = u32::deserialize(deserializer)?;
        if n % 2 == 0 {
            Ok(Even(n))
        } else {
            Err(serde::de::Error::custom(format!("{n} is odd")))
        }
    }
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Pairs {
    count: Even,
}

#[test]
fn what_serde_refuses_after_the_schema_accepted_is_still_an_invalid_args_error() {
    let error = Pairs::from_args(json!({"count": 3})).unwrap_err();
    assert!(matches!(error, ArgsError::Deserialize(_)));
    assert_eq!(
        error.to_value(),
        json!({
            "code": "INVALID_ARGS",
            "message": "The arguments match the tool's argsSchema but could not be read: /count: 3 is odd",
            "errors": [{
                "path": "/count",
                "schema_path": "/properties/count",
                "keyword": "deserialize",
                "message": "3 is odd"
            }]
        })
    );
    // No schema failed; `errors()` is the document's one entry.
    let [entry] = error.errors() else {
        panic!("{:?}", error.errors())
    };
    assert_eq!(entry.kind(), ValidationErrorKind::Deserialize);
    assert_eq!(
        serde_json::to_value(error.errors()).unwrap(),
        error.to_value()["errors"]
    );
    assert_eq!(Pairs::from_args(json!({"count": 4})).unwrap().count.0, 4);
}

#[derive(Debug, Deserialize, ToolArgs)]
#[serde(tag = "kind")]
enum Tally {
    Pairs { counts: Vec<Even> },
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Tallies {
    plain: Vec<Vec<Even>>,
    tagged: Option<Tally>,
}

#[derive(Debug, Deserialize, ToolArgs)]
enum Wrapped {
    Count(Even),
}

#[derive(Debug, Deserialize, ToolArgs)]
struct Wrapping {
    wrapped: Wrapped,
}

fn refusal(error: &ArgsError) -> (String, String) {
    let ArgsError::Deserialize(refusal) = error else {
        panic!("not a refusal: {error}")
    };
    (refusal.path().to_owned(), refusal.schema_path().to_owned())
}

#[test]
fn a_refusal_is_located_through_arrays_enums_and_buffered_values() {
    let nested = Tallies::from_args(json!({"plain": [[2], [4, 5]]})).unwrap_err();
    assert_eq!(
        refusal(&nested),
        ("/plain/1/1".into(), "/properties/plain/items/items".into())
    );
    // An externally tagged variant: its key is part of the path, and the
    // `oneOf` branch that accepted the value is part of the schema path.
    let external = Wrapping::from_args(json!({"wrapped": {"Count": 7}})).unwrap_err();
    assert_eq!(
        refusal(&external),
        (
            "/wrapped/Count".into(),
            "/properties/wrapped/oneOf/0/properties/Count".into()
        )
    );
    // serde buffers an internally tagged enum before reading it, so the
    // path stops at the enum's value.
    let buffered =
        Tallies::from_args(json!({"plain": [], "tagged": {"kind": "Pairs", "counts": [1]}}))
            .unwrap_err();
    assert_eq!(refusal(&buffered).0, "/tagged");
    assert!(
        buffered.to_string().contains("/tagged: 1 is odd"),
        "{buffered}"
    );
}

#[test]
fn the_schema_is_built_once_and_shared_across_threads() {
    let first = Nudge::schema();
    let others: Vec<usize> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| Nudge::schema() as *const _ as usize))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(others.iter().all(|&p| p == first as *const _ as usize));
}

// A folder holds files, and a file points back at its folder: a cycle the
// macro cannot see from either type alone.
#[derive(Debug, Deserialize, ToolArgs)]
struct Folder {
    name: String,
    files: Vec<File>,
}

#[derive(Debug, Deserialize, ToolArgs)]
struct File {
    name: String,
    parent: Option<Box<Folder>>,
}

fn panic_message(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("should panic");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
fn indirect_recursion_panics_with_the_chain_of_types_not_a_stack_overflow() {
    let message = panic_message(|| {
        Folder::schema();
    });
    assert!(
        message.contains(
            "(derive::from_args::Folder -> derive::from_args::File -> derive::from_args::Folder)"
        ),
        "{message}"
    );
    assert!(message.contains("has no `$ref`"), "{message}");
    // Again, and from the other end: same answer, and the thread is fine.
    let again = panic_message(|| {
        Folder::schema();
    });
    assert_eq!(again, message);
    let other = panic_message(|| {
        File::schema();
    });
    assert!(
        other.contains(
            "(derive::from_args::File -> derive::from_args::Folder -> derive::from_args::File)"
        ),
        "{other}"
    );
    assert!(Nudge::schema().is_valid(&json!({"delta": 1})));
}

#[test]
fn these_schemas_lint_without_errors() {
    let schemas: [Value; 5] = [
        Nudge::schema().to_value(),
        Profile::schema().to_value(),
        Numbers::schema().to_value(),
        Command::schema().to_value(),
        Pairs::schema().to_value(),
    ];
    for schema in schemas {
        let findings = lint(&schema);
        assert!(
            findings.iter().all(|d| d.severity == Severity::Warning),
            "{findings:#?}"
        );
    }
}
