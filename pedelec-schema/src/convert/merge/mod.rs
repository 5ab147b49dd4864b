//! Stage 2, merge: a source node read in full, with its composition.
//! [`read_node`] reads the node's own keywords through `read/`, then
//! merges what composition says into one node of convert's model: a
//! `$ref` written inline ([`refs`]), `allOf` and the keywords beside a
//! `$ref`, `anyOf` or `oneOf` intersected ([`intersect`]), `anyOf` and
//! `oneOf` kept as unions. It is also the reader `read/` asks for child
//! nodes, so a child's composition is merged where it stands.
//!
//! Imports: the shared leaves (`context`, `error`, `shape`) and `read/`.

pub(super) mod intersect;
mod refs;

use serde_json::{Map, Value};

use super::context::{Context, MAX_READ_DEPTH};
use super::error::ConvertErrorCode;
use super::read::{facets, meta, own_node, read_type, with_null};
use super::shape::{Facets, Kind, Meta, Node, Origin, Union};
use crate::change::ChangeCode;
use crate::message::Described;
use crate::pointer;
use intersect::intersect;

/// Reads the node `value`, found at `at` in the source, and merges its
/// composition.
pub(super) fn read_node(ctx: &mut Context<'_>, value: &Value, at: &str) -> Node {
    if ctx.depth >= MAX_READ_DEPTH {
        ctx.fail(
            ConvertErrorCode::TooDeep,
            at,
            format!("nodes nest more than {MAX_READ_DEPTH} deep here"),
        );
        return Node::anything(at);
    }
    if !ctx.count_node(at) {
        return Node::anything(at);
    }
    ctx.depth += 1;
    let widenings = ctx.widenings;
    let mut node = match value {
        Value::Bool(true) => Node::anything(at),
        Value::Bool(false) => Node::nothing(at),
        Value::Object(map) => read_object(ctx, map, at),
        other => {
            ctx.fail(
                ConvertErrorCode::NotASchema,
                at,
                format!(
                    "expected a schema (an object, or true or false), found {}",
                    Described(other)
                ),
            );
            Node::anything(at)
        }
    };
    ctx.depth -= 1;
    node.widened |= ctx.widenings > widenings;
    node
}

fn read_object(ctx: &mut Context<'_>, map: &Map<String, Value>, at: &str) -> Node {
    let meta = meta::read(ctx, map, at);
    if let Some(reference) = map.get("$ref") {
        if ctx.draft.ref_overrides_siblings() {
            return read_overriding_ref(ctx, map, reference, meta, at);
        }
    }
    let types = read_type(ctx, map, at);
    let facets = facets::read(ctx, map, at, types.as_deref(), read_node);
    let mut node = own_node(ctx, types.as_deref(), facets, at);
    node.meta = meta;
    let constrained = !matches!(&node.kind, Kind::Open(f) if *f == Facets::default());
    if let Some(reference) = map.get("$ref") {
        let target = refs::follow(ctx, reference, &pointer::join(at, "$ref"));
        node = intersect(ctx, node, target);
    }
    if let Some(branches) = map.get("allOf") {
        node = read_all_of(ctx, node, branches, &pointer::join(at, "allOf"));
    }
    for (key, origin) in [("anyOf", Origin::AnyOf), ("oneOf", Origin::OneOf)] {
        let Some(branches) = map.get(key) else {
            continue;
        };
        let here = pointer::join(at, key);
        if constrained {
            ctx.note(
                ChangeCode::MergedIntoBranches,
                &here,
                format!("the keywords beside `{key}` were moved into each of its branches"),
            );
        }
        let union = read_union(ctx, branches, origin, &here);
        node = intersect(ctx, node, union);
    }
    // OpenAPI's `nullable: true` adds `null` to what the rest accepts.
    if map.get("nullable") == Some(&Value::Bool(true)) {
        node = with_null(node, &pointer::join(at, "nullable"));
    }
    node
}

/// Draft 4 to 7: `$ref` stands for its target, and every other keyword is
/// ignored (metadata is kept: it constrains nothing).
fn read_overriding_ref(
    ctx: &mut Context<'_>,
    map: &Map<String, Value>,
    reference: &Value,
    meta: Meta,
    at: &str,
) -> Node {
    for key in map.keys() {
        if key != "$ref" && !meta::is_metadata(key) {
            ctx.note(
                ChangeCode::RefSiblingsIgnored,
                &pointer::join(at, key),
                format!(
                    "`{key}` stands beside `$ref`, and {} ignores every keyword there, so \
                     it was dropped",
                    ctx.draft.name()
                ),
            );
        }
    }
    let mut node = refs::follow(ctx, reference, &pointer::join(at, "$ref"));
    let mut own = meta;
    own.fill_from(std::mem::take(&mut node.meta));
    node.meta = own;
    node.at = at.to_owned();
    node
}

fn read_all_of(ctx: &mut Context<'_>, mut node: Node, branches: &Value, at: &str) -> Node {
    let Some(branches) = non_empty_array(ctx, branches, "allOf", at) else {
        return node;
    };
    for (index, branch) in branches.iter().enumerate() {
        let mut here = at.to_owned();
        pointer::push_index(&mut here, index);
        let branch = read_node(ctx, branch, &here);
        node = intersect(ctx, node, branch);
    }
    ctx.note(
        ChangeCode::AllOfMerged,
        at,
        "the `allOf` branches were merged into the node",
    );
    node
}

fn read_union(ctx: &mut Context<'_>, branches: &Value, origin: Origin, at: &str) -> Node {
    let key = if origin == Origin::AnyOf {
        "anyOf"
    } else {
        "oneOf"
    };
    let Some(branches) = non_empty_array(ctx, branches, key, at) else {
        return Node::anything(at);
    };
    let branches = branches
        .iter()
        .enumerate()
        .map(|(index, branch)| {
            let mut here = at.to_owned();
            pointer::push_index(&mut here, index);
            read_node(ctx, branch, &here)
        })
        .collect();
    Node::new(
        Kind::Union(Union {
            branches,
            origin,
            at: at.to_owned(),
        }),
        at,
    )
}

/// The branches of `allOf`/`anyOf`/`oneOf`, which JSON Schema wants to be
/// a non-empty array.
fn non_empty_array<'v>(
    ctx: &mut Context<'_>,
    value: &'v Value,
    key: &str,
    at: &str,
) -> Option<&'v Vec<Value>> {
    match value {
        Value::Array(items) if !items.is_empty() => Some(items),
        other => {
            ctx.fail(
                ConvertErrorCode::NotASchema,
                at,
                format!(
                    "`{key}` must be a non-empty array of schemas, found {}",
                    Described(other)
                ),
            );
            None
        }
    }
}
