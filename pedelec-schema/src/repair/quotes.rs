//! Quotes: where a string ends, and a single-quoted string written as
//! the JSON string it means.
//!
//! One rule says where a string ends, for double quotes (the reader asks
//! at each `"`, `mend.rs`) and single quotes alike: a quote ends the
//! string only where what follows it can follow a value there - the
//! container's close, the end of the text, or a `,` after which the next
//! property (a name, quoted or bare, then `:`) or item can start. Anywhere else, a quote that JSON would take for the end
//! leaves the text broken at the next byte, so the writer meant it as part
//! of the string: `"say "hi" now"` is the string `say "hi" now`, and
//! `'don't'` the string `don't`.

use std::borrow::Cow;

use super::words::{skip_space, starts_property, starts_value};

/// The container a string is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Container {
    /// None: the string is the whole text.
    Root,
    Object,
    Array,
}

/// Whether a quote followed by `after` ends a string value read in
/// `container`.
pub(super) fn ends_string(after: &str, container: Container) -> bool {
    let rest = skip_space(after);
    match rest.as_bytes().first() {
        None | Some(b'}' | b']' | b':') => true,
        Some(b',') => {
            let next = skip_space(&rest[1..]);
            match container {
                Container::Root => true,
                Container::Object => {
                    next.is_empty() || next.starts_with('}') || starts_property(next)
                }
                Container::Array => next.is_empty() || next.starts_with(']') || starts_value(next),
            }
        }
        // A root string is no call's arguments: JSON's reading stands.
        Some(_) => container == Container::Root,
    }
}

/// Whether a quote followed by `after` ends a property name: only where
/// its `:` follows.
pub(super) fn ends_key(after: &str) -> bool {
    skip_space(after).starts_with(':')
}

/// A single-quoted string, as the JSON string it means.
#[derive(Debug)]
pub(super) struct SingleQuoted {
    /// The JSON string's text, its double quotes included.
    pub(super) json: String,
    /// How many bytes of the text it took, its quotes included.
    pub(super) len: usize,
    /// The raw control characters inside it, each escaped in `json`: their
    /// offsets from its opening quote, and the bytes.
    pub(super) controls: Vec<(usize, u8)>,
    /// Where `json` and the text stop being the same length: after each
    /// character written otherwise (`\'`, `"`, a control character), its
    /// end's offset in `json` and in the text, from the opening quote.
    shifts: Vec<(usize, usize)>,
}

impl SingleQuoted {
    /// The string it means; `None` where JSON's escapes it kept are wrong
    /// (`\u12`).
    pub(super) fn decoded(&self) -> Option<Cow<'_, str>> {
        let inside = &self.json[1..self.json.len() - 1];
        match inside.contains('\\') {
            false => Some(Cow::Borrowed(inside)),
            true => serde_json::from_str::<String>(&self.json)
                .ok()
                .map(Cow::Owned),
        }
    }

    /// The offset in the text, from the opening quote, of the byte at
    /// `offset` in `json`: where an error the reader finds in `json` (in
    /// one of the escapes kept as written) is in the text.
    pub(super) fn text_offset(&self, offset: usize) -> usize {
        let before = self.shifts.partition_point(|&(json, _)| json <= offset);
        match before.checked_sub(1).map(|last| self.shifts[last]) {
            None => offset,
            Some((json, text)) => text + (offset - json),
        }
    }
}

/// Why a single-quoted string cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Unread {
    /// The text ends inside it, and no quote was found after its opening
    /// one: a call cut short.
    Unterminated,
    /// The text ends inside it, after quotes that could not end it (what
    /// followed them cannot follow a value): the first of them, at this
    /// offset from the opening quote.
    Unended(usize),
    /// An escape that Python and JavaScript read differently (`\d` is a
    /// backslash and a `d` to one, a `d` to the other), at this offset
    /// from its opening quote.
    Escape(usize),
}

