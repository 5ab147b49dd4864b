//! `pedelec-lint --export PROFILE FILE`: the real binary. The file keeps
//! its shape and every byte outside its schemas; a file with errors is
//! reported as linting reports it; the changes go to standard error.

use crate::cli_support;

use cli_support::run;
use pedelec_schema::{Profile, ToolArgsSchema};
use serde_json::{json, Value};

/// The export fixtures, relative to the lint fixtures the binary runs in.
const EVERY_KEYWORD: &str = "../export/every_keyword.json";
const TOOLS: &str = "../export/tools.json";
/// Properties not in alphabetical order: `reasoning` before `answer`.
const REASONING_FIRST: &str = "../export/reasoning_first.json";

fn fixture(name: &str) -> String {
    std::fs::read_to_string(cli_support::fixtures().join(name)).unwrap()
}

#[test]
fn a_bare_schema_is_printed_exported_for_each_profile() {
    // Read as the command reads each schema of a file: from its text, in
    // the text's property order (which strict profiles' `required`
    // follows).
    let source = ToolArgsSchema::from_json_str(&fixture(EVERY_KEYWORD)).unwrap();
    for &profile in Profile::ALL {
        let result = run(&["--export", profile.as_str(), EVERY_KEYWORD], None);
        assert_eq!(result.code, Some(0), "{profile}: {result:?}");
        let printed: Value = serde_json::from_str(&result.stdout).unwrap();
        let exported = source.export(profile);
        assert_eq!(printed, exported.schema, "{profile}");
        // Keywords in the canonical order, not the map's alphabetical one.
        assert!(
            result.stdout.starts_with("{\n  \"type\": \"object\",\n"),
            "{profile}"
        );
        let lines: Vec<&str> = result.stderr.lines().collect();
        assert_eq!(
            lines.len(),
            exported.changes.len() + 1,
            "{profile}: {}",
            result.stderr
        );
        assert!(lines.last().unwrap().starts_with(&format!(
            "exported {EVERY_KEYWORD} for {profile}: {} changes",
            exported.changes.len()
        )));
    }
}

#[test]
fn the_help_names_every_profile_and_each_gemini_field_has_its_own() {
    let help = run(&["--help"], None);
    assert_eq!(help.code, Some(0));
    for &profile in Profile::ALL {
        // clap's list of values, and the closing text's list.
        assert!(help.stdout.contains(profile.as_str()), "{profile}");
    }
    assert!(help.stdout.contains("gemini, gemini-openapi,"));
    // `parametersJsonSchema` keeps `uniqueItems`, on which Google's pages are
    // silent; the OpenAPI `parameters` has no such field.
    let json_schema = run(&["--export", "gemini", EVERY_KEYWORD], None);
    let openapi = run(&["--export", "gemini-openapi", EVERY_KEYWORD], None);
    assert_eq!((json_schema.code, openapi.code), (Some(0), Some(0)));
    let tags = |result: &cli_support::Run| {
        let printed: Value = serde_json::from_str(&result.stdout).unwrap();
        printed["properties"]["tags"].clone()
    };
    assert_eq!(tags(&json_schema)["uniqueItems"], true);
    assert_eq!(tags(&openapi).get("uniqueItems"), None);
    assert!(openapi.stderr.contains("note[unique_items_removed]"));
    assert!(!json_schema.stderr.contains("unique_items_removed"));
}

#[test]
fn the_export_keeps_the_files_property_order() {
    let source = ToolArgsSchema::from_json_str(&fixture(REASONING_FIRST)).unwrap();
    let read: Vec<&str> = source
        .root()
        .properties
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    // The library reads the file's order, so the command writes it.
    assert_eq!(read, ["reasoning", "answer", "confidence"]);
    for &profile in Profile::ALL {
        let result = run(&["--export", profile.as_str(), REASONING_FIRST], None);
        assert_eq!(result.code, Some(0), "{profile}: {result:?}");
        // Byte for byte the library's export, in its order: the file's
        // 2-space indentation is serde_json's pretty one.
        let exported = source.export(profile).schema;
        assert_eq!(result.stdout, format!("{exported:#}\n"), "{profile}");
        // The properties, found in the text, in the order the library read.
        let at = |name: &str| result.stdout.find(&format!("\"{name}\": {{")).unwrap();
        let places: Vec<usize> = read.iter().map(|name| at(name)).collect();
        assert!(
            places.windows(2).all(|pair| pair[0] < pair[1]),
            "{profile}: {read:?}"
        );
    }
}

#[test]
fn only_the_schemas_of_a_tools_list_change() {
    let result = run(&["--export", "anthropic-strict", TOOLS], None);
    assert_eq!(result.code, Some(0), "{result:?}");
    let expected = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("expected/export/tools.anthropic-strict.json"),
    )
    .unwrap();
    assert_eq!(result.stdout, expected);
    assert!(result.stderr.ends_with(
        "for anthropic-strict: 5 changes (0 lossless, 3 widens, 2 narrows), 0 over a limit\n"
    ));
}

#[test]
fn notes_are_placed_in_the_file_and_ordered_by_position() {
    let result = run(&["--export", "anthropic-strict", TOOLS], None);
    let notes: Vec<&str> = result.stderr.lines().collect();
    assert_eq!(
        notes[..2],
        [
            "../export/tools.json:6:64: note[additional_properties_false] (narrows): \
             `additionalProperties: false` added, as Anthropic strict mode demands: properties \
             the schema does not name are refused by the provider",
            "../export/tools.json:6:141: note[min_length_removed] (widens): `minLength` (1) \
             removed: Anthropic strict mode does not support it; it is written into \
             `description`, and the handler's `validate` still enforces it",
        ]
    );
}

