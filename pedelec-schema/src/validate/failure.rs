//! What went wrong, kept as data until someone reads the message.
//!
//! Collecting errors is the hot path of `validate`; reading their messages
//! is not (a handler returns them once). So a failure holds the values a
//! message needs - counts, numbers, an excerpt of a string, a shared handle
//! on the schema's allowed values - and its `Display` writes them.

use std::fmt::{self, Display, Formatter};
use std::sync::Arc;

use serde_json::Number;

use super::error::ValidationError;
use crate::message::{Excerpt, Listed, Quoted};
use crate::pattern::Pattern;
use crate::small_string::SmallString;

pub(crate) use crate::message::Found;

/// One keyword's failure, with what its message shows.
#[derive(Clone)]
pub(crate) enum Failure {
    Type {
        expected: &'static str,
        found: Found,
    },
    StringEnum {
        text: Excerpt,
        allowed: Arc<[String]>,
    },
    NumberEnum {
        number: Number,
        allowed: Arc<[Number]>,
    },
    BooleanEnum {
        value: bool,
        allowed: Arc<[bool]>,
    },
    MinLength {
        count: usize,
        min: u64,
    },
    MaxLength {
        count: usize,
        max: u64,
    },
    Pattern {
        text: Excerpt,
        pattern: Pattern,
    },
    Minimum {
        number: Number,
        minimum: Number,
    },
    Maximum {
        number: Number,
        maximum: Number,
    },
    MinItems {
        count: usize,
        min: u64,
    },
    MaxItems {
        count: usize,
        max: u64,
    },
    UniqueItems {
        first: usize,
        second: usize,
    },
    Required {
        name: SmallString,
    },
    /// No `oneOf` branch matched: why each failed, found while the value
    /// was at hand.
    NoBranch {
        branches: Box<[BranchFailures]>,
    },
    SeveralBranches {
        count: usize,
        branches: usize,
        first: usize,
        second: usize,
    },
    /// A property the object's schema does not name, refused only by
    /// [`ToolArgsSchema::validate_refusing_unknown`](crate::ToolArgsSchema::validate_refusing_unknown)
    /// (the subset allows it). Its error's path is the property's own.
    /// Boxed, not inline: the walk that finds it allocates anyway, and
    /// the variant stays smaller than the hot ones.
    UnknownProperty {
        name: Box<str>,
        suggestion: Option<Box<str>>,
    },
}

/// How many failures of each branch a "matches none" message quotes.
pub(crate) const QUOTED_PER_BRANCH: usize = 2;

/// Why one `oneOf` branch rejected the value: its first failures, and how
/// many it had.
#[derive(Clone)]
pub(crate) struct BranchFailures {
    pub(crate) first: Vec<ValidationError>,
    pub(crate) count: usize,
}

impl Failure {
    /// The keyword that failed.
    pub(crate) fn keyword(&self) -> &'static str {
        match self {
            Failure::Type { .. } => "type",
            Failure::StringEnum { .. }
            | Failure::NumberEnum { .. }
            | Failure::BooleanEnum { .. } => "enum",
            Failure::MinLength { .. } => "minLength",
            Failure::MaxLength { .. } => "maxLength",
            Failure::Pattern { .. } => "pattern",
            Failure::Minimum { .. } => "minimum",
            Failure::Maximum { .. } => "maximum",
            Failure::MinItems { .. } => "minItems",
            Failure::MaxItems { .. } => "maxItems",
            Failure::UniqueItems { .. } => "uniqueItems",
            Failure::Required { .. } => "required",
            Failure::NoBranch { .. } | Failure::SeveralBranches { .. } => "oneOf",
            Failure::UnknownProperty { .. } => "properties",
        }
    }

    /// The property name that a failure about one property of the object
    /// adds to the object's path (only an unknown property's).
    pub(crate) fn property(&self) -> Option<&str> {
        match self {
            Failure::UnknownProperty { name, .. } => Some(name),
            _ => None,
        }
    }
}

/// The message, in words an agent can act on.
impl Display for Failure {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Type { expected, found } => write!(f, "expected {expected}, found {found}"),
            Failure::StringEnum { text, allowed } => write!(
                f,
                "{text} is not allowed here; use {}",
                Listed(allowed)
            ),
            Failure::NumberEnum { number, allowed } => {
                write!(f, "{number} is not allowed here; use {}", Listed(allowed))
            }
            Failure::BooleanEnum { value, allowed } => {
                write!(f, "{value} is not allowed here; use {}", Listed(allowed))
            }
            Failure::MinLength { count, min } => write!(
                f,
                "the string has {count} characters, fewer than the minimum length {min}"
            ),
            Failure::MaxLength { count, max } => write!(
                f,
                "the string has {count} characters, more than the maximum length {max}; shorten it"
            ),
            Failure::Pattern { text, pattern } => write!(
                f,
                "{text} does not match the pattern {}",
                Quoted::with_limit(pattern.as_str(), 80)
            ),
            Failure::Minimum { number, minimum } => {
                write!(f, "{number} is less than the minimum {minimum}")
            }
            Failure::Maximum { number, maximum } => {
                write!(f, "{number} is greater than the maximum {maximum}")
            }
            Failure::MinItems { count, min } => write!(
                f,
                "the array has {count} items, fewer than the minimum {min}"
            ),
            Failure::MaxItems { count, max } => write!(
                f,
                "the array has {count} items, more than the maximum {max}; send at most {max}"
            ),
            Failure::UniqueItems { first, second } => write!(
                f,
                "items {first} and {second} are equal, but the items must be unique"
            ),
            Failure::Required { name } => write!(
                f,
                "the required property `{}` is missing",
                name.as_str()
            ),
            Failure::NoBranch { branches } => write_no_branch(f, branches),
            Failure::SeveralBranches {
                count,
                branches,
                first,
                second,
            } => write!(
                f,
                "the value matches {count} of the {branches} `oneOf` branches (the first two: \
                 {first} and {second}), but must match exactly one; send only the fields of one branch"
            ),
            Failure::UnknownProperty { name, suggestion } => {
                write_unknown_property(f, name, suggestion.as_deref())
            }
        }
    }
}

/// "the value matches none of the 2 `oneOf` branches (branch 0: ... | branch
/// 1: ...)", with each branch's first failures.
fn write_no_branch(f: &mut Formatter<'_>, branches: &[BranchFailures]) -> fmt::Result {
    write!(
        f,
        "the value matches none of the {} `oneOf` branches (",
        branches.len()
    )?;
    for (index, branch) in branches.iter().enumerate() {
        if index > 0 {
            f.write_str(" | ")?;
        }
        write!(f, "branch {index}: ")?;
        for (shown, error) in branch.first.iter().enumerate() {
            if shown > 0 {
                f.write_str("; ")?;
            }
            let path = error.path();
            if !path.is_empty() {
                write!(f, "{path}: ")?;
            }
            write!(f, "{}", error.failure)?;
        }
        if branch.count > branch.first.len() {
            write!(f, "; {} more", branch.count - branch.first.len())?;
        }
    }
    f.write_str(")")
}

/// "the schema names no property "nmae"; did you mean "name"?"
fn write_unknown_property(
    f: &mut Formatter<'_>,
    name: &str,
    suggestion: Option<&str>,
) -> fmt::Result {
    write!(f, "the schema names no property {}", Quoted::new(name))?;
    match suggestion {
        Some(suggestion) => write!(f, "; did you mean {}?", Quoted::new(suggestion)),
        None => Ok(()),
    }
}
