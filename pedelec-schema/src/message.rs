//! Pieces of messages that show a value, and never the whole of a large
//! value; and [`Capped`], the writer that stops a whole message at a bound.
//!
//! Each piece is written by a `write_to` generic over [`fmt::Write`]; the
//! pieces that other messages put in `format!` (`Described`, `Quoted`)
//! are `Display` through it. Validation messages call `write_to` with the
//! `String` they fill: the words go in with `push_str` and counts through
//! `itoa`, where `write!` would run the formatting machinery (an argument
//! table and dynamic calls per piece), which costs more than the words.

use std::fmt::{self, Display, Formatter, Write};

use serde_json::{Number, Value};

use crate::json_view::{Json, JsonView};
use crate::small_string::SmallString;

/// How many characters of a string a message quotes.
const QUOTED_CHARS: usize = 40;
/// How many allowed values an `enum` message lists.
const LISTED_VALUES: usize = 10;

/// "null", "the number 5", "the string \"x\"", "an array of 3 items", ...
pub(crate) struct Described<'a>(pub(crate) &'a Value);

impl Display for Described<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        Found::of(self.0).write_to(f)
    }
}

/// What a value is, kept for a message written later: its kind, and for a
/// scalar the value itself (a string only as far as a message quotes it).
#[derive(Debug, Clone)]
pub(crate) enum Found {
    Null,
    Bool(bool),
    Number(Number),
    String(Excerpt),
    Array(usize),
    Object(usize),
    /// A value read only as far as its first byte, which gives its JSON
    /// type: "a string", "an object", ... (the stream refuses there).
    Begun(&'static str),
}

impl Found {
    pub(crate) fn of(value: &Value) -> Found {
        Found::of_view(value)
    }

    /// What `value`, a value the validation walk reads, is.
    pub(crate) fn of_view<'a, V: JsonView<'a>>(value: V) -> Found {
        match value.read() {
            Json::Null => Found::Null,
            Json::Bool(b) => Found::Bool(b),
            Json::Number(n) => Found::Number(n.into_owned()),
            Json::String(s) => Found::String(Excerpt::of(s)),
            Json::Array => Found::Array(value.items().len()),
            Json::Object => Found::Object(value.entries().len()),
        }
    }

    pub(crate) fn write_to<W: Write>(&self, out: &mut W) -> fmt::Result {
        match self {
            Found::Null => out.write_str("null"),
            Found::Bool(b) => {
                out.write_str("the boolean ")?;
                write_bool(out, *b)
            }
            Found::Number(n) => {
                out.write_str("the number ")?;
                write_number(out, n)
            }
            Found::String(s) => {
                out.write_str("the string ")?;
                s.write_to(out)
            }
            Found::Array(len) => {
                out.write_str("an array of ")?;
                write_count(out, *len)?;
                out.write_str(if *len == 1 { " item" } else { " items" })
            }
            Found::Object(len) => {
                out.write_str("an object with ")?;
                write_count(out, *len)?;
                out.write_str(if *len == 1 {
                    " property"
                } else {
                    " properties"
                })
            }
            Found::Begun(kind) => out.write_str(kind),
        }
    }
}

/// A count, as `Display` writes it.
pub(crate) fn write_count<W: Write>(out: &mut W, count: impl itoa::Integer) -> fmt::Result {
    out.write_str(itoa::Buffer::new().format(count))
}

/// `true` or `false`.
pub(crate) fn write_bool<W: Write>(out: &mut W, value: bool) -> fmt::Result {
    out.write_str(if value { "true" } else { "false" })
}

/// A number as its `Display` writes it. An integer goes through `itoa`,
/// as serde_json's own `Display` writes it. Only a number that reads back
/// as an integer (`as_u64`, or a negative `as_i64`) takes that way, which
/// leaves `-0` kept as text (serde_json's `arbitrary_precision` feature)
/// to `Display`, with every float.
pub(crate) fn write_number<W: Write>(out: &mut W, number: &Number) -> fmt::Result {
    if let Some(unsigned) = number.as_u64() {
        write_count(out, unsigned)
    } else if let Some(negative) = number.as_i64().filter(|&n| n < 0) {
        write_count(out, negative)
    } else {
        write!(out, "{number}")
    }
}

/// As much of a string as a message quotes ([`Quoted::new`]), kept for a
/// message written later: a long string is not copied whole, and a short
/// one not to the heap.
#[derive(Debug, Clone)]
pub(crate) struct Excerpt(SmallString);

impl Excerpt {
    pub(crate) fn of(text: &str) -> Excerpt {
        // One character more than is shown, so the quote still knows it
        // was cut. A text of no more bytes has no more characters.
        let end = match text.len() > QUOTED_CHARS + 1 {
            true => text
                .char_indices()
                .nth(QUOTED_CHARS + 1)
                .map_or(text.len(), |(end, _)| end),
            false => text.len(),
        };
        Excerpt(SmallString::from(&text[..end]))
    }

