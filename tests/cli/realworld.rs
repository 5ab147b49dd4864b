//! `pedelec-lint` over every real tool schema in `tests/data/realworld/`,
//! checked against findings a person reviewed one by one:
//! `tests/expected/realworld_findings.txt`.
//!
//! Each real-world file becomes a list of tool definitions,
//! `[{"name": TOOL, "inputSchema": SCHEMA}, ...]`, sent on standard input,
//! so the run also exercises tool-list detection and file-relative pointers.
//!
//! This test never writes the expected file. When the findings change, it
//! fails and prints the actual findings in the file's format: review each
//! one against its schema, then update the file by hand.

use crate::cli_support;

use std::collections::BTreeMap;
use std::path::Path;

use pedelec_testdata::{realworld, tool_list};
use serde_json::Value;

const EXPECTED: &str = "expected/realworld_findings.txt";

#[test]
fn every_realworld_schema_gets_the_reviewed_findings() {
    let mut actual = Vec::new();
    for (file, schemas) in realworld() {
        let tools = tool_list(&schemas);
        let text = serde_json::to_string_pretty(&tools).unwrap();
        let run = cli_support::run(&["--format", "json", "-"], Some(text.as_bytes()));
        assert!(matches!(run.code, Some(0 | 1)), "{file}: {run:?}");
        assert_eq!(run.stderr, "", "{file}");
        // The `--fix` hint is checked against `--fix` itself in `fix.rs`.
        let findings: Vec<Value> = run
            .json()
            .into_iter()
            .filter(|entry| entry["severity"] != "help")
            .collect();
        for finding in &findings {
            check_position(&file, &text, &tools, finding);
        }
        let tool_names: Vec<&str> = schemas.iter().map(|s| s.tool.as_str()).collect();
        actual.extend(lines(&file, &tool_names, &findings));
    }
    compare(actual);
}

/// The expected file's lines for one real-world file: one per finding, or
/// `clean` for a schema without findings.
fn lines(file: &str, tools: &[&str], findings: &[Value]) -> Vec<String> {
    let mut by_tool: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for finding in findings {
        let pointer = finding["pointer"].as_str().unwrap();
        let (index, inner) = split_pointer(pointer);
        let inner = if inner.is_empty() { "(root)" } else { inner };
        by_tool.entry(index).or_default().push(format!(
            "{} | {} | {}",
            finding["severity"].as_str().unwrap(),
            finding["code"].as_str().unwrap(),
            inner
        ));
    }
    let mut out = Vec::new();
    for (index, tool) in tools.iter().enumerate() {
        let prefix = format!("{file} | {index} | {tool} | ");
        match by_tool.get(&index) {
            None => out.push(format!("{prefix}clean")),
            Some(entries) => out.extend(entries.iter().map(|e| format!("{prefix}{e}"))),
        }
    }
    out
}

/// `/3/inputSchema/properties/x` -> (3, `/properties/x`).
fn split_pointer(pointer: &str) -> (usize, &str) {
    let rest = pointer.strip_prefix('/').expect("pointer into the list");
    let (index, rest) = rest.split_once('/').expect("pointer into a tool");
    let inner = rest
        .strip_prefix("inputSchema")
        .expect("pointer into inputSchema");
    assert!(inner.is_empty() || inner.starts_with('/'), "{pointer}");
    (index.parse().expect("tool index"), inner)
}

/// The finding's line and column must be where its pointer's token starts:
/// the key for an object member, otherwise the value (its first character
/// for an object or array).
fn check_position(file: &str, text: &str, document: &Value, finding: &Value) {
    let pointer = finding["pointer"].as_str().unwrap();
    let (parent, last) = pointer.rsplit_once('/').expect("never the root here");
    let expected = match document.pointer(parent) {
        Some(Value::Object(_)) => serde_json::to_string(&unescape(last)).unwrap(),
        _ => match document.pointer(pointer).expect("pointer resolves") {
            Value::Object(_) => "{".to_owned(),
            Value::Array(_) => "[".to_owned(),
            scalar => scalar.to_string(),
        },
    };
    let line = finding["line"].as_u64().unwrap() as usize;
    let column = finding["column"].as_u64().unwrap() as usize;
    let at: String = text
        .lines()
        .nth(line - 1)
        .unwrap_or_default()
        .chars()
        .skip(column - 1)
        .collect();
    assert!(
        at.starts_with(&expected),
        "{file}: {pointer} at {line}:{column} should start with {expected}, found {at:?}"
    );
}

fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

/// Compares with the reviewed file (comments and blank lines ignored,
/// order within the file ignored); on a difference, prints what differs
/// and the actual findings to review.
fn compare(actual: Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(EXPECTED);
    let reviewed = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let mut expected: Vec<&str> = reviewed
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let mut sorted: Vec<&str> = actual.iter().map(String::as_str).collect();
    expected.sort_unstable();
    sorted.sort_unstable();
    if expected == sorted {
        return;
    }
    let missing: Vec<&&str> = expected.iter().filter(|l| !sorted.contains(l)).collect();
    let unexpected: Vec<&&str> = sorted.iter().filter(|l| !expected.contains(l)).collect();
    panic!(
        "the findings on tests/data/realworld/ differ from {EXPECTED}.\n\
         Reviewed but not found ({}):\n  {}\n\
         Found but not reviewed ({}):\n  {}\n\
         All actual findings, to review against the schemas before updating \
         the file by hand:\n{}\n",
        missing.len(),
        join(&missing),
        unexpected.len(),
        join(&unexpected),
        actual.join("\n")
    );
}

fn join(lines: &[&&str]) -> String {
    lines.iter().map(|l| **l).collect::<Vec<_>>().join("\n  ")
}
