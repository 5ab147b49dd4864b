//! A real MCP server on rmcp, the official Rust SDK, whose two tools take
//! their arguments as derived types checked by pedelec-schema: no call
//! site for the check, only the wrapper in the handler's signature.
//!
//! - `add_to_counter` takes `Parameters<Checked<AddToCounter>>`: strict.
//! - `search_notes` takes `Parameters<CheckedWith<SearchNotes, (Coerce,
//!   RefuseUnknown)>>`: `"5"` is read as `5`, a lone tag as a list, and a
//!   misspelled property is refused with a "did you mean".
//!
//! `tools/list` publishes each type's `T::schema()` exactly (see
//! `input_schema` below), and a call that the schema refuses comes back as
//! a tool result with `isError: true` and every failure with its path, so
//! the model can correct itself.
//!
//! Run it with `cargo run -p pedelec-schema-interop --example rmcp_server`;
//! it speaks MCP on stdin and stdout (point an MCP client at that command).
//! The tests (`tests/intake/rmcp.rs`) drive it in-process and through its
//! stdio.

use std::sync::{Arc, Mutex};

use pedelec_schema::{Checked, CheckedWith, Coerce, RefuseUnknown, ToolArgs};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{tool, tool_handler, tool_router, ServerHandler, ServiceExt};
use serde::{Deserialize, Serialize};
use serde_json::json;

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
    // rmcp would derive the schema from `Checked<AddToCounter>`'s
    // `JsonSchema` (feature `schemars`), but adds `"$schema"` to it and
    // drops its root `description` (see `tests/intake/rmcp.rs`); given here, it is
    // published exactly.
    #[tool(input_schema = AddToCounter::schema().to_json_object())]
    async fn add_to_counter(
        &self,
        Parameters(Checked(args)): Parameters<Checked<AddToCounter>>,
    ) -> CallToolResult {
        let mut counter = self
            .counter
            .lock()
            .expect("the counter's lock is never poisoned");
        *counter += i64::from(args.delta);
        CallToolResult::structured(json!({"counter": *counter, "added": args}))
    }

    /// Finds notes that contain a word, optionally only those with given tags.
    #[tool(input_schema = SearchNotes::schema().to_json_object())]
    async fn search_notes(
        &self,
        Parameters(search): Parameters<CheckedWith<SearchNotes, (Coerce, RefuseUnknown)>>,
    ) -> CallToolResult {
        let word = search.query.to_lowercase();
        let limit = usize::from(search.limit.unwrap_or(20));
        let tags = search.tags.as_deref().unwrap_or_default();
        let found: Vec<&str> = NOTES
            .iter()
            .filter(|note| note.text.to_lowercase().contains(&word))
            .filter(|note| tags.is_empty() || tags.iter().any(|tag| tag == note.tag))
            .take(limit)
            .map(|note| note.text)
            .collect();
        // What intake changed goes back too, so the model learns the
        // encoding the schema asks for.
        CallToolResult::structured(json!({"notes": found, "coerced": search.changes}))
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
