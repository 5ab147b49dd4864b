//! What our grammars cost llguidance with a real vocabulary, against what
//! its own JSON Schema compile of the same schemas costs, in one run. Run
//! with
//! `cargo bench --manifest-path tests/engines/Cargo.toml --bench engine_cost`:
//!
//! - per schema (`pedelec_schema_engines::cost::corpus`): the compile of
//!   our Lark grammar and of the schema through llguidance's JSON front
//!   end, and the mask before every token of the same valid text, over
//!   Mistral's Tekken vocabulary. Each side is timed in [`ROUNDS`]
//!   interleaved rounds, a fresh compile each round, and each compile and
//!   mask keeps its median over the rounds. Printed: medians, p90, p99
//!   and means of both sides, their ratios (ours / its own), the mask
//!   before each text's first token also on its own, and the schemas where
//!   ours costs the most relative to its own; then what each front end
//!   costs on a trivial grammar, and the compile ratio without the
//!   difference;
//! - tool lists of 100 and 400 real tools (`grammar_for_tools`): our
//!   generation time, the engine's compile, and the mask at the choice of
//!   the tool's name, beside llguidance's own compile of the same choice
//!   written as a JSON Schema `anyOf`.
//!
//! Ratios are the numbers to quote: the machines are shared and noisy, and
//! both sides of a ratio are timed in the same rounds.

use std::hint::black_box;
use std::time::{Duration, Instant};

use llguidance::api::TopLevelGrammar;
use pedelec_schema::{grammar_for_tools, GrammarFormat, ToolDefinition};
use pedelec_schema_engines::cost::compare::{compare, median_us};
use pedelec_schema_engines::cost::{self, corpus};
use serde_json::{json, Value};

/// Interleaved rounds per schema.
const ROUNDS: usize = 5;

fn main() {
    if std::env::args().any(|arg| arg == "--list") {
        // `cargo bench -- --list` (and the test harness's probes) expect a
        // listing; this benchmark is one run.
        return;
    }
    println!("Tekken vocabulary: {} tokens", cost::vocabulary_size());
    schemas();
    for count in [100, 400] {
        tools(count);
    }
}

fn schemas() {
    let cases = corpus::cases();
    let ours = |case: &corpus::Case| TopLevelGrammar::from_lark(case.lark.clone());
    let its_own = |case: &corpus::Case| TopLevelGrammar::from_json_schema(case.schema.to_value());
    println!("\nour Lark against llguidance's own JSON Schema compile");
    let report = compare(&cases, ROUNDS, &ours, &its_own);
    print!("{report}");
    // What each front end costs before any schema: llguidance reads Lark
    // with a lexer it builds for every compile, which its JSON front end
    // does not need. The compile ratio with that difference set aside is
    // the one our grammar's shape answers for.
    let lark = front_end(|| TopLevelGrammar::from_lark(r#"start: "{" "}""#.to_owned()));
    let json = front_end(|| TopLevelGrammar::from_json_schema(json!({"type": "object"})));
    println!(
        "front ends alone: Lark `start: \"{{\" \"}}\"` {lark:.0} us, JSON `{{\"type\": \"object\"}}` {json:.0} us; compile ratio with the difference ({:.0} us) taken off ours: median x{:.2}, p90 x{:.2}, max x{:.2}",
        lark - json,
        report.compile_ratio_less(0.5, lark - json),
        report.compile_ratio_less(0.9, lark - json),
        report.compile_ratio_less(1.0, lark - json),
    );
}

/// The median compile of a grammar, in microseconds, over 200 rounds.
fn front_end(grammar: impl Fn() -> TopLevelGrammar) -> f64 {
    let times: Vec<Duration> = (0..200)
        .map(|_| cost::compile(grammar()).expect("compiles").1)
        .collect();
    median_us(&times)
}

/// One tool list: our generation, the engine's compile of our grammar and
/// of the same choice as a JSON Schema, and the mask where the name is
/// chosen.
fn tools(count: usize) {
    let tools = corpus::tool_list(count);
    let mut generate = Vec::new();
    let mut ours = (Vec::new(), Vec::new());
    let mut its = (Vec::new(), Vec::new());
    let prefix = cost::tokenize(r#"{"name":""#);
    let lark = grammar_for_tools(&tools, GrammarFormat::Lark).text;
    let schema = as_json_schema(&tools);
    let mut its_error = None;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        black_box(grammar_for_tools(&tools, GrammarFormat::Lark));
        generate.push(start.elapsed());
        let (compile, mask) = name_choice(TopLevelGrammar::from_lark(lark.clone()), &prefix)
            .unwrap_or_else(|error| panic!("{count} tools, our grammar: {error}"));
        ours.0.push(compile);
        ours.1.push(mask);
        if its_error.is_none() {
            match name_choice(TopLevelGrammar::from_json_schema(schema.clone()), &prefix) {
                Ok((compile, mask)) => {
                    its.0.push(compile);
                    its.1.push(mask);
                }
                Err(error) => its_error = Some(error),
            }
        }
    }
    println!(
        "\n{count} tools ({} converted real-world schemas in turn): generating our Lark grammar {:.1} ms ({} bytes); llguidance compiles it in {:.1} ms, the mask at the tool name {:.0} us",
        corpus::real_tools().len(),
        median_us(&generate) / 1e3,
        lark.len(),
        median_us(&ours.0) / 1e3,
        median_us(&ours.1),
    );
    match its_error {
        None => println!(
            "  its own compile of the same choice as a JSON Schema anyOf: {:.1} ms, mask at the tool name {:.0} us",
            median_us(&its.0) / 1e3,
            median_us(&its.1)
        ),
        Some(error) => println!(
            "  its own compile of the same choice as a JSON Schema anyOf: refused ({})",
            error.lines().next().unwrap_or_default()
        ),
    }
}

/// The tool call as llguidance's own JSON Schema front end reads it.
fn as_json_schema(tools: &[ToolDefinition]) -> Value {
    let calls: Vec<Value> = tools
        .iter()
        .map(|tool| {
            json!({
                "type": "object",
                "properties": {
                    "name": {"const": tool.name()},
                    "arguments": tool.schema().to_value(),
                },
                "required": ["name", "arguments"],
                "additionalProperties": false,
            })
        })
        .collect();
    json!({"anyOf": calls})
}

/// The compile, and the mask after `prefix` (where the name is chosen).
fn name_choice(grammar: TopLevelGrammar, prefix: &[u32]) -> Result<(Duration, Duration), String> {
    let (mut matcher, compile) = cost::compile(grammar)?;
    matcher
        .consume_tokens(prefix)
        .map_err(|error| error.to_string())?;
    let start = Instant::now();
    matcher.compute_mask().map_err(|error| error.to_string())?;
    Ok((compile, start.elapsed()))
}
