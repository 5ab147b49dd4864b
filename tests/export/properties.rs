//! Property tests of the export, on generated subset schemas and values
//! aimed at them (`strategies/`):
//!
//! - every export obeys its profile's rules and reports exactly the changes
//!   the rules call for (`export_rules/`, written from the rules);
//! - no export makes the provider refuse what `validate` accepts: for every
//!   value `v` the schema accepts (without properties the schema does not
//!   name, which the strict modes refuse, as their `narrows` change says),
//!   the export accepts `v` - for OpenAI strict, `v` with `null` for each
//!   absent optional property - checked with the `jsonschema` crate, and
//!   `normalize` gives back exactly `v`;
//! - an export without a `widens` change accepts nothing more: whatever it
//!   accepts, `validate` accepts once normalized.
//!
//! The case count is `PROPTEST_CASES` when set, else [`DEFAULT_CASES`]:
//! enough for every `cargo test` while the whole suite stays quick. A
//! long run: `PROPTEST_CASES=10000 cargo test -p pedelec-schema-tests
//! --test export properties`.

use crate::export_rules;
use crate::strategies;

use std::cell::Cell;
use std::collections::HashMap;

use pedelec_schema::schema::{ObjectNode, Property, SchemaNode};
use pedelec_schema::{Effect, Profile, ToolArgsSchema};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::{json, Map, Value};

/// Generated cases without `PROPTEST_CASES`; each holds a schema and 8
/// values aimed at it, exported for every profile.
const DEFAULT_CASES: u32 = 2048;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// Decides which branch of a `oneOf` a value matches, with our validator
/// (one compiled wrapper per branch).
struct Branches {
    compiled: HashMap<*const SchemaNode, ToolArgsSchema>,
}

impl Branches {
    fn new() -> Self {
        Branches {
            compiled: HashMap::new(),
        }
    }

    fn accepts(&mut self, node: &SchemaNode, value: &Value) -> bool {
        let schema = self.compiled.entry(node as *const _).or_insert_with(|| {
            let root = ObjectNode {
                properties: vec![Property {
                    name: "v".into(),
                    node: node.clone(),
                }],
                required: vec!["v".into()],
                meta: Default::default(),
            };
            ToolArgsSchema::new(root).expect("a branch of a valid schema is valid")
        });
        schema.is_valid(&json!({ "v": value }))
    }

    /// The branch of `branches` that accepts `value`, if one does.
    fn matching<'n>(
        &mut self,
        branches: &'n [SchemaNode],
        value: &Value,
    ) -> Option<&'n SchemaNode> {
        branches.iter().find(|branch| self.accepts(branch, value))
    }
}

/// `value` following `node`, with `edit` applied to each object it meets
/// under an object node (its properties, and whether each is required).
fn rewrite(
    node: &SchemaNode,
    value: &Value,
    branches: &mut Branches,
    edit: &impl Fn(&ObjectNode, &mut Map<String, Value>),
) -> Value {
    match (node, value) {
        (SchemaNode::Object(object), Value::Object(map)) => {
            let mut map = map.clone();
            for property in &object.properties {
                if let Some(inner) = map.get(&property.name) {
                    let inner = rewrite(&property.node, inner, branches, edit);
                    map.insert(property.name.clone(), inner);
                }
            }
            edit(object, &mut map);
            Value::Object(map)
        }
        (SchemaNode::Array(array), Value::Array(elements)) => Value::Array(
            elements
                .iter()
                .map(|element| rewrite(&array.items, element, branches, edit))
                .collect(),
        ),
        (SchemaNode::OneOf(one_of), value) => match branches.matching(&one_of.branches, value) {
            Some(branch) => rewrite(branch, value, branches, edit),
            None => value.clone(),
        },
        (_, value) => value.clone(),
    }
}

/// `value` without the properties its schema does not name.
fn strip(root: &SchemaNode, value: &Value, branches: &mut Branches) -> Value {
    rewrite(root, value, branches, &|object, map| {
        map.retain(|name, _| object.properties.iter().any(|p| &p.name == name));
    })
}

/// `value` with `null` for every absent optional property, as a model
/// under OpenAI strict mode sends it.
fn fill_nulls(root: &SchemaNode, value: &Value, branches: &mut Branches) -> Value {
    rewrite(root, value, branches, &|object, map| {
        for property in &object.properties {
            if !object.required.contains(&property.name) && !map.contains_key(&property.name) {
                map.insert(property.name.clone(), Value::Null);
            }
        }
    })
}

