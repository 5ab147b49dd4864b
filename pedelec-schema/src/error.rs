//! The error a schema that cannot be used turns into.

use std::fmt;

use serde::Serialize;

use crate::diagnostic::Diagnostic;

/// Every error found in a schema that is outside the subset.
///
/// Returned by [`ToolArgsSchema::from_value`](crate::ToolArgsSchema::from_value)
/// and its siblings. It holds errors only; [`lint`](crate::lint()) also gives
/// warnings.
///
/// Serializes, as a [`ConvertError`](crate::ConvertError) does, as
/// `{"diagnostics": [{"severity","code","pointer","message"}, ...]}`:
///
/// ```
/// use pedelec_schema::ToolArgsSchema;
/// use serde_json::json;
///
/// let error = ToolArgsSchema::from_value(&json!({"type": "object", "format": "x"})).unwrap_err();
/// assert_eq!(serde_json::to_value(&error)?, json!({"diagnostics": [{
///     "severity": "error",
///     "code": "unsupported_keyword",
///     "pointer": "/format",
///     "message": error.diagnostics()[0].message,
/// }]}));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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

#[cfg(test)]
mod tests {
    use crate::diagnostic::{Code, Diagnostic};
    use crate::{convert, ToolArgsSchema};

    #[test]
    fn a_schema_error_serializes_its_diagnostics_as_a_convert_error_its_reasons() {
        let error = ToolArgsSchema::from_json_str("{").unwrap_err();
        let diagnostic = &error.diagnostics()[0];
        assert_eq!(diagnostic.code, Code::InvalidJson);
        assert_eq!(
            serde_json::to_string(&error).unwrap(),
            format!(
                r#"{{"diagnostics":[{{"severity":"error","code":"invalid_json","pointer":"","message":{}}}]}}"#,
                serde_json::to_string(&diagnostic.message).unwrap()
            )
        );
        let reasons = convert(&serde_json::json!({"type": "string"})).unwrap_err();
        let value = serde_json::to_value(&reasons).unwrap();
        assert_eq!(value.as_object().unwrap().len(), 1);
        assert_eq!(value["reasons"][0]["code"], "accepts_no_objects");
        assert_eq!(
            serde_json::to_string(&reasons.reasons()[0]).unwrap(),
            format!(
                r#"{{"pointer":"","code":"accepts_no_objects","message":{}}}"#,
                serde_json::to_string(&reasons.reasons()[0].message).unwrap()
            )
        );
        let warning = Diagnostic::new(Code::UnboundedArray, "/properties/a", "m");
        assert_eq!(
            serde_json::to_string(&warning).unwrap(),
            r#"{"severity":"warning","code":"unbounded_array","pointer":"/properties/a","message":"m"}"#
        );
    }
}
