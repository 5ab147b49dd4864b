//! Intersection: a value must pass both nodes. This is how `allOf`, `$ref`
//! beside other keywords, and the keywords beside `anyOf`/`oneOf` are
//! merged. It keeps every constraint the model can hold; where one node
//! cannot hold two (two `pattern`s, two tuples), it keeps the first and
//! records that the other was dropped.

use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::read::facets::restrict_enum;
use crate::convert::read::numbers::{restrict_maximum, restrict_minimum};
use crate::convert::shape::{Facets, Family, Kind, Node, PropertyEntry, Union};

/// The node that accepts what both `a` and `b` accept. `a`'s metadata and
/// pointer win.
pub(super) fn intersect(ctx: &mut Context<'_>, a: Node, b: Node) -> Node {
    let Node {
        kind: a_kind,
        mut meta,
        at,
        widened: a_widened,
    } = a;
    let Node {
        kind: b_kind,
        meta: b_meta,
        at: b_at,
        widened: b_widened,
    } = b;
    meta.fill_from(b_meta);
    let kind = match (a_kind, b_kind) {
        (Kind::Nothing, _) | (_, Kind::Nothing) => Kind::Nothing,
        (Kind::Union(union), other) => {
            let mut other = Node::new(other, b_at);
            other.widened = b_widened;
            distribute(ctx, union, other)
        }
        (other, Kind::Union(union)) => {
            let mut other = Node::new(other, at.clone());
            other.widened = a_widened;
            distribute(ctx, union, other)
        }
        (Kind::Open(f), Kind::Open(g)) => Kind::Open(merge(ctx, f, g)),
        (Kind::Open(f), Kind::Typed(family, g)) | (Kind::Typed(family, g), Kind::Open(f)) => {
            Kind::Typed(family, merge(ctx, g, f))
        }
        (Kind::Typed(f_family, f), Kind::Typed(g_family, g)) if f_family == g_family => {
            Kind::Typed(f_family, merge(ctx, f, g))
        }
        (Kind::Typed(..), Kind::Typed(..)) => Kind::Nothing,
    };
    Node {
        kind,
        meta,
        at,
        widened: a_widened || b_widened,
    }
}

/// `union` ∩ `other`: each branch meets `other`. Exact for every origin:
/// a value passes exactly one (or at least one) branch and `other` iff it
/// passes exactly one (or at least one) branch met with `other`.
fn distribute(ctx: &mut Context<'_>, union: Union, other: Node) -> Kind {
    let branches = union
        .branches
        .into_iter()
        .map(|branch| intersect(ctx, branch, other.clone()))
        .collect();
    Kind::Union(Union { branches, ..union })
}

/// The facets of both nodes together.
fn merge(ctx: &mut Context<'_>, mut f: Facets, g: Facets) -> Facets {
    if let Some(values) = g.enum_values {
        restrict_enum(&mut f, values);
    }
    f.integer |= g.integer;
    if let Some(bound) = g.minimum {
        restrict_minimum(&mut f, bound);
    }
    if let Some(bound) = g.maximum {
        restrict_maximum(&mut f, bound);
    }
    f.min_length = max_of(f.min_length, g.min_length);
    f.max_length = min_of(f.max_length, g.max_length);
    f.min_items = max_of(f.min_items, g.min_items);
    f.max_items = min_of(f.max_items, g.max_items);
    f.unique_items |= g.unique_items;
    match (&f.pattern, g.pattern) {
        (_, None) => {}
        (None, pattern) => f.pattern = pattern,
        (Some(kept), Some(other)) if kept.value == other.value => {}
        (Some(kept), Some(other)) => ctx.note(
            ChangeCode::PatternDropped,
            &other.at,
            format!(
                "a node holds one `pattern`, and it keeps `{}`; `{}` was dropped: the handler \
                 must check it",
                kept.value, other.value
            ),
        ),
    }
    f.items = match (f.items.take(), g.items) {
        (Some(a), Some(b)) => Some(Box::new(intersect(ctx, *a, *b))),
        (a, b) => a.or(b),
    };
    match (&f.tuple, g.tuple) {
        (_, None) => {}
        (None, tuple) => f.tuple = tuple,
        (Some(_), Some(other)) => ctx.note(
            ChangeCode::ConstraintDropped,
            &other.at,
            "a node holds one tuple, and it keeps the first; this one was dropped: the handler \
             must check its positions",
        ),
    }
    // Closed by either: the allowed names only grow in the merge, so the
    // `oneOf` check that reads them stays on the safe side.
    f.closed |= g.closed;
    merge_properties(ctx, &mut f, g.properties);
    for name in g.required {
        if !f.required.iter().any(|r| r.value == name.value) {
            f.required.push(name);
        }
    }
    f
}

fn merge_properties(ctx: &mut Context<'_>, f: &mut Facets, properties: Vec<PropertyEntry>) {
    for entry in properties {
        match f.properties.iter().position(|p| p.name == entry.name) {
            Some(index) => {
                let existing = f.properties.remove(index);
                let node = intersect(ctx, existing.node, entry.node);
                f.properties
                    .insert(index, PropertyEntry { node, ..existing });
            }
            None => f.properties.push(entry),
        }
    }
}

fn max_of(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    a.max(b)
}

fn min_of(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The node restricted to objects.
pub(in crate::convert) fn objects_of(ctx: &mut Context<'_>, node: Node) -> Node {
    let at = node.at.clone();
    intersect(
        ctx,
        node,
        Node::new(Kind::Typed(Family::Object, Facets::default()), at),
    )
}
