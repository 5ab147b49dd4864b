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
use crate::text::SyntaxError;
use crate::tool_args::ArgsError;
use crate::ToolArgsSchema;

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
    if !schema.is_valid(&value) {
        schema.validate(&value)?;
    }
    Ok(Repaired { value, changes })
}
