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
                Some(_) => items.push(self.class_member()?),
            }
        }
    }

    /// A member, or a range `a-z` if a `-` and another member follow.
    fn class_member(&mut self) -> Result<ClassItem, PatternError> {
        let start = self.pos;
        let low = self.class_atom()?;
        let is_range = self.peek() == Some('-') && !matches!(self.peek_at(1), None | Some(']'));
        if !is_range {
            return Ok(low);
        }
        self.pos += 1;
        let high = self.class_atom()?;
        let text = self.text(start, self.pos);
        match (low, high) {
            (ClassItem::Char(low), ClassItem::Char(high)) if low <= high => {
                Ok(ClassItem::Range(low, high))
            }
            (ClassItem::Char(low), ClassItem::Char(high)) => Err(error(format!(
                "`[{text}]`: the range is out of order (U+{low:04X} comes after \
                 U+{high:04X}); write the lower end first"
            ))),
            _ => Err(error(format!(
                "`[{text}]`: a range cannot start or end with a class escape such as \
                 `\\d`, `\\w`, `\\s` or `\\p{{...}}`; to match a `-` as well, escape it \
                 as `\\-`"
            ))),
        }
    }

    fn class_atom(&mut self) -> Result<ClassItem, PatternError> {
        let c = self.peek().expect("checked by the caller");
        self.pos += 1;
        if c == '\\' {
            return self.class_escape();
        }
        Ok(ClassItem::Char(u32::from(c)))
    }
}
