//! Writing findings: for people (rustc-style snippets, rendered by
//! annotate-snippets) or for programs (one JSON array).

use std::fmt::Write as _;

use annotate_snippets::renderer::{
    Style, DEFAULT_ERROR_STYLE, DEFAULT_HELP_STYLE, DEFAULT_NOTE_STYLE, DEFAULT_WARNING_STYLE,
};
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use pedelec_schema::Severity;
use serde::Serialize;

use crate::check::{Checked, Finding};
use crate::fix_hint::Preview;
use crate::locate::Span;
use crate::position::floor_char_boundary;
use crate::words::{plural, printable};

/// Lines longer than this many bytes are cut around the offending token
/// before they are shown: a minified schema is one huge line.
const MAX_SHOWN_LINE: usize = 400;
/// How many bytes of context are kept on each side of a cut line's token.
const CONTEXT: usize = 120;

/// One finding as `--format json` writes it.
#[derive(Serialize)]
struct JsonFinding<'a> {
    file: &'a str,
    pointer: &'a str,
    line: usize,
    column: usize,
    severity: Severity,
    code: &'a str,
    message: &'a str,
}

/// The hint that `--fix` would convert a file, as `--format json` writes
/// it: a finding's fields (at the file's root, `severity` `"help"`, `code`
/// `"fix_available"`), then the figures behind its message.
#[derive(Serialize)]
struct JsonHelp<'a> {
    file: &'a str,
    pointer: &'static str,
    line: usize,
    column: usize,
    severity: &'static str,
    code: &'static str,
    message: String,
    fix: JsonFix<'a>,
}

/// What `--fix` would do: its command line and its changes by effect.
#[derive(Serialize)]
struct JsonFix<'a> {
    command: &'a str,
    changes: usize,
    lossless: usize,
    widens: usize,
    narrows: usize,
    not_converted: usize,
}

/// One entry of the JSON array.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonEntry<'a> {
    Finding(JsonFinding<'a>),
    Help(JsonHelp<'a>),
}

impl<'a> JsonHelp<'a> {
    fn new(file: &'a str, preview: &'a Preview) -> JsonHelp<'a> {
        JsonHelp {
            file,
            pointer: "",
            line: preview.position.line,
            column: preview.position.column,
            severity: "help",
            code: "fix_available",
            message: preview.message(),
            fix: JsonFix {
                command: &preview.command,
                changes: preview.effects.changes(),
                lossless: preview.effects.lossless,
                widens: preview.effects.widens,
                narrows: preview.effects.narrows,
                not_converted: preview.not_converted,
            },
        }
    }
}

/// Every finding of every file, each file's `--fix` hint after its
/// findings, as one pretty-printed JSON array.
pub fn json(files: &[Checked]) -> String {
    let entries: Vec<JsonEntry<'_>> = files
        .iter()
        .flat_map(|file| {
            let findings = file.findings.iter().map(|f| {
                JsonEntry::Finding(JsonFinding {
                    file: &file.name,
                    pointer: &f.pointer,
                    line: f.position.line,
                    column: f.position.column,
                    severity: f.severity,
                    code: f.code.as_str(),
                    message: &f.message,
                })
            });
            let help = file
                .fix
                .as_ref()
                .map(|preview| JsonEntry::Help(JsonHelp::new(&file.name, preview)));
            findings.chain(help)
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&entries).unwrap_or_else(|_| "[]".to_owned());
    out.push('\n');
    out
}

/// Every finding for a person: a `file:line:column: error[code]: message`
/// header, the source line with a caret under the token and the pointer as
/// its label, then a summary line that also counts the `unread` files,
/// then for each file `--fix` can convert, a `help:` line with the command
/// and its changes.
pub fn human(files: &[Checked], unread: usize, color: bool) -> String {
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    for file in files {
        for finding in &file.findings {
            header(&mut out, &file.name, finding, color);
            out.push_str(&snippet(&renderer, file, finding));
            out.push_str("\n\n");
        }
    }
    out.push_str(&summary(files, unread));
    out.push('\n');
    for preview in files.iter().filter_map(|file| file.fix.as_ref()) {
        let (help, bold) = if color {
            (DEFAULT_HELP_STYLE, Style::new().bold())
        } else {
            (Style::new(), Style::new())
        };
        let _ = writeln!(
            out,
            "{help}help{help:#}{bold}:{bold:#} {}",
            printable(&preview.message())
        );
    }
    out
}

/// `file:line:column: error[code]: message`, styled like rustc's title on
/// a terminal.
fn header(out: &mut String, file: &str, finding: &Finding, color: bool) {
    let (level_style, bold) = if color {
        let level = match finding.severity {
            Severity::Error => DEFAULT_ERROR_STYLE,
            Severity::Warning => DEFAULT_WARNING_STYLE,
            _ => DEFAULT_NOTE_STYLE,
        };
        (level, Style::new().bold())
    } else {
        (Style::new(), Style::new())
    };
    let _ = writeln!(
        out,
        "{bold}{}:{}:{}:{bold:#} {level_style}{}[{}]{level_style:#}{bold}: {}{bold:#}",
        printable(file),
        finding.position.line,
        finding.position.column,
        finding.severity,
        finding.code,
        printable(&finding.message),
    );
}

/// The finding's source line with a caret under its span, labelled with
/// the pointer.
fn snippet(renderer: &Renderer, file: &Checked, finding: &Finding) -> String {
    let line = finding.position.line;
    let line_span = file.lines.line_span(&file.text, line);
    let (source, span) = shown_line(&file.text, line_span, finding.span.clone());
    let level = match finding.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        _ => Level::NOTE,
    };
    let label = match (finding.pointer.as_str(), finding.code) {
        (_, pedelec_schema::Code::InvalidJson) => String::new(),
        ("", _) => "at the root".to_owned(),
        (pointer, _) => format!("at {}", printable(pointer)),
    };
    let annotation = AnnotationKind::Primary.span(span).label(label);
    let group = Group::with_level(level).element(
        Snippet::source(source)
            .line_start(line)
            .annotation(annotation),
    );
    renderer.render(&[group])
}

