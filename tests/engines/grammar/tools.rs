//! One grammar for a call to any of several tools: every walk is
//! `{"name": ..., "arguments": ...}` with a listed name and arguments its
//! own schema accepts, each tool's calls can all be written, and a tool
//! with a long string bound leaves the others' grammar readable.

use pedelec_schema::{grammar_for_tools, GrammarFormat, ToolArgsSchema, ToolDefinition};
use serde_json::{json, Value};

use pedelec_schema_engines::oracle::Rng;
use pedelec_schema_engines::promise::engine;

fn tools() -> Vec<ToolDefinition> {
    let tool = |name: &str, schema: Value| {
        ToolDefinition::new(name, ToolArgsSchema::from_value(&schema).unwrap()).unwrap()
    };
    vec![
        tool(
            "read_file",
            json!({"type": "object", "properties": {
                "path": {"type": "string", "minLength": 1, "maxLength": 5000},
                "limit": {"type": "integer", "minimum": 1, "maximum": 2000}
            }, "required": ["path"]}),
        ),
        tool(
            "set_mode",
            json!({"type": "object", "properties": {
                "mode": {"type": "string", "enum": ["fast", "careful"]}
            }, "required": ["mode"]}),
        ),
        tool("ping", json!({"type": "object"})),
    ]
}

#[test]
fn every_walk_is_a_call_of_a_listed_tool_with_valid_arguments() {
    let tools = tools();
    for format in GrammarFormat::ALL.iter().copied() {
        let grammar = grammar_for_tools(&tools, format);
        let oracle = engine(format, &grammar);
        let mut rng = Rng::new(11);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..600 {
            let Some(bytes) = oracle.sample(&mut rng, 4096) else {
                continue;
            };
            let text = String::from_utf8(bytes).unwrap();
            let call: Value = serde_json::from_str(&text)
                .unwrap_or_else(|err| panic!("{format}: not JSON ({err}): {text}"));
            let name = call["name"]
                .as_str()
                .unwrap_or_else(|| panic!("{format}: no name: {text}"));
            let tool = tools
                .iter()
                .find(|tool| tool.name() == name)
                .unwrap_or_else(|| panic!("{format}: unknown tool in {text}"));
            let keys: Vec<&str> = call
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(keys.len(), 2, "{format}: {text}");
            tool.schema()
                .validate(&call["arguments"])
                .unwrap_or_else(|err| panic!("{format}: {text}: {err}"));
            seen.insert(name.to_owned());
        }
        assert_eq!(
            seen.len(),
            tools.len(),
            "{format}: every tool is reachable: {seen:?}"
        );
        for text in [
            r#"{"name":"read_file","arguments":{"path":"a"}}"#,
            r#"{"name": "set_mode", "arguments": {"mode": "careful"}}"#,
            r#"{"name":"ping","arguments":{}}"#,
        ] {
            assert!(oracle.accepts(text), "{format}: {text}");
        }
        for text in [
            r#"{"name":"read_file","arguments":{"path":""}}"#,
            r#"{"name":"set_mode","arguments":{"mode":"slow"}}"#,
            r#"{"name":"other","arguments":{}}"#,
            r#"{"arguments":{},"name":"ping"}"#,
        ] {
            assert!(!oracle.accepts(text), "{format}: {text}");
        }
    }
}

#[test]
fn a_tool_no_call_can_satisfy_leaves_the_others_callable() {
    let mut tools = tools();
    let impossible = ToolArgsSchema::from_value(&json!({"type": "object", "properties": {
        "n": {"type": "integer", "minimum": 2.5, "maximum": 2.7}
    }, "required": ["n"]}))
    .unwrap();
    tools.insert(0, ToolDefinition::new("broken", impossible).unwrap());
    for format in GrammarFormat::ALL.iter().copied() {
        let grammar = grammar_for_tools(&tools, format);
        let empty: Vec<&str> = grammar
            .changes
            .iter()
            .filter(|change| change.code == pedelec_schema::ChangeCode::GrammarEmpty)
            .map(|change| change.pointer.as_str())
            .collect();
        assert_eq!(empty, ["/0"], "{format}");
        let oracle = engine(format, &grammar);
        assert!(
            oracle.accepts(r#"{"name":"ping","arguments":{}}"#),
            "{format}"
        );
        assert!(
            !oracle.accepts(r#"{"name":"broken","arguments":{"n":2}}"#),
            "{format}"
        );
    }
}
