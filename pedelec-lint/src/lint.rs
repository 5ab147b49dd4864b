//! One file linted as every report shows it - its findings and the hint
//! of what `--fix` would convert - and the exit status findings give.
//! Linting and `--export` both start here: a file `--export` refuses is
//! reported exactly as linting reports it.

use pedelec_schema::Severity;

use crate::check::{check, Checked};
use crate::fix;
use crate::input::Input;
use crate::output::{BAD_INPUT, CLEAN, FINDINGS};

/// One file linted, with what `--fix` would convert in it when it has
/// errors: a schema from another dialect is rarely one edit away, and the
/// report should lead to the command that does the edits.
pub fn lint_file(input: Input) -> Checked {
    let mut checked = check(input);
    checked.fix = fix::preview_of(&checked);
    checked
}

/// The exit status: bad input first, then findings that fail the run.
pub fn status(checked: &[Checked], unreadable: bool, deny_warnings: bool) -> u8 {
    if unreadable || checked.iter().any(|file| file.unreadable) {
        return BAD_INPUT;
    }
    let fails = |severity: Severity| severity == Severity::Error || deny_warnings;
    let failing = checked
        .iter()
        .flat_map(|file| &file.findings)
        .any(|finding| fails(finding.severity));
    if failing {
        FINDINGS
    } else {
        CLEAN
    }
}
