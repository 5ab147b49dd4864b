//! Group names, `(?<name>...)` and `\k<name>`: an ECMAScript identifier,
//! whose characters may also be written as `\u` escapes.

use std::sync::OnceLock;

use regex::Regex;

use super::syntax::{error, Parser};
use super::PatternError;

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';

impl Parser {
    /// The name up to and including its `>`, with its escapes decoded; the
    /// `<` has been read.
    pub(super) fn group_name(&mut self) -> Result<String, PatternError> {
        let start = self.pos;
        let mut name = String::new();
        while let Some(c) = self.peek() {
            self.pos += 1;
            let c = match c {
                '>' => break,
                '\\' if self.eat("u") => self
                    .unicode_escape(self.pos - 2)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| self.bad_name(start))?,
                c => c,
            };
            if !is_identifier_char(c, name.is_empty()) {
                return Err(self.bad_name(start));
            }
            name.push(c);
        }
        if name.is_empty() || self.chars.get(self.pos - 1) != Some(&'>') {
            return Err(self.bad_name(start));
        }
        Ok(name)
    }

    /// The name that starts at `start`, quoted up to its `>`.
    fn bad_name(&self, start: usize) -> PatternError {
        let end = self.chars[start..]
            .iter()
            .position(|&c| c == '>')
            .map_or(self.chars.len(), |len| start + len + 1);
        error(format!(
            "`<{}`: a group name must be an identifier closed by `>`: a letter, `$` \
             or `_`, then letters, digits, `$` or `_`, as in `(?<year>...)`",
            self.quote(start, end)
        ))
    }
}

/// ECMAScript's IdentifierStartChar (`first`) or IdentifierPartChar.
fn is_identifier_char(c: char, first: bool) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic() || c == '$' || c == '_' || (!first && c.is_ascii_digit());
    }
    if first {
        id_start().is_match(c.encode_utf8(&mut [0; 4]))
    } else {
        c == ZWNJ || c == ZWJ || id_continue().is_match(c.encode_utf8(&mut [0; 4]))
    }
}

/// Unicode's ID_Start, compiled once, on the first non-ASCII name.
fn id_start() -> &'static Regex {
    static ID_START: OnceLock<Regex> = OnceLock::new();
    ID_START.get_or_init(|| Regex::new(r"^\p{ID_Start}$").expect("a valid regex"))
}

fn id_continue() -> &'static Regex {
    static ID_CONTINUE: OnceLock<Regex> = OnceLock::new();
    ID_CONTINUE.get_or_init(|| Regex::new(r"^\p{ID_Continue}$").expect("a valid regex"))
}
