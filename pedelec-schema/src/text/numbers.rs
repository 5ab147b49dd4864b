//! The numbers of a JSON text, as their texts, found without reading the
//! rest: for a check that needs only them (`validate/texts.rs`), where
//! reading the whole text again, as [`read`](super::read) does, would cost
//! many times more.
//!
//! It steps over strings (their escapes included) and takes every run of
//! number bytes outside them. On JSON text that is all of its numbers, in
//! text order; a text that stops being JSON gives the numbers before the
//! fault, and after it whatever runs of those bytes follow.

/// The numbers of `text`.
pub(crate) fn numbers(text: &str) -> Numbers<'_> {
    Numbers { text, at: 0 }
}

/// The numbers of a text, in order.
pub(crate) struct Numbers<'a> {
    text: &'a str,
    /// Where to look on from.
    at: usize,
}

impl<'a> Iterator for Numbers<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        while let Some(&byte) = bytes.get(self.at) {
            match byte {
                b'"' => self.at = string_end(bytes, self.at + 1),
                b'-' | b'0'..=b'9' => {
                    let start = self.at;
                    while bytes.get(self.at).is_some_and(|&byte| {
                        matches!(byte, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
                    }) {
                        self.at += 1;
                    }
                    // The run is ASCII, so it ends on a character boundary.
                    return Some(&self.text[start..self.at]);
                }
                _ => self.at += 1,
            }
        }
        None
    }
}

/// Where the string whose text begins at `at` ends: after its closing
/// quote, or at the end of the text.
fn string_end(bytes: &[u8], mut at: usize) -> usize {
    while let Some(found) = bytes
        .get(at..)
        .and_then(|rest| rest.iter().position(|&byte| matches!(byte, b'"' | b'\\')))
    {
        at += found;
        match bytes[at] {
            b'"' => return at + 1,
            // The escaped byte is never the closing quote.
            _ => at += 2,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_outside_strings_are_found_in_order() {
        let text = r#"{"a1": [1, -2.5e-3, 0], "b\"9": "x\\", "c": 1E+400, "d": [true, null, -0]}"#;
        let found: Vec<&str> = numbers(text).collect();
        assert_eq!(found, ["1", "-2.5e-3", "0", "1E+400", "-0"]);
        assert_eq!(numbers("7").collect::<Vec<_>>(), ["7"]);
        assert_eq!(numbers(r#""12"#).count(), 0, "a string cut short");
        assert_eq!(numbers(r#"["\u0031", 2]"#).collect::<Vec<_>>(), ["2"]);
    }
}
