//! The JSON texts the package hands to JavaScript, written from the
//! library's own serializations.
//!
//! Every result crosses into JavaScript as one JSON text, which the
//! package's `api.js` reads with `JSON.parse`: one string per call is
//! cheaper than building JavaScript objects field by field across the
//! boundary, and the text is exactly what the Rust library serializes, so
//! an error document is byte for byte the one a Rust handler returns. Keys
//! are camelCase, JavaScript's convention; the documents inside (errors,
//! changes, diagnostics, schemas) are the library's, unchanged.
//!
//! Every envelope a JavaScript user sees (`{ok, error}`, `{ok, value,
//! changes, note}`, a stream's progress or refusal) is written here, once:
//! `api.js` parses it and passes it on (but for the two answers of the
//! common case, a valid call and a piece a stream takes, which it lays out
//! from reads and a copy, as `Schema::validate` and `Stream::feed` say),
//! and the identity test
//! (`tests/js/` in the tests package) writes the library's answers with
//! these same functions, so only the documents inside are compared with a
//! second writer: the library's.

use pedelec_schema::{
    ArgsError, Change, ConvertError, Diagnostic, Exported, ExportedTool, Grammar, OrderedJson,
    Repaired, SchemaError,
};
use serde::Serialize;
use serde_json::Value;

/// `{"ok":true}` or `{"ok":false,"error":...}`: a verdict.
pub fn verdict(result: &Result<(), ArgsError>) -> String {
    match result {
        Ok(()) => write(&Read {
            ok: true,
            value: None,
            error: None,
        }),
        Err(error) => refused(error),
    }
}

/// `{"ok":true,"bytes":...,"path":"..."}`: where a stream that can still
/// become valid arguments is. The package lays it out itself from two
/// reads, a piece at a time (`Stream::feed` says why); this is the layout
/// the identity test holds it to.
pub fn progress(bytes: usize, path: &str) -> String {
    write(&Progress {
        ok: true,
        bytes,
        path,
    })
}

/// `{"ok":false,"error":...,"refusedAt":...}`: a refused stream, and the
/// byte it was refused at (`null` when the library names none).
pub fn stream_refused(error: &ArgsError, refused_at: Option<usize>) -> String {
    write(&StreamRefused {
        ok: false,
        error,
        refused_at,
    })
}

/// `{"error":...,"summary":"..."}`: a refusal for a host that shows one
/// line, the error's [`summary`](ArgsError::summary) followed by
/// `refusal_note` (a conversion's
/// [`refusal_note`](pedelec_schema::Converted::refusal_note), empty for a
/// schema that was not converted), as that method's documentation
/// writes them.
pub fn summarized(error: &ArgsError, refusal_note: &str) -> String {
    let mut summary = error.summary();
    summary.push_str(refusal_note);
    write(&Summarized { error, summary })
}

/// `{"ok":true,"value":...}` or `{"ok":false,"error":...}`: arguments read
/// from text, or why not.
pub fn read(result: &Result<Value, ArgsError>) -> String {
    match result {
        Ok(value) => write(&Read {
            ok: true,
            value: Some(value),
            error: None,
        }),
        Err(error) => refused(error),
    }
}

/// `{"ok":false,"error":...}`, the error being `to_response()`'s `"error"`.
pub fn refused(error: &ArgsError) -> String {
    write(&Read {
        ok: false,
        value: None,
        error: Some(error),
    })
}

/// The error document alone, `{"code":"INVALID_ARGS","message","errors"}`.
pub fn error(error: &ArgsError) -> String {
    write(error)
}

/// `{"ok":true,"value":...,"changes":[...]}` or a refusal.
pub fn repaired(result: &Result<Repaired, ArgsError>) -> String {
    match result {
        Ok(repaired) => write(&RepairedOk {
            ok: true,
            value: &repaired.value,
            changes: &repaired.changes,
            note: repaired.note(),
        }),
        Err(error) => refused(error),
    }
}

