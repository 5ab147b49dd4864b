//! The notes tool of `examples/murmur_tool_result.rs` as a murmur tool
//! component: `run(tool-input) -> tool-result` of `murmur:tool@0.2.0`
//! (`wit/murmur-tool.wit`), with its arguments checked by the derived
//! type `NoteCall` before the handler sees them.
//!
//! `murmur.rs` is the glue any such tool shares; `notes.rs` is this tool.
//! The notes live in the instance: a host that keeps one instance keeps
//! them across calls.

mod murmur;
mod notes;

use std::cell::RefCell;

use exports::murmur::tool::run::{Guest, ToolInput, ToolResult};
use notes::{NoteCall, Notes};

wit_bindgen::generate!({ world: "tool", path: "wit" });

thread_local! {
    /// The instance's notes (a component instance runs one call at a time).
    static NOTES: RefCell<Notes> = RefCell::default();
}

struct NotesTool;

impl Guest for NotesTool {
    fn run(input: ToolInput) -> ToolResult {
        murmur::run::<NoteCall>(input, |call| {
            NOTES.with(|notes| notes.borrow_mut().handle(call))
        })
    }
}

export!(NotesTool);
