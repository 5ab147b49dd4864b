//! Grammar generation on every real-world schema in `tests/data/realworld/`
//! that converts into the subset, in one run. Run with
//! `cargo bench --manifest-path tests/engines/Cargo.toml --features bench --bench grammar`:
//! `generate/gbnf` and `generate/lark` time `ToolArgsSchema::grammar` over
//! the whole corpus (what a server does once per tool at start-up). What
//! the engine pays to compile and run the result, against its own compile
//! of the same schemas, is `engine_cost.rs`.

use std::hint::black_box;

use criterion::Criterion;
use pedelec_schema::GrammarFormat;
use pedelec_schema_engines::cost::corpus::real_tools;

fn main() {
    let schemas: Vec<_> = real_tools().iter().map(|(schema, _)| schema).collect();
    let mut criterion = Criterion::default().configure_from_args();
    let mut generate = criterion.benchmark_group("generate");
    for format in GrammarFormat::ALL.iter().copied() {
        generate.bench_function(format.as_str(), |b| {
            b.iter(|| {
                for schema in &schemas {
                    black_box(schema.grammar(format));
                }
            })
        });
    }
    generate.finish();
    criterion.final_summary();
}
