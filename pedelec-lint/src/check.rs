//! One file from bytes to findings with positions.

use pedelec_schema::{lint, Code, Severity};
use serde_json::Value;

use crate::fix_hint::Preview;
use crate::input::Input;
use crate::locate::{locate_all, Span};
use crate::position::{floor_char_boundary, LineIndex, Position};
use crate::shapes;

/// One finding about a file, placed in its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Where, as a JSON Pointer into the file (not into the schema: a
    /// schema inside a tool definition has the definition's prefix).
    pub pointer: String,
    /// Where, as a person counts.
    pub position: Position,
    /// The bytes to underline.
    pub span: Span,
    /// Error or warning.
    pub severity: Severity,
    /// The stable snake_case code.
    pub code: Code,
    /// What is wrong and what to do instead.
    pub message: String,
}

/// A file after checking.
#[derive(Debug)]
pub struct Checked {
    /// The file's name as given.
    pub name: String,
    /// The text the positions refer to (without a byte-order mark; invalid
    /// UTF-8 replaced by U+FFFD).
    pub text: String,
    /// Index of the text's lines, for rendering.
    pub lines: LineIndex,
    /// The findings, in the order of their position in the file.
    pub findings: Vec<Finding>,
    /// Whether the file is not JSON at all (exit status 2).
    pub unreadable: bool,
    /// What `--fix` would convert, when the file has errors it can mend
    /// (filled in by [`crate::lint::lint_file`]).
    pub fix: Option<Preview>,
}

/// Decodes, parses and lints one input.
pub fn check(input: Input) -> Checked {
    let (text, utf8_error) = decode(input.bytes);
    let lines = LineIndex::new(&text);
    let (findings, unreadable) = match utf8_error {
        Some(offset) => (vec![not_utf8(&text, &lines, offset)], true),
        None => match serde_json::from_str::<Value>(&text) {
            Ok(document) => (lint_document(&text, &lines, &document), false),
            Err(error) => (vec![not_json(&text, &lines, &error)], true),
        },
    };
    Checked {
        name: input.name,
        text,
        lines,
        findings,
        unreadable,
        fix: None,
    }
}

/// The text without a UTF-8 byte-order mark (RFC 8259 lets a parser ignore
/// one, and editors on Windows write it), and the offset of the first
/// invalid byte if the bytes are not UTF-8.
fn decode(bytes: Vec<u8>) -> (String, Option<usize>) {
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    match String::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(error) => {
            let offset = error.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(error.as_bytes()).into_owned();
            (text, Some(offset))
        }
    }
}

/// Lints every schema the document holds and places each finding.
fn lint_document(text: &str, lines: &LineIndex, document: &Value) -> Vec<Finding> {
    let diagnostics: Vec<(String, pedelec_schema::Diagnostic)> = shapes::schemas(document)
        .into_iter()
        .flat_map(|site| {
            lint(site.schema)
                .into_iter()
                .map(move |d| (format!("{}{}", site.pointer, d.pointer), d))
        })
        .collect();
    let pointers: Vec<&str> = diagnostics.iter().map(|(p, _)| p.as_str()).collect();
    let spans: Vec<Span> = locate_all(text, &pointers)
        .into_iter()
        .map(|location| location.map_or(0..0, |l| l.target(text)))
        .collect();
    let starts: Vec<usize> = spans.iter().map(|span| span.start).collect();
    let positions = lines.positions(text, &starts);
    let mut findings: Vec<Finding> = diagnostics
        .into_iter()
        .zip(spans)
        .zip(positions)
        .map(|(((pointer, d), span), position)| Finding {
            pointer,
            position,
            span,
            severity: d.severity,
            code: d.code,
            message: d.message,
        })
        .collect();
    // Stable: findings at one place keep the library's order.
    findings.sort_by_key(|finding| finding.span.start);
    findings
}

