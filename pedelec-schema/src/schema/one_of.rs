//! [`OneOfNode`]: a node that exactly one of its branches must accept.

use super::{Metadata, SchemaNode};

/// A `oneOf` node: a value is valid when exactly one branch accepts it.
/// It has no `type` of its own.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OneOfNode {
    /// The branches, in order. A checked schema never has an empty list.
    pub branches: Vec<SchemaNode>,
    /// Shared metadata.
    pub meta: Metadata,
}

impl OneOfNode {
    /// A `oneOf` over `branches`.
    pub fn new<I>(branches: I) -> Self
    where
        I: IntoIterator,
        I::Item: Into<SchemaNode>,
    {
        OneOfNode {
            branches: branches.into_iter().map(Into::into).collect(),
            meta: Metadata::default(),
        }
    }
}
