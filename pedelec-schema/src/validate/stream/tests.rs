//! Each early refusal at the character that decides it: fed one character
//! at a time, the stream takes every character before it and refuses that
//! one, so a refusal that came later fails here.

use serde_json::{json, Value};

use crate::{ArgsError, ToolArgsSchema};

fn schema(properties: Value, required: &[&str]) -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": properties,
        "required": required,
    }))
    .unwrap()
}

/// The index of the character at which feeding `text` one character at a
/// time is refused, and the error; `None` if it is never refused before
/// `finish`.
fn refused_at(schema: &ToolArgsSchema, text: &str) -> Option<(usize, ArgsError)> {
    let mut stream = schema.stream();
    for (index, c) in text.chars().enumerate() {
        if let Err(error) = stream.feed(c.encode_utf8(&mut [0; 4])) {
            // Refused for good: the next piece gets the same answer.
            assert_eq!(
                stream.feed("x").unwrap_err().to_value(),
                error.to_value(),
                "{text}"
            );
            return Some((index, error));
        }
    }
    None
}

/// `text` is refused at the character `at` marks with `^`, with one error
/// at `path` for `keyword`.
fn refuses_at(schema: &ToolArgsSchema, text: &str, marker: &str, path: &str, keyword: &str) {
    let expected = marker.find('^').expect("a marker");
    let Some((index, error)) = refused_at(schema, text) else {
        panic!("{text}: never refused");
    };
    assert_eq!(
        index, expected,
        "{text}: refused at the wrong character: {error}"
    );
    let found: Vec<(String, &str)> = error
        .errors()
        .iter()
        .map(|error| (error.path(), error.keyword()))
        .collect();
    assert_eq!(found, [(path.to_owned(), keyword)], "{text}");
    // Fed whole, the stream is refused with the same error, and says at
    // which byte: the last of the deciding character.
    let (start, c) = text.char_indices().nth(expected).unwrap();
    let mut stream = schema.stream();
    let whole_error = stream.feed(text).unwrap_err();
    assert_eq!(whole_error.to_value(), error.to_value(), "{text}");
    assert_eq!(
        stream.refused_at(),
        Some(start + c.len_utf8() - 1),
        "{text}"
    );
    // And the whole text is refused by `validate_str` with that error too.
    let whole = schema.validate_str(text).unwrap_err();
    assert!(
        whole
            .errors()
            .iter()
            .any(|error| error.path() == path && error.keyword() == keyword),
        "{text}: {whole}"
    );
}

#[test]
fn a_string_is_refused_at_the_character_past_its_max_length() {
    let schema = schema(json!({"s": {"type": "string", "maxLength": 3}}), &[]);
    refuses_at(
        &schema,
        r#"{"s": "ab😀d", "t": 1}"#,
        "          ^",
        "/s",
        "maxLength",
    );
}