/// The finding for a file that serde_json cannot parse.
fn not_json(text: &str, lines: &LineIndex, error: &serde_json::Error) -> Finding {
    let offset = if error.is_eof() {
        // Point just past the last thing written, not at trailing newlines.
        text.trim_end().len()
    } else {
        // serde_json counts bytes, and its column is that of the byte it
        // stopped at, counted from 1.
        lines.offset_of(text, error.line(), error.column().saturating_sub(1))
    };
    let full = error.to_string();
    let reason = full
        .rsplit_once(" at line ")
        .map_or(full.as_str(), |(r, _)| r);
    let message = if reason.contains("recursion limit") {
        "the file nests arrays and objects more than 128 levels deep, deeper than the \
         JSON reader allows; no tool schema needs that"
            .to_owned()
    } else {
        format!("not valid JSON: {reason}")
    };
    invalid_json(text, lines, offset, message)
}

/// The finding for a file that is not UTF-8 (which JSON must be).
fn not_utf8(text: &str, lines: &LineIndex, offset: usize) -> Finding {
    invalid_json(
        text,
        lines,
        offset,
        "not valid JSON: the file is not UTF-8 text (JSON files must be UTF-8)".to_owned(),
    )
}

/// An `invalid_json` error at `offset`, underlining the character there
/// (nothing at the end of a line or of the text).
fn invalid_json(text: &str, lines: &LineIndex, offset: usize, message: String) -> Finding {
    let offset = floor_char_boundary(text, offset);
    let span = match text[offset..].chars().next() {
        Some(c) if c != '\n' && c != '\r' => offset..offset + c.len_utf8(),
        _ => offset..offset,
    };
    Finding {
        pointer: String::new(),
        position: lines.positions(text, &[offset])[0],
        span,
        severity: Severity::Error,
        code: Code::InvalidJson,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_text(text: &[u8]) -> Checked {
        check(Input {
            name: "t.json".to_owned(),
            bytes: text.to_vec(),
        })
    }

    fn summary(checked: &Checked) -> Vec<(String, usize, usize, &'static str)> {
        checked
            .findings
            .iter()
            .map(|f| {
                (
                    f.pointer.clone(),
                    f.position.line,
                    f.position.column,
                    f.code.as_str(),
                )
            })
            .collect()
    }

    #[test]
    fn findings_are_placed_and_ordered_by_position() {
        let checked = check_text(
            br#"{
  "type": "object",
  "properties": {
    "b": {"type": "string", "format": "uri"},
    "a": {"type": "array", "items": {"type": "string"}}
  },
  "$schema": "x"
}"#,
        );
        assert!(!checked.unreadable);
        assert_eq!(
            summary(&checked),
            [
                (
                    "/properties/b/format".to_owned(),
                    4,
                    29,
                    "unsupported_keyword"
                ),
                ("/properties/a".to_owned(), 5, 5, "unbounded_array"),
                ("/$schema".to_owned(), 7, 3, "unsupported_keyword"),
            ]
        );
    }

    #[test]
    fn a_byte_order_mark_is_ignored() {
        let checked = check_text(b"\xEF\xBB\xBF{\"type\": \"object\", \"title\": \"t\"}");
        assert_eq!(
            summary(&checked),
            [("/title".to_owned(), 1, 20, "unsupported_keyword")]
        );
    }

    #[test]
    fn syntax_errors_carry_their_position_in_characters() {
        let checked = check_text("{\n  \"é\": x\n}".as_bytes());
        assert!(checked.unreadable);
        assert_eq!(summary(&checked), [(String::new(), 2, 8, "invalid_json")]);
        assert_eq!(&checked.text[checked.findings[0].span.clone()], "x");
        assert!(
            checked.findings[0]
                .message
                .starts_with("not valid JSON: expected value"),
            "{}",
            checked.findings[0].message
        );
    }

    #[test]
    fn an_early_end_points_past_the_last_character() {
        let checked = check_text(b"{\"type\": \"object\",\n\n");
        assert_eq!(summary(&checked), [(String::new(), 1, 19, "invalid_json")]);
        let checked = check_text(b"");
        assert_eq!(summary(&checked), [(String::new(), 1, 1, "invalid_json")]);
    }

    #[test]
    fn invalid_utf8_is_not_json() {
        let checked = check_text(b"{\"type\": \"obj\xFF\"}");
        assert!(checked.unreadable);
        assert_eq!(summary(&checked), [(String::new(), 1, 14, "invalid_json")]);
    }

    #[test]
    fn too_deep_json_is_reported_not_crashed_on() {
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        let checked = check_text(deep.as_bytes());
        assert!(checked.unreadable);
        assert!(checked.findings[0].message.contains("128 levels"));
    }
}
