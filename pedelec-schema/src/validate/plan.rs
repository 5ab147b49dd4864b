//! What validation prepares once per schema, beside the model: for every
//! object node, its properties in name order with their `required` flag.
//!
//! `serde_json` keeps an object's keys sorted, so with the schema's
//! properties in the same order one merged pass over both finds every
//! property and every missing required one: no lookups, and one string
//! comparison per key. The plan mirrors the model's shape, so the walk
//! descends both together.

use crate::numeric::Num;
use crate::schema::{NumberNode, ObjectNode, SchemaNode};

/// The prepared form of one node.
#[derive(Debug, Clone)]
pub(crate) enum Plan {
    /// String and boolean nodes need nothing prepared.
    Leaf,
    Number(NumberPlan),
    Array(Box<Plan>),
    Object(ObjectPlan),
    OneOf(Vec<Plan>),
}

/// A number or integer node's bounds, ready to compare.
#[derive(Debug, Clone, Default)]
pub(crate) struct NumberPlan {
    pub(crate) minimum: Option<Num>,
    pub(crate) maximum: Option<Num>,
}

impl NumberPlan {
    fn of(node: &NumberNode) -> NumberPlan {
        NumberPlan {
            minimum: node.minimum.as_ref().map(Num::of),
            maximum: node.maximum.as_ref().map(Num::of),
        }
    }
}

/// An object node's properties, prepared for the merged pass.
#[derive(Debug, Clone)]
pub(crate) struct ObjectPlan {
    /// Indices into the node's `properties`, sorted by name, with whether
    /// each is required.
    pub(crate) by_name: Vec<PlannedProperty>,
    /// The plans of the node's properties, by property index.
    pub(crate) children: Vec<Plan>,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct PlannedProperty {
    pub(crate) index: usize,
    pub(crate) required: bool,
}

impl Plan {
    pub(crate) fn of(node: &SchemaNode) -> Plan {
        match node {
            SchemaNode::Array(array) => Plan::Array(Box::new(Plan::of(&array.items))),
            SchemaNode::Object(object) => Plan::Object(ObjectPlan::of(object)),
            SchemaNode::OneOf(one_of) => {
                Plan::OneOf(one_of.branches.iter().map(Plan::of).collect())
            }
            SchemaNode::Number(number) | SchemaNode::Integer(number) => {
                Plan::Number(NumberPlan::of(number))
            }
            SchemaNode::String(_) | SchemaNode::Boolean(_) => Plan::Leaf,
        }
    }
}

impl ObjectPlan {
    pub(crate) fn of(object: &ObjectNode) -> ObjectPlan {
        let mut by_name: Vec<PlannedProperty> = (0..object.properties.len())
            .map(|index| PlannedProperty {
                index,
                required: object.required.contains(&object.properties[index].name),
            })
            .collect();
        by_name.sort_by(|a, b| {
            object.properties[a.index]
                .name
                .cmp(&object.properties[b.index].name)
        });
        ObjectPlan {
            by_name,
            children: object
                .properties
                .iter()
                .map(|p| Plan::of(&p.node))
                .collect(),
        }
    }
}

/// The plan of a node that is not an array, object or `oneOf`.
pub(crate) const LEAF: &Plan = &Plan::Leaf;

/// The plan for a child position that the parent's plan lacks. Never
/// happens for plans made by [`Plan::of`]; a leaf plan keeps the walk total.
pub(crate) fn child(plans: &[Plan], index: usize) -> &Plan {
    plans.get(index).unwrap_or(LEAF)
}
