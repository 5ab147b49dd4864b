//! The labelled corpus of malformed calls (`tests/data/repair/`): every
//! call repaired to the value its writer meant with the labelled repairs,
//! every call labelled "refuse" refused, and no call cut short completed.

use pedelec_schema::{ArgsError, ToolArgsSchema};
use pedelec_testdata::{repair_corpus, RepairCase};
use serde_json::Value;

/// What `repair` made of one case.
#[derive(Debug, PartialEq)]
enum Outcome {
    Repaired(Value, Vec<String>),
    Refused,
}

fn outcome(schema: &ToolArgsSchema, text: &str) -> Outcome {
    match schema.repair(text) {
        Ok(repaired) => {
            let codes = repaired
                .changes
                .iter()
                .map(|c| c.code.as_str().to_owned())
                .collect();
            Outcome::Repaired(repaired.value, codes)
        }
        Err(_) => Outcome::Refused,
    }
}

fn expected(case: &RepairCase) -> Outcome {
    match &case.expect {
        Value::String(label) if label == "refuse" => Outcome::Refused,
        value => Outcome::Repaired(value.clone(), case.changes.clone()),
    }
}

/// Every case as labelled: the value meant and its repairs, in text
/// order, or a refusal. Prints the figures the closing note quotes.
#[test]
fn every_call_of_the_corpus_is_read_as_labelled() {
    let corpus = repair_corpus();
    let schemas: Vec<(&String, ToolArgsSchema)> = corpus
        .schemas
        .iter()
        .map(|(name, schema)| (name, ToolArgsSchema::from_value(schema).unwrap()))
        .collect();
    let schema_of = |name: &str| &schemas.iter().find(|(n, _)| *n == name).unwrap().1;
    let (mut recovered, mut unchanged, mut refused, mut wrong) = (0, 0, 0, Vec::new());
    for case in &corpus.cases {
        let schema = schema_of(&case.schema);
        let (got, want) = (outcome(schema, &case.text), expected(case));
        match (&got, &want) {
            _ if got != want => wrong.push(format!(
                "{} ({}): {:?}\n  want {want:?}\n  got  {got:?}",
                case.name, case.why, case.text
            )),
            (Outcome::Repaired(_, codes), _) if codes.is_empty() => unchanged += 1,
            (Outcome::Repaired(..), _) => recovered += 1,
            (Outcome::Refused, _) => refused += 1,
        }
    }
    let sourced = corpus.cases.iter().filter(|c| c.source != "own").count();
    println!(
        "repair corpus: {} cases ({sourced} from public reports): {recovered} recovered, \
         {unchanged} JSON unchanged, {refused} refused, {} wrong",
        corpus.cases.len(),
        wrong.len()
    );
    assert!(
        wrong.is_empty(),
        "{} of {} cases:\n{}",
        wrong.len(),
        corpus.cases.len(),
        wrong.join("\n")
    );
    assert!(
        recovered >= 50 && refused >= 50,
        "the corpus holds both kinds"
    );
}

/// No call cut short is ever completed: a proper prefix of a case's text
/// that is a JSON text cut short is refused as truncated, whatever case it
/// comes from; and a prefix of a call the corpus recovers is refused or
/// read as that very call (only what follows the object was cut: a
/// fence, prose, a stray bracket), never as less of it.
#[test]
fn no_prefix_of_a_corpus_call_is_completed() {
    let corpus = repair_corpus();
    let (mut prefixes, mut refused) = (0, 0);
    for case in &corpus.cases {
        let schema = ToolArgsSchema::from_value(&corpus.schemas[&case.schema]).unwrap();
        let whole = expected(case);
        for (cut, _) in case.text.char_indices().skip(1) {
            let prefix = &case.text[..cut];
            prefixes += 1;
            // A blank text is no call cut short but none at all, which a
            // tool that requires nothing takes as `{}`.
            let blank = prefix.trim().is_empty();
            let cut_json =
                !blank && serde_json::from_str::<Value>(prefix).is_err_and(|e| e.is_eof());
            match schema.repair(prefix) {
                Err(ArgsError::Syntax(error)) if cut_json => {
                    // A repeated name is refused where it repeats, before the end.
                    let cut = error.is_truncated() || error.is_repeated_property();
                    assert!(cut, "{}: {prefix:?} is cut short: {error}", case.name);
                    refused += 1;
                }
                Err(_) => refused += 1,
                Ok(repaired) => {
                    assert!(!cut_json, "{}: {prefix:?} was completed", case.name);
                    if let Outcome::Repaired(value, _) = &whole {
                        assert_eq!(
                            &repaired.value, value,
                            "{}: {prefix:?} was read as less",
                            case.name
                        );
                    }
                }
            }
        }
    }
    println!("repair corpus: {prefixes} prefixes, {refused} refused, none completed");
}
