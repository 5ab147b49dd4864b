//! `pedelec-lint --export PROFILE --tools FILE`: the real binary. The
//! `tools` array of a request to the provider, each tool in the library's
//! shape for the profile (`ToolDefinition::export_all`), from one tool
//! definition, a list of them or an MCP `tools/list` result; the changes on
//! standard error and the exit statuses as `--export` has them.

use crate::cli_support;

use cli_support::run;
use pedelec_schema::{Profile, ToolAnnotations, ToolArgsSchema, ToolDefinition};
use serde_json::{json, Value};

/// A `tools/list` result of two tools, both of whose schemas strict modes
/// change; the second has an MCP `outputSchema`.
const TOOLS_LIST: &str = "../export/tools_list.json";

/// The profiles of the issue, each with its reviewed
/// `expected/export/tools_list.PROFILE.json`.
const PROFILES: [&str; 5] = [
    "openai-chat",
    "openai-strict",
    "anthropic-strict",
    "gemini",
    "mcp",
];

fn expected(profile: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("expected/export/tools_list.{profile}.json"));
    std::fs::read_to_string(path).unwrap()
}

fn fixture() -> Value {
    let text = std::fs::read_to_string(cli_support::fixtures().join(TOOLS_LIST)).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_tools_list_becomes_each_providers_request_tools() {
    for profile in PROFILES {
        let result = run(&["--export", profile, "--tools", TOOLS_LIST], None);
        assert_eq!(result.code, Some(0), "{profile}: {result:?}");
        assert_eq!(result.stdout, expected(profile), "{profile}");
    }
}

/// The reviewed files hold each provider's shape, key by key.
#[test]
fn each_profile_writes_its_providers_tool_shape() {
    let keys = |value: &Value| -> Vec<String> {
        let mut keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        keys
    };
    let read = |profile: &str| -> Value { serde_json::from_str(&expected(profile)).unwrap() };
    let chat = read("openai-chat");
    assert_eq!(chat.as_array().unwrap().len(), 2);
    assert_eq!(keys(&chat[0]), ["function", "type"]);
    assert_eq!(chat[0]["type"], "function");
    assert_eq!(
        keys(&chat[0]["function"]),
        ["description", "name", "parameters", "strict"]
    );
    assert_eq!(chat[0]["function"]["strict"], true);
    let responses = read("openai-strict");
    assert_eq!(
        keys(&responses[1]),
        ["description", "name", "parameters", "strict", "type"]
    );
    assert_eq!(
        (&responses[1]["type"], &responses[1]["strict"]),
        (&json!("function"), &json!(true))
    );
    // One schema for both OpenAI APIs.
    assert_eq!(
        responses[0]["parameters"],
        chat[0]["function"]["parameters"]
    );
    let anthropic = read("anthropic-strict");
    assert_eq!(
        keys(&anthropic[0]),
        ["description", "input_schema", "name", "strict"]
    );
    assert_eq!(anthropic[0]["strict"], true);
    let gemini = read("gemini");
    assert_eq!(gemini.as_array().unwrap().len(), 1);
    assert_eq!(keys(&gemini[0]), ["functionDeclarations"]);
    let declarations = gemini[0]["functionDeclarations"].as_array().unwrap();
    assert_eq!(
        keys(&declarations[0]),
        ["description", "name", "parametersJsonSchema"]
    );
    assert_eq!(
        keys(&declarations[1]),
        [
            "description",
            "name",
            "parametersJsonSchema",
            "responseJsonSchema"
        ]
    );
    // MCP: the definitions, title, hints and output schema kept, the
    // `tools/list` result's `nextCursor` not.
    let mcp = read("mcp");
    let tools = &fixture()["tools"];
    assert_eq!(mcp, *tools);
}

#[test]
fn the_changes_go_to_standard_error_placed_in_the_file() {
    let result = run(&["--export", "openai-chat", "--tools", TOOLS_LIST], None);
    let notes: Vec<&str> = result.stderr.lines().collect();
    assert_eq!(
        notes,
        [
            "../export/tools_list.json:7:7: note[additional_properties_false] (narrows): \
             `additionalProperties: false` added, as OpenAI strict mode demands: properties the \
             schema does not name are refused by the provider",
            "../export/tools_list.json:10:39: note[min_length_removed] (widens): `minLength` (1) \
             removed: it is not in OpenAI's documented subset; it is written into `description`, \
             and the handler's `validate` still enforces it",
            "../export/tools_list.json:10:55: note[max_length_removed] (widens): `maxLength` \
             (200) removed: it is not in OpenAI's documented subset; it is written into \
             `description`, and the handler's `validate` still enforces it",
            "../export/tools_list.json:11:11: note[optional_to_nullable] (lossless): optional \
             property made required and nullable, as OpenAI strict mode demands: the model \
             sends `null` to leave it out, and `normalize` removes that `null` before the \
             handler validates",
            "../export/tools_list.json:20:7: note[additional_properties_false] (narrows): \
             `additionalProperties: false` added, as OpenAI strict mode demands: properties the \
             schema does not name are refused by the provider",
            "../export/tools_list.json:23:36: note[max_length_removed] (widens): `maxLength` \
             (64) removed: it is not in OpenAI's documented subset; it is written into \
             `description`, and the handler's `validate` still enforces it",
            "../export/tools_list.json:24:60: note[max_length_removed] (widens): `maxLength` \
             (32) removed: it is not in OpenAI's documented subset; it is written into \
             `description`, and the handler's `validate` still enforces it",
            "../export/tools_list.json:28:7: note[output_schema_omitted] (lossless): the output \
             schema is left out: the openai-chat tool shape has no place for it; the server \
             still checks its results against it",
            "exported ../export/tools_list.json for openai-chat: 8 changes (2 lossless, 4 \
             widens, 2 narrows), 0 over a limit",
        ]
    );
    for (profile, summary) in [
        (
            "openai-strict",
            "8 changes (2 lossless, 4 widens, 2 narrows)",
        ),
        (
            "anthropic-strict",
            "9 changes (1 lossless, 6 widens, 2 narrows)",
        ),
        ("gemini", "2 changes (2 lossless, 0 widens, 0 narrows)"),
        ("mcp", "0 changes (0 lossless, 0 widens, 0 narrows)"),
    ] {
        let result = run(&["--export", profile, "--tools", TOOLS_LIST], None);
        assert!(
            result.stderr.ends_with(&format!(
                "exported {TOOLS_LIST} for {profile}: {summary}, 0 over a limit\n"
            )),
            "{profile}: {}",
            result.stderr
        );
    }
    // As one JSON array with --format json.
    let json = run(
        &[
            "--format",
            "json",
            "--export",
            "anthropic-strict",
            "--tools",
            TOOLS_LIST,
        ],
        None,
    );
    assert_eq!(json.code, Some(0), "{json:?}");
    let notes: Vec<Value> = serde_json::from_str(&json.stderr).unwrap();
    assert_eq!(notes.len(), 9);
    assert_eq!(
        (&notes[8]["pointer"], &notes[8]["code"]),
        (
            &json!("/tools/1/outputSchema"),
            &json!("output_schema_omitted")
        )
    );
}

/// Every profile prints what the library's `export_all` writes for the
/// same definitions, byte for byte: the command writes no shape of its
/// own. (The engines' profiles write Chat Completions tools without
/// `strict`; `gemini-openapi` declares its functions with `parameters`.)
#[test]
fn every_profile_prints_the_librarys_export_all() {
    let arguments = r#"{"type": "object", "properties": {"q": {"type": "string", "minLength": 1}, "n": {"type": "integer"}}, "required": ["q"]}"#;
    let output = r#"{"type": "object", "properties": {"hits": {"type": "array", "items": {"type": "string"}, "maxItems": 5}, "more": {"type": "boolean"}}, "required": ["hits", "more"]}"#;
    let file = format!(
        r#"{{"tools": [
  {{"name": "find", "title": "Find", "description": "Finds.", "inputSchema": {arguments}, "outputSchema": {output}, "annotations": {{"readOnlyHint": true}}}},
  {{"name": "ping", "inputSchema": {{"type": "object"}}}}
]}}"#
    );
    let find = ToolDefinition::new("find", ToolArgsSchema::from_json_str(arguments).unwrap())
        .unwrap()
        .with_title("Find")
        .with_description("Finds.")
        .with_output_schema(ToolArgsSchema::from_json_str(output).unwrap())
        .with_annotations(ToolAnnotations {
            read_only_hint: Some(true),
            ..Default::default()
        });
    let ping = ToolDefinition::new(
        "ping",
        ToolArgsSchema::from_json_str(r#"{"type": "object"}"#).unwrap(),
    )
    .unwrap();
    let tools = [find, ping];
    for &profile in Profile::ALL {
        let result = run(
            &["--export", profile.as_str(), "--tools", "-"],
            Some(file.as_bytes()),
        );
        assert_eq!(result.code, Some(0), "{profile}: {result:?}");
        let exported = ToolDefinition::export_all(&tools, profile);
        assert_eq!(
            result.stdout,
            format!("{:#}\n", exported.tools),
            "{profile}"
        );
        let changes: usize = exported
            .each
            .iter()
            .map(|tool| tool.changes.len() + tool.output_changes.len())
            .sum();
        let summary = format!("for {profile}: {changes} change");
        assert!(
            result.stderr.contains(&summary),
            "{summary}: {}",
            result.stderr
        );
    }
}

