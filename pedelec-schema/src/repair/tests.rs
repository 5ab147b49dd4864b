//! Each repair beside the text it must refuse, with the value, the codes
//! and pointers, and where the refusal is located.

use serde_json::{json, Value};

use crate::change::ChangeCode::{self, *};
use crate::document::ArgsError;
use crate::tool_args_schema::ToolArgsSchema;

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
            // A name and its string in single quotes are one change.
            changes(&[
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
            // One string: one change, which counts them.
            changes(&[(ControlCharacter, "/path")])
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
            changes(&[(UnescapedQuote, "/path")])
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
        changes(&[(StrayBracket, "")])
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

/// The messages of `text`'s changes.
fn messages(text: &str) -> Vec<String> {
    match schema().repair(text) {
        Ok(repaired) => repaired.changes.into_iter().map(|c| c.message).collect(),
        Err(error) => panic!("{text:?} refused: {error}"),
    }
}

/// A property whose name and string value are both in single quotes is one
/// change at the property, whose message says both; a name or a value
/// alone in single quotes keeps its own message, and the items of an array
/// are places of their own.
#[test]
fn a_name_and_its_value_in_single_quotes_are_one_change() {
    assert_eq!(
        messages("{'path': 'a.txt', 'force': true}"),
        [
            "a property name and its string in single quotes, read as \"path\": \"a.txt\": \
             JSON writes property names and strings in double quotes",
            "a property name in single quotes, read as \"force\": \
             JSON writes property names in double quotes",
        ]
    );
    assert_eq!(
        messages("{\"path\": 'a.txt'}"),
        ["a string in single quotes, read as \"a.txt\": JSON writes strings in double quotes"]
    );
    assert_eq!(
        repaired("{'tags': ['a'], 'path': \"b\", \"edits\": [{'old': 'x'}]}").1,
        changes(&[
            (SingleQuotes, "/tags"),
            (SingleQuotes, "/tags/0"),
            (SingleQuotes, "/path"),
            (SingleQuotes, "/edits/0/old"),
        ])
    );
}

/// What repeats at one place is one change whose message counts it.
#[test]
fn what_repeats_at_one_place_is_counted_in_one_change() {
    assert_eq!(
        messages("{\"path\": \"a\nb\tc\"}"),
        [
            "2 raw control characters inside a string, each read as its escape: \
          JSON strings escape control characters"
        ]
    );
    assert_eq!(
        messages("{\"path\": \"it\\'s Bob\\'s\"}"),
        ["2 \\' inside a string, each read as ': JSON does not escape a single quote"]
    );
    assert_eq!(
        messages("{\"path\": \"a\"}}]"),
        ["2 brackets after the arguments' object, closing nothing, left out"]
    );
    // One of each stays as it was.
    assert_eq!(
        messages("{\"path\": \"a\nb\"}"),
        ["a raw newline inside a string, read as \\n: JSON strings escape control characters"]
    );
}

/// The note names each code once, with its places and what JSON wants, in
/// the order the codes first occur; it is empty for a text that was JSON,
/// and a change of another bridge among the repairs is a line of its own.
#[test]
fn the_note_groups_the_changes_by_code() {
    let text = "```json\n{'path': 'src', 'tags': ['a', 'b'], force: True, limit: None,}\n```";
    let repaired = schema().repair(text).unwrap();
    assert_eq!(repaired.changes.len(), 10);
    assert_eq!(
        repaired.note(),
        "Your arguments were not JSON; they were read with repairs. Send JSON next time:\n\
         - a markdown code fence around the arguments' object: send the object alone\n\
         - single quotes at /path, /tags, /tags/0, /tags/1: \
         JSON writes property names and strings in double quotes\n\
         - a property name without quotes at /force, /limit: \
         JSON writes property names in double quotes\n\
         - Python's True or False at /force: JSON's booleans are true and false\n\
         - None or undefined for an optional property at /limit: \
         leave out a property that has no value\n\
         - a comma before } or ] at (root): JSON has no comma after the last property or item"
    );
    assert_eq!(schema().repair("{\"path\": \"a\"}").unwrap().note(), "");
    let mut changes = repaired.changes;
    changes.truncate(1);
    changes.push(crate::Change::new(
        NumberFromString,
        "/limit",
        "the string \"5\", read as the number 5",
    ));
    assert_eq!(
        crate::Repaired::note_for(&changes),
        "Your arguments were not JSON; they were read with repairs. Send JSON next time:\n\
         - a markdown code fence around the arguments' object: send the object alone\n\
         - /limit: the string \"5\", read as the number 5"
    );
}

/// A string in single quotes whose escape JSON refuses - a lone surrogate,
/// as the npm package also sends a JavaScript string's lone surrogate, or
/// a `\u` short of its digits - is refused as `validate_str` refuses the
/// same text in double quotes: the same message, path and byte.
#[test]
fn a_wrong_escape_in_single_quotes_is_refused_as_json_refuses_it() {
    fn syntax<T: std::fmt::Debug>(result: Result<T, ArgsError>) -> crate::SyntaxError {
        match result {
            Err(ArgsError::Syntax(error)) => error,
            other => panic!("{other:?}"),
        }
    }
    let schema = schema();
    for single in [
        "{'path': '\\ud800'}",
        "{'path': '\\uD800'}",
        "{'path': 'x\\udc00y'}",
        "{'path': '\\ud800\\u0041'}",
        "{'path': 'a', 'tags': ['b', '\\uDBFF']}",
        "{'\\ud800': 1, 'path': 'a'}",
        "{'path': '\\u12'}",
    ] {
        let double = single.replace('\'', "\"");
        let error = syntax(schema.repair(single));
        let expected = syntax(schema.validate_str(&double));
        assert_eq!(
            (error.offset(), error.path(), error.message()),
            (expected.offset(), expected.path(), expected.message()),
            "{single}"
        );
        if single.contains("\\u12") {
            continue;
        }
        assert!(
            error.message().contains("a lone surrogate `\\u"),
            "{single}"
        );
    }
    // After a character written otherwise (`\'` is one byte of JSON), the
    // byte is still the one of the text as written: its closing quote.
    let text = "{'path': 'it\\'s \\ud800'}";
    let error = syntax(schema.repair(text));
    assert_eq!(error.offset(), text.len() - 2);
    assert_eq!(
        error.message(),
        "a lone surrogate `\\uD800` inside a string (escape a character beyond U+FFFF as a \
         pair, or write it as it is)"
    );
}
