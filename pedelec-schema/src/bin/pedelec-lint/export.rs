//! `pedelec-lint --export PROFILE FILE`: the file again, with every schema
//! in it written for a model provider, and what changed as notes.
//!
//! The file keeps its shape - a bare schema, a tool definition, a list of
//! tools, an MCP `tools/list` result: only the schemas change, spliced into
//! the original text (`splice.rs`), so keys, layout and everything around
//! them stay as they were. A tool definition keeps its own keys: turning it
//! into a provider's tool shape is the library's `ToolDefinition::export`.
//!
//! A schema outside the subset cannot be exported: the file's findings are
//! reported exactly as linting reports them, and nothing is written.

use std::process::ExitCode;

use clap::ValueEnum;
use pedelec_schema::{Change, ChangeSeverity, Effect, Profile, ToolArgsSchema};
use serde::Serialize;
use serde_json::Value;

use crate::app;
use crate::check::{check, Checked};
use crate::cli::{Cli, Format};
use crate::input;
use crate::locate::locate_all;
use crate::render;
use crate::shapes;
use crate::splice::{splice, written_like};

/// The profiles, as the command line spells them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportProfile {
    /// MCP `inputSchema`: the schema as it is.
    Mcp,
    /// OpenAI function calling with `"strict": true`.
    #[value(name = "openai-strict")]
    OpenAiStrict,
    /// Anthropic tool use with `"strict": true`.
    AnthropicStrict,
    /// Gemini `FunctionDeclaration.parameters`.
    Gemini,
}

impl From<ExportProfile> for Profile {
    fn from(profile: ExportProfile) -> Self {
        match profile {
            ExportProfile::Mcp => Profile::Mcp,
            ExportProfile::OpenAiStrict => Profile::OpenAiStrict,
            ExportProfile::AnthropicStrict => Profile::AnthropicStrict,
            ExportProfile::Gemini => Profile::Gemini,
        }
    }
}

/// Exit status: a documented limit of the provider is exceeded.
const LIMIT_EXCEEDED: u8 = 1;
/// Exit status: the schema could not be placed in its own file.
const INTERNAL: u8 = 2;

/// Exports the one file of `cli` for `profile`: the document on standard
/// output, the changes on standard error.
pub fn run(cli: &Cli, profile: Profile) -> ExitCode {
    let path = &cli.files[0];
    let input = match input::read(path) {
        Ok(input) => input,
        Err(failure) => {
            eprintln!(
                "pedelec-lint: error: cannot read {}: {}",
                render::printable(&failure.name),
                failure.error
            );
            return ExitCode::from(app::BAD_INPUT);
        }
    };
    let checked = check(input);
    let status = app::status(std::slice::from_ref(&checked), false, cli.deny_warnings);
    if status != app::CLEAN {
        let report = match cli.format {
            Format::Json => render::json(std::slice::from_ref(&checked)),
            Format::Human => render::human(std::slice::from_ref(&checked), 0, app::use_color()),
        };
        return write_or_fail(&report, status);
    }
    match export_document(&checked, profile) {
        Ok((document, notes)) => {
            let notes_text = match cli.format {
                Format::Json => json_notes(&checked.name, &notes),
                Format::Human => human_notes(&checked.name, profile, &notes),
            };
            eprint!("{notes_text}");
            let failed = notes
                .iter()
                .any(|n| n.change.severity() == ChangeSeverity::Error);
            write_or_fail(&document, if failed { LIMIT_EXCEEDED } else { app::CLEAN })
        }
        Err(message) => {
            eprintln!("pedelec-lint: error: {message}");
            ExitCode::from(INTERNAL)
        }
    }
}

/// One change, placed in the file.
struct Note {
    /// The change, its pointer made relative to the file.
    change: Change,
    line: usize,
    column: usize,
}

