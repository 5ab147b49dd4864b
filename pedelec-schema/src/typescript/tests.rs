//! The declarations' text: names, quoting, comments, unions.

use serde_json::json;

use super::*;

fn schema(value: serde_json::Value) -> ToolArgsSchema {
    ToolArgsSchema::from_value(&value).unwrap()
}

/// The type of the one property `p` of a schema holding `node`.
fn property_type(node: serde_json::Value) -> String {
    let text = schema(json!({"type": "object", "properties": {"p": node}, "required": ["p"]}))
        .typescript("T");
    let line = text
        .lines()
        .find(|line| line.trim_start().starts_with("p: "))
        .unwrap_or_else(|| panic!("no property line in {text}"));
    line.trim_start()["p: ".len()..]
        .trim_end_matches(';')
        .to_owned()
}

#[test]
fn leaves_enums_arrays_and_unions_are_written_as_their_types() {
    let cases = [
        (json!({"type": "string"}), "string"),
        (json!({"type": "number"}), "number"),
        (json!({"type": "boolean"}), "boolean"),
        (json!({"type": "boolean", "enum": [false]}), "false"),
        (json!({"type": "boolean", "enum": [true, false]}), "boolean"),
        (
            json!({"type": "string", "enum": ["a", "b\"c"]}),
            r#""a" | "b\"c""#,
        ),
        (
            json!({"type": "number", "enum": [-1, 2.5, 1e21]}),
            "-1 | 2.5 | 1e+21",
        ),
        (
            json!({"type": "array", "items": {"type": "string"}}),
            "string[]",
        ),
        (
            json!({"type": "array", "items": {"type": "array", "items": {"type": "number"}}}),
            "number[][]",
        ),
        (
            json!({"type": "array", "items": {"type": "string", "enum": ["x", "y"]}}),
            r#"Array<"x" | "y">"#,
        ),
        (json!({"type": "object"}), "{ [key: string]: unknown }"),
        (
            json!({"oneOf": [{"type": "string"}, {"type": "integer", "enum": [1, 2]}]}),
            "string | (/** @integer */ 1 | 2)",
        ),
    ];
    for (node, expected) in cases {
        assert_eq!(property_type(node.clone()), expected, "{node}");
    }
}

#[test]
fn names_that_are_not_identifiers_are_quoted_and_type_names_made_valid() {
    let text = schema(json!({"type": "object", "properties": {
        "ok_name$1": {"type": "string"},
        "class": {"type": "string"},
        "with space": {"type": "string"},
        "1st": {"type": "string"},
        "é": {"type": "string"}
    }}))
    .typescript("my-type");
    for line in [
        "export type my_type = {",
        "  ok_name$1?: string;",
        "  class?: string;",
        "  \"with space\"?: string;",
        "  \"1st\"?: string;",
        "  \"é\"?: string;",
    ] {
        assert!(text.lines().any(|l| l == line), "{line:?} in {text}");
    }
    assert_eq!(names::type_name("string"), "_string");
    assert_eq!(names::type_name("2d"), "_2d");
    assert_eq!(names::type_name(""), "Args");
    assert_eq!(names::pascal_case("read_file"), "ReadFile");
    assert_eq!(names::pascal_case("read-file.v2"), "ReadFileV2");
    assert_eq!(names::pascal_case("getURL"), "GetURL");
    assert_eq!(names::pascal_case("3d_render"), "_3dRender");
    assert_eq!(names::method_name("read.file-2"), "read_file_2");
    assert_eq!(names::method_name("9lives"), "_9lives");
}

#[test]
fn documentation_cannot_close_its_comment() {
    let text = schema(json!({"type": "object", "properties": {
        "p": {"type": "string", "description": "first line\n\nends */ here", "pattern": "a*/b"}
    }}))
    .typescript("T");
    assert!(
        text.contains("   * first line\n   *\n   * ends *\\/ here\n   * @pattern a*\\/b\n"),
        "{text}"
    );
    assert_eq!(text.matches("*/").count(), 1, "{text}");
}

#[test]
fn tools_get_numbered_names_and_their_own_name_where_the_method_differs() {
    let args = || schema(json!({"type": "object"}));
    let output = schema(
        json!({"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}),
    );
    let tools = [
        ToolDefinition::new("read_file", args()).unwrap(),
        ToolDefinition::new("read-file", args())
            .unwrap()
            .with_description("Reads.\nAll of it.")
            .with_output_schema(output),
    ];
    let text = typescript_for_tools(&tools);
    assert_eq!(
        text,
        "export type ReadFileArgs = { [key: string]: unknown };\n\n\
         export type ReadFileArgs2 = { [key: string]: unknown };\n\n\
         export type ReadFileResult = {\n  /** @integer */\n  n: number;\n  [key: string]: unknown;\n};\n\n\
         declare const tools: {\n  \
         read_file(args: ReadFileArgs): Promise<unknown>;\n  \
         /**\n   * Reads.\n   * All of it.\n   * The tool \"read-file\".\n   */\n  \
         read_file2(args: ReadFileArgs2): Promise<ReadFileResult>;\n};\n"
    );
}
