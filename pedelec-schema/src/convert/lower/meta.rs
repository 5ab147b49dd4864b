//! Writing metadata (`description`, `default`, `examples`) on the
//! converted node, without the values it refuses.

use serde_json::Value;

use super::probe;
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::shape::Meta;
use crate::message::Described;
use crate::schema::{Metadata, SchemaNode};

/// Writes `meta` on the converted node `node`, over what it already has:
/// a `default` or example that the node refuses is dropped.
pub(super) fn write(ctx: &mut Context<'_>, node: &mut SchemaNode, meta: &Meta) {
    if let Some(description) = &meta.description {
        node.meta_mut().description = Some(description.clone());
    }
    if meta.default.is_none() && meta.examples.is_empty() {
        return;
    }
    let bare = strip(node);
    if let Some(default) = &meta.default {
        if refuses(&bare, &default.value) {
            node.meta_mut().default = None;
            ctx.note(
                ChangeCode::DefaultDropped,
                &default.at,
                format!(
                    "`default` {} was dropped: the converted node refuses it",
                    Described(&default.value)
                ),
            );
        } else {
            node.meta_mut().default = Some(default.value.clone());
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
    node.meta_mut().examples = kept;
}

/// Whether the node surely refuses `value` (a node the probe cannot build
/// refuses nothing here: the gatekeeper reports it later).
fn refuses(node: &SchemaNode, value: &Value) -> bool {
    probe::accepts(node, value) == Some(false)
}

/// The node without its own metadata, so that checking a value against it
/// does not check the metadata too.
fn strip(node: &SchemaNode) -> SchemaNode {
    let mut bare = node.clone();
    *bare.meta_mut() = Metadata::default();
    bare
}
