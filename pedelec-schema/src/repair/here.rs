//! What the schema says at the place a repair looks at: the nodes that
//! may check the value there, found through the compiled rules
//! (`validate/compiled.rs`) by the reader's open containers.
//!
//! Inside a `oneOf` the text is not read far enough to know which branch
//! owns the value (`validate/choice.rs` needs the whole of it), so every
//! branch counts: a repair that needs the schema's word asks whether some
//! node here allows it ("is `path` a property name?") or whether every
//! node does ("is `limit` optional?"), whichever is the cautious answer.

use crate::text::Open;
use crate::validate::{CompiledObject, Kind};

/// The nodes at one place of the text, their `oneOf`s opened into their
/// branches.
#[derive(Debug)]
pub(super) struct Here<'s> {
    kinds: Vec<Kind<'s>>,
}

impl<'s> Here<'s> {
    /// The nodes inside the containers `open`: the innermost container's
    /// own (where a key is read), or with `inside`, those of the value
    /// being read in it (its property's, after the key, or its items').
    pub(super) fn find(root: CompiledObject<'s>, open: &[Open], inside: bool) -> Self {
        let mut here = Here {
            kinds: vec![Kind::Object(root)],
        };
        let last = open.len().saturating_sub(1);
        for (depth, container) in open.iter().enumerate() {
            if depth == last && !inside {
                break;
            }
            here = here.step(container);
        }
        here
    }

    /// The nodes of the value being read inside `container`.
    fn step(&self, container: &Open) -> Self {
        let mut next = Here { kinds: Vec::new() };
        for kind in &self.kinds {
            match (kind, container) {
                (Kind::Object(object), Open::Object { key: Some(key), .. }) => {
                    if let Some(property) = object.property(key) {
                        next.push(property.node.kind());
                    }
                }
                (Kind::Array(array), Open::Array(_)) => next.push(array.items().kind()),
                _ => {}
            }
        }
        next
    }

    fn push(&mut self, kind: Kind<'s>) {
        match kind {
            Kind::OneOf(one_of) => {
                for branch in one_of.branches() {
                    self.push(branch.kind());
                }
            }
            kind => self.kinds.push(kind),
        }
    }

    /// Whether an object node here names the property `name`.
    pub(super) fn names(&self, name: &str) -> bool {
        self.objects().any(|object| object.property(name).is_some())
    }

    /// Whether a node here takes a boolean.
    pub(super) fn takes_boolean(&self) -> bool {
        self.kinds.iter().any(|kind| matches!(kind, Kind::Boolean))
    }

    /// Whether no object node here requires the property `name`: whether
    /// leaving it out cannot be what makes the call fail.
    pub(super) fn optional(&self, name: &str) -> bool {
        self.objects().all(|object| {
            object
                .property(name)
                .is_none_or(|property| !property.required)
        })
    }

    fn objects(&self) -> impl Iterator<Item = CompiledObject<'s>> + '_ {
        self.kinds.iter().filter_map(|kind| match kind {
            Kind::Object(object) => Some(*object),
            _ => None,
        })
    }
}
