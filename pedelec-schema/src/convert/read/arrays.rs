//! Reading arrays: `items` in both of its forms and tuples (`prefixItems`,
//! or `items` as an array with `additionalItems`). `lower/arrays.rs`
//! writes them as the subset's one `items` node.

use serde_json::{Map, Value};

use super::facets::not_a_schema;
use super::ReadNode;
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::shape::{Facets, Node, Tuple};
use crate::message::Described;
use crate::pointer;

/// Reads `items`, `prefixItems` and `additionalItems` into `facets`.
pub(super) fn read_items(
    ctx: &mut Context<'_>,
    facets: &mut Facets,
    map: &Map<String, Value>,
    at: &str,
    applies: bool,
    read: ReadNode,
) {
    if !applies {
        return;
    }
    let items = map.get("items");
    if let Some(prefix) = map.get("prefixItems") {
        let here = pointer::join(at, "prefixItems");
        let rest = items.map(|items| Box::new(read(ctx, items, &pointer::join(at, "items"))));
        facets.tuple = positions(ctx, prefix, &here, read).map(|positions| Tuple {
            positions,
            rest,
            at: here,
        });
    } else if let Some(Value::Array(_)) = items {
        let here = pointer::join(at, "items");
        let rest = map
            .get("additionalItems")
            .map(|rest| Box::new(read(ctx, rest, &pointer::join(at, "additionalItems"))));
        facets.tuple =
            positions(ctx, items.expect("checked"), &here, read).map(|positions| Tuple {
                positions,
                rest,
                at: here,
            });
        return;
    } else if let Some(items) = items {
        facets.items = Some(Box::new(read(ctx, items, &pointer::join(at, "items"))));
    }
    if map.contains_key("additionalItems") {
        ctx.note(
            ChangeCode::NoOpConstraintDropped,
            &pointer::join(at, "additionalItems"),
            "`additionalItems` was dropped: it applies only after an array-form `items`",
        );
    }
}

fn positions(ctx: &mut Context<'_>, value: &Value, at: &str, read: ReadNode) -> Option<Vec<Node>> {
    let Value::Array(nodes) = value else {
        not_a_schema(
            ctx,
            at,
            format!("expected an array of schemas, found {}", Described(value)),
        );
        return None;
    };
    Some(
        nodes
            .iter()
            .enumerate()
            .map(|(index, node)| {
                let mut here = at.to_owned();
                pointer::push_index(&mut here, index);
                read(ctx, node, &here)
            })
            .collect(),
    )
}
