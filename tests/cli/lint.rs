//! Integration tests of the `pedelec-lint` command: the real binary, run
//! over the files in `tests/fixtures/lint/`.

use crate::cli_support;

use cli_support::{run, run_with};

/// The expected `(pointer, line, column, code)` list, owned.
fn owned(expected: &[(&str, u64, u64, &str)]) -> Vec<(String, u64, u64, String)> {
    expected
        .iter()
        .map(|(p, l, c, code)| (p.to_string(), *l, *c, code.to_string()))
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
    assert!(result.stdout.ends_with("2 errors, 0 warnings in 1 file\n"));
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
    let files: Vec<_> = result.json().iter().map(|f| f["file"].clone()).collect();
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
    let findings = json.json();
    // Line 5 is `    "naïve ☕": {"type": "string",}`: the `}` after the
    // trailing comma is the 34th character (serde_json says byte 38).
    assert_eq!(placed(&findings), owned(&[("", 5, 34, "invalid_json")]));
    assert_eq!(findings[0]["severity"], "error");
    assert_eq!(findings[0]["message"], "not valid JSON: trailing comma");

    let human = run(&["not_json.json"], None);
    assert_eq!(human.code, Some(2));
    assert!(human
        .stdout
        .starts_with("not_json.json:5:34: error[invalid_json]: not valid JSON: trailing comma\n"));

    let binary = run(&["--format", "json", "-"], Some(b"{\"type\": \"obj\xC0\"}"));
    assert_eq!(binary.code, Some(2));
    assert_eq!(
        placed(&binary.json()),
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
        placed(&result.json()),
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
        placed(&result.json()),
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
    let findings = result.json();
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
    let order: Vec<(String, u64)> = result
        .json()
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
    assert!(human.stdout.ends_with("2 errors, 2 warnings in 3 files\n"));
}

#[test]
fn a_tool_definition_is_linted_by_its_schema() {
    let result = run(&["--format", "json", "tool.json"], None);
    assert_eq!(
        placed(&result.json()),
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
        placed(&result.json()),
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
        placed(&result.json()),
        owned(&[
            ("", 1, 1, "root_not_object"),
            ("/name", 2, 3, "unknown_keyword"),
            ("/version", 3, 3, "unknown_keyword"),
        ])
    );
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
