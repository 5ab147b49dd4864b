//! What the npm package must answer, computed here by the Rust library:
//! one JSON text per call, in the shape `pedelec-schema-js/README.md`
//! documents for the JavaScript API, with the library's own documents
//! (error documents, changes, diagnostics, schemas) inside, key order
//! included. Written from the library's public API, not from the binding,
//! so the binding is checked against the library rather than against
//! itself.

use pedelec_schema::{
    convert_str, lint_str, ArgsError, Change, ConvertReason, Diagnostic, GrammarFormat,
    OrderedJson, Profile, ToolArgsSchema, ToolDefinition,
};
use serde::Serialize;
use serde_json::Value;

fn text<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("the library's documents serialize")
}

/// `ToolArgsSchema.parse(text)`: `{ok, schema}` (the schema's `toJSON()`)
/// or `{ok, message, diagnostics}` (the `SchemaError`).
pub fn parse(schema: &str) -> (String, Option<ToolArgsSchema>) {
    #[derive(Serialize)]
    struct Parsed<'a> {
        ok: bool,
        schema: &'a ToolArgsSchema,
    }
    #[derive(Serialize)]
    struct Refused<'a> {
        ok: bool,
        message: String,
        diagnostics: &'a [Diagnostic],
    }
    match ToolArgsSchema::from_json_str(schema) {
        Ok(parsed) => (
            text(&Parsed {
                ok: true,
                schema: &parsed,
            }),
            Some(parsed),
        ),
        Err(err) => (
            text(&Refused {
                ok: false,
                message: err.to_string(),
                diagnostics: err.diagnostics(),
            }),
            None,
        ),
    }
}

/// `lint(text)`.
pub fn lint(schema: &str) -> String {
    text(&lint_str(schema))
}

/// `convert(text)`, the schema as its `toJSON()`.
pub fn convert(schema: &str) -> String {
    #[derive(Serialize)]
    struct Converted<'a> {
        ok: bool,
        schema: &'a ToolArgsSchema,
        changes: &'a [Change],
    }
    #[derive(Serialize)]
    struct Refused<'a> {
        ok: bool,
        reasons: &'a [ConvertReason],
    }
    match convert_str(schema) {
        Ok(converted) => text(&Converted {
            ok: true,
            schema: &converted.schema,
            changes: &converted.changes,
        }),
        Err(err) => text(&Refused {
            ok: false,
            reasons: err.reasons(),
        }),
    }
}

#[derive(Serialize)]
struct Read<'a> {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a ArgsError>,
}

fn read(result: &Result<Value, ArgsError>) -> String {
    let (value, error) = match result {
        Ok(value) => (Some(value), None),
        Err(error) => (None, Some(error)),
    };
    text(&Read {
        ok: error.is_none(),
        value,
        error,
    })
}

/// `validateText(text)`: `{ok}` or `{ok, error}`.
pub fn validate_text(schema: &ToolArgsSchema, args: &str) -> String {
    let error = schema.validate_str(args).err();
    text(&Read {
        ok: error.is_none(),
        value: None,
        error: error.as_ref(),
    })
}

/// `isValidText(text)`.
pub fn is_valid_text(schema: &ToolArgsSchema, args: &str) -> String {
    text(&schema.validate_str(args).is_ok())
}

/// `repair(text)`: `{ok, value, changes, note}` or `{ok, error}`.
pub fn repair(schema: &ToolArgsSchema, args: &str) -> String {
    #[derive(Serialize)]
    struct Repaired<'a> {
        ok: bool,
        value: &'a Value,
        changes: &'a [Change],
        note: String,
    }
    match schema.repair(args) {
        Ok(repaired) => text(&Repaired {
            ok: true,
            value: &repaired.value,
            changes: &repaired.changes,
            note: repaired.note(),
        }),
        Err(error) => read(&Err(error)),
    }
}

/// `fromProviderText(text, profile)`.
pub fn from_provider_text(schema: &ToolArgsSchema, profile: Profile, args: &str) -> String {
    read(&schema.validate_provider_str(profile, args))
}

/// A stream of `profile` fed `pieces`, then finished: `{feeds, finish}`,
/// each feed `{ok, bytes, path}` or `{ok, error, refusedAt}`.
pub fn stream(schema: &ToolArgsSchema, profile: Profile, pieces: &[&str]) -> String {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Fed<'a> {
        ok: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        bytes: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        path: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<&'a ArgsError>,
        #[serde(skip_serializing_if = "Option::is_none")]
        refused_at: Option<Option<usize>>,
    }
    let mut stream = schema.stream_for(profile);
    let mut feeds = Vec::new();
    for piece in pieces {
        feeds.push(match stream.feed(piece) {
            Ok(()) => text(&Fed {
                ok: true,
                bytes: Some(stream.bytes_read()),
                path: Some(stream.progress().path()),
                error: None,
                refused_at: None,
            }),
            Err(error) => text(&Fed {
                ok: false,
                bytes: None,
                path: None,
                error: Some(&error),
                refused_at: Some(stream.refused_at()),
            }),
        });
    }
    format!(
        r#"{{"feeds":[{}],"finish":{}}}"#,
        feeds.join(","),
        read(&stream.finish())
    )
}

/// `export(profile)`: `{schema, changes}`.
pub fn export(schema: &ToolArgsSchema, profile: Profile) -> String {
    #[derive(Serialize)]
    struct Exported<'a> {
        schema: &'a OrderedJson,
        changes: &'a [Change],
    }
    let exported = schema.export(profile);
    text(&Exported {
        schema: &exported.schema,
        changes: &exported.changes,
    })
}

/// `new Tool(name, schema, {description}).export(profile)`, or the
/// refusal of the name (a `TypeError`'s message, as `{"typeError"}`).
pub fn tool_export(
    name: &str,
    description: Option<&str>,
    schema: &ToolArgsSchema,
    profile: Profile,
) -> String {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Exported<'a> {
        definition: &'a OrderedJson,
        changes: &'a [Change],
        output_changes: &'a [Change],
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Misuse {
        type_error: String,
    }
    match ToolDefinition::new(name, schema.clone()) {
        Ok(tool) => {
            let tool = match description {
                Some(description) => tool.with_description(description),
                None => tool,
            };
            let exported = tool.export(profile);
            text(&Exported {
                definition: &exported.definition,
                changes: &exported.changes,
                output_changes: &exported.output_changes,
            })
        }
        Err(err) => text(&Misuse {
            type_error: err.to_string(),
        }),
    }
}

/// `grammar(format)`: `{text, changes}`.
pub fn grammar(schema: &ToolArgsSchema, format: GrammarFormat) -> String {
    #[derive(Serialize)]
    struct Written<'a> {
        text: &'a str,
        changes: &'a [Change],
    }
    let grammar = schema.grammar(format);
    text(&Written {
        text: &grammar.text,
        changes: &grammar.changes,
    })
}
