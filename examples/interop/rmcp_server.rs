//! A real MCP server on rmcp, the official Rust SDK, whose two tools take
//! their arguments as derived types checked by pedelec-schema, and return
//! results checked against derived output types: no call site for either
//! check, only the wrappers in the handler's signature.
//!
//! - `add_to_counter` takes `Parameters<Checked<AddToCounter>>`: strict.
//! - `search_notes` takes `Parameters<CheckedWith<SearchNotes, (Coerce,
//!   RefuseUnknown)>>`: `"5"` is read as `5`, a lone tag as a list, and a
//!   misspelled property is refused with a "did you mean".
//! - Both return `Json<CheckedOutput<T>>`: rmcp writes the value as
//!   `structuredContent` with its JSON text in `content`, and the value is
//!   checked against `T::schema()` as it is serialized, before it is sent.
//!
//! `tools/list` publishes each type's `T::schema()` exactly, as the tool's
//! `inputSchema` and `outputSchema` (see the `#[tool]` attributes below).
//! A call that the input schema refuses comes back as a tool result with
//! `isError: true` and every failure with its path, so the model can
//! correct itself. A result that the output schema refuses is the server's
//! own error: the client gets a JSON-RPC internal error (-32603) naming
//! every failure, never a result that breaks the published schema. The
//! counter shows it: `CounterValue` promises a value within ±1000, the
//! handler does not clamp, and the call that would report more fails on
//! the server.
//!
//! Run it with `cargo run -p pedelec-schema-interop --example rmcp_server`;
//! it speaks MCP on stdin and stdout (point an MCP client at that command).
//! The tests (`tests/intake/rmcp.rs`) drive it in-process and through its
//! stdio, and `scripts/mcp-ts-client/` with the official TypeScript SDK's
//! client, which checks every result against the `outputSchema` itself.

use std::sync::{Arc, Mutex};

use pedelec_schema::{Checked, CheckedOutput, CheckedWith, Coerce, RefuseUnknown, ToolArgs};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::model::{Implementation, ServerCapabilities, ServerConfig};
use rmcp::{tool, tool_handler, tool_router, ServerHandler, ServiceExt};
use serde::{Deserialize, Serialize};

/// Adds a signed amount to the counter.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
pub struct AddToCounter {
    /// Signed amount to add to the counter.
    #[tool_args(minimum = -100, maximum = 100)]
    pub delta: i32,
    /// Why, for the log.
    #[tool_args(max_length = 200)]
    pub reason: Option<String>,
}

/// Finds notes that contain a word.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
pub struct SearchNotes {
    /// The word to look for, in any case.
    #[tool_args(min_length = 1)]
    pub query: String,
    /// How many notes to return at most.
    #[tool_args(minimum = 1, maximum = 20)]
    pub limit: Option<u8>,
    /// Only notes with one of these tags.
    pub tags: Option<Vec<String>>,
}

/// The counter after a call.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
pub struct CounterValue {
    /// The counter's new value, always within ±1000.
    #[tool_args(minimum = -1000, maximum = 1000)]
    pub counter: i64,
    /// The amount that was added.
    pub added: i32,
}

/// The notes that contain the word.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
pub struct NotesFound {
    /// The notes' texts, at most 20.
    #[tool_args(max_items = 20)]
    pub notes: Vec<String>,
    /// What tolerant intake changed in the arguments, so that the model
    /// learns the encoding the schema asks for.
    pub coerced: Vec<Coercion>,
}

/// One change that tolerant intake made to the arguments.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
#[tool_args(output)]
pub struct Coercion {
    /// Where, in the arguments: a JSON Pointer.
    pub pointer: String,
    /// The change's stable code (`number_from_string`, ...).
    pub code: String,
    /// What was changed.
    pub message: String,
}

/// A note the server knows.
struct Note {
    text: &'static str,
    tag: &'static str,
}

const NOTES: &[Note] = &[
    Note {
        text: "Rust 1.88 is the minimum version",
        tag: "rust",
    },
    Note {
        text: "rmcp is the official Rust MCP SDK",
        tag: "rust",
    },
    Note {
        text: "MCP tools publish an input schema",
        tag: "mcp",
    },
    Note {
        text: "Validate tool input before using it",
        tag: "mcp",
    },
    Note {
        text: "Rust enums become oneOf schemas",
        tag: "schema",
    },
];

/// The server: a counter, and the notes above.
#[derive(Clone)]
pub struct NotesServer {
    counter: Arc<Mutex<i64>>,
    // Read by the code `#[tool_handler]` generates.
    #[allow(dead_code)]
    tool_router: ToolRouter<Self>,
}

impl Default for NotesServer {
    fn default() -> Self {
        NotesServer {
            counter: Arc::default(),
            tool_router: Self::tool_router(),
        }
    }
}

impl NotesServer {
    /// The counter's value.
    pub fn counter(&self) -> i64 {
        *self
            .counter
            .lock()
            .expect("the counter's lock is never poisoned")
    }
}

#[tool_router]
impl NotesServer {
    /// Adds a signed amount to the counter and returns its new value.
    // rmcp would derive both schemas from the wrappers' `JsonSchema`
    // (feature `schemars`), but adds `"$schema"` and drops the root
    // `description` (see `tests/intake/rmcp.rs`); given here, they are
    // published exactly.
    #[tool(
        input_schema = AddToCounter::schema().to_json_object(),
        output_schema = Arc::new(CounterValue::schema().to_json_object())
    )]
    async fn add_to_counter(
        &self,
        Parameters(Checked(args)): Parameters<Checked<AddToCounter>>,
    ) -> Json<CheckedOutput<CounterValue>> {
        let mut counter = self
            .counter
            .lock()
            .expect("the counter's lock is never poisoned");
        // Not clamped: the output check keeps the promise of ±1000.
        *counter += i64::from(args.delta);
        Json(CheckedOutput(CounterValue {
            counter: *counter,
            added: args.delta,
        }))
    }

    /// Finds notes that contain a word, optionally only those with given tags.
    #[tool(
        input_schema = SearchNotes::schema().to_json_object(),
        output_schema = Arc::new(NotesFound::schema().to_json_object()),
        annotations(read_only_hint = true)
    )]
    async fn search_notes(
        &self,
        Parameters(search): Parameters<CheckedWith<SearchNotes, (Coerce, RefuseUnknown)>>,
    ) -> Json<CheckedOutput<NotesFound>> {
        let word = search.query.to_lowercase();
        let limit = usize::from(search.limit.unwrap_or(20));
        let tags = search.tags.as_deref().unwrap_or_default();
        let notes = NOTES
            .iter()
            .filter(|note| note.text.to_lowercase().contains(&word))
            .filter(|note| tags.is_empty() || tags.iter().any(|tag| tag == note.tag))
            .take(limit)
            .map(|note| note.text.to_owned())
            .collect();
        // What intake changed goes back too, so the model learns the
        // encoding the schema asks for.
        let coerced = search
            .changes
            .iter()
            .map(|change| Coercion {
                pointer: change.pointer.clone(),
                code: change.code.as_str().to_owned(),
                message: change.message.clone(),
            })
            .collect();
        Json(CheckedOutput(NotesFound { notes, coerced }))
    }
}

#[tool_handler]
impl ServerHandler for NotesServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(
                "pedelec-notes",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions("A counter and a few notes; the tools' arguments are checked.")
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = NotesServer::default()
        .serve(rmcp::transport::stdio())
        .await?;
    server.waiting().await?;
    Ok(())
}
