//! The grammar's promise, with llguidance as the engine: on generated
//! subset schemas, every valid value written as the grammar writes values
//! is accepted byte by byte (complete up to the documented narrowings), and
//! every text a random walk over the engine's mask produces is JSON that
//! our `validate` and the `jsonschema` crate accept (sound), unless a
//! `widens` change names the keyword that refused it.

use std::cell::Cell;

use pedelec_schema::{GrammarFormat, ToolArgsSchema};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use crate::ordered;
use pedelec_schema_engines::oracle::Rng;
use pedelec_schema_engines::promise::{check_samples, engine, Tally};
use pedelec_testdata::strategies;

/// Generated schemas per format; each brings 8 values, and
/// [`SAMPLES_PER_SCHEMA`] walks.
const CASES: u32 = 160;
const SAMPLES_PER_SCHEMA: usize = 250;

fn run(format: GrammarFormat) {
    let config = ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = TestRunner::new(config);
    let tally = Tally::default();
    let (written, skipped) = (Cell::new(0usize), Cell::new(0usize));
    let seed = Cell::new(1u64);
    runner
        .run(&strategies::root_with_values(8), |(root, values)| {
            let schema = ToolArgsSchema::new(root).unwrap();
            let grammar = schema.grammar(format);
            let oracle = engine(format, &grammar);
            let root_node = pedelec_schema::SchemaNode::Object(schema.root().clone());
            let empty = grammar
                .changes
                .iter()
                .any(|c| c.code == pedelec_schema::ChangeCode::GrammarEmpty);
            for value in values.iter().filter(|value| schema.is_valid(value)) {
                prop_assert!(!empty, "the grammar is empty, yet {} is valid", value);
                let Some(text) = ordered::compact(&root_node, value) else {
                    skipped.set(skipped.get() + 1);
                    continue;
                };
                if ordered::outside_narrowings(&text) {
                    skipped.set(skipped.get() + 1);
                    continue;
                }
                prop_assert!(
                    oracle.accepts(&text),
                    "the grammar refuses valid {}\n{}",
                    text,
                    grammar.text
                );
                written.set(written.get() + 1);
            }
            seed.set(seed.get() + 1);
            let mut rng = Rng::new(seed.get());
            check_samples(
                &schema,
                &grammar,
                &oracle,
                &mut rng,
                SAMPLES_PER_SCHEMA,
                &tally,
            );
            Ok(())
        })
        .unwrap();
    eprintln!(
        "{format}: {CASES} schemas, {} valid values accepted ({} skipped: an unnamed property, or a number the grammar does not write), {} samples ({} excused by a widens change)",
        written.get(),
        skipped.get(),
        tally.samples.get(),
        tally.excused.get()
    );
    assert!(
        written.get() > CASES as usize,
        "too few valid values were written to prove completeness"
    );
    assert!(
        tally.samples.get() > CASES as usize * SAMPLES_PER_SCHEMA / 2,
        "most walks should end"
    );
}

#[test]
fn lark_grammars_keep_the_promise_under_llguidance() {
    run(GrammarFormat::Lark);
}

#[test]
fn gbnf_grammars_keep_the_promise_read_as_llguidance_grammars() {
    run(GrammarFormat::Gbnf);
}
