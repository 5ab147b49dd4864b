//! Hostile texts: nesting at and past the reader's limit, huge arrays,
//! odd numbers, astral characters and lone surrogates inside single
//! quotes - each repaired or refused as the rules say, never a panic.

use pedelec_schema::{ArgsError, ChangeCode, ToolArgsSchema};
use serde_json::{json, Value};

fn open_schema() -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"items": {"type": "array", "items": {"type": "string"}}}
    }))
    .unwrap()
}

fn syntax(result: Result<pedelec_schema::Repaired, ArgsError>) -> pedelec_schema::SyntaxError {
    match result {
        Err(ArgsError::Syntax(error)) => error,
        other => panic!("expected a syntax error: {other:?}"),
    }
}

/// A repair at the deepest level the reader takes is made; one level
/// deeper, the reader's nesting limit stands, as serde_json's does.
#[test]
fn nesting_at_and_past_the_limit() {
    let schema = open_schema();
    for depth in [126, 127] {
        // The root and `depth - 1` arrays: `depth` containers.
        let text = format!(
            "{{'x': {}'deep',{}}}",
            "[".repeat(depth - 1),
            "]".repeat(depth - 1)
        );
        let repaired = schema
            .repair(&text)
            .unwrap_or_else(|e| panic!("{depth}: {e}"));
        let codes: Vec<_> = repaired.changes.iter().map(|c| c.code).collect();
        assert_eq!(
            codes,
            [
                ChangeCode::SingleQuotes,
                ChangeCode::SingleQuotes,
                ChangeCode::TrailingComma
            ]
        );
        assert_eq!(
            repaired.changes[2].pointer,
            format!("/x{}", "/0".repeat(depth - 2))
        );
    }
    let text = format!("{{'x': {}'deep'{}}}", "[".repeat(127), "]".repeat(127));
    let error = syntax(schema.repair(&text));
    assert!(
        error.message().contains("nested more than 127 deep"),
        "{error}"
    );
    let deep = format!("{{'x': {}", "[".repeat(10_000));
    assert!(schema.repair(&deep).is_err());
}

/// 200 000 single-quoted items and a trailing comma: one repair each,
/// read in one pass; cut anywhere inside, refused.
#[test]
fn a_huge_array_of_repairs() {
    let schema = open_schema();
    let items: Vec<String> = (0..200_000).map(|i| format!("'item {i}'")).collect();
    let text = format!("{{\"items\": [{},]}}", items.join(", "));
    let repaired = schema.repair(&text).unwrap();
    assert_eq!(repaired.changes.len(), 200_001);
    assert_eq!(repaired.value["items"][199_999], "item 199999");
    for cut in [text.len() / 3, text.len() / 2, text.len() - 2] {
        let cut = (cut..).find(|&at| text.is_char_boundary(at)).unwrap();
        assert!(
            syntax(schema.repair(&text[..cut])).is_truncated(),
            "cut at {cut}"
        );
    }
}

/// What repeats inside one string, or after the object, is one change
/// that counts it, however many times it repeats: a million raw newlines
/// cost a counter, not a million changes held until the end (issue 47).
#[test]
fn repeats_at_one_place_are_one_change_that_counts_them() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"text": {"type": "string"}, "more": {"type": "string"}}
    }))
    .unwrap();
    let n = 1_000_000;
    let text = format!("{{\"text\": \"{}\"}}", "a\n".repeat(n));
    let repaired = schema.repair(&text).unwrap();
    assert_eq!(repaired.value["text"], "a\n".repeat(n));
    assert_eq!(repaired.changes.len(), 1);
    assert!(
        repaired.changes[0]
            .message
            .starts_with("1000000 raw control characters"),
        "{}",
        repaired.changes[0].message
    );
    // Two strings: a change each; in single quotes, the same count.
    let text = format!("{{'text': '{}', \"more\": \"x\ty\"}}", "\r\n".repeat(n / 2));
    let changes = schema.repair(&text).unwrap().changes;
    let counted: Vec<_> = changes
        .iter()
        .map(|c| (c.code, c.pointer.as_str()))
        .collect();
    assert_eq!(
        counted,
        [
            (ChangeCode::SingleQuotes, "/text"),
            (ChangeCode::ControlCharacter, "/text"),
            (ChangeCode::ControlCharacter, "/more"),
        ]
    );
    assert!(
        changes[1].message.starts_with("1000000 raw"),
        "{:?}",
        changes[1]
    );
    assert!(
        changes[2].message.starts_with("a raw tab"),
        "{:?}",
        changes[2]
    );
    // Quotes that cannot end their string, and stray brackets.
    let text = format!("{{\"text\": \"{}\"}}{}", "a\"b".repeat(n), "}".repeat(n));
    let changes = schema.repair(&text).unwrap().changes;
    let messages: Vec<_> = changes.iter().map(|c| c.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[0].starts_with("1000000 \" inside a string"),
        "{messages:?}"
    );
    assert!(
        messages[1].starts_with("1000000 brackets after"),
        "{messages:?}"
    );
}

/// Numbers are the reader's: odd ones read as serde_json reads them,
/// one out of range refused where it is, whatever was repaired before.
#[test]
fn odd_numbers_beside_repairs() {
    let schema = open_schema();
    for (number, expected) in [
        ("1.0", json!(1.0)),
        ("-0.0", json!(-0.0)),
        ("1e308", json!(1e308)),
        ("9007199254740993", json!(9007199254740993u64)),
        (
            "-9223372036854775809",
            serde_json::from_str::<Value>("-9223372036854775809").unwrap(),
        ),
    ] {
        let repaired = schema.repair(&format!("{{'n': {number},}}")).unwrap();
        assert_eq!(repaired.value["n"], expected, "{number}");
    }
    let error = syntax(schema.repair("{'n': 1e400}"));
    assert_eq!(error.offset(), 11, "{error}");
    assert!(syntax(schema.repair("{'n': 1.}")).offset() == 8);
    assert!(schema.repair("{'n': NaN}").is_err());
    assert!(schema.repair("{'n': Infinity}").is_err());
}

/// Astral characters and escapes inside single quotes are the string's;
/// a lone surrogate escape is refused as in double quotes: named, at the
/// byte after it.
#[test]
fn unicode_inside_single_quotes() {
    let schema = open_schema();
    let repaired = schema
        .repair("{'items': ['😀𝄞', 'caf\\u00e9', '\\ud83d\\ude00', 'tab\there']}")
        .unwrap();
    assert_eq!(
        repaired.value["items"],
        json!(["😀𝄞", "café", "😀", "tab\there"])
    );
    let codes: Vec<_> = repaired.changes.iter().map(|c| c.code).collect();
    assert_eq!(
        codes
            .iter()
            .filter(|&&c| c == ChangeCode::ControlCharacter)
            .count(),
        1
    );
    let error = syntax(schema.repair("{'items': ['ok', '\\ud800']}"));
    assert_eq!(error.offset(), 24, "{error}");
    assert!(
        error.message().starts_with("a lone surrogate `\\uD800`"),
        "{error}"
    );
    // Text around that is not UTF-8-clean ASCII: a byte-order mark.
    let repaired = schema.repair("\u{feff}{\"items\": []}").unwrap();
    assert_eq!(repaired.changes[0].code, ChangeCode::TextAround);
}
