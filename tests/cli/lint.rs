//! Integration tests of the `pedelec-lint` command: the real binary, run
//! over the files in `tests/fixtures/lint/`.

use crate::cli_support;

use cli_support::{run, run_with};
use serde_json::json;

/// The expected `(pointer, line, column, code)` list, owned.
fn owned(expected: &[(&str, u64, u64, &str)]) -> Vec<(String, u64, u64, String)> {
    expected
        .iter()
        .map(|(p, l, c, code)| (p.to_string(), *l, *c, code.to_string()))
        .collect()
}

/// The findings of a JSON report, without the `--fix` hints (severity
/// `help`) that end each file's entries.
fn findings(run: &cli_support::Run) -> Vec<serde_json::Value> {
    run.json()
        .into_iter()
        .filter(|entry| entry["severity"] != "help")
        .collect()
}

/// `(pointer, line, column, code)` of each finding of a JSON report.
fn placed(findings: &[serde_json::Value]) -> Vec<(String, u64, u64, String)> {
    findings
        .iter()
        .map(|f| {
            (
                f["pointer"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
                f["code"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn a_clean_schema_exits_0() {
    let human = run(&["clean.json"], None);
    assert_eq!(human.code, Some(0), "{human:?}");
    assert_eq!(human.stdout, "no findings in 1 file\n");
    assert_eq!(human.stderr, "");

    let json = run(&["--format", "json", "clean.json"], None);
    assert_eq!(json.code, Some(0), "{json:?}");
    assert_eq!(json.stdout, "[]\n");
}

#[test]
fn errors_exit_1() {
    let result = run(&["tool.json"], None);
    assert_eq!(result.code, Some(1), "{result:?}");
    assert!(result.stdout.contains("\n2 errors, 0 warnings in 1 file\n"));
}

#[test]
fn warnings_pass_unless_denied() {
    let result = run(&["warnings.json"], None);
    assert_eq!(result.code, Some(0), "{result:?}");
    assert!(result.stdout.contains("warning[unbounded_array]"));
    assert!(result.stdout.ends_with("0 errors, 2 warnings in 1 file\n"));

    let denied = run(&["--deny-warnings", "warnings.json"], None);
    assert_eq!(denied.code, Some(1), "{denied:?}");
    assert_eq!(denied.stdout, result.stdout);

    // --deny-warnings changes nothing for a clean file.
    assert_eq!(run(&["--deny-warnings", "clean.json"], None).code, Some(0));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["--format", "xml", "clean.json"],
        &["--no-such-flag", "clean.json"],
        &["-", "-"],
    ] {
        let result = run(args, Some(b"{}"));
        assert_eq!(result.code, Some(2), "{args:?}: {result:?}");
        assert_eq!(result.stdout, "", "{args:?}");
        assert!(result.stderr.contains("error:"), "{args:?}: {result:?}");
    }
}

#[test]
fn help_and_version_exit_0() {
    let help = run(&["--help"], None);
    assert_eq!(help.code, Some(0));
    assert!(help
        .stdout
        .contains("Usage: pedelec-lint [OPTIONS] <FILE>..."));
    assert!(help.stdout.contains("--deny-warnings"));
    assert!(help.stdout.contains("Exit status:"));

    let version = run(&["--version"], None);
    assert_eq!(version.code, Some(0));
    assert_eq!(
        version.stdout,
        format!("pedelec-lint {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn an_unreadable_file_exits_2_and_the_others_are_still_linted() {
    let result = run(&["--format", "json", "missing.json", "tool.json"], None);
    assert_eq!(result.code, Some(2), "{result:?}");
    assert!(
        result.stderr.contains("cannot read missing.json"),
        "{}",
        result.stderr
    );
    let files: Vec<_> = findings(&result)
        .iter()
        .map(|f| f["file"].clone())
        .collect();
    assert_eq!(files, ["tool.json", "tool.json"]);

    let human = run(&["missing.json", "."], None);
    assert_eq!(human.code, Some(2));
    assert!(human.stderr.contains("cannot read ."), "{}", human.stderr);
    assert_eq!(
        human.stdout,
        "no findings in 0 files; 2 files were not read\n"
    );
}

#[test]
fn a_file_that_is_not_json_exits_2_with_the_position_of_the_error() {
    let json = run(&["--format", "json", "not_json.json"], None);
    assert_eq!(json.code, Some(2), "{json:?}");
    let reported = findings(&json);
    // Line 5 is `    "naïve ☕": {"type": "string",}`: the `}` after the
    // trailing comma is the 34th character (serde_json says byte 38).
    assert_eq!(placed(&reported), owned(&[("", 5, 34, "invalid_json")]));
    assert_eq!(reported[0]["severity"], "error");
    assert_eq!(reported[0]["message"], "not valid JSON: trailing comma");

    let human = run(&["not_json.json"], None);
    assert_eq!(human.code, Some(2));
    assert!(human
        .stdout
        .starts_with("not_json.json:5:34: error[invalid_json]: not valid JSON: trailing comma\n"));

    let binary = run(&["--format", "json", "-"], Some(b"{\"type\": \"obj\xC0\"}"));
    assert_eq!(binary.code, Some(2));
    assert_eq!(
        placed(&findings(&binary)),
        owned(&[("", 1, 14, "invalid_json")])
    );
}

/// The fixture has escapes in keys (`na\u006De`, `q\"uote\\d`), non-ASCII
/// text and a tab before keys, a pointer that needs `~0`/`~1`, property
/// names that are keywords (`items`), and a duplicate key (`dup`: serde_json
/// keeps the last, so the finding is on line 11, not in line 10's value).
#[test]
fn positions_are_exact_on_a_multi_line_schema() {
    let result = run(&["--format", "json", "multiline.json"], None);
    assert_eq!(result.code, Some(1), "{result:?}");
    assert_eq!(
        placed(&findings(&result)),
        owned(&[
            ("/properties/name/title", 5, 37, "unsupported_keyword"),
            ("/properties/größe/multipleOf", 6, 63, "unsupported_keyword"),
            (
                "/properties/q\"uote\\d/format",
                7,
                64,
                "unsupported_keyword"
            ),
            ("/properties/a~1b~0c/uniqueItems", 8, 76, "invalid_value"),
            (
                "/properties/items/items/required/0",
                9,
                88,
                "unknown_required"
            ),
            (
                "/properties/dup/exclusiveMinimum",
                11,
                31,
                "unsupported_keyword"
            ),
            ("/required/2", 13, 33, "unknown_required"),
        ])
    );
}

#[test]
fn windows_line_endings_do_not_shift_columns() {
    let text = "{\r\n  \"type\": \"object\",\r\n  \"title\": \"x\"\r\n}\r\n";
    let result = run(&["--format", "json", "-"], Some(text.as_bytes()));
    assert_eq!(
        placed(&findings(&result)),
        owned(&[("/title", 3, 3, "unsupported_keyword")])
    );
}

#[test]
fn the_json_format_has_every_field_in_a_stable_order() {
    let result = run(&["--format", "json", "tool.json"], None);
    let expected = r#"[
  {
    "file": "tool.json",
    "pointer": "/input_schema/properties/units/type",
    "line": 8,
    "column": 17,
    "severity": "error",
    "code": "invalid_type",
    "message": "`type` must be a single type name: for a value of one of several types use `oneOf` with one branch per type; for an optional value, leave its property out of `required` instead of adding \"null\""
  },
  {
    "file": "tool.json",
    "pointer": "/input_schema/additionalProperties",
    "line": 11,
    "column": 5,
    "severity": "error",
    "code": "unsupported_keyword",
    "message": "`additionalProperties` is not supported by the Pedelec argsSchema subset; drop it: list every property the tool takes in `properties`; properties a schema does not name are allowed, and the handler decides what to do with them"
  },
  {
    "file": "tool.json",
    "pointer": "",
    "line": 1,
    "column": 1,
    "severity": "help",
    "code": "fix_available",
    "message": "`pedelec-lint --fix tool.json` would convert this schema into the subset: 1 change (0 lossless, 1 widens, 0 narrows)",
    "fix": {
      "command": "pedelec-lint --fix tool.json",
      "changes": 1,
      "lossless": 0,
      "widens": 1,
      "narrows": 0,
      "not_converted": 0
    }
  }
]
"#;
    assert_eq!(result.stdout, expected);
}

#[test]
fn the_human_format_shows_the_line_with_a_caret_and_the_pointer() {
    let result = run(&["warnings.json"], None);
    let expected = r#"warnings.json:4:5: warning[unbounded_array]: this array has no `maxItems`: bound it so an agent cannot ask for an unbounded bulk operation
  |
4 |     "ids": {"type": "array", "items": {"type": "string"}},
  |     ^^^^^ at /properties/ids

warnings.json:5:58: warning[invalid_default]: this node rejects its own `default` ("medium" is not allowed here; use one of "fast", "slow"); an agent that copies it gets an error. Fix the value or drop `default`
  |
5 |     "mode": {"type": "string", "enum": ["fast", "slow"], "default": "medium"}
  |                                                          ^^^^^^^^^ at /properties/mode/default

0 errors, 2 warnings in 1 file
"#;
    assert_eq!(result.stdout, expected);
}

#[test]
fn standard_input_is_read_for_a_dash() {
    let schema = br#"{"type": "object", "properties": {"q": {"type": "string", "format": "uri"}}}"#;
    let result = run(&["--format", "json", "-"], Some(schema));
    assert_eq!(result.code, Some(1), "{result:?}");
    let findings = findings(&result);
    assert_eq!(findings[0]["file"], "<stdin>");
    assert_eq!(
        placed(&findings),
        owned(&[("/properties/q/format", 1, 59, "unsupported_keyword")])
    );

    let human = run(&["-"], Some(schema));
    assert!(human
        .stdout
        .starts_with("<stdin>:1:59: error[unsupported_keyword]: "));
}

#[test]
fn several_files_are_reported_in_argument_order_then_by_position() {
    let result = run(
        &[
            "--format",
            "json",
            "warnings.json",
            "clean.json",
            "-",
            "tool.json",
        ],
        Some(br#"{"type": "object", "title": "t"}"#),
    );
    assert_eq!(result.code, Some(1), "{result:?}");
    let order: Vec<(String, u64)> = findings(&result)
        .iter()
        .map(|f| {
            (
                f["file"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("warnings.json", 4),
        ("warnings.json", 5),
        ("<stdin>", 1),
        ("tool.json", 8),
        ("tool.json", 11),
    ];
    let expected: Vec<(String, u64)> = expected.iter().map(|(f, l)| (f.to_string(), *l)).collect();
    assert_eq!(order, expected);

    let human = run(&["warnings.json", "clean.json", "tool.json"], None);
    assert!(human.stdout.contains("\n2 errors, 2 warnings in 3 files\n"));
}

#[test]
fn a_tool_definition_is_linted_by_its_schema() {
    let result = run(&["--format", "json", "tool.json"], None);
    assert_eq!(
        placed(&findings(&result)),
        owned(&[
            ("/input_schema/properties/units/type", 8, 17, "invalid_type"),
            (
                "/input_schema/additionalProperties",
                11,
                5,
                "unsupported_keyword"
            ),
        ])
    );
}

/// A `tools/list` result: a clean tool, one with findings (whose property
/// names `pattern` and `type` are names, not keywords), and an OpenAI
/// function wrapper.
#[test]
fn a_tools_list_is_linted_tool_by_tool() {
    let result = run(&["--format", "json", "tools_list.json"], None);
    assert_eq!(
        placed(&findings(&result)),
        owned(&[
            ("/tools/1/inputSchema/$schema", 15, 9, "unsupported_keyword"),
            (
                "/tools/1/inputSchema/properties/pattern/format",
                18,
                41,
                "unsupported_keyword"
            ),
        ])
    );
}

#[test]
fn a_file_that_is_no_schema_is_linted_as_one() {
    let result = run(&["--format", "json", "not_a_schema.json"], None);
    assert_eq!(result.code, Some(1));
    assert_eq!(
        placed(&findings(&result)),
        owned(&[
            ("", 1, 1, "root_not_object"),
            ("/name", 2, 3, "unknown_keyword"),
            ("/version", 3, 3, "unknown_keyword"),
        ])
    );
}

/// What the `--fix` run on the same file says it changed: its summary's
/// figures, `N changes (a lossless, b widens, c narrows)`.
fn fix_figures(file: &str) -> String {
    let fixed = run(&["--fix", file], None);
    assert_eq!(fixed.code, Some(0), "{fixed:?}");
    let summary = fixed.stderr.lines().last().unwrap_or_default();
    let (_, figures) = summary.split_once(": ").expect("a --fix summary");
    figures.to_owned()
}

/// A schema written for another dialect (`format`, `$ref` with `$defs`,
/// `nullable`) is refused, and the report ends with the command that
/// converts it and the changes that command makes, by effect - the same
/// figures as `--fix`'s own summary. Its `$ref` node is one finding, the
/// reference (not a `missing_type` beside it).
#[test]
fn the_summary_leads_to_fix_when_it_can_convert() {
    let result = run(&["other_dialect.json"], None);
    assert_eq!(result.code, Some(1), "{result:?}");
    let figures = fix_figures("other_dialect.json");
    assert_eq!(figures, "4 changes (2 lossless, 1 widens, 1 narrows)");
    assert!(
        result.stdout.ends_with(&format!(
            "4 errors, 0 warnings in 1 file\n\
             help: `pedelec-lint --fix other_dialect.json` would convert this schema into the \
             subset: {figures}\n"
        )),
        "{}",
        result.stdout
    );

    let json = run(&["--format", "json", "other_dialect.json"], None);
    let entries = json.json();
    assert_eq!(
        placed(&findings(&json)),
        owned(&[
            ("/properties/when/format", 4, 32, "unsupported_keyword"),
            ("/properties/who/$ref", 5, 13, "unsupported_keyword"),
            ("/properties/note/nullable", 6, 32, "unsupported_keyword"),
            ("/$defs", 8, 3, "unsupported_keyword"),
        ])
    );
    let help = entries.last().unwrap();
    assert_eq!(help["severity"], "help");
    assert_eq!(help["code"], "fix_available");
    assert_eq!(
        (&help["pointer"], &help["line"], &help["column"]),
        (&json!(""), &json!(1), &json!(1))
    );
    assert_eq!(
        help["fix"],
        json!({"command": "pedelec-lint --fix other_dialect.json", "changes": 4,
               "lossless": 2, "widens": 1, "narrows": 1, "not_converted": 0})
    );
    assert!(help["message"]
        .as_str()
        .unwrap()
        .ends_with(&format!("into the subset: {figures}")));
}

/// The hint comes only where `--fix` mends something lint refuses: not for
/// a clean file, a file with warnings only, a file that is not JSON, or a
/// schema no conversion can bring into the subset (a root that is no
/// object); with several files, each convertible file gets its own, after
/// its findings, naming the file to pass (`-` for standard input).
#[test]
fn only_files_fix_can_mend_get_the_hint() {
    for file in ["clean.json", "warnings.json", "not_json.json"] {
        let result = run(&[file], None);
        assert!(
            !result.stdout.contains("help:"),
            "{file}: {}",
            result.stdout
        );
        let json = run(&["--format", "json", file], None);
        assert_eq!(json.json(), findings(&json), "{file}");
    }
    let hopeless = run(&["-"], Some(br#"{"type": "string", "format": "uri"}"#));
    assert_eq!(hopeless.code, Some(1));
    assert!(!hopeless.stdout.contains("help:"), "{}", hopeless.stdout);

    let several = run(
        &["--format", "json", "tool.json", "warnings.json", "-"],
        Some(br#"{"type": "object", "title": "t"}"#),
    );
    let order: Vec<(String, String)> = several
        .json()
        .iter()
        .map(|entry| {
            (
                entry["file"].as_str().unwrap().to_owned(),
                entry["code"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("tool.json", "invalid_type"),
        ("tool.json", "unsupported_keyword"),
        ("tool.json", "fix_available"),
        ("warnings.json", "unbounded_array"),
        ("warnings.json", "invalid_default"),
        ("<stdin>", "unsupported_keyword"),
        ("<stdin>", "fix_available"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(file, code)| (file.to_string(), code.to_string()))
        .collect();
    assert_eq!(order, expected);
    assert_eq!(several.json()[6]["fix"]["command"], "pedelec-lint --fix -");
}

/// Standard output is a pipe here, never a terminal: no escape codes,
/// whether or not `NO_COLOR` is set.
#[test]
fn output_to_a_pipe_has_no_escape_codes() {
    for no_color in [None, Some("1")] {
        let result = run_with(&["multiline.json", "not_json.json"], None, |command| {
            if let Some(value) = no_color {
                command.env("NO_COLOR", value);
            }
        });
        assert!(!result.stdout.contains('\u{1b}'), "{result:?}");
        assert!(!result.stderr.contains('\u{1b}'), "{result:?}");
    }
}

/// On a terminal there is colour, unless `NO_COLOR` says no. Needs
/// `script` (util-linux) to give the binary a pseudo-terminal.
#[test]
fn a_terminal_gets_colour_unless_no_color_is_set() {
    // A machine without `script`, or without pseudo-terminals, cannot run
    // this test; say so rather than fail.
    let has_pty = std::process::Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_pty {
        eprintln!("skipped: `script` (util-linux) cannot open a pseudo-terminal here");
        return;
    }
    // `script -qec CMD /dev/null` runs CMD on a new pseudo-terminal.
    let command = format!("'{}' warnings.json", cli_support::binary().display());
    let in_terminal = |no_color: Option<&str>| {
        let mut script = std::process::Command::new("script");
        script
            .args(["-qec", &command, "/dev/null"])
            .current_dir(cli_support::fixtures())
            .env_remove("NO_COLOR");
        if let Some(value) = no_color {
            script.env("NO_COLOR", value);
        }
        cli_support::capture(script, None)
    };
    let coloured = in_terminal(None);
    assert!(coloured.stdout.contains("\u{1b}["), "{coloured:?}");
    assert!(coloured.stdout.contains("warning[unbounded_array]"));
    let plain = in_terminal(Some("1"));
    assert!(!plain.stdout.contains('\u{1b}'), "{plain:?}");
    assert!(plain
        .stdout
        .contains("warnings.json:4:5: warning[unbounded_array]"));
    // An empty NO_COLOR does not opt out (https://no-color.org).
    assert!(in_terminal(Some("")).stdout.contains("\u{1b}["));
}

/// A message quotes keys from the file; a key holding a terminal escape
/// must not reach the terminal raw.
#[test]
fn control_characters_from_the_file_are_escaped_in_human_output() {
    let schema = br#"{"type": "object", "\u001b[2J": 1}"#;
    let result = run(&["-"], Some(schema));
    assert_eq!(result.code, Some(1));
    assert!(!result.stdout.contains('\u{1b}'), "{result:?}");
    assert!(result.stdout.contains("\\u{1b}[2J"), "{}", result.stdout);
}

/// Whatever the input, the command reports and exits; it never panics:
/// every prefix of a schema (truncated files), deep nesting beyond the
/// JSON reader's limit, a schema nested beyond the library's limit, and
/// bytes that are not text.
#[test]
fn hostile_input_never_crashes_the_command() {
    let schema = std::fs::read_to_string(cli_support::fixtures().join("multiline.json")).unwrap();
    let mut inputs: Vec<Vec<u8>> = (0..schema.len())
        .step_by(7)
        .filter(|&cut| schema.is_char_boundary(cut))
        .map(|cut| schema.as_bytes()[..cut].to_vec())
        .collect();
    inputs.push("[".repeat(100_000).into_bytes());
    let nested = r#"{"type": "array", "maxItems": 1, "items": "#;
    inputs.push(
        format!(
            "{}{{\"type\": \"string\"}}{}",
            nested.repeat(70),
            "}".repeat(70)
        )
        .into_bytes(),
    );
    let mut state = 0x2545_f491_u32;
    inputs.push(
        (0..4096)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                state as u8
            })
            .collect(),
    );
    for input in &inputs {
        for format in ["human", "json"] {
            let result = run(&["--format", format, "-"], Some(input));
            let shown = String::from_utf8_lossy(&input[..input.len().min(60)]);
            assert!(
                matches!(result.code, Some(1 | 2)),
                "{format} {shown:?}: {result:?}"
            );
            assert!(!result.stderr.contains("panicked"), "{shown:?}: {result:?}");
            if format == "json" {
                assert!(!result.json().is_empty(), "{shown:?}");
            }
        }
    }
}
