//! Escapes in Unicode mode: `\d`, `\p{...}`, `\u{...}`, `\cX`, ... and the
//! identity escapes, which Unicode mode allows only for the syntax
//! characters and `/` (and `-` inside a class).

use super::ast::{Atom, ClassItem, Property, Shorthand, ShorthandKind};
use super::syntax::{error, Parser, Reference};
use super::PatternError;

/// What an escape other than an assertion or a backreference stands for.
enum Escape {
    Char(u32),
    Shorthand(Shorthand),
    Property(Property),
}

/// The characters that may follow a `\` to stand for themselves.
const SYNTAX_CHARACTERS: &str = "^$\\.*+?()[]{}|/";

impl Parser {
    /// An escape outside a class; the `\` has been read. (`\b` and `\B` are
    /// assertions, read before.)
    pub(super) fn atom_escape(&mut self) -> Result<Atom, PatternError> {
        let start = self.pos - 1;
        match self.peek() {
            Some('1'..='9') => {
                let digits = self.digits_at(self.pos, 10);
                let number = self.text(self.pos, self.pos + digits);
                self.pos += digits;
                let number = number.parse().unwrap_or(u32::MAX);
                self.backreferences.push(Reference::Number(number));
                Ok(Atom::Backreference(number))
            }
            Some('k') => {
                self.pos += 1;
                if !self.eat("<") {
                    return Err(error(
                        "`\\k` must start a named backreference `\\k<name>`; write `k` \
                         for the letter",
                    ));
                }
                let name = self.group_name()?;
                self.backreferences.push(Reference::Name(name.clone()));
                Ok(Atom::NamedBackreference(name))
            }
            _ => Ok(match self.set_or_character_escape(start, false)? {
                Escape::Shorthand(shorthand) => Atom::Shorthand(shorthand),
                Escape::Property(property) => Atom::Property(property),
                Escape::Char(c) => Atom::Char(c),
            }),
        }
    }

    /// An escape inside a class; the `\` has been read.
    pub(super) fn class_escape(&mut self) -> Result<ClassItem, PatternError> {
        let start = self.pos - 1;
        if self.eat("b") {
            return Ok(ClassItem::Char(0x8));
        }
        if self.eat("-") {
            return Ok(ClassItem::Char(u32::from('-')));
        }
        if let Some(digit @ '1'..='9') = self.peek() {
            return Err(error(format!(
                "`\\{digit}` inside a class is not an escape in Unicode mode; write \
                 `{digit}` for the digit, or `\\x0{digit}` for the control character"
            )));
        }
        Ok(match self.set_or_character_escape(start, true)? {
            Escape::Shorthand(shorthand) => ClassItem::Shorthand(shorthand),
            Escape::Property(property) => ClassItem::Property(property),
            Escape::Char(c) => ClassItem::Char(c),
        })
    }

    /// `\d`, `\p{...}` and the like, or an escaped character.
    fn set_or_character_escape(
        &mut self,
        start: usize,
        in_class: bool,
    ) -> Result<Escape, PatternError> {
        let Some(c) = self.peek() else {
            return Err(error(
                "the pattern ends with a lone `\\`; escape it as `\\\\`",
            ));
        };
        let kind = match c.to_ascii_lowercase() {
            'd' => Some(ShorthandKind::Digit),
            'w' => Some(ShorthandKind::Word),
            's' => Some(ShorthandKind::Space),
            _ => None,
        };
        if let Some(kind) = kind {
            self.pos += 1;
            let negated = c.is_ascii_uppercase();
            return Ok(Escape::Shorthand(Shorthand { kind, negated }));
        }
        if c == 'p' || c == 'P' {
            self.pos += 1;
            return self.property(start, c == 'P').map(Escape::Property);
        }
        self.pos += 1;
        self.character_escape(c, start, in_class).map(Escape::Char)
    }

