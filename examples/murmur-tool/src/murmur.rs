//! The glue every murmur tool built on `pedelec-schema` shares: a call's
//! `tool-input` read into the tool's typed arguments, and the tool's
//! outcome - or the refusal of its arguments - written as a `tool-result`.
//!
//! A second tool copies this file and `wit/`, and writes only its derived
//! argument type and its handler (here the `murmur-notes` crate, `notes/`,
//! which `src/lib.rs` joins to this glue). It lives beside the example
//! rather than in the library so that the library takes no dependency on
//! `wit-bindgen`, whose generated types (`ToolInput`, `ToolResult`) belong
//! to the component that generates them.
//!
//! The conventions (murmur's; `examples/murmur_tool_result.rs` models them
//! without the WIT): a call the tool cannot run - its arguments refused,
//! or text that is not JSON - is `status: error`, with the agent-facing
//! error document as `data` (`{"error": {"code": "INVALID_ARGS",
//! "message", "errors"}}`, what a Rust handler returns:
//! `ArgsError::to_response`) and that document's `message` as the
//! one-line `summary`; a call it ran is `passed`, or `failed` when it did
//! not succeed; `data` is cut at [`MAX_DATA_BYTES`] on a character
//! boundary, and `truncated` and the summary say so.

use pedelec_schema::{ArgsError, ToolArgs};
use serde::de::DeserializeOwned;

use crate::exports::murmur::tool::run::{Status, ToolInput, ToolResult};

/// The most bytes of `data` a result carries: small, as a host's context
/// would want, and room for the error document of a bad call.
pub const MAX_DATA_BYTES: usize = 1024;

/// What a tool's handler returns: the result before `data` is cut.
pub struct Outcome {
    pub status: Status,
    pub summary: String,
    pub data: String,
    /// The `metadata` pairs (`state_effect`, `resource_id`, ...), in order.
    pub metadata: Vec<(String, String)>,
}

/// Runs `handle` on the arguments in `input.data` (no data is a call
/// without arguments, `{}`), read into `T` from their text so that a
/// syntax error is located; arguments `T`'s schema refuses never reach
/// `handle`.
pub fn run<T: ToolArgs + DeserializeOwned>(
    input: ToolInput,
    handle: impl FnOnce(T) -> Outcome,
) -> ToolResult {
    let text = input.data.as_deref().unwrap_or("{}");
    let outcome = match T::from_args_str(text) {
        Ok(args) => handle(args),
        Err(error) => refused(&error),
    };
    result(outcome)
}

/// The answer to arguments the schema refused, or text that is not JSON.
/// The summary is the document's own `message`, not `ArgsError::summary`:
/// it names at most five failures (a result's summary is one short line,
/// and `data` has them all), and its first sentence says what went wrong
/// - not JSON, cut short, or not what the schema wants.
fn refused(error: &ArgsError) -> Outcome {
    Outcome {
        status: Status::Error,
        summary: error.message(),
        data: error.to_response().to_string(),
        metadata: Vec::new(),
    }
}

/// `outcome` as a `tool-result`, `data` cut to [`MAX_DATA_BYTES`].
fn result(outcome: Outcome) -> ToolResult {
    let Outcome {
        status,
        mut summary,
        mut data,
        metadata,
    } = outcome;
    let truncated = data.len() > MAX_DATA_BYTES;
    if truncated {
        let end = (0..=MAX_DATA_BYTES)
            .rev()
            .find(|&end| data.is_char_boundary(end))
            .unwrap_or(0);
        summary = format!("{summary} (data cut to {end} of {} bytes)", data.len());
        data.truncate(end);
    }
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
