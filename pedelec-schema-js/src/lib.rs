//! The WebAssembly half of the npm package `pedelec-schema`: the
//! library's public API, exported with `wasm-bindgen`.
//!
//! This crate decides nothing: every verdict, message and document is the
//! `pedelec-schema` library's, reached through its public API only. It
//! moves text across the boundary and back: JSON text in (the package's
//! `api.js` stringifies a JavaScript object once, which is cheaper than
//! reading it field by field through `wasm-bindgen`), and one JSON text
//! out per call (`outcome.rs`), which `api.js` parses. `api.js` is the
//! API a JavaScript user sees (classes, `SchemaError`, `TypeError` for
//! misuse); the names here are its building blocks and not a public API.
//!
//! Everything here also builds natively, so the workspace lints it and its
//! unit tests run with `cargo test`.

// Public for the identity test (`tests/js/` in the tests package), which
// writes the library's answers in these same envelopes; not an API.
#[doc(hidden)]
pub mod outcome;
mod owned_stream;

use std::rc::Rc;

use pedelec_schema::{
    convert_str, grammar_for_tools, lint_str, GrammarFormat, Profile, ToolArgsSchema,
    ToolDefinition,
};
use wasm_bindgen::prelude::wasm_bindgen;

use owned_stream::OwnedStream;

/// A parsed schema.
#[wasm_bindgen]
pub struct Schema {
    inner: Rc<ToolArgsSchema>,
    /// What a one-line refusal adds for a converted schema (the library's
    /// `Converted::refusal_note`); empty for a parsed one.
    refusal_note: String,
}

#[wasm_bindgen]
impl Schema {
    /// Parses a schema's JSON text; the error is `{"message",
    /// "diagnostics"}`, as JSON text.
    pub fn parse(text: &str) -> Result<Schema, String> {
        ToolArgsSchema::from_json_str(text)
            .map(|schema| Schema {
                inner: Rc::new(schema),
                refusal_note: String::new(),
            })
            .map_err(|err| outcome::schema_error(&err))
    }

    /// Whether the arguments' JSON text is valid (text that is not JSON is
    /// not).
    #[wasm_bindgen(js_name = isValid)]
    pub fn is_valid(&self, text: &str) -> bool {
        self.inner.is_valid_str(text)
    }

    /// The refusal of the arguments' JSON text, `{ok: false, error}`, or
    /// nothing when they are valid, whose verdict is always
    /// [`valid_verdict`]'s: a valid call, the common one, then crosses no
    /// text.
    pub fn validate(&self, text: &str) -> Option<String> {
        self.inner
            .validate_str(text)
            .err()
            .map(|err| outcome::refused(&err))
    }

    /// For a host that shows a refusal in one line (`pedelec-schema/mcp`):
    /// nothing when the arguments' JSON text is valid, otherwise the error
    /// document and that line, `{error, summary}`.
    #[wasm_bindgen(js_name = refusalSummary)]
    pub fn refusal_summary(&self, text: &str) -> Option<String> {
        self.inner
            .validate_str(text)
            .err()
            .map(|err| outcome::summarized(&err, &self.refusal_note))
    }

    /// The arguments read from text with repairs, or why not.
    pub fn repair(&self, text: &str) -> String {
        outcome::repaired(&self.inner.repair(text))
    }

    /// The arguments of a call written against `profile`'s export, read
    /// and normalized back (strict mode's `null`s taken out), or why not.
    #[wasm_bindgen(js_name = fromProviderText)]
    pub fn from_provider_text(&self, profile: &str, text: &str) -> Result<String, String> {
        let profile = read_profile(profile)?;
        Ok(outcome::read(
            &self.inner.validate_provider_str(profile, text),
        ))
    }

    /// A stream for a call written against `profile`'s export (`mcp`, our
    /// schema unchanged, for none).
    pub fn stream(&self, profile: Option<String>) -> Result<Stream, String> {
        let profile = match profile {
            Some(name) => read_profile(&name)?,
            None => Profile::Mcp,
        };
        Ok(Stream {
            inner: Some(OwnedStream::new(Rc::clone(&self.inner), profile)),
        })
    }

    /// The schema for `profile`, with the changes the export made.
    pub fn export(&self, profile: &str) -> Result<String, String> {
        let profile = read_profile(profile)?;
        Ok(outcome::exported(&self.inner.export(profile)))
    }

    /// A grammar for the arguments' text, in `format` (`gbnf` or `lark`).
    pub fn grammar(&self, format: &str) -> Result<String, String> {
        let format = read_format(format)?;
        Ok(outcome::grammar(&self.inner.grammar(format)))
    }

    /// The schema's JSON text, in canonical keyword order.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&*self.inner).expect("a schema always serializes")
    }
}

/// Arguments checked as their text arrives.
#[wasm_bindgen]
pub struct Stream {
    /// `None` once finished.
    inner: Option<OwnedStream>,
}

