//! What the fuzz targets check, written once: the targets in `fuzz/` call
//! these functions on libFuzzer's inputs, and `tests/fuzz_replay/main.rs` calls
//! them on the committed corpus and on every minimized crash, so that CI
//! (stable Rust, no libFuzzer) keeps each finding fixed.
//!
//! Each function takes arbitrary bytes and panics only when the library
//! breaks one of its promises: never panicking, `is_valid` agreeing with
//! `validate`, every error serializing and pointing at something that
//! exists, schemas round-tripping through JSON, conversion landing inside
//! the subset and standing still once there, export reporting changes at
//! places that exist and `normalize` leaving valid arguments alone, and a
//! stream fed a text in any pieces answering as `validate_str` answers on
//! the whole text, and `repair` reading only values the schema accepts,
//! JSON text as `validate_str` does, and no call cut short; and grammars
//! written the same each time, well formed, with their changes in place
//! (the engine's reading of them is the engine tests' own target).

use std::sync::OnceLock;

use pedelec_schema::{
    convert as convert_schema, lint, ArgsError, Pattern, Profile, Severity, ToolArgsSchema,
    ValidationError,
};
use serde_json::{json, Value};

mod grammar_reader;
mod grammar_text;
mod repair;

pub use grammar_text::{check_grammar_changes, grammar_text};
pub use repair::{check_repair, is_json_pointer, repair, REPAIR_CODES};

/// The schema in `data`, when it is UTF-8 JSON inside the subset.
pub fn schema_in(data: &[u8]) -> Option<ToolArgsSchema> {
    ToolArgsSchema::from_json_str(std::str::from_utf8(data).ok()?).ok()
}

/// Parses the bytes as a schema (when they are UTF-8 JSON) and lints them:
/// lint finds an error exactly when the gatekeeper refuses the schema, and
/// an accepted schema survives a round trip through JSON unchanged.
pub fn parse_and_lint(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = ToolArgsSchema::from_json_str(text);
    let Ok(value) = serde_json::from_str::<Value>(text) else {
        assert!(parsed.is_err(), "text that is not JSON was accepted");
        return;
    };
    let findings = lint(&value);
    for finding in &findings {
        serde_json::to_string(finding).expect("a diagnostic serializes");
        assert!(
            finding.pointer.is_empty() || value.pointer(&finding.pointer).is_some(),
            "diagnostic pointer {:?} is not in the schema",
            finding.pointer
        );
    }
    let lint_refuses = findings.iter().any(|d| d.severity == Severity::Error);
    match parsed {
        Ok(schema) => {
            assert!(
                !lint_refuses,
                "lint errors on an accepted schema: {findings:?}"
            );
            let again = ToolArgsSchema::from_value(&schema.to_value())
                .expect("a serialized schema parses again");
            assert_eq!(again, schema, "the schema changed through JSON");
        }
        Err(error) => {
            assert!(
                lint_refuses,
                "lint has no error for a refused schema: {error}"
            );
            assert!(!error.diagnostics().is_empty());
        }
    }
}

/// The bytes before the first NUL are a schema, the rest a value (both JSON
/// text). When the schema is accepted, validating the value keeps every
/// promise of validation.
pub fn validate(data: &[u8]) {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (schema_text, rest) = data.split_at(split);
    let value_text = rest.get(1..).unwrap_or_default();
    let Ok(schema) = std::str::from_utf8(schema_text).map(ToolArgsSchema::from_json_str) else {
        return;
    };
    let (Ok(schema), Ok(value)) = (schema, serde_json::from_slice::<Value>(value_text)) else {
        return;
    };
    check_validation(&schema, &value);
}

/// `is_valid` agrees with `validate`; every error serializes, and its path
/// is in the value and its schema path in the schema.
pub fn check_validation(schema: &ToolArgsSchema, value: &Value) {
    let valid = schema.is_valid(value);
    let result = schema.validate(value);
    assert_eq!(valid, result.is_ok(), "is_valid and validate disagree");
    let Err(errors) = result else { return };
    assert!(!errors.errors().is_empty());
    serde_json::to_string(&errors).expect("the errors serialize");
    let schema_json = schema.to_value();
    for error in errors.errors() {
        let path = error.path();
        assert!(
            value.pointer(&path).is_some(),
            "error path {path:?} is not in the value"
        );
        let schema_path = error.schema_path();
        assert!(
            schema_json.pointer(&schema_path).is_some(),
            "schema path {schema_path:?} is not in the schema"
        );
        assert!(!error.message().is_empty());
    }
}

