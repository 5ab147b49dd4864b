//! The mending read: the text read by the crate's one reader (`text/`),
//! and at each byte where it stops being JSON, the one repair that reads
//! it as its writer meant - or none, and the reader's error stands.
//!
//! The reader leaves its state as the failing byte found it, so a repair
//! takes up reading there ([`Reader::resume`]) and feeds what JSON would
//! have had instead (`"path"` for `path`, `true` for `True`) before the
//! rest of the text: each byte is read once, however many repairs a text
//! needs. Two repairs are decided without the reader stopping, by asking
//! its listener: at each `"` whether it ends the string (`quotes.rs`),
//! since by the next byte the string would be complete, and at a raw
//! control character whether to read it as its escape, since a text may
//! hold millions of them and a stop costs a syntax error and a resume.
//! A `None` becomes a `null` the read value then loses, so that the reader
//! and its listener see an ordinary property.

use serde_json::Value;

use super::here::Here;
use super::quotes::{self, Container, SingleQuoted, Unread};
use super::report::Made;
use super::words::{bare_word, skip_space, Literal};
use crate::change::{Change, ChangeCode};
use crate::document::SyntaxError;
use crate::message::Quoted;
use crate::text::{self, path_of, Control, Listener, Open, Place, Quote, Reader, Resume, Stopped};
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::{Checker, CompiledObject};

/// A value read with repairs.
#[derive(Debug)]
pub(super) struct Read {
    pub(super) value: Value,
    /// The repairs, in text order.
    pub(super) changes: Vec<Made>,
    /// The reader's error at the first byte after the value that is not
    /// whitespace, if there is one: where the value's text ends, and what
    /// stands if the text after it cannot be left out.
    pub(super) trailing: Option<SyntaxError>,
}

/// Why a mending read gave no value.
#[derive(Debug)]
pub(super) enum Unmended {
    /// The reader's error, located in the text as written.
    Syntax(SyntaxError),
    /// The text is the arguments' object written in brackets, which only
    /// a read of the text rewritten can take (`around.rs`).
    Brackets,
}

