//! `pedelec-lint --export typescript FILE`: TypeScript declarations of a
//! file's arguments, from the real binary - a bare schema as `Args`, tool
//! definitions with their result types and the code-mode `tools`, and the
//! refusals.

use crate::cli_support;

use cli_support::run;

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
