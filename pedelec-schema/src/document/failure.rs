//! What went wrong, kept as data until someone reads the message.
//!
//! Collecting errors is the hot path of `validate`; reading their messages
//! is not (a handler returns them once). So a failure holds the values a
//! message needs - counts, numbers, an excerpt of a string, a shared handle
//! on the schema's allowed values - and `write_to` writes them, piece by
//! piece (`message.rs` says why not with `write!`).
//!
//! A failure is the stored form; [`ValidationErrorKind`] (`kind.rs`) is
//! its public view, built on demand and borrowing from it. The two differ
//! where storage wants what a reader does not (a compiled `Pattern`, an
//! excerpt, one variant per kind of `enum`), so each failure is mapped to
//! its view once (`kind`); its keyword is matched directly, for speed, and
//! held to the view's by a test. Where the two would hold the same -
//! counts, bounds and indices - the failure is its view
//! ([`Failure::Counted`]), and those fields are written once.

use std::fmt::{self, Write};
use std::sync::Arc;

use serde_json::Number;

use super::deserialize::{DeserializeError, Refused};
use super::kind::ValidationErrorKind;
use super::syntax::{Syntax, SyntaxError};
use super::union::{self, BranchFailures, Tag};
use crate::message::{write_bool, write_count, write_number, Excerpt, Listable, Listed, Quoted};
use crate::pattern::Pattern;
use crate::schema::NodeKind;
use crate::small_string::SmallString;

pub(crate) use crate::message::Found;

/// One keyword's failure, with what its message shows.
#[derive(Clone)]
pub(crate) enum Failure {
    /// A failure whose public view is all it holds - counts, bounds and
    /// indices: `minLength`, `maxLength`, `minItems`, `maxItems`,
    /// `uniqueItems`, and a `oneOf` that several branches match. Kept as
    /// that view, so that its fields are written once. No other kind is
    /// stored here.
    Counted(ValidationErrorKind<'static>),
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
    Pattern {
        text: Excerpt,
        pattern: Pattern,
    },
    /// A string still being written that no `enum` value starts with (the
    /// stream refuses it there).
    StringEnumPrefix {
        text: Excerpt,
        allowed: Arc<[String]>,
    },
    /// A string still being written that no continuation can make match
    /// the pattern.
    PatternPrefix {
        text: Excerpt,
        pattern: Pattern,
    },
    /// A number below `minimum`; `text` is how the arguments wrote it,
    /// where that text, not its float, put it past the bound (`1e-400` is
    /// not the `0.0` it reads as): the message shows what was written.
    Minimum {
        number: Number,
        minimum: Number,
        text: Option<Box<str>>,
    },
    Maximum {
        number: Number,
        maximum: Number,
        text: Option<Box<str>>,
    },
    Required {
        name: SmallString,
    },
    /// No `oneOf` branch matched: why each failed, found while the value
    /// was at hand (`union.rs` tells it).
    NoBranch {
        branches: Box<[BranchFailures]>,
    },
    /// A `oneOf` whose discriminator tag no branch takes (its error's path
    /// is the tag's own) or, `missing`, is left out.
    NoTag {
        tag: Arc<Tag>,
        missing: bool,
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
    /// Argument text that is not one JSON value: a
    /// [`SyntaxError`](crate::SyntaxError) as an entry of the agent-facing
    /// `errors`, with its own path and byte offset. Shared with the error,
    /// which owns the same data.
    Syntax(Arc<Syntax>),
    /// A value the schema accepted and serde refused: a
    /// [`DeserializeError`](crate::DeserializeError) as an entry, with its
    /// own path and schema path.
    Deserialize(Arc<Refused>),
}

impl Failure {
    /// The keyword that failed: the keyword of its [`kind`](Self::kind),
    /// matched here directly, as reading an error's schema path and
    /// message asks for it more than once
    /// (`tests/validation/kinds.rs` holds the two to each other for every
    /// kind).
    pub(crate) fn keyword(&self) -> &'static str {
        match self {
            Failure::Counted(kind) => kind.keyword(),
            Failure::Type { .. } => "type",
            Failure::StringEnum { .. }
            | Failure::StringEnumPrefix { .. }
            | Failure::NumberEnum { .. }
            | Failure::BooleanEnum { .. } => "enum",
            Failure::Pattern { .. } | Failure::PatternPrefix { .. } => "pattern",
            Failure::Minimum { .. } => "minimum",
            Failure::Maximum { .. } => "maximum",
            Failure::Required { .. } => "required",
            Failure::NoBranch { .. } | Failure::NoTag { .. } => "oneOf",
            Failure::UnknownProperty { .. } => "properties",
            Failure::Syntax(_) => SyntaxError::KEYWORD,
            Failure::Deserialize(_) => DeserializeError::KEYWORD,
        }
    }

    /// The public view of the failure: [`ValidationError::kind`].
    pub(crate) fn kind(&self) -> ValidationErrorKind<'_> {
        match self {
            Failure::Counted(kind) => *kind,
            Failure::Type { expected, .. } => ValidationErrorKind::Type {
                expected: expected_kind(expected),
            },
            Failure::StringEnum { .. }
            | Failure::StringEnumPrefix { .. }
            | Failure::NumberEnum { .. }
            | Failure::BooleanEnum { .. } => ValidationErrorKind::Enum,
            Failure::Pattern { pattern, .. } | Failure::PatternPrefix { pattern, .. } => {
                ValidationErrorKind::Pattern {
                    pattern: pattern.as_str(),
                }
            }
            Failure::Minimum {
                number, minimum, ..
            } => ValidationErrorKind::Minimum {
                value: number,
                minimum,
            },
            Failure::Maximum {
                number, maximum, ..
            } => ValidationErrorKind::Maximum {
                value: number,
                maximum,
            },
            Failure::Required { name } => ValidationErrorKind::Required {
                property: name.as_str(),
            },
            Failure::NoBranch { branches } => ValidationErrorKind::OneOfNone {
                branches: branches.len(),
            },
            Failure::NoTag { tag, .. } => ValidationErrorKind::OneOfNone {
                branches: tag.branches,
            },
            Failure::UnknownProperty { name, suggestion } => ValidationErrorKind::UnknownProperty {
                property: name,
                suggestion: suggestion.as_deref(),
            },
            Failure::Syntax(syntax) => ValidationErrorKind::Syntax {
                offset: syntax.offset(),
            },
            Failure::Deserialize(_) => ValidationErrorKind::Deserialize,
        }
    }