#[test]
fn one_definition_and_a_plain_list_give_the_same_array() {
    // Cut from the fixture's text, which keeps the properties' order (a
    // `Value` would sort them, and strict modes' `required` with them).
    let text = std::fs::read_to_string(cli_support::fixtures().join(TOOLS_LIST)).unwrap();
    let list = &text[text.find('[').unwrap()..=text.rfind(']').unwrap()];
    let first = &list[1..list.find("\n    },\n    {").unwrap() + "\n    }".len()];
    let first_alone = format!("[{first}]");
    let response = format!(r#"{{"jsonrpc": "2.0", "id": 3, "result": {{"tools": {list}}}}}"#);
    for profile in PROFILES {
        let export = |text: &str| {
            let result = run(
                &["--export", profile, "--tools", "-"],
                Some(text.as_bytes()),
            );
            assert_eq!(result.code, Some(0), "{profile}: {result:?}");
            result.stdout
        };
        assert_eq!(export(list), expected(profile), "{profile}");
        assert_eq!(export(&response), expected(profile), "{profile}");
        let alone = export(first);
        assert_eq!(alone, export(&first_alone), "{profile}");
        // The first of the two, as the list writes it.
        let of_list: Value = serde_json::from_str(&expected(profile)).unwrap();
        let alone: Value = serde_json::from_str(&alone).unwrap();
        match profile {
            "gemini" => assert_eq!(
                alone[0]["functionDeclarations"],
                json!([of_list[0]["functionDeclarations"][0]])
            ),
            _ => assert_eq!(alone, json!([of_list[0]]), "{profile}"),
        }
    }
    // No tools, no declarations.
    for profile in PROFILES {
        let result = run(
            &["--export", profile, "--tools", "-"],
            Some(b"{\"tools\": []}"),
        );
        assert_eq!(
            (result.code, result.stdout.as_str()),
            (Some(0), "[]\n"),
            "{profile}"
        );
    }
}

#[test]
fn a_file_that_is_not_tool_definitions_is_a_usage_error() {
    let accepted = "pedelec-lint: error: --tools reads tool definitions: one (an object with a \
                    string `name` and `inputSchema`, `input_schema`, `argsSchema` or \
                    `parameters`), an array of them, or an MCP tools/list result ({\"tools\": \
                    [...]}); ";
    let schema = run(&["--export", "openai-chat", "--tools", "clean.json"], None);
    assert_eq!(
        (schema.code, schema.stdout.as_str()),
        (Some(2), ""),
        "{schema:?}"
    );
    assert_eq!(
        schema.stderr,
        format!("{accepted}clean.json is a schema: export a bare schema without --tools\n")
    );
    // Before the lint: a schema with errors is refused the same way.
    let broken = run(
        &["--export", "gemini", "--tools", "not_a_schema.json"],
        None,
    );
    assert_eq!(
        (broken.code, broken.stdout.as_str()),
        (Some(2), ""),
        "{broken:?}"
    );
    assert!(broken.stderr.starts_with(accepted), "{}", broken.stderr);
    // A list with a bare schema among its tools, or a tool that lost its
    // schema key.
    for (list, at) in [
        (
            json!({"tools": [{"name": "a", "inputSchema": {"type": "object"}}, {"type": "object"}]}),
            "/tools/1",
        ),
        (
            json!([{"name": "a", "inputSchem": {"type": "object"}}]),
            "/0",
        ),
    ] {
        let text = list.to_string();
        let result = run(&["--export", "mcp", "--tools", "-"], Some(text.as_bytes()));
        assert_eq!(
            (result.code, result.stdout.as_str()),
            (Some(2), ""),
            "{result:?}"
        );
        assert_eq!(
            result.stderr,
            format!(
                "{accepted}the element at {at} of <stdin> is not one: export a bare schema \
                 without --tools\n"
            )
        );
    }
}

#[test]
fn tools_takes_a_profile_and_export() {
    for target in ["gbnf", "lark", "typescript"] {
        let result = run(&["--export", target, "--tools", TOOLS_LIST], None);
        assert_eq!(
            (result.code, result.stdout.as_str()),
            (Some(2), ""),
            "{target}"
        );
        assert!(
            result.stderr.contains(&format!(
                "--tools writes the `tools` array of a request to a provider, which `--export \
                 {target}` has none of; with --tools, --export takes a profile: mcp, \
                 openai-strict, openai-chat, anthropic-strict, gemini, gemini-openapi, \
                 llguidance, xgrammar, outlines, llama-cpp"
            )),
            "{target}: {}",
            result.stderr
        );
    }
    let alone = run(&["--tools", TOOLS_LIST], None);
    assert_eq!((alone.code, alone.stdout.as_str()), (Some(2), ""));
    assert!(alone.stderr.contains("--export"), "{}", alone.stderr);
    let help = run(&["--help"], None);
    assert!(help.stdout.contains("--tools"));
    assert!(help.stdout.contains("With --export PROFILE --tools"));
}

/// Exit statuses as `--export` has them: findings are reported as lint
/// reports them (1), a name the provider refuses is printed with an error
/// note (1), a file that is not JSON is bad input (2).
#[test]
fn findings_and_limits_exit_as_export_does() {
    let linted = run(&["tool.json"], None);
    let exported = run(
        &["--export", "anthropic-strict", "--tools", "tool.json"],
        None,
    );
    assert_eq!(exported.code, Some(1), "{exported:?}");
    assert_eq!(exported.stdout, linted.stdout);
    let dotted = br#"[{"name": "notes.search", "inputSchema": {"type": "object"}}]"#;
    let refused = run(&["--export", "openai-chat", "--tools", "-"], Some(dotted));
    assert_eq!(refused.code, Some(1), "{refused:?}");
    let printed: Value = serde_json::from_str(&refused.stdout).unwrap();
    assert_eq!(printed[0]["function"]["name"], "notes.search");
    assert!(
        refused
            .stderr
            .starts_with("<stdin>:1:3: error[tool_name_refused]"),
        "{}",
        refused.stderr
    );
    assert!(refused.stderr.ends_with("1 over a limit\n"));
    // MCP takes the name.
    assert_eq!(
        run(&["--export", "mcp", "--tools", "-"], Some(dotted)).code,
        Some(0)
    );
    let not_json = run(&["--export", "gemini", "--tools", "not_json.json"], None);
    assert_eq!(not_json.code, Some(2));
    assert!(not_json.stdout.contains("error[invalid_json]"));
}

/// What no tool definition holds is left out, each with a note at its key.
#[test]
fn keys_no_tool_holds_are_left_out_with_a_note() {
    let text = br##"{"tools": [{"name": "a", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}, "_meta": {"k": 1}, "annotations": {"title": "A", "readOnlyHint": true}, "outputSchema": {"type": "object", "$ref": "#/x"}}]}"##;
    let result = run(&["--export", "mcp", "--tools", "-"], Some(text));
    assert_eq!(result.code, Some(0), "{result:?}");
    let printed: Value = serde_json::from_str(&result.stdout).unwrap();
    let keys: Vec<&String> = printed[0].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["annotations", "inputSchema", "name"]);
    assert_eq!(printed[0]["annotations"], json!({"readOnlyHint": true}));
    let codes: Vec<&str> = result
        .stderr
        .lines()
        .filter_map(|line| line.split_once("note[")?.1.split_once(']'))
        .map(|(code, _)| code)
        .collect();
    assert_eq!(
        codes,
        [
            "tool_key_left_out",
            "tool_key_left_out",
            "output_schema_left_out"
        ],
        "{}",
        result.stderr
    );
    assert!(result.stderr.contains("`_meta` is left out"));
    assert!(result.stderr.contains("the annotation `title` is left out"));
    assert!(result
        .stderr
        .contains("the outputSchema is outside the subset"));
}

/// Without `--tools`, `--export` prints the file in its own shape.
#[test]
fn without_tools_the_file_keeps_its_shape() {
    let result = run(&["--export", "anthropic-strict", TOOLS_LIST], None);
    assert_eq!(result.code, Some(0), "{result:?}");
    let printed: Value = serde_json::from_str(&result.stdout).unwrap();
    assert_eq!(printed["nextCursor"], Value::Null);
    assert_eq!(printed["tools"][0]["title"], "Search notes");
    assert_eq!(
        printed["tools"][1]["inputSchema"]["additionalProperties"],
        false
    );
    assert!(printed["tools"][1].get("input_schema").is_none());
}
