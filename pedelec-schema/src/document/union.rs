//! How a `oneOf` that refused a value is told to the model: in as few
//! words as let it act.
//!
//! Where a discriminator tells the branches apart, a call that chose a
//! branch gets that branch's own failures (`validate/one_of.rs`); what is
//! told here is the rest:
//!
//! - a tag no branch takes, or a tag missing: one failure that lists the
//!   values the tag can take, once ([`write_no_tag`]);
//! - no discriminator: the branches' failures, kept as data, of which the
//!   message tells the closest branch - the fewest failures, then the
//!   deepest - (or the closest two, when they tie), and how many others
//!   failed; where every branch refused the value for its JSON type, the
//!   one reason, said once ([`write_no_branch`]).
//!
//! The closest branch is chosen when the message is written, from the
//! failures kept: a `validate` that is never read costs no ranking.

use std::fmt::{self, Write};

use serde_json::Value;

use super::entry::ValidationError;
use super::failure::Failure;
use crate::message::{write_count, Listed};

/// How many failures of each branch a "matches none" failure keeps.
pub(crate) const QUOTED_PER_BRANCH: usize = 2;

/// How many of the closest branches a message tells, when they tie.
const TOLD_BRANCHES: usize = 2;

/// Why one `oneOf` branch rejected the value: its first failures, and how
/// many it had.
#[derive(Clone)]
pub(crate) struct BranchFailures {
    pub(crate) first: Vec<ValidationError>,
    pub(crate) count: usize,
}

/// A `oneOf`'s discriminator as a failure about it shows it.
#[derive(Debug)]
pub(crate) struct Tag {
    /// The property's name.
    pub(crate) name: Box<str>,
    /// Every value some branch takes, in branch order.
    pub(crate) allowed: Box<[Value]>,
    /// How many branches the `oneOf` has.
    pub(crate) branches: usize,
}

/// "no `oneOf` branch takes this `kind`; use one of "move", "resize"", or
/// for a tag left out, "the required property `kind` is missing; it picks
/// the `oneOf` branch: use ...".
pub(super) fn write_no_tag<W: Write>(out: &mut W, tag: &Tag, missing: bool) -> fmt::Result {
    if missing {
        out.write_str("the required property `")?;
        out.write_str(&tag.name)?;
        out.write_str("` is missing; it picks the `oneOf` branch: use ")?;
    } else {
        out.write_str("no `oneOf` branch takes this `")?;
        out.write_str(&tag.name)?;
        out.write_str("`; use ")?;
    }
    Listed(&tag.allowed).write_to(out)
}

/// How close a branch came to accepting the value, smaller first: a
/// branch that refused the value's JSON type is farthest; then fewer
/// failures, then deeper ones (the branch read further into the value).
fn distance(branch: &BranchFailures, path: &mut String) -> (bool, usize, isize) {
    let depth = branch
        .first
        .iter()
        .map(|error| {
            path.clear();
            error.write_path(path);
            path.bytes().filter(|&b| b == b'/').count() as isize
        })
        .max()
        .unwrap_or(0);
    (by_type(branch, path).is_some(), branch.count, -depth)
}

/// The type failure of a branch that refused the value for its JSON type
/// and nothing else.
fn by_type<'b>(branch: &'b BranchFailures, path: &mut String) -> Option<&'b Failure> {
    match branch.first.as_slice() {
        [only] if branch.count == 1 && matches!(only.failure, Failure::Type { .. }) => {
            path.clear();
            only.write_path(path);
            path.is_empty().then_some(&only.failure)
        }
        _ => None,
    }
}

/// The message of a `oneOf` no branch accepts, no discriminator deciding.
pub(super) fn write_no_branch<W: Write>(out: &mut W, branches: &[BranchFailures]) -> fmt::Result {
    let mut path = String::new();
    if let Some(types) = branches
        .iter()
        .map(|branch| by_type(branch, &mut path))
        .collect::<Option<Vec<_>>>()
    {
        return write_by_type(out, &types);
    }
    let distances: Vec<_> = branches
        .iter()
        .map(|branch| distance(branch, &mut path))
        .collect();
    let Some(closest) = distances.iter().min() else {
        return out.write_str("the value matches no `oneOf` branch");
    };
    let told: Vec<usize> = (0..branches.len())
        .filter(|&index| distances[index] == *closest)
        .take(TOLD_BRANCHES)
        .collect();
    out.write_str("the value matches none of the ")?;
    write_count(out, branches.len())?;
    out.write_str(" `oneOf` branches; ")?;
    out.write_str(match (told.len(), branches.len()) {
        (_, 1) => "",
        (1, _) => "the closest is ",
        _ => "the closest are ",
    })?;
    for (shown, &index) in told.iter().enumerate() {
        if shown > 0 {
            out.write_str(" | ")?;
        }
        out.write_str("branch ")?;
        write_count(out, index)?;
        out.write_str(": ")?;
        write_branch(out, &branches[index], &mut path)?;
    }
    match branches.len() - told.len() {
        0 => {}
        1 => out.write_str("; the other fails too")?,
        others => {
            out.write_str("; the other ")?;
            write_count(out, others)?;
            out.write_str(" fail too")?;
        }
    }
    Ok(())
}

/// "expected an object or a string, found the number 3": every branch
/// refused the value for its type, each type named once.
fn write_by_type<W: Write>(out: &mut W, types: &[&Failure]) -> fmt::Result {
    let mut named: Vec<&str> = Vec::with_capacity(types.len());
    let mut found = None;
    for failure in types {
        if let Failure::Type {
            expected,
            found: value,
        } = failure
        {
            if !named.contains(expected) {
                named.push(expected);
            }
            found.get_or_insert(value);
        }
    }
    out.write_str("expected ")?;
    for (index, expected) in named.iter().enumerate() {
        if index > 0 {
            out.write_str(if index + 1 == named.len() {
                " or "
            } else {
                ", "
            })?;
        }
        out.write_str(expected)?;
    }
    if let Some(found) = found {
        out.write_str(", found ")?;
        found.write_to(out)?;
    }
    Ok(())
}

/// One branch's first failures, `path: message` each (a failure at the
/// branch's value without a path), and how many more it had.
fn write_branch<W: Write>(out: &mut W, branch: &BranchFailures, path: &mut String) -> fmt::Result {
    for (shown, error) in branch.first.iter().enumerate() {
        if shown > 0 {
            out.write_str("; ")?;
        }
        path.clear();
        error.write_path(path);
        if !path.is_empty() {
            out.write_str(path)?;
            out.write_str(": ")?;
        }
        error.failure.write_to(out)?;
    }
    if branch.count > branch.first.len() {
        out.write_str("; ")?;
        write_count(out, branch.count - branch.first.len())?;
        out.write_str(" more")?;
    }
    Ok(())
}
