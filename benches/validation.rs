//! pedelec-schema against the `jsonschema` crate, on the same schemas and
//! values, in one run. Run with `cargo bench --bench validation`: criterion
//! measures each side; then every comparison is timed again in interleaved
//! rounds and printed as a ratio (jsonschema time / pedelec time), the number
//! to quote, since absolute times vary on shared machines.
//! `cargo bench --bench validation -- --ratios-only` prints only the ratios.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use pedelec_schema::ToolArgsSchema;
use pedelec_testdata::payloads;
use serde_json::Value;

struct Case {
    name: &'static str,
    schema: Value,
    valid: Value,
    invalid: Option<Value>,
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "spawn_closed_polygons",
            schema: pedelec_testdata::realworld_schema(
                "pedelec_demos.json",
                "spawn_closed_polygons",
            ),
            valid: payloads::spawn_closed_polygons(),
            invalid: Some(payloads::spawn_closed_polygons_with_errors()),
        },
        Case {
            name: "twenty_properties",
            schema: payloads::twenty_properties_schema(),
            valid: payloads::twenty_properties_valid(),
            invalid: Some(payloads::twenty_properties_invalid()),
        },
        Case {
            name: "large_array",
            schema: payloads::large_array_schema(),
            valid: payloads::large_array_valid(),
            invalid: None,
        },
    ]
}

const OURS: &str = "pedelec";
const THEIRS: &str = "jsonschema";

fn bench(c: &mut Criterion) {
    for case in cases() {
        let ours =
            ToolArgsSchema::from_value(&case.schema).expect("bench schemas are in the subset");
        let theirs = jsonschema::validator_for(&case.schema).expect("jsonschema compiles it");
        assert!(
            ours.is_valid(&case.valid) && theirs.is_valid(&case.valid),
            "{}",
            case.name
        );

        let mut group = c.benchmark_group(format!("compile/{}", case.name));
        group.bench_function(OURS, |b| {
            b.iter(|| ToolArgsSchema::from_value(black_box(&case.schema)))
        });
        group.bench_function(THEIRS, |b| {
            b.iter(|| jsonschema::validator_for(black_box(&case.schema)))
        });
        group.finish();

        let mut group = c.benchmark_group(format!("is_valid/{}", case.name));
        group.bench_function(OURS, |b| b.iter(|| ours.is_valid(black_box(&case.valid))));
        group.bench_function(THEIRS, |b| {
            b.iter(|| theirs.is_valid(black_box(&case.valid)))
        });
        group.finish();

        if let Some(invalid) = &case.invalid {
            let our_count = ours.validate(invalid).unwrap_err().errors().len();
            let their_count = theirs.iter_errors(invalid).count();
            println!(
                "{}: {our_count} errors (jsonschema: {their_count})",
                case.name
            );
            let mut group = c.benchmark_group(format!("all_errors/{}", case.name));
            group.bench_function(BenchmarkId::new(OURS, "validate"), |b| {
                b.iter(|| ours.validate(black_box(invalid)))
            });
            group.bench_function(BenchmarkId::new(THEIRS, "iter_errors"), |b| {
                b.iter(|| theirs.iter_errors(black_box(invalid)).collect::<Vec<_>>())
            });
            group.finish();
        }
    }
}

/// Times `ours` and `theirs` in alternating rounds and returns the ratio of
/// their best rounds (theirs / ours). Alternating rounds see the same
/// background load, and the best round is the one least disturbed by it, so
/// the ratio holds up on a busy shared machine better than two separate
/// measurements do.
fn interleaved_ratio(mut ours: impl FnMut(), mut theirs: impl FnMut()) -> (f64, f64, f64) {
    const ROUNDS: usize = 40;
    let target = Duration::from_millis(5);
    let iterations = calibrate(&mut ours, target);
    let mut best = [f64::MAX; 2];
    for _ in 0..ROUNDS {
        for (side, run) in [&mut ours as &mut dyn FnMut(), &mut theirs]
            .into_iter()
            .enumerate()
        {
            let start = Instant::now();
            for _ in 0..iterations {
                run();
            }
            best[side] = best[side].min(start.elapsed().as_secs_f64() * 1e9 / iterations as f64);
        }
    }
    (best[1] / best[0], best[0], best[1])
}

/// How many iterations of `f` take about `target`.
fn calibrate(f: &mut impl FnMut(), target: Duration) -> u32 {
    let mut iterations = 1u32;
    loop {
        let start = Instant::now();
        for _ in 0..iterations {
            f();
        }
        if start.elapsed() >= target / 4 || iterations >= 1 << 24 {
            return (iterations * 4).max(1);
        }
        iterations *= 2;
    }
}

fn print_ratios() {
    println!("\nratios, from interleaved rounds (jsonschema time / pedelec time; higher is better for pedelec):");
    for case in cases() {
        let ours = ToolArgsSchema::from_value(&case.schema).expect("in the subset");
        let theirs = jsonschema::validator_for(&case.schema).expect("compiles");
        let mut rows: Vec<(&str, (f64, f64, f64))> = vec![
            (
                "compile",
                interleaved_ratio(
                    || {
                        drop(black_box(ToolArgsSchema::from_value(black_box(
                            &case.schema,
                        ))))
                    },
                    || {
                        drop(black_box(jsonschema::validator_for(black_box(
                            &case.schema,
                        ))))
                    },
                ),
            ),
            (
                "is_valid",
                interleaved_ratio(
                    || {
                        black_box(ours.is_valid(black_box(&case.valid)));
                    },
                    || {
                        black_box(theirs.is_valid(black_box(&case.valid)));
                    },
                ),
            ),
        ];
        if let Some(invalid) = &case.invalid {
            rows.push((
                "all_errors",
                interleaved_ratio(
                    || drop(black_box(ours.validate(black_box(invalid)))),
                    || {
                        drop(black_box(
                            theirs.iter_errors(black_box(invalid)).collect::<Vec<_>>(),
                        ))
                    },
                ),
            ));
        }
        for (what, (ratio, ours_ns, theirs_ns)) in rows {
            let name = format!("{what}/{}", case.name);
            println!("  {name:<40} {ratio:>6.2}x   ({ours_ns:.0} ns vs {theirs_ns:.0} ns)");
        }
    }
}

fn main() {
    if std::env::args().any(|arg| arg == "--ratios-only") {
        print_ratios();
        return;
    }
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    bench(&mut criterion);
    criterion.final_summary();
    print_ratios();
}
