//! The reader against serde_json: the same values from every cut, and
//! syntax errors at the byte, with the pointer of the value being read.

use serde_json::Value;

use super::*;
use crate::validate::read_whole;

/// A listener that hears everything and refuses nothing.
struct Deaf;

impl Listener for Deaf {
    fn begin(&mut self, _: Begun) -> Result<(), Halt> {
        Ok(())
    }
    fn key(&mut self, _: &str, _: &serde_json::Map<String, Value>) -> Result<(), Halt> {
        Ok(())
    }
    fn string_part(&mut self, _: &str) -> Result<(), usize> {
        Ok(())
    }
    fn end(&mut self, _: &Value) -> Result<(), Halt> {
        Ok(())
    }
}

/// `text` fed in the pieces that `cuts` (byte offsets) make.
fn read_cut(text: &str, cuts: &[usize]) -> Result<Value, Stopped> {
    let mut reader = Reader::new();
    let mut last = 0;
    for &cut in cuts.iter().chain([&text.len()]) {
        reader.feed(&text[last..cut], &mut Deaf)?;
        last = cut;
    }
    reader.finish(&mut Deaf)
}

fn syntax(text: &str) -> SyntaxError {
    match read(text, &mut Deaf) {
        Err(Stopped::Syntax(error)) => error,
        other => panic!("{text:?}: {other:?}"),
    }
}

const TEXTS: [&str; 9] = [
    r#"{"a": 1, "b": [true, false, null], "c": {"d": "e\n\u00e9\ud83d\ude00"}}"#,
    r#"  {"n": -0, "m": 1.0, "x": 1e308, "y": 2.5E-3, "z": 18446744073709551616}  "#,
    r#"{"": "", "k": "\"\\\/\b\f\n\r\t", "astral": "😀𝄞"}"#,
    "[]",
    "[[[[]]], {}, \"\", 0]",
    "-12.5e+3",
    "true",
    r#"{"a": 1, "a": 2}"#,
    "\"\u{10FFFF}\"",
];

/// Every text, cut at every character boundary (and char by char), reads
/// as serde_json reads it whole.
#[test]
fn values_are_serde_json_s_at_every_cut() {
    for text in TEXTS {
        let expected: Value = serde_json::from_str(text).unwrap();
        let boundaries: Vec<usize> = text.char_indices().map(|(at, _)| at).skip(1).collect();
        assert_eq!(read_cut(text, &boundaries).unwrap(), expected, "{text}");
        for &cut in &boundaries {
            assert_eq!(
                read_cut(text, &[cut]).unwrap(),
                expected,
                "{text} cut at {cut}"
            );
        }
    }
}

/// Every strict prefix of a text is either incomplete (a truncated error
/// at `finish`) or, for a prefix serde_json also reads, the same value.
#[test]
fn a_prefix_never_finishes_as_a_different_value() {
    for text in TEXTS {
        for (cut, _) in text.char_indices() {
            let prefix = &text[..cut];
            match (read_cut(prefix, &[]), serde_json::from_str::<Value>(prefix)) {
                (Ok(value), Ok(expected)) => assert_eq!(value, expected, "{prefix}"),
                (Err(Stopped::Syntax(error)), Err(_)) => {
                    assert!(error.is_truncated(), "{prefix:?}: {error}")
                }
                (ours, theirs) => panic!("{prefix:?}: {ours:?} vs {theirs:?}"),
            }
        }
    }
}

