//! The words every report writes around what it quotes from a file: a
//! count with its noun, and text made safe to print on a terminal.

use std::borrow::Cow;

/// `1 file`, `2 files`.
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// `text` with control and bidirectional-override characters escaped: a
/// message quotes keys from the file, and a key can hold (escaped in JSON)
/// a terminal escape sequence or a right-to-left override that would
/// garble or disguise the output.
pub fn printable(text: &str) -> Cow<'_, str> {
    let hostile =
        |c: char| c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
    if !text.chars().any(hostile) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if hostile(c) {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_characters_are_escaped() {
        assert_eq!(printable("plain é"), "plain é");
        assert_eq!(printable("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(printable("x\u{202E}y\n"), "x\\u{202e}y\\u{a}");
    }

    #[test]
    fn counts_take_their_noun() {
        assert_eq!(plural(1, "file"), "1 file");
        assert_eq!(plural(0, "error"), "0 errors");
    }
}
