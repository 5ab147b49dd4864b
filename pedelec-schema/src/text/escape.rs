//! A string's escapes, byte by byte: `\n` and the other short ones, and
//! `\uXXXX` - with a leading surrogate, the trailing one that must follow.

/// Where the reader is in an escape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Escape {
    /// After `\`.
    Backslash,
    /// After `\u` and `digits` hex digits making `code`; `high` is the
    /// leading surrogate before it, when this is the second of a pair.
    Hex {
        digits: u8,
        code: u16,
        high: Option<u16>,
    },
    /// After a leading surrogate's escape, expecting `\u` (`backslash`
    /// once the `\` is read).
    Low { high: u16, backslash: bool },
}

/// What one more byte of an escape makes.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// The escape goes on.
    More(Escape),
    /// It stands for this character.
    Char(char),
    /// It is not JSON: what is wrong, for a syntax error.
    Wrong(String),
}

impl Escape {
    /// The escape after `byte`.
    pub(super) fn read(self, byte: u8) -> Step {
        match self {
            Escape::Backslash => match byte {
                b'"' => Step::Char('"'),
                b'\\' => Step::Char('\\'),
                b'/' => Step::Char('/'),
                b'b' => Step::Char('\u{8}'),
                b'f' => Step::Char('\u{c}'),
                b'n' => Step::Char('\n'),
                b'r' => Step::Char('\r'),
                b't' => Step::Char('\t'),
                b'u' => Step::More(Escape::Hex {
                    digits: 0,
                    code: 0,
                    high: None,
                }),
                _ if byte.is_ascii_graphic() => Step::Wrong(format!(
                    "an invalid escape `\\{}` inside a string (write a backslash as \\\\)",
                    char::from(byte)
                )),
                _ => Step::Wrong(
                    "an invalid escape inside a string (write a backslash as \\\\)".into(),
                ),
            },
            Escape::Hex { digits, code, high } => {
                let Some(digit) = char::from(byte).to_digit(16) else {
                    return Step::Wrong(
                        "expected four hex digits after `\\u` inside a string".into(),
                    );
                };
                let code = code << 4 | digit as u16;
                match digits {
                    0..=2 => Step::More(Escape::Hex {
                        digits: digits + 1,
                        code,
                        high,
                    }),
                    _ => code_unit(code, high),
                }
            }
            Escape::Low { high, backslash } => match (backslash, byte) {
                (false, b'\\') => Step::More(Escape::Low {
                    high,
                    backslash: true,
                }),
                (true, b'u') => Step::More(Escape::Hex {
                    digits: 0,
                    code: 0,
                    high: Some(high),
                }),
                _ => lone_surrogate(high),
            },
        }
    }
}

/// A `\uXXXX` escape read whole: a character, or half of a pair.
fn code_unit(code: u16, high: Option<u16>) -> Step {
    match (high, code) {
        (None, 0xD800..=0xDBFF) => Step::More(Escape::Low {
            high: code,
            backslash: false,
        }),
        (Some(high), 0xDC00..=0xDFFF) => {
            let scalar = 0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(code) - 0xDC00);
            Step::Char(char::from_u32(scalar).expect("a surrogate pair is a scalar value"))
        }
        (Some(high), _) => lone_surrogate(high),
        (None, 0xDC00..=0xDFFF) => lone_surrogate(code),
        (None, code) => Step::Char(char::from_u32(u32::from(code)).expect("not a surrogate")),
    }
}

fn lone_surrogate(code: u16) -> Step {
    Step::Wrong(format!(
        "a lone surrogate `\\u{code:04X}` inside a string (escape a character beyond U+FFFF \
         as a pair, or write it as it is)"
    ))
}

/// What an unescaped control character inside a string is called, and how
/// to write it.
pub(super) fn control_character(byte: u8) -> String {
    let (name, escape) = control_escape(byte);
    format!("an unescaped {name} inside a string (write it as {escape})")
}

/// A control character's name and the JSON escape that writes it:
/// (`"newline"`, `"\\n"`), (`"control character U+0001"`, `"\\u0001"`).
pub(crate) fn control_escape(byte: u8) -> (String, String) {
    match byte {
        b'\n' => ("newline".into(), "\\n".into()),
        b'\r' => ("carriage return".into(), "\\r".into()),
        b'\t' => ("tab".into(), "\\t".into()),
        _ => (
            format!("control character U+{byte:04X}"),
            format!("\\u{byte:04X}"),
        ),
    }
}
