//! Argument text that is not quite JSON, as models without constrained
//! decoding send it, taken in with `CheckedWith<GrepFiles, Repair>`.
//!
//! - A call in a code fence, in single quotes, with Python's `False` and a
//!   trailing comma: read as the one value meant, the handler runs, and
//!   the tool's result carries the short note for the model
//!   (`Repaired::note_for`: one line per kind of repair, with its places
//!   and what JSON wanted), so that the next call is JSON; the changes
//!   themselves, one per code and place, are for the handler's log.
//! - The same call cut short: refused, however it would parse with a
//!   closing `}` added, with the agent-facing error object (the byte, the
//!   JSON Pointer being written, "the call is cut short").
//! - A call with a bare name the schema does not have (`recursive:`):
//!   two readings are possible (a misspelled property? a value?), so it is
//!   refused at that byte rather than guessed.
//!
//! Run it with `cargo run --example repair_call`.

use pedelec_schema::{ArgsError, CheckedWith, Repair, Repaired, ToolArgs};
use serde::Deserialize;

/// Searches the workspace's files for a regular expression.
#[derive(Deserialize, ToolArgs)]
struct GrepFiles {
    /// The regular expression.
    #[tool_args(min_length = 1)]
    pattern: String,
    /// The folder to search, relative to the workspace root.
    path: Option<String>,
    #[serde(default)]
    case_sensitive: bool,
}

const CALLS: [(&str, &str); 3] = [
    (
        "a call in a fence, in single quotes",
        "```json\n{'pattern': 'fn \"main\"', 'path': 'src', case_sensitive: False,}\n```",
    ),
    (
        "the same call, cut short",
        "```json\n{'pattern': 'fn \"main\"', 'path': 'sr",
    ),
    (
        "a bare name the schema does not have",
        "{'pattern': 'TODO', recursive: True}",
    ),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for (what, text) in CALLS {
        println!("== {what}\n{text}\n");
        match CheckedWith::<GrepFiles, Repair>::from_args_str(text) {
            Ok(call) => {
                let folder = call.path.as_deref().unwrap_or(".");
                println!(
                    "the handler greps {:?} in {folder} (case-sensitive: {})",
                    call.pattern, call.case_sensitive
                );
                println!("the handler's log, {} changes:", call.changes.len());
                for change in &call.changes {
                    println!("  {change}");
                }
                println!("the result's note for the model:");
                for line in Repaired::note_for(&call.changes).lines() {
                    println!("  {line}");
                }
            }
            Err(error) => refused(&error)?,
        }
        println!();
    }
    Ok(())
}

/// The answer to a refused call: the agent-facing error object.
fn refused(error: &ArgsError) -> Result<(), serde_json::Error> {
    println!("refused; the tool answers with:");
    println!("{}", serde_json::to_string_pretty(&error.to_value())?);
    Ok(())
}
