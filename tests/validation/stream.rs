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
//! at every point, and on hostile texts. Each test's comment says how many
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

// -------------------------------------------------- d. hostile texts

/// The schema of the hostile texts: any object, and a few named places
/// (`s` a string, `n` a number, `ids` an array of integers) so that the
/// checked lanes read them too.
fn hostile_schema() -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({"type": "object", "properties": {
        "s": {"type": "string"},
        "n": {"type": "number"},
        "ids": {"type": "array", "items": {"type": "integer"}}
    }}))
    .unwrap()
}

/// The stream fed `text` one character at a time, and fed it whole,
/// answers as `validate_str` does (`check_stream`), and so agrees with
/// serde_json on whether the text is JSON: where serde_json reads it the
/// stream gives its value or (a value the schema refuses) an `Invalid`;
/// where it does not, a syntax error, or an `Invalid` before that byte.
/// A syntax error is the same however the text is cut. Returns whether
/// serde_json reads the text.
fn check_hostile(schema: &ToolArgsSchema, text: &str) -> bool {
    let serde = serde_json::from_str::<Value>(text);
    let mut syntax = Vec::new();
    for pieces in [pieces_of(text, &[]), vec![text]] {
        let compared = check_stream(schema, text, &pieces);
        match (&serde, &compared.streamed.outcome) {
            (Ok(value), Ok(read)) => assert_same_value(read, value, text),
            (Ok(value), Err(ArgsError::Invalid(_))) => {
                assert!(!schema.is_valid(value), "{text:?}")
            }
            (Err(_), Err(ArgsError::Syntax(error))) => syntax.push(error.clone()),
            (Err(_), Err(ArgsError::Invalid(_))) => {}
            (serde, ours) => panic!("{text:?}: serde_json {serde:?}, the stream {ours:?}"),
        }
    }
    if let [one, two] = &syntax[..] {
        assert_eq!(one, two, "{text:?}: the syntax error depends on the cuts");
    }
    serde.is_ok()
}

/// Nesting at serde_json's limit (128 containers, the root's object one
/// of them), under a property the schema does not name, in an array the
/// schema types, at the root, and 10 000 and 100 000 deep: 37 texts.
#[test]
fn nesting_at_serde_json_s_limit_is_read_as_serde_json_reads_it() {
    let schema = hostile_schema();
    let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let mut read = Vec::new();
    for depth in 124..=130 {
        let unnamed = format!("{{\"x\": {}}}", nested(depth));
        read.push((depth + 1, check_hostile(&schema, &unnamed)));
        let objects = format!("{}1{}", "{\"x\": ".repeat(depth), "}".repeat(depth));
        read.push((depth, check_hostile(&schema, &objects)));
        // `ids` holds integers: its arrays are refused where the first
        // item begins, whatever the depth; past the limit, as not JSON.
        check_hostile(&schema, &format!("{{\"ids\": {}}}", nested(depth)));
        let beside = format!("{{\"n\": 1, \"x\": [{{}}, {}, 2]}}", nested(depth));
        check_hostile(&schema, &beside);
        check_hostile(&schema, &nested(depth));
    }
    for depth in [10_000, 100_000] {
        let text = format!("{{\"x\": {}}}", nested(depth));
        assert!(!check_hostile(&schema, &text));
    }
    // The limit lies inside the depths tried: 127 containers are JSON, 128
    // are not, for the stream as for serde_json.
    for (containers, json) in read {
        assert_eq!(json, containers <= 127, "{containers} containers");
    }
}

/// A huge array, fed one character at a time and in pieces of 255
/// bytes: 200 000 integers under a property the schema does not name and
/// under `ids` (checked item by item); and the benchmarks' records, 10 000
/// of them read, one more refused at the first byte of the record past
/// `maxItems`: 4 texts.
#[test]
fn a_huge_array_is_read_whole_and_refused_at_the_item_past_max_items() {
    let schema = hostile_schema();
    let items: Vec<String> = (0..200_000).map(|i| i.to_string()).collect();
    let items = items.join(",");
    for name in ["x", "ids"] {
        let text = format!("{{\"{name}\": [{items}]}}");
        let expected: Value = serde_json::from_str(&text).unwrap();
        for pieces in [pieces_of(&text, &[]), pieces_of(&text, &[255])] {
            let streamed = feed_stream(&schema, &pieces);
            assert_same_value(streamed.outcome.as_ref().unwrap(), &expected, name);
        }
        assert!(schema.validate_str(&text).is_ok());
    }
    // `records` holds at most 10 000.
    let records = &stream_schemas()[7];
    let text_of_records = |count: usize| {
        let mut text = String::from("{\"records\": [");
        let mut last = 0;
        for i in 0..count {
            if i > 0 {
                text.push_str(", ");
            }
            last = text.len();
            text.push_str(&format!(
                "{{\"id\": {i}, \"label\": \"r{i}\", \"score\": 0.5}}"
            ));
        }
        text.push_str("]}");
        (text, last)
    };
    let (allowed, _) = text_of_records(10_000);
    let compared = check_stream(records, &allowed, &pieces_of(&allowed, &[200, 17]));
    assert!(compared.streamed.outcome.is_ok());
    let (past, last) = text_of_records(10_001);
    let Compared {
        streamed, checked, ..
    } = check_stream(records, &past, &pieces_of(&past, &[]));
    assert_eq!(streamed.refused_at, Some(last));
    let Err(ArgsError::Invalid(errors)) = streamed.outcome else {
        panic!("{:?}", streamed.outcome)
    };
    let found: Vec<_> = errors.iter().map(|e| (e.path(), e.keyword())).collect();
    assert_eq!(found, [("/records".to_owned(), "maxItems")]);
    assert!(checked.is_err());
}

