//! [`BooleanNode`]: `"type": "boolean"`, with an optional `enum`.

use super::Metadata;

/// A `"type": "boolean"` node.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BooleanNode {
    /// `enum`: the only booleans allowed.
    pub enum_values: Option<Vec<bool>>,
    /// Shared metadata.
    pub meta: Metadata,
}

impl BooleanNode {
    /// Sets `enum`.
    pub fn enum_values(mut self, values: impl IntoIterator<Item = bool>) -> Self {
        self.enum_values = Some(values.into_iter().collect());
        self
    }
}
