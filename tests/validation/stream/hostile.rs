//! The stream on hostile texts: nesting at serde_json's limit and far
//! past it, a huge array, odd numbers, Unicode escapes and control
//! characters, odd texts, every syntax error at every place - each read
//! as serde_json reads it, whole and one character at a time.

use super::*;

/// The schema of the hostile texts: any object, and a few named places
/// (`s` a string, `n` a number, `ids` an array of integers) so that the
/// checked lanes read them too.
fn hostile_schema() -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({"type": "object", "properties": {
        "s": {"type": "string"},
        "n": {"type": "number"},
        "ids": {"type": "array", "items": {"type": "integer"}}
    }}))
    .unwrap()
}

/// The stream fed `text` one character at a time, and fed it whole,
/// answers as `validate_str` does (`check_stream`), and so agrees with
/// serde_json on whether the text is JSON: where serde_json reads it the
/// stream gives its value or (a value the schema refuses) an `Invalid`;
/// where it does not, a syntax error, or an `Invalid` before that byte.
/// A syntax error is the same however the text is cut. Returns whether
/// serde_json reads the text.
fn check_hostile(schema: &ToolArgsSchema, text: &str) -> bool {
    let serde = serde_json::from_str::<Value>(text);
    let mut syntax = Vec::new();
    for pieces in [pieces_of(text, &[]), vec![text]] {
        let compared = check_stream(schema, text, &pieces);
        match (&serde, &compared.streamed.outcome) {
            (Ok(value), Ok(read)) => assert_same_value(read, value, text),
            (Ok(value), Err(ArgsError::Invalid(_))) => {
                assert!(!schema.is_valid(value), "{text:?}")
            }
            (Err(_), Err(ArgsError::Syntax(error))) => syntax.push(error.clone()),
            (Err(_), Err(ArgsError::Invalid(_))) => {}
            (serde, ours) => panic!("{text:?}: serde_json {serde:?}, the stream {ours:?}"),
        }
    }
    if let [one, two] = &syntax[..] {
        assert_eq!(one, two, "{text:?}: the syntax error depends on the cuts");
    }
    serde.is_ok()
}

/// Nesting at serde_json's limit (128 containers, the root's object one
/// of them), under a property the schema does not name, in an array the
/// schema types, at the root, and 10 000 and 100 000 deep: 37 texts.
#[test]
fn nesting_at_serde_json_s_limit_is_read_as_serde_json_reads_it() {
    let schema = hostile_schema();
    let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let mut read = Vec::new();
    for depth in 124..=130 {
        let unnamed = format!("{{\"x\": {}}}", nested(depth));
        read.push((depth + 1, check_hostile(&schema, &unnamed)));
        let objects = format!("{}1{}", "{\"x\": ".repeat(depth), "}".repeat(depth));
        read.push((depth, check_hostile(&schema, &objects)));
        // `ids` holds integers: its arrays are refused where the first
        // item begins, whatever the depth; past the limit, as not JSON.
        check_hostile(&schema, &format!("{{\"ids\": {}}}", nested(depth)));
        let beside = format!("{{\"n\": 1, \"x\": [{{}}, {}, 2]}}", nested(depth));
        check_hostile(&schema, &beside);
        check_hostile(&schema, &nested(depth));
    }
    for depth in [10_000, 100_000] {
        let text = format!("{{\"x\": {}}}", nested(depth));
        assert!(!check_hostile(&schema, &text));
    }
    // The limit lies inside the depths tried: 127 containers are JSON, 128
    // are not, for the stream as for serde_json.
    for (containers, json) in read {
        assert_eq!(json, containers <= 127, "{containers} containers");
    }
}

/// A huge array, fed one character at a time and in pieces of 255
/// bytes: 200 000 integers under a property the schema does not name and
/// under `ids` (checked item by item); and the benchmarks' records, 10 000
/// of them read, one more refused at the first byte of the record past
/// `maxItems`: 4 texts.
#[test]
fn a_huge_array_is_read_whole_and_refused_at_the_item_past_max_items() {
    let schema = hostile_schema();
    let items: Vec<String> = (0..200_000).map(|i| i.to_string()).collect();
    let items = items.join(",");
    for name in ["x", "ids"] {
        let text = format!("{{\"{name}\": [{items}]}}");
        let expected: Value = serde_json::from_str(&text).unwrap();
        for pieces in [pieces_of(&text, &[]), pieces_of(&text, &[255])] {
            let streamed = feed_stream(&schema, &pieces);
            assert_same_value(streamed.outcome.as_ref().unwrap(), &expected, name);
        }
        assert!(schema.validate_str(&text).is_ok());
    }
    // `records` holds at most 10 000.
    let records = &stream_schemas()[7];
    let text_of_records = |count: usize| {
        let mut text = String::from("{\"records\": [");
        let mut last = 0;
        for i in 0..count {
            if i > 0 {
                text.push_str(", ");
            }
            last = text.len();
            text.push_str(&format!(
                "{{\"id\": {i}, \"label\": \"r{i}\", \"score\": 0.5}}"
            ));
        }
        text.push_str("]}");
        (text, last)
    };
    let (allowed, _) = text_of_records(10_000);
    let compared = check_stream(records, &allowed, &pieces_of(&allowed, &[200, 17]));
    assert!(compared.streamed.outcome.is_ok());
    let (past, last) = text_of_records(10_001);
    let Compared {
        streamed, checked, ..
    } = check_stream(records, &past, &pieces_of(&past, &[]));
    assert_eq!(streamed.refused_at, Some(last));
    let Err(ArgsError::Invalid(errors)) = streamed.outcome else {
        panic!("{:?}", streamed.outcome)
    };
    let found: Vec<_> = errors.iter().map(|e| (e.path(), e.keyword())).collect();
    assert_eq!(found, [("/records".to_owned(), "maxItems")]);
    assert!(checked.is_err());
}

