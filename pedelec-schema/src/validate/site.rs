//! Where nodes are in the schema, for the errors reported there.
//!
//! Compiling a schema writes every node's schema pointer into one string,
//! the [`Pointers`]. A rule keeps only a [`Span`] of it, and an error a
//! shared handle on the string and its span: compiling allocates no string
//! per node, and recording an error copies none.

use std::collections::HashMap;
use std::sync::Arc;

use crate::document::Span;
use crate::schema::SchemaNode;

/// The schema pointers being written while a schema compiles, and the
/// shapes of the `oneOf`s compiled so far: the one state a compile
/// threads through every node.
pub(crate) struct Pointers {
    pointers: String,
    /// Each `oneOf`'s branches as written, and its shape.
    shapes: HashMap<Box<str>, u32>,
    /// How many `oneOf`s the node being compiled lies in.
    one_ofs: usize,
}

impl Default for Pointers {
    fn default() -> Self {
        // Room for the pointers of most schemas, so that it does not grow
        // step by step; `finish` keeps only what was written.
        Pointers {
            pointers: String::with_capacity(256),
            shapes: HashMap::new(),
            one_ofs: 0,
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

    /// The shape of a `oneOf` of `branches`: one number for every `oneOf`
    /// of this schema whose branches are written alike, wherever they are,
    /// so that a stream can check a value once for all of them
    /// (`validate/stream/branches.rs`). Written alike is compiled alike:
    /// the text is what `ToolArgsSchema::new` parses a built schema from,
    /// and a rule depends on its node alone, its site aside. `None` if the
    /// branches could not be written, and for a `oneOf` in no other: only
    /// the branches of a `oneOf` check one value several times, and
    /// writing the branches costs (a sixth of compiling 256 objects of 256
    /// patterns when every `oneOf` was written).
    pub(crate) fn shape(&mut self, branches: &[SchemaNode]) -> Option<u32> {
        if self.one_ofs == 0 {
            return None;
        }
        let text = serde_json::to_string(branches).ok()?;
        let next = u32::try_from(self.shapes.len()).ok()?;
        Some(*self.shapes.entry(text.into()).or_insert(next))
    }

    /// Compiles the branches of a `oneOf` with `compile`.
    pub(crate) fn in_one_of<T>(&mut self, compile: impl FnOnce(&mut Self) -> T) -> T {
        self.one_ofs += 1;
        let compiled = compile(self);
        self.one_ofs -= 1;
        compiled
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
