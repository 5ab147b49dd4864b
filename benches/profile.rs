//! A fixed number of calls, for profilers that count instructions (which,
//! unlike times, do not vary with the load of a shared machine):
//!
//! ```sh
//! cargo bench --bench profile --no-run
//! N=2000 valgrind --tool=callgrind target/release/deps/profile-* polygons pedelec
//! ```
//!
//! Arguments: the case, the side and optionally the mode.
//!
//! - Cases: `polygons`, `twenty`, `large` (valid and invalid inputs of the
//!   three workloads; `large` has no invalid one), `ten` and `thirty` (the
//!   10- and 30-error calls, invalid only).
//! - Sides: `pedelec`, `jsonschema`; for the typed modes also `serde`
//!   (plain serde alone) and `clone` (only the clone of the `Value` that
//!   `typed` makes for each call, to subtract).
//! - Modes: none for `is_valid` on the valid input; `errors` to collect the
//!   errors of the invalid input and `collect` for the same walk over the
//!   valid one; `document` for the agent's error document and `read` for
//!   every error's path, schema path and message (as in
//!   `benches/validation.rs`); `compile` to build the schema; `typed` for
//!   `T::from_args(value)` (jsonschema: `validate` then `from_value`; serde:
//!   `from_value`) and `text` for `T::from_args_str` (serde: `from_str`);
//!   `stream` for the valid call's text fed to `ToolArgsSchema::stream`
//!   (as in `benches/stream.rs`), with the sides `pedelec` (64-byte
//!   pieces), `chars` (one character a piece), `whole` (one piece) and
//!   `baseline` (`validate_str`, then `serde_json::from_str::<Value>`);
//!   `repair` for `ToolArgsSchema::repair` (as in `benches/repair.rs`),
//!   with the sides `pedelec` (the call written sloppily), `json` (its
//!   JSON text) and `baseline`; `unions` for the nested unions of
//!   `benches/stream.rs`, the case naming their size (`64x32`, `64x128`,
//!   `256x256`), with the sides `chars` (`k` first, one character a
//!   piece), `whole` (`k` first, one piece), `late` (`k` last, one piece)
//!   and `baseline` (`validate_str` alone). A first call, made whatever
//!   `N`, builds the patterns' automata.
//!
//! `N` sets the number of calls; `N=0` measures the setup alone, to
//! subtract.

use std::hint::black_box;

use pedelec_schema::{ToolArgs, ToolArgsSchema};
use pedelec_testdata::payloads;
use pedelec_testdata::typed::{LargeArray, SpawnClosedPolygons, TwentyProperties};
use serde::de::DeserializeOwned;
use serde_json::Value;

#[path = "support/peer.rs"]
mod peer;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let (case, side) = match (args.first(), args.get(1)) {
        (Some(case), Some(side)) => (case.as_str(), side.as_str()),
        _ => {
            eprintln!(
                "usage: profile polygons|twenty|large|ten|thirty|NxM pedelec|jsonschema|serde|clone|chars|whole|late|baseline \
                 [errors|collect|document|read|compile|typed|text|stream|repair|unions]"
            );
            std::process::exit(2);
        }
    };
    let mode = args.get(2).map(String::as_str).unwrap_or("is_valid");
    let iterations: usize = std::env::var("N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    if mode == "unions" {
        return unions(case, side, iterations);
    }
    let (schema, valid, invalid) = inputs(case);
    match mode {
        "typed" | "text" => match case {
            "polygons" => typed::<SpawnClosedPolygons>(mode, side, &valid, iterations),
            "twenty" => typed::<TwentyProperties>(mode, side, &valid, iterations),
            _ => typed::<LargeArray>(mode, side, &valid, iterations),
        },
        "compile" => compile(side, &schema, iterations),
        "stream" => stream(side, &schema, &valid, iterations),
        "repair" => repair(side, &schema, &valid, iterations),
        _ => {
            let input = if matches!(mode, "errors" | "document" | "read") {
                &invalid
            } else {
                &valid
            };
            validate(mode, side, &schema, input, iterations);
        }
    }
}

fn compile(side: &str, schema: &Value, iterations: usize) {
    for _ in 0..iterations {
        if side == "pedelec" {
            black_box(ToolArgsSchema::from_value(black_box(schema)).is_ok());
        } else {
            black_box(jsonschema::validator_for(black_box(schema)).is_ok());
        }
    }
}

/// The valid call's text read by a stream, in pieces of one character,
/// 64 bytes or the whole, or by `validate_str` then `from_str`.
fn stream(side: &str, schema: &Value, valid: &Value, iterations: usize) {
    let schema = ToolArgsSchema::from_value(schema).expect("in the subset");
    let text = serde_json::to_string(valid).expect("serializes");
    let size = match side {
        "chars" => 1,
        "whole" => text.len(),
        _ => 64,
    };
    let mut pieces = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let mut end = (start + size).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        pieces.push(&text[start..end]);
        start = end;
    }
    for _ in 0..iterations {
        if side == "baseline" {
            black_box(schema.validate_str(black_box(&text)).is_ok());
            drop(black_box(serde_json::from_str::<Value>(black_box(&text))));
            continue;
        }
        let mut stream = schema.stream();
        for piece in &pieces {
            black_box(stream.feed(black_box(piece)).is_ok());
        }
        drop(black_box(stream.finish()));
    }
}

