//! `MAX_TEXT_LEN`: a text of arguments at the bound is read, one byte past
//! it is refused unread, with the same error by every reader of text (the
//! npm package gives the same document for a text it only knows to be
//! longer, so the error must not depend on the text).

use pedelec_schema::{
    ArgsError, CheckedWith, Profile, Repair, SyntaxError, ToolArgsSchema, MAX_TEXT_LEN,
};
use serde::Deserialize;
use serde_json::json;

fn schema() -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({
        "type": "object", "properties": {"s": {"type": "string"}}
    }))
    .expect("a schema in the subset")
}

/// `{"s": "aaa…"}` of exactly `len` bytes.
fn text_of(len: usize) -> String {
    let frame = r#"{"s": ""}"#.len();
    format!(r#"{{"s": "{}"}}"#, "a".repeat(len - frame))
}

fn too_long(result: Result<impl std::fmt::Debug, ArgsError>) -> SyntaxError {
    match result {
        Err(ArgsError::Syntax(error)) => error,
        other => panic!("expected the text refused for its length, got {other:?}"),
    }
}

fn assert_too_long(error: &SyntaxError) {
    assert!(error.is_too_long(), "{error}");
    assert!(!error.is_truncated());
    assert_eq!((error.offset(), error.path()), (MAX_TEXT_LEN, ""));
    assert_eq!(
        error.to_string(),
        "at byte 16777216, at the top: the text is longer than 16777216 bytes (16 MiB), \
         the most arguments may be: send less"
    );
}

#[derive(Debug, Deserialize, pedelec_schema::ToolArgs)]
#[allow(dead_code)] // read to show the typed readers refuse as the others do
struct Args {
    s: Option<String>,
}

#[test]
fn a_text_at_the_bound_is_read_by_every_reader() {
    let schema = schema();
    let text = text_of(MAX_TEXT_LEN);
    assert_eq!(text.len(), MAX_TEXT_LEN);
    assert!(schema.validate_str(&text).is_ok());
    assert!(schema.is_valid_str(&text));
    assert!(schema.repair(&text).is_ok());
    assert!(schema
        .validate_provider_str(Profile::OpenAiStrict, &text)
        .is_ok());
    let mut stream = schema.stream();
    stream.feed(&text).expect("at the bound");
    assert!(stream.finish().is_ok());
}

#[test]
fn one_byte_past_the_bound_every_reader_refuses_with_the_same_error() {
    use pedelec_schema::ToolArgs;
    let schema = schema();
    let text = text_of(MAX_TEXT_LEN + 1);
    let errors = [
        too_long(schema.validate_str(&text)),
        too_long(schema.repair(&text)),
        too_long(schema.validate_provider_str(Profile::OpenAiStrict, &text)),
        too_long(Args::from_args_str(&text)),
        too_long(CheckedWith::<Args, Repair>::from_args_str(&text)),
    ];
    for error in &errors {
        assert_too_long(error);
        assert_eq!(error, &errors[0]);
    }
    assert!(!schema.is_valid_str(&text));
    // Not JSON at all, and still refused for its length alone: nothing of
    // the text is read.
    let junk = "x".repeat(MAX_TEXT_LEN + 1);
    assert_too_long(&too_long(schema.validate_str(&junk)));
}

#[test]
fn a_stream_refuses_the_piece_that_passes_the_bound_and_stays_refused() {
    let schema = schema();
    let text = text_of(MAX_TEXT_LEN + 1);
    let (first, rest) = text.split_at(MAX_TEXT_LEN - 3);
    let mut stream = schema.stream();
    stream.feed(first).expect("below the bound");
    assert_eq!(stream.refused_at(), None);
    assert_too_long(&too_long(stream.feed(rest)));
    assert_eq!(stream.refused_at(), Some(MAX_TEXT_LEN));
    assert_eq!(
        stream.bytes_read(),
        MAX_TEXT_LEN - 3,
        "nothing of the piece was read"
    );
    assert_too_long(&too_long(stream.feed("")));
    assert_too_long(&too_long(stream.finish()));
}

#[test]
fn the_document_holds_one_syntax_entry_for_the_whole_text() {
    let error = schema()
        .validate_str(&text_of(MAX_TEXT_LEN + 1))
        .unwrap_err();
    let document: serde_json::Value =
        serde_json::from_str(&error.to_response().to_string()).expect("JSON");
    assert_eq!(
        document["error"]["errors"].as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(document["error"]["errors"][0]["keyword"], "syntax");
    assert_eq!(document["error"]["errors"][0]["offset"], MAX_TEXT_LEN);
    assert_eq!(document["error"]["errors"][0]["path"], "");
}
