//! The command's run: read every file, check it, write the findings, and
//! choose the exit status.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use pedelec_schema::Severity;

use crate::check::{check, Checked};
use crate::cli::{Cli, Format};
use crate::input::{self, Input};
use crate::render;

/// Exit status: nothing that fails the run.
pub const CLEAN: u8 = 0;
/// Exit status: errors, or warnings under `--deny-warnings`.
const FINDINGS: u8 = 1;
/// Exit status: a file could not be read or is not JSON (clap uses the
/// same status for usage errors).
pub const BAD_INPUT: u8 = 2;

/// Runs `--export` or `--fix` when asked; otherwise lints every file of
/// `cli` and writes the report. A file that cannot be read does not stop
/// the others: each is reported, then the run exits 2.
pub fn run(cli: &Cli) -> ExitCode {
    if let Some(target) = cli.export {
        return crate::export::run(cli, target);
    }
    if cli.fix {
        return crate::fix::run(cli);
    }
    let mut checked = Vec::with_capacity(cli.files.len());
    let mut unread = 0;
    for path in &cli.files {
        match input::read(path) {
            Ok(input) => checked.push(lint_file(input)),
            Err(failure) => {
                unread += 1;
                eprintln!(
                    "pedelec-lint: error: cannot read {}: {}",
                    render::printable(&failure.name),
                    failure.error
                );
            }
        }
    }
    let report = match cli.format {
        Format::Json => render::json(&checked),
        Format::Human => render::human(&checked, unread, use_color()),
    };
    if let Err(error) = write_stdout(&report) {
        // A closed pipe (`pedelec-lint ... | head`) is the reader's choice.
        if error.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("pedelec-lint: error: cannot write the report: {error}");
            return ExitCode::from(BAD_INPUT);
        }
    }
    ExitCode::from(status(&checked, unread > 0, cli.deny_warnings))
}

/// One file linted, with what `--fix` would convert in it when it has
/// errors: a schema from another dialect is rarely one edit away, and the
/// report should lead to the command that does the edits.
pub fn lint_file(input: Input) -> Checked {
    let mut checked = check(input);
    checked.fix = crate::fix::preview(&checked);
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

/// Colour only for a person at a terminal who has not opted out
/// (<https://no-color.org>: `NO_COLOR` set to anything but the empty string).
pub fn use_color() -> bool {
    let opted_out = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    !opted_out && std::io::stdout().is_terminal()
}

/// Writes the whole report at once; the caller decides what a failed
/// write means.
pub fn write_stdout(report: &str) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(report.as_bytes())?;
    stdout.flush()
}
