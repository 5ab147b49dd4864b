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
//! places that exist and `normalize` leaving valid arguments alone.

use pedelec_schema::{convert as convert_schema, lint, Pattern, Profile, Severity, ToolArgsSchema};
use serde_json::Value;

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
/// export is the schema itself; and `normalize` never changes a value the
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
        if profile == Profile::Mcp {
            assert!(exported.changes.is_empty());
            assert_eq!(exported.schema, ours);
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
