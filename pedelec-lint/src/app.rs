//! The command's run: `--export` or `--fix` when asked, else read every
//! file, lint it, write the findings, and choose the exit status.

use std::process::ExitCode;

use crate::cli::{Cli, Format};
use crate::input;
use crate::lint::{lint_file, status};
use crate::output::{use_color, write_stdout, BAD_INPUT};
use crate::render;
use crate::words::printable;

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
                    printable(&failure.name),
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