#[wasm_bindgen]
impl Stream {
    /// Reads the next piece: nothing while the text so far can still
    /// become valid arguments, or, once it cannot (and at every later
    /// call), `{ok, error, refusedAt}`. A piece taken crosses no text: a
    /// stream takes many pieces, and where it stands is two reads
    /// ([`bytes`](Self::bytes), [`path`](Self::path)) that the package
    /// lays out as `outcome::progress` does, which the identity test
    /// holds it to.
    pub fn feed(&mut self, piece: &str) -> Result<Option<String>, String> {
        let stream = self.inner.as_mut().ok_or_else(finished)?;
        Ok(stream
            .feed(piece)
            .err()
            .map(|err| outcome::stream_refused(&err, stream.refused_at())))
    }

    /// Bytes of UTF-8 read so far.
    pub fn bytes(&self) -> Result<usize, String> {
        Ok(self.inner.as_ref().ok_or_else(finished)?.bytes())
    }

    /// The JSON Pointer of the value being read.
    pub fn path(&self) -> Result<String, String> {
        Ok(self.inner.as_ref().ok_or_else(finished)?.path())
    }

    /// The arguments, once the text is complete, or why not.
    pub fn finish(&mut self) -> Result<String, String> {
        let stream = self.inner.take().ok_or_else(finished)?;
        Ok(outcome::read(&stream.finish()))
    }
}

fn finished() -> String {
    "the stream is finished: start another with schema.stream()".to_owned()
}

/// A tool: a name, a description and a title, an arguments schema and
/// an output schema.
#[wasm_bindgen]
pub struct Tool {
    inner: ToolDefinition,
}

#[wasm_bindgen]
impl Tool {
    /// A tool named `name`; the error says what a name may be.
    #[wasm_bindgen(constructor)]
    pub fn new(name: String, schema: &Schema) -> Result<Tool, String> {
        ToolDefinition::new(name, ToolArgsSchema::clone(&schema.inner))
            .map(|inner| Tool { inner })
            .map_err(|err| err.to_string())
    }

    /// Sets the description.
    #[wasm_bindgen(js_name = setDescription)]
    pub fn set_description(&mut self, description: String) {
        self.inner = self.inner.clone().with_description(description);
    }

    /// Sets the title.
    #[wasm_bindgen(js_name = setTitle)]
    pub fn set_title(&mut self, title: String) {
        self.inner = self.inner.clone().with_title(title);
    }

    /// Sets the output schema.
    #[wasm_bindgen(js_name = setOutputSchema)]
    pub fn set_output_schema(&mut self, schema: &Schema) {
        self.inner = self
            .inner
            .clone()
            .with_output_schema(ToolArgsSchema::clone(&schema.inner));
    }

    /// The tool definition for `profile`, with the changes the export made.
    pub fn export(&self, profile: &str) -> Result<String, String> {
        let profile = read_profile(profile)?;
        Ok(outcome::exported_tool(&self.inner.export(profile)))
    }
}

/// Tools gathered for one grammar.
#[wasm_bindgen]
#[derive(Default)]
pub struct ToolSet {
    tools: Vec<ToolDefinition>,
}

#[wasm_bindgen]
impl ToolSet {
    /// No tools yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> ToolSet {
        ToolSet::default()
    }

    /// Adds a tool.
    pub fn add(&mut self, tool: &Tool) {
        self.tools.push(tool.inner.clone());
    }

    /// One grammar for a call of any of the tools: the name, then that
    /// tool's arguments.
    pub fn grammar(&self, format: &str) -> Result<String, String> {
        let format = read_format(format)?;
        Ok(outcome::grammar(&grammar_for_tools(&self.tools, format)))
    }
}

/// The library's bound on a text of arguments, in bytes of UTF-8
/// ([`pedelec_schema::MAX_TEXT_LEN`]): the package hands a longer text
/// over only as far as one byte past it, which the library refuses unread,
/// so that such a text costs no more than one at the bound.
#[wasm_bindgen(js_name = maxTextLen)]
pub fn max_text_len() -> usize {
    pedelec_schema::MAX_TEXT_LEN
}

/// Traps, as a bug would: for the package's test that the call after a
/// trap is answered by a fresh instance. Not an API.
#[wasm_bindgen(js_name = trapForTests)]
pub fn trap_for_tests() {
    std::process::abort()
}

/// The verdict on valid arguments, `{ok: true}`: the one answer
/// [`Schema::validate`] leaves out, read once by the package.
#[wasm_bindgen(js_name = validVerdict)]
pub fn valid_verdict() -> String {
    outcome::verdict(&Ok(()))
}

/// The lint findings for a schema's JSON text.
#[wasm_bindgen]
pub fn lint(text: &str) -> String {
    outcome::diagnostics(&lint_str(text))
}

