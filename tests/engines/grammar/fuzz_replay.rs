//! The `grammar` fuzz target's corpus and regressions, replayed through its
//! check (`pedelec_schema_engines::fuzz`), so that what the fuzzer found
//! stays fixed on stable Rust.

use std::path::Path;

#[test]
fn grammar_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut inputs = Vec::new();
    for folder in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder).join("grammar")) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable fuzz folder").path();
            inputs.push((std::fs::read(&path).unwrap(), path));
        }
    }
    inputs.sort();
    assert!(
        inputs.len() >= 10,
        "is fuzz/corpus/grammar committed? {} inputs",
        inputs.len()
    );
    for (data, path) in inputs {
        let outcome = std::panic::catch_unwind(|| pedelec_schema_engines::fuzz::grammar(&data));
        assert!(outcome.is_ok(), "grammar fails on {}", path.display());
    }
}
