//! A murmur tool (its WIT interface `murmur:tool@0.2.0`, `run(tool-input)
//! -> tool-result`) whose arguments are checked by a derived type.
//!
//! The WIT's records are modelled with serde, field names as the WIT
//! spells them. The tool keeps notes: it reads one, or appends a line to
//! it. `run` reads its arguments from `tool-input.data` (a JSON string) and
//!
//! - answers a call the schema refuses with `status: error`, a one-line
//!   `summary` and the agent-facing error object as `data`, so the model
//!   can correct the call;
//! - answers a good call with `status: passed` (or `failed`, when the note
//!   it reads does not exist) and the `state_effect` / `resource_id`
//!   metadata the WIT reserves: `read` or `mutate`, and the note it
//!   addressed, scoped as `note:PATH`;
//! - cuts `data` at [`MAX_DATA_BYTES`], on a character boundary, and says
//!   so with `truncated: true` and in the summary.
//!
//! Run it with `cargo run --example murmur_tool_result`: it prints what
//! `run` returns for a few calls.

use std::collections::BTreeMap;

use pedelec_schema::{ArgsError, ToolArgs};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

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

/// Reads a note, or appends a line to it.
#[derive(Debug, Deserialize, ToolArgs)]
struct NoteCall {
    /// The note's path.
    #[tool_args(pattern = "^[a-z0-9_-]+(/[a-z0-9_-]+)*\\.md$", max_length = 200)]
    path: String,
    /// A line to add at the end of the note (which is created if need be);
    /// without it, the call reads the note.
    #[tool_args(min_length = 1, max_length = 2000)]
    append: Option<String>,
}

/// The tool: notes kept by path.
#[derive(Default)]
struct Notes {
    notes: BTreeMap<String, String>,
}

impl Notes {
    /// `run: func(input: tool-input) -> tool-result`.
    fn run(&mut self, input: ToolInput) -> ToolResult {
        // No data is a call with no arguments.
        let text = input.data.as_deref().unwrap_or("{}");
        let (args, not_json) = match serde_json::from_str::<Value>(text) {
            Ok(args) => (args, None),
            // Checked as the text it is, so the schema says what it wanted.
            Err(err) => (Value::String(text.to_owned()), Some(err)),
        };
        let call = match NoteCall::from_args(args) {
            Ok(call) => call,
            Err(error) => return refused(&error, not_json),
        };
        match call.append {
            None => self.read(&call.path),
            Some(line) => self.append(&call.path, &line),
        }
    }

    fn read(&self, path: &str) -> ToolResult {
        let metadata = effect("read", path);
        match self.notes.get(path) {
            Some(text) => ToolResult::new(
                Status::Passed,
                format!("read {path}: {}", lines(text)),
                text.clone(),
                metadata,
            ),
            None => ToolResult::new(
                Status::Failed,
                format!("{path} does not exist"),
                json!({"known": self.notes.keys().collect::<Vec<_>>()}).to_string(),
                metadata,
            ),
        }
    }

    fn append(&mut self, path: &str, line: &str) -> ToolResult {
        let note = self.notes.entry(path.to_owned()).or_default();
        note.push_str(line);
        note.push('\n');
        let summary = format!("appended to {path}: now {}", lines(note));
        ToolResult::new(
            Status::Passed,
            summary,
            String::new(),
            effect("mutate", path),
        )
    }
}

/// "1 line", "2 lines".
fn lines(text: &str) -> String {
    match text.lines().count() {
        1 => "1 line".to_owned(),
        count => format!("{count} lines"),
    }
}

/// The `state_effect` and `resource_id` metadata of a call on the note at
/// `path`.
fn effect(state_effect: &str, path: &str) -> Vec<(String, String)> {
    vec![
        ("state_effect".to_owned(), state_effect.to_owned()),
        ("resource_id".to_owned(), format!("note:{path}")),
    ]
}

/// The answer to a call the schema refused: the agent-facing error object
/// as `data`, and one line naming where the problems are.
fn refused(error: &ArgsError, not_json: Option<serde_json::Error>) -> ToolResult {
    let summary = match not_json {
        Some(err) => format!("refused: the arguments are not JSON ({err}); see data"),
        None => {
            let paths: Vec<String> = error.errors().iter().map(|e| e.path()).collect();
            format!(
                "refused: {} problem(s) with the arguments, at {}; see data",
                paths.len(),
                paths.join(", ")
            )
        }
    };
    ToolResult::new(
        Status::Error,
        summary,
        error.to_value().to_string(),
        Vec::new(),
    )
}

fn main() {
    let mut tool = Notes::default();
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
        let result = tool.run(input);
        println!(
            "{}",
            serde_json::to_string_pretty(&result).unwrap_or_default()
        );
    }
}
