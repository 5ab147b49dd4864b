//! `Checked<T>` and `CheckedOutput<T>` in rmcp, the official MCP SDK:
//! `examples/interop/rmcp_server.rs` driven by an rmcp client over an
//! in-memory duplex pipe, and once as the real binary over its stdio.
//!
//! Checked here: `tools/list` carries exactly each `T::schema()`, as
//! `inputSchema` and `outputSchema`; a call the schema refuses comes back
//! as a tool result with `isError: true` (MCP 2025-11-25: input validation
//! errors are tool execution errors, so the model can correct itself)
//! naming every failure's path; a good call reaches the handler as the
//! typed value, and its result passes the published `outputSchema` as the
//! `jsonschema` crate reads it; a result the output schema refuses is a
//! JSON-RPC error from the server, never a result; and what rmcp publishes
//! from the wrappers' `schemars::JsonSchema` alone.

// The example itself, through a link (`rmcp/server.rs`).
#[allow(dead_code)] // its `main` runs in the stdio test, as a binary
mod server;

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use pedelec_schema::{Checked, CheckedOutput, ToolArgs};
use rmcp::handler::server::common::{schema_for_input, schema_for_output};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResult, ErrorCode};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::ServiceExt;
use serde_json::{json, Value};
use server::{AddToCounter, CounterValue, NotesFound, NotesServer, SearchNotes};

/// A client connected in-process to `server`.
async fn connect(server: NotesServer) -> RunningService<RoleClient, ()> {
    let (server_end, client_end) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        let running = server.serve(server_end).await.expect("the server starts");
        running.waiting().await.expect("the server stops cleanly");
    });
    ().serve(client_end).await.expect("the client connects")
}

/// Calls `tool`, and checks a successful result's `structuredContent`
/// against the `outputSchema` the server published, with the `jsonschema`
/// crate, as a strict client (the TypeScript SDK's) does.
async fn call(client: &RunningService<RoleClient, ()>, tool: &str, args: Value) -> CallToolResult {
    let result = try_call(client, tool, args)
        .await
        .unwrap_or_else(|err| panic!("{tool} answers with a result, not a protocol error: {err}"));
    if result.is_error != Some(true) {
        let tools = client.list_all_tools().await.unwrap();
        let published = tools
            .iter()
            .find(|t| t.name == tool)
            .expect("the tool is listed");
        let schema = Value::Object((**published.output_schema.as_ref().unwrap()).clone());
        let structured = result
            .structured_content
            .as_ref()
            .expect("structured content");
        let oracle = jsonschema::validator_for(&schema).expect("the outputSchema compiles");
        assert!(oracle.is_valid(structured), "{structured} fails {schema}");
        // MCP: the same JSON in a text block, for clients that read text.
        assert_eq!(
            &serde_json::from_str::<Value>(text(&result)).unwrap(),
            structured
        );
    }
    result
}

async fn try_call(
    client: &RunningService<RoleClient, ()>,
    tool: &str,
    args: Value,
) -> Result<CallToolResult, ServiceError> {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(args))
        .await
}

/// The text of a result's only content block.
fn text(result: &CallToolResult) -> &str {
    match result.content.as_slice() {
        [block] => match block.as_text() {
            Some(text) => &text.text,
            None => panic!("expected text, found {block:?}"),
        },
        blocks => panic!("expected one content block, found {}", blocks.len()),
    }
}

