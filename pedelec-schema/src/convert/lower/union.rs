//! Unions: a source `oneOf` stays a `oneOf`; an `anyOf`, a `type` array and
//! a split by type become a `oneOf` - exactly when no value can pass two
//! branches, else with the overlap recorded as narrowing.
//!
//! Branches that accept nothing are dropped (they never pass); `null`
//! branches are left out and reported to the node's holder; a union with a
//! branch that accepts anything cannot be written.

use super::contains::subsumes;
use super::{lower, with_meta, Form, Lowered};
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::shape::{Family, Kind, Node, Origin, Union};
use crate::schema::{OneOfNode, SchemaNode};
use crate::validate::disjoint;

/// Lowers the union node `node`.
pub(super) fn lower_union(ctx: &mut Context<'_>, union: &Union, node: &Node) -> Lowered {
    let mut null = None;
    let mut kept: Vec<(SchemaNode, &Node)> = Vec::new();
    let mut removed = false;
    let mut anything: Option<Option<String>> = None;
    let mut widened = Vec::new();
    for branch in &union.branches {
        let widenings = ctx.widenings;
        let lowered = lower(ctx, branch);
        if branch.widened || ctx.widenings > widenings {
            widened.push(branch.at.as_str());
        }
        if lowered.null.is_some() && null.is_none() {
            null = lowered.null.clone();
        }
        match lowered.form {
            Form::Node(value) => kept.push((value, branch)),
            Form::Nothing => {
                removed = true;
                if lowered.null.is_none() && matches!(union.origin, Origin::OneOf | Origin::AnyOf) {
                    ctx.note(
                        ChangeCode::ImpossibleBranchDropped,
                        &branch.at,
                        "this branch accepts no value; it was dropped",
                    );
                }
            }
            Form::Any(lost) => {
                anything = Some(match anything {
                    Some(Some(earlier)) => Some(earlier),
                    _ => lost,
                });
            }
        }
    }
    if let Some(lost) = anything {
        return Lowered {
            form: Form::Any(anything_form(union.origin, lost)),
            null: None,
        };
    }
    if kept.is_empty() {
        return Lowered {
            form: Form::Nothing,
            null,
        };
    }
    if union.origin == Origin::OneOf {
        note_widened_branches(ctx, union, &kept, &widened);
    } else {
        let count_before = kept.len();
        drop_subsumed(ctx, &mut kept);
        removed |= kept.len() < count_before;
        note_union(ctx, union, &kept);
    }
    let form = if kept.len() == 1 && (removed || union.origin != Origin::OneOf) {
        let (value, _) = kept.pop().expect("one branch");
        with_meta(ctx, Form::Node(value), node)
    } else {
        let branches = kept.into_iter().map(|(value, _)| value);
        with_meta(ctx, Form::Node(OneOfNode::new(branches).into()), node)
    };
    Lowered { form, null }
}

/// A `oneOf` narrows when one of its branches widened and may now accept
/// a value that another branch's source accepted.
fn note_widened_branches(
    ctx: &mut Context<'_>,
    union: &Union,
    kept: &[(SchemaNode, &Node)],
    widened: &[&str],
) {
    let mut overlapping = Vec::new();
    for (i, (a, a_node)) in kept.iter().enumerate() {
        for (b, b_node) in &kept[i + 1..] {
            let may_take = |from: &Node, wider: &SchemaNode, wider_node: &Node| {
                widened.contains(&wider_node.at.as_str()) && !closed_apart(from, wider)
            };
            let touched = may_take(a_node, b, b_node) || may_take(b_node, a, a_node);
            if touched && !disjoint(a, b) {
                overlapping.push(format!("`{}` and `{}`", a_node.at, b_node.at));
            }
        }
    }
    if !overlapping.is_empty() {
        ctx.note(
            ChangeCode::OneOfBranchWidened,
            &union.at,
            format!(
                "a branch that lost a constraint may now accept a value another branch \
                 accepts, and `oneOf` refuses a value that passes two branches: {}",
                overlapping.join(", ")
            ),
        );
    }
}

/// Whether no value the source branch `from` accepted can pass `wider`:
/// `from` was a closed object (`additionalProperties: false`), and
/// `wider` requires a property `from` did not allow.
fn closed_apart(from: &Node, wider: &SchemaNode) -> bool {
    let (Kind::Typed(Family::Object, facets), SchemaNode::Object(wider)) = (&from.kind, wider)
    else {
        return false;
    };
    facets.closed
        && wider
            .required
            .iter()
            .any(|name| facets.property(name).is_none())
}

/// What a union with a branch that accepts anything is: anything (exact
/// for a union that needs one branch to pass), or a `oneOf` that accepts
/// what the other branches refuse, which the subset cannot write.
fn anything_form(origin: Origin, lost: Option<String>) -> Option<String> {
    match origin {
        Origin::OneOf => Some(lost.unwrap_or_else(|| {
            "a `oneOf` with a branch that accepts anything (so it accepts what the other \
             branches refuse)"
                .to_owned()
        })),
        _ => lost,
    }
}

/// Drops each branch that another branch contains (the earliest of equal
/// branches stays).
fn drop_subsumed(ctx: &mut Context<'_>, kept: &mut Vec<(SchemaNode, &Node)>) {
    let mut index = 0;
    while index < kept.len() {
        let contained = (0..kept.len()).any(|other| {
            other != index
                && subsumes(&kept[other].0, &kept[index].0)
                && (other < index || !subsumes(&kept[index].0, &kept[other].0))
        });
        if contained {
            let (_, branch) = kept.remove(index);
            ctx.note(
                ChangeCode::SubsumedBranchDropped,
                &branch.at,
                "another branch accepts every value this branch accepts; it was dropped",
            );
        } else {
            index += 1;
        }
    }
}

/// Records what became of an `anyOf` or a `type` array.
fn note_union(ctx: &mut Context<'_>, union: &Union, kept: &[(SchemaNode, &Node)]) {
    match union.origin {
        Origin::OneOf | Origin::Split => {}
        Origin::Types => {
            let typed = union
                .branches
                .iter()
                .filter(|b| !matches!(b.kind, Kind::Typed(Family::Null, _)))
                .count();
            if typed > 1 {
                let message = if kept.len() > 1 {
                    "the node of several types became a `oneOf` with one branch per type"
                } else {
                    "of the node's several types, only this one can pass"
                };
                ctx.note(ChangeCode::TypeArraySplit, &union.at, message);
            }
        }
        Origin::AnyOf => note_any_of(ctx, union, kept),
    }
}

fn note_any_of(ctx: &mut Context<'_>, union: &Union, kept: &[(SchemaNode, &Node)]) {
    if kept.len() == 1 {
        ctx.note(
            ChangeCode::AnyOfToOneOf,
            &union.at,
            "`anyOf` has one branch that can be written: the node is that branch",
        );
        return;
    }
    let mut overlapping = Vec::new();
    for (i, (a, a_node)) in kept.iter().enumerate() {
        for (b, b_node) in &kept[i + 1..] {
            if !disjoint(a, b) {
                overlapping.push(format!("`{}` and `{}`", a_node.at, b_node.at));
            }
        }
    }
    if overlapping.is_empty() {
        ctx.note(
            ChangeCode::AnyOfToOneOf,
            &union.at,
            "`anyOf` became `oneOf`: no value can pass two of its branches",
        );
    } else {
        ctx.note(
            ChangeCode::AnyOfOverlapToOneOf,
            &union.at,
            format!(
                "`anyOf` became `oneOf`, which refuses a value that passes two branches; \
                 these may both pass one: {}",
                overlapping.join(", ")
            ),
        );
    }
}
