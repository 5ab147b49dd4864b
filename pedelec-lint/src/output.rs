//! How a run ends: the exit statuses lint, `--export` and `--fix` share,
//! and what they write to standard output, coloured only for a person at
//! a terminal.

use std::io::{IsTerminal, Write};

/// Exit status: nothing that fails the run.
pub const CLEAN: u8 = 0;
/// Exit status: errors, or warnings under `--deny-warnings`.
pub const FINDINGS: u8 = 1;
/// Exit status: a file could not be read or written, or is not JSON (clap
/// uses the same status for usage errors).
pub const BAD_INPUT: u8 = 2;

/// Colour only for a person at a terminal who has not opted out
/// (<https://no-color.org>: `NO_COLOR` set to anything but the empty string).
pub fn use_color() -> bool {
    let opted_out = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    !opted_out && std::io::stdout().is_terminal()
}

/// Writes the whole output at once - a report, a document, a converted
/// file's bytes; the caller decides what a failed write means.
pub fn write_stdout(output: impl AsRef<[u8]>) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(output.as_ref())?;
    stdout.flush()
}