/// The first line is a pattern, the rest a text to match: a pattern is
/// either refused with a message, or it matches without panicking. (That
/// matching takes linear time is checked by the fuzzer itself: it runs
/// with a per-input `-timeout`, see `fuzz/README.md`; a timed assertion has
/// no place in a test run on a shared machine.)
pub fn pattern(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (source, subject) = text.split_once('\n').unwrap_or((&text, ""));
    match Pattern::new(source) {
        Ok(pattern) => {
            assert_eq!(pattern.as_str(), source);
            pattern.is_match(subject);
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}

/// Converts the bytes as a schema (when they are UTF-8 JSON): the result
/// is inside the subset and lints without errors; converting it again
/// changes nothing, and converting the source again gives the same result;
/// every change and every error serializes.
pub fn convert(data: &[u8]) {
    let Ok(source) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let converted = match convert_schema(&source) {
        Ok(converted) => converted,
        Err(error) => {
            assert!(!error.reasons().is_empty());
            serde_json::to_string(&error).expect("a conversion error serializes");
            return;
        }
    };
    serde_json::to_string(&converted.changes).expect("the changes serialize");
    let schema = converted.schema.to_value();
    let findings = lint(&schema);
    assert!(
        findings.iter().all(|d| d.severity != Severity::Error),
        "the converted schema has lint errors: {findings:?}"
    );
    let again = convert_schema(&schema).expect("a converted schema converts");
    assert!(
        again.changes.is_empty(),
        "converting twice changed {:?}",
        again.changes
    );
    assert_eq!(again.schema, converted.schema);
    let repeated = convert_schema(&source).expect("the source converted once");
    assert_eq!(
        repeated.schema, converted.schema,
        "conversion is not deterministic"
    );
    assert_eq!(
        repeated.changes, converted.changes,
        "conversion is not deterministic"
    );
}

/// The bytes before the first NUL are a schema, the rest a value (as for
/// [`validate`]). For an accepted schema, every profile's export reports
/// its changes at places that exist in the schema and serializes; the MCP
/// export is the schema itself (closed, for a tool without arguments); and `normalize` never changes a value the
/// schema accepts, and changes nothing the second time.
pub fn export(data: &[u8]) {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (schema_text, rest) = data.split_at(split);
    let Ok(Ok(schema)) = std::str::from_utf8(schema_text).map(ToolArgsSchema::from_json_str) else {
        return;
    };
    let ours = schema.to_value();
    for &profile in Profile::ALL {
        let exported = schema.export(profile);
        serde_json::to_string(&exported.changes).expect("the changes serialize");
        for change in &exported.changes {
            assert!(
                ours.pointer(&change.pointer).is_some(),
                "{profile}: change {change} points at nothing"
            );
        }
        // MCP's export is the schema itself, but for a tool without
        // arguments: the closed object the specification recommends.
        if profile == Profile::Mcp && !schema.root().properties.is_empty() {
            assert!(exported.changes.is_empty());
            assert_eq!(exported.schema, ours);
        } else if profile == Profile::Mcp {
            assert_eq!(exported.changes.len(), 1);
            assert_eq!(exported.schema["additionalProperties"], false);
        }
    }
    let Ok(value) = serde_json::from_slice::<Value>(rest.get(1..).unwrap_or_default()) else {
        return;
    };
    for &profile in Profile::ALL {
        let mut once = value.clone();
        schema.normalize(profile, &mut once);
        if schema.is_valid(&value) {
            assert_eq!(once, value, "{profile}: normalize changed a valid value");
        }
        let mut twice = once.clone();
        schema.normalize(profile, &mut twice);
        assert_eq!(twice, once, "{profile}: normalize is not idempotent");
    }
}

// ------------------------------------------------------------- stream

/// The schemas the `stream` target picks from with a one-byte schema: one
/// of each kind of check the stream makes before a value ends (`enum`,
/// `maxLength`, `pattern`, `maxItems`, a type at the first byte, `oneOf`),
/// and the benchmarks' two largest.
pub fn stream_schemas() -> &'static [ToolArgsSchema] {
    static SCHEMAS: OnceLock<Vec<ToolArgsSchema>> = OnceLock::new();
    SCHEMAS.get_or_init(|| {
        [
            json!({"type": "object"}),
            json!({"type": "object", "properties": {
                "delta": {"type": "integer", "minimum": -10, "maximum": 10}
            }, "required": ["delta"]}),
            json!({"type": "object", "properties": {
                "mode": {"type": "string", "enum": ["append", "app", "overwrite"]},
                "name": {"type": "string", "pattern": "^[a-z]+$", "minLength": 1, "maxLength": 8},
                "text": {"type": "string"}
            }, "required": ["mode"]}),
            json!({"type": "object", "properties": {
                "tags": {"type": "array", "items": {"type": "string", "maxLength": 3},
                         "minItems": 1, "maxItems": 3, "uniqueItems": true},
                "grid": {"type": "array", "items": {"type": "array", "items": {"type": "number", "minimum": 0}}}
            }}),
            json!({"type": "object", "properties": {
                "size": {"oneOf": [
                    {"type": "string", "enum": ["small", "large"]},
                    {"type": "integer", "minimum": 1, "maximum": 99}
                ]},
                "shape": {"oneOf": [
                    {"type": "object", "properties": {
                        "kind": {"type": "string", "enum": ["circle"]},
                        "radius": {"type": "number", "minimum": 0}
                    }, "required": ["kind", "radius"]},
                    {"type": "object", "properties": {
                        "kind": {"type": "string", "enum": ["rect"]},
                        "w": {"type": "integer"}
                    }, "required": ["kind"]}
                ]}
            }}),
            json!({"type": "object", "properties": {
                "a": {"type": "object", "properties": {
                    "b": {"type": "boolean", "enum": [true]},
                    "c": {"type": "object", "properties": {"d": {"type": "string", "pattern": "^\\d{2}"}},
                          "required": ["d"]}
                }},
                "n": {"type": "number", "maximum": 1e300}
            }}),
            crate::payloads::twenty_properties_schema(),
            crate::payloads::large_array_schema(),
        ]
        .iter()
        .map(|schema| ToolArgsSchema::from_value(schema).expect("a fixed schema is inside the subset"))
        .collect()
    })
}

/// The bytes before the first NUL choose the schema: at most one byte picks
/// one of [`stream_schemas`], more are a schema's JSON text (as for
/// [`validate`]). Then the text of the arguments (read lossily as UTF-8), a
/// NUL, and the cuts (see [`pieces_of`]). Fed in those pieces, the stream
/// keeps every promise [`check_stream`] checks.
pub fn stream(data: &[u8]) {
    let (head, rest) = split_at_nul(data);
    let parsed;
    let schema = if head.len() <= 1 {
        let schemas = stream_schemas();
        &schemas[usize::from(head.first().copied().unwrap_or(0)) % schemas.len()]
    } else {
        let Ok(Ok(schema)) = std::str::from_utf8(head).map(ToolArgsSchema::from_json_str) else {
            return;
        };
        parsed = schema;
        &parsed
    };
    let (text, cuts) = split_at_nul(rest);
    let text = String::from_utf8_lossy(text);
    let _ = check_stream(schema, &text, &pieces_of(&text, cuts));
}

fn split_at_nul(data: &[u8]) -> (&[u8], &[u8]) {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (head, rest) = data.split_at(split);
    (head, rest.get(1..).unwrap_or_default())
}

/// `text` cut into pieces: without cuts, one character each; else each cut
/// byte in turn (again from the first when they run out) is the next
/// piece's length in bytes, at least one character, rounded up to a
/// character's end.
pub fn pieces_of<'t>(text: &'t str, cuts: &[u8]) -> Vec<&'t str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut turn = 0;
    while start < text.len() {
        let length = match cuts {
            [] => 1,
            _ => usize::from(cuts[turn % cuts.len()]).max(1),
        };
        turn += 1;
        let mut end = (start + length).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        pieces.push(&text[start..end]);
        start = end;
    }
    pieces
}

