//! Where nodes are in the schema, for the errors reported there.
//!
//! Compiling a schema writes every node's schema pointer into one string,
//! the [`Pointers`]. A rule keeps only a [`Span`] of it, and an error a
//! shared handle on the string and its span: compiling allocates no string
//! per node, and recording an error copies none.

use std::sync::Arc;

use crate::document::Span;

/// The schema pointers being written while a schema compiles.
pub(crate) struct Pointers {
    pointers: String,
}

impl Default for Pointers {
    fn default() -> Self {
        // Room for the pointers of most schemas, so that it does not grow
        // step by step; `finish` keeps only what was written.
        Pointers {
            pointers: String::with_capacity(256),
        }
    }
}

impl Pointers {
    /// The pointer `tokens` below the pointer at `parent`.
    pub(crate) fn child(&mut self, parent: Span, tokens: &[&str]) -> Span {
        Span::appended(&mut self.pointers, |pointers| {
            pointers.extend_from_within(parent.range());
            for token in tokens {
                crate::pointer::push(pointers, token);
            }
        })
    }

    pub(crate) fn finish(self) -> Arc<str> {
        Arc::from(self.pointers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_extend_their_parent_and_escape_their_tokens() {
        let mut pointers = Pointers::default();
        let property = pointers.child(Span::ROOT, &["properties", "a/b~c"]);
        let items = pointers.child(property, &["items"]);
        let pointers = pointers.finish();
        assert_eq!(property.of(&pointers), "/properties/a~1b~0c");
        assert_eq!(items.of(&pointers), "/properties/a~1b~0c/items");
        assert_eq!(Span::ROOT.of(&pointers), "");
    }
}
