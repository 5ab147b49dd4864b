//! Writing metadata (`description`, `default`, `examples`) on the
//! converted node, without the values it refuses.

use serde_json::Value;

use super::probe;
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::shape::Meta;
use crate::message::Described;

/// Writes `meta` on the converted node `node` (a JSON object), over what it
/// already has: a `default` or example that the node refuses is dropped.
pub(super) fn write(ctx: &mut Context<'_>, node: &mut Value, meta: &Meta) {
    if let (Some(description), Value::Object(map)) = (&meta.description, &mut *node) {
        map.insert("description".to_owned(), Value::String(description.clone()));
    }
    if meta.default.is_none() && meta.examples.is_empty() {
        return;
    }
    let bare = strip(node);
    let Value::Object(map) = node else { return };
    if let Some(default) = &meta.default {
        if refuses(&bare, &default.value) {
            map.remove("default");
            ctx.note(
                ChangeCode::DefaultDropped,
                &default.at,
                format!(
                    "`default` {} was dropped: the converted node refuses it",
                    Described(&default.value)
                ),
            );
        } else {
            map.insert("default".to_owned(), default.value.clone());
        }
    }
    if meta.examples.is_empty() {
        return;
    }
    let mut kept = Vec::with_capacity(meta.examples.len());
    for example in &meta.examples {
        if refuses(&bare, &example.value) {
            ctx.note(
                ChangeCode::ExampleDropped,
                &example.at,
                format!(
                    "the example {} was dropped: the converted node refuses it",
                    Described(&example.value)
                ),
            );
        } else {
            kept.push(example.value.clone());
        }
    }
    if kept.is_empty() {
        map.remove("examples");
    } else {
        map.insert("examples".to_owned(), Value::Array(kept));
    }
}

/// Whether the node surely refuses `value` (a node the probe cannot build
/// refuses nothing here: the gatekeeper reports it later).
fn refuses(node: &Value, value: &Value) -> bool {
    probe::accepts(node, value) == Some(false)
}

/// The node without its own metadata, so that checking a value against it
/// does not parse the metadata again.
fn strip(node: &Value) -> Value {
    let mut bare = node.clone();
    if let Value::Object(map) = &mut bare {
        for key in ["description", "default", "examples"] {
            map.remove(key);
        }
    }
    bare
}
