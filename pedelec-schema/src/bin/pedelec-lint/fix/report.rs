//! What `--fix` says on standard error: one note per change, one error per
//! reason a schema could not be converted (or a file could not be read as
//! JSON), then a summary - for people, or as one JSON array.

use std::fmt::Write as _;

use pedelec_schema::Effect;
use serde::Serialize;

use crate::position::Position;
use crate::render::{plural, printable};

/// One line of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The file's name as given.
    pub file: String,
    /// Where, as a JSON Pointer into the file.
    pub pointer: String,
    /// Where, as a person counts.
    pub position: Position,
    /// A change (with its effect), or an error (without).
    pub effect: Option<Effect>,
    /// The stable snake_case code.
    pub code: String,
    /// What was done, or what is wrong.
    pub message: String,
}

/// How the run went, for the summary.
#[derive(Debug, Default)]
pub struct Tally {
    pub files: usize,
    pub unread: usize,
    pub converted: usize,
    pub failed: usize,
}

/// One note as `--format json` writes it: the lint's fields, `severity`
/// `"note"` or `"error"`, and `effect` for a note.
#[derive(Serialize)]
struct JsonNote<'a> {
    file: &'a str,
    pointer: &'a str,
    line: usize,
    column: usize,
    severity: &'static str,
    code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    effect: Option<&'static str>,
    message: &'a str,
}

/// Every note as one pretty-printed JSON array.
pub fn json(notes: &[Note]) -> String {
    let entries: Vec<JsonNote<'_>> = notes
        .iter()
        .map(|note| JsonNote {
            file: &note.file,
            pointer: &note.pointer,
            line: note.position.line,
            column: note.position.column,
            severity: if note.effect.is_some() {
                "note"
            } else {
                "error"
            },
            code: &note.code,
            effect: note.effect.map(Effect::as_str),
            message: &note.message,
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&entries).unwrap_or_else(|_| "[]".to_owned());
    out.push('\n');
    out
}

/// Every note on a line of its own, then the summary.
pub fn human(notes: &[Note], tally: &Tally) -> String {
    let mut out = String::new();
    for note in notes {
        let label = match note.effect {
            Some(effect) => format!("note[{}] ({effect})", note.code),
            None => format!("error[{}]", note.code),
        };
        let _ = writeln!(
            out,
            "{}:{}:{}: {label}: {}",
            printable(&note.file),
            note.position.line,
            note.position.column,
            printable(&note.message)
        );
    }
    out.push_str(&summary(notes, tally));
    out.push('\n');
    out
}

/// `2 schemas converted in 1 file: 5 changes (3 lossless, 1 widens, 1
/// narrows)`, then what could not be converted or read.
fn summary(notes: &[Note], tally: &Tally) -> String {
    let count = |effect| notes.iter().filter(|n| n.effect == Some(effect)).count();
    let changes = notes.iter().filter(|n| n.effect.is_some()).count();
    let mut line = format!(
        "{} converted in {}: {} ({} lossless, {} widens, {} narrows)",
        plural(tally.converted, "schema"),
        plural(tally.files, "file"),
        plural(changes, "change"),
        count(Effect::Lossless),
        count(Effect::Widens),
        count(Effect::Narrows),
    );
    if tally.failed > 0 {
        let verb = if tally.failed == 1 { "was" } else { "were" };
        let _ = write!(
            line,
            "; {} {verb} not converted (left as it was)",
            plural(tally.failed, "schema")
        );
    }
    if tally.unread > 0 {
        let verb = if tally.unread == 1 { "was" } else { "were" };
        let _ = write!(line, "; {} {verb} not read", plural(tally.unread, "file"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(effect: Option<Effect>) -> Note {
        Note {
            file: "t.json".to_owned(),
            pointer: "/x".to_owned(),
            position: Position { line: 2, column: 3 },
            effect,
            code: "null_dropped".to_owned(),
            message: "m".to_owned(),
        }
    }

    #[test]
    fn notes_carry_their_effect_and_errors_do_not() {
        let tally = Tally {
            files: 1,
            converted: 1,
            failed: 1,
            ..Tally::default()
        };
        let text = human(&[note(Some(Effect::Narrows)), note(None)], &tally);
        assert_eq!(
            text,
            "t.json:2:3: note[null_dropped] (narrows): m\n\
             t.json:2:3: error[null_dropped]: m\n\
             1 schema converted in 1 file: 1 change (0 lossless, 0 widens, 1 narrows); \
             1 schema was not converted (left as it was)\n"
        );
        let entries: serde_json::Value = serde_json::from_str(&json(&[note(None)])).unwrap();
        assert_eq!(entries[0]["severity"], "error");
        assert!(entries[0].get("effect").is_none());
    }
}
