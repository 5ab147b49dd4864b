//! The exports of the Pedelec demo schemas inside the subset
//! (`tests/data/realworld/pedelec_demos.json`; `get_app_state` and
//! `update_counter` close their root with `additionalProperties`, which the
//! subset refuses) and of a schema using every keyword
//! (`tests/fixtures/export/every_keyword.json`), per profile, against the
//! reviewed files in `tests/expected/export/PROFILE.json`: for each schema,
//! the exported schema and its changes.
//!
//! This test never writes an expected file. When an export changes, it
//! fails and writes the actual export to `export-golden/PROFILE.json` in
//! cargo's temporary folder for tests (the message gives the path):
//! review it against the rules, then copy it over the expected file.

use crate::export_rules;

use std::path::{Path, PathBuf};

use pedelec_schema::{Profile, ToolAnnotations, ToolArgsSchema, ToolDefinition};
use pedelec_testdata::realworld;
use serde_json::{json, Value};

/// The schemas exported, by name.
fn schemas() -> Vec<(String, ToolArgsSchema)> {
    let demos = realworld()
        .into_iter()
        .find(|(file, _)| file == "pedelec_demos.json")
        .expect("the Pedelec demos are in the test data")
        .1;
    let mut out: Vec<(String, ToolArgsSchema)> = demos
        .into_iter()
        .filter_map(|demo| Some((demo.tool, ToolArgsSchema::from_value(&demo.schema).ok()?)))
        .collect();
    let names: Vec<&str> = out.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "spawn_basic_shapes",
            "spawn_closed_polygons",
            "get_current_page",
            "ask_user"
        ],
        "the Pedelec demos changed; review the goldens"
    );
    let text = std::fs::read_to_string(manifest_dir().join("fixtures/export/every_keyword.json"))
        .expect("the every-keyword fixture");
    out.push((
        "every_keyword".to_owned(),
        ToolArgsSchema::from_json_str(&text).unwrap(),
    ));
    out
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn actual(profile: Profile) -> Value {
    schemas()
        .into_iter()
        .map(|(name, schema)| {
            let exported = schema.export(profile);
            export_rules::check(schema.root(), profile, &exported)
                .unwrap_or_else(|problem| panic!("{profile} {name}: {problem}"));
            json!({"tool": name, "schema": exported.schema, "changes": exported.changes})
        })
        .collect()
}

fn compare(profile: Profile) {
    compare_file(&profile.to_string(), &actual(profile));
}

/// Compares `actual` with the reviewed `expected/export/NAME.json`.
fn compare_file(name: &str, actual: &Value) {
    let expected_path = manifest_dir().join(format!("expected/export/{name}.json"));
    let expected: Option<Value> = std::fs::read_to_string(&expected_path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok());
    if expected.as_ref() == Some(actual) {
        return;
    }
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-golden");
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = out_dir.join(format!("{name}.json"));
    let mut text = serde_json::to_string_pretty(actual).unwrap();
    text.push('\n');
    std::fs::write(&out, text).unwrap();
    panic!(
        "the {name} export differs from {}; the actual export is in {}: review it, then copy \
         it over",
        relative(&expected_path),
        relative(&out)
    );
}

fn relative(path: &Path) -> String {
    path.strip_prefix(manifest_dir())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn mcp_exports_match_the_reviewed_files() {
    compare(Profile::Mcp);
}

#[test]
fn openai_strict_exports_match_the_reviewed_files() {
    compare(Profile::OpenAiStrict);
}

#[test]
fn openai_chat_exports_match_the_reviewed_files() {
    compare(Profile::OpenAiChat);
}

#[test]
fn anthropic_strict_exports_match_the_reviewed_files() {
    compare(Profile::AnthropicStrict);
}

#[test]
fn gemini_exports_match_the_reviewed_files() {
    compare(Profile::Gemini);
}

#[test]
fn gemini_openapi_exports_match_the_reviewed_files() {
    compare(Profile::GeminiOpenApi);
}

#[test]
fn llguidance_exports_match_the_reviewed_files() {
    compare(Profile::Llguidance);
}

#[test]
fn xgrammar_exports_match_the_reviewed_files() {
    compare(Profile::Xgrammar);
}

#[test]
fn outlines_exports_match_the_reviewed_files() {
    compare(Profile::Outlines);
}

#[test]
fn llama_cpp_exports_match_the_reviewed_files() {
    compare(Profile::LlamaCpp);
}

/// Two tools in every profile's tool shape: one with every field a
/// definition has (title, arguments, a result, MCP's hints) and a name
/// with a `.` that OpenAI and Anthropic refuse, and one without arguments.
#[test]
fn tool_definitions_match_the_reviewed_file() {
    // Read from text, so that the properties keep the order written.
    let arguments = ToolArgsSchema::from_json_str(
        r#"{
            "type": "object",
            "description": "Finds the notes that contain a word.",
            "properties": {
                "query": {"type": "string", "minLength": 1},
                "limit": {"type": "integer", "minimum": 1, "maximum": 20}
            },
            "required": ["query"]
        }"#,
    )
    .unwrap();
    let result = ToolArgsSchema::from_json_str(
        r#"{
            "type": "object",
            "properties": {
                "notes": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
                "more": {"type": "boolean"}
            },
            "required": ["notes", "more"]
        }"#,
    )
    .unwrap();
    let search = ToolDefinition::new("notes.search", arguments)
        .unwrap()
        .with_title("Search notes")
        .with_output_schema(result)
        .with_annotations(ToolAnnotations {
            read_only_hint: Some(true),
            open_world_hint: Some(false),
            ..Default::default()
        });
    let none = ToolArgsSchema::from_value(&json!({"type": "object"})).unwrap();
    let ping = ToolDefinition::new("ping", none)
        .unwrap()
        .with_description("Checks that the server answers.");
    let actual: Vec<Value> = Profile::ALL
        .iter()
        .map(|&profile| {
            let tools: Vec<Value> = [&search, &ping]
                .iter()
                .map(|tool| {
                    let exported = tool.export(profile);
                    json!({
                        "definition": exported.definition,
                        "changes": exported.changes,
                        "output_changes": exported.output_changes,
                    })
                })
                .collect();
            json!({"profile": profile.as_str(), "tools": tools})
        })
        .collect();
    compare_file("tool_definitions", &Value::Array(actual));
}
