//! `--fix`: convert every schema of each file into the subset
//! (`pedelec_schema::convert_str`, which keeps the order the file lists
//! properties in) and write the file back in the same shape -
//! a bare schema, a tool definition, a list of tools, a `tools/list`
//! result - with only its schemas changed.
//!
//! - One FILE: the converted file goes to standard output. Several FILEs
//!   need `--in-place` (standard output holds one JSON document), which
//!   rewrites each file that changed, through a temporary file renamed
//!   over it.
//! - A schema that converts without changes keeps its bytes; one that
//!   cannot be converted is left as it was, and the run exits 1.
//! - Every change is a note on standard error, at the line and column of
//!   the source keyword: `file:line:column: note[code] (effect): message`;
//!   `--format json` writes them as one JSON array there instead.
//! - A lint report ends with what `--fix` would change in a file it
//!   refuses ([`preview_of`], a real conversion of the same text), held as
//!   a `fix_hint::Preview`.

mod report;

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use pedelec_schema::{convert, convert_str, Severity};
use serde_json::Value;

use crate::check::{check, Checked};
use crate::cli::{Cli, Format};
use crate::fix_hint::{fix_command, Preview};
use crate::input;
use crate::locate::locate_all;
use crate::notes::{self, place, Note, Unplaced};
use crate::output::{self, BAD_INPUT};
use crate::shapes;
use crate::splice::{self, Edit};
use crate::words::printable;
use report::Tally;

/// Exit status: every schema converted.
const CONVERTED: u8 = 0;
/// Exit status: a schema could not be converted.
const NOT_CONVERTED: u8 = 1;

const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// One file after conversion.
struct Fixed {
    /// The converted text (the original when nothing changed).
    text: String,
    changed: bool,
    notes: Vec<Note>,
    converted: usize,
    failed: usize,
}

/// Converts every file of `cli`, writes the results and the report, and
/// chooses the exit status.
pub fn run(cli: &Cli) -> ExitCode {
    let mut notes = Vec::new();
    let mut tally = Tally::default();
    let mut bad_input = false;
    for path in &cli.files {
        let input = match input::read(path) {
            Ok(input) => input,
            Err(failure) => {
                eprintln!(
                    "pedelec-lint: error: cannot read {}: {}",
                    printable(&failure.name),
                    failure.error
                );
                tally.unread += 1;
                bad_input = true;
                continue;
            }
        };
        tally.files += 1;
        let bom = input.bytes.starts_with(BYTE_ORDER_MARK);
        let checked = check(input);
        let Some(fixed) = fix_file(&checked) else {
            notes.extend(not_json(&checked));
            bad_input = true;
            continue;
        };
        tally.converted += fixed.converted;
        tally.failed += fixed.failed;
        notes.extend(fixed.notes);
        let mut bytes = if bom {
            BYTE_ORDER_MARK.to_vec()
        } else {
            Vec::new()
        };
        bytes.extend_from_slice(fixed.text.as_bytes());
        let written = if cli.in_place {
            !fixed.changed || write_in_place(path, &bytes)
        } else {
            write_stdout(&bytes)
        };
        bad_input |= !written;
    }
    let report = match cli.format {
        Format::Json => notes::json(&notes),
        Format::Human => report::human(&notes, &tally),
    };
    // Nothing to do about a closed standard error.
    let _ = std::io::stderr().lock().write_all(report.as_bytes());
    ExitCode::from(if bad_input {
        BAD_INPUT
    } else if tally.failed > 0 {
        NOT_CONVERTED
    } else {
        CONVERTED
    })
}

