//! MCP's `inputSchema` and `outputSchema`: our schema as it is, as
//! [`OrderedJson`], so that it keeps our serialization's order
//! (`schema/serialize.rs`: the canonical keyword order, `properties` in
//! the model's order) - with one exception, the closed object that the
//! MCP specification recommends for a tool without arguments.
//!
//! Our serialization's text is read back into `OrderedJson`, which keeps
//! each object's keys as written: no second walk over the model, and no
//! `Value` that could sort them on the way.

use super::Exported;
use crate::change::{Change, ChangeCode};
use crate::json::OrderedJson;
use crate::schema::{keyword_rank, ObjectNode};

/// `root` as an `inputSchema`: as it is, or, without properties,
/// `{"type": "object", "additionalProperties": false}` and its metadata.
pub(super) fn export(root: &ObjectNode) -> Exported {
    let schema = as_is(root);
    if !root.properties.is_empty() {
        return Exported {
            schema,
            changes: Vec::new(),
        };
    }
    let mut entries: Vec<(String, OrderedJson)> = schema
        .entries()
        .expect("an object node serializes as an object")
        .iter()
        .filter(|(key, _)| key != "properties" && key != "required")
        .cloned()
        .collect();
    entries.push((
        "additionalProperties".to_owned(),
        OrderedJson::from(serde_json::Value::Bool(false)),
    ));
    entries.sort_by_key(|(key, _)| keyword_rank(key));
    let change = Change::new(
        ChangeCode::ClosedWithoutArguments,
        "",
        "the tool takes no arguments, so its `inputSchema` is `{\"type\": \"object\", \
         \"additionalProperties\": false}`, the form the MCP specification recommends: it \
         accepts only `{}`",
    );
    Exported {
        schema: OrderedJson::object(entries),
        changes: vec![change],
    }
}

/// `root` as it is: an `outputSchema`, which a client checks results
/// against, so that it must accept exactly what our `validate` accepts.
pub(super) fn as_is(root: &ObjectNode) -> OrderedJson {
    let text = serde_json::to_string(root).expect("a schema node always serializes");
    serde_json::from_str(&text).expect("our serialization is one JSON value")
}
