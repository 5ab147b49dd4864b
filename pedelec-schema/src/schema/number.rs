//! [`NumberNode`]: the keywords shared by `"type": "number"` and
//! `"type": "integer"` nodes, with bounds kept exactly as written.

use serde_json::Number;

use super::Metadata;

/// The keywords of a `"type": "number"` or `"type": "integer"` node. Bounds
/// are inclusive and kept exactly as written (`u64`, `i64` or `f64`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NumberNode {
    /// `enum`: the only numbers allowed, compared by mathematical value.
    pub enum_values: Option<Vec<Number>>,
    /// `minimum`, inclusive.
    pub minimum: Option<Number>,
    /// `maximum`, inclusive.
    pub maximum: Option<Number>,
    /// Shared metadata.
    pub meta: Metadata,
}

impl NumberNode {
    /// Sets `minimum`.
    pub fn minimum(mut self, minimum: impl Into<Number>) -> Self {
        self.minimum = Some(minimum.into());
        self
    }

    /// Sets `maximum`.
    pub fn maximum(mut self, maximum: impl Into<Number>) -> Self {
        self.maximum = Some(maximum.into());
        self
    }

    /// Sets `enum`.
    pub fn enum_values<I>(mut self, values: I) -> Self
    where
        I: IntoIterator,
        I::Item: Into<Number>,
    {
        self.enum_values = Some(values.into_iter().map(Into::into).collect());
        self
    }
}
