//! The push parser: a state per place in JSON's grammar (`state.rs`), the
//! value read so far (`tree.rs`), and the string or number being read.

use serde_json::Value;

use super::escape::{control_character, Escape, Step};
use super::number::{self, NumberAt};
use super::state::{Place, Resume, State, Word};
use super::tree::{Open, Tree, MAX_NESTING};
use super::{Begun, Control, Halt, Listener, Quote, Stopped};
use crate::document::SyntaxError;

/// The value being read, where it is not a container.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scalar<'a> {
    /// A string value, decoded so far.
    String(&'a str),
    /// A number's text so far.
    Number(&'a str),
    /// `true`, `false` or `null`, as far as it is written.
    Literal(&'a str),
}

/// Reads one JSON value from text fed in pieces.
#[derive(Debug)]
pub(crate) struct Reader {
    /// Bytes read before the current piece.
    offset: usize,
    state: State,
    tree: Tree,
    /// A string's (or key's) decoded text, where it spans pieces or has
    /// escapes; a number's text.
    buffer: String,
    /// The offset of the byte at which reading stopped.
    stopped_at: Option<usize>,
    /// The state at the byte a syntax error stopped reading at, which
    /// that byte left as it was (`resume`).
    stuck: Option<State>,
}

impl Reader {
    pub(crate) fn new() -> Self {
        Reader {
            offset: 0,
            state: State::Value,
            tree: Tree::default(),
            buffer: String::new(),
            stopped_at: None,
            stuck: None,
        }
    }

    /// Bytes read so far.
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// The containers open, outermost first.
    pub(crate) fn open(&self) -> &[Open] {
        self.tree.open()
    }

    /// The offset of the byte at which reading stopped, once it has.
    pub(crate) fn stopped_at(&self) -> Option<usize> {
        self.stopped_at
    }

    /// The root value, once complete.
    pub(crate) fn root(&self) -> Option<&Value> {
        self.tree.root()
    }

    /// The JSON Pointer of the value being read: the innermost container's,
    /// or between its values, its own.
    pub(crate) fn path_being_read(&self) -> String {
        self.tree.path(self.inside_value())
    }

    /// The scalar being read, if one is.
    pub(crate) fn scalar(&self) -> Option<Scalar<'_>> {
        match self.state {
            State::Str { key: false } | State::Escaped { key: false, .. } => {
                Some(Scalar::String(&self.buffer))
            }
            State::Number(_) => Some(Scalar::Number(&self.buffer)),
            State::Literal { word, matched } => {
                Some(Scalar::Literal(&word.text()[..usize::from(matched)]))
            }
            _ => None,
        }
    }

    /// Reads `chunk`, the next piece of the text.
    pub(crate) fn feed<L: Listener>(
        &mut self,
        chunk: &str,
        listener: &mut L,
    ) -> Result<(), Stopped> {
        if self.state == State::Failed {
            return Err(Stopped::Refused);
        }
        let result = self.read(chunk, listener);
        if let Err(stopped) = &result {
            if let Stopped::Syntax(error) = stopped {
                self.stopped_at = Some(error.offset());
                self.stuck = Some(self.state);
            }
            self.state = State::Failed;
        }
        self.offset += chunk.len();
        result
    }

    /// Where reading stopped at a syntax error that a byte of the text
    /// caused (not one at its end, nor a listener's refusal).
    pub(crate) fn stuck(&self) -> Option<Place> {
        self.stuck?.place()
    }

    /// Takes up reading again after a syntax error caused by a byte of
    /// the text ([`stuck`](Self::stuck)): the next piece fed is read from
    /// that byte's place, in the state it found, changed as `resume` says.
    /// Every syntax error leaves the state as the byte found it - a byte
    /// right after a number's digits finds the number ended by it, and a
    /// string's run before a control character is kept in the buffer
    /// first - which `text/tests.rs` holds at every byte of its texts.
    pub(crate) fn resume(&mut self, resume: Resume) {
        let (Some(state), Some(at)) = (self.stuck.take(), self.stopped_at.take()) else {
            unreachable!("only a reader stuck at a byte resumes");
        };
        self.offset = at;
        self.state = match (resume, state) {
            (Resume::AsBefore, state) => state,
            (Resume::WithoutComma, State::NextKey | State::NextItem) => State::AfterValue,
            (Resume::WithoutComma, _) => unreachable!("only a comma is taken back"),
        };
    }

    /// The value, at the end of the text; a text that stops early is a
    /// truncated [`SyntaxError`], never a value.
    pub(crate) fn finish<L: Listener>(&mut self, listener: &mut L) -> Result<Value, Stopped> {
        let result = self.end_of_text(listener);
        if let Err(stopped) = &result {
            self.state = State::Failed;
            self.stopped_at = Some(match stopped {
                Stopped::Syntax(error) => error.offset(),
                Stopped::Refused => self.stopped_at.unwrap_or(self.offset),
            });
        }
        result
    }

    fn end_of_text<L: Listener>(&mut self, listener: &mut L) -> Result<Value, Stopped> {
        if let State::Number(digits) = self.state {
            if digits.complete() && self.tree.at_root() {
                self.end_number(0, listener)?;
            }
        }
        match (self.state, self.tree.take_root()) {
            (State::End, Some(value)) => Ok(value),
            (State::Failed, _) => Err(Stopped::Refused),
            (state, _) => {
                let inside = match state {
                    State::Str { key: true } | State::Escaped { key: true, .. } => {
                        "inside a property name"
                    }
                    State::Str { .. } | State::Escaped { .. } => "inside a string",
                    State::Number(_) => "inside a number",
                    State::Literal { .. } => "inside a literal",
                    State::NextItem | State::NextKey => "after a `,`",
                    State::Colon => "after a property name",
                    State::Value if self.tree.at_root() => {
                        return Err(Stopped::Syntax(SyntaxError::empty(self.offset)))
                    }
                    State::Value => "after a `:`",
                    _ if self.tree.in_object() => "inside an object, before its `}`",
                    _ => "inside an array, before its `]`",
                };
                let path = self.tree.path(self.inside_value());
                Err(Stopped::Syntax(SyntaxError::truncated(
                    self.offset,
                    path,
                    inside,
                )))
            }
        }
    }

    fn read<L: Listener>(&mut self, chunk: &str, listener: &mut L) -> Result<(), Stopped> {
        let bytes = chunk.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            let byte = bytes[at];
            match self.state {
                State::Str { key } => {
                    at = self.string_run(chunk, at, key, listener)?;
                    continue;
                }
                State::Escaped { key, escape } => self.escape(byte, at, key, escape, listener)?,
                State::Number(digits) => {
                    if !self.number_byte(byte, at, digits)? {
                        // The byte ends the number and is read again after it.
                        self.end_number(at, listener)?;
                        continue;
                    }
                }
                State::Literal { word, matched } => {
                    let text = word.text().as_bytes();
                    if byte != text[usize::from(matched)] {
                        let expected = format!("expected `{}`", word.text());
                        return Err(self.syntax(at, true, expected));
                    }
                    let matched = matched + 1;
                    if usize::from(matched) == text.len() {
                        let value = match word {
                            Word::True => Value::Bool(true),
                            Word::False => Value::Bool(false),
                            Word::Null => Value::Null,
                        };
                        self.complete(value, at, listener)?;
                    } else {
                        self.state = State::Literal { word, matched };
                    }
                }
                _ if matches!(byte, b' ' | b'\t' | b'\n' | b'\r') => {}
                State::Value | State::NextItem => self.begin_value(byte, at, listener)?,
                State::FirstItem if byte == b']' => self.close(at, listener)?,
                State::FirstItem => self.begin_value(byte, at, listener)?,
                State::FirstKey if byte == b'}' => self.close(at, listener)?,
                State::FirstKey | State::NextKey if byte == b'"' => {
                    self.state = State::Str { key: true };
                }
                State::FirstKey => {
                    return Err(self.syntax_found(
                        at,
                        byte,
                        "expected a property name in double quotes or `}`",
                    ))
                }
                State::NextKey if byte == b'}' => {
                    return Err(self.syntax(
                        at,
                        false,
                        "a `,` before `}`: remove the trailing comma".into(),
                    ))
                }
                State::NextKey => {
                    return Err(self.syntax_found(
                        at,
                        byte,
                        "expected a property name in double quotes",
                    ))
                }
                State::Colon if byte == b':' => self.state = State::Value,
                State::Colon => {
                    return Err(self.syntax_found(at, byte, "expected `:` after the property name"))
                }
                State::AfterValue => self.after_value(byte, at, listener)?,
                State::End => {
                    return Err(self.syntax_found(
                        at,
                        byte,
                        "expected the end of the text after the arguments' value",
                    ))
                }
                State::Failed => unreachable!("a failed reader is not fed"),
            }
            at += 1;
        }
        Ok(())
    }

    /// Reads a run of a string's plain bytes from `start`, up to its
    /// closing quote, a `\` or the end of the piece; returns where to go
    /// on.
    #[inline]
    fn string_run<L: Listener>(
        &mut self,
        chunk: &str,
        start: usize,
        key: bool,
        listener: &mut L,
    ) -> Result<usize, Stopped> {
        let bytes = chunk.as_bytes();
        let mut end = start;
        while end < bytes.len() && !matches!(bytes[end], b'"' | b'\\' | 0..=0x1F) {
            end += 1;
        }
        // Runs stop only at ASCII bytes, so the slice is whole characters.
        let run = &chunk[start..end];
        if !key && !run.is_empty() {
            if let Err(within) = listener.string_part(run) {
                return Err(self.halted(Halt::Refused, start + within));
            }
        }
        match bytes.get(end) {
            None => {
                self.buffer.push_str(run);
                Ok(end)
            }
            Some(b'"') if !key && !self.quote_closes(chunk, end, listener) => {
                // A quote the listener reads as the string's own.
                self.buffer.push_str(run);
                self.buffer.push('"');
                if listener.string_part("\"").is_err() {
                    return Err(self.halted(Halt::Refused, end));
                }
                Ok(end + 1)
            }
            Some(b'"') => {
                let text = if self.buffer.is_empty() {
                    String::from(run)
                } else {
                    self.buffer.push_str(run);
                    let text = String::from(self.buffer.as_str());
                    self.buffer.clear();
                    text
                };
                if key {
                    self.end_key(text, end, listener)?;
                } else {
                    self.complete(Value::String(text), end, listener)?;
                }
                Ok(end + 1)
            }
            Some(b'\\') => {
                self.buffer.push_str(run);
                self.state = State::Escaped {
                    key,
                    escape: Escape::Backslash,
                };
                Ok(end + 1)
            }
            Some(&byte) if listener.control_reads(self.control(end, byte, key)) => {
                self.buffer.push_str(run);
                // A control character is one byte, a character of its own.
                let part = &chunk[end..end + 1];
                self.buffer.push_str(part);
                if !key && listener.string_part(part).is_err() {
                    return Err(self.halted(Halt::Refused, end));
                }
                Ok(end + 1)
            }
            Some(&control) => {
                // Kept, so that a repair can take up reading at the byte.
                self.buffer.push_str(run);
                Err(self.syntax(end, !key, control_character(control)))
            }
        }
    }

    /// Whether the `"` at `at` of `chunk` ends the string value being
    /// read: the listener's answer.
    fn quote_closes<L: Listener>(&self, chunk: &str, at: usize, listener: &mut L) -> bool {
        listener.quote_closes(Quote::new(self.offset + at, chunk, at, self.tree.open()))
    }

    /// The raw control character `byte` at `at` of the piece.
    fn control(&self, at: usize, byte: u8, key: bool) -> Control<'_> {
        let (offset, open) = (self.offset + at, self.tree.open());
        Control {
            offset,
            byte,
            key,
            open,
        }
    }

    /// Reads one byte of an escape.
    fn escape<L: Listener>(
        &mut self,
        byte: u8,
        at: usize,
        key: bool,
        escape: Escape,
        listener: &mut L,
    ) -> Result<(), Stopped> {
        let decoded = match escape.read(byte) {
            Step::More(escape) => {
                self.state = State::Escaped { key, escape };
                return Ok(());
            }
            Step::Char(decoded) => decoded,
            Step::Wrong(message) => return Err(self.syntax(at, !key, message)),
        };
        let mut utf8 = [0; 4];
        let part = decoded.encode_utf8(&mut utf8);
        self.buffer.push_str(part);
        // An escape is one character, ending at `at`.
        if !key && listener.string_part(part).is_err() {
            return Err(self.halted(Halt::Refused, at));
        }
        self.state = State::Str { key };
        Ok(())
    }

    /// Reads one byte of a number; `false` when the byte is not part of it.
    fn number_byte(&mut self, byte: u8, at: usize, number: NumberAt) -> Result<bool, Stopped> {
        match number.read(byte) {
            Ok(Some(next)) => {
                self.buffer.push(char::from(byte));
                self.state = State::Number(next);
                Ok(true)
            }
            Ok(None) => Ok(false),
            Err(message) => Err(self.syntax(at, true, message.into())),
        }
    }

    /// The number read ends before the byte at `at`.
    fn end_number<L: Listener>(&mut self, at: usize, listener: &mut L) -> Result<(), Stopped> {
        let Some(number) = number::read(&self.buffer) else {
            return Err(self.syntax(
                at,
                true,
                "a number beyond the range of a 64-bit float".into(),
            ));
        };
        listener.number(&self.buffer, &number, self.tree.open());
        self.buffer.clear();
        self.complete(Value::Number(number), at, listener)
    }

    /// The first byte of a value.
    fn begin_value<L: Listener>(
        &mut self,
        byte: u8,
        at: usize,
        listener: &mut L,
    ) -> Result<(), Stopped> {
        let begun = match byte {
            b'{' => Begun::Object,
            b'[' => Begun::Array,
            b'"' => Begun::String,
            b'-' | b'0'..=b'9' => Begun::Number,
            b't' | b'f' => Begun::Boolean,
            b'n' => Begun::Null,
            b']' if self.state == State::NextItem => {
                return Err(self.syntax(
                    at,
                    false,
                    "a `,` before `]`: remove the trailing comma".into(),
                ))
            }
            _ => {
                let expected = if self.state == State::FirstItem {
                    "expected a value or `]`"
                } else {
                    "expected a value (an object, array, string, number, `true`, `false` or `null`)"
                };
                return Err(self.syntax_found(at, byte, expected));
            }
        };
        if matches!(begun, Begun::Object | Begun::Array) && !self.tree.may_nest() {
            return Err(self.syntax(
                at,
                true,
                format!("containers nested more than {MAX_NESTING} deep"),
            ));
        }
        // A value begun is the next item of an open array.
        if self.state == State::FirstItem {
            self.state = State::NextItem;
        }
        listener
            .begin(begun)
            .map_err(|halt| self.halted(halt, at))?;
        self.state = match begun {
            Begun::Object => {
                self.tree.open_object();
                State::FirstKey
            }
            Begun::Array => {
                self.tree.open_array();
                State::FirstItem
            }
            Begun::String => State::Str { key: false },
            Begun::Number => {
                self.buffer.push(char::from(byte));
                State::Number(NumberAt::start(byte))
            }
            Begun::Boolean | Begun::Null => State::Literal {
                word: match byte {
                    b't' => Word::True,
                    b'f' => Word::False,
                    _ => Word::Null,
                },
                matched: 1,
            },
        };
        Ok(())
    }

    fn after_value<L: Listener>(
        &mut self,
        byte: u8,
        at: usize,
        listener: &mut L,
    ) -> Result<(), Stopped> {
        match (byte, self.tree.in_object()) {
            (b',', true) => self.state = State::NextKey,
            (b',', false) => self.state = State::NextItem,
            (b'}', true) | (b']', false) => self.close(at, listener)?,
            (_, true) => {
                return Err(self.syntax_found(
                    at,
                    byte,
                    "expected `,` or `}` after a property's value",
                ))
            }
            (_, false) => {
                return Err(self.syntax_found(at, byte, "expected `,` or `]` after an item"))
            }
        }
        Ok(())
    }

    /// A key is complete at its closing quote, at `at`.
    fn end_key<L: Listener>(
        &mut self,
        text: String,
        at: usize,
        listener: &mut L,
    ) -> Result<(), Stopped> {
        let (key, map) = self.tree.set_key(text);
        if let Err(halt) = listener.key(key, map) {
            return Err(self.halted(halt, at));
        }
        self.state = State::Colon;
        Ok(())
    }

    /// Closes the innermost container.
    fn close<L: Listener>(&mut self, at: usize, listener: &mut L) -> Result<(), Stopped> {
        let value = self.tree.close();
        self.complete(value, at, listener)
    }

    /// A value is complete: told, then put in its place.
    fn complete<L: Listener>(
        &mut self,
        value: Value,
        at: usize,
        listener: &mut L,
    ) -> Result<(), Stopped> {
        if listener.end(&value).is_err() {
            self.stopped_at = Some(self.offset + at);
            return Err(Stopped::Refused);
        }
        self.state = match self.tree.place(value) {
            true => State::End,
            false => State::AfterValue,
        };
        Ok(())
    }

    /// The error for a listener's halt at `at`.
    fn halted(&mut self, halt: Halt, at: usize) -> Stopped {
        match halt {
            Halt::Refused => {
                self.stopped_at = Some(self.offset + at);
                Stopped::Refused
            }
            Halt::Repeated => Stopped::Syntax(SyntaxError::repeated(
                self.offset + at,
                self.tree.path(false),
                self.tree.key(),
            )),
        }
    }

    /// Whether the state is inside the value that the innermost container
    /// is reading (its item, or its property's value), not between them.
    fn inside_value(&self) -> bool {
        matches!(
            self.state,
            State::Value
                | State::NextItem
                | State::Str { key: false }
                | State::Escaped { key: false, .. }
                | State::Number(_)
                | State::Literal { .. }
        )
    }

    /// A syntax error at byte `at` of the current piece, in the value being
    /// read when `inside` (and the state says a value is being read).
    fn syntax(&self, at: usize, inside: bool, message: String) -> Stopped {
        let inside = inside && (self.inside_value() || matches!(self.state, State::FirstItem));
        Stopped::Syntax(SyntaxError::new(
            self.offset + at,
            self.tree.path(inside),
            message,
        ))
    }

    /// A syntax error naming the byte found.
    fn syntax_found(&self, at: usize, byte: u8, expected: &str) -> Stopped {
        self.syntax(at, true, format!("{expected}, found {}", found(byte)))
    }
}

/// The byte found where something else was expected, as a message names
/// it.
fn found(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("`{}`", char::from(byte))
    } else if byte.is_ascii() {
        format!("the character U+{byte:04X}")
    } else {
        "a non-ASCII character".to_owned()
    }
}