/// `text` read with repairs, its offsets counted from `base` in the
/// errors; reading stops at the end of the first value.
pub(super) fn read(schema: &ToolArgsSchema, text: &str, base: usize) -> Result<Read, Unmended> {
    let root = schema.compiled();
    let mut mender = Mender {
        names: Checker::names_only(schema.validator()),
        quotes: Vec::new(),
        inner: None,
        controls: Vec::new(),
        controls_here: false,
    };
    let mut reader = Reader::new();
    let mut offsets = Offsets::default();
    let mut changes: Vec<(usize, Made)> = Vec::new();
    let mut absent: Vec<(String, String)> = Vec::new();
    // The last property name read in single quotes, as an index into
    // `changes`: its value in single quotes too is the same change.
    let mut quoted_name: Option<usize> = None;
    // The text is fed from `at` on.
    let mut at = 0;
    let trailing = loop {
        let error = match reader.feed(&text[at..], &mut mender) {
            Ok(()) => break None,
            Err(Stopped::Syntax(error)) => error,
            Err(Stopped::Refused) => unreachable!("a names-only checker refuses nothing"),
        };
        let here = offsets.in_text(error.offset());
        let place = reader.stuck().filter(|_| !error.is_repeated_property());
        let Some(place) = place else {
            return Err(Unmended::Syntax(error.moved_to(base + here)));
        };
        if place == Place::End {
            break Some(error.moved_to(base + here));
        }
        // The value being read, for an error that a repair's reading finds.
        let path = || path_of(reader.open(), !matches!(place, Place::Key { .. }));
        let name = quoted_name.map(|index| &changes[index].1.change);
        let mend = match mend(place, &text[here..], reader.open(), root, name) {
            Fix::Mend(mend) => mend,
            Fix::Refuse => return Err(Unmended::Syntax(error.moved_to(base + here))),
            Fix::Unended(at) => {
                let error = SyntaxError::unended(base + here + at, path());
                return Err(Unmended::Syntax(error));
            }
            Fix::Cut(inside) => {
                let error = SyntaxError::truncated(base + text.len(), path(), inside);
                return Err(Unmended::Syntax(error));
            }
            Fix::Brackets => return Err(Unmended::Brackets),
            Fix::Escapes(quoted) => {
                // The reader reads the string as JSON, from the quote on,
                // and refuses it as it refuses the same escape in double
                // quotes: located in the text as written.
                reader.resume(Resume::AsBefore);
                let Err(Stopped::Syntax(wrong)) = reader.feed(&quoted.json, &mut mender) else {
                    return Err(Unmended::Syntax(error.moved_to(base + here)));
                };
                let at = here + quoted.text_offset(wrong.offset() - error.offset());
                return Err(Unmended::Syntax(wrong.moved_to(base + at)));
            }
        };
        reader.resume(mend.resume);
        offsets.marks.push(Mark {
            reader: error.offset(),
            text: here,
            written: mend.written.len(),
            skipped: mend.skip,
        });
        match (mend.of_name, quoted_name) {
            (OfName::Replaces, Some(index)) => changes[index].1 = mend.change.into(),
            (of_name, _) => {
                if of_name == OfName::Quoted {
                    quoted_name = Some(changes.len());
                }
                changes.push((here, mend.change.into()));
            }
        }
        changes.extend(mend.more.map(|(at, made)| (here + at, made)));
        absent.extend(mend.absent);
        if let Err(stopped) = reader.feed(&mend.written, &mut mender) {
            let Stopped::Syntax(error) = stopped else {
                unreachable!("a names-only checker refuses nothing")
            };
            // JSON's escapes, kept from a single-quoted string, read wrong.
            return Err(Unmended::Syntax(error.moved_to(base + here)));
        }
        at = here + mend.skip;
    };
    if trailing.is_some() {
        reader.resume(Resume::AsBefore);
    }
    let in_string = matches!(reader.scalar(), Some(text::Scalar::String(_)));
    let mut value = match reader.finish(&mut mender) {
        Ok(value) => value,
        Err(Stopped::Syntax(error)) => {
            // Cut short inside a string only because a quote was read as
            // part of it: that quote is what is wrong.
            if let (true, Some(quote)) = (in_string, mender.inner) {
                let at = base + offsets.in_text(quote);
                return Err(Unmended::Syntax(SyntaxError::unended(
                    at,
                    error.path().into(),
                )));
            }
            let here = offsets.in_text(error.offset());
            return Err(Unmended::Syntax(error.moved_to(base + here)));
        }
        Err(Stopped::Refused) => unreachable!("a names-only checker refuses nothing"),
    };
    for (object, name) in &absent {
        if let Some(Value::Object(map)) = value.pointer_mut(object) {
            map.remove(name);
        }
    }
    let made_inside = mender.quotes.into_iter().chain(mender.controls);
    changes.extend(made_inside.map(|(at, made)| (offsets.in_text(at), made)));
    // Stable: the changes of one place keep the order they were made in.
    changes.sort_by_key(|&(at, _)| at);
    Ok(Read {
        value,
        changes: changes.into_iter().map(|(_, made)| made).collect(),
        trailing,
    })
}