/// `{"schema":...,"changes":[...]}`.
pub fn exported(exported: &Exported) -> String {
    write(&ExportedSchema {
        schema: &exported.schema,
        changes: &exported.changes,
    })
}

/// `{"definition":...,"changes":[...],"outputChanges":[...]}`.
pub fn exported_tool(exported: &ExportedTool) -> String {
    write(&ExportedDefinition {
        definition: &exported.definition,
        changes: &exported.changes,
        output_changes: &exported.output_changes,
    })
}

/// `{"text":"...","changes":[...]}`.
pub fn grammar(grammar: &Grammar) -> String {
    write(&GrammarText {
        text: &grammar.text,
        changes: &grammar.changes,
    })
}

/// `{"message":...,"diagnostics":[...]}`: the error's own text (its
/// `Display`) and what it holds.
pub fn schema_error(error: &SchemaError) -> String {
    write(&Refusal {
        message: error.to_string(),
        diagnostics: error.diagnostics(),
    })
}

/// `[{"severity","code","pointer","message"}, ...]`.
pub fn diagnostics(diagnostics: &[Diagnostic]) -> String {
    write(diagnostics)
}

/// `{"ok":true,"changes":[...]}` or `{"ok":false,"reasons":[...]}`; the
/// package adds the converted schema itself.
pub fn converted(result: Result<&[Change], &ConvertError>) -> String {
    match result {
        Ok(changes) => write(&ConvertedOk { ok: true, changes }),
        Err(error) => write(&ConvertedErr {
            ok: false,
            reasons: error.reasons(),
        }),
    }
}

/// Every document here is made of strings, numbers, JSON values and the
/// library's own serializations, which serde_json always writes.
fn write<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("the library's documents always serialize")
}

#[derive(Serialize)]
struct Read<'a> {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a ArgsError>,
}

#[derive(Serialize)]
struct Progress<'a> {
    ok: bool,
    bytes: usize,
    path: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StreamRefused<'a> {
    ok: bool,
    error: &'a ArgsError,
    refused_at: Option<usize>,
}

#[derive(Serialize)]
struct Summarized<'a> {
    error: &'a ArgsError,
    summary: String,
}

#[derive(Serialize)]
struct Refusal<'a> {
    message: String,
    diagnostics: &'a [Diagnostic],
}

#[derive(Serialize)]
struct RepairedOk<'a> {
    ok: bool,
    value: &'a Value,
    changes: &'a [Change],
    note: String,
}

#[derive(Serialize)]
struct ExportedSchema<'a> {
    schema: &'a OrderedJson,
    changes: &'a [Change],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExportedDefinition<'a> {
    definition: &'a OrderedJson,
    changes: &'a [Change],
    output_changes: &'a [Change],
}

#[derive(Serialize)]
struct GrammarText<'a> {
    text: &'a str,
    changes: &'a [Change],
}

#[derive(Serialize)]
struct ConvertedOk<'a> {
    ok: bool,
    changes: &'a [Change],
}

#[derive(Serialize)]
struct ConvertedErr<'a> {
    ok: bool,
    reasons: &'a [pedelec_schema::ConvertReason],
}

#[cfg(test)]
mod tests {
    use super::*;
    use pedelec_schema::ToolArgsSchema;
    use serde_json::json;

    #[test]
    fn a_refusal_carries_the_document_a_rust_handler_returns() {
        let schema = ToolArgsSchema::from_value(&json!({
            "type": "object", "properties": {"n": {"type": "integer"}}
        }))
        .unwrap();
        let error = schema.validate_str(r#"{"n": "x"}"#).unwrap_err();
        let response = error.to_response().to_string();
        let inner = response
            .strip_prefix(r#"{"error":"#)
            .and_then(|rest| rest.strip_suffix('}'))
            .unwrap();
        assert_eq!(
            refused(&error),
            format!(r#"{{"ok":false,"error":{inner}}}"#)
        );
        assert_eq!(self::error(&error), inner);
    }
}
