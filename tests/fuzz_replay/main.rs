//! Replays the fuzz corpus and every minimized crash as plain inputs, so
//! that CI (stable Rust, no libFuzzer) runs the fuzz targets' checks on
//! everything the fuzzer has found. The checks are the targets' own:
//! `pedelec_testdata::fuzz`.

use std::path::{Path, PathBuf};

use pedelec_testdata::fuzz;

/// Every input of `target`: its corpus, and the crashes kept as
/// regressions (each named for what it found).
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut inputs = Vec::new();
    for folder in ["corpus", "regressions"] {
        let dir = root.join(folder).join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable fuzz folder").path();
            let data = std::fs::read(&path)
                .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
            inputs.push((path, data));
        }
    }
    inputs.sort();
    inputs
}

/// Runs `check` on every input of `target`; a panic names the file.
fn replay(target: &str, check: fn(&[u8])) {
    let inputs = inputs(target);
    assert!(
        inputs.len() >= 10,
        "the corpus of {target} has {} inputs: is fuzz/corpus/{target} committed?",
        inputs.len()
    );
    for (path, data) in inputs {
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{target} fails on {}", path.display());
    }
}

#[test]
fn parse_and_lint_corpus() {
    replay("parse_and_lint", fuzz::parse_and_lint);
}

#[test]
fn validate_corpus() {
    replay("validate", fuzz::validate);
}

#[test]
fn pattern_corpus() {
    replay("pattern", fuzz::pattern);
}

#[test]
fn convert_corpus() {
    replay("convert", fuzz::convert);
}

#[test]
fn export_corpus() {
    replay("export", fuzz::export);
}

#[test]
fn stream_corpus() {
    replay("stream", fuzz::stream);
}

#[test]
fn repair_corpus() {
    replay("repair", fuzz::repair);
}

#[test]
fn grammar_text_corpus() {
    replay("grammar_text", fuzz::grammar_text);
}