/// How a stream fed a text in pieces ended.
#[derive(Debug)]
pub struct Streamed {
    /// The index of the piece whose `feed` refused, if one did.
    pub refused_in: Option<usize>,
    /// `refused_at` after the last piece, before `finish`.
    pub refused_at: Option<usize>,
    /// The refusal, or what `finish` gave.
    pub outcome: Result<Value, ArgsError>,
}

/// Feeds `pieces` to a stream of `schema` and finishes it, checking what
/// holds of any stream: until it refuses, `refused_at` is `None` and
/// `bytes_read` counts every byte fed; it refuses at a byte it was fed;
/// after a refusal every `feed` and `finish` give the same error.
pub fn feed_stream(schema: &ToolArgsSchema, pieces: &[&str]) -> Streamed {
    let mut stream = schema.stream();
    let mut refused: Option<(usize, Value)> = None;
    let mut fed = 0;
    for (index, piece) in pieces.iter().enumerate() {
        let result = stream.feed(piece);
        fed += piece.len();
        match (&refused, result) {
            (None, Ok(())) => {
                assert_eq!(stream.refused_at(), None, "refused_at without a refusal");
                assert_eq!(stream.bytes_read(), fed, "bytes_read");
                assert_eq!(stream.progress().bytes(), fed, "progress().bytes()");
            }
            (None, Err(error)) => {
                let at = stream.refused_at().expect("a refused stream says where");
                assert!(at < fed, "refused at {at}, past the {fed} bytes fed");
                refused = Some((index, error.to_value()));
            }
            (Some((_, first)), Err(error)) => {
                assert_eq!(
                    &error.to_value(),
                    first,
                    "a refused stream gives its error again"
                )
            }
            (Some(_), Ok(())) => panic!("a refused stream took piece {index} {piece:?}"),
        }
    }
    let refused_at = stream.refused_at();
    let outcome = stream.finish();
    if let Some((_, first)) = &refused {
        match &outcome {
            Err(error) => assert_eq!(&error.to_value(), first, "finish gives the refusal again"),
            Ok(value) => panic!("a refused stream finished with {value}"),
        }
    }
    Streamed {
        refused_in: refused.map(|(index, _)| index),
        refused_at,
        outcome,
    }
}

