//! Metadata: `description`, `default` and `examples`, read from the
//! source's annotations (`title` and OpenAPI's `example` included) and
//! written on the converted node, without the values it refuses.

use serde_json::{Map, Value};

use super::context::Context;
use super::probe;
use super::shape::{At, Meta};
use crate::change::ChangeCode;
use crate::message::Described;
use crate::pointer;

/// The keys read here.
pub(super) fn is_metadata(key: &str) -> bool {
    matches!(
        key,
        "description" | "title" | "default" | "examples" | "example"
    )
}

/// Reads the metadata of a source node.
pub(super) fn read(ctx: &mut Context<'_>, map: &Map<String, Value>, at: &str) -> Meta {
    let mut meta = Meta::default();
    match map.get("description") {
        Some(Value::String(text)) => meta.description = Some(text.clone()),
        Some(other) => not_text(ctx, "description", other, at),
        None => {}
    }
    match map.get("title") {
        Some(Value::String(title)) if meta.description.is_none() => {
            meta.description = Some(title.clone());
            ctx.note(
                ChangeCode::TitleToDescription,
                &pointer::join(at, "title"),
                "`title` became `description`",
            );
        }
        Some(Value::String(_)) => ctx.note(
            ChangeCode::AnnotationDropped,
            &pointer::join(at, "title"),
            "`title` was dropped: the node keeps its `description`",
        ),
        Some(other) => not_text(ctx, "title", other, at),
        None => {}
    }
    if let Some(default) = map.get("default") {
        meta.default = Some(At::new(default.clone(), pointer::join(at, "default")));
    }
    match map.get("examples") {
        Some(Value::Array(values)) => {
            let here = pointer::join(at, "examples");
            for (index, value) in values.iter().enumerate() {
                let mut entry = here.clone();
                pointer::push_index(&mut entry, index);
                meta.examples.push(At::new(value.clone(), entry));
            }
        }
        Some(other) => ctx.note(
            ChangeCode::AnnotationDropped,
            &pointer::join(at, "examples"),
            format!(
                "`examples` must be an array of sample values, found {}; it was dropped",
                Described(other)
            ),
        ),
        None => {}
    }
    if let Some(example) = map.get("example") {
        let here = pointer::join(at, "example");
        ctx.note(
            ChangeCode::ExampleToExamples,
            &here,
            "OpenAPI's `example` became an entry of `examples`",
        );
        meta.examples.push(At::new(example.clone(), here));
    }
    meta
}

fn not_text(ctx: &mut Context<'_>, key: &str, value: &Value, at: &str) {
    ctx.note(
        ChangeCode::AnnotationDropped,
        &pointer::join(at, key),
        format!(
            "`{key}` must be text, found {}; it was dropped",
            Described(value)
        ),
    );
}

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
