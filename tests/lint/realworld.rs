//! Lint over the 65 real tool schemas in `tests/data/realworld/`: no panics,
//! the ones inside the subset lint without errors, and every finding about
//! a keyword points at a keyword of a node - never at a property *name* that
//! happens to spell a keyword (`items`, `type`, `pattern`, `description`).

use std::collections::BTreeSet;

use pedelec_schema::{lint, Code, ToolArgsSchema};
use pedelec_testdata::pointer;
use pedelec_testdata::{realworld, RealWorldSchema, SUBSET_KEYWORDS};
use serde_json::Value;

fn corpus() -> Vec<(String, RealWorldSchema)> {
    realworld()
        .into_iter()
        .flat_map(|(file, schemas)| schemas.into_iter().map(move |s| (file.clone(), s)))
        .collect()
}

/// Whether `tokens` lead from the root to a node (not to a `properties` map
/// or into a keyword's value), by the shape of the subset and of JSON Schema.
fn is_node_position(tokens: &[String]) -> bool {
    let mut i = 0;
    while i < tokens.len() {
        i += match tokens[i].as_str() {
            "properties" | "oneOf" | "anyOf" | "allOf" | "$defs" => 2,
            "items" => 1,
            _ => return false,
        };
    }
    i == tokens.len()
}

/// Keys outside the subset that the corpus uses, found by walking the nodes
/// independently of the library.
fn foreign_keys(node: &Value, at: &str, out: &mut BTreeSet<String>) {
    let Value::Object(map) = node else { return };
    for (key, value) in map {
        if !SUBSET_KEYWORDS.contains(&key.as_str()) {
            out.insert(pointer::join(at, key));
        }
        match key.as_str() {
            "properties" => {
                for (name, child) in value.as_object().into_iter().flatten() {
                    foreign_keys(
                        child,
                        &pointer::join(&pointer::join(at, "properties"), name),
                        out,
                    );
                }
            }
            "items" => foreign_keys(value, &pointer::join(at, "items"), out),
            "oneOf" => {
                for (index, child) in value.as_array().into_iter().flatten().enumerate() {
                    let mut here = pointer::join(at, "oneOf");
                    pointer::push_index(&mut here, index);
                    foreign_keys(child, &here, out);
                }
            }
            _ => {}
        }
    }
}

#[test]
fn the_corpus_has_65_schemas_and_19_of_them_are_inside_the_subset() {
    let corpus = corpus();
    assert_eq!(corpus.len(), 65);
    let inside: Vec<String> = corpus
        .iter()
        .filter(|(_, s)| lint(&s.schema).iter().all(|d| !d.is_error()))
        .map(|(file, s)| format!("{file}: {}", s.tool))
        .collect();
    assert_eq!(inside.len(), 19, "inside the subset: {inside:#?}");
}

#[test]
fn schemas_that_lint_without_errors_parse_and_round_trip() {
    for (file, s) in corpus() {
        let errors = lint(&s.schema).into_iter().any(|d| d.is_error());
        let parsed = ToolArgsSchema::from_value(&s.schema);
        assert_eq!(
            parsed.is_err(),
            errors,
            "{file}: {}: lint and from_value disagree",
            s.tool
        );
        if let Ok(schema) = parsed {
            let again =
                ToolArgsSchema::from_value(&schema.to_value()).expect("serialized schema parses");
            assert_eq!(again, schema, "{file}: {}", s.tool);
        }
    }
}

#[test]
fn pedelec_docs_and_demo_schemas_lint_without_errors_unless_they_use_additional_properties() {
    for (file, s) in corpus() {
        if file != "pedelec_sdk_and_docs.json" && file != "pedelec_demos.json" {
            continue;
        }
        let errors: Vec<_> = lint(&s.schema)
            .into_iter()
            .filter(|d| d.is_error())
            .collect();
        if s.schema.get("additionalProperties").is_some() {
            assert_eq!(errors.len(), 1, "{file}: {}: {errors:?}", s.tool);
            assert_eq!(errors[0].pointer, "/additionalProperties");
        } else {
            assert!(errors.is_empty(), "{file}: {}: {errors:?}", s.tool);
        }
    }
}

#[test]
fn every_key_outside_the_subset_is_reported_where_it_stands() {
    for (file, s) in corpus() {
        let findings = lint(&s.schema);
        let mut expected = BTreeSet::new();
        foreign_keys(&s.schema, "", &mut expected);
        for key_pointer in &expected {
            assert!(
                findings.iter().any(|d| &d.pointer == key_pointer
                    && matches!(d.code, Code::UnsupportedKeyword | Code::UnknownKeyword)),
                "{file}: {}: nothing reported at {key_pointer}: {findings:#?}",
                s.tool
            );
        }
    }
}

#[test]
fn keyword_findings_point_at_node_keys_never_at_property_names() {
    let mut keyword_named_properties = BTreeSet::new();
    for (file, s) in corpus() {
        for d in lint(&s.schema) {
            let tokens = pointer::tokens(&d.pointer).expect("a valid JSON Pointer");
            if let Code::UnsupportedKeyword | Code::UnknownKeyword | Code::MisplacedKeyword = d.code
            {
                let (_, parent) = tokens.split_last().expect("a keyword finding names a key");
                assert!(is_node_position(parent), "{file}: {}: {d}", s.tool);
            }
        }
        collect_property_names(&s.schema, &mut keyword_named_properties);
    }
    for name in ["items", "type", "pattern", "description"] {
        assert!(
            keyword_named_properties.contains(name),
            "the corpus should have a property named `{name}` for this test to mean something"
        );
    }
}

fn collect_property_names(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(properties)) = map.get("properties") {
                out.extend(properties.keys().cloned());
            }
            map.values().for_each(|v| collect_property_names(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_property_names(v, out)),
        _ => {}
    }
}

#[test]
fn the_negative_pedelec_example_is_refused_for_its_root() {
    let (_, schemas) = realworld()
        .into_iter()
        .find(|(file, _)| file == "pedelec_negative.json")
        .expect("pedelec_negative.json");
    let codes: Vec<Code> = lint(&schemas[0].schema).iter().map(|d| d.code).collect();
    assert!(codes.contains(&Code::RootNotObject), "{codes:?}");
}