#[test]
fn a_string_is_refused_at_the_first_character_no_enum_value_has() {
    let schema = schema(
        json!({"m": {"type": "string", "enum": ["append", "apply", "overwrite"]}}),
        &[],
    );
    refuses_at(&schema, r#"{"m": "apx"}"#, "         ^", "/m", "enum");
    // An escape decodes to the character it stands for.
    refuses_at(
        &schema,
        r#"{"m": "a\u0070x"}"#,
        "              ^",
        "/m",
        "enum",
    );
    // A prefix of a value is refused at its closing quote.
    refuses_at(&schema, r#"{"m": "app"}"#, "          ^", "/m", "enum");
    // The message says what is known: how the string starts.
    let error = refused_at(&schema, r#"{"m": "apx"}"#).unwrap().1;
    assert_eq!(
        error.errors()[0].message(),
        r#"no allowed value starts with "apx"; use one of "append", "apply", "overwrite""#
    );
}

#[test]
fn a_string_is_refused_where_its_pattern_can_no_longer_match() {
    let schema = schema(json!({"p": {"type": "string", "pattern": "^[a-z]+$"}}), &[]);
    refuses_at(&schema, r#"{"p": "ab1c"}"#, "         ^", "/p", "pattern");
    let error = refused_at(&schema, r#"{"p": "ab1c"}"#).unwrap().1;
    assert_eq!(
        error.errors()[0].message(),
        r#"no string that starts with "ab1" matches the pattern "^[a-z]+$""#
    );
    // An unanchored pattern may match later: refused only at the end.
    let schema_b = schema_unanchored();
    refuses_at(
        &schema_b,
        r#"{"p": "xxxx"}"#,
        "           ^",
        "/p",
        "pattern",
    );
}

fn schema_unanchored() -> ToolArgsSchema {
    schema(json!({"p": {"type": "string", "pattern": "ab"}}), &[])
}

#[test]
fn an_array_is_refused_at_the_item_past_max_items() {
    let schema = schema(
        json!({"a": {"type": "array", "items": {"type": "integer"}, "maxItems": 2}}),
        &[],
    );
    refuses_at(
        &schema,
        r#"{"a": [1, 2, 3]}"#,
        "             ^",
        "/a",
        "maxItems",
    );
    // The item past `maxItems` is not checked: the branch (here the root)
    // failed at its first byte, and a failed branch checks nothing more.
    refuses_at(
        &schema,
        r#"{"a": [1, 2, "x"]}"#,
        "             ^",
        "/a",
        "maxItems",
    );
}

#[test]
fn a_value_of_the_wrong_type_is_refused_at_its_first_byte() {
    let schema = schema(
        json!({"n": {"type": "integer"}, "s": {"type": "string"}, "o": {"type": "object", "properties": {}}}),
        &[],
    );
    refuses_at(&schema, r#"{"n": "5"}"#, "      ^", "/n", "type");
    refuses_at(&schema, r#"{"s": null}"#, "      ^", "/s", "type");
    refuses_at(&schema, r#"{"o": [1]}"#, "      ^", "/o", "type");
    refuses_at(&schema, r#"[{"n": 1}]"#, "^", "", "type");
    let error = refused_at(&schema, r#"{"n": "5"}"#).unwrap().1;
    assert_eq!(
        error.errors()[0].message(),
        "expected an integer, found a string"
    );
}

#[test]
fn a_one_of_is_refused_once_no_branch_can_take_the_value() {
    let schema = schema(
        json!({"o": {"oneOf": [
            {"type": "string", "maxLength": 2},
            {"type": "integer"},
            {"type": "object", "properties": {"k": {"type": "boolean"}}, "required": ["k"]}
        ]}}),
        &[],
    );
    // The integer and object branches fail at `"`, the string at `c`.
    refuses_at(&schema, r#"{"o": "abc"}"#, "         ^", "/o", "oneOf");
    // Inside the object branch: `k` takes a boolean only.
    refuses_at(
        &schema,
        r#"{"o": {"k": 1}}"#,
        "            ^",
        "/o",
        "oneOf",
    );
    // The closest branch is told: the others refused the value's type.
    let error = refused_at(&schema, r#"{"o": "abc"}"#).unwrap().1;
    let message = error.errors()[0].message();
    assert_eq!(
        message,
        "the value matches none of the 3 `oneOf` branches; the closest is branch 0: the string \
         has 3 characters, more than the maximum length 2; shorten it; the other 2 fail too"
    );
}

#[test]
fn a_number_is_refused_at_its_delimiter_and_a_string_at_its_closing_quote() {
    let schema = schema(
        json!({"n": {"type": "integer", "maximum": 5}, "e": {"type": "string", "enum": ["ab"]}}),
        &[],
    );
    refuses_at(
        &schema,
        r#"{"n": 57, "e": "ab"}"#,
        "        ^",
        "/n",
        "maximum",
    );
    refuses_at(&schema, r#"{"e": "a", "n": 1}"#, "        ^", "/e", "enum");
    // A fraction under an integer node, at its end.
    refuses_at(&schema, r#"{"n": 1.5}"#, "         ^", "/n", "type");
}

#[test]
fn a_missing_required_property_is_refused_only_at_its_object_s_end() {
    let schema = schema(
        json!({"a": {"type": "integer"}, "o": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}}),
        &["a"],
    );
    refuses_at(
        &schema,
        r#"{"b": 1, "o": {"x": ""}}"#,
        "                       ^",
        "",
        "required",
    );
    refuses_at(
        &schema,
        r#"{"o": {"y": 1}, "a": 1}"#,
        "             ^",
        "/o",
        "required",
    );
}

#[test]
fn an_array_s_own_keywords_are_refused_at_its_end() {
    let schema = schema(
        json!({"t": {"type": "array", "items": {"type": "string"}, "uniqueItems": true, "minItems": 1}}),
        &[],
    );
    refuses_at(
        &schema,
        r#"{"t": ["a", "b", "a"]}"#,
        "                    ^",
        "/t",
        "uniqueItems",
    );
    refuses_at(&schema, r#"{"t": []}"#, "       ^", "/t", "minItems");
}

#[test]
fn a_one_of_that_several_branches_own_is_refused_at_its_end() {
    let schema = schema(
        json!({"o": {"oneOf": [{"type": "number"}, {"type": "integer", "minimum": 0}]}}),
        &[],
    );
    refuses_at(&schema, r#"{"o": 3}"#, "       ^", "/o", "oneOf");
    assert!(schema.validate_str(r#"{"o": -3}"#).is_ok());
}

/// Errors inside arrays are located through them, relative to the branch
/// they are in.
#[test]
fn errors_are_located_as_validate_locates_them() {
    let schema = schema(
        json!({"edits": {"type": "array", "items": {"type": "object", "properties": {
            "new": {"type": "string", "maxLength": 1},
            "at": {"type": "array", "items": {"type": "integer", "minimum": 0}}
        }}}}),
        &[],
    );
    refuses_at(
        &schema,
        r#"{"edits": [{"new": "a"}, {"at": [0, -1]}]}"#,
        "                                      ^",
        "/edits/1/at/1",
        "minimum",
    );
    refuses_at(
        &schema,
        r#"{"edits": [{}, {}, {"new": "ab"}]}"#,
        "                             ^",
        "/edits/2/new",
        "maxLength",
    );
    let text = r#"{"edits": [{"new": "ab"}]}"#;
    let stream_error = refused_at(&schema, text).unwrap().1;
    let whole = schema.validate_str(text).unwrap_err();
    assert_eq!(stream_error.to_value(), whole.to_value());
}

/// A property the schema names, given twice, is refused at the repeat's
/// key, by the stream and by `validate_str`; one it does not name keeps
/// its last value, as serde_json keeps it.
#[test]
fn a_named_property_given_twice_is_refused_at_its_key() {
    let schema = schema(json!({"a": {"type": "integer"}}), &[]);
    let text = r#"{"a": 1, "a": 2}"#;
    let (index, error) = refused_at(&schema, text).unwrap();
    assert_eq!(index, 11);
    let ArgsError::Syntax(syntax) = &error else {
        panic!("{error}");
    };
    assert_eq!(
        syntax.message(),
        r#"the property "a" is given twice in this object; give each property once"#
    );
    assert!(matches!(
        schema.validate_str(text),
        Err(ArgsError::Syntax(_))
    ));
    let text = r#"{"b": 1, "b": 2}"#;
    assert!(refused_at(&schema, text).is_none());
    let mut stream = schema.stream();
    stream.feed(text).unwrap();
    assert_eq!(stream.finish().unwrap(), json!({"b": 2}));
    assert!(schema.validate_str(text).is_ok());
}

/// A valid call is never refused, however it is cut, and finishes as
/// serde_json reads it.
#[test]
fn a_valid_call_is_taken_at_every_cut() {
    let schema = schema(
        json!({
            "m": {"type": "string", "enum": ["append", "apply"]},
            "p": {"type": "string", "pattern": "^[a-z]+\\d?$", "maxLength": 8},
            "o": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "integer"}, "maxItems": 3}]},
            "u": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}
        }),
        &["m"],
    );
    let text =
        r#"{"m": "apply", "p": "abc1", "o": [1, 2, 3], "u": ["a", "\u00e9"], "x": {"y": [null]}}"#;
    let expected: Value = serde_json::from_str(text).unwrap();
    assert!(refused_at(&schema, text).is_none());
    for (cut, _) in text.char_indices() {
        let mut stream = schema.stream();
        stream.feed(&text[..cut]).unwrap();
        stream.feed(&text[cut..]).unwrap();
        assert_eq!(stream.finish().unwrap(), expected, "cut at {cut}");
    }
}

/// Under a profile whose export makes optional properties nullable, a
/// `null` for an optional property opens no lane - at the top, nested, in
/// an array's object, in a `oneOf` branch - and is never refused, where
/// the plain stream refuses it at its first byte; a `null` for a required
/// property is refused there all the same. A failure beside such a `null`
/// (`maxLength`, inside a string) is still refused at its character.
#[test]
fn a_null_for_an_optional_property_is_refused_only_without_a_profile() {
    use crate::Profile;

    let schema = schema(
        json!({
            "id": {"type": "string", "maxLength": 3},
            "note": {"type": "string"},
            "items": {"type": "array", "items": {"type": "object", "properties": {
                "n": {"type": "integer"}, "tag": {"type": "string"}}, "required": ["n"]}},
            "o": {"oneOf": [
                {"type": "object", "properties": {"k": {"type": "string", "enum": ["a"]}, "x": {"type": "number"}}, "required": ["k"]},
                {"type": "object", "properties": {"k": {"type": "string", "enum": ["b"]}}, "required": ["k"]}
            ]}
        }),
        &["id"],
    );
    // The index of the character at which a stream for `profile`, fed one
    // character at a time, refuses.
    let refused = |profile: Profile, text: &str| {
        let mut stream = schema.stream_for(profile);
        text.chars()
            .position(|c| stream.feed(c.encode_utf8(&mut [0; 4])).is_err())
    };
    let text = r#"{"id": "a", "note": null, "items": [{"n": 1, "tag": null}], "o": {"k": "a", "x": null}}"#;
    assert_eq!(refused(Profile::OpenAiStrict, text), None);
    assert_eq!(refused(Profile::Mcp, text), text.find("null"));
    for text in [r#"{"id": null}"#, r#"{"id": "a", "items": [{"n": null}]}"#] {
        assert_eq!(
            refused(Profile::OpenAiStrict, text),
            text.find("null"),
            "{text}"
        );
    }
    let text = r#"{"note": null, "id": "abcd"}"#;
    assert_eq!(refused(Profile::OpenAiStrict, text), text.rfind('d'));
}

/// The outcome of `text` fed in `pieces`: each refusal's document and
/// byte, or the arguments.
fn fed(schema: &ToolArgsSchema, pieces: &[&str]) -> (Value, Option<usize>) {
    let mut stream = schema.stream();
    for piece in pieces {
        if let Err(error) = stream.feed(piece) {
            return (error.to_value(), stream.refused_at());
        }
    }
    let at = stream.refused_at();
    let outcome = match stream.finish() {
        Ok(value) => json!({"ok": value}),
        Err(error) => error.to_value(),
    };
    (outcome, at)
}

/// `text` one character a piece.
fn chars(text: &str) -> Vec<&str> {
    let char_at = |(at, c): (usize, char)| &text[at..at + c.len_utf8()];
    text.char_indices().map(char_at).collect()
}

/// Nested unions of strings, told apart by a number, as the stream's
/// cost benchmark has them: `n` objects, the `i`-th taking `k = i` and an
/// `s` that one of the same patterns and checks takes, whatever `i`.
fn nested_unions() -> ToolArgsSchema {
    let strings = json!([
        {"type": "string", "pattern": "^a{2}x$"},
        {"type": "string", "pattern": "^a+y$", "maxLength": 4},
        {"type": "string", "enum": ["ab", "abc", "b"]},
        {"type": "string", "maxLength": 2, "pattern": "^[a-c]+$"},
        {"type": "string", "enum": ["é😀", "éa"], "pattern": "^é"}
    ]);
    let branches: Vec<Value> = (0..3)
        .map(|i| {
            json!({"type": "object", "properties": {
            "k": {"type": "integer", "minimum": i, "maximum": i},
            "s": {"oneOf": strings},
            "t": {"type": "array", "items": {"oneOf": strings}}
        }, "required": ["k", "s"]})
        })
        .collect();
    schema(
        json!({"o": {"oneOf": branches}, "p": {"type": "string", "enum": ["abcd"], "maxLength": 3, "pattern": "^a[bz]"}}),
        &["o"],
    )
}

/// A run of a string is read in one pass by each lane, which finds the
/// character at which it refuses (`string.rs`): tied here to reading the
/// string one character at a time. Fed whole, one character at a time,
/// and cut in two at every place, every text gives the same refusal at
/// the same byte, or the same arguments - with several lanes refusing in
/// one run at different characters, lanes that share a pattern under
/// different branches, two checks refusing at one character, and
/// refusals whose failures are written only when a `oneOf` explains them.
#[test]
fn a_run_read_at_once_answers_as_one_character_at_a_time() {
    let schema = nested_unions();
    let mut refused = 0;
    for text in [
        r#"{"o": {"k": 1, "s": "aax"}}"#,
        r#"{"o": {"s": "aax", "k": 2}}"#,
        r#"{"o": {"s": "aay", "k": 2}}"#,
        r#"{"o": {"s": "aaay", "k": 0}}"#,
        r#"{"o": {"s": "aaaay", "k": 0}}"#,
        r#"{"o": {"s": "abq", "k": 0}}"#,
        r#"{"o": {"k": 0, "s": "abc"}}"#,
        r#"{"o": {"k": 0, "s": "abca"}}"#,
        r#"{"o": {"k": 2, "s": "éa"}}"#,
        r#"{"o": {"k": 2, "s": "é😀x"}}"#,
        r#"{"o": {"s": "b", "k": 3}}"#,
        r#"{"o": {"k": 1, "s": "ab", "t": ["aax", "zz", "b"]}}"#,
        r#"{"o": {"t": ["aax", "ab", "abz"], "k": 1, "s": "ab"}}"#,
        r#"{"o": {"k": 1, "s": "ab"}, "p": "abcd"}"#,
        r#"{"p": "abzd", "o": {"k": 1, "s": "ab"}}"#,
        r#"{"p": "ax", "o": {"k": 1, "s": "ab"}}"#,
    ] {
        let chars = chars(text);
        let expected = fed(&schema, &chars);
        refused += usize::from(expected.1.is_some());
        assert_eq!(fed(&schema, &[text]), expected, "{text}");
        for (cut, _) in text.char_indices() {
            let halves = [&text[..cut], &text[cut..]];
            assert_eq!(fed(&schema, &halves), expected, "{text} cut at {cut}");
        }
        // At the end, refused as `validate_str` refuses.
        if expected.1 == Some(text.len() - 1) {
            let whole = schema.validate_str(text).unwrap_err();
            assert_eq!(expected.0, whole.to_value(), "{text}");
        }
    }
    assert!(refused >= 8, "only {refused} texts refused");
    // Two checks that refuse at one character both say so, in the walk's
    // order, read at once as one character at a time.
    for (text, keywords) in [
        (r#"{"p": "ax"}"#, ["enum", "pattern"]),
        (r#"{"p": "abcz"}"#, ["enum", "maxLength"]),
    ] {
        let (_, error) = refused_at(&schema, text).unwrap();
        let found: Vec<&str> = error.errors().iter().map(|e| e.keyword()).collect();
        assert_eq!(found, keywords, "{text}");
        assert_eq!(fed(&schema, &[text]).0, error.to_value(), "{text}");
    }
}

/// A branch that fails inside a string keeps what refused and writes its
/// failures only when they are read (`branches.rs`): here when its
/// `oneOf` has no branch left, once the other branch fails at a later
/// number. The failure quotes the string as it was at the character that
/// decided, not as it ended.
#[test]
fn a_branch_failed_inside_a_string_is_explained_as_it_failed() {
    let schema = schema(
        json!({"o": {"oneOf": [
            {"type": "object", "properties": {"s": {"type": "string", "pattern": "^a+$"}}},
            {"type": "object", "properties": {"s": {"type": "string", "enum": ["alpha", "bravo"]}, "n": {"type": "integer", "maximum": 3}}}
        ]}}),
        &[],
    );
    let text = r#"{"o": {"s": "alpha", "n": 5}}"#;
    let (index, error) = refused_at(&schema, text).unwrap();
    assert_eq!(index, text.find('5').unwrap() + 1);
    assert_eq!(
        error.errors()[0].message(),
        "the value matches none of the 2 `oneOf` branches; the closest are branch 0: /s: no string \
         that starts with \"al\" matches the pattern \"^a+$\" | branch 1: /n: 5 is greater than \
         the maximum 3"
    );
}

/// A branch that has failed checks nothing more, and its strings open no
/// lane; but its objects still name their properties, so a repeat there
/// is refused as `validate_str` refuses it (`mod.rs`).
#[test]
fn a_failed_branch_still_names_the_properties_of_its_objects() {
    let schema = schema(
        json!({"o": {"oneOf": [
            {"type": "object", "properties": {"k": {"type": "integer", "maximum": 0}, "x": {"type": "object", "properties": {"y": {"type": "string"}}}}},
            {"type": "object", "properties": {"k": {"type": "integer", "minimum": 1}}}
        ]}}),
        &[],
    );
    let text = r#"{"o": {"k": 1, "x": {"y": "a", "y": "b"}}}"#;
    let (index, error) = refused_at(&schema, text).unwrap();
    assert_eq!(index, text.rfind("\"y\"").unwrap() + 2);
    assert!(matches!(error, ArgsError::Syntax(_)), "{error}");
    assert!(matches!(
        schema.validate_str(text),
        Err(ArgsError::Syntax(_))
    ));
}

/// `oneOf`s written alike share one fork for a scalar (`branches.rs`): a
/// stream answers as if each forked its own, as each does when a
/// description tells them apart, and at its end as `validate_str` does.
#[test]
fn one_of_s_written_alike_answer_as_if_each_forked() {
    use proptest::prelude::*;
    let outer = |apart: bool| {
        let branches: Vec<Value> = (0..3)
            .map(|i| {
                let mut inner = json!([
                    {"type": "string", "pattern": "^a{2}x$"},
                    {"type": "string", "enum": ["ab", "abc", "é"]},
                    {"type": "string", "maxLength": 2, "pattern": "^[a-c]+$"},
                    {"type": "number", "maximum": 0}, {"type": "integer", "minimum": 0}
                ]);
                inner[0]["description"] = json!(if apart { i } else { 0 }.to_string());
                json!({"type": "object", "properties": {
                    "k": {"type": "integer", "minimum": i, "maximum": i},
                    "s": {"oneOf": inner}}, "required": ["k", "s"]})
            })
            .collect();
        schema(json!({"o": {"oneOf": branches}}), &["o"])
    };
    let (shared, apart) = (outer(false), outer(true));
    let scalar = prop_oneof![
        "[abxé]{0,4}".prop_map(|s| format!("\"{s}\"")),
        prop::sample::select(vec!["0", "1e-400", "-1", "0.0", "2", "true", "null"])
            .prop_map(String::from),
    ];
    proptest!(ProptestConfig::with_cases(256), |(s in scalar, k in 0..4, first in any::<bool>())| {
        let text = match first {
            true => format!(r#"{{"o": {{"s": {s}, "k": {k}}}}}"#),
            false => format!(r#"{{"o": {{"k": {k}, "s": {s}}}}}"#),
        };
        let chars = chars(&text);
        let expected = fed(&apart, &chars);
        prop_assert_eq!(&fed(&shared, &chars), &expected);
        prop_assert_eq!(&fed(&shared, &[&text]), &expected);
        if expected.1.is_none_or(|at| at == text.len() - 1) {
            let whole = shared.validate_str(&text).map_or_else(|error| error.to_value(), |()| json!({"ok": serde_json::from_str::<Value>(&text).unwrap()}));
            prop_assert_eq!(whole, expected.0, "{}", text);
        }
    });
}
