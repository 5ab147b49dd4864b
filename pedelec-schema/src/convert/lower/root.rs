//! The root: always an object node. Only the source's objects are kept
//! (tool arguments are always an object); a union of object shapes becomes
//! the one object node that accepts each of them.

use super::impossible::Cause;
use super::join::join_all;
use super::{lower, with_meta, Form};
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::error::ConvertErrorCode;
use crate::convert::merge::intersect::objects_of;
use crate::convert::shape::{Family, Kind, Node};
use crate::schema::{ObjectNode, SchemaNode};

/// The root node of the subset for the source root `node`, or `None` (with
/// the reason recorded) when it accepts no object.
pub(in crate::convert) fn lower_root(ctx: &mut Context<'_>, node: Node) -> Option<ObjectNode> {
    if accepts_other_than_objects(&node) {
        ctx.note(
            ChangeCode::RootMadeObject,
            "",
            "the root also accepted values that are not objects; it is an object node now \
             (tool arguments are always an object, so no call an agent can make is refused)",
        );
    }
    let objects = objects_of(ctx, node);
    let shapes = match &objects.kind {
        Kind::Union(union) => {
            let mut shapes = Vec::new();
            for branch in &union.branches {
                if let Form::Node(shape) = lower(ctx, branch).form {
                    shapes.push(shape);
                }
            }
            if shapes.len() > 1 {
                ctx.note(
                    ChangeCode::RootUnionMerged,
                    &union.at,
                    "the root's object shapes became one object node with the properties every \
                     shape describes, required where every shape requires them: the handler \
                     must check which shape it received",
                );
            }
            shapes
        }
        _ => match lower(ctx, &objects).form {
            Form::Node(shape) => return object_root(ctx, shape),
            _ => Vec::new(),
        },
    };
    let Some(joined) = join_all(&shapes) else {
        // A root that is no object at all needs no cause; one whose object
        // is impossible is refused where it is.
        let (at, why) = match (&objects.kind, Cause::find(&objects)) {
            (Kind::Nothing, _) | (_, None) => (String::new(), String::new()),
            (_, Some(Cause { at, why })) => (at, format!(" ({why})")),
        };
        ctx.fail(
            ConvertErrorCode::AcceptsNoObjects,
            &at,
            format!("the root accepts no object{why}, and tool arguments are always an object"),
        );
        return None;
    };
    match with_meta(ctx, Form::Node(joined), &objects) {
        Form::Node(root) => object_root(ctx, root),
        _ => None,
    }
}

/// The root as an object node. Lowering restricted it to objects, so it
/// is one; anything else is a bug, reported as the gatekeeper's refusal
/// would be.
fn object_root(ctx: &mut Context<'_>, root: SchemaNode) -> Option<ObjectNode> {
    match root {
        SchemaNode::Object(root) => Some(root),
        other => {
            ctx.fail(
                ConvertErrorCode::Rejected,
                "",
                format!(
                    "the converted root is a {} node, not an object node: a bug in the \
                     converter; please report it with the source schema",
                    other.kind()
                ),
            );
            None
        }
    }
}

/// Whether the source root accepts some value that is not an object.
fn accepts_other_than_objects(node: &Node) -> bool {
    match &node.kind {
        Kind::Nothing => false,
        Kind::Open(_) => true,
        Kind::Typed(family, _) => *family != Family::Object,
        Kind::Union(union) => union.branches.iter().any(accepts_other_than_objects),
    }
}
