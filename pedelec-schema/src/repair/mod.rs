//! Repair of argument text that is not JSON: only what the schema leaves
//! one reading of, each repair reported, and never a call cut short.
//!
//! Models send argument text that is almost JSON: single-quoted strings,
//! Python's `True` and `None`, trailing commas, a code fence or a
//! sentence around the object, a raw newline or an unescaped `"` inside
//! a string. [`ToolArgsSchema::repair`](crate::ToolArgsSchema::repair)
//! reads such text as the value its writer meant where exactly one value
//! is meant, and refuses it where two readings stay possible.
//!
//! The text is read by the crate's one reader (`text/`), never a second
//! parser: a text that is JSON is read as `validate_str` reads it, and
//! nothing about it changes. Where the reader stops, at the byte that is
//! not JSON, `mend.rs` looks at that byte and what the schema says there
//! (`here.rs`, through the compiled rules) and either feeds the reader
//! what JSON would have had instead, or lets the reader's error stand.
//! `quotes.rs` holds the one rule of where a string ends, for double and
//! single quotes alike; `words.rs` the bare words (`path:` for `"path":`,
//! `True`, `None`); `around.rs` the text around the value (nothing, `null`,
//! code fences, prose, stray brackets, an object written in brackets);
//! `report.rs` what the model is told: one change per code and place, and
//! the note that groups them by code.
//!
//! A text that ends inside a string, an object, an array or a number is
//! refused, always: it is a call cut short, and a tool run with half its
//! arguments does harm a refusal does not. A text whose every byte the
//! reader took and which still ended early is refused before any repair
//! is tried, and every repair that would need bytes beyond the end
//! (a single-quoted string never closed) refuses too.

mod around;
mod here;
mod mend;
mod quotes;
mod report;
#[cfg(test)]
mod tests;
mod words;

use serde::Serialize;
use serde_json::Value;

use crate::change::Change;
use crate::document::ArgsError;
use crate::document::SyntaxError;
use crate::tool_args_schema::ToolArgsSchema;

/// Arguments read from text that needed repairs, and the repairs: from
/// [`ToolArgsSchema::repair`](crate::ToolArgsSchema::repair).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Repaired {
    /// The arguments, which the schema accepts.
    pub value: Value,
    /// Each repair, in text order, one per code and place: its code (one
    /// of the "Repair of argument text" codes of
    /// [`ChangeCode`](crate::ChangeCode)), a JSON Pointer into `value` (for
    /// a property left out, where it was), and a message that tells the
    /// model what JSON wanted. A property whose name and string value are
    /// both in single quotes is one change, at the property; what repeats
    /// at one place (three raw newlines in one string) is one change that
    /// counts them. Empty for a text that was JSON.
    pub changes: Vec<Change>,
}

/// Repair of argument text that is not JSON.
impl ToolArgsSchema {
    /// Reads the text of a call's arguments that is not quite JSON, as
    /// models often send it, repairing only what the schema leaves one
    /// reading of, then validates the value as [`validate`](Self::validate)
    /// does. Opt-in: [`validate_str`](Self::validate_str) and
    /// [`ToolArgs::from_args_str`](crate::ToolArgs::from_args_str) stay
    /// strict; the typed path is
    /// [`CheckedWith<T, Repair>::from_args_str`](crate::CheckedWith::from_args_str).
    ///
    /// A text that is JSON is read as `validate_str` reads it, with no
    /// change. Otherwise, each repair is a [`Change`] (its code, a JSON
    /// Pointer into the value, and a message that tells the model what
    /// JSON wanted), one per code and place (a name and its value in
    /// single quotes are one change, at the property), and
    /// [`Repaired::note`] groups them by code for the model; these are all
    /// the repairs there are:
    ///
    /// - a markdown code fence, or prose, around exactly one object
    ///   (`Here are the arguments: {...}`), and stray `}` or `]` after it;
    ///   not where the text around could be part of the call (a `,` or a
    ///   `{` after the object, a `":` on either side);
    /// - strings and property names in single quotes (`'a.txt'`; inside,
    ///   `\'` is `'` and `"` needs no escape);
    /// - property names without quotes, where the schema names that
    ///   property of that object (`{path: "a"}`);
    /// - Python's `True` and `False` where the node takes a boolean;
    ///   `None` and JavaScript's `undefined` for an optional property,
    ///   which is left out;
    /// - a trailing comma before `}` or `]`;
    /// - a raw control character (a newline, a tab) inside a string;
    /// - a `"` inside a string where it cannot be the end: a quote ends a
    ///   string only where what follows can follow a value there (the
    ///   container's close, the end, or a `,` and then a property or item),
    ///   so `"say "hi" now"` is `say "hi" now`; `\'` inside a string is `'`;
    /// - an empty text, `""` or `null`, for a schema that requires no
    ///   property: `{}`;
    /// - the object written in brackets, `["path": "a"]`, at the top.
    ///
    /// Everything else is refused with the reader's [`SyntaxError`](crate::SyntaxError)
    /// at the first byte that is not JSON: an unquoted property name the
    /// schema does not name, `True` under a string node, `None` for a
    /// required property, an escape that Python and JavaScript read
    /// differently (`\d`), a missing comma, a comment, two objects. And a
    /// text that ends inside a string, an object, an array or a number is
    /// refused always, whatever repairs would make it parse
    /// ([`SyntaxError::is_truncated`](crate::SyntaxError::is_truncated)): a
    /// call cut short is never completed.
    ///
    /// ```
    /// use pedelec_schema::{ArgsError, ChangeCode, ToolArgsSchema};
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "path": {"type": "string"},
    ///         "overwrite": {"type": "boolean"}
    ///     },
    ///     "required": ["path"]
    /// }))?;
    /// let repaired = schema.repair("{'path': 'notes.txt', 'overwrite': True,}")?;
    /// assert_eq!(repaired.value, json!({"path": "notes.txt", "overwrite": true}));
    /// let codes: Vec<_> = repaired.changes.iter().map(|c| c.code).collect();
    /// assert_eq!(codes, [
    ///     ChangeCode::SingleQuotes, ChangeCode::SingleQuotes,
    ///     ChangeCode::PythonLiteral, ChangeCode::TrailingComma,
    /// ]);
    ///
    /// // A call cut short is refused, whatever the repairs.
    /// let Err(ArgsError::Syntax(error)) = schema.repair("{'path': 'notes.txt', 'overwr") else {
    ///     panic!("a truncated call is never completed");
    /// };
    /// assert!(error.is_truncated());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn repair(&self, text: &str) -> Result<Repaired, ArgsError> {
        repair(self, text)
    }
}

