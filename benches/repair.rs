//! What repair costs: `ToolArgsSchema::repair` on a call's text, against
//! what a handler pays for a validated `Value` of the same call written as
//! JSON, on the same schemas, in one run. Run with `cargo bench -p
//! pedelec-schema-tests --bench repair`: criterion measures each side;
//! then every comparison is timed again in interleaved rounds and printed
//! as a ratio, the number to quote. `-- --ratios-only` prints only the
//! ratios; ids after it (`repair_json`, `repair_sloppy`) pick comparisons.
//!
//! The workloads are the three valid calls of `validation.rs` (the
//! `spawn_closed_polygons` demo, 20 properties of every kind, 5 000
//! records). The baseline is `schema.validate_str(json)` then
//! `serde_json::from_str::<Value>(json)` on the call as
//! `serde_json::to_string` writes it (`to_string_pretty` for the sloppy
//! text, which is laid out so). Against it (our time / its):
//!
//! - `repair_json`: `repair` on that same JSON text, which it reads as
//!   `validate_str` reads it, with no change (target at most 1.5x: the
//!   price of turning repair on for calls that need none);
//! - `repair_sloppy`: `repair` on the call written with every liberty
//!   `pedelec_testdata::sloppy` takes on its `Tape::always` (every string
//!   in single quotes, a trailing comma in every container, `True`/`False`
//!   under boolean nodes, a stray `}`): one repair per string and
//!   container, read in one pass. No target; the same ratio on 961 B and
//!   on 232 KB says the cost is linear;
//! - `repair_newlines`: `repair` of a string holding n raw newlines (n =
//!   250 000 and 4n = 1 000 000), against the baseline on the same text with
//!   each newline escaped (no target);
//! - `repair_newlines_4n`: each side at 4n / at n (at most 6x: linear, with
//!   room for the larger text's cache misses; 16x would be quadratic).
//!
//! `-- --once` times one call of each side of the newlines at n and 4n
//! instead, for code too slow to time in rounds.
//!
//! Every side is checked once, before timing, to give the call's value.

use std::hint::black_box;
use std::time::Instant;

use pedelec_schema::ToolArgsSchema;
use pedelec_testdata::payloads;
use pedelec_testdata::sloppy::{Sloppy, Tape};
use serde_json::{json, Value};

#[path = "support/ratios.rs"]
mod ratios;

use ratios::{Cell, Comparison, Side, Target};

/// What a handler pays for a validated `Value` of JSON text.
fn baseline(schema: &ToolArgsSchema, text: &str) -> Option<Value> {
    schema.validate_str(text).ok()?;
    serde_json::from_str(text).ok()
}