/// The nested unions of size `case` (`64x128`): their call streamed, or
/// read by `validate_str` alone.
fn unions(case: &str, side: &str, iterations: usize) {
    let (n, m) = case
        .split_once('x')
        .and_then(|(n, m)| Some((n.parse().ok()?, m.parse().ok()?)))
        .expect("a size such as 64x128");
    let schema =
        ToolArgsSchema::from_value(&payloads::nested_unions_schema(n, m)).expect("in the subset");
    let text = payloads::nested_unions_call(n, side != "late");
    let pieces: Vec<&str> = match side {
        "chars" => text
            .char_indices()
            .map(|(at, c)| &text[at..at + c.len_utf8()])
            .collect(),
        _ => vec![&text],
    };
    let call = || {
        if side == "baseline" {
            black_box(schema.validate_str(black_box(&text)).is_ok());
            return;
        }
        let mut stream = schema.stream();
        for piece in &pieces {
            black_box(stream.feed(black_box(piece)).is_ok());
        }
        drop(black_box(stream.finish()));
    };
    call();
    for _ in 0..iterations {
        call();
    }
}

/// The valid call repaired from its sloppy text (`pedelec`) or its JSON
/// text (`json`), or its JSON text read by `validate_str` then `from_str`.
fn repair(side: &str, schema: &Value, valid: &Value, iterations: usize) {
    use pedelec_testdata::sloppy::{Sloppy, Tape};
    let schema = ToolArgsSchema::from_value(schema).expect("in the subset");
    let text = match side {
        "pedelec" => Sloppy::write(schema.root(), valid, &mut Tape::always()).text,
        _ => serde_json::to_string(valid).expect("serializes"),
    };
    for _ in 0..iterations {
        if side == "baseline" {
            black_box(schema.validate_str(black_box(&text)).is_ok());
            drop(black_box(serde_json::from_str::<Value>(black_box(&text))));
            continue;
        }
        drop(black_box(schema.repair(black_box(&text))));
    }
}

fn validate(mode: &str, side: &str, schema: &Value, input: &Value, iterations: usize) {
    if side == "pedelec" {
        let schema = ToolArgsSchema::from_value(schema).expect("in the subset");
        for _ in 0..iterations {
            match mode {
                "is_valid" => {
                    black_box(schema.is_valid(black_box(input)));
                }
                "document" => {
                    let errors = schema.validate(black_box(input)).unwrap_err();
                    black_box(serde_json::to_string(&errors).unwrap());
                }
                "read" => {
                    let errors = schema.validate(black_box(input)).unwrap_err();
                    for error in errors.errors() {
                        black_box((error.path(), error.schema_path(), error.message()));
                    }
                }
                _ => {
                    black_box(schema.validate(black_box(input)).is_err());
                }
            }
        }
        return;
    }
    let validator = jsonschema::validator_for(schema).expect("compiles");
    for _ in 0..iterations {
        match mode {
            "is_valid" => {
                black_box(validator.is_valid(black_box(input)));
            }
            "document" => {
                black_box(peer::error_document(&validator, black_box(input)));
            }
            "read" => {
                for error in validator.iter_errors(black_box(input)) {
                    black_box((
                        error.instance_path().to_string(),
                        error.schema_path().to_string(),
                        error.to_string(),
                    ));
                }
            }
            _ => {
                black_box(validator.iter_errors(black_box(input)).collect::<Vec<_>>());
            }
        }
    }
}

fn typed<T: ToolArgs + DeserializeOwned>(mode: &str, side: &str, valid: &Value, iterations: usize) {
    let text = serde_json::to_string(valid).expect("serializes");
    let validator = jsonschema::validator_for(&T::schema().to_value()).expect("compiles");
    for _ in 0..iterations {
        match (mode, side) {
            ("text", "pedelec") => drop(black_box(T::from_args_str(black_box(&text)))),
            ("text", _) => drop(black_box(serde_json::from_str::<T>(black_box(&text)))),
            (_, "pedelec") => drop(black_box(T::from_args(black_box(valid.clone())))),
            (_, "serde") => drop(black_box(serde_json::from_value::<T>(black_box(
                valid.clone(),
            )))),
            (_, "clone") => drop(black_box(valid.clone())),
            _ => {
                let value = valid.clone();
                if validator.validate(black_box(&value)).is_ok() {
                    drop(black_box(serde_json::from_value::<T>(value)));
                }
            }
        }
    }
}

fn inputs(case: &str) -> (Value, Value, Value) {
    let polygons =
        || pedelec_testdata::realworld_schema("pedelec_demos.json", "spawn_closed_polygons");
    match case {
        "polygons" => (
            polygons(),
            payloads::spawn_closed_polygons(),
            payloads::spawn_closed_polygons_with_errors(),
        ),
        "twenty" => (
            payloads::twenty_properties_schema(),
            payloads::twenty_properties_valid(),
            payloads::twenty_properties_invalid(),
        ),
        "ten" => (
            payloads::twenty_properties_schema(),
            payloads::twenty_properties_valid(),
            payloads::twenty_properties_ten_errors(),
        ),
        "thirty" => (
            polygons(),
            payloads::spawn_closed_polygons(),
            payloads::spawn_closed_polygons_thirty_errors(),
        ),
        _ => (
            payloads::large_array_schema(),
            payloads::large_array_valid(),
            payloads::large_array_valid(),
        ),
    }
}
