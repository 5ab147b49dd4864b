//! What the npm package must answer, computed here by the Rust library:
//! one JSON text per call, with the library's own documents (error
//! documents, changes, diagnostics, schemas) inside, key order included.
//! Each call is made here on the library's public API, not through the
//! binding's methods, so the binding is checked against the library rather
//! than against itself; the envelope around a document is the package's
//! own, written once, by `pedelec_schema_js::outcome`, and used here as
//! it is. The shapes `{ok, schema}` for `parse` and `convert` are this
//! test's (identity.mjs makes the same from the package's objects).

use pedelec_schema::{
    convert_str, lint_str, Change, Diagnostic, GrammarFormat, Profile, ToolArgsSchema,
    ToolDefinition,
};
use pedelec_schema_js::outcome;
use serde::Serialize;

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
    outcome::diagnostics(&lint_str(schema))
}

/// `convert(text)`, the schema as its `toJSON()`.
pub fn convert(schema: &str) -> String {
    #[derive(Serialize)]
    struct Converted<'a> {
        ok: bool,
        schema: &'a ToolArgsSchema,
        changes: &'a [Change],
    }
    match convert_str(schema) {
        Ok(converted) => text(&Converted {
            ok: true,
            schema: &converted.schema,
            changes: &converted.changes,
        }),
        Err(err) => outcome::converted(Err(&err)),
    }
}

/// `validateText(text)`: `{ok}` or `{ok, error}`.
pub fn validate_text(schema: &ToolArgsSchema, args: &str) -> String {
    outcome::verdict(&schema.validate_str(args).map(drop))
}

/// `isValidText(text)`.
pub fn is_valid_text(schema: &ToolArgsSchema, args: &str) -> String {
    text(&schema.validate_str(args).is_ok())
}

/// `repair(text)`: `{ok, value, changes, note}` or `{ok, error}`.
pub fn repair(schema: &ToolArgsSchema, args: &str) -> String {
    outcome::repaired(&schema.repair(args))
}

/// `fromProviderText(text, profile)`.
pub fn from_provider_text(schema: &ToolArgsSchema, profile: Profile, args: &str) -> String {
    outcome::read(&schema.validate_provider_str(profile, args))
}

/// A stream of `profile` fed `pieces`, then finished: `{feeds, finish}`,
/// each feed `{ok, bytes, path}` or `{ok, error, refusedAt}`.
pub fn stream(schema: &ToolArgsSchema, profile: Profile, pieces: &[&str]) -> String {
    let mut stream = schema.stream_for(profile);
    let mut feeds = Vec::new();
    for piece in pieces {
        feeds.push(match stream.feed(piece) {
            Ok(()) => outcome::progress(stream.bytes_read(), &stream.progress().path()),
            Err(error) => outcome::stream_refused(&error, stream.refused_at()),
        });
    }
    format!(
        r#"{{"feeds":[{}],"finish":{}}}"#,
        feeds.join(","),
        outcome::read(&stream.finish())
    )
}

/// `export(profile)`: `{schema, changes}`.
pub fn export(schema: &ToolArgsSchema, profile: Profile) -> String {
    outcome::exported(&schema.export(profile))
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
    struct Misuse {
        type_error: String,
    }
    match ToolDefinition::new(name, schema.clone()) {
        Ok(tool) => {
            let tool = match description {
                Some(description) => tool.with_description(description),
                None => tool,
            };
            outcome::exported_tool(&tool.export(profile))
        }
        Err(err) => text(&Misuse {
            type_error: err.to_string(),
        }),
    }
}

/// `grammar(format)`: `{text, changes}`.
pub fn grammar(schema: &ToolArgsSchema, format: GrammarFormat) -> String {
    outcome::grammar(&schema.grammar(format))
}
