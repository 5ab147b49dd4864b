//! Character classes in Unicode mode: `[...]`, `[^...]`, ranges, and the
//! two early errors on ranges (an end that is a set, such as `\d`; ends out
//! of order).

use super::ast::{Class, ClassItem};
use super::syntax::{error, Parser};
use super::PatternError;

impl Parser {
    /// A class; the `[` has been read. `[` inside is a plain character, as
    /// in every mode but `v`.
    pub(super) fn class(&mut self) -> Result<Class, PatternError> {
        let negated = self.eat("^");
        let mut items = Vec::new();
        loop {
            match self.peek() {
                None => {
                    return Err(error(
                        "a class `[` is never closed; close it with `]`, or escape it \
                         as `\\[` to match the character",
                    ))
                }
                Some(']') => {
                    self.pos += 1;
                    return Ok(Class { negated, items });
                }
                Some(first) => items.push(self.class_member(first)?),
            }
        }
    }

    /// A member, or a range `a-z` if a `-` and another member follow;
    /// `first` is the character at the cursor.
    fn class_member(&mut self, first: char) -> Result<ClassItem, PatternError> {
        let start = self.pos;
        let low = self.class_atom(first)?;
        let high_first = match (self.peek(), self.peek_at(1)) {
            (Some('-'), Some(next)) if next != ']' => next,
            _ => return Ok(low),
        };
        self.pos += 1;
        let high = self.class_atom(high_first)?;
        // Quoted only for an error: every valid range passes here.
        let text = || self.quote(start, self.pos);
        match (low, high) {
            (ClassItem::Char(low), ClassItem::Char(high)) if low <= high => {
                Ok(ClassItem::Range(low, high))
            }
            (ClassItem::Char(low), ClassItem::Char(high)) => Err(error(format!(
                "`[{}]`: the range is out of order (U+{low:04X} comes after \
                 U+{high:04X}); write the lower end first",
                text()
            ))),
            _ => Err(error(format!(
                "`[{}]`: a range cannot start or end with a class escape such as \
                 `\\d`, `\\w`, `\\s` or `\\p{{...}}`; to match a `-` as well, escape it \
                 as `\\-`",
                text()
            ))),
        }
    }

    /// The member that starts with `c`, the character at the cursor.
    fn class_atom(&mut self, c: char) -> Result<ClassItem, PatternError> {
        self.pos += 1;
        if c == '\\' {
            return self.class_escape();
        }
        Ok(ClassItem::Char(u32::from(c)))
    }
}