/// What to do at a byte where the text stops being JSON.
enum Fix {
    Mend(Mend),
    /// Nothing unambiguous: the reader's error stands.
    Refuse,
    /// The text ends inside what a repair began to read (`"inside a
    /// string"`): a call cut short.
    Cut(&'static str),
    /// The text ends inside a single-quoted string after quotes that could
    /// not end it: the first, at this offset from the failing byte.
    Unended(usize),
    Brackets,
    /// A string in single quotes whose JSON escapes, kept as written, are
    /// wrong (`\u12`, a lone surrogate `\ud800`): the reader's error on
    /// them stands, where they are, not one at the quote.
    Escapes(SingleQuoted),
}

/// One repair: `written` read instead of the `skip` bytes of the text at
/// the failing byte.
struct Mend {
    written: String,
    skip: usize,
    resume: Resume,
    change: Change,
    /// The change inside what it read (a single-quoted string's control
    /// characters, counted), at its first's offset from the failing byte.
    more: Option<(usize, Made)>,
    /// A property to leave out of the value: its object's pointer and its
    /// name.
    absent: Option<(String, String)>,
    of_name: OfName,
}

/// How a repair's change stands to a property name read in single quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OfName {
    /// It is not about one.
    Not,
    /// It is one: the name in single quotes.
    Quoted,
    /// It is the value in single quotes of the name just read in single
    /// quotes, and its change says both: it replaces the name's.
    Replaces,
}

impl Mend {
    fn new(written: impl Into<String>, skip: usize, change: Change) -> Self {
        Mend {
            written: written.into(),
            skip,
            resume: Resume::AsBefore,
            change,
            more: None,
            absent: None,
            of_name: OfName::Not,
        }
    }
}

/// The repair at `place`, where `rest` is the text from the failing byte
/// on, inside the containers `open`; `name` is the change of the last
/// property name read in single quotes.
fn mend(
    place: Place,
    rest: &str,
    open: &[Open],
    root: CompiledObject<'_>,
    name: Option<&Change>,
) -> Fix {
    let Some(&byte) = rest.as_bytes().first() else {
        return Fix::Refuse;
    };
    match (place, byte) {
        (Place::Key { after_comma: true }, b'}') | (Place::Value { after_comma: true }, b']') => {
            let (close, last) = match byte {
                b'}' => ("}", "property"),
                _ => ("]", "item"),
            };
            let message = format!(
                "a comma before {close}, left out: JSON has no comma after the last {last}"
            );
            let change = Change::new(ChangeCode::TrailingComma, path_of(open, false), message);
            let mut mend = Mend::new("", 0, change);
            mend.resume = Resume::WithoutComma;
            Fix::Mend(mend)
        }
        (Place::Key { .. }, b'\'') => single_quoted(rest, open, None),
        (Place::Key { .. }, _) => unquoted_key(rest, open, root),
        (Place::Value { .. }, b'\'') => single_quoted(rest, open, Some(name)),
        (Place::Value { .. }, _) => literal(rest, open, root),
        (Place::Escape { key }, b'\'') => {
            let message = "\\' inside a string, read as ': JSON does not escape a single quote";
            let change = Change::new(ChangeCode::EscapedApostrophe, path_of(open, !key), message);
            // The reader has read the `\`: the escape goes on as `\u0027`.
            Fix::Mend(Mend::new("u0027", 1, change))
        }
        (Place::AfterValue, b':') if is_bracketed_object(open) => Fix::Brackets,
        _ => Fix::Refuse,
    }
}

/// Whether the text so far is `[` and one string, at the top: an object's
/// first property written in brackets.
fn is_bracketed_object(open: &[Open]) -> bool {
    matches!(open, [Open::Array(items)] if matches!(items.as_slice(), [Value::String(_)]))
}

