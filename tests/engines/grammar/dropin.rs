//! Our Lark grammar dropped into mistral-common's tool-call grammar where
//! that grammar writes `%json {schema}` (its `_TOOL_CALL_GRAMMAR`:
//! `{tool_calls_token} SAFE_WS? {tool_name} {args_token} SAFE_WS? %json
//! {args_json} SAFE_WS?`, with special tokens as `<[id]>`), as a nested
//! `%lark { ... }` grammar, compiled by llguidance over the Tekken
//! vocabulary and walked with the tokens a Mistral model writes: the call
//! is accepted, and an argument the schema refuses is not.

use llguidance::api::TopLevelGrammar;
use pedelec_schema::{GrammarFormat, ToolArgsSchema};
use pedelec_schema_engines::cost;
use serde_json::json;

/// `[TOOL_CALLS]` and `[ARGS]` in Tekken.
const TOOL_CALLS: u32 = 9;
const ARGS: u32 = 32;

/// mistral-common's template for one strict tool, with our grammar where
/// it writes `%json`.
fn mistral_grammar(name: &str, lark: &str) -> String {
    format!(
        "start: fcalls\nfcalls: <[{TOOL_CALLS}]> SAFE_WS? \"{name}\" <[{ARGS}]> SAFE_WS? %lark {{\n{lark}}} SAFE_WS?\nSAFE_WS: /[ \\t\\r\\n]{{1,8}}/\n"
    )
}

fn call(name: &str, args: &str) -> Vec<u32> {
    let mut tokens = vec![TOOL_CALLS];
    tokens.extend(cost::tokenize(name));
    tokens.push(ARGS);
    tokens.extend(cost::tokenize(args));
    tokens
}

#[test]
fn our_grammar_drops_into_mistral_common_s_tool_call_template() {
    let schema = ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {
            "path": {"type": "string", "pattern": "^src/"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100}
        },
        "required": ["path"]
    }))
    .unwrap();
    let lark = schema.grammar(GrammarFormat::Lark).text;
    let grammar = mistral_grammar("read_file", &lark);
    let walk = |args: &str| {
        cost::walk(
            TopLevelGrammar::from_lark(grammar.clone()),
            &call("read_file", args),
        )
    };
    for args in [
        r#"{"path":"src/main.rs","limit":20}"#,
        r#"{ "path": "src/lib.rs" }"#,
    ] {
        if let Err(error) = walk(args) {
            panic!("{args}: {error}\n{grammar}");
        }
    }
    for args in [
        r#"{"path":"docs/a.md"}"#,
        r#"{"path":"src/a","limit":101}"#,
        r#"{"limit":2}"#,
    ] {
        assert!(walk(args).is_err(), "{args} went through");
    }
}