fn comparisons() -> Vec<Comparison> {
    let (mut json_cells, mut sloppy_cells) = (Vec::new(), Vec::new());
    for (name, schema_value, value) in payloads::valid_calls() {
        let json: &'static str = serde_json::to_string(&value).unwrap().leak();
        let schema = ToolArgsSchema::from_value(&schema_value).expect("in the subset");
        let written = Sloppy::write(schema.root(), &value, &mut Tape::always());
        let sloppy: &'static str = written.text.leak();
        let repaired = schema.repair(sloppy).expect("the sloppy call is repaired");
        assert_eq!(repaired.value, value, "{}", name);
        assert_eq!(repaired.changes.len(), written.expected.len(), "{}", name);
        assert_eq!(schema.repair(json).unwrap().value, value);
        assert!(schema.repair(json).unwrap().changes.is_empty());
        assert_eq!(baseline(&schema, json).as_ref(), Some(&value));
        println!(
            "{}: {} bytes of JSON, {} bytes written sloppily, {} repairs",
            name,
            json.len(),
            sloppy.len(),
            repaired.changes.len()
        );
        // The writer lays the text out as `to_string_pretty` does.
        let pretty: &'static str = serde_json::to_string_pretty(&value).unwrap().leak();
        json_cells.push(cell(name, &schema_value, json, json));
        sloppy_cells.push(cell(name, &schema_value, sloppy, pretty));
    }
    let comparison = |id, title, target, cells| Comparison {
        id,
        title,
        target,
        sides: ["repair", "validate_str+from_str"],
        cells,
    };
    let newlines = |count| Cell {
        workload: match count {
            N => "250 000 raw newlines",
            _ => "1 000 000 raw newlines",
        },
        ours: newlines_side(count, true),
        theirs: newlines_side(count, false),
    };
    let growth = |workload, repair| Cell {
        workload,
        ours: newlines_side(4 * N, repair),
        theirs: newlines_side(N, repair),
    };
    vec![
        comparison(
            "repair_json",
            "repair on JSON text / validate_str + from_str::<Value> on it",
            Target::CostAtMost(1.5),
            json_cells,
        ),
        comparison(
            "repair_sloppy",
            "repair on the sloppy text / validate_str + from_str::<Value> on the pretty JSON",
            Target::Cost,
            sloppy_cells,
        ),
        comparison(
            "repair_newlines",
            "repair of n raw newlines in a string / validate_str + from_str::<Value> on them escaped",
            Target::Cost,
            vec![newlines(N), newlines(4 * N)],
        ),
        Comparison {
            id: "repair_newlines_4n",
            title: "each side on 1 000 000 raw newlines / on 250 000",
            target: Target::CostAtMost(6.0),
            sides: ["4n", "n"],
            cells: vec![
                growth("repair", true),
                growth("validate_str+from_str", false),
            ],
        },
    ]
}

/// The smaller count of raw newlines; the larger is four times as many.
const N: usize = 250_000;

/// The schema of the newlines: one string.
fn text_schema() -> ToolArgsSchema {
    ToolArgsSchema::from_value(&json!({
        "type": "object",
        "properties": {"text": {"type": "string"}}
    }))
    .expect("in the subset")
}

/// A string of `count` raw newlines, and the same call as JSON.
fn newlines(count: usize) -> (&'static str, &'static str) {
    let text = format!("{{\"text\": \"{}\"}}", "a\n".repeat(count));
    let json = text.replace('\n', "\\n");
    (text.leak(), json.leak())
}

/// `repair` of `count` raw newlines, or the baseline on them escaped;
/// checked once first.
fn newlines_side(count: usize, repair: bool) -> Side {
    let schema = text_schema();
    let (text, json) = newlines(count);
    match repair {
        true => {
            let repaired = schema.repair(text).expect("the newlines are repaired");
            assert_eq!(repaired.changes.len(), 1, "one string, one change");
            Side::call(move || drop(black_box(schema.repair(black_box(text)))))
        }
        false => {
            assert!(baseline(&schema, json).is_some());
            Side::call(move || drop(black_box(baseline(&schema, black_box(json)))))
        }
    }
}

/// `--once`: one call of each side of the newlines at n and 4n, timed.
fn once() {
    let schema = text_schema();
    for count in [N, 4 * N] {
        let (text, json) = newlines(count);
        let start = Instant::now();
        let repaired = schema.repair(text).expect("the newlines are repaired");
        let repair = start.elapsed();
        let start = Instant::now();
        assert!(baseline(&schema, json).is_some());
        let base = start.elapsed();
        println!(
            "{count} raw newlines ({} bytes): repair {:.1} ms ({} changes), validate_str+from_str {:.1} ms",
            text.len(),
            repair.as_secs_f64() * 1e3,
            repaired.changes.len(),
            base.as_secs_f64() * 1e3
        );
    }
}

/// `repair` on `text`, against the baseline on `json`.
fn cell(workload: &'static str, schema: &Value, text: &'static str, json: &'static str) -> Cell {
    let compile = || ToolArgsSchema::from_value(schema).expect("in the subset");
    let (ours, theirs) = (compile(), compile());
    Cell {
        workload,
        ours: Side::call(move || drop(black_box(ours.repair(black_box(text))))),
        theirs: Side::call(move || drop(black_box(baseline(&theirs, black_box(json))))),
    }
}

fn main() {
    if std::env::args().any(|arg| arg == "--once") {
        return once();
    }
    ratios::run(comparisons());
}
