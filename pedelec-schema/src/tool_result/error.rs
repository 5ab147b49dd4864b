//! [`OutputError`]: why a tool's result was not sent.

use std::fmt;

use crate::document::{ValidationError, ValidationErrors};

/// Why a tool's result was refused before it was sent: the server's
/// error, not the model's, so it names every failure for the log and the
/// developer rather than advice for a model.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum OutputError {
    /// The result does not match the output schema: every failure, with
    /// its path in the result.
    Invalid(ValidationErrors),
    /// The result could not be serialized as JSON (a map whose keys are
    /// not strings, a `Serialize` that failed): serde_json's message.
    Serialize {
        /// serde_json's message.
        message: String,
    },
}

impl OutputError {
    /// The schema failures (empty for [`OutputError::Serialize`]).
    pub fn errors(&self) -> &[ValidationError] {
        match self {
            OutputError::Invalid(errors) => errors.errors(),
            OutputError::Serialize { .. } => &[],
        }
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::Invalid(errors) => {
                f.write_str("The tool's result does not match its output schema: ")?;
                f.write_str(&errors.summary())
            }
            OutputError::Serialize { message } => {
                write!(f, "The tool's result could not be serialized: {message}")
            }
        }
    }
}

impl std::error::Error for OutputError {}
