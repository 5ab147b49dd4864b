//! What a stream costs: `ToolArgsSchema::stream` fed a call's text in the
//! pieces a provider sends, against what a handler pays today for a
//! validated `Value` of the whole text, on the same schemas and texts, in
//! one run. Run with `cargo bench -p pedelec-schema-tests --bench stream`:
//! criterion measures each side; then every comparison is timed again in
//! interleaved rounds and printed as a ratio next to its target, the number
//! to quote. `-- --ratios-only` prints only the ratios; ids after it
//! (`stream_chars`, `typed_stream_64`, ...) pick comparisons.
//!
//! The workloads are the three valid calls of `validation.rs` (the
//! `spawn_closed_polygons` demo, 20 properties of every kind, 5 000
//! records), each as `serde_json::to_string` writes it. The baseline is
//! `schema.validate_str(text)` then `serde_json::from_str::<Value>(text)`:
//! the check, then the value. Against it (our time / its; lower is
//! better):
//!
//! - `stream_chars`: `feed` once per character, then `finish` (target
//!   at most 4x);
//! - `stream_64`: `feed` in 64-byte pieces cut at character boundaries, as
//!   providers' deltas are a few tokens each (target at most 1.5x);
//! - `stream_whole`: one `feed` of the whole text (no target);
//! - `typed_stream_64`: `T::stream()` in 64-byte pieces, then `finish`,
//!   against `T::from_args_str(text)`, for each workload's derived type
//!   (no target);
//! - `stream_keys`: an object of n properties (n = 200 000 and 4n =
//!   800 000, about 3.6 and 15 MB), in 64-byte pieces and in one piece
//!   (no target);
//! - `stream_keys_4n`: each side at 4n / at n (at most 6x: linear, with
//!   room for the larger value's cache misses; 16x would be quadratic).
//!
//! Nested unions, against `schema.validate_str(text)` alone: a `oneOf` of
//! `n` objects told apart by a number (`k`, between `i` and `i` in branch
//! `i`), each with an `s` that is a `oneOf` of `m` strings with disjoint
//! patterns (`^a{j}x$`), and a 24-byte call, at `n x m` = 64 x 32, 4 times
//! as many strings (64 x 128) and 256 x 256:
//!
//! - `unions_chars`: `k` before `s`, as a model writes the properties in
//!   the schema's order, `feed` once per character (target at most 10x:
//!   flat in `n` and `m`, where it grew with their product);
//! - `unions_whole`: the same, one `feed` of the whole text (target at
//!   most 10x);
//! - `unions_late`: `s` before `k`, one `feed` (target at most 10x):
//!   until the number, every outer branch is alive, and their `oneOf`s of
//!   strings, written alike, share one fork.
//!
//! The pieces are cut before the timed loop: a provider's deltas arrive as
//! strings already. Every side is checked once, before timing, to give the
//! value `serde_json::from_str` gives.

use std::hint::black_box;

use pedelec_schema::{ToolArgs, ToolArgsSchema};
use pedelec_testdata::payloads;
use pedelec_testdata::typed::{LargeArray, SpawnClosedPolygons, TwentyProperties};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

#[path = "support/ratios.rs"]
mod ratios;

use ratios::{Cell, Comparison, Side, Target};

/// Bytes per piece of the chunked feed, at most.
const PIECE: usize = 64;

/// A schema, its valid call as text, and the comparisons of its derived
/// type.
struct Workload {
    name: &'static str,
    schema: Value,
    text: &'static str,
    typed: fn(&'static str, &'static str) -> Cell,
}

fn workloads() -> Vec<Workload> {
    // The derived types of the three calls, in their order.
    let typed: [fn(&'static str, &'static str) -> Cell; 3] = [
        typed_cell::<SpawnClosedPolygons>,
        typed_cell::<TwentyProperties>,
        typed_cell::<LargeArray>,
    ];
    payloads::valid_calls()
        .into_iter()
        .zip(typed)
        .map(|((name, schema, value), typed)| Workload {
            name,
            schema,
            text: serde_json::to_string(&value)
                .expect("values serialize")
                .leak(),
            typed,
        })
        .collect()
}

/// `text` cut into pieces of at most `size` bytes, each ending at a
/// character boundary (`size` 1: one character each).
fn pieces(text: &'static str, size: usize) -> Vec<&'static str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let mut end = (start + size).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        if end == start {
            // A character wider than `size`: whole.
            end = start + text[start..].chars().next().map_or(1, char::len_utf8);
        }
        pieces.push(&text[start..end]);
        start = end;
    }
    pieces
}

