//! The text around the arguments' value: nothing at all (or `null`, or
//! `""`) for a tool that needs nothing; the one object inside a code
//! fence, prose or stray brackets; the object written in brackets.
//!
//! Text around the object is left out only where it cannot be part of the
//! call: the text before it holds no `}` and no `":`, and the text after
//! it (past stray closing brackets) could not go on as JSON - it does not
//! start with `,` or `:` and holds no bracket, brace or `"`. An object
//! closed too early (`{"a": 1}, "b": 2}`, `{"a": "x"} y"}`) or a second
//! object (an example, then the call) is refused, not cut down to its
//! first part.

use serde_json::{Map, Value};

use super::mend::{self, Read, Unmended};
use super::report::Made;
use super::words::skip_space;
use crate::change::{Change, ChangeCode};
use crate::document::ArgsError;
use crate::document::SyntaxError;
use crate::tool_args_schema::ToolArgsSchema;

/// `text` read as the arguments' value, with every repair it took.
pub(super) fn read(schema: &ToolArgsSchema, text: &str) -> Result<(Value, Vec<Made>), SyntaxError> {
    let first = match schema.read_text(text) {
        Ok(value) => return Ok(no_arguments(schema, value)),
        Err(ArgsError::Syntax(error)) => error,
        Err(_) => unreachable!("reading text fails only with a syntax error"),
    };
    if skip_space(text).is_empty() && schema.root().required.is_empty() {
        return Ok(empty_object("an empty text"));
    }
    // Every byte was JSON and the text stopped: a call cut short, which no
    // repair completes. A property the schema names, given twice, is no
    // slip of syntax: which of the two was meant is not for a repair to say.
    if first.is_truncated() || first.is_repeated_property() {
        return Err(first);
    }
    let start = text.len() - skip_space(text).len();
    match text.as_bytes()[start] {
        b'{' => match mend::read(schema, &text[start..], start) {
            Ok(read) => around(text, start, read),
            Err(Unmended::Syntax(error)) => Err(error),
            Err(Unmended::Brackets) => unreachable!("an object's text is not an array's"),
        },
        b'[' => match mend::read(schema, &text[start..], start) {
            Ok(read) => around(text, start, read),
            Err(Unmended::Brackets) => brackets(schema, text, start),
            Err(Unmended::Syntax(error)) if error.is_truncated() => Err(error),
            Err(Unmended::Syntax(_)) => in_prose(schema, text, first),
        },
        _ => in_prose(schema, text, first),
    }
}

/// A value read whole, where a tool that requires no argument may be
/// sent `null` or `""` for none.
fn no_arguments(schema: &ToolArgsSchema, value: Value) -> (Value, Vec<Made>) {
    let what = match &value {
        Value::Null => "null",
        Value::String(text) if text.is_empty() => "the empty string \"\"",
        _ => return (value, Vec::new()),
    };
    match schema.root().required.is_empty() {
        true => empty_object(what),
        false => (value, Vec::new()),
    }
}

/// `{}`, for `what` sent to a tool that requires no argument.
fn empty_object(what: &str) -> (Value, Vec<Made>) {
    let message = format!(
        "{what}, read as {{}}: a tool that requires no argument takes the empty object {{}}"
    );
    let change = Change::new(ChangeCode::EmptyArguments, "", message);
    (Value::Object(Map::new()), vec![change.into()])
}

/// The object that starts at the first `{` of `text`, with prose before
/// it; where there is none, the reader's first error stands.
fn in_prose(
    schema: &ToolArgsSchema,
    text: &str,
    first: SyntaxError,
) -> Result<(Value, Vec<Made>), SyntaxError> {
    let Some(start) = text.find('{') else {
        return Err(first);
    };
    let before = &text[..start];
    if before.contains('}') || before.contains("\":") {
        return Err(first);
    }
    match mend::read(schema, &text[start..], start) {
        Ok(read) => around(text, start, read),
        Err(Unmended::Syntax(error)) => Err(error),
        Err(Unmended::Brackets) => unreachable!("an object's text is not an array's"),
    }
}

