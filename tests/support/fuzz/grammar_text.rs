//! The `grammar_text` target's check: the fast half of grammar fuzzing.
//! It asks no engine, so libFuzzer runs it at the grammar writer's own
//! rate; the slow half, where llguidance reads each grammar and walks
//! through it, stays in `pedelec_schema_engines::fuzz::grammar` (the
//! `grammar` target), at a few inputs a second.
//!
//! For a schema inside the subset, in each format, the grammar is written
//! without a panic, and the same grammar the second time (text and
//! changes); every change serializes and points into the schema; and the
//! text is structurally well formed as `grammar_reader.rs` reads it: each
//! rule defined once, each name referred to defined, the start rule
//! there, parentheses balanced outside literals, classes and regexes.
//! These are what an engine would refuse a grammar for, found here
//! without one.

use pedelec_schema::{Grammar, GrammarFormat};
use serde_json::Value;

use super::grammar_reader::well_formed;
use super::schema_in;

/// Checks the grammars of the schema in `data` (UTF-8 JSON); anything else
/// is not a schema and has nothing to check.
pub fn grammar_text(data: &[u8]) {
    let Some(schema) = schema_in(data) else {
        return;
    };
    let value = schema.to_value();
    for &format in GrammarFormat::ALL {
        let grammar = schema.grammar(format);
        check_grammar_changes(format, &grammar, &value);
        if let Err(problem) = well_formed(format, &grammar.text) {
            panic!("{format}: {problem}\n{}", grammar.text);
        }
        // Last, as it doubles the cost: a grammar that held a hash map's
        // order (rule names, changes) would differ here.
        assert!(
            schema.grammar(format) == grammar,
            "{format}: written twice, two grammars"
        );
    }
}

/// Every change of `grammar` serializes and points into the schema
/// `value` it was written for.
pub fn check_grammar_changes(format: GrammarFormat, grammar: &Grammar, value: &Value) {
    for change in &grammar.changes {
        serde_json::to_string(change).expect("a change serializes");
        assert!(
            value.pointer(&change.pointer).is_some(),
            "{format}: change {change} points at nothing in {value}"
        );
    }
}
