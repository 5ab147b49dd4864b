//! A string kept inline while it is short.
//!
//! Recording a validation error copies an excerpt of a failing string, or
//! the name of a missing property. Both are short nearly always
//! (`"urgent"`, `id`), so they are kept inline, and recording an error
//! allocates nothing for them; longer ones go to the heap.

use std::fmt;

/// How many bytes are kept inline: with the length, 32 bytes in all.
const INLINE: usize = 30;

#[derive(Clone)]
pub(crate) enum SmallString {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(String),
}

impl SmallString {
    pub(crate) fn as_str(&self) -> &str {
        match self {
            SmallString::Inline { len, bytes } => {
                // Only a whole `&str` is ever copied in, so the bytes are
                // UTF-8 up to `len`.
                std::str::from_utf8(&bytes[..usize::from(*len)])
                    .expect("an inline string holds a whole str")
            }
            SmallString::Heap(heap) => heap,
        }
    }
}

impl From<&str> for SmallString {
    fn from(text: &str) -> Self {
        let mut bytes = [0; INLINE];
        match (bytes.get_mut(..text.len()), u8::try_from(text.len())) {
            (Some(room), Ok(len)) => {
                room.copy_from_slice(text.as_bytes());
                SmallString::Inline { len, bytes }
            }
            _ => SmallString::Heap(text.to_owned()),
        }
    }
}

impl fmt::Debug for SmallString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_strings_stay_inline_and_long_ones_go_to_the_heap() {
        let cases = [
            (String::new(), true),
            ("urgent".to_owned(), true),
            ("x".repeat(INLINE), true),
            ("x".repeat(INLINE + 1), false),
            ("🐲".repeat(10), false),
        ];
        for (text, inline) in cases {
            let small = SmallString::from(text.as_str());
            assert_eq!(small.as_str(), text);
            assert_eq!(
                matches!(small, SmallString::Inline { .. }),
                inline,
                "{text}"
            );
        }
    }
}
