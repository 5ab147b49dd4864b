//! A schema node and its compiled rule, walked together.
//!
//! Besides validation, the crate has walks that follow the schema down a
//! value: conforming a value for serde and locating what serde refused
//! (`tool_args/`), normalizing arguments sent under OpenAI strict mode
//! (`export/normalize.rs`), coercion and unknown properties (`intake/`).
//! They need the node - its property names, its kind, `integer` as
//! against `number` - and they ask the rule whether a value passes, and
//! under a `oneOf` which branch owns the value (`choice.rs`). The views
//! here hold both, taken from the rules a
//! [`ToolArgsSchema`](crate::ToolArgsSchema) compiled once when it was
//! built: stepping into a property, the items or a branch gives the view of
//! that node, so no walk compiles anything on the way.
//!
//! A rule is compiled from its node, one for one (`Rule::compile`), and an
//! object rule keeps where each of its properties is declared in its node,
//! so one step moves on both.

use serde_json::Value;

use super::array::ArrayRule;
use super::object::{Entry, ObjectRule};
use super::one_of::OneOfRule;
use super::{Rule, Validator};
use crate::schema::{ArrayNode, ObjectNode, OneOfNode, SchemaNode};

/// A node and its rule.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CompiledNode<'s> {
    node: &'s SchemaNode,
    rule: &'s Rule,
}

/// What a node is, with the views of the nodes below it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind<'s> {
    String,
    Number,
    Integer,
    Boolean,
    Array(CompiledArray<'s>),
    Object(CompiledObject<'s>),
    OneOf(CompiledOneOf<'s>),
}

impl<'s> CompiledNode<'s> {
    fn new(node: &'s SchemaNode, rule: &'s Rule) -> Self {
        CompiledNode { node, rule }
    }

    /// What the node is.
    pub(crate) fn kind(self) -> Kind<'s> {
        match (self.node, self.rule) {
            (SchemaNode::String(_), Rule::String(_)) => Kind::String,
            (SchemaNode::Number(_), Rule::Number(_)) => Kind::Number,
            (SchemaNode::Integer(_), Rule::Number(_)) => Kind::Integer,
            (SchemaNode::Boolean(_), Rule::Boolean(_)) => Kind::Boolean,
            (SchemaNode::Array(node), Rule::Array(rule)) => {
                Kind::Array(CompiledArray { node, rule })
            }
            (SchemaNode::Object(node), Rule::Object(rule)) => {
                Kind::Object(CompiledObject { node, rule })
            }
            (SchemaNode::OneOf(node), Rule::OneOf(rule)) => {
                Kind::OneOf(CompiledOneOf { node, rule })
            }
            _ => unreachable!("a rule is compiled from its node, kind for kind"),
        }
    }
}

/// An object node and its rule.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CompiledObject<'s> {
    node: &'s ObjectNode,
    rule: &'s ObjectRule,
}

/// A property of a [`CompiledObject`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct CompiledProperty<'s> {
    pub(crate) name: &'s str,
    pub(crate) required: bool,
    pub(crate) node: CompiledNode<'s>,
}

impl<'s> CompiledObject<'s> {
    /// The root `node`, which `validator` was compiled from
    /// ([`Validator::root`]).
    pub(crate) fn root(node: &'s ObjectNode, validator: &'s Validator) -> Self {
        let Rule::Object(rule) = &validator.rule else {
            unreachable!("a root validator is compiled from an object node")
        };
        debug_assert_eq!(rule.property_count(), node.properties.len());
        CompiledObject { node, rule }
    }

    /// The schema node.
    pub(crate) fn node(self) -> &'s ObjectNode {
        self.node
    }

    /// The properties, in name order (the order of validation's errors).
    pub(crate) fn properties(self) -> impl Iterator<Item = CompiledProperty<'s>> {
        self.rule
            .entries()
            .map(move |entry| self.property_of(entry))
    }

    /// The property named `name`, if the node names it.
    pub(crate) fn property(self, name: &str) -> Option<CompiledProperty<'s>> {
        self.rule.entry(name).map(|entry| self.property_of(entry))
    }

    fn property_of(self, entry: Entry<'s>) -> CompiledProperty<'s> {
        CompiledProperty {
            name: entry.name,
            required: entry.required,
            node: CompiledNode::new(&self.node.properties[entry.declared].node, entry.rule),
        }
    }
}

/// An array node and its rule.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CompiledArray<'s> {
    node: &'s ArrayNode,
    rule: &'s ArrayRule,
}

impl<'s> CompiledArray<'s> {
    /// The schema node.
    pub(crate) fn node(self) -> &'s ArrayNode {
        self.node
    }

    /// The node every item must pass.
    pub(crate) fn items(self) -> CompiledNode<'s> {
        CompiledNode::new(&self.node.items, self.rule.items())
    }
}

/// A `oneOf` node and its rule.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CompiledOneOf<'s> {
    node: &'s OneOfNode,
    rule: &'s OneOfRule,
}

impl<'s> CompiledOneOf<'s> {
    /// The branches, in order.
    pub(crate) fn branches(self) -> impl Iterator<Item = CompiledNode<'s>> {
        self.node
            .branches
            .iter()
            .zip(self.rule.branches())
            .map(|(node, rule)| CompiledNode::new(node, rule))
    }

    /// The branch at `index`, which is one of the branches'.
    pub(crate) fn branch(self, index: usize) -> CompiledNode<'s> {
        let rule = self.rule.branch(index).expect("a branch's index");
        CompiledNode::new(&self.node.branches[index], rule)
    }

    /// The branch that owns `value`, if one does (`choice.rs`).
    pub(crate) fn owner(self, value: &Value) -> Option<usize> {
        self.rule.owner(value)
    }

    /// Whether the `oneOf` accepts `value`: whether a branch owns it.
    pub(crate) fn accepts(self, value: &Value) -> bool {
        self.owner(value).is_some()
    }
}