/// `text` with its first `[` (at `start`) and, if it ends with one, its
/// last `]` read as braces.
fn brackets(
    schema: &ToolArgsSchema,
    text: &str,
    start: usize,
) -> Result<(Value, Vec<Made>), SyntaxError> {
    let mut braced = String::with_capacity(text.len());
    braced.push_str(&text[..start]);
    braced.push('{');
    let inner = &text[start + 1..];
    let trimmed = inner.trim_end_matches([' ', '\t', '\n', '\r']);
    match trimmed.strip_suffix(']') {
        Some(body) => {
            braced.push_str(body);
            braced.push('}');
            braced.push_str(&inner[trimmed.len()..]);
        }
        None => braced.push_str(inner),
    }
    let read = match mend::read(schema, &braced[start..], start) {
        Ok(read) => read,
        Err(Unmended::Syntax(error)) => return Err(error),
        Err(Unmended::Brackets) => unreachable!("an object's text is not an array's"),
    };
    let message = "the arguments' object written in brackets [...], read as {...}: \
                   JSON writes an object in braces";
    let (value, mut changes) = around(&braced, start, read)?;
    let change = Change::new(ChangeCode::BracketsForObject, "", message);
    changes.insert(0, change.into());
    Ok((value, changes))
}

/// The value read from `start`, with the text before and after it left
/// out where it cannot be part of the call.
fn around(text: &str, start: usize, read: Read) -> Result<(Value, Vec<Made>), SyntaxError> {
    let end = read
        .trailing
        .as_ref()
        .map_or(text.len(), SyntaxError::offset);
    let before = &text[..start];
    let after = &text[end..];
    let prose = after.trim_start_matches([' ', '\t', '\n', '\r', '}', ']']);
    let stray = &after[..after.len() - prose.len()];
    let goes_on = prose.starts_with([',', ':']) || prose.contains(['{', '}', '[', ']', '"']);
    if let (true, Some(error)) = (goes_on, read.trailing) {
        return Err(error);
    }
    // In text order: what is before the object, the object's repairs,
    // the stray brackets, what is after.
    let mut changes = Vec::new();
    let fenced = fence(before, prose);
    let (outside_before, outside_after) = fenced.unwrap_or((before, prose));
    let (is_before, is_after) = (
        !skip_space(outside_before).is_empty(),
        !skip_space(outside_after).is_empty(),
    );
    let around = |message: &str| {
        let message = format!("{message}: send the arguments' object alone");
        Made::from(Change::new(ChangeCode::TextAround, "", message))
    };
    match (is_before, is_after) {
        (true, true) => changes.push(around(
            "text before and after the arguments' object, left out",
        )),
        (true, false) => changes.push(around("text before the arguments' object, left out")),
        _ => {}
    }
    if fenced.is_some() {
        let message = "a markdown code fence around the arguments' object, left out: \
                       send the arguments' object alone";
        changes.push(Change::new(ChangeCode::CodeFence, "", message).into());
    }
    changes.extend(read.changes);
    // Counted, not a change each: the first one's, and how many.
    let mut brackets = stray.chars().filter(|&c| c == '}' || c == ']');
    if let Some(bracket) = brackets.next() {
        let message = format!("a {bracket} after the arguments' object, closing nothing, left out");
        changes.push(Made {
            change: Change::new(ChangeCode::StrayBracket, "", message),
            times: 1 + brackets.count(),
        });
    }
    if !is_before && is_after {
        changes.push(around("text after the arguments' object, left out"));
    }
    Ok((read.value, changes))
}

/// Where `before` ends with a code fence's opening line (```` ``` ```` and
/// an info string such as `json`) and `after` starts with its closing
/// one: the text outside the fence, before and after.
fn fence<'t>(before: &'t str, after: &'t str) -> Option<(&'t str, &'t str)> {
    let before = before.trim_end_matches([' ', '\t', '\n', '\r']);
    let opening = before.rfind("```")?;
    let info = &before[opening + 3..];
    if info.contains(['`', ' ', '\t', '\n']) {
        return None;
    }
    let closing = skip_space(after).strip_prefix("```")?;
    let rest = closing.find('\n').map_or("", |at| &closing[at..]);
    let same_line = &closing[..closing.len() - rest.len()];
    if !skip_space(same_line).is_empty() {
        return None;
    }
    Some((&before[..opening], rest))
}