#[test]
fn syntax_errors_name_the_byte_the_value_and_what_was_expected() {
    let cases = [
        (
            "{\"edits\": [{\"new\": \"a\nb\"}]}",
            21,
            "/edits/0/new",
            "an unescaped newline inside a string (write it as \\n)",
        ),
        (r#"{"a": 1,}"#, 8, "", "a `,` before `}`: remove the trailing comma"),
        (r#"{"a": [1, 2,]}"#, 12, "/a", "a `,` before `]`: remove the trailing comma"),
        (r#"{"a" 1}"#, 5, "", "expected `:` after the property name, found `1`"),
        (r#"{'a': 1}"#, 1, "", "expected a property name in double quotes or `}`, found `'`"),
        (r#"{"a": True}"#, 6, "/a", "expected a value (an object, array, string, number, `true`, `false` or `null`), found `T`"),
        (r#"{"a": tru}"#, 9, "/a", "expected `true`"),
        (r#"{"a": 01}"#, 7, "/a", "a number with a leading zero"),
        (r#"{"a": 1.}"#, 8, "/a", "expected a digit after the decimal point"),
        (r#"{"a": 1e400}"#, 11, "/a", "a number beyond the range of a 64-bit float"),
        (r#"{"a": "\x"}"#, 8, "/a", "an invalid escape `\\x` inside a string (write a backslash as \\\\)"),
        (r#"{"a": "\ud800x"}"#, 13, "/a", "a lone surrogate `\\uD800` inside a string (escape a character beyond U+FFFF as a pair, or write it as it is)"),
        (r#"{"a": "\udc00"}"#, 12, "/a", "a lone surrogate `\\uDC00` inside a string (escape a character beyond U+FFFF as a pair, or write it as it is)"),
        (r#"{"a": 1} {}"#, 9, "", "expected the end of the text after the arguments' value, found `{`"),
        (r#"{"a": [1 2]}"#, 9, "/a", "expected `,` or `]` after an item, found `2`"),
    ];
    for (text, offset, path, message) in cases {
        assert!(serde_json::from_str::<Value>(text).is_err(), "{text}");
        let error = syntax(text);
        assert_eq!(
            (error.offset(), error.path(), error.message()),
            (offset, path, message),
            "{text}"
        );
        assert!(!error.is_truncated(), "{text}");
    }
}

#[test]
fn a_text_that_stops_early_is_truncated_at_its_end() {
    let cases = [
        (
            "",
            "",
            "the text holds no JSON value; expected the arguments' object",
        ),
        (
            "  ",
            "",
            "the text holds no JSON value; expected the arguments' object",
        ),
        (
            r#"{"a": "hel"#,
            "/a",
            "the text ends inside a string: the call is cut short",
        ),
        (
            r#"{"a": [1, "#,
            "/a/1",
            "the text ends after a `,`: the call is cut short",
        ),
        (
            r#"{"a": [1"#,
            "/a/0",
            "the text ends inside a number: the call is cut short",
        ),
        (
            r#"{"a": {"#,
            "/a",
            "the text ends inside an object, before its `}`: the call is cut short",
        ),
        (
            r#"{"a""#,
            "",
            "the text ends after a property name: the call is cut short",
        ),
        (
            r#"{"a": "\u00"#,
            "/a",
            "the text ends inside a string: the call is cut short",
        ),
    ];
    for (text, path, message) in cases {
        let error = syntax(text);
        assert_eq!(
            (error.offset(), error.path(), error.message()),
            (text.len(), path, message),
            "{text:?}"
        );
        assert!(error.is_truncated());
    }
}

/// serde_json's recursion limit: 127 nested containers read, 128 refused.
#[test]
fn nesting_is_limited_as_serde_json_limits_it() {
    for depth in [126, 127, 128, 129] {
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let ours = read(&text, &mut Deaf);
        let theirs = serde_json::from_str::<Value>(&text);
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{depth}");
    }
}

/// Every byte of a text replaced by every byte that breaks it: the reader
/// agrees with serde_json on whether it is JSON, and never panics.
#[test]
fn every_broken_byte_is_refused_where_serde_json_refuses() {
    let text = r#"{"a": [1, -2.5e3, "x\u00e9y"], "b": {"c": true, "d": null}}"#;
    for at in 0..text.len() {
        for byte in [b'"', b',', b':', b'}', b']', b'x', b'0', b'\\', b' ', 0x01] {
            let mut broken = text.as_bytes().to_vec();
            broken[at] = byte;
            let Ok(broken) = String::from_utf8(broken) else {
                continue;
            };
            let ours = read(&broken, &mut Deaf).map_err(|_| ());
            let theirs = serde_json::from_str::<Value>(&broken).map_err(|_| ());
            assert_eq!(ours, theirs, "{broken}");
        }
    }
}

/// A reader stopped by a byte keeps the state that byte found: resumed
/// there and fed the right text from that byte on, it reads what it would
/// have read without the wrong byte (what `repair/` relies on). Checked at
/// every ASCII byte of every text, for each of several wrong bytes; a
/// byte right after a number's digits finds the number ended by it.
#[test]
fn a_reader_stuck_at_a_byte_resumes_as_the_byte_found_it() {
    let mut resumed = 0;
    for text in TEXTS {
        let expected: Value = serde_json::from_str(text).unwrap();
        for (at, byte) in text.bytes().enumerate() {
            for wrong in [b'\x01', b'\'', b'x', b'}', b']', b':', b',', b'T'] {
                if !byte.is_ascii() || byte == wrong {
                    continue;
                }
                let mut broken = text.as_bytes().to_vec();
                broken[at] = wrong;
                let broken = String::from_utf8(broken).unwrap();
                let mut reader = Reader::new();
                let Err(Stopped::Syntax(error)) = reader.feed(&broken, &mut Deaf) else {
                    continue;
                };
                // A byte after a number's digits ends the number before it
                // is read: it finds the number complete.
                let after_digit = at > 0 && text.as_bytes()[at - 1].is_ascii_digit();
                let after_value = matches!(reader.stuck(), Some(Place::AfterValue | Place::End));
                if error.offset() != at || reader.stuck().is_none() || (after_digit && after_value)
                {
                    continue;
                }
                reader.resume(Resume::AsBefore);
                if let Err(stopped) = reader.feed(&text[at..], &mut Deaf) {
                    panic!("{broken:?} resumed at {at}: {stopped:?}");
                }
                let value = reader.finish(&mut Deaf).unwrap();
                assert_eq!(value, expected, "{broken:?} resumed at {at}");
                resumed += 1;
            }
        }
    }
    assert!(
        resumed > 200,
        "only {resumed} texts were stopped at their wrong byte"
    );
}

/// A trailing comma, taken back, lets its container close.
#[test]
fn a_reader_resumed_without_its_comma_closes_the_container() {
    for (text, expected) in [
        (r#"{"a": 1,}"#, serde_json::json!({"a": 1})),
        ("[1, [2,],]", serde_json::json!([1, [2]])),
    ] {
        let mut reader = Reader::new();
        let mut rest = text;
        let value = loop {
            let before = reader.offset();
            match reader.feed(rest, &mut Deaf) {
                Ok(()) => break reader.finish(&mut Deaf).unwrap(),
                Err(Stopped::Syntax(error)) => {
                    rest = &rest[error.offset() - before..];
                    let expected = match rest.starts_with(']') {
                        true => Place::Value { after_comma: true },
                        false => Place::Key { after_comma: true },
                    };
                    assert_eq!(reader.stuck(), Some(expected), "{text}");
                    reader.resume(Resume::WithoutComma);
                }
                Err(Stopped::Refused) => unreachable!(),
            }
        };
        assert_eq!(value, expected, "{text}");
    }
}

/// The shortcut answers exactly where the reader would read the same
/// value with nothing to say (JSON, no name given twice), and gives up
/// everywhere else: on every text above, every broken byte of one, every
/// cut-short prefix, and names repeated at any depth.
#[test]
fn the_whole_read_shortcut_is_the_reader_where_no_name_repeats() {
    let repeated = [
        r#"{"a": 1, "a": 2}"#,
        r#"{"a": 1, "b": {"c": [], "c": []}}"#,
        r#"[{"x": {}}, {"x": 1, "y": 2, "x": 3}]"#,
    ];
    for text in repeated {
        assert_eq!(read_whole(text), None, "{text}");
    }
    let whole = TEXTS.iter().filter(|text| !repeated.contains(text));
    for text in whole.clone() {
        assert_eq!(
            read_whole(text),
            Some(read(text, &mut Deaf).unwrap()),
            "{text}"
        );
    }
    let text = r#"{"a": [1, -2.5e3, "x\u00e9y"], "b": {"c": true, "d": null}}"#;
    let mut texts: Vec<String> = whole.map(|text| text.to_string()).collect();
    for at in 0..text.len() {
        texts.push(text[..at].to_string());
        for byte in [b'"', b',', b':', b'}', b']', b'x', b'0', b'\\', b' ', 0x01] {
            let mut broken = text.as_bytes().to_vec();
            broken[at] = byte;
            texts.extend(String::from_utf8(broken));
        }
    }
    let deep = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    texts.extend([deep(127), deep(128), r#""\ud800""#.into(), " 1 2".into()]);
    for text in &texts {
        let reader = read(text, &mut Deaf).ok();
        assert_eq!(read_whole(text), reader, "{text}");
    }
}