    pub(crate) fn write_to<W: Write>(&self, out: &mut W) -> fmt::Result {
        Quoted::new(self.0.as_str()).write_to(out)
    }
}

/// A string as a JSON string literal, cut after a number of characters.
pub(crate) struct Quoted<'a> {
    text: &'a str,
    limit: usize,
}

impl<'a> Quoted<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Quoted {
            text,
            limit: QUOTED_CHARS,
        }
    }

    pub(crate) fn with_limit(text: &'a str, limit: usize) -> Self {
        Quoted { text, limit }
    }

    pub(crate) fn write_to<W: Write>(&self, f: &mut W) -> fmt::Result {
        // A text of no more bytes than the limit has no more characters
        // either; only a longer one is counted.
        let (shown, cut) = match self.text.len() > self.limit {
            true => match self.text.char_indices().nth(self.limit) {
                Some((end, _)) => (&self.text[..end], true),
                None => (self.text, false),
            },
            false => (self.text, false),
        };
        f.write_char('"')?;
        // Printable ASCII but for the quote and the backslash, as most
        // quoted values are, is written whole.
        let plain = shown
            .bytes()
            .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\');
        if plain {
            f.write_str(shown)?;
        } else {
            write_escaped(f, shown)?;
        }
        f.write_char('"')?;
        if cut {
            f.write_char('…')?;
        }
        Ok(())
    }
}

impl Display for Quoted<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// `text` as the inside of a JSON string literal: plain runs are written
/// whole; only what JSON escapes is written character by character.
fn write_escaped<W: Write>(f: &mut W, text: &str) -> fmt::Result {
    let mut run_start = 0;
    for (at, c) in text.char_indices() {
        let escape = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            c if c.is_control() => "",
            _ => continue,
        };
        f.write_str(&text[run_start..at])?;
        if escape.is_empty() {
            write!(f, "\\u{:04x}", c as u32)?;
        } else {
            f.write_str(escape)?;
        }
        run_start = at + c.len_utf8();
    }
    f.write_str(&text[run_start..])
}

/// A [`Write`] that takes at most `room` more bytes: past it, the text is
/// cut at a character's boundary, marked, and writing fails, so that the
/// writer of a long message stops there.
pub(crate) struct Capped<'a> {
    out: &'a mut String,
    end: usize,
    cut: bool,
}

/// What ends a message cut at its cap.
const CUT_MARK: &str = " [...]";

impl<'a> Capped<'a> {
    /// A writer into `out` that keeps its length under `out.len() + room`.
    pub(crate) fn new(out: &'a mut String, room: usize) -> Self {
        let end = out.len() + room.saturating_sub(CUT_MARK.len());
        Capped {
            out,
            end,
            cut: false,
        }
    }
}

