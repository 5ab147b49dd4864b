//! What `--fix` says on standard error: one note per change, one error per
//! reason a schema could not be converted (or a file could not be read as
//! JSON) - see `notes.rs` - then, for people, a summary.

use std::fmt::Write as _;

use crate::fix_hint::Effects;
use crate::notes::{self, Note};
use crate::words::plural;

/// How the run went, for the summary.
#[derive(Debug, Default)]
pub struct Tally {
    pub files: usize,
    pub unread: usize,
    pub converted: usize,
    pub failed: usize,
}

/// The changes among `notes`, by effect (errors change nothing).
pub fn effects(notes: &[Note]) -> Effects {
    notes.iter().filter_map(|note| note.what.effect).collect()
}

/// Every note on a line of its own, then the summary.
pub fn human(notes: &[Note], tally: &Tally) -> String {
    let mut out = notes::lines(notes);
    out.push_str(&summary(notes, tally));
    out.push('\n');
    out
}

/// `2 schemas converted in 1 file: 5 changes (3 lossless, 1 widens, 1
/// narrows)`, then what could not be converted or read.
fn summary(notes: &[Note], tally: &Tally) -> String {
    let mut line = format!(
        "{} converted in {}: {}",
        plural(tally.converted, "schema"),
        plural(tally.files, "file"),
        effects(notes),
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
    use pedelec_schema::Effect;

    use crate::notes::Unplaced;
    use crate::position::Position;

    #[test]
    fn the_summary_counts_changes_by_effect_and_what_failed() {
        let tally = Tally {
            files: 1,
            converted: 1,
            failed: 1,
            ..Tally::default()
        };
        let note = |what| Note {
            file: "t.json".to_owned(),
            position: Position { line: 2, column: 3 },
            what,
        };
        let change = Unplaced {
            pointer: "/x".to_owned(),
            severity: pedelec_schema::Severity::Note,
            effect: Some(Effect::Narrows),
            code: "null_dropped",
            message: "m".to_owned(),
        };
        let error = Unplaced::error("/x".to_owned(), "not_a_schema", "m".to_owned());
        let text = human(&[note(change), note(error)], &tally);
        assert_eq!(
            text,
            "t.json:2:3: note[null_dropped] (narrows): m\n\
             t.json:2:3: error[not_a_schema]: m\n\
             1 schema converted in 1 file: 1 change (0 lossless, 0 widens, 1 narrows); \
             1 schema was not converted (left as it was)\n"
        );
    }
}
