//! The notes `--fix` and `--export` write on standard error: one per change
//! a bridge made (or per reason it could not), placed at the line and
//! column of what it points at, for people or as one JSON array. Lint's
//! findings have their own, richer report (`render.rs`); a note is one line.

use std::fmt::Write as _;

use pedelec_schema::{Change, Effect, Severity};
use serde::Serialize;

use crate::check::Checked;
use crate::locate::locate_all;
use crate::position::Position;
use crate::words::printable;

/// A note before it is placed: where (a pointer into the file), and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unplaced {
    pub pointer: String,
    pub severity: Severity,
    /// A change's effect; `None` for an error that changed nothing.
    pub effect: Option<Effect>,
    pub code: &'static str,
    pub message: String,
}

impl Unplaced {
    /// A change made to the schema at `site` (a pointer into the file).
    pub fn change(site: &str, change: &Change) -> Unplaced {
        Unplaced {
            pointer: format!("{site}{}", change.pointer),
            severity: change.severity,
            effect: Some(change.effect),
            code: change.code.as_str(),
            message: change.message.clone(),
        }
    }

    /// A reason nothing could be done, at `pointer` in the file.
    pub fn error(pointer: String, code: &'static str, message: String) -> Unplaced {
        Unplaced {
            pointer,
            severity: Severity::Error,
            effect: None,
            code,
            message,
        }
    }
}

/// A note placed in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The file's name as given.
    pub file: String,
    pub position: Position,
    pub what: Unplaced,
}

/// The notes of one file, with their positions, in the order of the file
/// (those at one place in the order they were made).
pub fn place(checked: &Checked, unplaced: Vec<Unplaced>) -> Vec<Note> {
    let text = &checked.text;
    let pointers: Vec<&str> = unplaced.iter().map(|u| u.pointer.as_str()).collect();
    let starts: Vec<usize> = locate_all(text, &pointers)
        .into_iter()
        .map(|location| location.map_or(0, |l| l.target(text).start))
        .collect();
    let positions = checked.lines.positions(text, &starts);
    let mut notes: Vec<(usize, Note)> = unplaced
        .into_iter()
        .zip(starts.into_iter().zip(positions))
        .map(|(what, (start, position))| {
            let file = checked.name.clone();
            (
                start,
                Note {
                    file,
                    position,
                    what,
                },
            )
        })
        .collect();
    notes.sort_by_key(|(start, _)| *start);
    notes.into_iter().map(|(_, note)| note).collect()
}

/// Every note on a line of its own:
/// `file:line:column: note[code] (effect): message`.
pub fn lines(notes: &[Note]) -> String {
    let mut out = String::new();
    for note in notes {
        let what = &note.what;
        let effect = what.effect.map(|e| format!(" ({e})")).unwrap_or_default();
        let _ = writeln!(
            out,
            "{}:{}:{}: {}[{}]{effect}: {}",
            printable(&note.file),
            note.position.line,
            note.position.column,
            what.severity,
            what.code,
            printable(&what.message)
        );
    }
    out
}

/// One note as `--format json` writes it: the lint's fields, `severity`
/// `"note"` or `"error"`, and the `effect` of a change.
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
            pointer: &note.what.pointer,
            line: note.position.line,
            column: note.position.column,
            severity: note.what.severity.as_str(),
            code: note.what.code,
            effect: note.what.effect.map(Effect::as_str),
            message: &note.what.message,
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&entries).unwrap_or_else(|_| "[]".to_owned());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(what: Unplaced) -> Note {
        Note {
            file: "t.json".to_owned(),
            position: Position { line: 2, column: 3 },
            what,
        }
    }

    #[test]
    fn changes_carry_their_effect_and_errors_do_not() {
        let change = Unplaced {
            pointer: "/x".to_owned(),
            severity: Severity::Note,
            effect: Some(Effect::Narrows),
            code: "null_dropped",
            message: "m".to_owned(),
        };
        let error = Unplaced::error("/x".to_owned(), "not_a_schema", "m".to_owned());
        let notes = [note(change), note(error)];
        assert_eq!(
            lines(&notes),
            "t.json:2:3: note[null_dropped] (narrows): m\n\
             t.json:2:3: error[not_a_schema]: m\n"
        );
        let entries: serde_json::Value = serde_json::from_str(&json(&notes)).unwrap();
        assert_eq!(entries[0]["effect"], "narrows");
        assert_eq!(entries[1]["severity"], "error");
        assert!(entries[1].get("effect").is_none());
    }
}