/// A property name in single quotes (`value` is `None`), or a string:
/// `value` holds the change of the last property name read in single
/// quotes, and where that is this string's property, the change is one
/// for both.
fn single_quoted(rest: &str, open: &[Open], value: Option<Option<&Change>>) -> Fix {
    let key = value.is_none();
    let container = container(open);
    let ends = |after: &str| match key {
        true => quotes::ends_key(after),
        false => quotes::ends_string(after, container),
    };
    let quoted = match quotes::single_quoted(rest, ends) {
        Ok(quoted) => quoted,
        Err(Unread::Unterminated) if key => return Fix::Cut("inside a property name"),
        Err(Unread::Unterminated) => return Fix::Cut("inside a string"),
        Err(Unread::Unended(at)) => return Fix::Unended(at),
        Err(Unread::Escape(_)) => return Fix::Refuse,
    };
    let Some(string) = quoted.decoded() else {
        return Fix::Escapes(quoted);
    };
    let mut path = path_of(open, !key);
    let (what, plural) = match key {
        true => ("a property name", "property names"),
        false => ("a string", "strings"),
    };
    if key {
        crate::pointer::push(&mut path, &string);
    }
    let name = value
        .flatten()
        .filter(|name| name.pointer == path)
        .and_then(|_| match open.last() {
            Some(Open::Object {
                key: Some(name), ..
            }) => Some(name),
            _ => None,
        });
    let (message, of_name) = match name {
        Some(name) => (
            format!(
                "a property name and its string in single quotes, read as {}: {}: \
                 JSON writes property names and strings in double quotes",
                Quoted::new(name),
                Quoted::new(&string)
            ),
            OfName::Replaces,
        ),
        None => (
            format!(
                "{what} in single quotes, read as {}: JSON writes {plural} in double quotes",
                Quoted::new(&string)
            ),
            if key { OfName::Quoted } else { OfName::Not },
        ),
    };
    // One string's control characters are one change that counts them:
    // however many newlines it holds.
    let more = quoted.controls.first().map(|&(at, byte)| {
        let made = Made {
            change: control_character(byte, &path),
            times: quoted.controls.len(),
        };
        (at, made)
    });
    let change = Change::new(ChangeCode::SingleQuotes, path, message);
    let mut mend = Mend::new(quoted.json, quoted.len, change);
    mend.more = more;
    mend.of_name = of_name;
    Fix::Mend(mend)
}

/// The change for a raw control character inside the string at `path`.
fn control_character(byte: u8, path: &str) -> Change {
    let (name, escape) = text::control_escape(byte);
    let message = format!(
        "a raw {name} inside a string, read as {escape}: JSON strings escape control characters"
    );
    Change::new(ChangeCode::ControlCharacter, path, message)
}

fn unquoted_key(rest: &str, open: &[Open], root: CompiledObject<'_>) -> Fix {
    let word = bare_word(rest);
    let named = !word.is_empty()
        && skip_space(&rest[word.len()..]).starts_with(':')
        && Here::find(root, open, false).names(word);
    if !named {
        return Fix::Refuse;
    }
    let mut path = path_of(open, false);
    crate::pointer::push(&mut path, word);
    let name = Quoted::new(word).to_string();
    let message = format!(
        "a property name without quotes, read as {name}: JSON writes property names in double quotes"
    );
    Fix::Mend(Mend::new(
        name,
        word.len(),
        Change::new(ChangeCode::UnquotedKey, path, message),
    ))
}

/// Python's `True`, `False` and `None`, JavaScript's `undefined`.
fn literal(rest: &str, open: &[Open], root: CompiledObject<'_>) -> Fix {
    let word = bare_word(rest);
    match Literal::of(word) {
        Some(Literal::Boolean(boolean)) if Here::find(root, open, true).takes_boolean() => {
            let message =
                format!("Python's {word}, read as {boolean}: JSON's booleans are true and false");
            let change = Change::new(ChangeCode::PythonLiteral, path_of(open, true), message);
            Fix::Mend(Mend::new(boolean.to_string(), word.len(), change))
        }
        Some(Literal::Absent) => {
            let Some(Open::Object {
                key: Some(name), ..
            }) = open.last()
            else {
                return Fix::Refuse;
            };
            if !Here::find(root, open, false).optional(name) {
                return Fix::Refuse;
            }
            let message = format!(
                "the optional property {} given as {word}, left out: leave out a property that has no value",
                Quoted::new(name)
            );
            let change = Change::new(ChangeCode::AbsentValue, path_of(open, true), message);
            let mut mend = Mend::new("null", word.len(), change);
            mend.absent = Some((path_of(open, false), name.clone()));
            Fix::Mend(mend)
        }
        _ => Fix::Refuse,
    }
}

