//! Findings about a schema: what [`lint`](crate::lint()) reports and what a
//! failed [`ToolArgsSchema::from_value`](crate::ToolArgsSchema::from_value)
//! carries.

use std::fmt;

use serde::Serialize;

code_enum! {
    /// How serious a finding or a change is: one scale for every report of the
    /// crate.
    ///
    /// A [`Diagnostic`] is an `Error` (the schema is outside the subset) or a
    /// `Warning` (it goes against the design advice); a
    /// [`Change`](crate::Change) is almost always a `Note` (the bridge did it
    /// and says so), and an `Error` when its result will not work where it is
    /// going (a provider's documented limit is exceeded), although the bridge
    /// still produced it. The order is by seriousness: `Error < Warning <
    /// Note`.
    #[non_exhaustive]
    pub enum Severity {
        /// Unusable: the schema is outside the subset, or a bridge's result
        /// breaks a rule of its destination.
        Error = "error",
        /// Usable, but against the Pedelec design advice.
        Warning = "warning",
        /// Done and usable; said so that nothing happens silently.
        Note = "note",
    }
}

code_enum! {
    /// What a finding is about. Each code has a stable snake_case name
    /// (see [`Code::as_str`]) that tools may match on, and one
    /// [`Severity`]. [`lint`](crate::lint()#codes) lists them all in one
    /// table.
    #[non_exhaustive]
    pub enum Code: Severity, using { Severity::* } {
        /// The text is not JSON (only from [`ToolArgsSchema::from_json_str`](crate::ToolArgsSchema::from_json_str)).
        InvalidJson = "invalid_json" => Error;
        /// The root is not an object node.
        RootNotObject = "root_not_object" => Error;
        /// A JSON Schema keyword that the subset does not support.
        UnsupportedKeyword = "unsupported_keyword" => Error;
        /// A key that is neither a subset keyword nor a JSON Schema keyword.
        UnknownKeyword = "unknown_keyword" => Error;
        /// A subset keyword on a node kind that does not take it.
        MisplacedKeyword = "misplaced_keyword" => Error;
        /// `true` or `false` where a node belongs.
        BooleanSchema = "boolean_schema" => Error;
        /// Something other than an object where a node belongs.
        NotANode = "not_a_node" => Error;
        /// A node with neither `type` nor `oneOf`.
        MissingType = "missing_type" => Error;
        /// `type` is an array, `"null"`, or not a subset type name.
        InvalidType = "invalid_type" => Error;
        /// An array node without `items`.
        MissingItems = "missing_items" => Error;
        /// A keyword whose value has the wrong JSON type.
        InvalidValue = "invalid_value" => Error;
        /// A length or item-count bound that is negative, fractional or too large.
        InvalidBound = "invalid_bound" => Error;
        /// A lower bound above its upper bound.
        MinGreaterThanMax = "min_greater_than_max" => Error;
        /// `required` names a property that `properties` does not define.
        UnknownRequired = "unknown_required" => Error;
        /// `required` lists a name twice.
        DuplicateRequired = "duplicate_required" => Error;
        /// `enum` with no values.
        EmptyEnum = "empty_enum" => Error;
        /// An `enum` value of another type than its node. Under an `integer`
        /// node a fractional value is one too, since it could never pass
        /// (`1.0` is an integer).
        EnumTypeMismatch = "enum_type_mismatch" => Error;
        /// `oneOf` with keywords other than metadata beside it.
        OneOfSiblings = "one_of_siblings" => Error;
        /// `oneOf` with no branches.
        EmptyOneOf = "empty_one_of" => Error;
        /// A `pattern` that ECMA-262 refuses (in Unicode mode; see
        /// [`Pattern`](crate::Pattern)) or that cannot run in linear time.
        InvalidPattern = "invalid_pattern" => Error;
        /// Nodes nested deeper than [`MAX_DEPTH`](crate::MAX_DEPTH).
        TooDeep = "too_deep" => Error;
        /// An object with more than [`MAX_PROPERTIES`](crate::MAX_PROPERTIES)
        /// properties, or a `required` that lists more names than that.
        TooManyProperties = "too_many_properties" => Error;
        /// An `enum` with more than [`MAX_ENUM_VALUES`](crate::MAX_ENUM_VALUES)
        /// values.
        TooManyEnumValues = "too_many_enum_values" => Error;
        /// A `oneOf` with more than [`MAX_BRANCHES`](crate::MAX_BRANCHES)
        /// branches, or nested `oneOf`s whose branch counts multiply beyond
        /// [`MAX_BRANCH_PRODUCT`](crate::MAX_BRANCH_PRODUCT).
        TooManyBranches = "too_many_branches" => Error;
        /// An array node without `maxItems`.
        UnboundedArray = "unbounded_array" => Warning;
        /// An `enum` that lists a value twice.
        DuplicateEnumValue = "duplicate_enum_value" => Warning;
        /// A `default` that its own node rejects.
        InvalidDefault = "invalid_default" => Warning;
        /// An `examples` entry that its own node rejects.
        InvalidExample = "invalid_example" => Warning;
        /// A `oneOf` whose branches can accept the same value.
        AmbiguousOneOf = "ambiguous_one_of" => Warning;
        /// A `oneOf` with a single branch.
        SingleBranchOneOf = "single_branch_one_of" => Warning;
    }
}

impl Code {
    /// The severity findings with this code always have.
    pub fn severity(self) -> Severity {
        self.row()
    }
}

/// One finding about a schema.
///
/// Serializes as `{"severity","code","pointer","message"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Error or warning; always `code.severity()`.
    pub severity: Severity,
    /// What the finding is about.
    pub code: Code,
    /// Where: a JSON Pointer (RFC 6901) into the schema, to the offending
    /// keyword or value.
    pub pointer: String,
    /// What is wrong and what to do instead.
    pub message: String,
}

impl Diagnostic {
    /// A finding with `code`'s severity.
    pub fn new(code: Code, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: code.severity(),
            code,
            pointer: pointer.into(),
            message: message.into(),
        }
    }

    /// The one diagnostic for a schema text that is not JSON.
    pub(crate) fn invalid_json(err: &serde_json::Error) -> Self {
        Diagnostic::new(
            Code::InvalidJson,
            "",
            format!("the schema is not valid JSON: {err}"),
        )
    }

    /// Whether this finding makes the schema unusable.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pointer = crate::pointer::shown(&self.pointer);
        write!(
            f,
            "{}[{}] at {}: {}",
            self.severity, self.code, pointer, self.message
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_severity_displays_and_serializes_as_its_name() {
        for (severity, name) in [
            (Severity::Error, "error"),
            (Severity::Warning, "warning"),
            (Severity::Note, "note"),
        ] {
            assert_eq!(severity.as_str(), name);
            assert_eq!(severity.to_string(), name);
            assert_eq!(serde_json::to_value(severity).unwrap(), name);
        }
        assert!(Severity::Error < Severity::Warning && Severity::Warning < Severity::Note);
    }
}
