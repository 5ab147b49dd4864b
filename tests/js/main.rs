//! The npm package answers as the Rust library does: the same verdicts,
//! error documents, repairs, streams, lint findings, conversions, exports
//! and grammars, byte for byte, on every case of `cases.rs`.
//!
//! The library's answers are written to a file (JSON lines, one schema
//! and its calls per line); `pedelec-schema-js/tests/identity.mjs` makes
//! the same calls through the package in Node and reports each
//! difference. The package must be built (`bash pedelec-schema-js/build.sh`);
//! without it, or without Node, the test says so and passes, unless
//! `PEDELEC_REQUIRE_JS=1` (set by `.ci/run`) makes that a failure.

mod cases;
mod expect;

use std::io::Write;
use std::path::Path;
use std::process::Command;

use cases::Case;

/// A group of cases, made when its turn comes.
type Cases = fn() -> Vec<Case>;

#[test]
fn the_package_answers_as_the_library_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let package = root.join("pedelec-schema-js/pkg/index.js");
    let required = std::env::var("PEDELEC_REQUIRE_JS").is_ok_and(|v| v == "1");
    let node = Command::new("node").arg("--version").output();
    let missing = match (&node, package.exists()) {
        (Err(_), _) => Some("Node is not on the PATH"),
        (_, false) => Some("the package is not built (bash pedelec-schema-js/build.sh)"),
        _ => None,
    };
    if let Some(missing) = missing {
        assert!(!required, "PEDELEC_REQUIRE_JS=1, but {missing}");
        eprintln!("skipped: {missing}");
        return;
    }

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
    drop(out);

    let runner = root.join("pedelec-schema-js/tests/identity.mjs");
    let output = Command::new("node")
        .arg("--disallow-code-generation-from-strings")
        .arg(&runner)
        .arg(&file)
        .output()
        .expect("node runs");
    let report = String::from_utf8_lossy(&output.stdout);
    eprintln!("{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success(),
        "the package differs from the library (above)"
    );
    assert!(
        report.contains(&format!("{calls} calls, 0 differences")),
        "the runner did not make every call: expected {calls}"
    );
}
