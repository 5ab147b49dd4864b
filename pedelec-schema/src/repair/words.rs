//! Bare words: text outside quotes where JSON wants a quoted name or one
//! of its literals - an unquoted property name (`{path: "a"}`), Python's
//! `True`, `False` and `None`, JavaScript's `undefined`.

/// The bytes that end a bare word: JSON's whitespace and punctuation.
fn ends_word(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t' | b'\n' | b'\r' | b':' | b',' | b'{' | b'}' | b'[' | b']' | b'"' | b'\''
    )
}

/// The bare word at the start of `text` (empty if it starts with
/// whitespace or punctuation). It ends at an ASCII byte, so it is whole
/// characters.
pub(super) fn bare_word(text: &str) -> &str {
    let end = text.bytes().position(ends_word).unwrap_or(text.len());
    &text[..end]
}

/// `text` from its first byte that is not JSON whitespace.
pub(super) fn skip_space(text: &str) -> &str {
    text.trim_start_matches([' ', '\t', '\n', '\r'])
}

/// A bare word in a value's place that stands for a JSON value: what it
/// means, if it means one thing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Literal {
    /// Python's `True` or `False`.
    Boolean(bool),
    /// Python's `None` or JavaScript's `undefined`: no value at all.
    Absent,
}

impl Literal {
    /// The literal `word` is, if it is one.
    pub(super) fn of(word: &str) -> Option<Literal> {
        match word {
            "True" => Some(Literal::Boolean(true)),
            "False" => Some(Literal::Boolean(false)),
            "None" | "undefined" => Some(Literal::Absent),
            _ => None,
        }
    }
}

/// Whether `text` starts with a property name followed by its `:`
/// (quoted, or a bare word): where a property could start. Any bare word
/// counts, named by the schema or not, so that `{"a": "x", b: 1}` ends
/// the string at `x` and is refused at `b`, where the text is wrong.
pub(super) fn starts_property(text: &str) -> bool {
    match text.as_bytes().first() {
        Some(b'"' | b'\'') => true,
        Some(_) => {
            let word = bare_word(text);
            !word.is_empty() && skip_space(&text[word.len()..]).starts_with(':')
        }
        None => false,
    }
}

/// Whether `text` starts with something that can be a JSON value (or
/// one a repair reads as one): where an array's next item could start.
pub(super) fn starts_value(text: &str) -> bool {
    match text.as_bytes().first() {
        Some(b'"' | b'\'' | b'{' | b'[' | b'-' | b'0'..=b'9') => true,
        Some(_) => {
            let word = bare_word(text);
            matches!(word, "true" | "false" | "null") || Literal::of(word).is_some()
        }
        None => false,
    }
}
