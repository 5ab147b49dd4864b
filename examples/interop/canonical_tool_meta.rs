//! The x.ai/tool `CanonicalToolMeta` envelope that Grok Build attaches to
//! tool-call events, and its canonical input projection.
//!
//! 1. The envelope and the canonical input (eight optional fields) derived
//!    inside the subset, the kinds and namespaces as string enums.
//! 2. The published draft-07 schema of the envelope, linted: what
//!    the subset refuses in it, and what to do instead.
//! 3. The published schema converted into the subset with `convert`: every change, with
//!    its effect, and how the result compares with the derived schema.
//! 4. A raw edit call (`file_path`, `old_string`, `new_string`,
//!    `replace_all`) projected onto the canonical input; the envelope that
//!    carries it validated against the derived schema, and against the published
//!    schema itself (with the `jsonschema` crate) to show that the two agree on it.
//! 5. What the derived schema refuses that the published schema lets through.
//!
//! Run it with `cargo run -p pedelec-schema-interop --example
//! canonical_tool_meta`. The published schema is `data/canonical_tool_meta.schema.json`
//! beside this file (its provenance is in `data/README.md`).

use pedelec_schema::{convert, lint, Effect, ToolArgs};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The canonical tool-identity envelope, attached to a tool-call event's
/// `_meta` under `x.ai/tool`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToolArgs)]
struct CanonicalToolMeta {
    /// The envelope's version: the number 1 (`TOOL_META_VERSION`).
    #[tool_args(minimum = 1, maximum = 1)]
    version: u32,
    /// The harness-specific, model-facing tool name; for diagnostics.
    name: String,
    /// What the tool does, finer than `label`.
    kind: ToolKind,
    /// The toolset the tool belongs to.
    namespace: ToolNamespace,
    /// The cross-harness grouping and display key (`Read`, `Edit`, ...).
    label: String,
    /// Whether the call only reads.
    read_only: bool,
    /// The canonical projection of the call's input; omitted when no stable
    /// projection exists.
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<CanonicalInput>,
}

/// The canonical input: a stable, light projection of a tool's raw input
/// onto cross-harness fields. Every field is optional; bulky or
/// harness-specific fields stay in `raw_input`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, ToolArgs)]
struct CanonicalInput {
    /// A file or search path.
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    /// Where reading starts.
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<u64>,
    /// How much to read, or how many results at most.
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u64>,
    /// The command to run.
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<String>,
    /// What the command does.
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    /// The working directory.
    #[serde(skip_serializing_if = "Option::is_none")]
    cwd: Option<String>,
    /// The directory to list.
    #[serde(skip_serializing_if = "Option::is_none")]
    directory: Option<String>,
    /// The search pattern.
    #[serde(skip_serializing_if = "Option::is_none")]
    pattern: Option<String>,
}

/// What a tool does, as the published schema lists the known values.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize, ToolArgs)]
#[serde(rename_all = "snake_case")]
enum ToolKind {
    Read,
    Edit,
    Delete,
    ListDir,
    Write,
    Move,
    Search,
    Lsp,
    Execute,
    Plan,
    WebSearch,
    WebFetch,
    BackgroundTaskAction,
    WaitTasksAction,
    KillTaskAction,
    List,
    Skill,
    MemorySearch,
    MemoryGet,
    Task,
    EnterPlan,
    ExitPlan,
    AskUser,
    ImageGen,
    VideoGen,
    ImageToVideo,
    ReferenceToVideo,
    DeployApp,
    SearchTool,
    UseTool,
    Monitor,
    GoalUpdate,
    Other,
}

/// The toolset a tool belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize, ToolArgs)]
#[serde(rename_all = "snake_case")]
enum ToolNamespace {
    GrokBuild,
    GrokBuildConcise,
    GrokBuildHashline,
    Codex,
    Opencode,
    Mcp,
}

/// An edit call's raw input, as the model sends it.
#[derive(Debug, Clone, Deserialize, Serialize, ToolArgs)]
struct EditCall {
    /// The file to edit.
    #[tool_args(min_length = 1)]
    file_path: String,
    /// The text to replace.
    old_string: String,
    /// The text to put in its place.
    new_string: String,
    /// Replace every occurrence, not only the first.
    replace_all: Option<bool>,
}

impl EditCall {
    /// The canonical projection: the path only. The strings are bulky and
    /// `replace_all` is not a cross-harness field; they stay in `raw_input`.
    fn canonical_input(&self) -> CanonicalInput {
        CanonicalInput {
            path: Some(self.file_path.clone()),
            ..CanonicalInput::default()
        }
    }

