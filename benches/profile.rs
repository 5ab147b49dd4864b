//! A fixed number of validations, for profilers that count instructions
//! (which, unlike times, do not vary with the load of a shared machine):
//!
//! ```sh
//! cargo bench --bench profile --no-run
//! N=2000 valgrind --tool=callgrind target/release/deps/profile-* polygons pedelec
//! ```
//!
//! Arguments: the case (`polygons`, `twenty`, `large`), the side (`pedelec`,
//! `jsonschema`) and optionally `errors` to collect the errors of the
//! invalid input, `collect` to run the same collecting walk over the valid
//! input, or `compile` to build the schema instead of validating. `N` sets the
//! number of iterations; `N=0` measures the setup alone, to subtract.

use std::hint::black_box;

use pedelec_schema::ToolArgsSchema;
use pedelec_testdata::payloads;
use serde_json::Value;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let (case, side) = match (args.first(), args.get(1)) {
        (Some(case), Some(side)) => (case.as_str(), side.as_str()),
        _ => {
            eprintln!(
                "usage: profile polygons|twenty|large pedelec|jsonschema [errors|collect|compile]"
            );
            std::process::exit(2);
        }
    };
    let mode = args.get(2).map(String::as_str);
    // `errors` and `collect` run `validate`, the collecting walk.
    let validate = matches!(mode, Some("errors" | "collect"));
    let compile = mode == Some("compile");
    let (schema, valid, invalid) = inputs(case);
    let input = if mode == Some("errors") {
        &invalid
    } else {
        &valid
    };
    let iterations: usize = std::env::var("N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    match side {
        "pedelec" if compile => {
            for _ in 0..iterations {
                black_box(ToolArgsSchema::from_value(black_box(&schema)).is_ok());
            }
        }
        _ if compile => {
            for _ in 0..iterations {
                black_box(jsonschema::validator_for(black_box(&schema)).is_ok());
            }
        }
        "pedelec" => {
            let schema = ToolArgsSchema::from_value(&schema).expect("in the subset");
            for _ in 0..iterations {
                if validate {
                    black_box(schema.validate(black_box(input)).is_err());
                } else {
                    black_box(schema.is_valid(black_box(input)));
                }
            }
        }
        _ => {
            let validator = jsonschema::validator_for(&schema).expect("compiles");
            for _ in 0..iterations {
                if validate {
                    black_box(validator.iter_errors(black_box(input)).collect::<Vec<_>>());
                } else {
                    black_box(validator.is_valid(black_box(input)));
                }
            }
        }
    }
}

fn inputs(case: &str) -> (Value, Value, Value) {
    match case {
        "polygons" => (
            pedelec_testdata::realworld_schema("pedelec_demos.json", "spawn_closed_polygons"),
            payloads::spawn_closed_polygons(),
            payloads::spawn_closed_polygons_with_errors(),
        ),
        "twenty" => (
            payloads::twenty_properties_schema(),
            payloads::twenty_properties_valid(),
            payloads::twenty_properties_invalid(),
        ),
        _ => (
            payloads::large_array_schema(),
            payloads::large_array_valid(),
            payloads::large_array_valid(),
        ),
    }
}
