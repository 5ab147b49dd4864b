//! Where nodes are in the schema, for the errors reported there.
//!
//! Compiling a schema writes every node's schema pointer into one string.
//! A rule keeps only a [`Span`] of it, and an error a shared handle on the
//! string and its span: compiling allocates no string per node, and
//! recording an error copies none.

use std::sync::Arc;

/// A piece of a compiled schema's text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Span {
    start: usize,
    end: usize,
}

impl Span {
    /// The schema pointer of the root: the empty string.
    pub(crate) const ROOT: Span = Span { start: 0, end: 0 };

    /// The pointer's length in bytes.
    pub(crate) fn len(self) -> usize {
        self.end - self.start
    }

    pub(crate) fn of(self, text: &str) -> &str {
        text.get(self.start..self.end).unwrap_or_default()
    }
}

/// The text being written while a schema compiles.
pub(crate) struct Text {
    text: String,
}

impl Default for Text {
    fn default() -> Self {
        // Room for the pointers of most schemas, so that it does not grow
        // step by step; `finish` keeps only what was written.
        Text {
            text: String::with_capacity(256),
        }
    }
}

impl Text {
    /// The pointer `tokens` below the pointer at `parent`.
    pub(crate) fn child(&mut self, parent: Span, tokens: &[&str]) -> Span {
        let start = self.text.len();
        self.text.extend_from_within(parent.start..parent.end);
        for token in tokens {
            crate::pointer::push(&mut self.text, token);
        }
        Span {
            start,
            end: self.text.len(),
        }
    }

    pub(crate) fn finish(self) -> Arc<str> {
        Arc::from(self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_extend_their_parent_and_escape_their_tokens() {
        let mut text = Text::default();
        let property = text.child(Span::ROOT, &["properties", "a/b~c"]);
        let items = text.child(property, &["items"]);
        let text = text.finish();
        assert_eq!(property.of(&text), "/properties/a~1b~0c");
        assert_eq!(items.of(&text), "/properties/a~1b~0c/items");
        assert_eq!(Span::ROOT.of(&text), "");
    }
}