/// Feeds `pieces` to a stream of `schema`, then finishes it.
fn streamed(schema: &ToolArgsSchema, pieces: &[&str]) -> Result<Value, pedelec_schema::ArgsError> {
    let mut stream = schema.stream();
    for piece in pieces {
        stream.feed(piece)?;
    }
    stream.finish()
}

/// What a handler pays today for a validated `Value` of the whole text.
fn baseline(schema: &ToolArgsSchema, text: &str) -> Option<Value> {
    schema.validate_str(text).ok()?;
    serde_json::from_str(text).ok()
}

/// The nested unions' sizes, `n x m`.
const UNIONS: [(usize, usize); 3] = [(64, 32), (64, 128), (256, 256)];

/// The nested unions' comparisons: the stream fed `pieces` of the call,
/// `k` first or last, against `validate_str` on it.
fn unions_cells(k_first: bool, size: usize) -> Vec<Cell> {
    UNIONS
        .into_iter()
        .map(|(n, m)| {
            let text: &'static str = payloads::nested_unions_call(n, k_first).leak();
            let workload: &'static str = format!("{n} x {m} unions").leak();
            let schema = payloads::nested_unions_schema(n, m);
            let compile = || ToolArgsSchema::from_value(&schema).expect("in the subset");
            let (ours, theirs) = (compile(), compile());
            let expected: Value = serde_json::from_str(text).expect("JSON");
            let pieces = pieces(text, size);
            assert_eq!(streamed(&ours, &pieces).ok(), Some(expected), "{workload}");
            assert!(theirs.validate_str(text).is_ok(), "{workload}");
            Cell {
                workload,
                ours: Side::call(move || {
                    drop(black_box(streamed(&ours, black_box(&pieces))));
                }),
                theirs: Side::call(move || {
                    drop(black_box(theirs.validate_str(black_box(text))));
                }),
            }
        })
        .collect()
}

fn comparisons() -> Vec<Comparison> {
    let mut chars = Vec::new();
    let mut chunked = Vec::new();
    let mut whole = Vec::new();
    let mut typed = Vec::new();
    for workload in workloads() {
        println!("{}: {} bytes of text", workload.name, workload.text.len());
        let schema =
            ToolArgsSchema::from_value(&workload.schema).expect("bench schemas are in the subset");
        let expected: Value = serde_json::from_str(workload.text).expect("JSON");
        assert_eq!(
            baseline(&schema, workload.text).as_ref(),
            Some(&expected),
            "{}",
            workload.name
        );
        for (cells, size) in [
            (&mut chars, 1),
            (&mut chunked, PIECE),
            (&mut whole, usize::MAX),
        ] {
            let pieces = if size == usize::MAX {
                vec![workload.text]
            } else {
                pieces(workload.text, size)
            };
            assert_eq!(pieces.concat(), workload.text);
            assert_eq!(
                streamed(&schema, &pieces).expect("the valid call streams"),
                expected,
                "{}: the stream reads what serde_json reads",
                workload.name
            );
            cells.push(stream_cell(
                workload.name,
                &workload.schema,
                workload.text,
                pieces,
            ));
        }
        typed.push((workload.typed)(workload.name, workload.text));
    }
    let against_baseline = |id, title, target, cells| Comparison {
        id,
        title,
        target,
        sides: ["stream", "validate_str+from_str"],
        cells,
    };
    let against_validate_str = |id, title, target, cells| Comparison {
        id,
        title,
        target,
        sides: ["stream", "validate_str"],
        cells,
    };
    vec![
        against_baseline(
            "stream_chars",
            "stream, one feed per character / validate_str + from_str::<Value>",
            Target::CostAtMost(4.0),
            chars,
        ),
        against_baseline(
            "stream_64",
            "stream, 64-byte pieces / validate_str + from_str::<Value>",
            Target::CostAtMost(1.5),
            chunked,
        ),
        against_baseline(
            "stream_whole",
            "stream, one feed of the whole text / validate_str + from_str::<Value>",
            Target::Cost,
            whole,
        ),
        against_baseline(
            "stream_keys",
            "stream of an object of n properties / validate_str + from_str::<Value>",
            Target::Cost,
            [
                (N, PIECE),
                (N, usize::MAX),
                (4 * N, PIECE),
                (4 * N, usize::MAX),
            ]
            .into_iter()
            .map(|(count, size)| keys_cell(keys_workload(count, size), count, count, size))
            .collect(),
        ),
        Comparison {
            id: "stream_keys_4n",
            title: "each side on an object of 800 000 properties / of 200 000",
            target: Target::CostAtMost(6.0),
            sides: ["4n", "n"],
            cells: [
                ("stream, 64-byte pieces", PIECE),
                ("stream, one piece", usize::MAX),
            ]
            .into_iter()
            .map(|(workload, size)| keys_cell(workload, 4 * N, N, size))
            .chain([Cell {
                workload: "validate_str+from_str",
                ours: keys_baseline(4 * N),
                theirs: keys_baseline(N),
            }])
            .collect(),
        },
        Comparison {
            id: "typed_stream_64",
            title: "typed stream: T::stream() in 64-byte pieces / T::from_args_str",
            target: Target::Cost,
            sides: ["T::stream", "from_args_str"],
            cells: typed,
        },
        against_validate_str(
            "unions_chars",
            "nested unions, k first: stream, one feed per character / validate_str",
            Target::CostAtMost(10.0),
            unions_cells(true, 1),
        ),
        against_validate_str(
            "unions_whole",
            "nested unions, k first: stream, one feed of the whole text / validate_str",
            Target::CostAtMost(10.0),
            unions_cells(true, usize::MAX),
        ),
        against_validate_str(
            "unions_late",
            "nested unions, k last: stream, one feed of the whole text / validate_str",
            Target::CostAtMost(10.0),
            unions_cells(false, usize::MAX),
        ),
    ]
}

