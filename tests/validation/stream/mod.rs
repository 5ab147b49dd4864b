//! The stream (`ToolArgsSchema::stream`) against the readers of a whole
//! text: fed a text in any pieces, down to one character, it refuses
//! exactly when `validate_str` refuses the whole text and the `jsonschema`
//! crate (the oracle) refuses its value, never refuses a text that can
//! still become valid, and gives `serde_json::from_str`'s value.
//!
//! The comparison of one stream with `validate_str` and serde_json is
//! written once, in `pedelec_testdata::fuzz::check_stream`, which the
//! `stream` fuzz target runs too; here it runs on generated schemas and
//! documents (`strategies`, and `texts/` for spellings), cut at random or
//! at every point, and on hostile texts (`hostile.rs`). Each test's comment says how many
//! cases it runs; each takes at most about 3 seconds in a debug build, all
//! of them about 15 on one core.

use std::cell::Cell;

use crate::strategies;
use crate::texts::{object_for, text_of, Rng};

use pedelec_schema::schema::ObjectNode;
use pedelec_schema::{ArgsError, ToolArgsSchema};
use pedelec_testdata::fuzz::{
    assert_same_value, check_stream, feed_stream, is_repeat, pieces_of, refused_at_root_end,
    stream_schemas, Compared, Streamed,
};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestRunner;
use serde_json::{json, Value};

mod hostile;

// ------------------------------------------------------------ helpers

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    })
}

fn oracle(schema: &ToolArgsSchema) -> jsonschema::Validator {
    jsonschema::draft202012::new(&schema.to_value()).expect("the oracle reads every subset schema")
}

/// A value's two spellings: compact, and pretty-printed.
fn spellings(value: &Value) -> [String; 2] {
    [
        serde_json::to_string(value).unwrap(),
        serde_json::to_string_pretty(value).unwrap(),
    ]
}

/// Every place `text` can be cut: each character's start, and its end.
fn boundaries(text: &str) -> Vec<usize> {
    text.char_indices()
        .map(|(at, _)| at)
        .chain([text.len()])
        .collect()
}

/// `text` cut at the boundaries `cuts` pick (a cut picked twice makes an
/// empty piece).
fn cut<'t>(text: &'t str, cuts: &[Index]) -> Vec<&'t str> {
    let bounds = boundaries(text);
    let mut at: Vec<usize> = cuts
        .iter()
        .map(|cut| bounds[cut.index(bounds.len())])
        .collect();
    at.sort_unstable();
    let mut pieces = Vec::with_capacity(at.len() + 1);
    let mut start = 0;
    for end in at {
        pieces.push(&text[start..end]);
        start = end;
    }
    pieces.push(&text[start..]);
    pieces
}

/// The texts of `values` (both spellings) that are valid: the oracle
/// accepts the value serde_json reads from them. With that value.
fn valid_texts(oracle: &jsonschema::Validator, values: &[Value]) -> Vec<(String, Value)> {
    values
        .iter()
        .flat_map(spellings)
        .filter_map(|text| {
            let value: Value = serde_json::from_str(&text).unwrap();
            oracle.is_valid(&value).then_some((text, value))
        })
        .collect()
}

/// Documents for `schema`: the strategies' `values`, and three aimed
/// inside it by `texts/` (whose strings and numbers reach further).
fn documents(schema: &ToolArgsSchema, values: Vec<Value>, seed: u64) -> Vec<Value> {
    let mut rng = Rng::new(seed);
    let aimed: Vec<Value> = (0..3)
        .map(|_| object_for(schema.root(), &mut rng, 0.0))
        .collect();
    values.into_iter().chain(aimed).collect()
}

fn schema_of(root: ObjectNode) -> ToolArgsSchema {
    ToolArgsSchema::new(root).expect("generated schemas are inside the subset")
}

// ------------------------------------------------- a. valid documents

