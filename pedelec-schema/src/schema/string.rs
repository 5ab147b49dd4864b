//! [`StringNode`]: `"type": "string"`, with lengths in code points and an
//! ECMA-262 `pattern`.

use super::{Metadata, Pattern};

/// A `"type": "string"` node. Lengths count Unicode code points.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StringNode {
    /// `enum`: the only strings allowed.
    pub enum_values: Option<Vec<String>>,
    /// `minLength`, in code points.
    pub min_length: Option<u64>,
    /// `maxLength`, in code points.
    pub max_length: Option<u64>,
    /// `pattern`: an ECMA-262 regex that must match somewhere in the string.
    pub pattern: Option<Pattern>,
    /// Shared metadata.
    pub meta: Metadata,
}

impl StringNode {
    /// Sets `enum`.
    pub fn enum_values<I>(mut self, values: I) -> Self
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        self.enum_values = Some(values.into_iter().map(Into::into).collect());
        self
    }

    /// Sets `minLength`.
    pub fn min_length(mut self, min: u64) -> Self {
        self.min_length = Some(min);
        self
    }

    /// Sets `maxLength`.
    pub fn max_length(mut self, max: u64) -> Self {
        self.max_length = Some(max);
        self
    }

    /// Sets `pattern`. A [`Pattern`] is checked when it is made, so an
    /// invalid regex cannot get this far.
    pub fn pattern(mut self, pattern: Pattern) -> Self {
        self.pattern = Some(pattern);
        self
    }
}
