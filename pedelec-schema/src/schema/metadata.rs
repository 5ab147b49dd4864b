//! [`Metadata`]: `description`, `default` and `examples`, which every node
//! may carry and which never change what validation accepts.

use serde_json::Value;

/// The keywords every node may carry. They guide the agent; none of them
/// changes what validation accepts, and `default` is never filled in.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Metadata {
    /// `description`: what the value means.
    pub description: Option<String>,
    /// `default`: what the handler assumes when the value is missing.
    pub default: Option<Value>,
    /// `examples`: sample values. Empty means the keyword is absent.
    pub examples: Vec<Value>,
}