/// The text of the line to show and the span within it: the whole line, or
/// for a very long line a window around the span, marked `...` where cut.
fn shown_line(text: &str, line: Span, span: Span) -> (String, Span) {
    let start = span.start.clamp(line.start, line.end);
    let end = span.end.clamp(start, line.end);
    if line.end - line.start <= MAX_SHOWN_LINE {
        return (
            text[line.clone()].to_owned(),
            start - line.start..end - line.start,
        );
    }
    let end = floor_char_boundary(text, end.min(start + CONTEXT));
    let from = floor_char_boundary(text, start.saturating_sub(CONTEXT).max(line.start));
    let to = floor_char_boundary(text, end.saturating_add(CONTEXT).min(line.end));
    let prefix = if from > line.start { "..." } else { "" };
    let suffix = if to < line.end { "..." } else { "" };
    let shown = format!("{prefix}{}{suffix}", &text[from..to]);
    let offset = prefix.len();
    (shown, start - from + offset..end - from + offset)
}

/// `n errors, m warnings in k files`, or that there was nothing to report,
/// then how many files could not be read.
fn summary(files: &[Checked], unread: usize) -> String {
    let count = |severity| {
        files
            .iter()
            .flat_map(|f| &f.findings)
            .filter(|f| f.severity == severity)
            .count()
    };
    let (errors, warnings) = (count(Severity::Error), count(Severity::Warning));
    let scope = plural(files.len(), "file");
    let mut line = if errors + warnings == 0 {
        format!("no findings in {scope}")
    } else {
        format!(
            "{}, {} in {scope}",
            plural(errors, "error"),
            plural(warnings, "warning")
        )
    };
    if unread > 0 {
        let verb = if unread == 1 { "was" } else { "were" };
        let _ = write!(line, "; {} {verb} not read", plural(unread, "file"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_around_the_span() {
        let text = format!("{}\"format\"{}", "a".repeat(1000), "b".repeat(1000));
        let (shown, span) = shown_line(&text, 0..text.len(), 1000..1008);
        assert_eq!(&shown[span], "\"format\"");
        assert!(shown.starts_with("...") && shown.ends_with("..."));
        assert!(shown.len() < 2 * CONTEXT + 20);
    }

    #[test]
    fn cuts_respect_character_boundaries() {
        let text = format!("{}\"x\"{}", "é".repeat(500), "🐲".repeat(500));
        let start = text.find('"').unwrap();
        let (shown, span) = shown_line(&text, 0..text.len(), start..start + 3);
        assert_eq!(&shown[span], "\"x\"");
    }

    #[test]
    fn summaries_count_by_severity() {
        assert_eq!(summary(&[], 0), "no findings in 0 files");
        assert_eq!(
            summary(&[], 1),
            "no findings in 0 files; 1 file was not read"
        );
    }
}