fn container(open: &[Open]) -> Container {
    match open.last() {
        None => Container::Root,
        Some(Open::Object { .. }) => Container::Object,
        Some(Open::Array(_)) => Container::Array,
    }
}

/// The reader's listener: the names-only checker (which refuses a property
/// the schema names given twice, as every text read refuses it), the quote
/// rule, and the raw control characters read as their escapes.
///
/// What repeats inside one string is one change that counts, made at its
/// first: a string of a million raw newlines costs a counter, not a
/// million changes (`report.rs` folds what repeats across strings).
struct Mender<'v> {
    names: Checker<'v>,
    /// The quotes read as part of their string: the reader's offset of
    /// the first in each string, and its change.
    quotes: Vec<(usize, Made)>,
    /// The first of them in the string being read.
    inner: Option<usize>,
    /// The raw control characters, the same way.
    controls: Vec<(usize, Made)>,
    /// Whether the last of `controls` is the string being read's.
    controls_here: bool,
}

impl Listener for Mender<'_> {
    fn begin(&mut self, begun: text::Begun) -> Result<(), text::Halt> {
        self.controls_here = false;
        self.names.begin(begun)
    }

    fn key(
        &mut self,
        key: &str,
        object: &serde_json::Map<String, Value>,
    ) -> Result<(), text::Halt> {
        self.controls_here = false;
        self.names.key(key, object)
    }

    fn string_part(&mut self, part: &str) -> Result<(), usize> {
        self.names.string_part(part)
    }

    fn end(&mut self, value: &Value) -> Result<(), text::Halt> {
        self.controls_here = false;
        self.names.end(value)
    }

    fn quote_closes(&mut self, quote: Quote<'_>) -> bool {
        if quotes::ends_string(quote.after(), container(quote.open)) {
            self.inner = None;
            return true;
        }
        if self.inner.is_some() {
            count_last(&mut self.quotes);
            return false;
        }
        self.inner = Some(quote.offset);
        let message =
            "a \" inside a string, read as part of it: escape a quote inside a string as \\\"";
        let change = Change::new(
            ChangeCode::UnescapedQuote,
            path_of(quote.open, true),
            message,
        );
        self.quotes.push((quote.offset, change.into()));
        false
    }

    fn control_reads(&mut self, control: Control<'_>) -> bool {
        if self.controls_here {
            count_last(&mut self.controls);
            return true;
        }
        self.controls_here = true;
        let change = control_character(control.byte, &path_of(control.open, !control.key));
        self.controls.push((control.offset, change.into()));
        true
    }
}

/// One more of the last change made.
fn count_last(made: &mut [(usize, Made)]) {
    if let Some((_, last)) = made.last_mut() {
        last.times += 1;
    }
}

/// Where the reader's offsets are in the text: they differ after each
/// repair that reads other bytes than the text's.
#[derive(Debug, Default)]
struct Offsets {
    marks: Vec<Mark>,
}

/// A repair: at the reader's offset `reader`, the text's `text`, it read
/// `written` bytes in place of the text's next `skipped`.
#[derive(Debug)]
struct Mark {
    reader: usize,
    text: usize,
    written: usize,
    skipped: usize,
}

impl Offsets {
    /// The text's offset of the reader's `offset`; inside what a repair
    /// wrote, the offset of the text it replaced.
    fn in_text(&self, offset: usize) -> usize {
        // The marks are made in reading order: by the reader's offset.
        let before = self.marks.partition_point(|mark| mark.reader <= offset);
        match before.checked_sub(1).map(|last| &self.marks[last]) {
            None => offset,
            Some(mark) if offset < mark.reader + mark.written => mark.text,
            Some(mark) => mark.text + mark.skipped + (offset - mark.reader - mark.written),
        }
    }
}