impl Write for Capped<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.cut {
            return Err(fmt::Error);
        }
        let room = self.end.saturating_sub(self.out.len());
        if s.len() <= room {
            self.out.push_str(s);
            return Ok(());
        }
        let fits = (0..=room)
            .rev()
            .find(|&at| s.is_char_boundary(at))
            .unwrap_or(0);
        self.out.push_str(&s[..fits]);
        self.out.push_str(CUT_MARK);
        self.cut = true;
        Err(fmt::Error)
    }
}

/// The values an `enum` allows: "\"a\"", or "one of \"a\", \"b\"".
pub(crate) struct Listed<'a, T>(pub(crate) &'a [T]);

/// A value an `enum` can list.
pub(crate) trait Listable {
    fn write_to<W: Write>(&self, f: &mut W) -> fmt::Result;
}

impl Listable for String {
    fn write_to<W: Write>(&self, f: &mut W) -> fmt::Result {
        Quoted::new(self).write_to(f)
    }
}

impl Listable for Number {
    fn write_to<W: Write>(&self, f: &mut W) -> fmt::Result {
        write_number(f, self)
    }
}

impl Listable for bool {
    fn write_to<W: Write>(&self, f: &mut W) -> fmt::Result {
        write_bool(f, *self)
    }
}

/// A value of a source schema's `enum`, which may be of any type: a
/// scalar as JSON writes it, an array or object described.
impl Listable for Value {
    fn write_to<W: Write>(&self, f: &mut W) -> fmt::Result {
        match self {
            Value::String(text) => Quoted::new(text).write_to(f),
            Value::Number(number) => write_number(f, number),
            Value::Bool(value) => write_bool(f, *value),
            Value::Null => f.write_str("null"),
            other => write!(f, "{}", Described(other)),
        }
    }
}

