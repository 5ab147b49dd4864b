//! Stage 3, lower: writing a merged [`Node`] as a node of the subset's
//! typed model ([`SchemaNode`]); the root becomes an
//! [`ObjectNode`](crate::schema::ObjectNode) for the gatekeeper.
//!
//! The subset cannot write every node: not one that accepts anything (the
//! subset has no "any" node), not `null`, not one that accepts nothing. So
//! lowering gives a [`Lowered`]: a subset node, "anything" or "nothing",
//! and whether `null` was accepted at the top and left out. The one who
//! holds the node (a property, `items`, a union) decides what that means
//! there and records the change.
//!
//! This file lowers by kind and writes scalars; the kinds with more to
//! decide have their own files ([`numbers`], [`arrays`], [`object`],
//! [`union`]), [`meta`] writes metadata, [`root`] makes the root an
//! object node. [`impossible`] says why a node accepts nothing, for the
//! change or refusal that follows. [`join`] makes one lowered node stand for several,
//! [`contains`] tells whether one contains another (whether two overlap
//! is the model's `validate::disjoint`), and [`probe`] asks the
//! gatekeeper and the validator whether a lowered node accepts a value.
//! The kind files and this one call each other: lowering recurses through
//! them.
//!
//! Imports: the shared leaves (`context`, `error`, `shape`), `read/` (the
//! exact integer of `read/numbers.rs`) and `merge/` (restricting the
//! root to objects).

mod arrays;
mod contains;
mod impossible;
mod join;
mod meta;
mod numbers;
mod object;
mod probe;
mod root;
mod union;

pub(super) use root::lower_root;

use serde_json::Value;

use super::context::Context;
use super::shape::{Facets, Family, Kind, Node, Origin, Union};
use crate::change::ChangeCode;
use crate::pattern::Pattern;
use crate::pointer;
use crate::schema::{BooleanNode, SchemaNode, StringNode};
use arrays::lower_array;
use object::lower_object;
use union::lower_union;

/// What a node became.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Form {
    /// A node of the subset.
    Node(SchemaNode),
    /// Every value. With a reason when the source constrained something
    /// the subset cannot write (so dropping the node widens).
    Any(Option<String>),
    /// No value.
    Nothing,
}

/// A lowered node, and where it accepted `null` at its top (left out of
/// the form).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Lowered {
    pub(super) form: Form,
    pub(super) null: Option<String>,
}

impl Lowered {
    fn of(form: Form) -> Self {
        Lowered { form, null: None }
    }
}

/// Lowers `node`.
pub(super) fn lower(ctx: &mut Context<'_>, node: &Node) -> Lowered {
    match &node.kind {
        Kind::Nothing => Lowered::of(Form::Nothing),
        Kind::Open(facets) => lower_open(ctx, facets, node),
        Kind::Typed(family, facets) => lower_typed(ctx, *family, facets, node),
        Kind::Union(union) => lower_union(ctx, union, node),
    }
}

/// A node without `type`: typed by its `enum` (exact), or by the family
/// its keywords constrain (narrowing: it accepted every other type too),
/// or anything.
fn lower_open(ctx: &mut Context<'_>, facets: &Facets, node: &Node) -> Lowered {
    let families = match &facets.enum_values {
        Some(values) => {
            let mut families: Vec<Family> = Vec::new();
            for value in &values.value {
                let family = Family::of(value);
                if !families.contains(&family) {
                    families.push(family);
                }
            }
            let (code, message) = if families.iter().filter(|f| **f != Family::Null).count() > 1 {
                (
                    ChangeCode::EnumSplitByType,
                    "the `enum` of values of several types became a `oneOf` with one typed \
                     `enum` per type",
                )
            } else {
                (
                    ChangeCode::TypeFromEnum,
                    "the node got the `type` of its allowed values",
                )
            };
            if !families.is_empty() {
                ctx.note(code, &values.at, message);
            }
            families
        }
        None => {
            let families = facets.constrained_families();
            if families.is_empty() {
                return Lowered::of(Form::Any(None));
            }
            return lower_inferred(ctx, facets, node, families);
        }
    };
    lower_split(ctx, facets, node, families)
}

/// A node without `type` or `enum`, whose keywords constrain `families`:
/// it accepts those families' values as the keywords say, and every value
/// of another type, which the subset cannot write. So it is narrowed to
/// `families` (`type_inferred`); where no value of theirs can pass, what is
/// left (every other type) is unwritable.
fn lower_inferred(
    ctx: &mut Context<'_>,
    facets: &Facets,
    node: &Node,
    families: Vec<Family>,
) -> Lowered {
    let names: Vec<&str> = families.iter().map(|f| f.name()).collect();
    let names = names.join(" or ");
    let lowered = lower_split(ctx, facets, node, families);
    if lowered.form == Form::Nothing {
        return Lowered::of(Form::Any(Some(format!(
            "a node without `type` that accepts every value except {names} values"
        ))));
    }
    ctx.note(
        ChangeCode::TypeInferred,
        &node.at,
        format!(
            "the node has no `type`, so it also accepted every value that is not {names}; it \
             now accepts {names} values only, as its keywords describe"
        ),
    );
    lowered
}

