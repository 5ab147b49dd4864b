//! Reading metadata: `description`, `default` and `examples`, from the
//! source's annotations (`title` and OpenAPI's `example` included).
//! `lower/meta.rs` writes them on the converted node.

use serde_json::{Map, Value};

use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::shape::{At, Meta};
use crate::message::Described;
use crate::pointer;

/// The keys read here.
pub(in crate::convert) fn is_metadata(key: &str) -> bool {
    matches!(
        key,
        "description" | "title" | "default" | "examples" | "example"
    )
}

/// Reads the metadata of a source node.
pub(in crate::convert) fn read(ctx: &mut Context<'_>, map: &Map<String, Value>, at: &str) -> Meta {
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
