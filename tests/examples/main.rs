//! Every example that prints, run as the README runs it (`cargo run
//! --example NAME`, or `-p pedelec-schema-interop` for those in
//! `examples/interop/`), with its whole output compared with the reviewed
//! copy in `tests/expected/examples/NAME.txt`. (`rmcp_server` speaks MCP on
//! its stdio instead: `tests/intake/rmcp.rs` drives it.)
//!
//! After a deliberate change, review the new output and replace the file:
//! `cargo run -q --example NAME > tests/expected/examples/NAME.txt`.

use std::path::Path;
use std::process::Command;

use pedelec_testdata::cargo;
use serde_json::Value;

/// Runs example `name`, compares what it prints with the reviewed copy,
/// and returns it.
fn check(name: &str) -> String {
    let output = Command::new(cargo::example(name))
        .output()
        .unwrap_or_else(|err| panic!("cannot run example {name}: {err}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "example {name} failed ({}):\n{}\n{stdout}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("expected/examples")
        .join(format!("{name}.txt"));
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    if stdout != expected {
        let line = stdout
            .lines()
            .zip(expected.lines())
            .position(|(actual, expected)| actual != expected)
            .unwrap_or_else(|| stdout.lines().count().min(expected.lines().count()));
        panic!(
            "example {name} prints something else than {} from line {}:\n\
             expected: {:?}\n  actual: {:?}\n\nThe whole output, to review:\n{stdout}",
            path.display(),
            line + 1,
            expected.lines().nth(line),
            stdout.lines().nth(line),
        );
    }
    stdout.into_owned()
}

#[test]
fn quickstart() {
    check("quickstart");
}

#[test]
fn canonical_tool_meta() {
    check("canonical_tool_meta");
}

/// Beyond the reviewed text, what murmur's tool interface (its WIT) asks
/// of each result.
#[test]
fn murmur_tool_result() {
    let stdout = check("murmur_tool_result");
    let results: Vec<Value> = stdout
        .split("\n== run(")
        .skip(1)
        .map(|run| {
            let (_, result) = run.split_once('\n').expect("a result below each run");
            serde_json::from_str(result).expect("each result is one JSON object")
        })
        .collect();
    let mut seen = Vec::new();
    for result in &results {
        let status = result["status"].as_str().unwrap();
        let summary = result["summary"].as_str().unwrap();
        let data = result["data"].as_str().unwrap();
        let truncated = result["truncated"].as_bool().unwrap();
        assert!(!summary.contains('\n'), "a one-line summary: {summary}");
        assert!(data.len() <= 1024, "data within the documented size");
        assert_eq!(truncated, summary.contains("data cut to"), "{summary}");
        let metadata: Vec<(&str, &str)> = result["metadata"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| (pair[0].as_str().unwrap(), pair[1].as_str().unwrap()))
            .collect();
        if status == "error" {
            let response: Value = serde_json::from_str(data).expect("the error document, whole");
            let error = &response["error"];
            assert_eq!(error["code"], "INVALID_ARGS");
            assert!(!error["errors"].as_array().unwrap().is_empty());
            assert_eq!(
                summary, error["message"],
                "the summary is the library's message"
            );
            assert!(metadata.is_empty(), "a refused call declares no effect");
        } else {
            assert!(
                matches!(metadata[0], ("state_effect", "read" | "mutate")),
                "{metadata:?}"
            );
            assert_eq!(metadata[1].0, "resource_id");
            assert!(metadata[1].1.starts_with("note:"), "{metadata:?}");
        }
        seen.push((status, truncated));
    }
    for expected in [
        ("passed", false),
        ("passed", true),
        ("failed", false),
        ("error", false),
    ] {
        assert!(seen.contains(&expected), "no {expected:?} among {seen:?}");
    }
}

#[test]
fn export() {
    check("export");
}

/// Beyond the reviewed text: the bad call is refused before its long
/// `content` arrives, with the enum failure at `/mode` as the document.
/// Beyond the reviewed text: the repaired call has one change per code and
/// place (a name and its value in single quotes are one), its note one
/// line per code, and neither refusal is a value.
#[test]
fn repair_call() {
    let stdout = check("repair_call");
    let runs: Vec<&str> = stdout.split("\n== ").collect();
    assert_eq!(runs.len(), 3, "three calls");
    assert!(runs[0].contains("the handler greps") && runs[0].contains("log, 6 changes:"));
    assert_eq!(runs[0].matches("\n  - ").count(), 5, "{}", runs[0]);
    assert!(runs[1].contains("the call is cut short"));
    for refused in &runs[1..] {
        assert!(
            refused.contains("refused; the tool answers with:") && !refused.contains("the handler")
        );
    }
}

#[test]
fn union_documents() {
    let stdout = check("union_documents");
    let sizes: Vec<usize> = stdout
        .lines()
        .filter_map(|line| line.strip_prefix("document ("))
        .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(sizes.len(), 7);
    // Every document within the default budget; the chosen branch's one
    // failure for the tagged union.
    assert!(sizes.iter().all(|&size| size <= 16 * 1024), "{sizes:?}");
    assert!(stdout.contains(r#""schema_path":"/properties/action/oneOf/0/required""#));
}

#[test]
fn stream_call() {
    let stdout = check("stream_call");
    let (_, bad) = stdout.split_once("\n== a bad call").expect("a bad call");
    let (_, response) = bad
        .split_once("the handler answers now:\n")
        .expect("the handler's answer");
    let response: Value = serde_json::from_str(response).expect("one JSON object");
    let errors = response["error"]["errors"].as_array().unwrap();
    assert_eq!(response["error"]["code"], "INVALID_ARGS");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["path"], "/mode");
    assert_eq!(errors[0]["keyword"], "enum");
    assert!(!bad.contains("/content"), "refused before content: {bad}");
}
