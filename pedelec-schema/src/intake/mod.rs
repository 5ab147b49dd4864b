//! Agent-tolerant intake: opt-in steps, each reported, taken before or
//! beside validation, never inside it.
//!
//! Agents make the same small mistakes again and again: a number sent as
//! `"42"`, an array sent as the JSON text of one, a lone value where the
//! schema asks for a list, a misspelled optional property that the subset
//! (which allows unknown properties) silently lets through. The rooms
//! here answer them without touching what validation means:
//!
//! - `coerce.rs`: [`ToolArgsSchema::coerce`](crate::ToolArgsSchema::coerce)
//!   rewrites what an agent commonly mis-encodes into what the schema asks
//!   for, and returns every rewrite as a [`Change`](crate::Change).
//! - `unknown.rs`: [`ToolArgsSchema::unknown_properties`](crate::ToolArgsSchema::unknown_properties)
//!   reports the properties the schema does not name, each with a "did you
//!   mean" (`suggest.rs`);
//!   [`ToolArgsSchema::validate_refusing_unknown`](crate::ToolArgsSchema::validate_refusing_unknown)
//!   fails them.
//! - `policy.rs`: the [`Intake`] policies that turn these on for a type,
//!   through [`CheckedWith`](crate::CheckedWith)'s type parameter.
//!
//! Both walks follow the schema as validation does, so they never recurse
//! deeper than the schema. Where a `oneOf` stands, they follow the one
//! branch that decides the value; the validators of those nodes are
//! compiled once per call ([`Validators`]).
//!
//! Nothing here is on by default: plain validation, `from_args` and
//! [`Checked`](crate::Checked) keep the subset's meaning exactly.

mod coerce;
mod policy;
mod suggest;
mod unknown;

use std::collections::HashMap;

use serde_json::Value;

use crate::schema::SchemaNode;
use crate::validate::Validator;

pub(crate) use coerce::coerce;
pub use policy::{Coerce, Intake, RefuseUnknown, ReportOnly};
pub use unknown::UnknownProperty;
pub(crate) use unknown::{refused, unknown_properties, validate_refusing_unknown};

/// The validators of the nodes a walk asked about, compiled at the first
/// question and kept for the rest of the walk (an array of ten thousand
/// `oneOf` items compiles its `oneOf` once).
#[derive(Default)]
struct Validators {
    // Keyed by address: the nodes live in the schema, which outlives the
    // walk and does not move during it.
    compiled: HashMap<*const SchemaNode, Validator>,
}

impl Validators {
    /// Whether `node` accepts `value`.
    fn accepts(&mut self, node: &SchemaNode, value: &Value) -> bool {
        self.compiled
            .entry(node as *const SchemaNode)
            .or_insert_with(|| Validator::of(node))
            .accepts(value)
    }

    /// The index of the one branch of `one_of` that accepts `value`, if
    /// exactly one does (that is, if the `oneOf` node accepts it).
    fn deciding_branch(
        &mut self,
        one_of: &SchemaNode,
        branches: &[SchemaNode],
        value: &Value,
    ) -> Option<usize> {
        if !self.accepts(one_of, value) {
            return None;
        }
        branches
            .iter()
            .position(|branch| self.accepts(branch, value))
    }
}
