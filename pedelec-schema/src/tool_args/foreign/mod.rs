//! [`ToolArgsNode`](super::ToolArgsNode) for the types of common crates,
//! each behind the pedelec-schema feature of the crate's name, off by
//! default: `uuid`, `chrono`, `url`, `time`. Each is a string node whose
//! pattern accepts only text that the type's serde impl reads; where a
//! pattern cannot hold every rule (a day that its month does not have),
//! the impl says so, and serde's refusal reaches the agent with its path.

#[cfg(feature = "chrono")]
mod chrono;
#[cfg(any(feature = "chrono", feature = "time"))]
mod date_text;
#[cfg(feature = "time")]
#[cfg_attr(docsrs, doc(cfg(feature = "time")))]
pub mod time;
#[cfg(feature = "url")]
mod url;
#[cfg(feature = "uuid")]
mod uuid;

use crate::pattern::Pattern;
use crate::schema::SchemaNode;

/// A string node with `source` as its pattern, which is this crate's own
/// and known to compile.
pub(crate) fn pattern_string(source: &str) -> SchemaNode {
    let pattern = Pattern::new(source).unwrap_or_else(|err| {
        panic!("pedelec-schema's pattern {source:?} does not compile: {err}")
    });
    SchemaNode::string().pattern(pattern).into()
}