/// What `--fix` would change in `checked`, when lint refuses something in
/// it (an error) and the conversion changes at least one schema; `None`
/// for a clean file, a file with warnings only, a file that is not JSON,
/// or one whose errors no conversion can mend.
pub fn preview_of(checked: &Checked) -> Option<Preview> {
    let refused = checked
        .findings
        .iter()
        .any(|finding| finding.severity == Severity::Error);
    if !refused || checked.unreadable {
        return None;
    }
    let fixed = fix_file(checked)?;
    let effects = report::effects(&fixed.notes);
    if effects.changes() == 0 {
        return None;
    }
    let text = &checked.text;
    let start = locate_all(text, &[""])
        .pop()
        .flatten()
        .map_or(0, |location| location.target(text).start);
    Some(Preview {
        command: fix_command(&checked.name),
        effects,
        converted: fixed.converted,
        not_converted: fixed.failed,
        position: checked.lines.positions(text, &[start])[0],
    })
}

/// Converts the schemas of one file; `None` when it is not JSON.
fn fix_file(checked: &Checked) -> Option<Fixed> {
    if checked.unreadable {
        return None;
    }
    let text = &checked.text;
    let document: Value = serde_json::from_str(text).ok()?;
    let sites = shapes::schemas(&document);
    let site_pointers: Vec<&str> = sites.iter().map(|s| s.pointer.as_str()).collect();
    let spans: Vec<_> = locate_all(text, &site_pointers)
        .into_iter()
        .map(|location| location.filter(|l| l.exact).map(|l| l.value))
        .collect();
    let mut edits = Vec::new();
    let mut unplaced = Vec::new();
    let (mut converted, mut failed) = (0, 0);
    for (site, span) in sites.iter().zip(spans) {
        // From the schema's own text, for its property order; a schema
        // that cannot be found in the text is converted, not rewritten.
        let result = match &span {
            Some(span) => convert_str(&text[span.clone()]),
            None => convert(site.schema),
        };
        match result {
            Ok(result) => {
                converted += 1;
                unplaced.extend(
                    result
                        .changes
                        .iter()
                        .map(|change| Unplaced::change(&site.pointer, change)),
                );
                if result.changes.is_empty() {
                    continue;
                }
                let Some(span) = span else {
                    continue;
                };
                edits.push(Edit::written_like(text, span, &result.document()));
            }
            Err(error) => {
                failed += 1;
                unplaced.extend(error.reasons().iter().map(|reason| {
                    let pointer = format!("{}{}", site.pointer, reason.pointer);
                    Unplaced::error(pointer, reason.code.as_str(), reason.message.clone())
                }));
            }
        }
    }
    let notes = place(checked, unplaced);
    let changed = !edits.is_empty();
    Some(Fixed {
        text: splice::apply(text, edits),
        changed,
        notes,
        converted,
        failed,
    })
}

/// The error for a file that is not JSON (or not UTF-8), as the lint
/// reports it.
fn not_json(checked: &Checked) -> Vec<Note> {
    checked
        .findings
        .iter()
        .map(|finding| Note {
            file: checked.name.clone(),
            position: finding.position,
            what: Unplaced::error(
                finding.pointer.clone(),
                finding.code.as_str(),
                finding.message.clone(),
            ),
        })
        .collect()
}

/// Writes `bytes` to standard output; a closed pipe is the reader's
/// choice, any other failure is reported.
fn write_stdout(bytes: &[u8]) -> bool {
    match output::write_stdout(bytes) {
        Ok(()) => true,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => true,
        Err(error) => {
            eprintln!("pedelec-lint: error: cannot write the converted file: {error}");
            false
        }
    }
}

