//! Grammar generation and what an engine pays to compile the result, on
//! every real-world schema in `tests/data/realworld/` that converts into
//! the subset, in one run. Run with
//! `cargo bench --manifest-path tests/engines/Cargo.toml --features bench`:
//!
//! - `generate/gbnf`, `generate/lark`: `ToolArgsSchema::grammar` over the
//!   whole corpus (what a server does once per tool at start-up);
//! - `llguidance/our_lark` against `llguidance/its_json_schema`: llguidance
//!   compiling our Lark grammar, and compiling the same schema through its
//!   own JSON Schema front end. The ratio (its time / ours) is printed at
//!   the end, timed in interleaved rounds, the number to quote on a shared
//!   machine.

use std::hint::black_box;
use std::time::Instant;

use criterion::Criterion;
use pedelec_schema::{convert, GrammarFormat, ToolArgsSchema};
use pedelec_schema_engines::oracle::Oracle;
use pedelec_testdata::{realworld, realworld_more};

fn corpus() -> Vec<ToolArgsSchema> {
    realworld()
        .into_iter()
        .chain(realworld_more())
        .flat_map(|(_, schemas)| schemas)
        .filter_map(|source| convert(&source.schema).ok())
        .map(|converted| converted.schema)
        .collect()
}

fn main() {
    let schemas = corpus();
    let lark: Vec<String> = schemas
        .iter()
        .map(|s| s.grammar(GrammarFormat::Lark).text)
        .collect();
    let json: Vec<serde_json::Value> = schemas.iter().map(|s| s.to_value()).collect();
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
    let mut compile = criterion.benchmark_group("llguidance");
    compile.sample_size(10);
    compile.bench_function("our_lark", |b| b.iter(|| compile_lark(&lark)));
    compile.bench_function("its_json_schema", |b| b.iter(|| compile_json(&json)));
    compile.finish();
    criterion.final_summary();

    // Interleaved rounds: each round times both sides once.
    let (mut ours, mut theirs) = (0f64, 0f64);
    for _ in 0..5 {
        let start = Instant::now();
        compile_lark(&lark);
        ours += start.elapsed().as_secs_f64();
        let start = Instant::now();
        compile_json(&json);
        theirs += start.elapsed().as_secs_f64();
    }
    let start = Instant::now();
    for schema in &schemas {
        black_box(schema.grammar(GrammarFormat::Lark));
    }
    let generate = start.elapsed().as_secs_f64();
    println!(
        "{} schemas: generating Lark {:.1} µs per schema; llguidance compiles its own JSON Schema front end's grammar in {:.2}x the time of ours",
        schemas.len(),
        generate * 1e6 / schemas.len() as f64,
        theirs / ours
    );
}

fn compile_lark(grammars: &[String]) {
    for grammar in grammars {
        black_box(Oracle::lark(grammar).expect("llguidance reads our grammar"));
    }
}

/// Schemas its JSON front end refuses (it has no `uniqueItems`, and refuses
/// some `oneOf`s) cost their error, as they would cost a user.
fn compile_json(schemas: &[serde_json::Value]) {
    for schema in schemas {
        let _ = black_box(Oracle::json_schema(schema));
    }
}
