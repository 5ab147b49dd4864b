//! The error a schema that cannot be used turns into.

use std::fmt;

use crate::diagnostic::Diagnostic;

/// Every error found in a schema that is outside the subset.
///
/// Returned by [`ToolArgsSchema::from_value`](crate::ToolArgsSchema::from_value)
/// and its siblings. It holds errors only; [`lint`](crate::lint()) also gives
/// warnings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    diagnostics: Vec<Diagnostic>,
}

impl SchemaError {
    pub(crate) fn new(diagnostics: Vec<Diagnostic>) -> Self {
        debug_assert!(diagnostics.iter().any(Diagnostic::is_error));
        SchemaError { diagnostics }
    }

    /// The errors, in the order they were found.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The errors, owned.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.diagnostics.len();
        write!(
            f,
            "the schema is outside the Pedelec argsSchema subset ({count} error{})",
            if count == 1 { "" } else { "s" }
        )?;
        for diagnostic in &self.diagnostics {
            write!(f, "\n  {diagnostic}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SchemaError {}
