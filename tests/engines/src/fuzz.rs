//! What the `grammar` fuzz target checks, written once: the target in
//! `fuzz/` calls it on libFuzzer's inputs, and the engine tests replay the
//! committed corpus through it on stable Rust.
//!
//! For an input that is a schema inside the subset, in each format: the
//! grammar is written without a panic, every change points into the
//! schema, the engine reads the grammar, and a few walks through it keep
//! the promise (`promise.rs`).

use pedelec_schema::GrammarFormat;
use pedelec_testdata::fuzz::{check_grammar_changes, schema_in};

use crate::oracle::Rng;
use crate::promise::{check_samples, engine, Tally};

/// Walks per input and format: enough to reach most rules of a small
/// schema, few enough for libFuzzer's rate.
const WALKS: usize = 8;

/// Checks the grammars of the schema in `data` (UTF-8 JSON); anything else
/// is not a schema and has nothing to check.
pub fn grammar(data: &[u8]) {
    let Some(schema) = schema_in(data) else {
        return;
    };
    let value = schema.to_value();
    let tally = Tally::default();
    for format in GrammarFormat::ALL.iter().copied() {
        let grammar = schema.grammar(format);
        check_grammar_changes(format, &grammar, &value);
        let oracle = engine(format, &grammar);
        let mut rng = Rng::new(data.len() as u64 + 1);
        check_samples(&schema, &grammar, &oracle, &mut rng, WALKS, &tally);
    }
}
