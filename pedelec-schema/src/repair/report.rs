//! What a repair tells the model: one change per code and place, and the
//! short note that groups them by code.
//!
//! A model that sent single quotes around every name and value learns
//! nothing more from twelve changes than from one line naming the places;
//! what it must do differently is the same for every change of a code. So
//! the changes are folded where they repeat at one place (the quotes of a
//! name and of its value are one change, at the property, written where
//! they are read in `mend.rs`; three raw newlines in one string are one
//! change), and [`note`] writes one line per code, with its places and
//! what JSON wants instead.

use std::collections::HashMap;
use std::fmt::Write;

use crate::change::{Change, ChangeCode};
use crate::pointer::shown;

/// A change, and how many times it was made at its place in a row: the
/// raw newlines of one string are counted where they are read
/// (`mend.rs`), so that a text of a million costs one change, not a million.
#[derive(Debug)]
pub(super) struct Made {
    pub(super) change: Change,
    pub(super) times: usize,
}

impl From<Change> for Made {
    fn from(change: Change) -> Self {
        Made { change, times: 1 }
    }
}

/// `made`, in text order, with every later change of a code at a pointer
/// already reported folded into the first one, whose message then counts
/// them all.
pub(super) fn one_per_place(made: Vec<Made>) -> Vec<Change> {
    // How many changes each first one stands for (0 for a folded one):
    // found through a map, since a long call may hold many thousands.
    let mut counts: Vec<usize> = made.iter().map(|made| made.times).collect();
    if made.len() > 1 {
        let mut first: HashMap<(ChangeCode, &str), usize> = HashMap::with_capacity(made.len());
        for (index, made) in made.iter().enumerate() {
            let change = &made.change;
            let at = *first
                .entry((change.code, change.pointer.as_str()))
                .or_insert(index);
            if at != index {
                counts[at] += counts[index];
                counts[index] = 0;
            }
        }
    }
    made.into_iter()
        .zip(counts)
        .filter(|&(_, count)| count > 0)
        .map(|(Made { mut change, .. }, count)| {
            if count > 1 {
                change.message = folded(&change, count);
            }
            change
        })
        .collect()
}

/// The message of `count` changes of `first`'s code at its place.
fn folded(first: &Change, count: usize) -> String {
    match first.code {
        ChangeCode::ControlCharacter => format!(
            "{count} raw control characters inside a string, each read as its escape: \
             JSON strings escape control characters"
        ),
        ChangeCode::UnescapedQuote => format!(
            "{count} \" inside a string, read as part of it: \
             escape a quote inside a string as \\\""
        ),
        ChangeCode::EscapedApostrophe => format!(
            "{count} \\' inside a string, each read as ': JSON does not escape a single quote"
        ),
        ChangeCode::StrayBracket => {
            format!("{count} brackets after the arguments' object, closing nothing, left out")
        }
        _ => format!("{} ({count} times here)", first.message),
    }
}

/// What the note says of a repair code: what the text had, what JSON wants
/// instead, and whether it names the places (not for the text around the
/// object, which is always at the root). `None` for the codes of other
/// bridges.
fn summary(code: ChangeCode) -> Option<(&'static str, &'static str, bool)> {
    use ChangeCode::*;
    let summary = match code {
        CodeFence => (
            "a markdown code fence around the arguments' object",
            "send the object alone",
            false,
        ),
        TextAround => (
            "text around the arguments' object",
            "send the object alone",
            false,
        ),
        StrayBracket => (
            "a bracket after the arguments' object that closes nothing",
            "close only what is open",
            false,
        ),
        EmptyArguments => (
            "no arguments object",
            "a tool that requires no argument takes the empty object {}",
            false,
        ),
        BracketsForObject => (
            "the arguments' object in brackets [...]",
            "JSON writes an object in braces {...}",
            false,
        ),
        SingleQuotes => (
            "single quotes",
            "JSON writes property names and strings in double quotes",
            true,
        ),
        UnquotedKey => (
            "a property name without quotes",
            "JSON writes property names in double quotes",
            true,
        ),
        PythonLiteral => (
            "Python's True or False",
            "JSON's booleans are true and false",
            true,
        ),
        AbsentValue => (
            "None or undefined for an optional property",
            "leave out a property that has no value",
            true,
        ),
        TrailingComma => (
            "a comma before } or ]",
            "JSON has no comma after the last property or item",
            true,
        ),
        ControlCharacter => (
            "a raw control character inside a string",
            "JSON strings escape them (\\n, \\t)",
            true,
        ),
        UnescapedQuote => (
            "a \" inside a string",
            "escape a quote inside a string as \\\"",
            true,
        ),
        EscapedApostrophe => (
            "\\' inside a string",
            "JSON does not escape a single quote: write '",
            true,
        ),
        _ => return None,
    };
    Some(summary)
}

/// [`Repaired::note_for`](super::Repaired::note_for): a first line, then
/// one line per repair code in the order the codes first occur,
/// `- WHAT at PLACES: WHAT JSON WANTS`; a change of another bridge is a
/// line of its own, `- PLACE: MESSAGE`. Empty for no change.
pub(super) fn note(changes: &[Change]) -> String {
    if changes.is_empty() {
        return String::new();
    }
    let mut note = String::from("Your arguments were not JSON; they were read with repairs. ");
    note.push_str("Send JSON next time:");
    let mut noted: Vec<ChangeCode> = Vec::new();
    for change in changes {
        let Some((what, instead, placed)) = summary(change.code) else {
            let _ = write!(note, "\n- {}: {}", shown(&change.pointer), change.message);
            continue;
        };
        if noted.contains(&change.code) {
            continue;
        }
        noted.push(change.code);
        note.push_str("\n- ");
        note.push_str(what);
        if placed {
            let places = changes.iter().filter(|other| other.code == change.code);
            for (index, other) in places.enumerate() {
                note.push_str(if index == 0 { " at " } else { ", " });
                note.push_str(shown(&other.pointer));
            }
        }
        note.push_str(": ");
        note.push_str(instead);
    }
    note
}
