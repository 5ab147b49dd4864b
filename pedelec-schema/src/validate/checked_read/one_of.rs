//! `oneOf` while streaming: decided by the value's JSON type where that is
//! enough, read whole into a `Value` where it is not.
//!
//! A value passes a `oneOf` when one branch owns it: exactly one branch
//! accepts it (`validate/choice.rs`). When every branch takes a different
//! JSON type (`string` or `number`, say), the value's type picks the only
//! branch that can accept it - all others refuse it by type - so checking
//! that one branch as the value streams by decides the `oneOf`: the fast
//! path of `choice.rs`, where a test ties it to the rule. (`integer` and
//! `number` are one JSON type here.) Otherwise several branches must see the whole value: it is read into a
//! `Value` and checked by the `oneOf` rule itself, as serde buffers
//! untagged and internally tagged enums for the same reason.

use super::super::Rule;

/// How a node's value is read.
pub(super) enum Plan<'r> {
    /// Checked as it streams by, against the rule for its JSON type
    /// ([`select`]).
    Stream,
    /// Read into a `Value` first and checked whole by this rule.
    Buffer(&'r Rule),
}

/// How the value of the node compiled to `rule` is read.
#[inline(always)]
pub(super) fn plan(rule: &Rule) -> Plan<'_> {
    match rule {
        Rule::OneOf(one_of) if !one_of.decided_by_type() => Plan::Buffer(rule),
        _ => Plan::Stream,
    }
}

/// The rule that checks a value for which `pick` finds one: `rule` itself,
/// or under a `oneOf` that streams, the one branch of the value's type
/// (`pick` finds a rule of that type): the fast path of
/// `validate/choice.rs`.
#[inline(always)]
pub(super) fn select<'r, T>(rule: &'r Rule, pick: impl Fn(&'r Rule) -> Option<T>) -> Option<T> {
    match rule {
        Rule::OneOf(one_of) => one_of.branches().find_map(pick),
        other => pick(other),
    }
}
