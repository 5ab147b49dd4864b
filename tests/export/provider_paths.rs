//! A call written against OpenAI strict mode's export, taken in on every
//! path a handler may use: the value (`T::from_provider_args`), the text
//! (`T::from_provider_args_str`, `ToolArgsSchema::validate_provider_str`),
//! the text as it streams in (`stream_for`, cut at every character) and a
//! framework's deserializer (`CheckedWith<T, OpenAiNulls>`). Each path must
//! give the same answer: the same arguments, or the same error document.

// The types exist for their schemas; not every field is read back.
#![allow(dead_code)]

use std::fmt::Debug;

use pedelec_schema::{
    ArgsError, ChangeCode, CheckedWith, OpenAiNulls, Profile, ToolArgs, ToolArgsSchema,
};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

const STRICT: Profile = Profile::OpenAiStrict;

/// Books a room.
#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
#[serde(rename_all = "camelCase")]
struct BookRoom {
    room_id: String,
    note: Option<String>,
    #[tool_args(minimum = 1)]
    guests: Option<u8>,
}

/// Nested objects, an array of objects and a `oneOf` (an internally
/// tagged enum), each with optional properties.
#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
struct Booking {
    room: Room,
    extras: Vec<Extra>,
    shape: Shape,
}

#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
struct Room {
    id: String,
    floor: Option<i32>,
}

#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
struct Extra {
    name: String,
    qty: Option<u32>,
}

#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Shape {
    Circle { r: Option<f64> },
    Square { side: f64, label: Option<String> },
}

/// A `oneOf` whose branches both take `{}`: which branch owns a value
/// depends on which `null`s are taken out, so a stream cannot decide it
/// before `normalize` has.
#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
struct Pick {
    v: Either,
}

#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
#[serde(untagged)]
enum Either {
    A { a: Option<String> },
    B { b: Option<i64> },
}

/// Items told apart only by a `null` that `normalize` takes out.
#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
struct Tags {
    #[tool_args(unique_items)]
    tags: Vec<Tag>,
}

#[derive(Debug, Deserialize, ToolArgs, PartialEq)]
struct Tag {
    label: Option<String>,
}

/// An answer: the arguments, or the agent's error document.
type Answer<T> = Result<T, Value>;

fn answer<T>(result: Result<T, ArgsError>) -> Answer<T> {
    result.map_err(|error| error.to_value())
}

/// `text` fed to `stream` in `pieces`, then finished.
fn streamed<T: ToolArgs + DeserializeOwned>(pieces: &[&str]) -> Answer<T> {
    let mut stream = T::stream_for(STRICT);
    for piece in pieces {
        stream.feed(piece).map_err(|error| error.to_value())?;
    }
    answer(stream.finish())
}

/// Every path gives `T`'s call `text` the answer `from_provider_args`
/// gives its value; returns it.
fn same_answer<T>(text: &str) -> Answer<T>
where
    T: ToolArgs + DeserializeOwned + Debug + PartialEq,
{
    let value: Value = serde_json::from_str(text).unwrap();
    let expected = answer(T::from_provider_args(STRICT, value.clone()));

    assert_eq!(
        answer(T::from_provider_args_str(STRICT, text)),
        expected,
        "{text}: from_provider_args_str"
    );

    // Streamed: whole, cut once at every character, one character at a
    // time. A stream refuses at the first byte no completion can mend,
    // with the failures known there: the same entries, whose message may
    // say what was known then (a string no `enum` value starts with).
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(at, _)| at)
        .chain([text.len()])
        .collect();
    let characters: Vec<&str> = boundaries.windows(2).map(|w| &text[w[0]..w[1]]).collect();
    let cuts = boundaries.iter().map(|&cut| {
        let (head, tail) = text.split_at(cut);
        (format!("cut at {cut}"), vec![head, tail])
    });
    for (how, pieces) in cuts.chain([("a character at a time".to_owned(), characters)]) {
        match (streamed::<T>(&pieces), &expected) {
            (Ok(args), Ok(expected)) => assert_eq!(&args, expected, "{text}: streamed, {how}"),
            (Err(ours), Err(theirs)) => {
                assert_eq!(
                    entries(&ours),
                    entries(theirs),
                    "{text}: streamed, {how}: {ours}"
                )
            }
            (ours, theirs) => {
                panic!("{text}: streamed, {how}: {ours:?}, from_provider_args {theirs:?}")
            }
        }
    }

    // A framework's deserializer, handed the value or the text.
    let checked = answer(CheckedWith::<T, OpenAiNulls>::from_args(value.clone()));
    assert_eq!(
        checked.map(CheckedWith::into_inner),
        expected,
        "{text}: CheckedWith::from_args"
    );
    let checked = answer(CheckedWith::<T, OpenAiNulls>::from_args_str(text));
    assert_eq!(
        checked.map(CheckedWith::into_inner),
        expected,
        "{text}: CheckedWith::from_args_str"
    );
    for handed in [value.clone(), Value::String(text.to_owned())] {
        let deserialized = serde_json::from_value::<CheckedWith<T, OpenAiNulls>>(handed);
        match (deserialized, &expected) {
            (Ok(checked), Ok(args)) => assert_eq!(&checked.args, args, "{text}: deserialized"),
            (Err(_), Err(_)) => {}
            (ours, theirs) => {
                panic!("{text}: deserialized {ours:?}, from_provider_args {theirs:?}")
            }
        }
    }

    // Without a type: the schema's own paths, against `normalize` then
    // `validate`.
    let schema: &ToolArgsSchema = T::schema();
    let mut normalized = value;
    schema.normalize(STRICT, &mut normalized);
    let untyped = match schema.validate(&normalized) {
        Ok(()) => Ok(normalized),
        Err(errors) => Err(ArgsError::Invalid(errors).to_value()),
    };
    assert_eq!(
        answer(schema.validate_provider_str(STRICT, text)),
        untyped,
        "{text}: validate_provider_str"
    );
    let mut stream = schema.stream_for(STRICT);
    let streamed = answer(stream.feed(text).and_then(|()| stream.finish()));
    match (streamed, &untyped) {
        (Ok(args), Ok(expected)) => assert_eq!(&args, expected, "{text}: the untyped stream"),
        (Err(ours), Err(theirs)) => assert_eq!(
            entries(&ours),
            entries(theirs),
            "{text}: the untyped stream"
        ),
        (ours, theirs) => {
            panic!("{text}: the untyped stream {ours:?}, normalize and validate {theirs:?}")
        }
    }
    expected
}

