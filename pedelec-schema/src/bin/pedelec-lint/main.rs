//! `pedelec-lint`: lint tool-argument schemas against the Pedelec argsSchema
//! subset of JSON Schema, with the line and column of every finding.
//!
//! ```text
//! pedelec-lint [--format human|json] [--deny-warnings] FILE...
//! pedelec-lint --export PROFILE [--format human|json] FILE
//! pedelec-lint --fix [--in-place] [--format human|json] FILE...
//! ```
//!
//! Built with the `cli` feature: `cargo install pedelec-schema --features cli`.
//! See `docs/pedelec-lint.md` for the file shapes it understands, its output
//! and its exit statuses.

#![forbid(unsafe_code)]

mod app;
mod check;
mod cli;
mod export;
mod fix;
mod input;
mod locate;
mod notes;
mod ordered;
mod position;
mod render;
mod shapes;
mod splice;

use std::process::ExitCode;

use clap::Parser;

/// Parses the command line (clap exits 2 on a usage error, 0 after
/// `--help` or `--version`), then runs.
fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    cli.validate();
    app::run(&cli)
}