/// The stream fed `pieces`, against the baseline on the whole text.
fn stream_cell(
    workload: &'static str,
    schema: &Value,
    text: &'static str,
    pieces: Vec<&'static str>,
) -> Cell {
    let compile = || ToolArgsSchema::from_value(schema).expect("in the subset");
    let (ours, theirs) = (compile(), compile());
    Cell {
        workload,
        ours: Side::call(move || {
            drop(black_box(streamed(&ours, black_box(&pieces))));
        }),
        theirs: Side::call(move || {
            drop(black_box(baseline(&theirs, black_box(text))));
        }),
    }
}

/// The smaller count of properties; the larger is four times as many.
const N: usize = 200_000;

fn keys_workload(count: usize, size: usize) -> &'static str {
    match (count, size) {
        (N, PIECE) => "200 000 properties, 64-byte pieces",
        (N, _) => "200 000 properties, one piece",
        (_, PIECE) => "800 000 properties, 64-byte pieces",
        _ => "800 000 properties, one piece",
    }
}

/// An object of `count` properties (`{"k0": 0, "k1": 1, ...}`) and its
/// schema, which names none of them.
fn keys(count: usize) -> (ToolArgsSchema, &'static str) {
    let properties: Vec<String> = (0..count).map(|i| format!("\"k{i}\": {i}")).collect();
    let text = format!("{{{}}}", properties.join(", ")).leak();
    let schema = ToolArgsSchema::from_value(&json!({"type": "object", "properties": {}}));
    (schema.expect("in the subset"), text)
}

/// The stream of `ours` properties in pieces of `size`, against that of
/// `theirs` properties (the baseline on the same text, where they are the
/// same count).
fn keys_cell(workload: &'static str, ours: usize, theirs: usize, size: usize) -> Cell {
    let side = |count| {
        let (schema, text) = keys(count);
        let pieces = match size {
            usize::MAX => vec![text],
            _ => pieces(text, size),
        };
        assert!(streamed(&schema, &pieces).is_ok());
        Side::call(move || drop(black_box(streamed(&schema, black_box(&pieces)))))
    };
    Cell {
        workload,
        ours: side(ours),
        theirs: match ours == theirs {
            true => keys_baseline(theirs),
            false => side(theirs),
        },
    }
}

/// The baseline on an object of `count` properties.
fn keys_baseline(count: usize) -> Side {
    let (schema, text) = keys(count);
    assert!(baseline(&schema, text).is_some());
    Side::call(move || drop(black_box(baseline(&schema, black_box(text)))))
}

/// `T::stream()` fed 64-byte pieces, against `T::from_args_str`.
fn typed_cell<T: ToolArgs + DeserializeOwned + PartialEq + std::fmt::Debug + 'static>(
    workload: &'static str,
    text: &'static str,
) -> Cell {
    fn typed_stream<T: ToolArgs + DeserializeOwned>(
        pieces: &[&str],
    ) -> Result<T, pedelec_schema::ArgsError> {
        let mut stream = T::stream();
        for piece in pieces {
            stream.feed(piece)?;
        }
        stream.finish()
    }
    let pieces = pieces(text, PIECE);
    assert_eq!(
        typed_stream::<T>(&pieces).expect("the valid call streams"),
        T::from_args_str(text).expect("the valid call reads"),
        "{workload}"
    );
    Cell {
        workload,
        ours: Side::call(move || drop(black_box(typed_stream::<T>(black_box(&pieces))))),
        theirs: Side::call(move || drop(black_box(T::from_args_str(black_box(text))))),
    }
}

fn main() {
    ratios::run(comparisons());
}