#[tokio::test]
async fn tools_list_carries_each_schema_exactly() {
    let client = connect(NotesServer::default()).await;
    let tools = client.list_all_tools().await.unwrap();
    let schemas: Vec<(String, Value)> = tools
        .iter()
        .map(|tool| {
            (
                tool.name.to_string(),
                Value::Object((*tool.input_schema).clone()),
            )
        })
        .collect();
    assert_eq!(
        schemas,
        [
            (
                "add_to_counter".to_owned(),
                AddToCounter::schema().to_value()
            ),
            ("search_notes".to_owned(), SearchNotes::schema().to_value()),
        ]
    );
    // The derived schemas as the model sees them: inside the subset, with
    // the types' doc comments.
    assert_eq!(
        schemas[0].1,
        json!({
            "type": "object",
            "properties": {
                "delta": {"type": "integer", "minimum": -100, "maximum": 100,
                          "description": "Signed amount to add to the counter."},
                "reason": {"type": "string", "maxLength": 200, "description": "Why, for the log."}
            },
            "required": ["delta"],
            "description": "Adds a signed amount to the counter."
        })
    );
    assert_eq!(
        tools[0].description.as_deref(),
        Some("Adds a signed amount to the counter and returns its new value.")
    );
    let outputs: Vec<Value> = tools
        .iter()
        .map(|tool| Value::Object((**tool.output_schema.as_ref().unwrap()).clone()))
        .collect();
    assert_eq!(
        outputs,
        [
            CounterValue::schema().to_value(),
            NotesFound::schema().to_value()
        ]
    );
    let hints = tools[1]
        .annotations
        .as_ref()
        .expect("search_notes has hints");
    assert_eq!(hints.read_only_hint, Some(true));
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_result_the_output_schema_refuses_is_a_server_error_never_a_result() {
    let server = NotesServer::default();
    let client = connect(server.clone()).await;
    for expected in (100..=1000).step_by(100) {
        let result = call(&client, "add_to_counter", json!({"delta": 100})).await;
        assert_eq!(result.structured_content.unwrap()["counter"], expected);
    }
    let refused = try_call(&client, "add_to_counter", json!({"delta": 100})).await;
    let Err(ServiceError::McpError(error)) = refused else {
        panic!("expected the server's error, got {refused:?}")
    };
    assert_eq!(error.code, ErrorCode::INTERNAL_ERROR);
    assert!(
        error.message.ends_with(
            "The tool's result does not match its output schema: \
             /counter: 1100 is greater than the maximum 1000"
        ),
        "{}",
        error.message
    );
    // The handler ran (it does not clamp); only its result was held back.
    assert_eq!(server.counter(), 1100);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_bad_call_is_a_tool_error_with_every_failure_and_its_path() {
    let server = NotesServer::default();
    let client = connect(server.clone()).await;
    let result = call(
        &client,
        "add_to_counter",
        json!({"delta": 150, "reason": 7, "extra": true}),
    )
    .await;
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        text(&result),
        "failed to deserialize parameters: The arguments do not match the tool's argsSchema: \
         /delta: 150 is greater than the maximum 100; \
         /reason: expected a string, found the number 7"
    );
    assert_eq!(server.counter(), 0, "the handler never ran");

    // Every failure, however many: the wrapper's message does not stop at
    // five as the agent-facing `message` field does.
    let result = call(
        &client,
        "search_notes",
        json!({"query": "", "limit": 0, "tags": [1, 2, 3, 4, 5]}),
    )
    .await;
    assert_eq!(result.is_error, Some(true));
    let text = text(&result);
    for path in [
        "/limit:", "/query:", "/tags/0:", "/tags/1:", "/tags/2:", "/tags/3:", "/tags/4:",
    ] {
        assert!(text.contains(path), "{path} missing from {text}");
    }
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_good_call_reaches_the_handler_as_the_typed_value() {
    let server = NotesServer::default();
    let client = connect(server.clone()).await;
    let result = call(&client, "add_to_counter", json!({"delta": 5})).await;
    assert_eq!(result.is_error, Some(false));
    let structured = result.structured_content.expect("structured content");
    let value: CounterValue = serde_json::from_value(structured).unwrap();
    assert_eq!(
        value,
        CounterValue {
            counter: 5,
            added: 5
        }
    );
    // A float with a zero fraction is an integer to the schema, and reaches
    // the handler as the `i32` it means.
    call(
        &client,
        "add_to_counter",
        json!({"delta": -2.0, "reason": "undo"}),
    )
    .await;
    assert_eq!(server.counter(), 3);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn tolerant_intake_coerces_reports_and_refuses_unknown_properties() {
    let client = connect(NotesServer::default()).await;
    let result = call(
        &client,
        "search_notes",
        json!({"query": "rust", "limit": "1", "tags": "rust"}),
    )
    .await;
    assert_eq!(result.is_error, Some(false));
    let structured = result.structured_content.unwrap();
    assert_eq!(
        structured["notes"],
        json!(["Rust 1.88 is the minimum version"])
    );
    let coerced: Vec<(&str, &str)> = structured["coerced"]
        .as_array()
        .unwrap()
        .iter()
        .map(|change| {
            (
                change["pointer"].as_str().unwrap(),
                change["code"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        coerced,
        [
            ("/limit", "number_from_string"),
            ("/tags", "wrapped_in_array")
        ]
    );

    let result = call(&client, "search_notes", json!({"query": "rust", "limt": 1})).await;
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result)
            .ends_with(r#"/limt: the schema names no property "limt"; did you mean "limit"?"#),
        "{}",
        text(&result)
    );
    client.cancel().await.unwrap();
}

/// What rmcp derives from `Parameters<Checked<T>>`'s `JsonSchema` when a
/// tool gives no `input_schema`: `T::schema()` inline (no `$ref`, no
/// `$defs`, no `title`), but with rmcp's own two edits, which no
/// `JsonSchema` impl can prevent: its generator's settings
/// (`SchemaSettings::draft2020_12()`) add `"$schema"` at the root, and its
/// `schema_for_input` removes the root `description`. Hence the example's
/// `input_schema = ...`.
#[test]
fn what_rmcp_derives_from_the_schemars_impl() {
    for (derived, schema) in [
        (
            schema_for_input::<Parameters<Checked<AddToCounter>>>().unwrap(),
            AddToCounter::schema().to_value(),
        ),
        (
            schema_for_input::<Parameters<Checked<SearchNotes>>>().unwrap(),
            SearchNotes::schema().to_value(),
        ),
    ] {
        let mut expected = schema;
        expected.as_object_mut().unwrap().remove("description");
        expected["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
        assert_eq!(Value::Object((*derived).clone()), expected);
    }
}

/// What rmcp derives from `Json<CheckedOutput<T>>`'s `JsonSchema` when a
/// tool gives no `output_schema`: `T::schema()` inline, with `"$schema"`
/// added and the root `description` removed, as for the input. Both edits
/// leave the values it accepts as they are, so rmcp's own derivation is a
/// sound `outputSchema` too; the example gives it to publish it exactly.
#[test]
fn what_rmcp_derives_for_the_output() {
    for (derived, schema) in [
        (
            schema_for_output::<CheckedOutput<CounterValue>>(),
            CounterValue::schema().to_value(),
        ),
        (
            schema_for_output::<CheckedOutput<NotesFound>>(),
            NotesFound::schema().to_value(),
        ),
    ] {
        let mut expected = schema;
        expected.as_object_mut().unwrap().remove("description");
        expected["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
        assert_eq!(Value::Object((*derived).clone()), expected);
    }
}

/// The example as it runs (`cargo run -p pedelec-schema-interop --example rmcp_server`): an MCP
/// client's messages on its stdin, its answers on its stdout, one JSON-RPC
/// message a line; it exits when its stdin closes.
#[test]
fn the_example_binary_speaks_mcp_on_stdio() {
    let requests = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "tests/intake/rmcp.rs", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
               "params": {"name": "add_to_counter", "arguments": {"delta": "x"}}}),
        json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
               "params": {"name": "add_to_counter", "arguments": {"delta": 7}}}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let mut child = Command::new(pedelec_testdata::cargo::example("rmcp_server"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the example starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    // A server that never exits fails the test instead of hanging it.
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || done.send(child.wait_with_output()));
    let output = finished
        .recv_timeout(Duration::from_secs(60))
        .expect("the server exits when its stdin closes")
        .unwrap();
    assert!(output.status.success(), "{}", output.status);

    let answers: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON-RPC message"))
        .collect();
    let answer = |id: u64| -> &Value {
        let found = answers.iter().find(|a| a["id"] == id);
        &found.unwrap_or_else(|| panic!("no answer to request {id} in {answers:?}"))["result"]
    };
    assert_eq!(answer(1)["serverInfo"]["name"], "pedelec-notes");
    let schemas: Vec<&Value> = answer(2)["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| &tool["inputSchema"])
        .collect();
    assert_eq!(
        schemas,
        [
            &AddToCounter::schema().to_value(),
            &SearchNotes::schema().to_value()
        ]
    );
    assert_eq!(answer(3)["isError"], true);
    assert_eq!(
        answer(3)["content"][0]["text"],
        "failed to deserialize parameters: The arguments do not match the tool's argsSchema: \
         /delta: expected an integer, found the string \"x\""
    );
    let outputs: Vec<&Value> = answer(2)["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| &tool["outputSchema"])
        .collect();
    assert_eq!(
        outputs,
        [
            &CounterValue::schema().to_value(),
            &NotesFound::schema().to_value()
        ]
    );
    assert_eq!(answer(4)["isError"], false);
    assert_eq!(
        answer(4)["structuredContent"],
        json!({"counter": 7, "added": 7})
    );
}
