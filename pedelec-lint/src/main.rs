//! `pedelec-lint`: lint tool-argument schemas against the Pedelec argsSchema
//! subset of JSON Schema, with the line and column of every finding.
//!
//! ```text
//! pedelec-lint [--format human|json] [--deny-warnings] FILE...
//! pedelec-lint --export PROFILE|gbnf|lark|typescript [--format human|json] FILE
//! pedelec-lint --export PROFILE --tools [--format human|json] FILE
//! pedelec-lint --fix [--in-place] [--format human|json] FILE...
//! ```
//!
//! `cargo install --path pedelec-lint` installs it from a clone. The
//! package's `README.md` gives the other ways to install it, the file shapes
//! it understands, its output and its exit statuses. It uses
//! only the library's public API, plus the library's JSON Pointer writer
//! (`pointer.rs`, the same file through a link, as the derive shares the
//! pattern grammar).

#![forbid(unsafe_code)]

mod app;
mod check;
mod cli;
mod definitions;
mod export;
mod fix;
mod fix_hint;
mod grammar;
mod input;
mod lint;
mod locate;
mod notes;
mod output;
mod pointer;
mod position;
mod render;
mod schemas;
mod shapes;
mod splice;
mod tools;
mod typescript;
mod words;

use std::process::ExitCode;

use clap::Parser;

/// Parses the command line (clap exits 2 on a usage error, 0 after
/// `--help` or `--version`), then runs.
fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    cli.validate();
    app::run(&cli)
}
