//! Stage 1, read: one source node's own keywords into convert's model of
//! the source ([`shape`](super::shape)): its `type` ([`read_type`],
//! [`typed`]), OpenAPI's `nullable` ([`with_null`]), its metadata
//! ([`meta`]) and every other keyword ([`facets`], with [`numbers`] and
//! [`arrays`]; what the subset has no room for in [`dropped`]).
//!
//! Composition (`$ref`, `allOf`, `anyOf`, `oneOf`) is the next stage's
//! (`merge/`), and so is the recursion: where a keyword holds a child node
//! (`properties`, `items`), reading it is asked of the [`ReadNode`] that
//! `merge/` passes in. So nothing here imports a later stage.
//!
//! Imports: the shared leaves (`context`, `dialect`, `error`, `shape`)
//! only.

pub(super) mod arrays;
pub(super) mod dropped;
mod enum_intent;
pub(super) mod facets;
pub(super) mod meta;
pub(super) mod numbers;

use serde_json::{Map, Value};

use super::context::Context;
use super::dialect::{self, TypeName};
use super::error::ConvertErrorCode;
use super::shape::{Facets, Family, Kind, Node, Origin, Union};
use crate::change::ChangeCode;
use crate::message::Described;
use crate::pointer;

/// How a child node (a property's, `items`'s, a tuple position's) is read:
/// in full, composition included, by `merge/`'s reader.
pub(in crate::convert) type ReadNode = fn(&mut Context<'_>, &Value, &str) -> Node;

/// The type names of `type`, or `None` when the node has none (or only
/// Gemini's placeholder beside `anyOf`).
pub(in crate::convert) fn read_type(
    ctx: &mut Context<'_>,
    map: &Map<String, Value>,
    at: &str,
) -> Option<Vec<TypeName>> {
    let value = map.get("type")?;
    let here = pointer::join(at, "type");
    let names: Vec<&Value> = match value {
        Value::Array(names) if !names.is_empty() => names.iter().collect(),
        Value::String(_) => vec![value],
        other => {
            ctx.fail(
                ConvertErrorCode::NotASchema,
                &here,
                format!(
                    "`type` must be a type name or a non-empty array of them, found {}",
                    Described(other)
                ),
            );
            return None;
        }
    };
    let mut types = Vec::with_capacity(names.len());
    let mut valid = true;
    for name in names {
        match name.as_str().and_then(dialect::type_name) {
            Some(type_name) => types.push(type_name),
            None => {
                valid = false;
                let hint = name.as_str().map_or(
                    "use one of null, boolean, number, integer, string, array, object",
                    dialect::type_name_hint,
                );
                ctx.fail(
                    ConvertErrorCode::NotASchema,
                    &here,
                    format!("{} is not a JSON Schema type: {hint}", Described(name)),
                );
            }
        }
    }
    if !valid {
        // Read on as if untyped, so that every other problem is found too.
        return None;
    }
    if types.iter().any(|t| t.gemini) {
        if map.contains_key("anyOf") {
            ctx.note(
                ChangeCode::UnionTypePlaceholderDropped,
                &here,
                "Gemini's `type` beside `anyOf` was dropped: the Google Gen AI SDK writes it as \
                 a placeholder for a union, whose branches say the types",
            );
            return None;
        }
        ctx.note(
            ChangeCode::TypeNameNormalized,
            &here,
            "Gemini's upper-case type name was written as JSON Schema's lower-case one",
        );
    }
    if ctx.draft.integer_refuses_fractions_written() && types.iter().any(|t| t.integer) {
        ctx.note(
            ChangeCode::Draft4IntegerWidened,
            &here,
            "under draft 4, `integer` refuses numbers written with a fraction part (`1.0`); \
             the subset's `integer` accepts them, so the handler must refuse them if it cares",
        );
    }
    Some(types)
}

/// The node of a source node's own keywords, `type` and `facets` read: an
/// `enum` that contradicts the one `type` read as its author meant
/// ([`enum_intent`]), every other `enum` value the type refuses reported,
/// then [`typed`].
pub(in crate::convert) fn own_node(
    ctx: &mut Context<'_>,
    types: Option<&[TypeName]>,
    mut facets: Facets,
    at: &str,
) -> Node {
    if let Some(types) = types {
        enum_intent::move_to_items(ctx, types, &mut facets);
        if let Some(node) = enum_intent::retyped(ctx, types, &facets, at) {
            return node;
        }
        facets::report_unreachable_enum_values(ctx, &facets, types);
    }
    typed(types, facets, at)
}

/// The node for the keywords read: typed by `type` (one branch per type
/// when there are several), or open.
fn typed(types: Option<&[TypeName]>, facets: Facets, at: &str) -> Node {
    let Some(types) = types else {
        return Node::new(Kind::Open(facets), at);
    };
    let type_at = pointer::join(at, "type");
    let mut branches: Vec<Node> = Vec::with_capacity(types.len());
    for name in types {
        let mut own = facets.clone();
        own.integer |= name.integer;
        let branch_at = if name.family == Family::Null {
            type_at.as_str()
        } else {
            at
        };
        let candidate = Node::new(Kind::Typed(name.family, own), branch_at);
        if !branches.contains(&candidate) {
            branches.push(candidate);
        }
    }
    if branches.len() == 1 {
        let mut node = branches.pop().expect("one branch");
        node.at = at.to_owned();
        if let Kind::Typed(Family::Null, _) = node.kind {
            node.at = type_at;
        }
        return node;
    }
    Node::new(
        Kind::Union(Union {
            branches,
            origin: Origin::Types,
            at: type_at,
        }),
        at,
    )
}

/// `node`, or `null` (OpenAPI's `nullable: true`, found at `null_at`).
pub(in crate::convert) fn with_null(node: Node, null_at: &str) -> Node {
    let at = node.at.clone();
    let meta = node.meta.clone();
    let null = Node::new(Kind::Typed(Family::Null, Facets::default()), null_at);
    let mut inner = node;
    inner.meta = Default::default();
    let mut union = Node::new(
        Kind::Union(Union {
            branches: vec![inner, null],
            origin: Origin::Types,
            at: null_at.to_owned(),
        }),
        at,
    );
    union.meta = meta;
    union
}
