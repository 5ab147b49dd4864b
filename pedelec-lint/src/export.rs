//! `pedelec-lint --export PROFILE FILE`: the file again, with every schema
//! in it written for a model provider, and what changed as notes.
//!
//! The file keeps its shape - a bare schema, a tool definition, a list of
//! tools, an MCP `tools/list` result: only the schemas change, spliced into
//! the original text (`splice.rs`), so keys, layout and everything around
//! them stay as they were. A tool definition keeps its own keys: turning it
//! into a provider's tool shape is the library's `ToolDefinition::export`.
//! Each schema is read from its own text and written as the library
//! exports it: keywords in the canonical order, properties in the order the
//! library read them, which is the order the model will write them in.
//!
//! A schema outside the subset cannot be exported: the file's findings are
//! reported exactly as linting reports them, and nothing is written. A
//! grammar (`--export gbnf|lark`) is read the same way (`schemas.rs`) and
//! written by `grammar.rs`, TypeScript declarations (`--export typescript`)
//! by `typescript.rs`, and a request's `tools` (`--export PROFILE --tools`),
//! in the provider's tool shape, by `tools.rs`.

use std::process::ExitCode;

use pedelec_schema::{Effect, Profile, Severity};

use crate::check::Checked;
use crate::cli::{Cli, Format, Target};
use crate::input;
use crate::lint;
use crate::notes::{self, Note, Unplaced};
use crate::output::{self, BAD_INPUT, CLEAN};
use crate::render;
use crate::schemas::read_schemas;
use crate::splice::{self, Edit};
use crate::words::{plural, printable};

/// Exit status: a documented limit of the provider is exceeded.
const LIMIT_EXCEEDED: u8 = 1;
/// Exit status: the schema could not be placed in its own file.
const INTERNAL: u8 = 2;

/// Exports the one file of `cli` for `target`: the document (or grammar)
/// on standard output, the changes on standard error.
pub fn run(cli: &Cli, target: Target) -> ExitCode {
    let path = &cli.files[0];
    let input = match input::read(path) {
        Ok(input) => input,
        Err(failure) => {
            eprintln!(
                "pedelec-lint: error: cannot read {}: {}",
                printable(&failure.name),
                failure.error
            );
            return ExitCode::from(BAD_INPUT);
        }
    };
    let checked = lint::lint_file(input);
    if cli.tools && !checked.unreadable {
        let refused = serde_json::from_str::<serde_json::Value>(&checked.text)
            .ok()
            .and_then(|document| crate::tools::refusal(&document, &checked.name));
        if let Some(message) = refused {
            eprintln!("pedelec-lint: error: {message}");
            return ExitCode::from(BAD_INPUT);
        }
    }
    let status = lint::status(std::slice::from_ref(&checked), false, cli.deny_warnings);
    if status != CLEAN {
        let report = match cli.format {
            Format::Json => render::json(std::slice::from_ref(&checked)),
            Format::Human => render::human(std::slice::from_ref(&checked), 0, output::use_color()),
        };
        return write_or_fail(&report, status);
    }
    let exported = match target {
        Target::Profile(profile) if cli.tools => crate::tools::export_tools(&checked, profile),
        Target::Profile(profile) => export_document(&checked, profile),
        Target::Grammar(format) => crate::grammar::export_grammar(&checked, format),
        Target::TypeScript => crate::typescript::export_typescript(&checked),
    };
    match exported {
        Ok((document, notes)) => {
            let notes_text = match cli.format {
                Format::Json => notes::json(&notes),
                // A declaration changes no schema: its notes have no
                // effects to count.
                Format::Human if target == Target::TypeScript => notes::lines(&notes),
                Format::Human => human_notes(&checked.name, target, &notes),
            };
            eprint!("{notes_text}");
            let failed = notes.iter().any(|n| n.what.severity == Severity::Error);
            write_or_fail(&document, if failed { LIMIT_EXCEEDED } else { CLEAN })
        }
        Err(message) => {
            eprintln!("pedelec-lint: error: {message}");
            ExitCode::from(INTERNAL)
        }
    }
}

/// The document with its schemas exported, and the changes placed in it.
fn export_document(checked: &Checked, profile: Profile) -> Result<(String, Vec<Note>), String> {
    let text = &checked.text;
    let (_, schemas) = read_schemas(checked)?;
    let mut edits = Vec::with_capacity(schemas.len());
    let mut changes = Vec::new();
    for read in &schemas {
        let (site, schema) = (&read.pointer, &read.schema);
        let exported = schema.export(profile);
        // The export is in order: keywords canonical, properties in the
        // order the library read them.
        edits.push(Edit::written_like(
            text,
            read.span.clone(),
            &exported.schema,
        ));
        changes.extend(
            exported
                .changes
                .iter()
                .map(|change| Unplaced::change(site, change)),
        );
    }
    Ok((splice::apply(text, edits), notes::place(checked, changes)))
}

/// Every change on a line of its own (`notes.rs`), then a count.
fn human_notes(file: &str, target: Target, notes: &[Note]) -> String {
    let mut out = notes::lines(notes);
    let count = |effect: Effect| {
        notes
            .iter()
            .filter(|n| n.what.effect == Some(effect))
            .count()
    };
    let errors = notes
        .iter()
        .filter(|n| n.what.severity == Severity::Error)
        .count();
    out.push_str(&format!(
        "exported {} for {target}: {} ({} lossless, {} widens, {} narrows), {} over a limit\n",
        printable(file),
        plural(notes.len(), "change"),
        count(Effect::Lossless),
        count(Effect::Widens),
        count(Effect::Narrows),
        errors,
    ));
    out
}

/// Writes `text` to standard output and exits with `status`, or 2 when it
/// cannot be written (a closed pipe is the reader's choice, not a failure).
fn write_or_fail(text: &str, status: u8) -> ExitCode {
    match output::write_stdout(text) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("pedelec-lint: error: cannot write the output: {error}");
            ExitCode::from(BAD_INPUT)
        }
        _ => ExitCode::from(status),
    }
}