/// An error as the tests compare it: `(path, schema_path, keyword, message)`.
pub fn error_key(error: &ValidationError) -> (String, String, &'static str, String) {
    (
        error.path(),
        error.schema_path(),
        error.keyword(),
        error.message(),
    )
}

/// `a` and `b` are one value, down to the sign of a zero and how a number
/// is held (`1` and `1.0` differ), as their JSON text shows.
pub fn assert_same_value(a: &Value, b: &Value, what: &str) {
    assert_eq!(a, b, "{what}");
    assert_eq!(
        serde_json::to_string(a).expect("a value serializes"),
        serde_json::to_string(b).expect("a value serializes"),
        "{what}"
    );
}

/// Whether a syntax error is a property the schema names given twice
/// (which is JSON to serde_json, and refused here).
pub fn is_repeat(message: &str) -> bool {
    message.contains("is given twice in this object")
}

/// How a stream of a text compared with `validate_str` on it.
#[derive(Debug)]
pub struct Compared {
    pub streamed: Streamed,
    pub checked: Result<(), ArgsError>,
}

/// Feeds `text` in `pieces` ([`feed_stream`]'s checks) and checks the
/// stream against `validate_str` on the whole text and against
/// `serde_json::from_str::<Value>`:
///
/// - the stream accepts exactly when `validate_str` does, and then never
///   refused and gives serde_json's value;
/// - `validate_str` gives a syntax error exactly when serde_json refuses
///   the text, or for a property the schema names given twice; one that is
///   truncated is at the text's end, where serde_json runs out of text too;
/// - both syntax errors are the same error (the same reader read them);
/// - a stream that refuses while the text is still JSON refuses no later
///   than the byte `validate_str` calls not JSON;
/// - a refusal at the root's last byte for the root's own keywords gives
///   `validate_str`'s errors, in order; any other gives errors each of
///   whose (path, schema path, keyword) `validate_str` gives too.
pub fn check_stream(schema: &ToolArgsSchema, text: &str, pieces: &[&str]) -> Compared {
    assert_eq!(pieces.concat(), text, "the pieces make the text");
    let streamed = feed_stream(schema, pieces);
    let checked = schema.validate_str(text);
    let parsed = serde_json::from_str::<Value>(text);
    // validate_str against serde_json: which texts are JSON.
    match (&checked, &parsed) {
        (Err(ArgsError::Syntax(error)), Ok(_)) => assert!(
            is_repeat(error.message()),
            "validate_str calls JSON text not JSON: {error}"
        ),
        // Cut short: at the text's end, where serde_json too runs out of
        // text - unless it refused a number's exponent already too large,
        // which the reader refuses where the number ends. serde_json also
        // runs out of text in a `\u` with fewer than four bytes left, one
        // of which is no hex digit: there the error is that byte, before
        // the end.
        (Err(ArgsError::Syntax(error)), Err(serde)) => {
            if error.is_truncated() {
                let out_of_range = serde.to_string().starts_with("number out of range")
                    && error.message().contains("inside a number");
                assert!(
                    serde.is_eof() || out_of_range,
                    "ours: {error}; serde_json: {serde}"
                );
                assert_eq!(error.offset(), text.len(), "{error}");
            } else {
                assert!(
                    !serde.is_eof() || error.offset() < text.len(),
                    "ours: {error}; serde_json: {serde}"
                );
            }
        }
        (_, Err(serde)) => {
            panic!("validate_str gives {checked:?} on a text serde_json refuses: {serde}")
        }
        _ => {}
    }
    // The stream against validate_str.
    match (&streamed.outcome, &checked) {
        (Ok(value), Ok(())) => {
            assert_eq!(streamed.refused_in, None);
            let serde = parsed.as_ref().expect("validate_str accepted JSON");
            assert_same_value(value, serde, "the stream's value is serde_json's");
        }
        (Err(ArgsError::Syntax(ours)), Err(ArgsError::Syntax(theirs))) => {
            assert_eq!(ours, theirs, "the stream's syntax error is validate_str's");
        }
        (Err(ArgsError::Invalid(ours)), Err(ArgsError::Syntax(theirs))) => {
            let at = streamed
                .refused_at
                .expect("an invalid stream refused in a feed");
            assert!(
                at <= theirs.offset(),
                "refused at {at}, after the syntax error {theirs}"
            );
            assert!(!ours.is_empty());
        }
        (Err(ArgsError::Invalid(ours)), Err(ArgsError::Invalid(theirs))) => {
            let at = streamed
                .refused_at
                .expect("an invalid stream refused in a feed");
            let ours: Vec<_> = ours.errors().iter().map(error_key).collect();
            let theirs: Vec<_> = theirs.errors().iter().map(error_key).collect();
            assert!(!ours.is_empty());
            if refused_at_root_end(schema, text, at) {
                assert_eq!(ours, theirs, "refused at the root's end: the walk's errors");
            } else {
                for (path, schema_path, keyword, message) in &ours {
                    assert!(
                        theirs
                            .iter()
                            .any(|(p, s, k, _)| (p, s, k) == (path, schema_path, keyword)),
                        "refused at byte {at} with {keyword} at {path:?} ({schema_path}: {message}), \
                         which validate_str does not give: {theirs:?}"
                    );
                }
            }
        }
        (ours, theirs) => panic!("the stream gives {ours:?}, validate_str {theirs:?}"),
    }
    Compared { streamed, checked }
}

/// Whether a stream of `text` refused at byte `at` for the root's own
/// keywords, once its value is complete: `at` is the root container's
/// closing byte, and the text before it, its last value ended (by a space:
/// a number ends at the byte after it), is not refused.
pub fn refused_at_root_end(schema: &ToolArgsSchema, text: &str, at: usize) -> bool {
    let last = text.trim_end_matches([' ', '\t', '\n', '\r']).len();
    if last == 0 || at != last - 1 || !matches!(text.as_bytes()[at], b'}' | b']') {
        return false;
    }
    feed_stream(schema, &[&text[..at], " "])
        .refused_in
        .is_none()
}
