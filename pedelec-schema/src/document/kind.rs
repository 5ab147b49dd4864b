//! [`ValidationErrorKind`]: what a [`ValidationError`](crate::ValidationError)
//! is about, as data to match on - one variant per way a value can fail,
//! and one each for argument text that is not JSON and for serde's refusal.

use serde_json::Number;

use super::deserialize::DeserializeError;
use super::syntax::SyntaxError;
use crate::schema::NodeKind;

/// What a [`ValidationError`](crate::ValidationError) is about: one
/// variant per way a value can fail, with the values the check compared.
/// [`ValidationError::kind`](crate::ValidationError::kind) builds it; each
/// variant belongs to one [`keyword`](crate::ValidationError::keyword),
/// given in its documentation.
///
/// Counts are of what the value holds: characters (Unicode scalar values)
/// for a string, items for an array. Bounds are the schema's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValidationErrorKind<'a> {
    /// `type`: the value is of another JSON type than the node's (or a
    /// fractional number under an `integer` node).
    Type {
        /// The node's kind: `String`, `Number`, `Integer`, `Boolean`,
        /// `Array` or `Object`.
        expected: NodeKind,
    },
    /// `enum`: the value is none of the node's allowed values.
    Enum,
    /// `minLength`: the string is too short.
    MinLength {
        /// The string's length in characters.
        length: usize,
        /// The schema's `minLength`.
        min: u64,
    },
    /// `maxLength`: the string is too long.
    MaxLength {
        /// The string's length in characters.
        length: usize,
        /// The schema's `maxLength`.
        max: u64,
    },
    /// `pattern`: the string does not match.
    Pattern {
        /// The schema's pattern, as written.
        pattern: &'a str,
    },
    /// `minimum`: the number is below the bound.
    Minimum {
        /// The value.
        value: &'a Number,
        /// The schema's `minimum`.
        minimum: &'a Number,
    },
    /// `maximum`: the number is above the bound.
    Maximum {
        /// The value.
        value: &'a Number,
        /// The schema's `maximum`.
        maximum: &'a Number,
    },
    /// `minItems`: the array has too few items.
    MinItems {
        /// How many items the array has.
        count: usize,
        /// The schema's `minItems`.
        min: u64,
    },
    /// `maxItems`: the array has too many items.
    MaxItems {
        /// How many items the array has.
        count: usize,
        /// The schema's `maxItems`.
        max: u64,
    },
    /// `uniqueItems`: two items are equal.
    UniqueItems {
        /// The index of the first of them.
        first: usize,
        /// The index of the second.
        second: usize,
    },
    /// `required`: a required property is missing. The error's path is
    /// the object's.
    Required {
        /// The missing property's name.
        property: &'a str,
    },
    /// `oneOf`: no branch accepts the value.
    OneOfNone {
        /// How many branches the `oneOf` has.
        branches: usize,
    },
    /// `oneOf`: more than one branch accepts the value.
    OneOfMany {
        /// How many branches accept it.
        matched: usize,
        /// How many branches the `oneOf` has.
        branches: usize,
        /// The index of the first branch that accepts it.
        first: usize,
        /// The index of the second.
        second: usize,
    },
    /// `properties`: a property the object's schema does not name, refused
    /// only by
    /// [`ToolArgsSchema::validate_refusing_unknown`](crate::ToolArgsSchema::validate_refusing_unknown).
    /// The error's path is the property's own.
    UnknownProperty {
        /// The property's name.
        property: &'a str,
        /// The schema's property whose name is closest, if one is close.
        suggestion: Option<&'a str>,
    },
    /// `syntax`: the arguments' text is not one JSON value (or gives a
    /// property twice): the entry of an
    /// [`ArgsError::Syntax`](crate::ArgsError::Syntax). The error's path is
    /// the value being read there; it has no schema path.
    Syntax {
        /// The byte offset in the text:
        /// [`ValidationError::offset`](crate::ValidationError::offset).
        offset: usize,
    },
    /// `deserialize`: serde refused a value the schema accepted: the entry
    /// of an [`ArgsError::Deserialize`](crate::ArgsError::Deserialize). The
    /// error's schema path is the node that accepted the value.
    Deserialize,
}

impl ValidationErrorKind<'_> {
    /// The keyword of the variant: what
    /// [`ValidationError::keyword`](crate::ValidationError::keyword)
    /// returns for an error of this kind.
    pub fn keyword(&self) -> &'static str {
        match self {
            ValidationErrorKind::Type { .. } => "type",
            ValidationErrorKind::Enum => "enum",
            ValidationErrorKind::MinLength { .. } => "minLength",
            ValidationErrorKind::MaxLength { .. } => "maxLength",
            ValidationErrorKind::Pattern { .. } => "pattern",
            ValidationErrorKind::Minimum { .. } => "minimum",
            ValidationErrorKind::Maximum { .. } => "maximum",
            ValidationErrorKind::MinItems { .. } => "minItems",
            ValidationErrorKind::MaxItems { .. } => "maxItems",
            ValidationErrorKind::UniqueItems { .. } => "uniqueItems",
            ValidationErrorKind::Required { .. } => "required",
            ValidationErrorKind::OneOfNone { .. } | ValidationErrorKind::OneOfMany { .. } => {
                "oneOf"
            }
            ValidationErrorKind::UnknownProperty { .. } => "properties",
            ValidationErrorKind::Syntax { .. } => SyntaxError::KEYWORD,
            ValidationErrorKind::Deserialize => DeserializeError::KEYWORD,
        }
    }
}