    /// An escape that stands for one character; `c`, after the `\`, has
    /// been read.
    fn character_escape(
        &mut self,
        c: char,
        start: usize,
        in_class: bool,
    ) -> Result<u32, PatternError> {
        let control = match c {
            'f' => Some(0xC),
            'n' => Some(0xA),
            'r' => Some(0xD),
            't' => Some(0x9),
            'v' => Some(0xB),
            _ => None,
        };
        if let Some(code) = control {
            return Ok(code);
        }
        match c {
            'c' => self.control_letter(),
            '0' if self.peek().is_some_and(|c| c.is_ascii_digit()) => Err(error(format!(
                "`{}`: `\\0` cannot be followed by a digit (octal escapes are not \
                 allowed in Unicode mode); write `\\x..` with the hex code",
                self.quote(start, self.pos + 1)
            ))),
            '0' => Ok(0),
            'x' => self.hex_escape(),
            'u' => self.unicode_escape(start),
            c if SYNTAX_CHARACTERS.contains(c) => Ok(u32::from(c)),
            c => Err(not_an_escape(c, in_class)),
        }
    }

    /// `\cX`: the control character X % 32, for an ASCII letter X.
    fn control_letter(&mut self) -> Result<u32, PatternError> {
        match self.peek() {
            Some(letter) if letter.is_ascii_alphabetic() => {
                self.pos += 1;
                Ok(u32::from(letter) % 32)
            }
            _ => Err(error(
                "`\\c` must be followed by an ASCII letter, as in `\\cJ`",
            )),
        }
    }

    fn hex_escape(&mut self) -> Result<u32, PatternError> {
        self.hex_digits(2)
            .ok_or_else(|| error("`\\x` must be followed by two hex digits, as in `\\x41`"))
    }

    /// Exactly `count` hex digits at the cursor, consumed.
    fn hex_digits(&mut self, count: usize) -> Option<u32> {
        let text = self.chars.get(self.pos..self.pos + count)?;
        if !text.iter().all(char::is_ascii_hexdigit) {
            return None;
        }
        self.pos += count;
        text.iter()
            .try_fold(0, |code, c| Some(code * 16 + c.to_digit(16)?))
    }

    /// `\uXXXX` (a UTF-16 unit: a surrogate pair written `\uD83D\uDC32`
    /// makes one code point) or `\u{X...}`; the `\u` has been read. A lone
    /// surrogate is returned as it is, for the translation to refuse.
    pub(super) fn unicode_escape(&mut self, start: usize) -> Result<u32, PatternError> {
        if self.eat("{") {
            let digits = self.digits_at(self.pos, 16);
            let text = self.text(self.pos, self.pos + digits);
            self.pos += digits;
            // Any number of leading zeros is allowed.
            let significant = text.trim_start_matches('0');
            let code = match (digits, significant) {
                (0, _) => None,
                (_, "") => Some(0),
                _ => u32::from_str_radix(significant, 16)
                    .ok()
                    .filter(|&code| code <= 0x10FFFF),
            };
            return match code {
                Some(code) if self.eat("}") => Ok(code),
                _ => Err(error(format!(
                    "`{}`: `\\u{{...}}` must hold the hex code of a code point, at most \
                     `10FFFF`, as in `\\u{{1F600}}`",
                    self.quote(start, self.pos + 1)
                ))),
            };
        }
        let unit = self.hex_digits(4).ok_or_else(|| {
            error("`\\u` must be followed by four hex digits, as in `\\u00e9`, or by `{...}`")
        })?;
        if (0xD800..0xDC00).contains(&unit) && self.peek() == Some('\\') {
            let after_lead = self.pos;
            self.pos += 1;
            if self.eat("u") {
                if let Some(low @ 0xDC00..=0xDFFF) = self.hex_digits(4) {
                    return Ok(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
                }
            }
            self.pos = after_lead;
        }
        Ok(unit)
    }
}

fn not_an_escape(c: char, in_class: bool) -> PatternError {
    let dash = if in_class {
        ""
    } else {
        " (`\\-` only inside a class)"
    };
    error(format!(
        "`\\{c}` is not an ECMA-262 escape: in Unicode mode only the syntax characters \
         `^$\\.*+?()[]{{}}|` and `/` may be escaped{dash}; write `{c}` itself"
    ))
}
