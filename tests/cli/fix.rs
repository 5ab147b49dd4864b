//! `pedelec-lint --fix`: the real binary over every file shape in
//! `tests/fixtures/convert/shapes/` and over the real-world schemas. Each
//! output has the input's shape with only its schemas converted (every
//! other byte as it was), its notes point at the source keywords, and
//! fixing the output again changes nothing.

// `Run::json` reads a lint report on standard output; --fix writes its
// report on standard error.
#[allow(dead_code)]
use crate::cli_support;

use std::path::{Path, PathBuf};

use cli_support::{run, run_with};
use pedelec_schema::convert;
use pedelec_testdata::{realworld, tool_list};
use serde_json::{json, Value};

fn shapes() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/convert/shapes")
}

/// Runs the binary in the shapes folder.
fn run_in_shapes(args: &[&str], stdin: Option<&[u8]>) -> cli_support::Run {
    run_with(args, stdin, |command| {
        command.current_dir(shapes());
    })
}

/// Where the schemas of each shape are, as the command finds them.
const SHAPES: &[(&str, &[&str])] = &[
    ("bare.json", &[""]),
    ("tool.json", &["/input_schema"]),
    ("pedelec.json", &["/argsSchema"]),
    (
        "openai_functions.json",
        &["/0/function/parameters", "/1/function/parameters"],
    ),
    (
        "tools_list.json",
        &["/tools/0/inputSchema", "/tools/1/inputSchema"],
    ),
    (
        "jsonrpc.json",
        &["/result/tools/0/inputSchema", "/result/tools/1/inputSchema"],
    ),
];

/// The document with each schema at `sites` replaced by its conversion, as
/// `--fix` writes it (`Converted::document`)
/// (left alone where it cannot be converted or converts without change).
fn expected(document: &Value, sites: &[&str]) -> Value {
    let mut expected = document.clone();
    for site in sites {
        let source = document.pointer(site).unwrap();
        if let Ok(converted) = convert(source) {
            if !converted.changes.is_empty() {
                *expected.pointer_mut(site).unwrap() = converted.document().to_value();
            }
        }
    }
    expected
}

/// The text between the schemas of `text`: the values of the members
/// named `key` (the whole text for a bare schema, `key` empty).
fn gaps<'t>(text: &'t str, key: &str) -> Vec<&'t str> {
    if key.is_empty() {
        return Vec::new();
    }
    let mut gaps = Vec::new();
    let mut from = 0;
    let member = format!("\"{key}\":");
    while let Some(found) = text[from..].find(&member) {
        let start = from + found + member.len();
        let start = start + text[start..].find('{').unwrap();
        gaps.push(&text[from..start]);
        from = value_end(text, start);
    }
    gaps.push(&text[from..]);
    gaps
}