/// Numbers as written: every odd spelling serde_json reads or refuses, as
/// a property the schema does not name, as `n` (a number), in an array,
/// before a `}` with and without space, and as the whole text: 52
/// spellings in 6 places each.
#[test]
fn odd_numbers_are_read_as_serde_json_reads_them() {
    let schema = hostile_schema();
    let long = format!("1{}", "0".repeat(400));
    let long_fraction = format!("0.{}1", "0".repeat(400));
    let lexemes = [
        "0",
        "-0",
        "1",
        "-1",
        "1.0",
        "-0.0",
        "0.0",
        "1e308",
        "-1e308",
        "1e309",
        "1e400",
        "-1e400",
        "1e-400",
        "4.9e-324",
        "2.4e-324",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "1E+2",
        "1e-2",
        "2.5E-3",
        "0e0",
        "-0e-0",
        "9007199254740992",
        "9007199254740993",
        "-9007199254740993",
        "9007199254740993.0",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "0.1000000000000000055511151231257827",
        "123456789012345678901234567890",
        &long,
        &long_fraction,
        // Not JSON.
        "01",
        "-01",
        "00",
        "1.",
        "-",
        ".5",
        "+1",
        "1e",
        "1e+",
        "-e1",
        "1.e2",
        "0x10",
        "NaN",
        "Infinity",
        "-Infinity",
        "1_000",
        "1.5.2",
        "--1",
    ];
    let mut json = 0;
    for lexeme in lexemes {
        for text in [
            format!("{{\"x\": {lexeme}}}"),
            format!("{{\"n\": {lexeme}}}"),
            format!("{{\"x\": [{lexeme}, {lexeme}]}}"),
            format!("{{\"n\":{lexeme} }}"),
            format!("{{\"ids\": [{lexeme}]}}"),
            lexeme.to_owned(),
        ] {
            json += usize::from(check_hostile(&schema, &text));
        }
    }
    assert!(json > 100 && json < 52 * 6, "{json} of the texts are JSON");
}

/// Strings beyond ASCII and escapes: astral characters raw and as
/// surrogate pairs, lone and misordered surrogates, every raw control
/// character and DEL, as a named string, as a property the schema does
/// not name, in an array there, and as a key: 50 strings in 4 places
/// each.
#[test]
fn unicode_escapes_and_control_characters_are_read_as_serde_json_reads_them() {
    let schema = hostile_schema();
    let mut strings: Vec<String> = [
        "🐲",
        "a🐲b",
        "\\ud83d\\udc32",
        "\\uD83D\\uDC32x",
        "é",
        "e\\u0301",
        "\\u00e9",
        "\\u0000",
        "\\u001f",
        "\\u007f",
        "\\uffff",
        "\\ufeff",
        "\u{feff}",
        "\u{10ffff}",
        "\\udbff\\udfff",
        "\\/",
        "\\\"",
        "\\\\",
        "\\b\\f\\n\\r\\t",
        // Not JSON.
        "\\ud800",
        "\\udc00",
        "\\ud800x",
        "\\ud800\\u0041",
        "\\ud800\\ud800",
        "\\udc00\\ud800",
        "\\ud800\\",
        "\\ud800\\n",
        "\\u12",
        "\\u12g4",
        "\\x41",
        "\\U0041",
        "\\a",
        "\\",
        "\\u{41}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    strings.extend(
        (0u8..0x20)
            .step_by(3)
            .chain([0x7f])
            .map(|c| char::from(c).to_string()),
    );
    strings.extend(["a\u{0}b", "\t", "\n", "\r"].map(str::to_owned));
    let mut json = 0;
    for string in &strings {
        for text in [
            format!("{{\"s\": \"{string}\"}}"),
            format!("{{\"x\": \"{string}\"}}"),
            format!("{{\"x\": [\"{string}\"]}}"),
            format!("{{\"{string}\": 1}}"),
        ] {
            json += usize::from(check_hostile(&schema, &text));
        }
    }
    assert!(
        json > 40 && json < strings.len() * 4,
        "{json} of the texts are JSON"
    );
}

