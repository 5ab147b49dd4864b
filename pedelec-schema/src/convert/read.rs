//! Reading a source node: its type, its composition (`$ref`, `allOf`,
//! `anyOf`, `oneOf`) and, through [`facets`], every other
//! keyword.

use serde_json::{Map, Value};

use super::context::{Context, MAX_READ_DEPTH};
use super::dialect::{self, TypeName};
use super::error::ConvertErrorCode;
use super::facets;
use super::intersect::intersect;
use super::meta;
use super::refs;
use super::shape::{Facets, Family, Kind, Node, Origin, Union};
use crate::change::ChangeCode;
use crate::message::Described;
use crate::pointer;

/// Reads the node `value`, found at `at` in the source.
pub(super) fn read(ctx: &mut Context<'_>, value: &Value, at: &str) -> Node {
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
    let facets = facets::read(ctx, map, at, types.as_deref());
    let mut node = typed(types.as_deref(), facets, at);
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
    meta: super::shape::Meta,
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

/// The type names of `type`, or `None` when the node has none (or only
/// Gemini's placeholder beside `anyOf`).
fn read_type(ctx: &mut Context<'_>, map: &Map<String, Value>, at: &str) -> Option<Vec<TypeName>> {
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
fn with_null(node: Node, null_at: &str) -> Node {
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

fn read_all_of(ctx: &mut Context<'_>, mut node: Node, branches: &Value, at: &str) -> Node {
    let Some(branches) = non_empty_array(ctx, branches, "allOf", at) else {
        return node;
    };
    for (index, branch) in branches.iter().enumerate() {
        let mut here = at.to_owned();
        pointer::push_index(&mut here, index);
        let branch = read(ctx, branch, &here);
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
            read(ctx, branch, &here)
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
