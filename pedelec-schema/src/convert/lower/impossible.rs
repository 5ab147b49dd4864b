//! Why a source node accepts no value: the keyword that makes it so, for
//! what follows from it (an optional property dropped, a root that accepts
//! no object), so that the change or the refusal names its cause.
//!
//! Lowering decides that a node accepts nothing; this only explains a
//! decision already made, reading the most common contradictions off the
//! source model. Where it finds none, the caller says the node's keywords
//! allow no value together.

use std::cmp::Ordering;

use serde_json::Value;

use crate::convert::shape::{Facets, Family, Kind, Node};
use crate::numeric;
use crate::pointer;

/// The keyword that makes a node accept nothing, and why.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Cause {
    /// The keyword, as a JSON Pointer into the source.
    pub(super) at: String,
    /// Why it allows no value, as a clause.
    pub(super) why: String,
}

impl Cause {
    fn new(at: impl Into<String>, why: impl Into<String>) -> Self {
        Cause {
            at: at.into(),
            why: why.into(),
        }
    }

    /// The cause of a node known to accept nothing: the keyword found, or
    /// the node itself.
    pub(super) fn of(node: &Node) -> Cause {
        Cause::find(node)
            .unwrap_or_else(|| Cause::new(&node.at, "its keywords allow no value together"))
    }

    /// The keyword that makes `node` accept nothing, where it is one of
    /// the contradictions read here.
    pub(super) fn find(node: &Node) -> Option<Cause> {
        cause(node)
    }
}

fn cause(node: &Node) -> Option<Cause> {
    match &node.kind {
        Kind::Nothing => Some(Cause::new(
            &node.at,
            "its schema allows nothing (`false`, or types that exclude each other)",
        )),
        Kind::Open(_) => None,
        Kind::Typed(family, facets) => typed(*family, facets, &node.at),
        Kind::Union(union) => {
            let causes: Option<Vec<Cause>> = union.branches.iter().map(cause).collect();
            causes.map(|_| Cause::new(&union.at, "no branch accepts a value"))
        }
    }
}

fn typed(family: Family, facets: &Facets, at: &str) -> Option<Cause> {
    if let Some(values) = &facets.enum_values {
        let of_type = |v: &Value| {
            Family::of(v) == family
                && (!facets.integer || v.as_number().is_some_and(numeric::is_integer))
        };
        if family != Family::Null && !values.value.iter().any(of_type) {
            let name = if facets.integer {
                "integer"
            } else {
                family.name()
            };
            return Some(Cause::new(
                &values.at,
                format!("no `enum` value is {} {name}", article(name)),
            ));
        }
    }
    match family {
        Family::Number => {
            let (min, max) = (facets.minimum.as_ref()?, facets.maximum.as_ref()?);
            let order = numeric::compare(&min.value, &max.value);
            let empty = order == Ordering::Greater
                || (order == Ordering::Equal && (min.exclusive || max.exclusive));
            empty.then(|| {
                Cause::new(
                    &max.at,
                    format!(
                        "no number is at least `minimum` {} and at most `maximum` {}",
                        min.value, max.value
                    ),
                )
            })
        }
        Family::String => above(facets.min_length, facets.max_length, at, "Length"),
        Family::Array => above(facets.min_items, facets.max_items, at, "Items").or_else(|| {
            let items = facets.items.as_deref()?;
            if facets.min_items.unwrap_or(0) == 0 {
                return None;
            }
            let inner = cause(items)?;
            Some(Cause::new(
                inner.at,
                format!(
                    "the array needs elements, and no element can be valid: {}",
                    inner.why
                ),
            ))
        }),
        Family::Object => facets.required.iter().find_map(|name| {
            let entry = facets.property(&name.value)?;
            let inner = cause(&entry.node)?;
            Some(Cause::new(
                inner.at,
                format!(
                    "the required property `{}` accepts no value: {}",
                    name.value, inner.why
                ),
            ))
        }),
        Family::Null | Family::Boolean => None,
    }
}

/// `minLength` above `maxLength`, or `minItems` above `maxItems`.
fn above(min: Option<u64>, max: Option<u64>, at: &str, of: &str) -> Option<Cause> {
    let (min, max) = (min?, max?);
    (min > max).then(|| {
        Cause::new(
            pointer::join(at, &format!("max{of}")),
            format!("`min{of}` {min} is above `max{of}` {max}"),
        )
    })
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}
