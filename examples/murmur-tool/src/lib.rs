//! The notes tool of `examples/murmur_tool_result.rs` as a murmur tool
//! component: `run(tool-input) -> tool-result` of `murmur:tool@0.2.0`
//! (`wit/murmur-tool.wit`), with its arguments checked by the derived
//! type `NoteCall` before the handler sees them.
//!
//! `murmur.rs` is the glue any such tool shares; the tool itself is the
//! `murmur-notes` crate (`notes/`), which the root package's example runs
//! too. The notes live in the instance: a host that keeps one instance
//! keeps them across calls.

mod murmur;

use std::cell::RefCell;

use exports::murmur::tool::run::{Guest, Status, ToolInput, ToolResult};
use murmur_notes::{NoteCall, Notes};

wit_bindgen::generate!({ world: "tool", path: "wit" });

thread_local! {
    /// The instance's notes (a component instance runs one call at a time).
    static NOTES: RefCell<Notes> = RefCell::default();
}

struct NotesTool;

impl Guest for NotesTool {
    fn run(input: ToolInput) -> ToolResult {
        murmur::run::<NoteCall>(input, |call| {
            outcome(NOTES.with(|notes| notes.borrow_mut().handle(call)))
        })
    }
}

/// The tool's answer in the glue's terms: the WIT's own `status`.
fn outcome(ran: murmur_notes::Outcome) -> murmur::Outcome {
    murmur::Outcome {
        status: match ran.status {
            murmur_notes::Status::Passed => Status::Passed,
            murmur_notes::Status::Failed => Status::Failed,
        },
        summary: ran.summary,
        data: ran.data,
        metadata: ran.metadata,
    }
}

export!(NotesTool);
