//! Byte offsets to lines and columns, as a person counts them.
//!
//! Lines are 1-based and end at `\n` (a `\r` before it belongs to the
//! line's end, as in every editor). Columns are 1-based and count Unicode
//! characters (scalar values), not bytes: `é` and `🐲` are one column each,
//! and so is a tab. serde_json reports its own errors in bytes; they are
//! converted here so that every position the command prints uses one unit.

use std::ops::Range;

/// A line and a column, both 1-based; the column counts characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
}

/// Where each line of a text starts.
#[derive(Debug)]
pub struct LineIndex {
    /// Byte offset of the first byte of each line; the first is 0.
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    /// Indexes the lines of `text`.
    pub fn new(text: &str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// The 0-based line that holds byte `offset` (the last line for an
    /// offset past the end).
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset) - 1
    }

    /// The bytes of 1-based `line`, without its line break.
    pub fn line_span(&self, text: &str, line: usize) -> Range<usize> {
        let index = line.clamp(1, self.starts.len()) - 1;
        let start = self.starts[index];
        let mut end = self.starts.get(index + 1).map_or(self.len, |next| next - 1);
        if text.as_bytes().get(end.wrapping_sub(1)) == Some(&b'\r') && end > start {
            end -= 1;
        }
        start..end
    }

    /// The byte offset of 1-based `line` plus `byte_column` bytes, as
    /// serde_json counts, clamped to the text and to a character boundary.
    pub fn offset_of(&self, text: &str, line: usize, byte_column: usize) -> usize {
        let index = line.clamp(1, self.starts.len()) - 1;
        let offset = self.starts[index].saturating_add(byte_column).min(self.len);
        floor_char_boundary(text, offset)
    }

    /// The position of each of `offsets` (byte offsets into `text`, which
    /// this index was built from). Work is linear in the text however many
    /// offsets there are: offsets are visited in order, and the characters
    /// of a line are counted once.
    pub fn positions(&self, text: &str, offsets: &[usize]) -> Vec<Position> {
        let mut order: Vec<usize> = (0..offsets.len()).collect();
        order.sort_by_key(|&i| offsets[i]);
        let mut result = vec![Position { line: 1, column: 1 }; offsets.len()];
        // The last offset visited, its line and its column.
        let mut cursor: Option<(usize, usize, usize)> = None;
        for i in order {
            let offset = floor_char_boundary(text, offsets[i].min(self.len));
            let line = self.line_of(offset);
            let (from, column) = match cursor {
                Some((at, at_line, column)) if at_line == line => (at, column),
                _ => (self.starts[line], 1),
            };
            let column = column + text[from..offset].chars().count();
            cursor = Some((offset, line, column));
            result[i] = Position {
                line: line + 1,
                column,
            };
        }
        result
    }
}

/// The largest character boundary at or before `offset`.
pub fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str, offset: usize) -> (usize, usize) {
        let p = LineIndex::new(text).positions(text, &[offset])[0];
        (p.line, p.column)
    }

    #[test]
    fn lines_and_columns_are_one_based() {
        let text = "ab\ncd\n\nef";
        assert_eq!(position(text, 0), (1, 1));
        assert_eq!(position(text, 1), (1, 2));
        assert_eq!(position(text, 2), (1, 3)); // the line break itself
        assert_eq!(position(text, 3), (2, 1));
        assert_eq!(position(text, 6), (3, 1));
        assert_eq!(position(text, 8), (4, 2));
        assert_eq!(position(text, 9), (4, 3)); // the end of the text
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "x\n\"é🐲\u{301}\": 1";
        // `"` is column 1, `é` 2, `🐲` 3, the combining accent 4, `"` 5.
        let quote = text.rfind('"').unwrap();
        assert_eq!(position(text, quote), (2, 5));
    }

    #[test]
    fn many_offsets_in_any_order() {
        let text = "αβγ\nδεζ";
        let index = LineIndex::new(text);
        let offsets = [
            text.find('ζ').unwrap(),
            0,
            text.find('β').unwrap(),
            text.find('ε').unwrap(),
        ];
        let found: Vec<(usize, usize)> = index
            .positions(text, &offsets)
            .iter()
            .map(|p| (p.line, p.column))
            .collect();
        assert_eq!(found, [(2, 3), (1, 1), (1, 2), (2, 2)]);
    }

    #[test]
    fn offsets_inside_a_character_or_past_the_end_are_clamped() {
        let text = "é";
        assert_eq!(position(text, 1), (1, 1));
        assert_eq!(position(text, 99), (1, 2));
    }

    #[test]
    fn line_spans_leave_out_the_line_break() {
        let text = "one\r\ntwo\nthree";
        let index = LineIndex::new(text);
        assert_eq!(&text[index.line_span(text, 1)], "one");
        assert_eq!(&text[index.line_span(text, 2)], "two");
        assert_eq!(&text[index.line_span(text, 3)], "three");
        assert_eq!(&text[index.line_span(text, 99)], "three");
        assert_eq!(&""[LineIndex::new("").line_span("", 1)], "");
    }

    #[test]
    fn serde_json_byte_columns_become_offsets() {
        let text = "{\n  \"é\": x\n}";
        let index = LineIndex::new(text);
        // serde_json: "expected value at line 2 column 9" (bytes, 1-based
        // counting the bad byte); the bad byte is the 9th of line 2.
        let offset = index.offset_of(text, 2, 9 - 1);
        assert_eq!(&text[offset..offset + 1], "x");
        assert_eq!(position(text, offset), (2, 8));
    }
}
