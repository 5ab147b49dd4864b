//! pedelec-schema against the `jsonschema` crate and against plain serde,
//! on the same schemas and values, in one run. Run with
//! `cargo bench --bench validation`: criterion measures each side; then
//! every comparison is timed again in interleaved rounds and printed as a
//! ratio next to its target, the number to quote, since absolute times vary
//! on shared machines. `cargo bench --bench validation -- --ratios-only`
//! prints only the ratios; ids after it (`is_valid`, `from_args_str`, ...)
//! pick comparisons.
//!
//! The comparisons, each with its target (`benches/README.md` gives the
//! latest ratios):
//!
//! - against jsonschema (its time / ours; higher is better): compiling a
//!   schema, `is_valid` on valid input, collecting every error, the agent's
//!   error document (`serde_json::to_string(&errors)`, against the same
//!   document built from `iter_errors` and serialized) and reading every
//!   error (`path()`, `schema_path()` and `message()`, against jsonschema's
//!   instance path, schema path and `to_string()`, each an owned `String`);
//! - against plain serde (our time / serde's; lower is better): a typed
//!   call `T::from_args(value)` against `serde_json::from_value::<T>`, and
//!   `T::from_args_str(text)` against `serde_json::from_str::<T>`; with
//!   jsonschema `validate` + `from_value` against `from_args` for scale;
//! - a checked result, `ToolResult::structured(&t)` (serialize, validate
//!   against `T::schema()`, write the JSON text), against the unchecked
//!   `serde_json::to_value` + `to_string` (the check's cost), and against
//!   the same with jsonschema's `is_valid` between them.
//!
//! Calls that consume their `Value` get a fresh clone each, made before
//! the timed loop. The harness (sides, interleaved rounds, ratios, the
//! arguments) is `support/ratios.rs`, shared with `stream.rs`.

use std::hint::black_box;

use pedelec_schema::{ToolArgs, ToolArgsSchema, ToolResult};
use pedelec_testdata::payloads;
use pedelec_testdata::typed::{LargeArray, SpawnClosedPolygons, TwentyProperties};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

#[path = "support/peer.rs"]
mod peer;
#[path = "support/ratios.rs"]
mod ratios;

use ratios::{Cell, Comparison, Side, Target};

const JSONSCHEMA: &str = "jsonschema";

/// The schemas, with their valid and invalid inputs.
struct Workload {
    name: &'static str,
    schema: Value,
    valid: Option<Value>,
    invalid: Option<Value>,
}

fn workloads() -> Vec<Workload> {
    let polygons =
        pedelec_testdata::realworld_schema("pedelec_demos.json", "spawn_closed_polygons");
    vec![
        Workload {
            name: "spawn_closed_polygons",
            schema: polygons.clone(),
            valid: Some(payloads::spawn_closed_polygons()),
            invalid: Some(payloads::spawn_closed_polygons_with_errors()),
        },
        Workload {
            name: "twenty_properties",
            schema: payloads::twenty_properties_schema(),
            valid: Some(payloads::twenty_properties_valid()),
            invalid: Some(payloads::twenty_properties_invalid()),
        },
        Workload {
            name: "large_array",
            schema: payloads::large_array_schema(),
            valid: Some(payloads::large_array_valid()),
            invalid: None,
        },
        Workload {
            name: "ten_errors_300_bytes",
            schema: payloads::twenty_properties_schema(),
            valid: None,
            invalid: Some(payloads::twenty_properties_ten_errors()),
        },
        Workload {
            name: "thirty_errors_500_bytes",
            schema: polygons,
            valid: None,
            invalid: Some(payloads::spawn_closed_polygons_thirty_errors()),
        },
    ]
}

fn compiled(schema: &Value) -> (ToolArgsSchema, jsonschema::Validator) {
    (
        ToolArgsSchema::from_value(schema).expect("bench schemas are in the subset"),
        jsonschema::validator_for(schema).expect("jsonschema compiles it"),
    )
}

