//! Writes the GBNF grammars of every real-world schema (after `convert`),
//! of each file's tool list and of 200 generated schemas into a folder, with texts they must accept
//! and refuse, in the layout `scripts/llama-cpp-gbnf.sh` reads, so that
//! llama.cpp's own parser judges the GBNF the library writes:
//!
//! ```sh
//! cargo run --manifest-path tests/engines/Cargo.toml --example gbnf_corpus -- target/gbnf-corpus
//! scripts/llama-cpp-gbnf.sh target/gbnf-corpus
//! ```
//!
//! The accepted texts are walks through the grammar (read by llguidance
//! through the tests' GBNF reading) that `validate` accepts, each on one
//! line; the refused ones are the same texts without their closing `}`.

use std::path::PathBuf;

use pedelec_schema::{
    convert, grammar_for_tools, ChangeCode, GrammarFormat, ToolArgsSchema, ToolDefinition,
};
use pedelec_schema_engines::oracle::{Oracle, Rng};
use pedelec_testdata::strategies;
use pedelec_testdata::{realworld, realworld_more};
use proptest::strategy::{Strategy, ValueTree};

/// Walks per grammar, and the texts kept of them.
const WALKS: usize = 1000;
const KEPT: usize = 12;
/// Generated schemas written besides the real-world ones.
const GENERATED: usize = 200;

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).expect("usage: gbnf_corpus DIR"));
    std::fs::create_dir_all(&dir).expect("the folder can be made");
    let mut rng = Rng::new(5);
    let mut written = 0;
    for (file, schemas) in realworld().into_iter().chain(realworld_more()) {
        let stem = file.trim_end_matches(".json").replace('/', "-");
        let mut tools = Vec::new();
        for (index, source) in schemas.iter().enumerate() {
            let Ok(converted) = convert(&source.schema) else {
                continue;
            };
            let grammar = converted.schema.grammar(GrammarFormat::Gbnf);
            let (valid, invalid) = texts(&grammar.text, &mut rng, |text| {
                converted.schema.validate_str(text).is_ok()
            });
            write(
                &dir,
                &format!("{stem}-{index}"),
                &grammar.text,
                &valid,
                &invalid,
            );
            written += 1;
            tools.push(
                ToolDefinition::new(format!("tool_{index}"), converted.schema)
                    .expect("a valid name"),
            );
        }
        if !tools.is_empty() {
            let grammar = grammar_for_tools(&tools, GrammarFormat::Gbnf);
            let (valid, invalid) = texts(&grammar.text, &mut rng, |_| true);
            write(
                &dir,
                &format!("{stem}-tools"),
                &grammar.text,
                &valid,
                &invalid,
            );
            written += 1;
        }
    }
    // Generated schemas too: the real-world ones hold no `pattern`.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for index in 0..GENERATED {
        let root = strategies::root()
            .new_tree(&mut runner)
            .expect("a schema")
            .current();
        let schema = ToolArgsSchema::new(root).expect("generated schemas are in the subset");
        let grammar = schema.grammar(GrammarFormat::Gbnf);
        if grammar
            .changes
            .iter()
            .any(|change| change.code == ChangeCode::GrammarEmpty)
        {
            continue;
        }
        let (valid, invalid) = texts(&grammar.text, &mut rng, |text| {
            schema.validate_str(text).is_ok()
        });
        write(
            &dir,
            &format!("generated-{index}"),
            &grammar.text,
            &valid,
            &invalid,
        );
        written += 1;
    }
    println!("{written} grammars written to {}", dir.display());
}

/// Up to [`KEPT`] one-line walks that `valid` accepts, and each without its
/// closing brace.
fn texts(grammar: &str, rng: &mut Rng, valid: impl Fn(&str) -> bool) -> (Vec<String>, Vec<String>) {
    let oracle = Oracle::gbnf(grammar)
        .unwrap_or_else(|err| panic!("the reading refuses the grammar: {err}"));
    let mut kept = Vec::new();
    for _ in 0..WALKS {
        let Some(bytes) = oracle.sample(rng, 1024) else {
            continue;
        };
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        if !text.contains(['\n', '\r']) && valid(&text) && !kept.contains(&text) {
            kept.push(text);
        }
        if kept.len() == KEPT {
            break;
        }
    }
    let cut = kept
        .iter()
        .filter_map(|text| text.trim_end().strip_suffix('}').map(str::to_owned))
        .collect();
    (kept, cut)
}

fn write(dir: &std::path::Path, name: &str, grammar: &str, valid: &[String], invalid: &[String]) {
    // One text a line; no line at all for no text (an empty line would be
    // the empty text).
    let lines = |texts: &[String]| {
        texts
            .iter()
            .map(|text| format!("{text}\n"))
            .collect::<String>()
    };
    std::fs::write(dir.join(format!("{name}.gbnf")), grammar).unwrap();
    std::fs::write(dir.join(format!("{name}.valid")), lines(valid)).unwrap();
    std::fs::write(dir.join(format!("{name}.invalid")), lines(invalid)).unwrap();
}