/// The union of `facets` typed by each of `families`, lowered.
fn lower_split(
    ctx: &mut Context<'_>,
    facets: &Facets,
    node: &Node,
    families: Vec<Family>,
) -> Lowered {
    let branches: Vec<Node> = families
        .into_iter()
        .map(|family| {
            let at = match (family, &facets.enum_values) {
                (Family::Null, Some(values)) => null_entry(&values.at, &values.value),
                _ => node.at.clone(),
            };
            Node::new(Kind::Typed(family, facets.clone()), at)
        })
        .collect();
    let mut split = Node::new(
        Kind::Union(Union {
            branches,
            origin: Origin::Split,
            at: node.at.clone(),
        }),
        node.at.clone(),
    );
    split.meta = node.meta.clone();
    lower(ctx, &split)
}

/// The pointer of the `null` in an `enum` (or of a `const: null`).
fn null_entry(at: &str, values: &[Value]) -> String {
    match values.iter().position(Value::is_null) {
        Some(index) if at.ends_with("/enum") => {
            let mut here = at.to_owned();
            pointer::push_index(&mut here, index);
            here
        }
        _ => at.to_owned(),
    }
}

fn lower_typed(ctx: &mut Context<'_>, family: Family, facets: &Facets, node: &Node) -> Lowered {
    let form = match family {
        Family::Null => {
            let allowed = facets
                .enum_values
                .as_ref()
                .is_none_or(|values| values.value.iter().any(Value::is_null));
            return Lowered {
                form: Form::Nothing,
                null: allowed.then(|| node.at.clone()),
            };
        }
        Family::Boolean => lower_boolean(facets),
        Family::String => lower_string(facets),
        Family::Number => numbers::lower_number(ctx, facets),
        Family::Array => lower_array(ctx, facets),
        Family::Object => lower_object(ctx, facets),
    };
    Lowered::of(with_meta(ctx, form, node))
}

/// Writes the node's metadata on a written node.
pub(super) fn with_meta(ctx: &mut Context<'_>, form: Form, node: &Node) -> Form {
    match form {
        Form::Node(mut written) => {
            meta::write(ctx, &mut written, &node.meta);
            Form::Node(written)
        }
        other => other,
    }
}

/// The allowed values of one type, picked from an `enum` of any types:
/// `None` without `enum`, `Some(None)` when none of them has the type.
fn allowed<T>(facets: &Facets, of_type: impl Fn(&Value) -> Option<T>) -> Option<Option<Vec<T>>> {
    let values = facets.enum_values.as_ref()?;
    let allowed: Vec<T> = values.value.iter().filter_map(of_type).collect();
    Some((!allowed.is_empty()).then_some(allowed))
}

/// A boolean node: the allowed booleans.
fn lower_boolean(facets: &Facets) -> Form {
    let mut node = BooleanNode::default();
    match allowed(facets, Value::as_bool) {
        Some(None) => return Form::Nothing,
        Some(values) => node.enum_values = values,
        None => {}
    }
    Form::Node(node.into())
}

fn lower_string(facets: &Facets) -> Form {
    if let (Some(min), Some(max)) = (facets.min_length, facets.max_length) {
        if min > max {
            return Form::Nothing;
        }
    }
    let mut node = StringNode::default();
    match allowed(facets, |v| v.as_str().map(str::to_owned)) {
        Some(None) => return Form::Nothing,
        Some(values) => node.enum_values = values,
        None => {}
    }
    node.min_length = facets.min_length;
    node.max_length = facets.max_length;
    if let Some(pattern) = &facets.pattern {
        // `read/facets.rs` keeps only a `pattern` that compiles.
        node.pattern =
            Some(Pattern::new(&pattern.value).expect("a pattern that was read compiles"));
    }
    Form::Node(node.into())
}

#[cfg(test)]
pub(super) mod tests {
    use serde_json::{json, Value};

    use crate::schema::SchemaNode;

    /// The subset node written as `node`, as the gatekeeper reads it.
    pub(in crate::convert) fn parsed(node: &Value) -> SchemaNode {
        let root = json!({"type": "object", "properties": {"v": node}});
        let (root, diagnostics) = crate::parse::parse_root(&root, None);
        let root = root.unwrap_or_else(|| panic!("{node} is a subset node: {diagnostics:?}"));
        root.property_node("v").expect("the property").clone()
    }
}