/// Numbers as written: every odd spelling serde_json reads or refuses, as
/// a property the schema does not name, as `n` (a number), in an array,
/// before a `}` with and without space, and as the whole text: 52
/// spellings in 6 places each.
#[test]
fn odd_numbers_are_read_as_serde_json_reads_them() {
    let schema = hostile_schema();
    let long = format!("1{}", "0".repeat(400));
    let long_fraction = format!("0.{}1", "0".repeat(400));
    let lexemes = [
        "0",
        "-0",
        "1",
        "-1",
        "1.0",
        "-0.0",
        "0.0",
        "1e308",
        "-1e308",
        "1e309",
        "1e400",
        "-1e400",
        "1e-400",
        "4.9e-324",
        "2.4e-324",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "1E+2",
        "1e-2",
        "2.5E-3",
        "0e0",
        "-0e-0",
        "9007199254740992",
        "9007199254740993",
        "-9007199254740993",
        "9007199254740993.0",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "0.1000000000000000055511151231257827",
        "123456789012345678901234567890",
        &long,
        &long_fraction,
        // Not JSON.
        "01",
        "-01",
        "00",
        "1.",
        "-",
        ".5",
        "+1",
        "1e",
        "1e+",
        "-e1",
        "1.e2",
        "0x10",
        "NaN",
        "Infinity",
        "-Infinity",
        "1_000",
        "1.5.2",
        "--1",
    ];
    let mut json = 0;
    for lexeme in lexemes {
        for text in [
            format!("{{\"x\": {lexeme}}}"),
            format!("{{\"n\": {lexeme}}}"),
            format!("{{\"x\": [{lexeme}, {lexeme}]}}"),
            format!("{{\"n\":{lexeme} }}"),
            format!("{{\"ids\": [{lexeme}]}}"),
            lexeme.to_owned(),
        ] {
            json += usize::from(check_hostile(&schema, &text));
        }
    }
    assert!(json > 100 && json < 52 * 6, "{json} of the texts are JSON");
}

/// Strings beyond ASCII and escapes: astral characters raw and as
/// surrogate pairs, lone and misordered surrogates, every raw control
/// character and DEL, as a named string, as a property the schema does
/// not name, in an array there, and as a key: 50 strings in 4 places
/// each.
#[test]
fn unicode_escapes_and_control_characters_are_read_as_serde_json_reads_them() {
    let schema = hostile_schema();
    let mut strings: Vec<String> = [
        "🐲",
        "a🐲b",
        "\\ud83d\\udc32",
        "\\uD83D\\uDC32x",
        "é",
        "e\\u0301",
        "\\u00e9",
        "\\u0000",
        "\\u001f",
        "\\u007f",
        "\\uffff",
        "\\ufeff",
        "\u{feff}",
        "\u{10ffff}",
        "\\udbff\\udfff",
        "\\/",
        "\\\"",
        "\\\\",
        "\\b\\f\\n\\r\\t",
        // Not JSON.
        "\\ud800",
        "\\udc00",
        "\\ud800x",
        "\\ud800\\u0041",
        "\\ud800\\ud800",
        "\\udc00\\ud800",
        "\\ud800\\",
        "\\ud800\\n",
        "\\u12",
        "\\u12g4",
        "\\x41",
        "\\U0041",
        "\\a",
        "\\",
        "\\u{41}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    strings.extend(
        (0u8..0x20)
            .step_by(3)
            .chain([0x7f])
            .map(|c| char::from(c).to_string()),
    );
    strings.extend(["a\u{0}b", "\t", "\n", "\r"].map(str::to_owned));
    let mut json = 0;
    for string in &strings {
        for text in [
            format!("{{\"s\": \"{string}\"}}"),
            format!("{{\"x\": \"{string}\"}}"),
            format!("{{\"x\": [\"{string}\"]}}"),
            format!("{{\"{string}\": 1}}"),
        ] {
            json += usize::from(check_hostile(&schema, &text));
        }
    }
    assert!(
        json > 40 && json < strings.len() * 4,
        "{json} of the texts are JSON"
    );
}

