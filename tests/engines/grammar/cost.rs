//! The cost benchmark's ground (`benches/engine_cost.rs`), held by tests:
//! the committed Tekken vocabulary reads back as Mistral's 131,072 tokens,
//! a text survives being cut into its tokens, and every text the
//! benchmark measures is accepted token by token by our grammar over that
//! real vocabulary - the promise that a valid call can be written, with
//! tokens that span many bytes and cross the grammar's lexemes; and the
//! tool lists' later rounds are tools of their own.

use pedelec_schema::GrammarFormat;
use pedelec_schema_engines::cost::{self, corpus};

use llguidance::api::TopLevelGrammar;

#[test]
fn the_committed_vocabulary_is_tekken() {
    assert_eq!(cost::vocabulary_size(), 131_072);
    for text in [
        r#"{"path":"src/main.rs","limit":20}"#,
        "{\"q\":\"caf\u{e9} \u{1F600}\"}",
    ] {
        let tokens = cost::tokenize(text);
        assert!(tokens.len() < text.len(), "{text}: {tokens:?}");
        assert_eq!(cost::detokenize(&tokens), text.as_bytes());
    }
}

#[test]
fn every_measured_text_is_written_token_by_token_through_our_grammar() {
    let cases = corpus::cases();
    assert!(cases.len() > 150, "{} cases", cases.len());
    for case in &cases {
        assert!(
            case.schema.validate_str(&case.text).is_ok(),
            "{}: {}",
            case.name,
            case.text
        );
        let tokens = cost::tokenize(&case.text);
        if let Err(error) = cost::walk(TopLevelGrammar::from_lark(case.lark.clone()), &tokens) {
            panic!("{}: {error}\n{}", case.name, case.text);
        }
    }
    println!("{} texts written through Tekken's tokens", cases.len());
}

/// The second round of a tool list renames properties, so that its
/// grammars differ from the first round's and cost the engine as much.
#[test]
fn a_tool_lists_later_rounds_are_tools_of_their_own() {
    let tools = corpus::tool_list(300);
    let real = corpus::real_tools().len();
    let lark =
        |tool: &pedelec_schema::ToolDefinition| tool.schema().grammar(GrammarFormat::Lark).text;
    let renamed = (0..real)
        .filter(|&at| lark(&tools[at]) != lark(&tools[real + at]))
        .count();
    assert!(renamed * 10 > real * 9, "{renamed} of {real} renamed");
}