/// Valid documents are never refused, however they are cut: for each of
/// 256 generated schemas, 4 documents from the strategies and 3 that
/// `texts/` aims inside it; every one the oracle accepts (about two in
/// three), compact and pretty-printed, is fed one character at a time and
/// cut in two at every place (an empty piece first and last included).
/// Each time it gives serde_json's value, and `validate_str` accepts the
/// text.
#[test]
fn valid_documents_are_never_refused_however_cut() {
    let checked = Cell::new(0usize);
    runner(256)
        .run(
            &(strategies::root_with_values(4), any::<u64>()),
            |((root, values), seed)| {
                let schema = schema_of(root);
                let oracle = oracle(&schema);
                for (text, value) in valid_texts(&oracle, &documents(&schema, values, seed)) {
                    prop_assert!(
                        schema.validate_str(&text).is_ok(),
                        "validate_str refuses {}",
                        text
                    );
                    prop_assert!(schema.is_valid(&value));
                    assert_never_refused(&schema, &text, &value);
                    checked.set(checked.get() + 1);
                }
                Ok(())
            },
        )
        .unwrap();
    assert!(
        checked.get() >= 256 * 4,
        "only {} valid texts",
        checked.get()
    );
}

/// Every cut of `text`, valid for `schema` with `value`: one character at
/// a time, and in two at every place. Never refused, and serde_json's
/// value.
fn assert_never_refused(schema: &ToolArgsSchema, text: &str, value: &Value) {
    let mut cuts: Vec<Vec<&str>> = vec![pieces_of(text, &[])];
    cuts.extend(
        boundaries(text)
            .into_iter()
            .map(|at| vec![&text[..at], &text[at..]]),
    );
    for pieces in cuts {
        match feed_stream(schema, &pieces).outcome {
            Ok(read) => assert_same_value(&read, value, text),
            Err(error) => panic!(
                "{text:?} cut as {pieces:?} is refused: {}",
                error.to_value()
            ),
        }
    }
}

/// The benchmarks' valid calls (20 properties of every kind; polygons of
/// up to 24 points, a `oneOf` of a preset or a contour), and 8 documents
/// `texts/` aims inside each of the `stream` fuzz target's fixed schemas
/// but the last (whose arrays are long), compact and pretty-printed:
/// about 100 valid texts of up to 4 KB, each cut as above.
#[test]
fn valid_calls_of_the_fixed_schemas_are_never_refused_however_cut() {
    use pedelec_schema::ToolArgs;
    use pedelec_testdata::{payloads, typed::SpawnClosedPolygons};
    let twenty = ToolArgsSchema::from_value(&payloads::twenty_properties_schema()).unwrap();
    let mut cases = vec![
        (&twenty, payloads::twenty_properties_valid()),
        (
            SpawnClosedPolygons::schema(),
            payloads::spawn_closed_polygons(),
        ),
    ];
    let mut rng = Rng::new(7);
    for schema in &stream_schemas()[..stream_schemas().len() - 1] {
        for _ in 0..8 {
            cases.push((schema, object_for(schema.root(), &mut rng, 0.0)));
        }
    }
    let mut valid = 0;
    for (schema, value) in cases {
        let oracle = oracle(schema);
        for (text, value) in valid_texts(&oracle, &[value]) {
            assert!(schema.validate_str(&text).is_ok(), "{text}");
            assert_never_refused(schema, &text, &value);
            valid += 1;
        }
    }
    assert!(valid > 90, "only {valid} valid texts");
}

// -------------------------------------------------- b. any document

/// What the cases of a property came to, so that a test can insist that
/// each answer is well represented.
#[derive(Default)]
struct Tally {
    accepted: Cell<usize>,
    /// Refused at the root's last byte: all of `validate_str`'s errors.
    refused_at_end: Cell<usize>,
    /// Refused before the value ends.
    refused_early: Cell<usize>,
    syntax: Cell<usize>,
}

