//! Every real-world schema in `tests/data/realworld/` (and `more/`), after
//! `convert`, gives a grammar in each format that the engine reads - none
//! "failed to parse" - and whose walks keep the promise; and the same for
//! one grammar over each file's whole tool list.

use pedelec_schema::{convert, grammar_for_tools, GrammarFormat, ToolDefinition};
use pedelec_testdata::{realworld, realworld_more};

use pedelec_schema_engines::oracle::Rng;
use pedelec_schema_engines::promise::{check_samples, engine, Tally};

/// Walks per real-world schema and format.
const SAMPLES: usize = 100;

// One test per format, so that the two run side by side: this is the
// longest of the engine tests.
#[test]
fn every_converted_real_world_schema_gives_gbnf_grammars_the_engine_reads() {
    real_world_grammars(GrammarFormat::Gbnf);
}

#[test]
fn every_converted_real_world_schema_gives_lark_grammars_the_engine_reads() {
    real_world_grammars(GrammarFormat::Lark);
}

/// Each real-world schema's grammar in `format`, read by the engine and
/// walked; then one grammar over each file's tool list.
fn real_world_grammars(format: GrammarFormat) {
    let tally = Tally::default();
    let mut grammars = 0;
    let mut rng = Rng::new(7);
    for (file, schemas) in realworld().into_iter().chain(realworld_more()) {
        let mut tools = Vec::new();
        for (index, source) in schemas.iter().enumerate() {
            let Ok(converted) = convert(&source.schema) else {
                continue;
            };
            let grammar = converted.schema.grammar(format);
            let oracle = engine(format, &grammar);
            check_samples(
                &converted.schema,
                &grammar,
                &oracle,
                &mut rng,
                SAMPLES,
                &tally,
            );
            grammars += 1;
            let name: String = source
                .tool
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .take(64)
                .collect();
            let name = format!("t{index}_{name}")
                .chars()
                .take(64)
                .collect::<String>();
            tools.push(
                ToolDefinition::new(name, converted.schema)
                    .unwrap_or_else(|err| panic!("{file}: {err}")),
            );
        }
        if !tools.is_empty() {
            let grammar = grammar_for_tools(&tools, format);
            engine(format, &grammar);
            grammars += 1;
        }
    }
    eprintln!(
        "{format}: {grammars} real-world grammars read by the engine; {} walks, {} excused by a widens change",
        tally.samples.get(),
        tally.excused.get()
    );
    assert!(grammars > 130, "only {grammars} grammars");
}
