//! pedelec-schema against the `jsonschema` crate, on the same schemas and
//! values, in one run. Run with `cargo bench --bench validation`; at the end
//! it prints each comparison as a ratio (jsonschema time / pedelec time), the
//! number to quote, since absolute times vary on shared machines.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

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

/// Where criterion keeps its estimates.
fn criterion_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("criterion")
}

/// The mean time of one benchmark from criterion's saved estimates.
fn mean_ns(group: &str, function: &str) -> Option<f64> {
    let path = criterion_dir()
        .join(group)
        .join(function)
        .join("new/estimates.json");
    let estimates: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    estimates["mean"]["point_estimate"].as_f64()
}

fn print_ratios() {
    println!("\nratios (jsonschema time / pedelec time; higher is better for pedelec):");
    for case in cases() {
        let pairs = [
            (
                format!("compile/{}", case.name),
                OURS.to_owned(),
                THEIRS.to_owned(),
            ),
            (
                format!("is_valid/{}", case.name),
                OURS.to_owned(),
                THEIRS.to_owned(),
            ),
            (
                format!("all_errors/{}", case.name),
                format!("{OURS}/validate"),
                format!("{THEIRS}/iter_errors"),
            ),
        ];
        for (group, ours, theirs) in pairs {
            let dir_group = group.replace('/', "_");
            if let (Some(a), Some(b)) = (mean_ns(&dir_group, &ours), mean_ns(&dir_group, &theirs)) {
                println!("  {group:<40} {:>7.2}x   ({a:.0} ns vs {b:.0} ns)", b / a);
            }
        }
    }
}

fn main() {
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    bench(&mut criterion);
    criterion.final_summary();
    print_ratios();
}
