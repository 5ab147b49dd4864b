//! What `uniqueItems` costs as its array grows: the same check on n items
//! and on 4n, in one run. Linear work costs 4x at 4n; a check that
//! compares every pair costs 16x. Run with `cargo bench -p
//! pedelec-schema-tests --bench unique_items`: criterion measures each
//! side; then each comparison is timed again in interleaved rounds and
//! printed as a ratio (the time at 4n / the time at n). `-- --ratios-only`
//! prints only the ratios; `-- --once` times one call of each side instead
//! and prints it, for code too slow to time in rounds.
//!
//! The items are objects nested 40 deep that differ only in their
//! innermost value: past the depth at which hashing an item used to stop
//! (32), so that every item hashed alike and every pair was compared in
//! full. Beside them, items that differ at their first level, as most
//! arrays of objects do. n is 2 000 (about 0.5 MB of text for the deep
//! items) and 4n 8 000. The checks are `is_valid` on the `Value` and
//! `validate_str` on its text (which, past the fingerprints of its fast
//! path, reads the text and walks the `Value`).

use std::hint::black_box;
use std::time::Instant;

use pedelec_schema::ToolArgsSchema;
use serde_json::{json, Value};

#[path = "support/ratios.rs"]
mod ratios;

use ratios::{Cell, Comparison, Side, Target};

/// The smaller array; the larger holds four times as many items.
const N: usize = 2_000;
/// How deep each deep item nests: beyond 32.
const DEEP: usize = 40;

/// The schema: an array of objects whose items must be unique.
fn schema() -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"items": {"type": "array", "items": {"type": "object"}, "uniqueItems": true}},
        "required": ["items"]
    }))
    .expect("in the subset")
}

/// Item `index`: nested `depth` objects deep around it.
fn item(index: usize, depth: usize) -> Value {
    let mut value = json!({"id": index});
    for _ in 1..depth {
        value = json!({"k": value});
    }
    value
}

/// The arguments: `count` distinct items, each `depth` deep.
fn arguments(count: usize, depth: usize) -> Value {
    json!({"items": (0..count).map(|index| item(index, depth)).collect::<Vec<_>>()})
}

/// One check of the arguments, on the `Value` or on its text.
#[derive(Clone, Copy)]
enum Check {
    IsValid,
    ValidateStr,
}

impl Check {
    const ALL: [(Check, &'static str); 2] = [
        (Check::IsValid, "is_valid"),
        (Check::ValidateStr, "validate_str"),
    ];

    /// A side that runs the check on `count` items `depth` deep; each is
    /// checked once first, to be valid.
    fn side(self, count: usize, depth: usize) -> Side {
        let schema = schema();
        let value = arguments(count, depth);
        let text: &'static str = serde_json::to_string(&value).unwrap().leak();
        match self {
            Check::IsValid => {
                assert!(schema.is_valid(&value));
                Side::call(move || assert!(black_box(schema.is_valid(black_box(&value)))))
            }
            Check::ValidateStr => {
                assert!(schema.validate_str(text).is_ok());
                Side::call(move || assert!(black_box(schema.validate_str(black_box(text))).is_ok()))
            }
        }
    }
}

fn comparisons() -> Vec<Comparison> {
    [("unique_deep", DEEP), ("unique_shallow", 1)]
        .into_iter()
        .map(|(id, depth)| Comparison {
            id,
            title: match depth {
                DEEP => "uniqueItems over 8 000 items differing only 40 deep / over 2 000",
                _ => "uniqueItems over 8 000 items differing at their first level / over 2 000",
            },
            // Linear, with room for the larger array's cache misses; a
            // check of every pair would be 16x.
            target: Target::CostAtMost(6.0),
            sides: ["4n", "n"],
            cells: Check::ALL
                .into_iter()
                .map(|(check, workload)| Cell {
                    workload,
                    ours: check.side(4 * N, depth),
                    theirs: check.side(N, depth),
                })
                .collect(),
        })
        .collect()
}

/// `--once`: one call of each check at n and 4n, timed, for code whose
/// calls take seconds (the quadratic check this bench was written for).
fn once() {
    for (id, depth) in [("unique_deep", DEEP), ("unique_shallow", 1)] {
        for (check, name) in Check::ALL {
            for count in [N, 4 * N] {
                let schema = schema();
                let value = arguments(count, depth);
                let text = serde_json::to_string(&value).unwrap();
                let start = Instant::now();
                let valid = match check {
                    Check::IsValid => schema.is_valid(&value),
                    Check::ValidateStr => schema.validate_str(&text).is_ok(),
                };
                let elapsed = start.elapsed();
                assert!(valid);
                println!(
                    "{id} {name} n={count} ({} bytes): {:.3} ms",
                    text.len(),
                    elapsed.as_secs_f64() * 1e3
                );
            }
        }
    }
}

fn main() {
    if std::env::args().any(|arg| arg == "--once") {
        once();
        return;
    }
    ratios::run(comparisons());
}
