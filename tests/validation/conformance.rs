//! The JSON-Schema-Test-Suite cases for the subset's keywords
//! (`tests/data/conformance/`): every accepted schema parses and gives the
//! suite's answer for every value; every rejected schema is refused with the
//! error its `why` names.

use pedelec_schema::{lint, Code, ToolArgsSchema};
use pedelec_testdata::{accepted, rejected};

#[test]
fn every_accepted_schema_parses_and_every_test_gives_the_suites_answer() {
    let mut failures = Vec::new();
    let mut count = 0;
    for group in accepted() {
        let schema = match ToolArgsSchema::from_value(&group.schema) {
            Ok(schema) => schema,
            Err(err) => {
                failures.push(format!(
                    "{} / {}: schema refused: {err}",
                    group.file, group.description
                ));
                continue;
            }
        };
        for test in &group.tests {
            count += 1;
            let is_valid = schema.is_valid(&test.data);
            let validate = schema.validate(&test.data);
            if is_valid != test.valid || validate.is_ok() != test.valid {
                failures.push(format!(
                    "{} / {} / {}: expected valid={}, is_valid={is_valid}, validate={:?}",
                    group.file, group.description, test.description, test.valid, validate
                ));
            }
        }
    }
    assert_eq!(count, 188, "the conformance data should hold 188 tests");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The error codes that fit a rejected group's `why`.
fn expected_codes(why: &str) -> Vec<Code> {
    if why == "keywords ['enum']" {
        // The suite's enums of arrays: no node kind of the subset lists them.
        return vec![Code::EnumTypeMismatch];
    }
    if why.starts_with("keywords [") {
        return vec![Code::UnsupportedKeyword];
    }
    if why.starts_with("type [") || why == "type 'null'" {
        return vec![Code::InvalidType];
    }
    match why {
        "boolean schema" => vec![Code::BooleanSchema],
        // The suite's untyped nodes: the type is missing (for the root, that
        // is `root_not_object`).
        "untyped node" | "nested untyped property" | "mixed enum" => {
            vec![Code::MissingType, Code::RootNotObject]
        }
        "array without items" => vec![Code::MissingItems, Code::MissingType, Code::RootNotObject],
        "oneOf with siblings" => vec![Code::OneOfSiblings],
        "required not in properties" => vec![Code::UnknownRequired],
        other => panic!("no expectation for why = {other:?}; add one"),
    }
}

/// The keyword a `keywords [...]` why names, which a finding must point at.
fn named_keywords(why: &str) -> Vec<String> {
    why.strip_prefix("keywords [")
        .and_then(|rest| rest.strip_suffix(']'))
        .map(|list| {
            list.split(", ")
                .map(|k| k.trim_matches('\'').to_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_rejected_schema_is_refused_with_the_error_its_why_names() {
    let groups = rejected();
    assert_eq!(groups.len(), 59);
    let mut failures = Vec::new();
    for group in groups {
        let label = format!("{} / {} ({})", group.file, group.description, group.why);
        let err = match ToolArgsSchema::from_value(&group.schema) {
            Ok(_) => {
                failures.push(format!("{label}: accepted"));
                continue;
            }
            Err(err) => err,
        };
        let findings = err.diagnostics();
        assert_eq!(
            findings,
            lint(&group.schema)
                .iter()
                .filter(|d| d.is_error())
                .cloned()
                .collect::<Vec<_>>(),
            "{label}: lint and from_value must agree on the errors"
        );
        let wanted = expected_codes(&group.why);
        if !findings.iter().any(|d| wanted.contains(&d.code)) {
            failures.push(format!(
                "{label}: expected one of {wanted:?}, got {findings:?}"
            ));
        }
        for keyword in named_keywords(&group.why)
            .into_iter()
            .filter(|k| k != "enum")
        {
            let suffix = format!("/{keyword}");
            let found = findings
                .iter()
                .any(|d| d.code == Code::UnsupportedKeyword && (d.pointer.ends_with(&suffix)));
            if !found {
                failures.push(format!(
                    "{label}: no unsupported_keyword at {suffix}: {findings:?}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
