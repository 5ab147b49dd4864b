//! The `repair` target's check: a value `repair` gives is one the schema
//! accepts, JSON text is answered as `validate_str` answers it, and no
//! text cut short is completed.

use pedelec_schema::{ArgsError, ChangeCode, ToolArgsSchema};
use serde_json::{json, Value};

use super::{assert_same_value, stream_schemas};

/// The codes `repair` reports: the "Repair of argument text" section of
/// [`ChangeCode`].
pub const REPAIR_CODES: &[ChangeCode] = &[
    ChangeCode::CodeFence,
    ChangeCode::TextAround,
    ChangeCode::StrayBracket,
    ChangeCode::SingleQuotes,
    ChangeCode::UnquotedKey,
    ChangeCode::PythonLiteral,
    ChangeCode::AbsentValue,
    ChangeCode::TrailingComma,
    ChangeCode::ControlCharacter,
    ChangeCode::EmptyArguments,
    ChangeCode::UnescapedQuote,
    ChangeCode::BracketsForObject,
    ChangeCode::EscapedApostrophe,
];

/// The first byte picks one of [`stream_schemas`] (none: the first), the
/// rest is the text of the arguments, read lossily as UTF-8; `repair` of
/// it keeps every promise [`check_repair`] checks.
pub fn repair(data: &[u8]) {
    let (head, text) = data
        .split_first()
        .map_or((0, data), |(&head, text)| (head, text));
    let schemas = stream_schemas();
    let schema = &schemas[usize::from(head) % schemas.len()];
    check_repair(schema, &String::from_utf8_lossy(text));
}

/// Whether `pointer` is a JSON Pointer (RFC 6901): empty, or tokens each
/// after a `/`, in which a `~` is always `~0` or `~1`.
pub fn is_json_pointer(pointer: &str) -> bool {
    if !pointer.is_empty() && !pointer.starts_with('/') {
        return false;
    }
    let mut chars = pointer.chars();
    while let Some(c) = chars.next() {
        if c == '~' && !matches!(chars.next(), Some('0' | '1')) {
            return false;
        }
    }
    true
}

/// `repair` of `text`:
///
/// - a value it gives is one the schema accepts, and each change has a
///   repair code and a JSON Pointer into the value, or to a property of
///   an object in it (one given as `None`, left out), with no two changes
///   of one code at one place; the result and every error serialize;
/// - on a text that is JSON it answers as `validate_str`: the value
///   serde_json reads with no change, or the very error (but `null` and
///   `""`, for a schema that requires nothing, are `{}`);
/// - a text that serde_json finds cut short is refused with a syntax
///   error, `validate_str`'s own where that says the text is cut short;
///   so is the first half of it, a prefix of a prefix (or, where that is
///   a whole value, refused as invalid).
pub fn check_repair(schema: &ToolArgsSchema, text: &str) {
    let repaired = schema.repair(text);
    match &repaired {
        Ok(repaired) => {
            serde_json::to_string(repaired).expect("a repaired value serializes");
            if let Err(errors) = schema.validate(&repaired.value) {
                panic!(
                    "repair gave {} which the schema refuses: {errors}",
                    repaired.value
                );
            }
            for (index, change) in repaired.changes.iter().enumerate() {
                assert!(
                    !repaired.changes[..index]
                        .iter()
                        .any(|c| c.code == change.code && c.pointer == change.pointer),
                    "{change}: a second change of its code at its place"
                );
                assert!(
                    REPAIR_CODES.contains(&change.code),
                    "repair reports a change of another bridge: {change}"
                );
                assert!(
                    is_json_pointer(&change.pointer),
                    "{change}: not a JSON Pointer"
                );
                let parent = &change.pointer[..change.pointer.rfind('/').unwrap_or(0)];
                assert!(
                    repaired.value.pointer(&change.pointer).is_some()
                        || repaired.value.pointer(parent).is_some_and(Value::is_object),
                    "{change} points at nothing in {}",
                    repaired.value
                );
            }
        }
        Err(error) => {
            serde_json::to_string(error).expect("an error serializes");
            assert!(!error.message().is_empty());
        }
    }
    let empty_call = schema.root().required.is_empty();
    match serde_json::from_str::<Value>(text) {
        Ok(parsed) => match (&repaired, schema.validate_str(text)) {
            (Ok(repaired), _)
                if empty_call
                    && (parsed.is_null() || parsed.as_str() == Some(""))
                    && repaired.value == json!({}) =>
            {
                let codes: Vec<_> = repaired.changes.iter().map(|c| c.code).collect();
                assert_eq!(codes, [ChangeCode::EmptyArguments]);
            }
            (Ok(repaired), Ok(())) => {
                assert!(
                    repaired.changes.is_empty(),
                    "JSON text repaired: {:?}",
                    repaired.changes
                );
                assert_same_value(&repaired.value, &parsed, "repair's value is serde_json's");
            }
            (Err(ours), Err(theirs)) => assert_eq!(
                ours.to_value(),
                theirs.to_value(),
                "repair's error on JSON text is validate_str's"
            ),
            (ours, theirs) => panic!("repair gives {ours:?}, validate_str {theirs:?}"),
        },
        Err(serde) if serde.is_eof() && !text.trim_matches([' ', '\t', '\n', '\r']).is_empty() => {
            let Err(ArgsError::Syntax(ours)) = &repaired else {
                panic!("a text cut short, {serde}, gives {repaired:?}");
            };
            if let Err(ArgsError::Syntax(theirs)) = schema.validate_str(text) {
                if theirs.is_truncated() {
                    assert_eq!(ours, &theirs, "a text cut short: validate_str's error");
                }
            }
            let mut half = text.len() / 2;
            while !text.is_char_boundary(half) {
                half -= 1;
            }
            let half = &text[..half];
            // The half may be a whole value, a number (`2` of `2e`): no
            // object, which is all a schema takes, so refused all the same.
            let whole = serde_json::from_str::<Value>(half).is_ok();
            if !half.trim_matches([' ', '\t', '\n', '\r']).is_empty() {
                let repaired = schema.repair(half);
                assert!(
                    matches!(repaired, Err(ArgsError::Syntax(_)))
                        || (whole && matches!(repaired, Err(ArgsError::Invalid(_)))),
                    "the first half of a text cut short, {half:?}, gives {repaired:?}"
                );
            }
        }
        Err(_) => {}
    }
}
