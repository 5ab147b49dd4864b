//! Each repair beside the text it must refuse, with the value, the codes
//! and pointers, and where the refusal is located.

use serde_json::{json, Value};

use crate::change::ChangeCode::{self, *};
use crate::tool_args::ArgsError;
use crate::ToolArgsSchema;

fn schema() -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {
            "path": {"type": "string"},
            "force": {"type": "boolean"},
            "limit": {"type": "integer"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "flag": {"oneOf": [{"type": "boolean"}, {"type": "integer"}]},
            "edits": {"type": "array", "items": {
                "type": "object",
                "properties": {"old": {"type": "string"}, "new": {"type": "string"}},
                "required": ["old"]
            }}
        },
        "required": ["path"]
    }))
    .unwrap()
}

/// The value and the (code, pointer) of each change.
fn repaired(text: &str) -> (Value, Vec<(ChangeCode, String)>) {
    match schema().repair(text) {
        Ok(repaired) => {
            let changes = repaired
                .changes
                .into_iter()
                .map(|c| (c.code, c.pointer))
                .collect();
            (repaired.value, changes)
        }
        Err(error) => panic!("{text:?} refused: {error}"),
    }
}

fn changes(list: &[(ChangeCode, &str)]) -> Vec<(ChangeCode, String)> {
    list.iter()
        .map(|&(code, at)| (code, at.to_owned()))
        .collect()
}

/// The syntax error's offset and message; panics if `text` is repaired.
fn refused(text: &str) -> (usize, String) {
    match schema().repair(text) {
        Err(ArgsError::Syntax(error)) => (error.offset(), error.message().to_owned()),
        other => panic!("{text:?}: {other:?}"),
    }
}

/// Whether `text` is read, and its value refused by validation.
fn refused_by_validation(text: &str) -> bool {
    matches!(schema().repair(text), Err(ArgsError::Invalid(_)))
}

fn truncated(text: &str) {
    match schema().repair(text) {
        Err(ArgsError::Syntax(error)) if error.is_truncated() => {
            assert_eq!(error.offset(), text.len(), "{text:?}");
        }
        other => panic!("{text:?} is cut short: {other:?}"),
    }
}

#[test]
fn single_quoted_strings_and_names() {
    assert_eq!(
        repaired("{'path': 'it\\'s \"here\"', 'tags': ['a', 'b']}"),
        (
            json!({"path": "it's \"here\"", "tags": ["a", "b"]}),
            changes(&[
                (SingleQuotes, "/path"),
                (SingleQuotes, "/path"),
                (SingleQuotes, "/tags"),
                (SingleQuotes, "/tags/0"),
                (SingleQuotes, "/tags/1"),
            ])
        )
    );
    // An apostrophe is not an end: what follows it cannot follow a value.
    assert_eq!(repaired("{\"path\": 'don't'}").0, json!({"path": "don't"}));
    // Python and JavaScript read `\d` differently.
    assert_eq!(refused("{\"path\": '\\d'}").0, 9);
    truncated("{'path': 'a.txt");
    truncated("{'pa");
}

#[test]
fn unquoted_names_the_schema_gives() {
    assert_eq!(
        repaired("{path: \"a\", edits: [{old: \"x\"}]}"),
        (
            json!({"path": "a", "edits": [{"old": "x"}]}),
            changes(&[
                (UnquotedKey, "/path"),
                (UnquotedKey, "/edits"),
                (UnquotedKey, "/edits/0/old")
            ])
        )
    );
    // `old` is a name of the items' objects, not of the root.
    assert_eq!(refused("{\"path\": \"a\", old: 1}").0, 14);
    assert_eq!(refused("{\"path\": \"a\", lang: \"en\"}").0, 14);
}

#[test]
fn python_literals_where_a_boolean_is_taken() {
    assert_eq!(
        repaired("{\"path\": \"a\", \"force\": True, \"flag\": False}"),
        (
            json!({"path": "a", "force": true, "flag": false}),
            changes(&[(PythonLiteral, "/force"), (PythonLiteral, "/flag")])
        )
    );
    // Under a string node, `True` could be "True".
    assert_eq!(refused("{\"path\": True}").0, 9);
    assert_eq!(refused("{\"path\": \"a\", \"limit\": NaN}").0, 23);
}

#[test]
fn none_leaves_an_optional_property_out() {
    assert_eq!(
        repaired(
            "{\"path\": \"a\", \"limit\": None, \"edits\": [{\"old\": \"x\", \"new\": undefined}]}"
        ),
        (
            json!({"path": "a", "edits": [{"old": "x"}]}),
            changes(&[(AbsentValue, "/limit"), (AbsentValue, "/edits/0/new")])
        )
    );
    assert_eq!(refused("{\"path\": None}").0, 9);
    assert_eq!(refused("{\"path\": \"a\", \"tags\": [None]}").0, 23);
    // JSON's own `null` is JSON: validation refuses it.
    assert!(refused_by_validation("{\"path\": \"a\", \"limit\": null}"));
}

#[test]
fn trailing_commas_at_any_depth() {
    assert_eq!(
        repaired("{\"path\": \"a\", \"tags\": [\"x\",], \"edits\": [{\"old\": \"y\",},],}"),
        (
            json!({"path": "a", "tags": ["x"], "edits": [{"old": "y"}]}),
            changes(&[
                (TrailingComma, "/tags"),
                (TrailingComma, "/edits/0"),
                (TrailingComma, "/edits"),
                (TrailingComma, ""),
            ])
        )
    );
    // Two commas are not one too many: no property can follow the first,
    // so the quote before it cannot end its string either.
    assert_eq!(refused("{\"path\": \"a\",,}").0, 11);
    assert_eq!(refused("{\"limit\": 1,,}").0, 12);
    truncated("{\"path\": \"a\",");
}

