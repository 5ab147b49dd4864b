//! The typed path: `CheckedWith<T, Repair>`, alone and with the other
//! policies, from text and from the arguments' text handed on as a JSON
//! string; and without `Repair`, text that is not JSON refused as before.

use pedelec_schema::{
    ArgsError, ChangeCode, CheckedWith, Coerce, RefuseUnknown, Repair, ReportOnly, ToolArgs,
};
use serde::Deserialize;
use serde_json::json;

/// Writes a file.
#[derive(Debug, PartialEq, Deserialize, ToolArgs)]
struct WriteFile {
    path: String,
    content: String,
    #[serde(default)]
    overwrite: bool,
    #[tool_args(minimum = 1)]
    retries: Option<u8>,
}

const SLOPPY: &str =
    "```json\n{'path': 'a.txt', 'content': 'line one\nline two', 'overwrite': True,}\n```";

fn codes<I: pedelec_schema::Intake>(args: &CheckedWith<WriteFile, I>) -> Vec<ChangeCode> {
    args.changes.iter().map(|change| change.code).collect()
}

#[test]
fn repair_reads_text_into_the_type_with_its_changes() {
    let args = CheckedWith::<WriteFile, Repair>::from_args_str(SLOPPY).unwrap();
    assert_eq!(
        args.args,
        WriteFile {
            path: "a.txt".into(),
            content: "line one\nline two".into(),
            overwrite: true,
            retries: None
        }
    );
    use ChangeCode::*;
    // One change per code and place: a name and its value in single
    // quotes are one, at the property.
    assert_eq!(
        codes(&args),
        [
            CodeFence,
            SingleQuotes,
            SingleQuotes,
            ControlCharacter,
            SingleQuotes,
            PythonLiteral,
            TrailingComma
        ]
    );
    let places: Vec<_> = args.changes[1..6]
        .iter()
        .map(|c| c.pointer.as_str())
        .collect();
    assert_eq!(
        places,
        ["/path", "/content", "/content", "/overwrite", "/overwrite"]
    );
}

#[test]
fn repair_then_coercion_then_validation() {
    let text = "{'path': 'a', 'content': '', 'retries': '3'}";
    let args = CheckedWith::<WriteFile, (Repair, Coerce)>::from_args_str(text).unwrap();
    assert_eq!(args.retries, Some(3));
    assert_eq!(codes(&args).last(), Some(&ChangeCode::NumberFromString));
    // Without coercion, the repaired value is validated as it is.
    let error = CheckedWith::<WriteFile, Repair>::from_args_str(text).unwrap_err();
    assert_eq!(error.errors()[0].path(), "/retries");
    // Repaired, then closed.
    let text = "{'path': 'a', 'content': '', 'retires': 3}";
    let error = CheckedWith::<WriteFile, (Repair, RefuseUnknown)>::from_args_str(text).unwrap_err();
    assert_eq!(error.errors()[0].path(), "/retires");
}

#[test]
fn without_repair_text_that_is_not_json_is_refused_as_ever() {
    let Err(ArgsError::Syntax(error)) = CheckedWith::<WriteFile, ReportOnly>::from_args_str(SLOPPY)
    else {
        panic!("not JSON");
    };
    assert_eq!(error.offset(), 0);
    let Err(ArgsError::Syntax(strict)) = WriteFile::from_args_str(SLOPPY) else {
        panic!("not JSON");
    };
    assert_eq!(error, strict);
    // JSON is read the same with or without.
    let text = r#"{"path": "a", "content": "b"}"#;
    let plain = CheckedWith::<WriteFile, ReportOnly>::from_args_str(text).unwrap();
    let repaired = CheckedWith::<WriteFile, Repair>::from_args_str(text).unwrap();
    assert_eq!(
        (plain.args, plain.changes),
        (repaired.args, repaired.changes)
    );
}

#[test]
fn a_call_cut_short_is_refused_with_repair_on() {
    let cut = &SLOPPY[..SLOPPY.find("True").unwrap()];
    let Err(ArgsError::Syntax(error)) = CheckedWith::<WriteFile, Repair>::from_args_str(cut) else {
        panic!("{cut:?} is cut short");
    };
    assert!(error.is_truncated(), "{error}");
}

/// OpenAI hands the arguments as a string; a framework that deserializes
/// `CheckedWith<T, Repair>` from it gets the text repaired.
#[test]
fn the_arguments_text_handed_on_as_a_json_string_is_repaired() {
    #[derive(Deserialize)]
    struct ToolCall {
        arguments: CheckedWith<WriteFile, Repair>,
    }
    let call = json!({"arguments": "{'path': 'a', 'content': 'b'}"});
    let call: ToolCall = serde_json::from_value(call).unwrap();
    assert_eq!(call.arguments.path, "a");
    assert_eq!(call.arguments.changes.len(), 2);
    // Without `Repair`, a string is no object.
    let call = json!({"arguments": "{'path': 'a', 'content': 'b'}"});
    let error =
        serde_json::from_value::<CheckedWith<WriteFile, ReportOnly>>(call["arguments"].clone())
            .unwrap_err();
    assert!(error.to_string().contains("expected an object"), "{error}");
}