#[test]
fn the_json_format_writes_the_changes_as_one_array() {
    let result = run(
        &[
            "--format",
            "json",
            "--export",
            "openai-strict",
            "clean.json",
        ],
        None,
    );
    assert_eq!(result.code, Some(0), "{result:?}");
    let notes: Vec<Value> = serde_json::from_str(&result.stderr).unwrap();
    let first = &notes[0];
    // The set of fields: a `Value`'s key order is serde_json's to choose
    // (sorted, or as written with `preserve_order`).
    let mut keys: Vec<_> = first.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        ["code", "column", "effect", "file", "line", "message", "pointer", "severity"]
    );
    assert_eq!(
        (
            &first["pointer"],
            &first["line"],
            &first["column"],
            &first["effect"]
        ),
        (&json!(""), &json!(1), &json!(1), &json!("narrows"))
    );
    let codes: Vec<&str> = notes.iter().map(|n| n["code"].as_str().unwrap()).collect();
    assert_eq!(
        codes,
        [
            "additional_properties_false",
            "min_length_removed",
            "optional_to_nullable"
        ]
    );
}

#[test]
fn a_file_with_errors_is_reported_as_lint_reports_it() {
    let linted = run(&["tool.json"], None);
    let exported = run(&["--export", "gemini", "tool.json"], None);
    assert_eq!(exported.code, Some(1), "{exported:?}");
    assert_eq!(exported.stdout, linted.stdout);
    assert_eq!(exported.stderr, "");
    let json = run(
        &["--format", "json", "--export", "gemini", "tool.json"],
        None,
    );
    assert_eq!(
        json.json(),
        run(&["--format", "json", "tool.json"], None).json()
    );
    // Warnings do not stop an export, unless denied.
    assert_eq!(
        run(&["--export", "mcp", "warnings.json"], None).code,
        Some(0)
    );
    let denied = run(
        &["--deny-warnings", "--export", "mcp", "warnings.json"],
        None,
    );
    assert_eq!(denied.code, Some(1));
    assert!(denied.stdout.contains("warning[unbounded_array]"));
}

#[test]
fn an_exceeded_limit_prints_the_export_and_exits_1() {
    let properties: serde_json::Map<String, Value> = (0..25)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    let schema = json!({"type": "object", "properties": properties});
    let text = schema.to_string();
    let result = run(
        &["--export", "anthropic-strict", "-"],
        Some(text.as_bytes()),
    );
    assert_eq!(result.code, Some(1), "{result:?}");
    let printed: Value = serde_json::from_str(&result.stdout).unwrap();
    assert_eq!(printed["additionalProperties"], false);
    assert!(result.stderr.contains(
        "<stdin>:1:1: error[anthropic_too_many_optional] (lossless): the schema has 25 optional \
         properties"
    ));
    assert!(result.stderr.ends_with("1 over a limit\n"));
}

#[test]
fn bad_input_and_misuse_exit_2() {
    for args in [
        &["--export", "gemini", "clean.json", "warnings.json"][..],
        &["--export", "openai", "clean.json"],
        &["--export", "gemini"],
    ] {
        let result = run(args, None);
        assert_eq!(result.code, Some(2), "{args:?}: {result:?}");
        assert_eq!(result.stdout, "", "{args:?}");
    }
    let missing = run(&["--export", "gemini", "no-such-file.json"], None);
    assert_eq!(missing.code, Some(2));
    assert!(missing
        .stderr
        .starts_with("pedelec-lint: error: cannot read no-such-file.json"));
    let not_json = run(&["--export", "gemini", "not_json.json"], None);
    assert_eq!(not_json.code, Some(2));
    assert!(not_json.stdout.contains("error[invalid_json]"));
}

#[test]
fn an_empty_list_is_printed_as_it_is() {
    let result = run(&["--export", "openai-strict", "-"], Some(b" [ ]\n"));
    assert_eq!(result.code, Some(0), "{result:?}");
    assert_eq!(result.stdout, " [ ]\n");
}

/// `--export openai-chat` on a list of Chat Completions tools: each
/// function's `parameters` becomes OpenAI strict mode's schema (what
/// `openai-strict` writes: one set of rules for both tool shapes), and
/// every other byte, the `{"type": "function", "function": ...}` around
/// it included, stays.
#[test]
fn openai_chat_exports_the_schemas_of_chat_completions_tools() {
    let parameters = r#"{"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}}, "required": ["q"]}"#;
    let input = format!(
        "[{{\"type\": \"function\", \"function\": {{\"name\": \"search\", \"parameters\": {parameters}}}}}]\n"
    );
    let chat = run(&["--export", "openai-chat", "-"], Some(input.as_bytes()));
    assert_eq!(chat.code, Some(0), "{chat:?}");
    let exported = ToolArgsSchema::from_json_str(parameters)
        .unwrap()
        .export(Profile::OpenAiChat)
        .schema;
    let expected = input.replace(parameters, &exported.to_string());
    assert_eq!(chat.stdout, expected);
    let strict = run(&["--export", "openai-strict", "-"], Some(input.as_bytes()));
    assert_eq!(chat.stdout, strict.stdout);
    assert!(chat.stderr.ends_with(
        "for openai-chat: 2 changes (1 lossless, 0 widens, 1 narrows), 0 over a limit\n"
    ));
}
