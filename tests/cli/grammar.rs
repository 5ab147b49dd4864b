//! `pedelec-lint --export gbnf|lark FILE`: the grammar of a file's
//! arguments, from the real binary - the library's grammar for a schema,
//! one grammar for a tool list, and a clear refusal where there is no
//! grammar to write.

use crate::cli_support;

use cli_support::run;
use pedelec_schema::{GrammarFormat, ToolArgsSchema};

const EVERY_KEYWORD: &str = "../export/every_keyword.json";
const TOOLS: &str = "../export/tools.json";

#[test]
fn a_schema_gives_the_librarys_grammar_and_its_changes_as_notes() {
    let text = std::fs::read_to_string(cli_support::fixtures().join(EVERY_KEYWORD)).unwrap();
    let schema = ToolArgsSchema::from_json_str(&text).unwrap();
    for format in GrammarFormat::ALL.iter().copied() {
        let result = run(&["--export", format.as_str(), EVERY_KEYWORD], None);
        assert_eq!(result.code, Some(0), "{result:?}");
        let grammar = schema.grammar(format);
        assert_eq!(result.stdout, grammar.text, "{format}");
        let notes = result
            .stderr
            .lines()
            .filter(|line| line.contains(": note["))
            .count();
        assert_eq!(notes, grammar.changes.len(), "{format}: {}", result.stderr);
        assert!(
            result
                .stderr
                .contains(&format!("for {format}: {} change", grammar.changes.len())),
            "{}",
            result.stderr
        );
    }
}

#[test]
fn a_tool_list_gives_one_grammar_for_a_call_to_any_tool() {
    let result = run(&["--export", "gbnf", TOOLS], None);
    assert_eq!(result.code, Some(0), "{result:?}");
    assert!(result.stdout.starts_with("root ::= "), "{}", result.stdout);
    let document: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(cli_support::fixtures().join(TOOLS)).unwrap(),
    )
    .unwrap();
    let tools = document["result"]["tools"].as_array().unwrap();
    for tool in tools {
        let name = serde_json::to_string(tool["name"].as_str().unwrap()).unwrap();
        let literal = format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""));
        assert!(
            result.stdout.contains(&literal),
            "{literal} in {}",
            result.stdout
        );
    }
    // Each change is placed in the file, at its tool's schema.
    assert!(result
        .stderr
        .lines()
        .any(|line| line.starts_with("../export/tools.json:") && !line.contains(":1:1:")));
}

#[test]
fn a_list_without_names_and_an_empty_list_are_refused() {
    let bare = br#"[{"type": "object"}, {"type": "object"}]"#;
    let result = run(&["--export", "lark", "-"], Some(bare));
    assert_eq!(result.code, Some(2), "{result:?}");
    assert!(
        result.stderr.contains("has no tool name"),
        "{}",
        result.stderr
    );
    assert!(result.stdout.is_empty());
    let empty = run(&["--export", "gbnf", "-"], Some(b"[]"));
    assert_eq!(empty.code, Some(2), "{empty:?}");
    assert!(empty.stderr.contains("holds no schema"), "{}", empty.stderr);
}
