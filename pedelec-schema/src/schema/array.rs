//! [`ArrayNode`]: `"type": "array"`, always with its `items` node.

use super::{Metadata, SchemaNode};

/// A `"type": "array"` node. `items` is not optional: every element is
/// checked against it.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrayNode {
    /// `items`: the node every element must match.
    pub items: Box<SchemaNode>,
    /// `minItems`.
    pub min_items: Option<u64>,
    /// `maxItems`.
    pub max_items: Option<u64>,
    /// `uniqueItems`: no two elements may be equal as JSON values.
    pub unique_items: bool,
    /// Shared metadata.
    pub meta: Metadata,
}

impl ArrayNode {
    /// An array of `items` without further constraints.
    pub fn new(items: impl Into<SchemaNode>) -> Self {
        ArrayNode {
            items: Box::new(items.into()),
            min_items: None,
            max_items: None,
            unique_items: false,
            meta: Metadata::default(),
        }
    }

    /// Sets `minItems`.
    pub fn min_items(mut self, min: u64) -> Self {
        self.min_items = Some(min);
        self
    }

    /// Sets `maxItems`.
    pub fn max_items(mut self, max: u64) -> Self {
        self.max_items = Some(max);
        self
    }

    /// Sets `uniqueItems`.
    pub fn unique_items(mut self, unique: bool) -> Self {
        self.unique_items = unique;
        self
    }
}
