//! [`Change`]: one thing a bridge did to a schema or to arguments.
//!
//! Every bridge across the subset's edge - conversion into the subset,
//! export to a provider, tolerant intake of arguments - reports each change
//! it makes as a [`Change`], and changes nothing else. A change says where
//! it happened (a JSON Pointer into the document the bridge read), what it
//! was (a stable [`ChangeCode`]), and what it did to the set of accepted
//! values (its [`Effect`]).
//!
//! The effect belongs to the code, as a [`Diagnostic`](crate::Diagnostic)'s
//! severity belongs to its code: where one rewrite can keep or lose meaning
//! depending on the case (an exclusive bound on an integer or on a number),
//! it has one code per case. So a caller that matches on codes knows the
//! effect, and the documentation of each code can state it. The codes,
//! one section per bridge, are `codes.rs`.

use std::fmt;

use serde::Serialize;

use crate::diagnostic::Severity;

mod codes;

pub use codes::ChangeCode;

code_enum! {
    /// What a change did to the set of values a schema accepts.
    pub enum Effect {
        /// The result accepts exactly the values the source accepted: a
        /// change of form only.
        Lossless = "lossless",
        /// The result accepts values the source refused: a constraint was
        /// dropped, and the handler must check it itself.
        Widens = "widens",
        /// The result refuses values the source accepted.
        Narrows = "narrows",
    }
}

/// One thing a bridge did.
///
/// Serializes as `{"pointer","code","effect","message"}`, plus
/// `"severity": "error"` for the rare change whose code is an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// Where: a JSON Pointer (RFC 6901) into the document the bridge read -
    /// the source schema for a conversion, our schema for an export, the
    /// arguments for tolerant intake.
    pub pointer: String,
    /// What was done.
    pub code: ChangeCode,
    /// What it did to the accepted values; always `code.effect()`.
    pub effect: Effect,
    /// What was done and, where something was lost, what the handler must
    /// now check itself.
    pub message: String,
    /// How serious the change is; always `code.severity()`: a
    /// [`Note`](Severity::Note), or an [`Error`](Severity::Error) when the
    /// result breaks a rule of its destination. Serialized only when it is
    /// an error.
    #[serde(skip_serializing_if = "is_not_error")]
    pub severity: Severity,
}

/// Whether a change's severity goes unsaid: all but errors.
fn is_not_error(severity: &Severity) -> bool {
    *severity != Severity::Error
}

impl Change {
    /// A change with `code`'s effect and severity.
    pub fn new(code: ChangeCode, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Change {
            pointer: pointer.into(),
            code,
            effect: code.effect(),
            message: message.into(),
            severity: code.severity(),
        }
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pointer = crate::pointer::shown(&self.pointer);
        write!(
            f,
            "{}[{}] {} at {}: {}",
            self.severity, self.code, self.effect, pointer, self.message
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn change_codes_are_unique_snake_case_names() {
        let mut names: Vec<&str> = ChangeCode::ALL.iter().map(|code| code.as_str()).collect();
        for name in &names {
            let snake = name.starts_with(|c: char| c.is_ascii_lowercase())
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
            assert!(snake, "{name} is not snake_case");
        }
        names.sort_unstable();
        let count = names.len();
        names.dedup();
        assert_eq!(names.len(), count, "a change code name is used twice");
    }

    #[test]
    fn a_change_serializes_its_four_fields_and_an_error_its_severity() {
        let note = Change::new(ChangeCode::OneOfToAnyOf, "/properties/a", "made anyOf");
        assert_eq!(note.effect, Effect::Lossless);
        assert_eq!(
            serde_json::to_value(&note).unwrap(),
            serde_json::json!({"pointer": "/properties/a", "code": "one_of_to_any_of",
                               "effect": "lossless", "message": "made anyOf"})
        );
        let error = ChangeCode::ALL
            .iter()
            .find(|code| code.severity() == Severity::Error)
            .expect("the export has error-severity codes");
        let value = serde_json::to_value(Change::new(*error, "", "too big")).unwrap();
        assert_eq!(value["severity"], "error");
        // The bytes, in field order: severity last, and only for an error.
        assert_eq!(
            serde_json::to_string(&note).unwrap(),
            r#"{"pointer":"/properties/a","code":"one_of_to_any_of","effect":"lossless","message":"made anyOf"}"#
        );
        assert_eq!(
            serde_json::to_string(&Change::new(*error, "", "too big")).unwrap(),
            format!(
                r#"{{"pointer":"","code":"{error}","effect":"{}","message":"too big","severity":"error"}}"#,
                error.effect()
            )
        );
        assert_eq!(
            Change::new(*error, "", "too big").to_string(),
            format!("error[{error}] {} at (root): too big", error.effect())
        );
    }
}
