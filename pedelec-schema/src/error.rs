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

    /// The errors, one by one: `diagnostics().iter()`.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.diagnostics.iter()
    }

    /// How many diagnostics there are, at least one.
    pub fn len(&self) -> usize {
        self.diagnostics.len()
    }

    /// Whether there are none: never, since it holds at least one.
    pub fn is_empty(&self) -> bool {
        self.diagnostics.is_empty()
    }
}

impl<'a> IntoIterator for &'a SchemaError {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.diagnostics.iter()
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

    #[test]
    fn every_collection_of_findings_reads_the_same_way() {
        let schema_error = ToolArgsSchema::from_value(
            &serde_json::json!({"type": "object", "format": "x", "title": "t"}),
        )
        .unwrap_err();
        assert_eq!(schema_error.len(), 2);
        assert!(!schema_error.is_empty());
        assert!(schema_error.iter().eq(schema_error.diagnostics()));
        assert!((&schema_error).into_iter().eq(schema_error.diagnostics()));

        let convert_error = convert(&serde_json::json!({"type": "string"})).unwrap_err();
        assert_eq!(convert_error.len(), convert_error.reasons().len());
        assert!(!convert_error.is_empty());
        assert!(convert_error.iter().eq(convert_error.reasons()));
        let mut count = 0;
        for reason in &convert_error {
            assert!(!reason.message.is_empty());
            count += 1;
        }
        assert_eq!(count, convert_error.len());
        assert_eq!(convert_error.clone().into_reasons().len(), count);

        let schema = ToolArgsSchema::from_value(
            &serde_json::json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
        )
        .unwrap();
        let errors = schema.validate(&serde_json::json!({"a": 1})).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert!(!errors.is_empty());
        assert!(errors.iter().eq(errors.errors()));
        assert!((&errors).into_iter().eq(errors.errors()));
    }
}
