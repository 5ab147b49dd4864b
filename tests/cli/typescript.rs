//! `pedelec-lint --export typescript FILE`: TypeScript declarations of a
//! file's arguments, from the real binary - a bare schema as `Args`, tool
//! definitions with their result types and the code-mode `tools`, the
//! refusals, and the declarations the npm package's type test compiles.

use crate::cli_support;

use std::path::PathBuf;

use cli_support::run;
use serde_json::Value;

/// A `tools/list` response: a tool with a description, and one whose name
/// is not an identifier, with an MCP `outputSchema`.
const TOOLS: &[u8] = br#"{"jsonrpc": "2.0", "id": 1, "result": {"tools": [
  {"name": "update_counter", "description": "Adds to the counter.",
   "inputSchema": {"type": "object", "properties": {
     "delta": {"type": "integer", "description": "How much to add.", "minimum": -100, "maximum": 100},
     "reason": {"type": "string", "maxLength": 200}}, "required": ["delta"]}},
  {"name": "read.file", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
   "outputSchema": {"type": "object", "properties": {"text": {"type": "string"}, "bytes": {"type": "integer"}}, "required": ["text"]}}
]}}"#;

#[test]
fn tool_definitions_give_a_type_per_tool_its_result_and_the_code_mode_tools() {
    let result = run(&["--export", "typescript", "-"], Some(TOOLS));
    assert_eq!(result.code, Some(0), "{result:?}");
    let expected = r#"export type UpdateCounterArgs = {
  /**
   * How much to add.
   * @integer
   * @minimum -100
   * @maximum 100
   */
  delta: number;
  /** @maxLength 200 */
  reason?: string;
  [key: string]: unknown;
};

export type ReadFileArgs = {
  path: string;
  [key: string]: unknown;
};

export type ReadFileResult = {
  text: string;
  /** @integer */
  bytes?: number;
  [key: string]: unknown;
};

declare const tools: {
  /** Adds to the counter. */
  update_counter(args: UpdateCounterArgs): Promise<unknown>;
  /** The tool "read.file". */
  read_file(args: ReadFileArgs): Promise<ReadFileResult>;
};
"#;
    assert_eq!(result.stdout, expected);
    // A declaration changes no schema: nothing to note.
    assert_eq!(result.stderr, "");
}

#[test]
fn a_bare_schema_is_declared_as_args() {
    let schema =
        br#"{"type": "object", "properties": {"q": {"type": "string", "enum": ["a", "b"]}}}"#;
    let result = run(&["--export", "typescript", "-"], Some(schema));
    assert_eq!(result.code, Some(0), "{result:?}");
    assert_eq!(
        result.stdout,
        "export type Args = {\n  q?: \"a\" | \"b\";\n  [key: string]: unknown;\n};\n"
    );
}

#[test]
fn an_output_schema_outside_the_subset_leaves_its_tool_without_a_result_type() {
    let tool = br#"{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "additionalProperties": false}}"#;
    let result = run(&["--export", "typescript", "-"], Some(tool));
    assert_eq!(result.code, Some(0), "{result:?}");
    assert!(
        result
            .stdout
            .contains("  t(args: TArgs): Promise<unknown>;\n"),
        "{}",
        result.stdout
    );
    assert!(
        result
            .stderr
            .contains("<stdin>:1:50: note[output_schema_left_out]: the outputSchema is outside the subset (/additionalProperties: "),
        "{}",
        result.stderr
    );
}

#[test]
fn a_file_outside_the_subset_and_a_list_without_names_are_refused() {
    let outside = br##"{"type": "object", "properties": {"a": {"$ref": "#/x"}}}"##;
    let result = run(&["--export", "typescript", "-"], Some(outside));
    assert_eq!(result.code, Some(1), "{result:?}");
    assert!(result.stdout.contains("$ref"), "{}", result.stdout);
    assert!(!result.stdout.contains("export type"), "{}", result.stdout);

    let bare = br#"[{"type": "object"}, {"type": "object"}]"#;
    let result = run(&["--export", "typescript", "-"], Some(bare));
    assert_eq!(result.code, Some(2), "{result:?}");
    assert!(
        result.stderr.contains("has no tool name"),
        "{}",
        result.stderr
    );
    assert!(result.stdout.is_empty());
}

/// The npm package's type test (`pedelec-schema-js/tests/types/realworld.ts`,
/// run by its `types.test.mjs` without any Rust build) compiles against
/// declarations this command wrote, committed beside it with a header of
/// `//` lines: they must still be what it writes, and its input must still
/// be real tools of the corpus, so that the test cannot go stale.
#[test]
fn the_npm_packages_realworld_declarations_are_what_the_command_writes() {
    let types = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../pedelec-schema-js/tests/types");
    let input = types.join("realworld-tools.json");
    let read = |name: &str| {
        std::fs::read_to_string(types.join(name))
            .unwrap_or_else(|err| panic!("cannot read {name}: {err}"))
    };

    let list: Value = serde_json::from_str(&read("realworld-tools.json")).unwrap();
    let tools = list["tools"].as_array().expect("a tools/list result");
    assert!(tools.len() >= 2, "{list}");
    let corpus = pedelec_testdata::realworld();
    for tool in tools {
        let real = corpus.iter().flat_map(|(_, schemas)| schemas).any(|entry| {
            tool["name"] == entry.tool.as_str() && tool["inputSchema"] == entry.schema
        });
        assert!(
            real,
            "not a tool of tests/data/realworld/ as it stands: {tool}"
        );
    }

    let result = run(
        &[
            "--export",
            "typescript",
            input.to_str().expect("a UTF-8 path"),
        ],
        None,
    );
    assert_eq!(result.code, Some(0), "{result:?}");
    assert_eq!(result.stderr, "");
    let committed = read("realworld-tools.d.ts");
    let header_end = committed.find("\n\n").expect("a header, then a blank line");
    let (header, generated) = (&committed[..header_end], &committed[header_end + 2..]);
    assert!(
        header.lines().all(|line| line.starts_with("//")),
        "the header is `//` lines only:\n{header}"
    );
    assert!(
        generated == result.stdout,
        "realworld-tools.d.ts is stale: put this under its header\n{}",
        result.stdout
    );
}