/// An error document's kind and entries, each as its path, its keyword
/// and its schema path.
fn entries(document: &Value) -> (Value, Vec<(String, String, String)>) {
    let text = |entry: &Value, key: &str| entry[key].as_str().unwrap_or_default().to_owned();
    let entries = document["errors"].as_array().unwrap().iter();
    let entries = entries.map(|entry| {
        (
            text(entry, "path"),
            text(entry, "keyword"),
            text(entry, "schema_path"),
        )
    });
    (document["code"].clone(), entries.collect())
}

/// An error document's entries as (path, keyword).
fn places(document: &Value) -> Vec<(String, String)> {
    let (_, entries) = entries(document);
    entries
        .into_iter()
        .map(|(path, keyword, _)| (path, keyword))
        .collect()
}

/// Every path takes a call's `null`s for optional properties out, at the
/// top level, in nested objects, inside arrays of objects and under a
/// `oneOf`, and gives `from_provider_args`'s answer: the same arguments.
#[test]
fn nulls_for_optional_properties_are_left_out_on_every_path() {
    let call = same_answer::<BookRoom>(r#"{"roomId":"r1","note":null}"#).unwrap();
    assert_eq!(
        (call.room_id.as_str(), call.note, call.guests),
        ("r1", None, None)
    );
    same_answer::<BookRoom>(r#"{"roomId": "r1", "note": null, "guests": null}"#).unwrap();
    same_answer::<BookRoom>(r#"{"note": null, "guests": 2, "roomId": "r1"}"#).unwrap();

    let text = r#"{"room": {"id": "a", "floor": null},
        "extras": [{"name": "x", "qty": null}, {"name": "y", "qty": 2}],
        "shape": {"kind": "circle", "r": null}}"#;
    let booking = same_answer::<Booking>(text).unwrap();
    assert_eq!(booking.room.floor, None);
    assert_eq!(booking.extras[0].qty, None);
    assert_eq!(booking.shape, Shape::Circle { r: None });
    let text = r#"{"room": {"id": "a", "floor": 3}, "extras": [],
        "shape": {"kind": "square", "side": 2, "label": null}}"#;
    let booking = same_answer::<Booking>(text).unwrap();
    assert_eq!(
        booking.shape,
        Shape::Square {
            side: 2.0,
            label: None
        }
    );

    // Both branches take `{}`: `{"a": null}` belongs to the branch that
    // does not name `a`, and a stream that judged the `oneOf` before
    // `normalize` would refuse it as matching both.
    let pick = same_answer::<Pick>(r#"{"v": {"a": null}}"#).unwrap();
    assert!(matches!(
        pick.v,
        Either::A { a: None } | Either::B { b: None }
    ));
    same_answer::<Pick>(r#"{"v": {"a": null, "b": 4}}"#).unwrap();
}

/// A `null` for a required property is not a property left out: every
/// path refuses it, at its place, with its type error - at the top level,
/// in a nested object, in an array's object and under a `oneOf`.
#[test]
fn a_null_for_a_required_property_is_refused_on_every_path() {
    let refused = [
        (
            same_answer::<BookRoom>(r#"{"roomId": null, "note": null}"#).map(|_| ()),
            "/roomId",
        ),
        (
            same_answer::<Booking>(
                r#"{"room": {"id": null}, "extras": [], "shape": {"kind": "circle"}}"#,
            )
            .map(|_| ()),
            "/room/id",
        ),
        (
            same_answer::<Booking>(
                r#"{"room": {"id": "a"}, "extras": [{"name": "x"}, {"name": null}], "shape": {"kind": "circle"}}"#,
            )
            .map(|_| ()),
            "/extras/1/name",
        ),
        (
            same_answer::<Booking>(
                r#"{"room": {"id": "a"}, "extras": [], "shape": {"kind": "square", "side": null}}"#,
            )
            .map(|_| ()),
            // The tagged union's chosen branch (`kind`) says where.
            "/shape/side",
        ),
    ];
    for (answer, path) in refused {
        let document = answer.unwrap_err();
        let found = places(&document);
        assert_eq!(found, [(path.to_owned(), "type".to_owned())], "{document}");
    }
}

/// The `null`s taken out change nothing else: a call that is bad once
/// they are out is refused on every path with `from_provider_args`'s
/// document - a bound broken beside a `null`, a required property missing
/// beside one (found only when the object ends), items that are equal once
/// their `null`s are out (`uniqueItems`), which a check before `normalize`
/// would pass.
#[test]
fn what_is_left_is_validated_as_from_provider_args_validates_it() {
    let document =
        same_answer::<BookRoom>(r#"{"roomId": "r1", "note": null, "guests": 0}"#).unwrap_err();
    assert_eq!(
        places(&document),
        [("/guests".to_owned(), "minimum".to_owned())]
    );
    let document = same_answer::<BookRoom>(r#"{"note": null}"#).unwrap_err();
    assert_eq!(places(&document), [("".to_owned(), "required".to_owned())]);
    let document = same_answer::<Tags>(r#"{"tags": [{"label": null}, {}]}"#).unwrap_err();
    assert_eq!(
        places(&document),
        [("/tags".to_owned(), "uniqueItems".to_owned())]
    );
    same_answer::<Tags>(r#"{"tags": [{"label": null}, {"label": "x"}]}"#).unwrap();
}

/// Text that is not JSON gets the syntax error `from_args_str` gives, on
/// every text path.
#[test]
fn syntax_errors_are_located_as_from_args_str_locates_them() {
    for text in [
        r#"{"roomId": "r1", "note": null,}"#,
        r#"{"roomId": "r1", "note": nul"#,
        "{'roomId': 1}",
    ] {
        let expected = answer(BookRoom::from_args_str(text));
        assert!(
            matches!(BookRoom::from_args_str(text), Err(ArgsError::Syntax(_))),
            "{text}"
        );
        assert_eq!(
            answer(BookRoom::from_provider_args_str(STRICT, text)),
            expected,
            "{text}"
        );
        let checked = answer(CheckedWith::<BookRoom, OpenAiNulls>::from_args_str(text));
        assert_eq!(checked.map(CheckedWith::into_inner), expected, "{text}");
        assert_eq!(streamed::<BookRoom>(&[text]), expected, "{text}");
        let schema = BookRoom::schema();
        assert_eq!(
            answer(schema.validate_provider_str(STRICT, text)),
            expected.map(|_| json!(null)),
            "{text}"
        );
    }
}

/// `CheckedWith` reports each `null` it took out where it reports every
/// change, at its place in the arguments, with one stable code.
#[test]
fn checked_with_reports_each_null_taken_out() {
    let text = r#"{"room": {"id": "a", "floor": null},
        "extras": [{"name": "x"}, {"name": "y", "qty": null}],
        "shape": {"kind": "square", "side": 1, "label": null}}"#;
    let checked = CheckedWith::<Booking, OpenAiNulls>::from_args_str(text).unwrap();
    let changes: Vec<_> = checked
        .changes
        .iter()
        .map(|c| (c.pointer.as_str(), c.code))
        .collect();
    assert_eq!(
        changes,
        // In the order of the names, as every intake walk reports.
        [
            ("/extras/1/qty", ChangeCode::OptionalNullRemoved),
            ("/room/floor", ChangeCode::OptionalNullRemoved),
            ("/shape/label", ChangeCode::OptionalNullRemoved)
        ]
    );
    // Without the policy, nothing is taken out, and the `null`s are refused.
    assert!(CheckedWith::<Booking, pedelec_schema::ReportOnly>::from_args_str(text).is_err());
}