/// What the runs covered, so that a test that checks little fails.
#[derive(Default)]
struct Coverage {
    accepted: Cell<usize>,
    refused: Cell<usize>,
    /// Values checked against an export without a `widens` change.
    exact_exports: Cell<usize>,
    /// Accepted values that OpenAI strict mode sends with `null`s.
    filled: Cell<usize>,
}

fn bump(cell: &Cell<usize>) {
    cell.set(cell.get() + 1);
}

fn check_case(
    root: &ObjectNode,
    values: &[Value],
    coverage: &Coverage,
) -> Result<(), TestCaseError> {
    let schema = ToolArgsSchema::new(root.clone()).unwrap();
    let root_node = SchemaNode::Object(root.clone());
    let mut branches = Branches::new();
    for value in values {
        bump(if schema.is_valid(value) {
            &coverage.accepted
        } else {
            &coverage.refused
        });
    }
    for &profile in Profile::ALL {
        let exported = schema.export(profile);
        if profile == Profile::OpenAiChat {
            // The Chat Completions shape wraps the same schema: checked
            // equal here, it needs no second run of the oracle.
            let strict = schema.export(Profile::OpenAiStrict);
            prop_assert_eq!(&exported.schema, &strict.schema);
            prop_assert_eq!(&exported.changes, &strict.changes);
            continue;
        }
        if let Err(problem) = export_rules::check(root, profile, &exported) {
            return Err(TestCaseError::fail(format!(
                "{profile}: {problem}\nschema {}",
                schema.to_value()
            )));
        }
        let oracle = jsonschema::draft202012::new(&exported.schema.to_value())
            .map_err(|err| TestCaseError::fail(format!("{profile}: not JSON Schema: {err}")))?;
        // The strict modes close every object; MCP closes the root of a
        // tool without arguments. A closed object takes only the
        // properties the schema names.
        let rules = export_rules::schema_rules(profile);
        let strict = matches!(rules, Profile::OpenAiStrict | Profile::AnthropicStrict)
            || (profile == Profile::Mcp && root.properties.is_empty());
        for value in values {
            if schema.is_valid(value) {
                let closed = if strict {
                    strip(&root_node, value, &mut branches)
                } else {
                    value.clone()
                };
                if schema.is_valid(&closed) {
                    let sent = if rules == Profile::OpenAiStrict {
                        fill_nulls(&root_node, &closed, &mut branches)
                    } else {
                        closed.clone()
                    };
                    if sent != closed {
                        bump(&coverage.filled);
                    }
                    prop_assert!(
                        oracle.is_valid(&sent),
                        "{} refuses {} (schema {})",
                        profile,
                        sent,
                        exported.schema
                    );
                    let mut back = sent.clone();
                    schema.normalize(profile, &mut back);
                    prop_assert_eq!(&back, &closed, "{}: normalize({})", profile, sent);
                }
            }
            if exported.changes.iter().all(|c| c.effect != Effect::Widens) {
                bump(&coverage.exact_exports);
                let filled = fill_nulls(&root_node, value, &mut branches);
                for sent in [value, &filled] {
                    if oracle.is_valid(sent) {
                        let mut back = sent.clone();
                        schema.normalize(profile, &mut back);
                        prop_assert!(
                            schema.is_valid(&back),
                            "{} accepts {} (normalized {}), which we refuse; its changes claim no widening",
                            profile, sent, back
                        );
                    }
                }
            }
        }
    }
    Ok(())
}

#[test]
fn exports_follow_their_rules_and_accept_what_validate_accepts() {
    let config = ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = TestRunner::new(config);
    let coverage = Coverage::default();
    let started = std::time::Instant::now();
    runner
        .run(&strategies::root_with_values(8), |(root, values)| {
            check_case(&root, &values, &coverage)
        })
        .unwrap();
    let (accepted, refused) = (coverage.accepted.get(), coverage.refused.get());
    eprintln!(
        "{} cases in {:.1?}: {accepted} values accepted, {refused} refused, {} sent with \
         nulls, {} checks against exports without widening",
        cases(),
        started.elapsed(),
        coverage.filled.get(),
        coverage.exact_exports.get(),
    );
    // Both sides must be well represented, or the checks prove little.
    let total = accepted + refused;
    assert!(
        accepted * 5 > total && refused * 5 > total,
        "accepted {accepted} of {total}"
    );
    assert!(
        coverage.filled.get() * 5 > accepted,
        "few values had nulls to fill"
    );
    assert!(
        coverage.exact_exports.get() * 5 > total,
        "few exports without widening"
    );
}