fn comparisons() -> Vec<Comparison> {
    let mut compile = Vec::new();
    let mut is_valid = Vec::new();
    let mut all_errors = Vec::new();
    let mut document = Vec::new();
    let mut read = Vec::new();
    for workload in workloads() {
        if let Some(valid) = &workload.valid {
            compile.push(pair_with(
                &workload,
                &workload.schema,
                |schema: &Value| {
                    drop(black_box(ToolArgsSchema::from_value(black_box(schema))));
                },
                |schema: &Value| {
                    drop(black_box(jsonschema::validator_for(black_box(schema))));
                },
            ));
            let (ours, theirs) = compiled(&workload.schema);
            assert!(
                ours.is_valid(valid) && theirs.is_valid(valid),
                "{}",
                workload.name
            );
            is_valid.push(pair_with(
                &workload,
                valid,
                move |input| {
                    black_box(ours.is_valid(black_box(input)));
                },
                move |input| {
                    black_box(theirs.is_valid(black_box(input)));
                },
            ));
        }
        if let Some(invalid) = &workload.invalid {
            let (ours, theirs) = compiled(&workload.schema);
            assert_eq!(
                ours.validate(invalid).unwrap_err().errors().len(),
                theirs.iter_errors(invalid).count(),
                "{}: both sides find every error",
                workload.name
            );
            for (cells, run) in [
                (&mut all_errors, Run::Collect),
                (&mut document, Run::Document),
                (&mut read, Run::Read),
            ] {
                let (ours, theirs) = compiled(&workload.schema);
                cells.push(pair_with(
                    &workload,
                    invalid,
                    move |input| {
                        run.ours(&ours, input);
                    },
                    move |input| {
                        run.theirs(&theirs, input);
                    },
                ));
            }
        }
    }
    let against_jsonschema = |id, title, target, cells| Comparison {
        id,
        title,
        target: Target::FasterThan(target),
        sides: ["pedelec", JSONSCHEMA],
        cells,
    };
    let mut comparisons = vec![
        against_jsonschema("compile", "compile", 5.0, compile),
        against_jsonschema("is_valid", "is_valid, valid input", 3.0, is_valid),
        against_jsonschema(
            "all_errors",
            "collect every error: validate / iter_errors",
            3.0,
            all_errors,
        ),
        against_jsonschema(
            "error_document",
            "agent error document: serde_json::to_string",
            5.0,
            document,
        ),
        against_jsonschema(
            "read_errors",
            "read every error: path, schema path, message",
            3.0,
            read,
        ),
    ];
    comparisons.extend(typed_comparisons());
    comparisons
}

/// A cell whose sides borrow `input` (cloned for each side).
fn pair_with<I: Clone + 'static>(
    workload: &Workload,
    input: &I,
    mut ours: impl FnMut(&I) + 'static,
    mut theirs: impl FnMut(&I) + 'static,
) -> Cell {
    let (our_input, their_input) = (input.clone(), input.clone());
    Cell {
        workload: workload.name,
        ours: Side::call(move || ours(&our_input)),
        theirs: Side::call(move || theirs(&their_input)),
    }
}

/// What is done with an invalid input.
#[derive(Clone, Copy)]
enum Run {
    /// Collect every error.
    Collect,
    /// Write the agent-facing error object, as the handler returns it.
    Document,
    /// Read every error's path, schema path and message, each an owned
    /// `String`.
    Read,
}

impl Run {
    fn ours(self, schema: &ToolArgsSchema, input: &Value) {
        let errors = schema.validate(black_box(input)).unwrap_err();
        match self {
            Run::Collect => drop(black_box(errors)),
            Run::Document => {
                black_box(serde_json::to_string(&errors).expect("documents serialize"));
            }
            Run::Read => {
                for error in errors.errors() {
                    black_box((error.path(), error.schema_path(), error.message()));
                }
            }
        }
    }

    fn theirs(self, validator: &jsonschema::Validator, input: &Value) {
        match self {
            Run::Collect => {
                drop(black_box(
                    validator.iter_errors(black_box(input)).collect::<Vec<_>>(),
                ));
            }
            Run::Document => {
                black_box(peer::error_document(validator, black_box(input)));
            }
            Run::Read => {
                for error in validator.iter_errors(black_box(input)) {
                    black_box((
                        error.instance_path().to_string(),
                        error.schema_path().to_string(),
                        error.to_string(),
                    ));
                }
            }
        }
    }
}