/// A schema converted into the subset: the report (`{"ok", "changes"}` or
/// `{"ok", "reasons"}`), and the schema when it converted.
#[wasm_bindgen]
pub struct Converted {
    report: String,
    schema: Option<Schema>,
}

#[wasm_bindgen]
impl Converted {
    /// The report, as JSON text.
    pub fn report(&self) -> String {
        self.report.clone()
    }

    /// The converted schema, once.
    #[wasm_bindgen(js_name = takeSchema)]
    pub fn take_schema(&mut self) -> Option<Schema> {
        self.schema.take()
    }
}

/// Converts a JSON Schema's text into the subset.
#[wasm_bindgen]
pub fn convert(text: &str) -> Converted {
    match convert_str(text) {
        Ok(converted) => Converted {
            report: outcome::converted(Ok(&converted.changes)),
            schema: Some(Schema {
                refusal_note: converted.refusal_note(),
                inner: Rc::new(converted.schema),
            }),
        },
        Err(err) => Converted {
            report: outcome::converted(Err(&err)),
            schema: None,
        },
    }
}

fn read_profile(name: &str) -> Result<Profile, String> {
    name.parse()
        .map_err(|err: pedelec_schema::UnknownProfile| err.to_string())
}

fn read_format(name: &str) -> Result<GrammarFormat, String> {
    name.parse()
        .map_err(|err: pedelec_schema::UnknownGrammarFormat| err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Schema {
        Schema::parse(
            r#"{"type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}, "required": ["n"]}"#,
        )
        .unwrap()
    }

    #[test]
    fn verdicts_and_documents_are_the_librarys() {
        let schema = schema();
        assert!(schema.is_valid(r#"{"n": 3}"#));
        assert!(!schema.is_valid(r#"{"n": 4}"#));
        assert!(!schema.is_valid(r#"{"n": 3"#));
        assert_eq!(schema.validate(r#"{"n": 3}"#), None);
        assert_eq!(valid_verdict(), r#"{"ok":true}"#);
        let expected = schema.inner.validate_str(r#"{"n": 4}"#).unwrap_err();
        assert_eq!(
            schema.validate(r#"{"n": 4}"#),
            Some(outcome::refused(&expected))
        );
        assert_eq!(schema.refusal_summary(r#"{"n": 3}"#), None);
        assert_eq!(
            schema.refusal_summary(r#"{"n": 4}"#),
            Some(format!(
                r#"{{"error":{},"summary":"/n: 4 is greater than the maximum 3"}}"#,
                outcome::error(&expected)
            ))
        );
    }

    #[test]
    fn a_converted_schema_refuses_with_the_conversions_note() {
        let mut converted = convert(
            r#"{"type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}, "additionalProperties": false}"#,
        );
        let schema = converted.take_schema().unwrap();
        let refusal: serde_json::Value =
            serde_json::from_str(&schema.refusal_summary(r#"{"n": 4}"#).unwrap()).unwrap();
        assert_eq!(
            refusal["summary"],
            "/n: 4 is greater than the maximum 3 (the schema is outside the Pedelec argsSchema \
             subset and was checked as converted into it, without the constraints at \
             /additionalProperties)"
        );
        assert_eq!(refusal["error"]["errors"][0]["keyword"], "maximum");
    }

    #[test]
    fn a_schema_error_is_the_diagnostics() {
        let Err(diagnostics) = Schema::parse(r##"{"type": "object", "$ref": "#/x"}"##) else {
            panic!("$ref is outside the subset");
        };
        let error: serde_json::Value = serde_json::from_str(&diagnostics).unwrap();
        assert_eq!(error["diagnostics"][0]["pointer"], "/$ref");
        assert!(error["message"].as_str().unwrap().contains("$ref"));
    }

    #[test]
    fn a_finished_stream_refuses_more_as_misuse() {
        let mut stream = schema().stream(None).unwrap();
        assert_eq!(stream.feed(r#"{"n": 1}"#), Ok(None));
        assert_eq!((stream.bytes(), stream.path()), (Ok(8), Ok(String::new())));
        assert_eq!(stream.finish().unwrap(), r#"{"ok":true,"value":{"n":1}}"#);
        assert!(stream.feed("x").is_err());

        let mut refused = schema().stream(None).unwrap();
        let fed: serde_json::Value =
            serde_json::from_str(&refused.feed(r#"{"n": ""#).unwrap().unwrap()).unwrap();
        assert_eq!(fed["ok"], false);
        assert_eq!(fed["error"]["errors"][0]["keyword"], "type");
        assert_eq!(fed["refusedAt"], 6);
        assert!(stream.finish().is_err());
    }

    #[test]
    fn unknown_names_are_refused_with_the_librarys_words() {
        let schema = schema();
        assert!(schema.export("nope").unwrap_err().contains("nope"));
        assert!(schema.grammar("nope").unwrap_err().contains("nope"));
        assert!(Tool::new("no spaces".into(), &schema).is_err());
    }
}
