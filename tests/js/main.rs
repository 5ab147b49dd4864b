//! The npm package and the Python package answer as the Rust library
//! does: the same verdicts, error documents, repairs, streams, lint
//! findings, conversions, exports and grammars, byte for byte, on every
//! case of `cases.rs`.
//!
//! The library's answers are written to a file once (JSON lines, one
//! schema and its calls per line); `pedelec-schema-js/tests/identity.mjs`
//! makes the same calls through the npm package in Node, and
//! `pedelec-schema-py/tests/identity.py` through the Python package, and
//! each reports every difference. The npm package must be built (`bash
//! pedelec-schema-js/build.sh`); without it, or without Node, its test
//! says so and passes, unless `PEDELEC_REQUIRE_JS=1` (set by `.ci/run`)
//! makes that a failure. The Python package must be installed in the
//! interpreter `PEDELEC_PYTHON` names (`python3` if unset); without it,
//! its test says so and passes, unless `PEDELEC_REQUIRE_PY=1` (set by
//! `.ci/run`, with the virtual environment it builds the package in).

mod cases;
mod expect;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use cases::Case;

/// A group of cases, made when its turn comes.
type Cases = fn() -> Vec<Case>;

/// The case file, written once for both packages, and how many calls it
/// holds.
fn case_file() -> &'static (PathBuf, usize) {
    static FILE: OnceLock<(PathBuf, usize)> = OnceLock::new();
    FILE.get_or_init(|| {
        let started = std::time::Instant::now();
        let groups: [(&str, Cases); 5] = [
            ("conformance", cases::conformance),
            ("realworld", cases::realworld),
            ("generated", || cases::generated(120)),
            ("repair corpus", cases::repair_corpus),
            ("fuzz corpus", cases::fuzz_corpus),
        ];
        let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("js-identity.jsonl");
        let mut out = std::io::BufWriter::new(std::fs::File::create(&file).expect("a case file"));
        let mut calls = 0;
        for (group, make) in groups {
            let cases = make();
            let count: usize = cases.iter().map(|case| case.ops.len()).sum();
            eprintln!(
                "{group}: {} schemas, {count} calls ({:.1?} so far)",
                cases.len(),
                started.elapsed()
            );
            calls += count;
            for case in &cases {
                serde_json::to_writer(&mut out, case).expect("a case writes");
                out.write_all(b"\n").expect("a case writes");
            }
        }
        out.flush().expect("the case file writes");
        (file, calls)
    })
}

/// Runs a package's runner on the case file and holds it to 0
/// differences over every call.
fn run_identity(mut runner: Command, package: &str) {
    let (file, calls) = case_file();
    let output = runner.arg(file).output().expect("the runner starts");
    let report = String::from_utf8_lossy(&output.stdout);
    eprintln!("{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success(),
        "the {package} differs from the library (above)"
    );
    assert!(
        report.contains(&format!("{calls} calls, 0 differences")),
        "the {package}'s runner did not make every call: expected {calls}"
    );
}

/// Whether a test may skip for want of `missing`, which it says; a
/// failure where `variable=1` requires the package.
fn skipped(variable: &str, missing: Option<String>) -> bool {
    let Some(missing) = missing else {
        return false;
    };
    let required = std::env::var(variable).is_ok_and(|v| v == "1");
    assert!(!required, "{variable}=1, but {missing}");
    eprintln!("skipped: {missing}");
    true
}

#[test]
fn the_npm_package_answers_as_the_library_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let package = root.join("pedelec-schema-js/pkg/index.js");
    let node = Command::new("node").arg("--version").output();
    let missing = match (&node, package.exists()) {
        (Err(_), _) => Some("Node is not on the PATH".to_owned()),
        (_, false) => Some("the package is not built (bash pedelec-schema-js/build.sh)".to_owned()),
        _ => None,
    };
    if skipped("PEDELEC_REQUIRE_JS", missing) {
        return;
    }
    let mut node = Command::new("node");
    node.arg("--disallow-code-generation-from-strings")
        .arg(root.join("pedelec-schema-js/tests/identity.mjs"));
    run_identity(node, "npm package");
}

#[test]
fn the_python_package_answers_as_the_library_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let python = std::env::var("PEDELEC_PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let imported = Command::new(&python)
        .args(["-c", "import pedelec_schema"])
        .output();
    let missing = match imported {
        Err(_) => Some(format!("{python} does not run")),
        Ok(output) if !output.status.success() => Some(format!(
            "{python} cannot import pedelec_schema (pip install ./pedelec-schema-py)"
        )),
        Ok(_) => None,
    };
    if skipped("PEDELEC_REQUIRE_PY", missing) {
        return;
    }
    let mut runner = Command::new(&python);
    runner.arg(root.join("pedelec-schema-py/tests/identity.py"));
    run_identity(runner, "Python package");
}
