//! The notes tool: notes kept by path, read or appended to, its arguments
//! a derived type. Its host - the murmur component (`../src/lib.rs`) or
//! the root package's example `examples/murmur_tool_result.rs` - reads a
//! call into [`NoteCall`], answers a refused one itself, and writes the
//! [`Outcome`] of the others as its `tool-result`; the notes live as long
//! as the host keeps its [`Notes`].

use std::collections::BTreeMap;

use pedelec_schema::ToolArgs;
use serde::Deserialize;

/// Reads a note, or appends a line to it.
#[derive(Debug, Deserialize, ToolArgs)]
pub struct NoteCall {
    /// The note's path.
    #[tool_args(pattern = "^[a-z0-9_-]+(/[a-z0-9_-]+)*\\.md$", max_length = 200)]
    path: String,
    /// A line to add at the end of the note (which is created if need be);
    /// without it, the call reads the note.
    #[tool_args(min_length = 1, max_length = 2000)]
    append: Option<String>,
}

/// How a call the tool ran went: the WIT's `passed` or `failed` (its
/// `error` is the host's, for a call that never ran).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Passed,
    Failed,
}

/// What the tool answers, before the host cuts `data` to its limit.
pub struct Outcome {
    pub status: Status,
    pub summary: String,
    pub data: String,
    /// The `metadata` pairs (`state_effect`, `resource_id`), in order.
    pub metadata: Vec<(String, String)>,
}

/// The notes, by path.
#[derive(Default)]
pub struct Notes {
    notes: BTreeMap<String, String>,
}

impl Notes {
    /// A call whose arguments passed.
    pub fn handle(&mut self, call: NoteCall) -> Outcome {
        match call.append {
            None => self.read(&call.path),
            Some(line) => self.append(&call.path, &line),
        }
    }

    fn read(&self, path: &str) -> Outcome {
        let metadata = effect("read", path);
        match self.notes.get(path) {
            Some(text) => Outcome {
                status: Status::Passed,
                summary: format!("read {path}: {}", lines(text)),
                data: text.clone(),
                metadata,
            },
            None => Outcome {
                status: Status::Failed,
                summary: format!("{path} does not exist"),
                data: serde_json::json!({ "known": self.notes.keys().collect::<Vec<_>>() })
                    .to_string(),
                metadata,
            },
        }
    }

    fn append(&mut self, path: &str, line: &str) -> Outcome {
        let note = self.notes.entry(path.to_owned()).or_default();
        note.push_str(line);
        note.push('\n');
        Outcome {
            status: Status::Passed,
            summary: format!("appended to {path}: now {}", lines(note)),
            data: String::new(),
            metadata: effect("mutate", path),
        }
    }
}

/// "1 line", "2 lines".
fn lines(text: &str) -> String {
    match text.lines().count() {
        1 => "1 line".to_owned(),
        count => format!("{count} lines"),
    }
}

/// The `state_effect` and `resource_id` metadata the WIT reserves, for a
/// call on the note at `path` (scoped `note:PATH`, so that it cannot
/// collide with a file path).
fn effect(state_effect: &str, path: &str) -> Vec<(String, String)> {
    vec![
        ("state_effect".to_owned(), state_effect.to_owned()),
        ("resource_id".to_owned(), format!("note:{path}")),
    ]
}