/// Replaces the file at `path` with `bytes`: written beside it, with its
/// permissions, then renamed over it, so that a failure leaves the file as
/// it was.
fn write_in_place(path: &Path, bytes: &[u8]) -> bool {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |name| name.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.pedelec-fix.tmp"));
    let result = std::fs::write(&temporary, bytes)
        .and_then(|()| {
            let permissions = std::fs::metadata(path)?.permissions();
            std::fs::set_permissions(&temporary, permissions)
        })
        .and_then(|()| std::fs::rename(&temporary, path));
    match result {
        Ok(()) => true,
        Err(error) => {
            let _ = std::fs::remove_file(&temporary);
            eprintln!(
                "pedelec-lint: error: cannot rewrite {}: {error}",
                printable(&path.to_string_lossy())
            );
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Input;
    use crate::position::Position;

    fn fixed(text: &str) -> Fixed {
        let checked = check(Input {
            name: "t.json".to_owned(),
            bytes: text.as_bytes().to_vec(),
        });
        fix_file(&checked).expect("JSON")
    }

    fn preview_text(name: &str, text: &str) -> Option<Preview> {
        preview_of(&check(Input {
            name: name.to_owned(),
            bytes: text.as_bytes().to_vec(),
        }))
    }

    #[test]
    fn only_the_schemas_change() {
        let text = "{\n  \"zz\": 1,  \"name\": \"t\",\n  \"inputSchema\": {\"type\": \"object\", \
                    \"title\": \"T\"},\n  \"aa\": [1,2]\n}\n";
        let result = fixed(text);
        assert_eq!(
            result.text,
            "{\n  \"zz\": 1,  \"name\": \"t\",\n  \"inputSchema\": {\"type\":\"object\",\
             \"properties\":{},\"description\":\"T\"},\n  \"aa\": [1,2]\n}\n"
        );
        assert_eq!(result.notes.len(), 1);
        assert_eq!(result.notes[0].what.pointer, "/inputSchema/title");
        assert_eq!(
            result.notes[0].position,
            Position {
                line: 3,
                column: 37
            }
        );
    }

    #[test]
    fn a_file_without_changes_keeps_every_byte() {
        let text = "{ \"type\" : \"object\" ,\n\"properties\": {} }";
        let result = fixed(text);
        assert!(!result.changed);
        assert_eq!(result.text, text);
    }

    #[test]
    fn a_schema_that_cannot_be_converted_is_left_as_it_was() {
        let text = r#"[{"name": "a", "parameters": {"type": "string"}},
                       {"name": "b", "parameters": {"type": "object", "$comment": "c"}}]"#;
        let result = fixed(text);
        assert_eq!((result.converted, result.failed), (1, 1));
        assert!(result.text.contains(r#"{"type": "string"}"#));
        assert!(!result.text.contains("$comment"));
        assert_eq!(result.notes[0].what.code, "accepts_no_objects");
        assert_eq!(result.notes[0].what.effect, None);
    }

    #[test]
    fn a_convertible_file_gets_the_command_and_its_changes() {
        let text = r##"
  {"type": "object", "properties": {
    "when": {"type": "string", "format": "date-time"},
    "who": {"$ref": "#/$defs/Who"}},
   "$defs": {"Who": {"type": "string", "nullable": true}}}"##;
        let preview = preview_text("tools.json", text).expect("a preview");
        assert_eq!(preview.command, "pedelec-lint --fix tools.json");
        assert_eq!(preview.position, Position { line: 2, column: 3 });
        assert_eq!(preview.not_converted, 0);
        assert!(preview.effects.changes() >= 3, "{:?}", preview.effects);
        assert!(
            preview.message().starts_with(
                "`pedelec-lint --fix tools.json` would convert this schema into the subset: "
            ),
            "{}",
            preview.message()
        );
    }

    #[test]
    fn only_a_file_lint_refuses_and_fix_changes_gets_a_preview() {
        let clean = r#"{"type": "object", "properties": {"a": {"type": "string"}}}"#;
        assert_eq!(preview_text("t.json", clean), None);
        let warnings = r#"{"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"}}}}"#;
        assert_eq!(preview_text("t.json", warnings), None);
        assert_eq!(preview_text("t.json", "{"), None);
        let hopeless = r#"{"type": "string", "format": "uri"}"#;
        assert_eq!(preview_text("t.json", hopeless), None);
    }

    #[test]
    fn schemas_it_cannot_convert_are_counted() {
        let text = r#"[{"name": "a", "parameters": {"type": "string"}},
                       {"name": "b", "parameters": {"type": "object", "title": "B"}}]"#;
        let preview = preview_text("t.json", text).expect("a preview");
        assert_eq!((preview.converted, preview.not_converted), (1, 1));
        assert!(
            preview
                .message()
                .ends_with("; 1 schema cannot be converted (`--fix` says why)"),
            "{}",
            preview.message()
        );
    }
}