    /// The envelope for this call in the `grok_build` toolset.
    fn envelope(&self) -> CanonicalToolMeta {
        CanonicalToolMeta {
            version: 1,
            name: "edit_file".to_owned(),
            kind: ToolKind::Edit,
            namespace: ToolNamespace::GrokBuild,
            label: "Edit".to_owned(),
            read_only: false,
            input: Some(self.canonical_input()),
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = read_seed()?;
    derived_schemas();
    lint_the_seed(&seed);
    convert_the_seed(&seed)?;
    project_an_edit_call(&seed)?;
    refused_beyond_the_seed(&seed)?;
    Ok(())
}

/// The envelope's published JSON Schema, as text.
const PUBLISHED: &str = include_str!("data/canonical_tool_meta.schema.json");

/// The envelope's published JSON Schema.
fn read_seed() -> Result<Value, Box<dyn std::error::Error>> {
    Ok(serde_json::from_str(PUBLISHED)?)
}

fn derived_schemas() {
    heading("1. The envelope and its canonical input, derived inside the subset");
    println!("CanonicalToolMeta::schema():");
    print_json(CanonicalToolMeta::schema());
}

/// What the subset refuses in the published schema, each with what to do instead.
fn lint_the_seed(seed: &Value) {
    heading("2. The published schema (draft-07) under lint");
    let findings = lint(seed);
    for finding in &findings {
        println!("{finding}");
    }
    let errors = findings.iter().filter(|f| f.is_error()).count();
    println!(
        "\n{errors} errors, {} warnings: the published schema is outside the subset; \
         the derived schema above is its counterpart inside it.",
        findings.len() - errors
    );
}

/// The raw edit call, its projection, and its envelope checked twice.
/// `convert` does the rewrite that lint only describes, and says what each
/// step did to the accepted values.
fn convert_the_seed(seed: &Value) -> Result<(), Box<dyn std::error::Error>> {
    heading("3. The published schema converted into the subset");
    let converted = convert(seed)?;
    for change in &converted.changes {
        println!("{change}");
    }
    let count = |effect: Effect| {
        converted
            .changes
            .iter()
            .filter(|c| c.effect == effect)
            .count()
    };
    println!(
        "\n{} changes: {} lossless, {} widen (the handler checks what they name), {} narrow",
        converted.changes.len(),
        count(Effect::Lossless),
        count(Effect::Widens),
        count(Effect::Narrows)
    );
    println!("\nThe converted schema:");
    print_json(&converted.schema);
    // Where the derived schema says more than the seed could.
    let derived = CanonicalToolMeta::schema().to_value();
    let from_seed = converted.schema.to_value();
    let at = |schema: &Value, pointer: &str| schema.pointer(pointer).cloned().unwrap_or_default();
    println!("\nWhere the derived schema says more than the published schema:");
    for pointer in [
        "/properties/version/maximum",
        "/properties/kind/enum/0",
        "/properties/input/type",
    ] {
        let (ours, seeds) = (at(&derived, pointer), at(&from_seed, pointer));
        println!("  {pointer}: derived {ours}, converted seed {seeds}");
    }
    Ok(())
}

fn project_an_edit_call(seed: &Value) -> Result<(), Box<dyn std::error::Error>> {
    heading("4. A raw edit call, projected onto the canonical input");
    let raw_input = json!({
        "file_path": "src/lib.rs",
        "old_string": "fn old_name()",
        "new_string": "fn new_name()",
        "replace_all": true
    });
    println!("raw_input: {raw_input}");
    let call = EditCall::from_args(raw_input.clone())?;
    let envelope = serde_json::to_value(call.envelope())?;
    println!("x.ai/tool: {envelope}");

    println!(
        "canonical input: {} (`file_path` becomes `path`; `old_string`, `new_string` and \
         `replace_all` stay in raw_input only)",
        envelope["input"]
    );

    let derived = CanonicalToolMeta::schema().validate(&envelope);
    println!("valid against the derived schema: {}", derived.is_ok());
    println!(
        "valid against the published schema (jsonschema crate): {}",
        seed_accepts(seed, &envelope)?
    );
    let back = CanonicalToolMeta::from_args(envelope)?;
    println!(
        "read back into the Rust type unchanged: {}",
        back == call.envelope()
    );
    Ok(())
}

/// The published schema takes any string as `kind`, any `uint32` as `version` and any
/// JSON as `input`; the derived schema is the contract Grok Build's documentation of the canonical input describes.
fn refused_beyond_the_seed(seed: &Value) -> Result<(), Box<dyn std::error::Error>> {
    heading("5. What the derived schema refuses that the published schema lets through");
    let envelope = json!({
        "version": 2,
        "name": "read_file",
        "kind": "teleport",
        "namespace": "grok_build",
        "label": "Read",
        "read_only": true,
        "input": {"path": "README.md", "offset": -1}
    });
    println!("x.ai/tool: {envelope}");
    println!(
        "valid against the published schema (jsonschema crate): {}",
        seed_accepts(seed, &envelope)?
    );
    match CanonicalToolMeta::schema().validate(&envelope) {
        Ok(()) => println!("valid against the derived schema: true"),
        Err(errors) => {
            println!("refused by the derived schema:");
            for error in errors.errors() {
                println!("  {error}");
            }
        }
    }
    Ok(())
}

/// Whether the published schema itself, as draft-07 with its `$ref`s, accepts `value`.
fn seed_accepts(seed: &Value, value: &Value) -> Result<bool, Box<dyn std::error::Error>> {
    let validator = jsonschema::validator_for(seed).map_err(|err| err.to_string())?;
    Ok(validator.is_valid(value))
}

fn heading(title: &str) {
    println!("\n== {title}\n");
}

/// Serialized directly (not through a `Value`, which would sort the keys),
/// so the output keeps the library's key order.
fn print_json(value: &impl Serialize) {
    println!(
        "{}",
        serde_json::to_string_pretty(value).unwrap_or_default()
    );
}