/// The typed calls of the three workloads with a derived type.
fn typed_comparisons() -> Vec<Comparison> {
    let mut from_args = Vec::new();
    let mut from_str = Vec::new();
    let mut jsonschema_then_serde = Vec::new();
    let mut result_unchecked = Vec::new();
    let mut result_jsonschema = Vec::new();
    for (workload, valid, typed) in [
        (
            "spawn_closed_polygons",
            payloads::spawn_closed_polygons(),
            typed_cells::<SpawnClosedPolygons> as TypedCells,
        ),
        (
            "twenty_properties",
            payloads::twenty_properties_valid(),
            typed_cells::<TwentyProperties>,
        ),
        (
            "large_array",
            payloads::large_array_valid(),
            typed_cells::<LargeArray>,
        ),
    ] {
        let [args, text, scale, unchecked, peer] = typed(workload, &valid);
        from_args.push(args);
        from_str.push(text);
        jsonschema_then_serde.push(scale);
        result_unchecked.push(unchecked);
        result_jsonschema.push(peer);
    }
    vec![
        Comparison {
            id: "from_args",
            title: "typed call: T::from_args(value) / serde_json::from_value::<T>",
            target: Target::CostAtMost(1.3),
            sides: ["from_args", "from_value"],
            cells: from_args,
        },
        Comparison {
            id: "from_args_str",
            title: "typed call from text: T::from_args_str / serde_json::from_str::<T>",
            target: Target::CostAtMost(1.2),
            sides: ["from_args_str", "from_str"],
            cells: from_str,
        },
        Comparison {
            id: "jsonschema_then_from_value",
            title: "typed call: jsonschema validate + from_value / T::from_args (scale only)",
            target: Target::None,
            sides: ["from_args", "jsonschema+from_value"],
            cells: jsonschema_then_serde,
        },
        Comparison {
            id: "checked_result",
            title: "checked result: ToolResult::structured / serde_json to_value + to_string",
            target: Target::Cost,
            sides: ["ToolResult::structured", "to_value+to_string"],
            cells: result_unchecked,
        },
        Comparison {
            id: "checked_result_jsonschema",
            title: "checked result: jsonschema to_value + is_valid + to_string / ToolResult::structured",
            target: Target::None,
            sides: ["ToolResult::structured", "jsonschema"],
            cells: result_jsonschema,
        },
    ]
}

type TypedCells = fn(&'static str, &Value) -> [Cell; 5];

/// `from_args` against `from_value`, `from_args_str` against `from_str`,
/// `from_args` against jsonschema's `validate` then `from_value`, and the
/// checked result against the unchecked one and jsonschema's check.
fn typed_cells<T: ToolArgs + DeserializeOwned + Serialize + 'static>(
    workload: &'static str,
    valid: &Value,
) -> [Cell; 5] {
    let text = serde_json::to_string(valid).expect("values serialize");
    assert!(
        T::from_args(valid.clone()).is_ok() && T::from_args_str(&text).is_ok(),
        "{workload}"
    );
    let validator = jsonschema::validator_for(&T::schema().to_value()).expect("compiles");
    let result_validator = jsonschema::validator_for(&T::schema().to_value()).expect("compiles");
    let our_text = text.clone();
    // The typed value a handler returns, the same for every result side.
    let result = || T::from_args(valid.clone()).expect("valid");
    assert!(ToolResult::structured(&result()).is_ok(), "{workload}");
    let (ours, unchecked, peer_ours, peer) = (result(), result(), result(), result());
    [
        Cell {
            workload,
            ours: Side::consume(valid, |value| {
                drop(black_box(T::from_args(black_box(value))))
            }),
            theirs: Side::consume(valid, |value| {
                drop(black_box(serde_json::from_value::<T>(black_box(value))));
            }),
        },
        Cell {
            workload,
            ours: Side::call(move || drop(black_box(T::from_args_str(black_box(&our_text))))),
            theirs: Side::call(move || {
                drop(black_box(serde_json::from_str::<T>(black_box(&text))))
            }),
        },
        Cell {
            workload,
            ours: Side::consume(valid, |value| {
                drop(black_box(T::from_args(black_box(value))))
            }),
            theirs: Side::consume(valid, move |value| {
                if validator.validate(black_box(&value)).is_ok() {
                    drop(black_box(serde_json::from_value::<T>(value)));
                }
            }),
        },
        Cell {
            workload,
            ours: Side::call(move || drop(black_box(ToolResult::structured(black_box(&ours))))),
            theirs: Side::call(move || {
                let value = serde_json::to_value(black_box(&unchecked)).expect("serializes");
                drop(black_box(value.to_string()));
            }),
        },
        Cell {
            workload,
            ours: Side::call(move || {
                drop(black_box(ToolResult::structured(black_box(&peer_ours))))
            }),
            theirs: Side::call(move || {
                let value = serde_json::to_value(black_box(&peer)).expect("serializes");
                if result_validator.is_valid(&value) {
                    drop(black_box(value.to_string()));
                }
            }),
        },
    ]
}

fn main() {
    ratios::run(comparisons());
}