impl Tally {
    fn count(&self, schema: &ToolArgsSchema, text: &str, streamed: &Streamed) {
        let cell = match (&streamed.outcome, streamed.refused_at) {
            (Ok(_), _) => &self.accepted,
            (Err(ArgsError::Syntax(_)), _) => &self.syntax,
            (_, Some(at)) if refused_at_root_end(schema, text, at) => &self.refused_at_end,
            _ => &self.refused_early,
        };
        cell.set(cell.get() + 1);
    }

    fn assert_mixed(&self, total: usize) {
        let (accepted, at_end, early) = (
            self.accepted.get(),
            self.refused_at_end.get(),
            self.refused_early.get(),
        );
        assert!(
            accepted * 5 > total && at_end >= 5 && early * 10 > total,
            "of {total}: {accepted} accepted, {at_end} refused at the end, {early} early"
        );
    }
}

/// Any document, valid or not, in random pieces: 512 generated schemas
/// with 4 documents each, both spellings, each cut at up to 8 random
/// places. The stream accepts exactly when `validate_str` and the oracle
/// do, and then gives serde_json's value; refused at the root's end it
/// gives `validate_str`'s errors in order, refused earlier errors that
/// `validate_str` gives too (`check_stream`).
#[test]
fn any_document_in_random_pieces_answers_as_validate_str_and_the_oracle() {
    let tally = Tally::default();
    let total = Cell::new(0usize);
    let input = (
        strategies::root_with_values(4),
        prop::collection::vec(any::<Index>(), 0..8),
    );
    runner(512)
        .run(&input, |((root, values), cuts)| {
            let schema = schema_of(root);
            let oracle = oracle(&schema);
            for text in values.iter().flat_map(spellings) {
                let pieces = cut(&text, &cuts);
                let Compared { streamed, checked } = check_stream(&schema, &text, &pieces);
                let value: Value = serde_json::from_str(&text).unwrap();
                prop_assert_eq!(
                    streamed.outcome.is_ok(),
                    oracle.is_valid(&value),
                    "schema {} text {}",
                    schema.to_value(),
                    text
                );
                prop_assert_eq!(streamed.outcome.is_ok(), checked.is_ok());
                tally.count(&schema, &text, &streamed);
                total.set(total.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    assert_eq!(tally.syntax.get(), 0, "serde_json's texts are JSON");
    tally.assert_mixed(total.get());
}

/// Texts spelled every which way (`texts/`: whitespace, escapes, numbers
/// as `1.0`, `1e2`, `-0` or beyond `u64`, properties given twice, the
/// schema's or not, and ones it does not name), in random pieces: 512
/// generated schemas with 3 texts each (two aimed inside, one with a
/// tenth of its values wrong), each cut at up to 8 random places. As
/// above, and a property the schema names given twice, inside a `oneOf`'s
/// value too, is a syntax error from `validate_str` that the stream
/// refuses too (the same error, or something before it; `check_stream`).
#[test]
fn texts_spelled_every_which_way_stream_as_validate_str_reads_them() {
    let tally = Tally::default();
    let total = Cell::new(0usize);
    let repeats = Cell::new(0usize);
    let input = (
        strategies::root(),
        any::<u64>(),
        prop::collection::vec(any::<Index>(), 0..8),
    );
    runner(512)
        .run(&input, |(root, seed, cuts)| {
            let schema = schema_of(root);
            let oracle = oracle(&schema);
            let mut rng = Rng::new(seed);
            for wrong in [0.0, 0.0, 0.1] {
                let text = text_of(&object_for(schema.root(), &mut rng, wrong), &mut rng);
                let pieces = cut(&text, &cuts);
                let Compared { streamed, checked } = check_stream(&schema, &text, &pieces);
                match (&streamed.outcome, &checked) {
                    // A property the schema names, given twice: the stream
                    // refuses it, or refused before (check_stream).
                    (_, Err(ArgsError::Syntax(error))) if is_repeat(error.message()) => {
                        prop_assert!(streamed.outcome.is_err());
                        repeats.set(repeats.get() + 1);
                    }
                    // Not JSON (`texts/` spells a zero `00e-1` now and
                    // then), for serde_json too (check_stream holds it).
                    (_, Err(ArgsError::Syntax(_))) => prop_assert!(streamed.outcome.is_err()),
                    (outcome, _) => {
                        // serde_json reads it (check_stream holds it), a
                        // repeated name the schema does not name its last.
                        let value: Value = serde_json::from_str(&text).unwrap();
                        prop_assert_eq!(
                            outcome.is_ok(),
                            oracle.is_valid(&value),
                            "schema {} text {}",
                            schema.to_value(),
                            text
                        );
                    }
                }
                tally.count(&schema, &text, &streamed);
                total.set(total.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    assert!(repeats.get() > 0, "no named property was given twice");
    tally.assert_mixed(total.get());
}

// ------------------------------------------------ c. strict prefixes

/// Every strict prefix of `text` (valid for `schema`), at each character
/// boundary, fed whole and in two halves, is never refused and finishes
/// as a truncated syntax error at the prefix's end, the one
/// `validate_str` gives. Returns how many prefixes.
fn assert_prefixes_cut_short(schema: &ToolArgsSchema, text: &str) -> usize {
    let mut count = 0;
    for end in boundaries(text) {
        let prefix = &text[..end];
        if prefix.trim() == text.trim() {
            continue;
        }
        let half = prefix
            .char_indices()
            .map(|(at, _)| at)
            .nth(prefix.chars().count() / 2)
            .unwrap_or(0);
        for pieces in [vec![prefix], vec![&prefix[..half], &prefix[half..]]] {
            let streamed = feed_stream(schema, &pieces);
            assert_eq!(
                streamed.refused_in, None,
                "{pieces:?} refused: {:?}",
                streamed.outcome
            );
            let Err(ArgsError::Syntax(error)) = &streamed.outcome else {
                panic!(
                    "the prefix {prefix:?} of {text:?} finishes as {:?}",
                    streamed.outcome
                );
            };
            assert!(error.is_truncated(), "{prefix:?}: {error}");
            assert_eq!(error.offset(), prefix.len(), "{prefix:?}: {error}");
            let Err(ArgsError::Syntax(whole)) = schema.validate_str(prefix) else {
                panic!("validate_str reads the prefix {prefix:?}");
            };
            assert_eq!(error, &whole, "{prefix:?}");
        }
        count += 1;
    }
    count
}

/// A valid document cut short never finishes: every strict prefix of the
/// valid documents of 128 generated schemas (each with 4 documents from
/// the strategies and 3 from `texts/`, two in three valid), compact and
/// pretty-printed, as `assert_prefixes_cut_short` says; and of the
/// benchmarks' two valid calls, compact.
#[test]
fn strict_prefixes_of_valid_documents_are_cut_short() {
    use pedelec_schema::ToolArgs;
    use pedelec_testdata::{payloads, typed::SpawnClosedPolygons};
    let prefixes = Cell::new(0usize);
    runner(128)
        .run(
            &(strategies::root_with_values(4), any::<u64>()),
            |((root, values), seed)| {
                let schema = schema_of(root);
                let oracle = oracle(&schema);
                for (text, _) in valid_texts(&oracle, &documents(&schema, values, seed)) {
                    prefixes.set(prefixes.get() + assert_prefixes_cut_short(&schema, &text));
                }
                Ok(())
            },
        )
        .unwrap();
    assert!(prefixes.get() > 10_000, "only {} prefixes", prefixes.get());
    let twenty = ToolArgsSchema::from_value(&payloads::twenty_properties_schema()).unwrap();
    let text = serde_json::to_string(&payloads::twenty_properties_valid()).unwrap();
    assert_eq!(
        assert_prefixes_cut_short(&twenty, &text),
        text.chars().count()
    );
    let text = serde_json::to_string(&payloads::spawn_closed_polygons()).unwrap();
    let count = assert_prefixes_cut_short(SpawnClosedPolygons::schema(), &text);
    assert_eq!(count, text.chars().count());
}
