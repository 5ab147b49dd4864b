//! The grammar's promise, with llguidance as the engine: on generated
//! subset schemas, every valid value written as the grammar writes values
//! is accepted byte by byte (complete up to the documented narrowings), and
//! every text a random walk over the engine's mask produces is JSON that
//! our `validate` and the `jsonschema` crate accept (sound), unless a
//! `widens` change names the keyword that refused it.

use std::cell::Cell;

use pedelec_schema::{Effect, Grammar, GrammarFormat, ToolArgsSchema};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::Value;

use crate::ordered;
use pedelec_schema_engines::oracle::{Oracle, Rng};
use pedelec_testdata::strategies;

/// Generated schemas per format; each brings 8 values, and
/// [`SAMPLES_PER_SCHEMA`] walks.
const CASES: u32 = 96;
const SAMPLES_PER_SCHEMA: usize = 200;
/// A walk longer than this is dropped (a long string is a fine text, but it
/// teaches nothing a shorter one does not).
const MAX_TEXT: usize = 2048;

/// What the sampling found, to say in the test's output and assert on.
#[derive(Default)]
pub struct Tally {
    pub samples: Cell<usize>,
    pub excused: Cell<usize>,
}

/// The engine's grammar, or the test fails with its compile error: a
/// grammar the engine cannot read is the first broken promise.
pub fn engine(format: GrammarFormat, grammar: &Grammar) -> Oracle {
    let compiled = match format {
        GrammarFormat::Gbnf => Oracle::gbnf(&grammar.text),
        _ => Oracle::lark(&grammar.text),
    };
    compiled.unwrap_or_else(|err| panic!("the engine refuses the grammar: {err}\n{}", grammar.text))
}

/// Walks `count` texts out of `oracle` and checks each against `schema`:
/// JSON, accepted by `validate` and by the `jsonschema` crate, or refused
/// only by a keyword a `widens` change of `grammar` names.
pub fn check_samples(
    schema: &ToolArgsSchema,
    grammar: &Grammar,
    oracle: &Oracle,
    rng: &mut Rng,
    count: usize,
    tally: &Tally,
) {
    let widened: Vec<&str> = grammar
        .changes
        .iter()
        .filter(|change| change.effect == Effect::Widens)
        .map(|change| change.pointer.as_str())
        .collect();
    let reference =
        jsonschema::draft202012::new(&schema.to_value()).expect("the oracle reads our schema");
    for _ in 0..count {
        let Some(bytes) = oracle.sample(rng, MAX_TEXT) else {
            continue;
        };
        tally.samples.set(tally.samples.get() + 1);
        let text = String::from_utf8(bytes)
            .unwrap_or_else(|err| panic!("the grammar let through text that is not UTF-8: {err}"));
        let value: Value = serde_json::from_str(&text).unwrap_or_else(|err| {
            panic!(
                "the grammar let through text that is not JSON ({err}): {text:?}\n{}",
                grammar.text
            )
        });
        if let Err(errors) = schema.validate(&value) {
            {
                for error in errors.iter() {
                    let excused = widened
                        .iter()
                        .any(|pointer| error.schema_path().starts_with(pointer));
                    assert!(
                        excused,
                        "the grammar let through {text:?}, which validate refuses: {error:?} (widened: {widened:?})\n{}",
                        grammar.text
                    );
                }
                tally.excused.set(tally.excused.get() + 1);
                continue;
            }
        }
        assert!(
            reference.is_valid(&value),
            "the jsonschema crate refuses {text:?}, which the grammar and validate accept"
        );
    }
}

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
            for value in values.iter().filter(|value| schema.is_valid(value)) {
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
        "{format}: {CASES} schemas, {} valid values accepted ({} outside the narrowings), {} samples ({} excused by a widens change)",
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