/// The document with its schemas exported, and the changes placed in it.
fn export_document(checked: &Checked, profile: Profile) -> Result<(String, Vec<Note>), String> {
    let text = &checked.text;
    let document: Value =
        serde_json::from_str(text).map_err(|err| format!("the file is no longer JSON: {err}"))?;
    let sites = shapes::schemas(&document);
    let site_pointers: Vec<&str> = sites.iter().map(|site| site.pointer.as_str()).collect();
    let locations = locate_all(text, &site_pointers);
    let mut replacements = Vec::with_capacity(sites.len());
    let mut changes = Vec::new();
    for (site, location) in sites.iter().zip(locations) {
        let schema = ToolArgsSchema::from_value(site.schema).map_err(|err| {
            format!(
                "the schema at {:?} is outside the subset: {err}",
                site.pointer
            )
        })?;
        let location = location
            .filter(|location| location.exact)
            .ok_or_else(|| format!("cannot find the schema at {:?} in the text", site.pointer))?;
        let exported = schema.export(profile);
        replacements.push((
            location.value.clone(),
            written_like(text, &location.value, &exported.schema),
        ));
        changes.extend(exported.changes.into_iter().map(|mut change| {
            change.pointer = format!("{}{}", site.pointer, change.pointer);
            change
        }));
    }
    Ok((splice(text, replacements), place(checked, changes)))
}

/// Each change with the line and column of what it points at, in the
/// order of the file.
fn place(checked: &Checked, changes: Vec<Change>) -> Vec<Note> {
    let pointers: Vec<&str> = changes.iter().map(|c| c.pointer.as_str()).collect();
    let starts: Vec<usize> = locate_all(&checked.text, &pointers)
        .into_iter()
        .map(|location| location.map_or(0, |l| l.target(&checked.text).start))
        .collect();
    let positions = checked.lines.positions(&checked.text, &starts);
    let mut notes: Vec<Note> = changes
        .into_iter()
        .zip(positions)
        .map(|(change, position)| Note {
            change,
            line: position.line,
            column: position.column,
        })
        .collect();
    // Stable: changes at one place keep the export's order.
    notes.sort_by_key(|note| (note.line, note.column));
    notes
}

/// `file:line:column: note[code]: message (effect, at pointer)` per change,
/// then a count.
fn human_notes(file: &str, profile: Profile, notes: &[Note]) -> String {
    let file = render::printable(file);
    let mut out = String::new();
    for note in notes {
        let change = &note.change;
        let pointer = if change.pointer.is_empty() {
            "(root)"
        } else {
            &change.pointer
        };
        out.push_str(&format!(
            "{file}:{}:{}: {}[{}]: {} ({}, at {})\n",
            note.line,
            note.column,
            change.severity(),
            change.code,
            render::printable(&change.message),
            change.effect,
            render::printable(pointer),
        ));
    }
    let count = |effect: Effect| notes.iter().filter(|n| n.change.effect == effect).count();
    let errors = notes
        .iter()
        .filter(|n| n.change.severity() == ChangeSeverity::Error)
        .count();
    out.push_str(&format!(
        "exported {file} for {profile}: {} changes ({} lossless, {} widening, {} narrowing), \
         {} over a limit\n",
        notes.len(),
        count(Effect::Lossless),
        count(Effect::Widens),
        count(Effect::Narrows),
        errors,
    ));
    out
}

/// One change as `--format json` writes it on standard error.
#[derive(Serialize)]
struct JsonNote<'a> {
    file: &'a str,
    pointer: &'a str,
    line: usize,
    column: usize,
    severity: &'a str,
    code: &'a str,
    effect: &'a str,
    message: &'a str,
}

/// Every change as one JSON array.
fn json_notes(file: &str, notes: &[Note]) -> String {
    let notes: Vec<JsonNote<'_>> = notes
        .iter()
        .map(|note| JsonNote {
            file,
            pointer: &note.change.pointer,
            line: note.line,
            column: note.column,
            severity: note.change.severity().as_str(),
            code: note.change.code.as_str(),
            effect: note.change.effect.as_str(),
            message: &note.change.message,
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&notes).unwrap_or_else(|_| "[]".to_owned());
    out.push('\n');
    out
}

/// Writes `text` to standard output and exits with `status`, or 2 when it
/// cannot be written (a closed pipe is the reader's choice, not a failure).
fn write_or_fail(text: &str, status: u8) -> ExitCode {
    match app::write_stdout(text) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("pedelec-lint: error: cannot write the output: {error}");
            ExitCode::from(app::BAD_INPUT)
        }
        _ => ExitCode::from(status),
    }
}
