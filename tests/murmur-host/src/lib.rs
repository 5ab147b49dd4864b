//! A murmur host, as small as one can be: the wasmtime crate runs the notes
//! tool component (`target/murmur/notes.wasm`, from
//! `examples/murmur-tool/build.sh`) through the bindings `bindgen!` writes
//! from the tool's WIT, one instance for a series of calls, and gives each
//! `tool-result` back as JSON (the record's fields as the WIT names them;
//! `none` is `null`), the form the Node host's results are compared in.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use wasmtime::component::{Component, Linker};
use wasmtime::error::Context;
use wasmtime::{Config, Engine, Store};

wasmtime::component::bindgen!({
    world: "tool",
    path: "../../examples/murmur-tool/wit",
});

use exports::murmur::tool::run::{Status, ToolInput, ToolResult};

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The component `build.sh` writes.
pub fn component_path() -> PathBuf {
    root().join("target/murmur/notes.wasm")
}

/// One instance of the tool, and the store it lives in.
pub struct Host {
    store: Store<()>,
    tool: Tool,
}

impl Host {
    /// Compiles the component at `path` and instantiates it, importing
    /// nothing.
    pub fn new(path: &Path) -> wasmtime::Result<Host> {
        let mut config = Config::new();
        config.wasm_component_model(true);
        let engine = Engine::new(&config)?;
        let component = Component::from_file(&engine, path).with_context(|| {
            format!(
                "loading {} (bash examples/murmur-tool/build.sh)",
                path.display()
            )
        })?;
        let linker = Linker::new(&engine);
        let mut store = Store::new(&engine, ());
        let tool = Tool::instantiate(&mut store, &component, &linker)?;
        Ok(Host { store, tool })
    }

    /// `run` with `data`; an `Err` is a trap.
    pub fn run(&mut self, data: Option<&str>) -> wasmtime::Result<Value> {
        let input = ToolInput {
            data: data.map(str::to_owned),
            log_path: None,
        };
        let result = self
            .tool
            .murmur_tool_run()
            .call_run(&mut self.store, &input)?;
        Ok(to_json(&result))
    }
}

/// A `tool-result` as JSON, its fields named as the WIT names them.
pub fn to_json(result: &ToolResult) -> Value {
    let status = match result.status {
        Status::Passed => "passed",
        Status::Failed => "failed",
        Status::Error => "error",
    };
    json!({
        "status": status,
        "summary": result.summary,
        "data": result.data,
        "data-path": result.data_path,
        "truncated": result.truncated,
        "metadata": result.metadata,
        "attachments": result
            .attachments
            .iter()
            .map(|a| json!({"media-type": a.media_type, "path": a.path}))
            .collect::<Vec<_>>(),
    })
}

/// The calls both hosts make (`examples/murmur-tool/tests/calls.json`):
/// each one's name, its `data` (a large one given as a character
/// repeated), and the result expected.
pub fn calls_path() -> PathBuf {
    root().join("examples/murmur-tool/tests/calls.json")
}

/// A call's `data` as the file gives it.
pub fn data_of(call: &Value) -> Option<String> {
    match &call["data"] {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        recipe => Some(
            recipe["repeat"]
                .as_str()
                .expect("a character to repeat")
                .repeat(recipe["times"].as_u64().expect("a count") as usize),
        ),
    }
}