impl<T: Listable> Display for Listed<'_, T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl<T: Listable> Listed<'_, T> {
    pub(crate) fn write_to<W: Write>(&self, f: &mut W) -> fmt::Result {
        if self.0.len() > 1 {
            f.write_str("one of ")?;
        }
        for (index, value) in self.0.iter().take(LISTED_VALUES).enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            value.write_to(f)?;
        }
        let more = self.0.len().saturating_sub(LISTED_VALUES);
        if more > 0 {
            f.write_str(" (and ")?;
            write_count(f, more)?;
            f.write_str(" more)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// What `write` writes into a new `String`.
    fn written(write: impl FnOnce(&mut String) -> fmt::Result) -> String {
        let mut out = String::new();
        write(&mut out).unwrap();
        out
    }

    #[test]
    fn values_are_described_briefly() {
        assert_eq!(Described(&json!(null)).to_string(), "null");
        assert_eq!(Described(&json!(1.5)).to_string(), "the number 1.5");
        assert_eq!(
            Described(&json!("a\"b\n")).to_string(),
            r#"the string "a\"b\n""#
        );
        assert_eq!(Described(&json!([1, 2])).to_string(), "an array of 2 items");
        assert_eq!(
            Described(&json!({"a": 1})).to_string(),
            "an object with 1 property"
        );
    }

    #[test]
    fn an_excerpt_quotes_as_the_whole_string_does() {
        for text in [
            "",
            "short",
            &"🐲".repeat(40),
            &"🐲".repeat(41),
            &"x".repeat(1000),
            &"x".repeat(QUOTED_CHARS + 1),
            &"x".repeat(QUOTED_CHARS + 2),
            &"é".repeat(QUOTED_CHARS / 2 + 1),
        ] {
            let excerpt = Excerpt::of(text);
            assert_eq!(
                written(|out| excerpt.write_to(out)),
                Quoted::new(text).to_string(),
                "{text}"
            );
            // Kept: the shown characters and one more, no further.
            let kept = excerpt.0.as_str();
            assert!(text.starts_with(kept), "{text}");
            assert_eq!(
                kept.chars().count(),
                text.chars().count().min(QUOTED_CHARS + 1),
                "{text}"
            );
        }
    }

    /// `Quoted` writes a run of plain ASCII whole and counts characters
    /// only for a text longer in bytes than its limit: both shortcuts must
    /// write what quoting character by character writes.
    #[test]
    fn quoting_writes_each_character_as_json_escapes_it() {
        fn by_character(text: &str, limit: usize) -> String {
            let mut quoted = String::from('"');
            for c in text.chars().take(limit) {
                match c {
                    '"' => quoted.push_str("\\\""),
                    '\\' => quoted.push_str("\\\\"),
                    '\n' => quoted.push_str("\\n"),
                    '\r' => quoted.push_str("\\r"),
                    '\t' => quoted.push_str("\\t"),
                    c if c.is_control() => quoted.push_str(&format!("\\u{:04x}", c as u32)),
                    c => quoted.push(c),
                }
            }
            quoted.push('"');
            if text.chars().count() > limit {
                quoted.push('…');
            }
            quoted
        }
        let mut texts: Vec<String> = (0..0x250u32)
            .filter_map(char::from_u32)
            .map(|c| format!("a{c}b"))
            .collect();
        texts.extend(
            [
                "",
                "plain words",
                "🐲",
                "x/y~z",
                "tab\there",
                "\u{7f}\u{85}",
            ]
            .map(String::from),
        );
        for limit in [3, 4, 5] {
            texts.extend(["abcd", "ab🐲", "abc", "ab\"c", "éé"].map(String::from));
            for text in &texts {
                assert_eq!(
                    Quoted::with_limit(text, limit).to_string(),
                    by_character(text, limit),
                    "{text:?} limited to {limit}"
                );
            }
        }
        for text in &texts {
            assert_eq!(
                Quoted::new(text).to_string(),
                by_character(text, QUOTED_CHARS)
            );
        }
    }

    #[test]
    fn long_strings_are_cut() {
        let long = "🐲".repeat(100);
        let quoted = Quoted::new(&long).to_string();
        assert_eq!(quoted, format!("\"{}\"…", "🐲".repeat(40)));
        assert_eq!(Quoted::with_limit("abc", 3).to_string(), "\"abc\"");
    }

    /// `write_number` writes integers itself, `write_count` and
    /// `write_bool` their values: each must write what `Display` writes.
    #[test]
    fn numbers_are_written_as_display_writes_them() {
        for text in [
            "0",
            "-0",
            "7",
            "-7",
            "18446744073709551615",
            "-9223372036854775808",
            "9007199254740993",
            "1.0",
            "-0.0",
            "2.5",
            "1e308",
            "-1e-308",
            "5e-324",
            "18446744073709551616",
        ] {
            let number: Number = serde_json::from_str(text).unwrap();
            assert_eq!(
                written(|out| write_number(out, &number)),
                number.to_string(),
                "{text}"
            );
        }
        let out = written(|out| {
            write_count(out, usize::MAX)?;
            write_bool(out, true)?;
            write_bool(out, false)
        });
        assert_eq!(out, format!("{}truefalse", usize::MAX));
    }

    proptest::proptest! {
        #[test]
        fn any_number_is_written_as_display_writes_it(
            unsigned: u64, signed: i64, float in proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO
        ) {
            for number in [Number::from(unsigned), Number::from(signed), Number::from_f64(float).unwrap()] {
                proptest::prop_assert_eq!(written(|out| write_number(out, &number)), number.to_string());
            }
        }
    }

    #[test]
    fn enums_are_listed_up_to_ten() {
        assert_eq!(
            written(|out| Listed(&["a".to_owned()]).write_to(out)),
            "\"a\""
        );
        assert_eq!(
            written(|out| Listed(&[true, false]).write_to(out)),
            "one of true, false"
        );
        let many: Vec<Number> = (0..12).map(Number::from).collect();
        assert_eq!(
            written(|out| Listed(&many).write_to(out)),
            "one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 (and 2 more)"
        );
    }
}
