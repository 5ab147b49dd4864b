//! Writing arrays as the subset's one `items` node: a tuple's positions
//! joined into one.

use serde_json::Value;

use super::join::join_all;
use super::{lower, Form, Lowered};
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::shape::{Facets, Node, Tuple};
use crate::schema::ArrayNode;

/// Writes an array node; [`Form::Nothing`] when no array can pass.
pub(super) fn lower_array(ctx: &mut Context<'_>, facets: &Facets) -> Form {
    let mut max_items = facets.max_items;
    let items = match &facets.tuple {
        Some(tuple) => lower_tuple(ctx, tuple, &mut max_items),
        None => match &facets.items {
            Some(node) => element(ctx, node),
            None => Form::Any(None),
        },
    };
    let min_items = facets.min_items.unwrap_or(0);
    if max_items.is_some_and(|max| min_items > max) {
        return Form::Nothing;
    }
    let items = match items {
        Form::Node(items) => items,
        Form::Any(None) => {
            return Form::Any(Some("an array whose elements may be anything".to_owned()))
        }
        Form::Any(Some(lost)) => {
            return Form::Any(Some(format!(
                "an array of elements the subset cannot write: {lost}"
            )))
        }
        Form::Nothing if min_items > 0 => return Form::Nothing,
        Form::Nothing => return Form::Any(Some("an array that must be empty".to_owned())),
    };
    if let Some(values) = &facets.enum_values {
        if values.value.iter().any(Value::is_array) {
            ctx.note(
                ChangeCode::StructuredEnumDropped,
                &values.at,
                "the allowed arrays were dropped: the handler must check the array is one of them",
            );
        } else {
            return Form::Nothing;
        }
    }
    let mut array = ArrayNode::new(items);
    array.min_items = facets.min_items;
    array.max_items = max_items;
    array.unique_items = facets.unique_items;
    Form::Node(array.into())
}

/// The elements' node, without the `null` the subset cannot write.
fn element(ctx: &mut Context<'_>, node: &Node) -> Form {
    let Lowered { form, null } = lower(ctx, node);
    if let (Some(null_at), Form::Node(_)) = (&null, &form) {
        ctx.note(
            ChangeCode::NullDropped,
            null_at,
            "elements can no longer be `null`",
        );
    }
    match (form, null) {
        (Form::Nothing, Some(_)) => Form::Any(Some("elements that may only be `null`".to_owned())),
        (form, _) => form,
    }
}

/// Lowers `maxItems` to `length` (or sets it).
fn cap(max_items: &mut Option<u64>, length: usize) {
    let length = length as u64;
    *max_items = Some(max_items.map_or(length, |max| max.min(length)));
}

/// One `items` node for a tuple: what any position accepts. A position
/// that accepts nothing, or the end of a closed tuple (no elements after
/// the positions), bounds `maxItems`.
fn lower_tuple(ctx: &mut Context<'_>, tuple: &Tuple, max_items: &mut Option<u64>) -> Form {
    let mut forms: Vec<Form> = tuple.positions.iter().map(|p| element(ctx, p)).collect();
    if let Some(impossible) = forms.iter().position(|f| matches!(f, Form::Nothing)) {
        cap(max_items, impossible);
    } else {
        let length = forms.len();
        let rest = match &tuple.rest {
            Some(rest) => element(ctx, rest),
            None => Form::Any(None),
        };
        match rest {
            Form::Nothing => cap(max_items, length),
            _ if max_items.is_some_and(|max| max <= length as u64) => {}
            rest => forms.push(rest),
        }
    }
    // Positions past `maxItems` never hold an element.
    if let Some(max) = *max_items {
        forms.truncate(usize::try_from(max).unwrap_or(usize::MAX));
    }
    ctx.note(
        ChangeCode::TupleToItems,
        &tuple.at,
        "the tuple became one `items` node that accepts what any position accepts: the \
         handler must check which element sits where",
    );
    let mut nodes = Vec::with_capacity(forms.len());
    for form in forms {
        match form {
            Form::Node(node) => nodes.push(node),
            Form::Any(lost) => return Form::Any(lost),
            Form::Nothing => {}
        }
    }
    if nodes.is_empty() {
        return Form::Nothing;
    }
    match join_all(&nodes) {
        Some(items) => Form::Node(items),
        None => Form::Any(Some("the positions together accept anything".to_owned())),
    }
}
