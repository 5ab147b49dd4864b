//! The grammar's promise, checked on one text at a time: a text the
//! engine lets a model write is JSON that our `validate` and the
//! `jsonschema` crate accept, unless a `widens` change of the grammar names
//! the keyword that refused it. The tests and the fuzz target share it.

use std::cell::Cell;

use pedelec_schema::{ChangeCode, Effect, Grammar, GrammarFormat, ToolArgsSchema};
use serde_json::Value;

use crate::oracle::{Oracle, Rng};

/// A walk longer than this is dropped (a long string is a fine text, but it
/// teaches nothing a shorter one does not).
pub const MAX_TEXT: usize = 2048;

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
    if grammar
        .changes
        .iter()
        .any(|change| change.code == ChangeCode::GrammarEmpty)
    {
        // Nothing to walk: the engine must agree that nothing can be written.
        assert!(
            oracle.is_empty(),
            "an empty grammar lets text through:\n{}",
            grammar.text
        );
        return;
    }
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
                    // The widened keyword refused it, or lies inside the
                    // node that refused it (a `oneOf` whose branch holds it).
                    let at = error.schema_path();
                    let excused = widened
                        .iter()
                        .any(|pointer| at.starts_with(pointer) || pointer.starts_with(&at));
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
