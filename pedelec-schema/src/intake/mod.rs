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
//!   through [`CheckedWith`](crate::CheckedWith)'s type parameter - and
//!   [`Repair`], which turns on the repair of argument text that is not
//!   JSON (`repair/`, a room of its own: it reads text, these walk values),
//!   and [`OpenAiNulls`], which takes the arguments back from an export
//!   with the export's own walk (`ToolArgsSchema::normalize`).
//!
//! Both walks follow the schema as validation does, so they never recurse
//! deeper than the schema, and through the rules it compiled once
//! (`validate/compiled.rs`), so they compile nothing. Where a `oneOf`
//! stands, they ask which branch owns the value (`validate/choice.rs`):
//! the unknown-properties walk follows the owner, coercion asks whether
//! there is one.
//!
//! Nothing here is on by default: plain validation, `from_args` and
//! [`Checked`](crate::Checked) keep the subset's meaning exactly.

mod coerce;
mod policy;
mod suggest;
mod unknown;

pub(crate) use coerce::coerce;
pub use policy::{Coerce, Intake, OpenAiNulls, RefuseUnknown, Repair, ReportOnly};
pub use unknown::UnknownProperty;
pub(crate) use unknown::{refused, unknown_properties, validate_refusing_unknown};