    /// The property name that a failure about one property of the object
    /// adds to the object's path: an unknown property's, and a
    /// discriminator's tag that no branch takes.
    pub(crate) fn property(&self) -> Option<&str> {
        match self {
            Failure::UnknownProperty { name, .. } => Some(name),
            Failure::NoTag {
                tag,
                missing: false,
            } => Some(&tag.name),
            _ => None,
        }
    }

    /// The property a failure is about, where its name tells one failure of
    /// the node from another: a missing, an unknown or a discriminating
    /// property (`entry.rs`, `problem`).
    pub(crate) fn named(&self) -> Option<&str> {
        match self {
            Failure::Required { name } => Some(name.as_str()),
            Failure::UnknownProperty { name, .. } => Some(name),
            Failure::NoTag { tag, .. } => Some(&tag.name),
            _ => None,
        }
    }

    /// Writes the message, in words an agent can act on. A
    /// `ValidationError` writes it into a `String`, where each piece is a
    /// `push_str` (`message.rs` says why).
    pub(crate) fn write_to<W: Write>(&self, out: &mut W) -> fmt::Result {
        match self {
            Failure::Counted(kind) => write_counted(out, kind),
            Failure::Type { expected, found } => {
                out.write_str("expected ")?;
                out.write_str(expected)?;
                out.write_str(", found ")?;
                found.write_to(out)
            }
            Failure::StringEnum { text, allowed } => {
                text.write_to(out)?;
                write_not_allowed(out, &Listed(allowed))
            }
            Failure::NumberEnum { number, allowed } => {
                write_number(out, number)?;
                write_not_allowed(out, &Listed(allowed))
            }
            Failure::BooleanEnum { value, allowed } => {
                write_bool(out, *value)?;
                write_not_allowed(out, &Listed(allowed))
            }
            Failure::Pattern { text, pattern } => {
                text.write_to(out)?;
                out.write_str(" does not match the pattern ")?;
                Quoted::with_limit(pattern.as_str(), 80).write_to(out)
            }
            Failure::StringEnumPrefix { text, allowed } => {
                out.write_str("no allowed value starts with ")?;
                text.write_to(out)?;
                out.write_str("; use ")?;
                Listed(allowed).write_to(out)
            }
            Failure::PatternPrefix { text, pattern } => {
                out.write_str("no string that starts with ")?;
                text.write_to(out)?;
                out.write_str(" matches the pattern ")?;
                Quoted::with_limit(pattern.as_str(), 80).write_to(out)
            }
            Failure::Minimum {
                number,
                minimum,
                text,
            } => {
                write_written(out, number, text.as_deref())?;
                out.write_str(" is less than the minimum ")?;
                write_number(out, minimum)
            }
            Failure::Maximum {
                number,
                maximum,
                text,
            } => {
                write_written(out, number, text.as_deref())?;
                out.write_str(" is greater than the maximum ")?;
                write_number(out, maximum)
            }
            Failure::Required { name } => {
                out.write_str("the required property `")?;
                out.write_str(name.as_str())?;
                out.write_str("` is missing")
            }
            Failure::NoBranch { branches } => union::write_no_branch(out, branches),
            Failure::NoTag { tag, missing } => union::write_no_tag(out, tag, *missing),
            Failure::UnknownProperty { name, suggestion } => {
                write_unknown_property(out, name, suggestion.as_deref())
            }
            Failure::Syntax(syntax) => out.write_str(syntax.message()),
            Failure::Deserialize(refused) => write!(out, "{}", refused.error()),
        }
    }
}