/// The end of the object that starts at `start` (strings skipped).
fn value_end(text: &str, start: usize) -> usize {
    let (mut depth, mut in_string, mut escaped) = (0, false, false);
    for (offset, c) in text[start..].char_indices() {
        match (in_string, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, '"') => in_string = false,
            (false, _, '"') => in_string = true,
            (false, _, '{' | '[') => depth += 1,
            (false, _, '}' | ']') => {
                depth -= 1;
                if depth == 0 {
                    return start + offset + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

#[test]
fn every_shape_keeps_its_shape_and_only_its_schemas_change() {
    for (file, sites) in SHAPES {
        let original = std::fs::read_to_string(shapes().join(file)).unwrap();
        let document: Value = serde_json::from_str(&original).unwrap();
        let fixed = run_in_shapes(&["--fix", file], None);
        let can_fail = *file == "jsonrpc.json";
        assert_eq!(
            fixed.code,
            Some(if can_fail { 1 } else { 0 }),
            "{file}: {fixed:?}"
        );
        let output: Value = serde_json::from_str(&fixed.stdout).unwrap();
        assert_eq!(output, expected(&document, sites), "{file}");
        // Between and around the schemas, every byte is the input's.
        let key = sites[0].rsplit('/').next().unwrap();
        let mut rest = fixed.stdout.as_str();
        for gap in gaps(&original, key) {
            let at = rest
                .find(gap)
                .unwrap_or_else(|| panic!("{file}: {gap:?} is not in the output"));
            rest = &rest[at + gap.len()..];
        }
        // Fixing the output again changes nothing.
        let again = run_in_shapes(&["--fix", "-"], Some(fixed.stdout.as_bytes()));
        assert_eq!(again.stdout, fixed.stdout, "{file}");
        let notes = again
            .stderr
            .lines()
            .filter(|l| l.contains(": note["))
            .count();
        assert_eq!(notes, 0, "{file}: {}", again.stderr);
    }
}

#[test]
fn notes_name_file_line_column_code_and_effect() {
    let fixed = run_in_shapes(&["--fix", "bare.json"], None);
    assert_eq!(
        fixed.stderr,
        "\
bare.json:2:3: note[annotation_dropped] (lossless): `$schema` was dropped: it only annotates
bare.json:3:3: note[title_to_description] (lossless): `title` became `description`
bare.json:7:15: note[null_dropped] (narrows): `limit` no longer accepts `null`: an agent leaves it out instead
bare.json:7:44: note[integer_format_to_bounds] (lossless): `format: \"uint8\"` became `type: integer` with `minimum: 0` and `maximum: 255`
bare.json:8:33: note[format_dropped] (widens): `format: \"date-time\"` was dropped: the handler must check the value is a valid date-time
bare.json:11:3: note[constraint_dropped] (widens): `additionalProperties` was dropped: the handler must refuse properties other than `limit`, `query`, `since`
1 schema converted in 1 file: 6 changes (3 lossless, 2 widens, 1 narrows)
"
    );
    // The schema is written as the file wrote it: pretty, two spaces, its
    // properties in the file's order.
    assert!(fixed.stdout.starts_with(
        "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"query\": {\n      \"type\": \"string\""
    ));
    let order: Vec<usize> = ["\"query\"", "\"limit\"", "\"since\""]
        .iter()
        .map(|key| fixed.stdout.find(key).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{}", fixed.stdout);
}

#[test]
fn json_notes_are_the_lint_objects_with_an_effect() {
    let fixed = run_in_shapes(&["--fix", "--format", "json", "jsonrpc.json"], None);
    assert_eq!(fixed.code, Some(1), "{fixed:?}");
    let notes: Value = serde_json::from_str(&fixed.stderr).unwrap();
    assert_eq!(
        notes,
        json!([
            {"file": "jsonrpc.json", "pointer": "/result/tools/0/inputSchema/properties/verbose/nullable",
             "line": 2, "column": 101, "severity": "note", "code": "null_dropped", "effect": "narrows",
             "message": "`verbose` no longer accepts `null`: an agent leaves it out instead"},
            {"file": "jsonrpc.json", "pointer": "/result/tools/1/inputSchema", "line": 3, "column": 21,
             "severity": "error", "code": "accepts_no_objects",
             "message": "the root accepts no object, and tool arguments are always an object"}
        ])
    );
}

#[test]
fn usage_and_input_errors_exit_2() {
    for args in [
        vec!["--fix", "bare.json", "tool.json"],
        vec!["--fix", "--in-place", "-"],
        vec!["--in-place", "bare.json"],
        vec!["--fix", "--deny-warnings", "bare.json"],
    ] {
        let result = run_in_shapes(&args, None);
        assert_eq!(result.code, Some(2), "{args:?}: {result:?}");
        assert_eq!(result.stdout, "", "{args:?}");
    }
    let missing = run_in_shapes(&["--fix", "no-such-file.json"], None);
    assert_eq!(missing.code, Some(2));
    assert!(missing.stderr.contains("cannot read no-such-file.json"));
    let not_json = run(&["--fix", "not_json.json"], None);
    assert_eq!(not_json.code, Some(2), "{not_json:?}");
    assert_eq!(not_json.stdout, "");
    assert!(
        not_json.stderr.contains("error[invalid_json]"),
        "{}",
        not_json.stderr
    );
}

#[test]
fn in_place_rewrites_only_the_files_that_change() {
    let dir = std::env::temp_dir().join(format!("pedelec-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for file in ["bare.json", "tool.json"] {
        std::fs::copy(shapes().join(file), dir.join(file)).unwrap();
    }
    let clean = "{\"type\": \"object\",   \"properties\": {}}\n";
    std::fs::write(dir.join("clean.json"), clean).unwrap();
    let stdout_expected = run_in_shapes(&["--fix", "tool.json"], None).stdout;
    let result = run_with(
        &[
            "--fix",
            "--in-place",
            "bare.json",
            "tool.json",
            "clean.json",
        ],
        None,
        |command| {
            command.current_dir(&dir);
        },
    );
    assert_eq!(result.code, Some(0), "{result:?}");
    assert_eq!(result.stdout, "");
    assert_eq!(
        std::fs::read_to_string(dir.join("tool.json")).unwrap(),
        stdout_expected
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("clean.json")).unwrap(),
        clean
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn windows_line_endings_and_byte_order_marks_survive() {
    let original = std::fs::read(shapes().join("openai_functions.json")).unwrap();
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend_from_slice(&original);
    let fixed = run_in_shapes(&["--fix", "-"], Some(&with_bom));
    assert_eq!(fixed.code, Some(0), "{fixed:?}");
    assert!(fixed.stdout.starts_with('\u{FEFF}'));
    assert!(fixed.stdout.ends_with("]\r\n"));
    // The one-line schemas stay on one line: the file keeps its two lines.
    assert_eq!(fixed.stdout.matches("\r\n").count(), 2);
    assert_eq!(fixed.stdout.matches('\n').count(), 2);
}

/// Every real-world file, as a list of MCP tools: the output has the same
/// tools, each schema converted as the library converts it; fixing it
/// again changes nothing.
#[test]
fn every_realworld_list_round_trips() {
    for (file, schemas) in realworld() {
        let tools = tool_list(&schemas);
        let text = serde_json::to_string_pretty(&tools).unwrap();
        let fixed = run(&["--fix", "-"], Some(text.as_bytes()));
        let sites: Vec<String> = (0..schemas.len())
            .map(|i| format!("/{i}/inputSchema"))
            .collect();
        let sites: Vec<&str> = sites.iter().map(String::as_str).collect();
        let output: Value = serde_json::from_str(&fixed.stdout)
            .unwrap_or_else(|err| panic!("{file}: {err}: {}", fixed.stdout));
        assert_eq!(output, expected(&tools, &sites), "{file}");
        let refuses = schemas.iter().any(|s| convert(&s.schema).is_err());
        assert_eq!(
            fixed.code,
            Some(if refuses { 1 } else { 0 }),
            "{file}: {}",
            fixed.stderr
        );
        let again = run(&["--fix", "-"], Some(fixed.stdout.as_bytes()));
        assert_eq!(again.stdout, fixed.stdout, "{file}");
        assert_lint_hint_agrees(&file, &text, &fixed);
    }
}

/// Linting `text` ends with the `--fix` hint exactly when it has errors
/// and `--fix` changes something, and the hint's figures are those of
/// `fixed`'s summary (the `--fix` run on the same text): its changes by
/// effect, and how many schemas it could not convert.
fn assert_lint_hint_agrees(file: &str, text: &str, fixed: &cli_support::Run) {
    let summary = fixed.stderr.lines().last().unwrap_or_default();
    let (_, rest) = summary.split_once(": ").expect("a --fix summary");
    let (figures, failed) = rest.split_once("; ").unwrap_or((rest, ""));
    let changes: usize = figures.split(' ').next().unwrap().parse().unwrap();
    let not_converted: usize = match failed.split(' ').next() {
        Some(count) if failed.contains("not converted") => count.parse().unwrap(),
        _ => 0,
    };
    let lint = run(&["--format", "json", "-"], Some(text.as_bytes()));
    let entries = lint.json();
    let helps: Vec<&Value> = entries.iter().filter(|e| e["severity"] == "help").collect();
    let has_errors = entries.iter().any(|e| e["severity"] == "error");
    if !has_errors || changes == 0 {
        assert!(helps.is_empty(), "{file}: {helps:?}");
        return;
    }
    assert_eq!(helps.len(), 1, "{file}");
    let message = helps[0]["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("into the subset: {figures}")),
        "{file}: {message} / {summary}"
    );
    assert_eq!(helps[0]["fix"]["changes"], changes, "{file}");
    assert_eq!(helps[0]["fix"]["not_converted"], not_converted, "{file}");
}