/// The single-quoted string at the start of `text` (which starts with
/// `'`), ending at the first `'` after which `ends` says the string ends.
///
/// Inside it, `\'` is a `'` and a `"` needs no escape, as in Python and
/// JavaScript; JSON's own escapes are kept for the reader to read.
pub(super) fn single_quoted(
    text: &str,
    ends: impl Fn(&str) -> bool,
) -> Result<SingleQuoted, Unread> {
    let mut json = String::with_capacity(text.len().min(64) + 2);
    json.push('"');
    let mut controls = Vec::new();
    let mut shifts = Vec::new();
    let mut inner = None;
    let mut chars = text.char_indices().skip(1);
    while let Some((at, c)) = chars.next() {
        match c {
            '\'' if ends(&text[at + 1..]) => {
                json.push('"');
                return Ok(SingleQuoted {
                    json,
                    len: at + 1,
                    controls,
                    shifts,
                });
            }
            '\'' => {
                inner.get_or_insert(at);
                json.push('\'');
            }
            '"' => {
                json.push_str("\\\"");
                shifts.push((json.len(), at + 1));
            }
            '\\' => match chars.next() {
                None => break,
                Some((_, '\'')) => {
                    json.push('\'');
                    shifts.push((json.len(), at + 2));
                }
                Some((_, escaped @ ('"' | '\\' | '/' | 'b' | 'f' | 'n' | 'r' | 't' | 'u'))) => {
                    json.push('\\');
                    json.push(escaped);
                }
                Some(_) => return Err(Unread::Escape(at)),
            },
            '\u{0}'..='\u{1f}' => {
                let byte = c as u8;
                controls.push((at, byte));
                json.push_str(&crate::text::control_escape(byte).1);
                shifts.push((json.len(), at + 1));
            }
            c => json.push(c),
        }
    }
    Err(inner.map_or(Unread::Unterminated, Unread::Unended))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value_in_object(text: &str) -> Result<(String, usize), Unread> {
        single_quoted(text, |after| ends_string(after, Container::Object))
            .map(|quoted| (quoted.json, quoted.len))
    }

    #[test]
    fn a_single_quote_ends_a_string_only_where_a_value_can_end() {
        assert_eq!(value_in_object("'a.txt'}"), Ok(("\"a.txt\"".into(), 7)));
        assert_eq!(value_in_object("'a', 'b': 1}"), Ok(("\"a\"".into(), 3)));
        assert_eq!(value_in_object("'a', mode: 1}"), Ok(("\"a\"".into(), 3)));
        // An apostrophe, then a comma that no property follows.
        assert_eq!(
            value_in_object("'don't, ever', 'b': 1}"),
            Ok(("\"don't, ever\"".into(), 13))
        );
        assert_eq!(
            value_in_object("'say \"hi\"'}"),
            Ok(("\"say \\\"hi\\\"\"".into(), 10))
        );
        assert_eq!(value_in_object("'it\\'s'}"), Ok(("\"it's\"".into(), 7)));
        assert_eq!(value_in_object("'a\\nb'}"), Ok(("\"a\\nb\"".into(), 6)));
    }

    #[test]
    fn an_escape_read_two_ways_or_a_string_cut_short_is_not_read() {
        assert_eq!(value_in_object("'\\d+'}"), Err(Unread::Escape(1)));
        assert_eq!(value_in_object("'a.txt"), Err(Unread::Unterminated));
        assert_eq!(value_in_object("'a\\"), Err(Unread::Unterminated));
        // The only closing quote is followed by what no value can end at.
        assert_eq!(value_in_object("'a' b"), Err(Unread::Unended(2)));
    }

    /// Each byte of the JSON string maps back to its own in the text,
    /// before and after the characters written otherwise.
    #[test]
    fn offsets_in_the_json_map_to_the_text() {
        let text = "'a\\'b\"c\td\\ud800'";
        let quoted = single_quoted(text, |after| after.is_empty()).unwrap();
        assert_eq!(quoted.json, "\"a'b\\\"c\\td\\ud800\"");
        let pairs = [
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 4),
            (4, 5),
            (6, 6),
            (7, 7),
            (9, 8),
            (10, 9),
        ];
        for (json, text_at) in pairs {
            assert_eq!(quoted.text_offset(json), text_at, "{json}");
        }
        // The closing quotes, and the escape kept as written.
        assert_eq!(quoted.text_offset(quoted.json.len() - 1), text.len() - 1);
        let escape = quoted.text_offset(10);
        assert_eq!(&text[escape..escape + 6], "\\ud800");
    }

    #[test]
    fn raw_control_characters_are_escaped_and_counted() {
        let quoted = single_quoted("'a\tb\u{1}'", |after| after.is_empty()).unwrap();
        assert_eq!(quoted.json, "\"a\\tb\\u0001\"");
        assert_eq!(quoted.controls, [(2, b'\t'), (4, 1)]);
    }

    #[test]
    fn a_double_quote_ends_a_string_where_json_could_go_on() {
        let object = |after: &str| ends_string(after, Container::Object);
        let array = |after: &str| ends_string(after, Container::Array);
        for after in [
            "",
            "}",
            " ]",
            ": 1",
            ", \"b\": 1",
            ",'b': 1",
            ", mode : 1",
            ", }",
            ",",
        ] {
            assert!(object(after), "{after:?}");
        }
        for after in ["hi\" now\"}", ", then left\"}", ", other thing: 1}", " x"] {
            assert!(!object(after), "{after:?}");
        }
        for after in [
            ", \"c\"]", ", 1]", ", -1]", ", true]", ", None]", ", {}]", ", ]",
        ] {
            assert!(array(after), "{after:?}");
        }
        assert!(!array(", then\"]"));
    }
}