/// Whole texts that are not JSON, or are in odd ways: 33 texts.
#[test]
fn odd_texts_are_read_as_serde_json_reads_them() {
    let schema = hostile_schema();
    for text in [
        "",
        " ",
        "\n\t\r ",
        "{",
        "}",
        "{}",
        " {} ",
        "{}{}",
        "{} x",
        "{},",
        "[]",
        "null",
        "true",
        "\"s\"",
        "\u{feff}{}",
        "{\"x\": 1,}",
        "{\"x\": [1,]}",
        "{x: 1}",
        "{'x': 1}",
        "{\"x\" 1}",
        "{\"x\": }",
        "{\"x\": 1 \"y\": 2}",
        "{\"x\": tru}",
        "{\"x\": truex}",
        "{\"x\": nul}",
        "{\"x\": True}",
        "{\"x\": 1} // c",
        "{\"x\": /* c */ 1}",
        "{\u{0}}",
        "{\"x\": 1}\u{0}",
        "{\"x\": [1 2]}",
        "{\"x\": {\"y\": 1]}",
        "{\"s\": \"a\" , \"x\" : [ ] }",
    ] {
        check_hostile(&schema, text);
    }
}

/// Every syntax error at every place of a few texts: each character of 4
/// texts (of 40 to 70 characters) deleted, and each of 16 bytes put before
/// it and in its place, about 6 000 texts, each fed one character at a
/// time and whole.
#[test]
fn every_syntax_error_at_every_place_is_found_as_serde_json_finds_it() {
    let schema = hostile_schema();
    let texts = [
        r#"{"s": "a\"🐲\u00e9", "n": -1.5e3, "ids": [1, 2]}"#,
        r#"{"x": {"y": [true, false, null]}, "n": 0}"#,
        "{\n  \"x\": [{}, [], \"\\ud83d\\udc32\"],\n  \"s\": \"\"\n}",
        r#"{"unnamed": {"s": 1, "n": "x"}, "t~1": [0.5, 1E2]}"#,
    ];
    let inserted = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "0", "-", ".", "e", " ", "\u{1}", "é", "x",
    ];
    let (mut json, mut total) = (0, 0);
    for text in texts {
        for (at, c) in text.char_indices() {
            let rest = &text[at + c.len_utf8()..];
            let mut variants = vec![format!("{}{rest}", &text[..at])];
            for byte in inserted {
                variants.push(format!("{}{byte}{}", &text[..at], &text[at..]));
                variants.push(format!("{}{byte}{rest}", &text[..at]));
            }
            for variant in variants {
                json += usize::from(check_hostile(&schema, &variant));
                total += 1;
            }
        }
    }
    assert!(
        json * 10 > total && json * 2 < total,
        "{json} of {total} are JSON"
    );
}

/// `validate_str` refuses what the stream refuses: texts that are not
/// JSON under a property the schema does not name (lone surrogates, a
/// number beyond `f64`, nesting past serde_json's limit), and a property
/// a `oneOf` branch names given twice inside the `oneOf`'s value. The
/// stream refuses each, and so must `validate_str`: with a syntax error
/// for the texts that are not JSON and for a bare repeat (one whose first
/// value a branch takes); the last repeat's first value no branch takes,
/// which may be refused first. 8 texts.
#[test]
fn validate_str_refuses_what_the_stream_refuses() {
    let any = json!({"type": "object"});
    let two_objects = json!({"type": "object", "properties": {"o": {"oneOf": [
        {"type": "object", "properties": {"a": {"type": "integer"}}},
        {"type": "object", "properties": {"a": {"type": "string"}}}
    ]}}});
    let object_or_nested = json!({"type": "object", "properties": {"o": {"oneOf": [
        {"type": "object", "properties": {"a": {"type": "boolean"}}},
        {"oneOf": [{"type": "number"}]}
    ]}}});
    let deep = format!("{{\"x\": {}{}}}", "[".repeat(127), "]".repeat(127));
    for (schema, text, syntax) in [
        // Not JSON: the stream gives a syntax error.
        (&any, r#"{"x": "\ud800"}"#, true),
        (&any, r#"{"x": "\udc00"}"#, true),
        (&any, r#"{"x": 1e400}"#, true),
        (&any, deep.as_str(), true),
        // A repeat inside a `oneOf`'s value: the stream refuses the
        // repeat, or (the last) the first `a`, which no branch takes.
        (&two_objects, r#"{"o": {"a": 1, "a": 2}}"#, true),
        (&two_objects, r#"{"o": {"a": "x", "a": 2}}"#, true),
        (&object_or_nested, r#"{"o": {"a": true, "a": true}}"#, true),
        (&object_or_nested, r#"{"o": {"a": "x", "a": true}}"#, false),
    ] {
        let schema = ToolArgsSchema::from_value(schema).unwrap();
        let refusal = feed_stream(&schema, &[text]).outcome;
        assert!(refusal.is_err(), "the stream reads {text}");
        match schema.validate_str(text) {
            Ok(()) => panic!("validate_str accepts {text:.40}, the stream refuses it: {refusal:?}"),
            Err(ArgsError::Syntax(_)) => {}
            Err(error) => assert!(!syntax, "{text:.40}: not a syntax error: {error:?}"),
        }
    }
}