#[test]
fn raw_control_characters_inside_strings() {
    assert_eq!(
        repaired("{\"path\": \"a\nb\tc\u{1}\"}"),
        (
            json!({"path": "a\nb\tc\u{1}"}),
            changes(&[
                (ControlCharacter, "/path"),
                (ControlCharacter, "/path"),
                (ControlCharacter, "/path"),
            ])
        )
    );
    // Outside a string, a newline is whitespace as ever.
    assert!(repaired("{\n\"path\":\t\"a\"\n}").1.is_empty());
}

#[test]
fn quotes_inside_strings_that_cannot_end_them() {
    assert_eq!(
        repaired("{\"path\": \"He said \"hello\", then left\", \"limit\": 1}"),
        (
            json!({"path": "He said \"hello\", then left", "limit": 1}),
            changes(&[(UnescapedQuote, "/path"), (UnescapedQuote, "/path")])
        )
    );
    assert_eq!(
        repaired("{\"tags\": [\"a\"b\"], \"path\": \"\"}").0,
        json!({"tags": ["a\"b"], "path": ""})
    );
    // A quote that ends no string is where the text is wrong.
    let (at, message) = refused("{\"path\": \"x\" y}");
    assert_eq!(at, 11);
    assert!(
        message.starts_with("this quote cannot end the string"),
        "{message}"
    );
    // A missing comma is not mended: `"b"` could start a property.
    assert_eq!(refused("{\"path\": \"a\" \"limit\": 1}").0, 20);
    assert_eq!(
        repaired("{\"path\": \"it\\'s\"}").1,
        changes(&[(EscapedApostrophe, "/path")])
    );
}

#[test]
fn text_around_one_object() {
    let fenced = "```json\n{\"path\": \"a\"}\n```";
    assert_eq!(
        repaired(fenced),
        (json!({"path": "a"}), changes(&[(CodeFence, "")]))
    );
    let prose = "Here are the arguments:\n```json\n{\"path\": \"a\"}\n```\nDone.";
    assert_eq!(
        repaired(prose).1,
        changes(&[(TextAround, ""), (CodeFence, "")])
    );
    assert_eq!(
        repaired("{\"path\": \"a\"}}]").1,
        changes(&[(StrayBracket, ""), (StrayBracket, "")])
    );
    assert_eq!(
        repaired("[TOOL_CALLS] {\"path\": \"a\"}").1,
        changes(&[(TextAround, "")])
    );
    // Closed too early, a second object, or JSON before it.
    assert_eq!(refused("{\"path\": \"a\"}, \"limit\": 1}").0, 13);
    assert_eq!(refused("{\"path\": \"a\"} {\"path\": \"b\"}").0, 14);
    assert_eq!(
        refused("Example: {\"path\": \"x\"}. Call: {\"path\": \"a\"}").0,
        22
    );
    assert_eq!(refused("\"limit\": 1, {\"path\": \"a\"}").0, 7);
    truncated("Sure: {\"path\": \"a\"");
}

#[test]
fn nothing_for_a_tool_that_needs_nothing() {
    let none = ToolArgsSchema::from_value(&json!({
        "type": "object", "properties": {"verbose": {"type": "boolean"}}
    }))
    .unwrap();
    for text in ["", "  \n", "null", "\"\""] {
        let repaired = none.repair(text).unwrap();
        assert_eq!(repaired.value, json!({}), "{text:?}");
        assert_eq!(repaired.changes[0].code, EmptyArguments, "{text:?}");
    }
    assert!(matches!(schema().repair(""), Err(ArgsError::Syntax(e)) if e.is_truncated()));
    assert!(refused_by_validation("null"));
}

#[test]
fn an_object_written_in_brackets() {
    assert_eq!(
        repaired("[\"path\": \"a\", \"tags\": [\"x\"]]"),
        (
            json!({"path": "a", "tags": ["x"]}),
            changes(&[(BracketsForObject, "")])
        )
    );
    truncated("[\"path\": \"a\", \"tags\": [\"x\"");
    // An array is an array.
    assert!(refused_by_validation("[\"a\", \"b\"]"));
}

#[test]
fn json_is_read_as_validate_str_reads_it() {
    let schema = schema();
    for text in [
        "{\"path\": \"a\"}",
        " {\"path\": \"\\u00e9\", \"tags\": []} ",
        "{\"path\": 1}",
        "{\"path\": \"a\", \"path\": \"b\"}",
        "{\"path\": \"a\", \"x\": 1, \"x\": 2}",
    ] {
        let expected = schema.validate_str(text);
        match schema.repair(text) {
            Ok(repaired) => {
                assert!(expected.is_ok(), "{text}");
                assert!(repaired.changes.is_empty(), "{text}");
                assert_eq!(repaired.value, serde_json::from_str::<Value>(text).unwrap());
            }
            Err(error) => {
                let expected = expected.err().map(|error| error.to_string());
                assert_eq!(Some(error.to_string()), expected, "{text}");
            }
        }
    }
}

#[test]
fn errors_are_located_in_the_text_as_written() {
    // After repairs that wrote more bytes than they read, and fewer.
    let (at, _) = refused("{'path': 'a', force: True, \"limit\": 1 2}");
    assert_eq!(at, 38);
    let (at, _) = refused("{path: \"a\",}, \"x\"");
    assert_eq!(at, 12);
}
