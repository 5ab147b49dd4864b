//! A `oneOf`'s discriminator: the property whose value tells its branches
//! apart, so that a call that fails the union is answered about the branch
//! it chose rather than about every branch.
//!
//! **How one is found**, once, when the `oneOf` is compiled: every branch
//! is an object that defines the property with a node that fixes its value
//! (an `enum`, or a number whose `minimum` equals its `maximum`), and no
//! value one branch lists is accepted by another branch's node. The first
//! such property in the first branch's order is the discriminator. This is
//! the disjointness `disjoint.rs` proves with a discriminator (lint warns
//! of branches that are not disjoint), narrowed to values a model can be
//! told to pick from.
//!
//! **What it decides**, for a value no branch accepts (`one_of.rs`): the
//! branch whose node accepts the value's tag is the one the call chose, and
//! only its failures are reported, where they are, as if the union were not
//! there (their schema paths name the branch); a tag no branch takes, or a
//! tag missing where every branch requires it, is one failure that lists
//! the allowed values once. A value that is not an object, or that leaves
//! out a tag some branch does without, is left to the union's own failure.

use std::sync::Arc;

use serde_json::Value;

use super::Rule;
use crate::document::{Span, Tag};
use crate::json_view::{Json, JsonView};
use crate::numeric::compare;
use crate::schema::{OneOfNode, SchemaNode};

/// The property that tells a `oneOf`'s branches apart.
#[derive(Debug, Clone)]
pub(crate) struct Discriminator {
    /// What a failure about the tag shows; shared with each such failure.
    tag: Arc<Tag>,
    /// Each branch's node for the property: its schema pointer, by which
    /// the stream tells a failure of the tag from the branch's others.
    sites: Box<[Span]>,
}

/// What a value's tag says about the branch it chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pick {
    /// The branch whose node accepts the tag.
    Branch(usize),
    /// The tag is there, and no branch takes it.
    NoBranch,
    /// The tag is missing, and every branch requires it.
    Missing,
    /// The value says nothing about a branch: it is not an object, or it
    /// leaves out a tag that some branch does not require.
    Undecided,
}

impl Discriminator {
    /// The discriminator of `node`, whose branches compiled to `rules`, if
    /// it has one.
    pub(super) fn find<'r>(
        node: &OneOfNode,
        rules: impl Iterator<Item = &'r Rule> + Clone,
    ) -> Option<Self> {
        let objects = node
            .branches
            .iter()
            .map(|branch| match branch {
                SchemaNode::Object(object) => Some(object),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        let first = objects.first()?;
        first.properties.iter().find_map(|property| {
            let name = property.name.as_str();
            let listed = objects
                .iter()
                .map(|object| object.property_node(name).and_then(fixed_values))
                .collect::<Option<Vec<_>>>()?;
            let tag_rules = rules
                .clone()
                .map(|rule| tag_rule(rule, name))
                .collect::<Option<Vec<_>>>()?;
            // Apart: no branch accepts a value another branch lists.
            let apart = listed.iter().enumerate().all(|(mine, values)| {
                values.iter().all(|value| {
                    tag_rules
                        .iter()
                        .enumerate()
                        .all(|(other, rule)| other == mine || !rule.accepts(value))
                })
            });
            if !apart {
                return None;
            }
            // A value listed that its own branch refuses (an `enum` value
            // past a `maxLength`) is no value to tell the model to use.
            let allowed = listed
                .into_iter()
                .zip(&tag_rules)
                .flat_map(|(values, rule)| values.into_iter().filter(|value| rule.accepts(value)))
                .collect();
            Some(Discriminator {
                tag: Arc::new(Tag {
                    name: name.into(),
                    allowed,
                    branches: objects.len(),
                }),
                sites: tag_rules.iter().map(|rule| rule.site()).collect(),
            })
        })
    }

    /// The branch `value` chose by its tag, if it says; `branches` are the
    /// `oneOf`'s rules, whose discriminator this is.
    pub(super) fn pick<'r, 'a, V: JsonView<'a>>(
        &self,
        mut branches: impl Iterator<Item = &'r Rule>,
        value: V,
    ) -> Pick {
        let Json::Object = value.read() else {
            return Pick::Undecided;
        };
        let name = &*self.tag.name;
        match value
            .entries()
            .find(|(key, _)| *key == name)
            .map(|(_, tag)| tag)
        {
            Some(tag) => branches
                .position(|rule| tag_rule(rule, name).is_some_and(|rule| rule.accepts(tag)))
                .map_or(Pick::NoBranch, Pick::Branch),
            None if branches.all(|rule| required(rule, name)) => Pick::Missing,
            None => Pick::Undecided,
        }
    }

    /// What a failure about the tag shows.
    pub(crate) fn tag(&self) -> &Arc<Tag> {
        &self.tag
    }

    /// The schema pointer of branch `index`'s node for the tag.
    pub(crate) fn site(&self, index: usize) -> Option<Span> {
        self.sites.get(index).copied()
    }
}

/// The values `node` fixes its value to: an `enum`'s, or a number range's
/// one value.
fn fixed_values(node: &SchemaNode) -> Option<Vec<Value>> {
    match node {
        SchemaNode::String(string) => Some(
            string
                .enum_values
                .as_ref()?
                .iter()
                .cloned()
                .map(Value::String)
                .collect(),
        ),
        SchemaNode::Number(number) | SchemaNode::Integer(number) => {
            if let Some(values) = &number.enum_values {
                return Some(values.iter().cloned().map(Value::Number).collect());
            }
            match (&number.minimum, &number.maximum) {
                (Some(min), Some(max)) if compare(min, max).is_eq() => {
                    Some(vec![Value::Number(min.clone())])
                }
                _ => None,
            }
        }
        SchemaNode::Boolean(boolean) => Some(
            boolean
                .enum_values
                .as_ref()?
                .iter()
                .copied()
                .map(Value::Bool)
                .collect(),
        ),
        SchemaNode::Array(_) | SchemaNode::Object(_) | SchemaNode::OneOf(_) => None,
    }
}

/// The rule of a branch's property `name`.
fn tag_rule<'r>(branch: &'r Rule, name: &str) -> Option<&'r Rule> {
    match branch {
        Rule::Object(object) => object.entry(name).map(|entry| entry.rule),
        _ => None,
    }
}

/// Whether a branch requires the property `name`.
fn required(branch: &Rule, name: &str) -> bool {
    match branch {
        Rule::Object(object) => object.entry(name).is_some_and(|entry| entry.required),
        _ => false,
    }
}