/// Whole texts that are not JSON, or are in odd ways: 33 texts.
#[test]
fn odd_texts_are_read_as_serde_json_reads_them() {
    let schema = hostile_schema();
    for text in [
        "",
        " ",
        "\n\t\r ",
        "{",
        "}",
        "{}",
        " {} ",
        "{}{}",
        "{} x",
        "{},",
        "[]",
        "null",
        "true",
        "\"s\"",
        "\u{feff}{}",
        "{\"x\": 1,}",
        "{\"x\": [1,]}",
        "{x: 1}",
        "{'x': 1}",
        "{\"x\" 1}",
        "{\"x\": }",
        "{\"x\": 1 \"y\": 2}",
        "{\"x\": tru}",
        "{\"x\": truex}",
        "{\"x\": nul}",
        "{\"x\": True}",
        "{\"x\": 1} // c",
        "{\"x\": /* c */ 1}",
        "{\u{0}}",
        "{\"x\": 1}\u{0}",
        "{\"x\": [1 2]}",
        "{\"x\": {\"y\": 1]}",
        "{\"s\": \"a\" , \"x\" : [ ] }",
    ] {
        check_hostile(&schema, text);
    }
}

/// Every syntax error at every place of a few texts: each character of 4
/// texts (of 40 to 70 characters) deleted, and each of 16 bytes put before
/// it and in its place, about 6 000 texts, each fed one character at a
/// time and whole.
#[test]
fn every_syntax_error_at_every_place_is_found_as_serde_json_finds_it() {
    let schema = hostile_schema();
    let texts = [
        r#"{"s": "a\"🐲\u00e9", "n": -1.5e3, "ids": [1, 2]}"#,
        r#"{"x": {"y": [true, false, null]}, "n": 0}"#,
        "{\n  \"x\": [{}, [], \"\\ud83d\\udc32\"],\n  \"s\": \"\"\n}",
        r#"{"unnamed": {"s": 1, "n": "x"}, "t~1": [0.5, 1E2]}"#,
    ];
    let inserted = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "0", "-", ".", "e", " ", "\u{1}", "é", "x",
    ];
    let (mut json, mut total) = (0, 0);
    for text in texts {
        for (at, c) in text.char_indices() {
            let rest = &text[at + c.len_utf8()..];
            let mut variants = vec![format!("{}{rest}", &text[..at])];
            for byte in inserted {
                variants.push(format!("{}{byte}{}", &text[..at], &text[at..]));
                variants.push(format!("{}{byte}{rest}", &text[..at]));
            }
            for variant in variants {
                json += usize::from(check_hostile(&schema, &variant));
                total += 1;
            }
        }
    }
    assert!(
        json * 10 > total && json * 2 < total,
        "{json} of {total} are JSON"
    );
}

/// `validate_str` refuses what the stream refuses: texts that are not
/// JSON under a property the schema does not name (lone surrogates, a
/// number beyond `f64`, nesting past serde_json's limit), and a property
/// a `oneOf` branch names given twice inside the `oneOf`'s value. The
/// stream refuses each, and so must `validate_str`: with a syntax error
/// for the texts that are not JSON and for a bare repeat (one whose first
/// value a branch takes); the last repeat's first value no branch takes,
/// which may be refused first. 8 texts.
#[test]
fn validate_str_refuses_what_the_stream_refuses() {
    let any = json!({"type": "object"});
    let two_objects = json!({"type": "object", "properties": {"o": {"oneOf": [
        {"type": "object", "properties": {"a": {"type": "integer"}}},
        {"type": "object", "properties": {"a": {"type": "string"}}}
    ]}}});
    let object_or_nested = json!({"type": "object", "properties": {"o": {"oneOf": [
        {"type": "object", "properties": {"a": {"type": "boolean"}}},
        {"oneOf": [{"type": "number"}]}
    ]}}});
    let deep = format!("{{\"x\": {}{}}}", "[".repeat(127), "]".repeat(127));
    for (schema, text, syntax) in [
        // Not JSON: the stream gives a syntax error.
        (&any, r#"{"x": "\ud800"}"#, true),
        (&any, r#"{"x": "\udc00"}"#, true),
        (&any, r#"{"x": 1e400}"#, true),
        (&any, deep.as_str(), true),
        // A repeat inside a `oneOf`'s value: the stream refuses the
        // repeat, or (the last) the first `a`, which no branch takes.
        (&two_objects, r#"{"o": {"a": 1, "a": 2}}"#, true),
        (&two_objects, r#"{"o": {"a": "x", "a": 2}}"#, true),
        (&object_or_nested, r#"{"o": {"a": true, "a": true}}"#, true),
        (&object_or_nested, r#"{"o": {"a": "x", "a": true}}"#, false),
    ] {
        let schema = ToolArgsSchema::from_value(schema).unwrap();
        let refusal = feed_stream(&schema, &[text]).outcome;
        assert!(refusal.is_err(), "the stream reads {text}");
        match schema.validate_str(text) {
            Ok(()) => panic!("validate_str accepts {text:.40}, the stream refuses it: {refusal:?}"),
            Err(ArgsError::Syntax(_)) => {}
            Err(error) => assert!(!syntax, "{text:.40}: not a syntax error: {error:?}"),
        }
    }
}
