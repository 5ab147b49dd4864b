//! MCP's `inputSchema`: our schema as it is, as [`OrderedJson`], so that
//! it keeps our serialization's order (`schema/serialize.rs`: the
//! canonical keyword order, `properties` in the model's order).
//!
//! Our serialization's text is read back into `OrderedJson`, which keeps
//! each object's keys as written: no second walk over the model, and no
//! `Value` that could sort them on the way.

use super::Exported;
use crate::json::OrderedJson;
use crate::schema::ObjectNode;

/// `root` as it is.
pub(super) fn export(root: &ObjectNode) -> Exported {
    let text = serde_json::to_string(root).expect("a schema node always serializes");
    let schema: OrderedJson =
        serde_json::from_str(&text).expect("our serialization is one JSON value");
    Exported {
        schema,
        changes: Vec::new(),
    }
}