/// A number as the arguments wrote it, where that is known and short; as
/// its value reads otherwise.
fn write_written<W: Write>(out: &mut W, number: &Number, text: Option<&str>) -> fmt::Result {
    /// Longer texts (a thousand digits) are shown as the value reads.
    const SHOWN_DIGITS: usize = 40;
    match text {
        Some(text) if text.len() <= SHOWN_DIGITS => out.write_str(text),
        _ => write_number(out, number),
    }
}

/// The message of a [`Failure::Counted`], from its public view.
fn write_counted<W: Write>(out: &mut W, kind: &ValidationErrorKind<'_>) -> fmt::Result {
    match kind {
        ValidationErrorKind::MinLength { length: count, min } => {
            out.write_str("the string has ")?;
            write_count(out, *count)?;
            out.write_str(" characters, fewer than the minimum length ")?;
            write_count(out, *min)
        }
        ValidationErrorKind::MaxLength { length: count, max } => {
            out.write_str("the string has ")?;
            write_count(out, *count)?;
            out.write_str(" characters, more than the maximum length ")?;
            write_count(out, *max)?;
            out.write_str("; shorten it")
        }
        ValidationErrorKind::MinItems { count, min } => {
            out.write_str("the array has ")?;
            write_count(out, *count)?;
            out.write_str(" items, fewer than the minimum ")?;
            write_count(out, *min)
        }
        ValidationErrorKind::MaxItems { count, max } => {
            out.write_str("the array has ")?;
            write_count(out, *count)?;
            out.write_str(" items, more than the maximum ")?;
            write_count(out, *max)?;
            out.write_str("; send at most ")?;
            write_count(out, *max)
        }
        ValidationErrorKind::UniqueItems { first, second } => {
            out.write_str("items ")?;
            write_count(out, *first)?;
            out.write_str(" and ")?;
            write_count(out, *second)?;
            out.write_str(" are equal, but the items must be unique")
        }
        ValidationErrorKind::OneOfMany {
            matched: count,
            branches,
            first,
            second,
        } => {
            out.write_str("the value matches ")?;
            write_count(out, *count)?;
            out.write_str(" of the ")?;
            write_count(out, *branches)?;
            out.write_str(" `oneOf` branches (the first two: ")?;
            write_count(out, *first)?;
            out.write_str(" and ")?;
            write_count(out, *second)?;
            out.write_str("), but must match exactly one; send only the fields of one branch")
        }
        // No other kind is stored as counted; its keyword still says what
        // failed.
        other => out.write_str(other.keyword()),
    }
}

/// The node kind a type failure's "expected ..." names.
fn expected_kind(expected: &str) -> NodeKind {
    match expected {
        "a string" => NodeKind::String,
        "an integer" => NodeKind::Integer,
        "a number" => NodeKind::Number,
        "a boolean" => NodeKind::Boolean,
        "an array" => NodeKind::Array,
        "an object" => NodeKind::Object,
        _ => {
            debug_assert!(false, "no node kind expects {expected}");
            NodeKind::Object
        }
    }
}

/// "... is not allowed here; use one of ...", after the value.
fn write_not_allowed<W: Write, T: Listable>(out: &mut W, allowed: &Listed<'_, T>) -> fmt::Result {
    out.write_str(" is not allowed here; use ")?;
    allowed.write_to(out)
}

/// "the schema names no property "nmae"; did you mean "name"?"
fn write_unknown_property<W: Write>(
    f: &mut W,
    name: &str,
    suggestion: Option<&str>,
) -> fmt::Result {
    f.write_str("the schema names no property ")?;
    Quoted::new(name).write_to(f)?;
    match suggestion {
        Some(suggestion) => {
            f.write_str("; did you mean ")?;
            Quoted::new(suggestion).write_to(f)?;
            f.write_str("?")
        }
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::Failure;

    /// Collecting errors moves failures around by value: keeping counts
    /// and bounds as their public view (`Counted`) must not make a failure
    /// larger than the variants that hold a string's excerpt already make
    /// it (56 bytes on a 64-bit target, less on a 32-bit one).
    #[test]
    fn a_failure_stays_56_bytes_at_most() {
        assert!(std::mem::size_of::<Failure>() <= 56);
    }
}
