//! [`ConvertError`]: why no object schema of the subset can stand for a
//! source document.

use std::fmt;

use serde::Serialize;

code_enum! {
    /// Why a conversion failed, as a stable snake_case code.
    #[non_exhaustive]
    pub enum ConvertErrorCode {
        /// The text given to [`convert_str`](crate::convert_str) is not JSON.
        InvalidJson = "invalid_json",
        /// The document (or a part of it where a schema belongs) is not a JSON
        /// Schema: not an object or a boolean, a `type` that names no JSON
        /// Schema type (`"dict"`), a keyword whose value has the wrong shape
        /// (`"minLength": "5"`, `"required": "id"`).
        NotASchema = "not_a_schema",
        /// A local `$ref` points at nothing in the document.
        UnresolvedRef = "unresolved_ref",
        /// The root accepts no object: `{"type": "string"}`, `false`, or an
        /// object node that no value can pass.
        AcceptsNoObjects = "accepts_no_objects",
        /// Nodes nest deeper than the subset allows ([`MAX_DEPTH`](crate::MAX_DEPTH)),
        /// once references are written inline.
        TooDeep = "too_deep",
        /// Writing every reference inline would make the schema too large
        /// (references that fan out, level after level), or the converted
        /// schema is beyond one of the subset's size limits (more than
        /// [`MAX_PROPERTIES`](crate::MAX_PROPERTIES) properties in an object,
        /// [`MAX_ENUM_VALUES`](crate::MAX_ENUM_VALUES) values in an `enum`, or
        /// the `oneOf` bounds; see the crate docs' "Limits").
        TooLarge = "too_large",
        /// The subset's parser refused the converted schema: a bug in the
        /// converter. Please report it with the source schema.
        Rejected = "rejected",
    }
}

/// One reason a conversion failed.
///
/// Serializes as `{"pointer","code","message"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConvertReason {
    /// Where, as a JSON Pointer into the source document.
    pub pointer: String,
    /// What kind of reason.
    pub code: ConvertErrorCode,
    /// What is wrong, and what to do about it.
    pub message: String,
}

impl ConvertReason {
    pub(crate) fn new(
        code: ConvertErrorCode,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        ConvertReason {
            pointer: pointer.into(),
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for ConvertReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pointer = crate::pointer::shown(&self.pointer);
        write!(f, "error[{}] at {}: {}", self.code, pointer, self.message)
    }
}

/// No object schema of the subset can stand for the source document.
///
/// Holds every reason found, each with its pointer. Serializes as
/// `{"reasons": [{"pointer","code","message"}, ...]}`.
///
/// ```
/// use pedelec_schema::{convert, ConvertErrorCode};
/// use serde_json::json;
///
/// let error = convert(&json!({"type": "string"})).unwrap_err();
/// assert_eq!(error.reasons()[0].code, ConvertErrorCode::AcceptsNoObjects);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConvertError {
    reasons: Vec<ConvertReason>,
}

impl ConvertError {
    pub(crate) fn new(reasons: Vec<ConvertReason>) -> Self {
        debug_assert!(!reasons.is_empty());
        ConvertError { reasons }
    }

    /// Every reason, in the order found.
    pub fn reasons(&self) -> &[ConvertReason] {
        &self.reasons
    }

    /// The reasons, owned.
    pub fn into_reasons(self) -> Vec<ConvertReason> {
        self.reasons
    }

    /// The reasons, one by one: `reasons().iter()`.
    pub fn iter(&self) -> std::slice::Iter<'_, ConvertReason> {
        self.reasons.iter()
    }

    /// How many reasons there are, at least one.
    pub fn len(&self) -> usize {
        self.reasons.len()
    }

    /// Whether there are none: never, since it holds at least one.
    pub fn is_empty(&self) -> bool {
        self.reasons.is_empty()
    }
}

impl<'a> IntoIterator for &'a ConvertError {
    type Item = &'a ConvertReason;
    type IntoIter = std::slice::Iter<'a, ConvertReason>;

    fn into_iter(self) -> Self::IntoIter {
        self.reasons.iter()
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.reasons.len();
        write!(
            f,
            "the schema cannot be converted into the Pedelec argsSchema subset ({count} reason{})",
            if count == 1 { "" } else { "s" }
        )?;
        for reason in &self.reasons {
            write!(f, "\n  {reason}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConvertError {}
