//! A string kept inline while it is short.
//!
//! Recording a validation error copies its instance path and, for string
//! failures, an excerpt of the string. Both are short nearly always
//! (`/items/3/x`, `"urgent"`), so they are kept inline, and recording an
//! error allocates nothing for them; longer ones move to the heap.

use std::fmt;

/// How many bytes are kept inline: with the length, 32 bytes in all.
const INLINE: usize = 30;

#[derive(Clone)]
pub(crate) enum SmallString {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(String),
}

impl SmallString {
    pub(crate) const fn new() -> Self {
        SmallString::Inline {
            len: 0,
            bytes: [0; INLINE],
        }
    }

    #[inline]
    pub(crate) fn push_str(&mut self, text: &str) {
        if let SmallString::Inline { len, bytes } = self {
            let start = usize::from(*len);
            if let Some(room) = bytes.get_mut(start..start + text.len()) {
                room.copy_from_slice(text.as_bytes());
                // At most INLINE, which fits a u8.
                *len = (start + text.len()) as u8;
                return;
            }
        }
        self.push_str_on_heap(text);
    }

    /// Out of line, so that the inline case stays a bounds check and a copy.
    #[cold]
    #[inline(never)]
    fn push_str_on_heap(&mut self, text: &str) {
        match self {
            SmallString::Inline { .. } => {
                let mut heap = String::with_capacity(2 * (self.as_str().len() + text.len()));
                heap.push_str(self.as_str());
                heap.push_str(text);
                *self = SmallString::Heap(heap);
            }
            SmallString::Heap(heap) => heap.push_str(text),
        }
    }

    pub(crate) fn as_str(&self) -> &str {
        match self {
            SmallString::Inline { len, bytes } => {
                // Only whole `&str`s are ever copied in, so the bytes are
                // UTF-8 up to `len`.
                std::str::from_utf8(&bytes[..usize::from(*len)])
                    .expect("an inline string holds whole strs")
            }
            SmallString::Heap(heap) => heap,
        }
    }
}

impl From<&str> for SmallString {
    fn from(text: &str) -> Self {
        let mut small = SmallString::new();
        small.push_str(text);
        small
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
    fn short_strings_stay_inline_and_long_ones_move_to_the_heap() {
        let mut small = SmallString::from("/items");
        small.push_str("/3");
        assert!(matches!(small, SmallString::Inline { .. }));
        assert_eq!(small.as_str(), "/items/3");
        small.push_str(&"🐲".repeat(10));
        assert!(matches!(small, SmallString::Heap(_)));
        assert_eq!(small.as_str(), format!("/items/3{}", "🐲".repeat(10)));
    }

    #[test]
    fn exactly_full_stays_inline() {
        let full = "x".repeat(INLINE);
        let small = SmallString::from(full.as_str());
        assert!(matches!(small, SmallString::Inline { .. }));
        assert_eq!(small.as_str(), full);
        assert_eq!(SmallString::new().as_str(), "");
    }
}