impl Repaired {
    /// The short note for the model, to return with the tool's result so
    /// that its next call is JSON: a first line, then one line per repair
    /// code, with the places it was made and what JSON wants instead.
    /// Empty when nothing was repaired.
    ///
    /// ```
    /// use pedelec_schema::ToolArgsSchema;
    /// use serde_json::json;
    ///
    /// let schema = ToolArgsSchema::from_value(&json!({
    ///     "type": "object",
    ///     "properties": {"path": {"type": "string"}, "limit": {"type": "integer"}}
    /// }))?;
    /// let repaired = schema.repair("{'path': 'src', 'limit': 5,}")?;
    /// assert_eq!(repaired.changes.len(), 3);
    /// assert_eq!(
    ///     repaired.note(),
    ///     "Your arguments were not JSON; they were read with repairs. Send JSON next time:\n\
    ///      - single quotes at /path, /limit: JSON writes property names and strings in double quotes\n\
    ///      - a comma before } or ] at (root): JSON has no comma after the last property or item"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn note(&self) -> String {
        Repaired::note_for(&self.changes)
    }

    /// The same note for repairs held elsewhere: the `changes` of a
    /// [`CheckedWith<T, Repair>`](crate::CheckedWith), which puts the
    /// repairs first. A change of another bridge there (a coercion) is a
    /// line of its own, `- PLACE: MESSAGE`. Empty for no change.
    pub fn note_for(changes: &[Change]) -> String {
        report::note(changes)
    }
}

/// `text` read with repairs, not yet validated: for the typed path, which
/// may coerce before it validates.
pub(crate) fn read(
    schema: &ToolArgsSchema,
    text: &str,
) -> Result<(Value, Vec<Change>), SyntaxError> {
    if text.len() > crate::MAX_TEXT_LEN {
        return Err(SyntaxError::too_long());
    }
    let (value, changes) = around::read(schema, text)?;
    Ok((value, report::one_per_place(changes)))
}

/// [`ToolArgsSchema::repair`](crate::ToolArgsSchema::repair).
pub(crate) fn repair(schema: &ToolArgsSchema, text: &str) -> Result<Repaired, ArgsError> {
    // A valid call's text is JSON: read and checked in one pass, on the
    // fast path `validate_str` takes, and not walked again.
    if let Some(value) = schema.read_checked::<Value>(text) {
        return Ok(Repaired {
            value,
            changes: Vec::new(),
        });
    }
    let (value, changes) = read(schema, text)?;
    // A float on a bound's edge is compared as written where the text is
    // JSON, as `validate_str` compares it; in a text read with repairs, by
    // its double (`validate/texts.rs`).
    let texts = schema.texts_of(&value, text);
    crate::validate::installed(texts, || match schema.is_valid(&value) {
        true => Ok(()),
        false => schema.validate(&value),
    })?;
    Ok(Repaired { value, changes })
}
