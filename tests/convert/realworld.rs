//! `convert` over every real tool schema in `tests/data/realworld/` and
//! `tests/data/realworld/more/`, checked against a reviewed file:
//! `tests/expected/realworld_conversions.txt` (each converted schema and
//! its changes, or why it could not be converted).
//!
//! When conversion changes, the test fails and prints what differs. Review
//! each difference against its schema; then `PEDELEC_REGENERATE=1 cargo
//! test -p pedelec-schema-tests --test convert realworld` rewrites the file, keeping its header of
//! review notes (the comment lines before the first block).
//!
//! It also checks, on every schema, what `convert` guarantees: the result
//! lints without errors, converting it again changes nothing, and
//! converting twice gives the same result.

use pedelec_schema::{convert, lint, Effect, Severity};
use pedelec_testdata::{realworld, realworld_more, RealWorldSchema};

const EXPECTED: &str = "expected/realworld_conversions.txt";

fn corpus() -> Vec<(String, usize, RealWorldSchema)> {
    realworld()
        .into_iter()
        .chain(realworld_more())
        .flat_map(|(file, schemas)| {
            schemas
                .into_iter()
                .enumerate()
                .map(move |(index, s)| (file.clone(), index, s))
        })
        .collect()
}

/// The expected file's block for one schema.
fn block(file: &str, index: usize, schema: &RealWorldSchema) -> Vec<String> {
    let mut lines = vec![format!("== {file} | {index} | {}", schema.tool)];
    match convert(&schema.schema) {
        Ok(converted) => {
            lines.push(format!("converted {}", converted.schema.to_value()));
            for change in &converted.changes {
                lines.push(format!(
                    "{} {} {}: {}",
                    change.effect,
                    change.code,
                    printed(&change.pointer),
                    change.message
                ));
            }
        }
        Err(error) => {
            for reason in error.reasons() {
                lines.push(format!(
                    "error {} {}: {}",
                    reason.code,
                    printed(&reason.pointer),
                    reason.message
                ));
            }
        }
    }
    lines
}

fn printed(pointer: &str) -> &str {
    if pointer.is_empty() {
        "(root)"
    } else {
        pointer
    }
}

#[test]
fn every_realworld_schema_converts_as_reviewed() {
    let actual: Vec<String> = corpus()
        .iter()
        .flat_map(|(file, index, schema)| block(file, *index, schema))
        .collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(EXPECTED);
    let reviewed = std::fs::read_to_string(&path).unwrap_or_default();
    if std::env::var_os("PEDELEC_REGENERATE").is_some() {
        let header: Vec<&str> = reviewed
            .lines()
            .take_while(|line| line.starts_with('#') || line.is_empty())
            .collect();
        let mut text = header.join("\n");
        text.push('\n');
        for line in &actual {
            if line.starts_with("== ") {
                text.push('\n');
            }
            text.push_str(line);
            text.push('\n');
        }
        std::fs::write(&path, text).expect("write the expected file");
        return;
    }
    let expected: Vec<&str> = reviewed
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let actual: Vec<&str> = actual.iter().map(String::as_str).collect();
    if expected == actual {
        return;
    }
    let missing: Vec<&&str> = expected.iter().filter(|l| !actual.contains(l)).collect();
    let unexpected: Vec<&&str> = actual.iter().filter(|l| !expected.contains(l)).collect();
    panic!(
        "the conversions of tests/data/realworld/ differ from {EXPECTED}.\n\
         Reviewed but not produced ({}):\n  {}\n\
         Produced but not reviewed ({}):\n  {}\n\
         Review them against the schemas, then regenerate with PEDELEC_REGENERATE=1.",
        missing.len(),
        missing.iter().map(|l| **l).collect::<Vec<_>>().join("\n  "),
        unexpected.len(),
        unexpected
            .iter()
            .map(|l| **l)
            .collect::<Vec<_>>()
            .join("\n  "),
    );
}

#[test]
fn every_conversion_lints_clean_and_is_idempotent_and_deterministic() {
    for (file, index, s) in corpus() {
        let Ok(converted) = convert(&s.schema) else {
            continue;
        };
        let output = converted.schema.to_value();
        let errors: Vec<_> = lint(&output)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{file} {index}: {errors:?}");
        let again = convert(&output).expect("a converted schema converts");
        assert!(
            again.changes.is_empty(),
            "{file} {index}: converting the result changed {:#?}",
            again.changes
        );
        assert_eq!(again.schema, converted.schema, "{file} {index}");
        assert_eq!(
            convert(&s.schema).expect("converted once"),
            converted,
            "{file} {index}: not deterministic"
        );
    }
}

/// The counts the README quotes; the expected file is the evidence behind
/// them.
#[test]
fn counts_of_the_corpus() {
    let corpus = corpus();
    let results: Vec<_> = corpus.iter().map(|(_, _, s)| convert(&s.schema)).collect();
    let converted = results.iter().filter(|r| r.is_ok()).count();
    let lossless = results
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .filter(|c| {
            c.changes
                .iter()
                .all(|change| change.effect == Effect::Lossless)
        })
        .count();
    let untouched = results
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .filter(|c| c.changes.is_empty())
        .count();
    let summary = (corpus.len(), converted, lossless, untouched);
    println!("schemas, converted, only lossless, unchanged: {summary:?}");
    assert_eq!(
        summary,
        (138, 128, 75, 56),
        "update the README, the `convert` module docs and the expected file"
    );
    // What is refused: the Pedelec example of a root that is not an object,
    // and the BFCL documents, whose `type` names are Python's and Java's
    // (`dict`, `float`, `HashMap`), not JSON Schema's.
    let refused: Vec<String> = corpus
        .iter()
        .zip(&results)
        .filter(|(_, r)| r.is_err())
        .map(|((file, index, _), _)| format!("{file} {index}"))
        .collect();
    assert_eq!(refused.len(), 10, "{refused:?}");
    assert!(
        refused
            .iter()
            .all(|r| r.starts_with("more/bfcl_gorilla.json") || r == "pedelec_negative.json 0"),
        "{refused:?}"
    );
}

/// Conversion changes nothing about a schema that is already inside the
/// subset: the 56 unchanged schemas are exactly those that lint without
/// errors.
#[test]
fn schemas_inside_the_subset_are_left_alone() {
    for (file, index, s) in corpus() {
        let inside = lint(&s.schema)
            .iter()
            .all(|d| d.severity != Severity::Error);
        let unchanged = convert(&s.schema).is_ok_and(|c| c.changes.is_empty());
        assert_eq!(inside, unchanged, "{file} {index}: {}", s.tool);
    }
}
