//! A murmur tool (its WIT interface `murmur:tool@0.2.0`, `run(tool-input)
//! -> tool-result`) whose arguments are checked by a derived type.
//!
//! The WIT's records are modelled with serde, field names as the WIT
//! spells them. The tool keeps notes: it reads one, or appends a line to
//! it. `run` reads its arguments from `tool-input.data` (a JSON string) and
//!
//! - answers a call the schema refuses (or text that is not JSON) with
//!   `status: error`, the library's one-line message as `summary` and its
//!   error document as `data`, so the model can correct the call;
//! - answers a good call with `status: passed` (or `failed`, when the note
//!   it reads does not exist) and the `state_effect` / `resource_id`
//!   metadata the WIT reserves: `read` or `mutate`, and the note it
//!   addressed, scoped as `note:PATH`;
//! - cuts `data` at [`MAX_DATA_BYTES`], on a character boundary, and says
//!   so with `truncated: true` and in the summary.
//!
//! The tool itself - `NoteCall` and its handler - is the `murmur-notes`
//! crate (`examples/murmur-tool/notes/`), which the real murmur component
//! in `examples/murmur-tool/` runs too; this file is the host side that
//! `run` stands for.
//!
//! Run it with `cargo run --example murmur_tool_result`: it prints what
//! `run` returns for a few calls.

use murmur_notes::{NoteCall, Notes, Outcome};
use pedelec_schema::{ArgsError, ToolArgs};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// How much `data` a result carries at most, in bytes: 1 KiB, small so
/// that this example shows a cut (a real tool picks what its host's
/// context allows), and room for the error object of a bad call. A cut
/// `data` is a prefix, so cut JSON may not parse: `truncated` says so.
const MAX_DATA_BYTES: usize = 1024;

/// `record tool-input`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
struct ToolInput {
    /// The call's arguments, as JSON text.
    data: Option<String>,
    log_path: Option<String>,
}

/// `enum status`.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
enum Status {
    Passed,
    Failed,
    Error,
}

/// `record attachment`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
struct Attachment {
    media_type: String,
    path: String,
}

/// `record tool-result`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
struct ToolResult {
    status: Status,
    summary: Option<String>,
    data: Option<String>,
    data_path: Option<String>,
    truncated: bool,
    /// `list<tuple<string, string>>`: key/value pairs, in order.
    metadata: Vec<(String, String)>,
    attachments: Vec<Attachment>,
}

impl ToolResult {
    /// A result with `data` cut to [`MAX_DATA_BYTES`] if it is longer.
    fn new(status: Status, summary: String, data: String, metadata: Vec<(String, String)>) -> Self {
        let (data, summary, truncated) = match cut(&data) {
            Some(prefix) => (
                prefix.to_owned(),
                format!(
                    "{summary} (data cut to {} of {} bytes)",
                    prefix.len(),
                    data.len()
                ),
                true,
            ),
            None => (data, summary, false),
        };
        ToolResult {
            status,
            summary: Some(summary),
            data: Some(data),
            data_path: None,
            truncated,
            metadata,
            attachments: Vec::new(),
        }
    }
}

/// The longest prefix of `data` within [`MAX_DATA_BYTES`] that ends on a
/// character boundary, if `data` is longer than that.
fn cut(data: &str) -> Option<&str> {
    if data.len() <= MAX_DATA_BYTES {
        return None;
    }
    let end = (0..=MAX_DATA_BYTES)
        .rev()
        .find(|&end| data.is_char_boundary(end))
        .unwrap_or(0);
    Some(&data[..end])
}

/// `run: func(input: tool-input) -> tool-result`.
fn run(notes: &mut Notes, input: ToolInput) -> ToolResult {
    // No data is a call with no arguments.
    let text = input.data.as_deref().unwrap_or("{}");
    let call = match NoteCall::from_args_str(text) {
        Ok(call) => call,
        Err(error) => return refused(&error),
    };
    let Outcome {
        status,
        summary,
        data,
        metadata,
    } = notes.handle(call);
    let status = match status {
        murmur_notes::Status::Passed => Status::Passed,
        murmur_notes::Status::Failed => Status::Failed,
    };
    ToolResult::new(status, summary, data, metadata)
}

/// The answer to a call the schema refused, or to text that is not JSON:
/// the library's own words, its one-line message as `summary` and the
/// agent-facing error document as `data`.
fn refused(error: &ArgsError) -> ToolResult {
    ToolResult::new(
        Status::Error,
        error.message(),
        error.to_response().to_string(),
        Vec::new(),
    )
}

fn main() {
    let mut notes = Notes::default();
    let calls = [
        json!({"path": "todo.md", "append": "write the murmur example"}),
        json!({"path": "todo.md", "append": "ü".repeat(600)}),
        json!({"path": "todo.md"}),
        json!({"path": "done.md"}),
        json!({"path": "../etc/passwd", "append": ""}),
    ];
    let mut inputs: Vec<ToolInput> = calls
        .iter()
        .map(|call| ToolInput {
            data: Some(call.to_string()),
            log_path: None,
        })
        .collect();
    inputs.push(ToolInput {
        data: Some("{path: todo.md}".to_owned()),
        log_path: None,
    });
    println!(
        "The tool's argsSchema:\n{}",
        serde_json::to_string_pretty(NoteCall::schema()).unwrap_or_default()
    );
    for input in inputs {
        let data = input.data.as_deref().unwrap_or("none");
        let shown: String = data.chars().take(80).collect();
        let more = if shown.len() < data.len() { "…" } else { "" };
        println!("\n== run(data: {shown}{more})");
        let result = run(&mut notes, input);
        println!(
            "{}",
            serde_json::to_string_pretty(&result).unwrap_or_default()
        );
    }
}
