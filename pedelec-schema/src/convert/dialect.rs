//! Which dialect the source speaks, where that changes what it means.
//!
//! - The JSON Schema draft comes from the root's `$schema` (2020-12 when
//!   absent or unknown). It decides whether keywords beside `$ref` count
//!   (not before 2019-09) and whether `1.0` is an integer (not in draft 4).
//!   The tuple forms of every draft (`items` as an array, `prefixItems`)
//!   and both forms of `exclusiveMinimum` (draft 4's boolean, later drafts'
//!   number) are read whatever the draft says, since each has one meaning.
//! - OpenAPI 3.0 (and Gemini's `Schema`, which follows it) is recognised
//!   keyword by keyword: `nullable: true` means "`null` too" wherever it
//!   stands, `example` is an example.
//! - Gemini's upper-case type names (`"STRING"`) are recognised node by
//!   node; on such a node, a `type` beside `anyOf` is the placeholder the
//!   Google Gen AI SDK writes for a union, not a constraint.

use serde_json::Value;

use super::shape::Family;

/// A JSON Schema draft, as far as conversion tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Draft {
    Draft4,
    Draft6,
    Draft7,
    Draft201909,
    Draft202012,
}

impl Draft {
    /// The draft the root's `$schema` declares.
    pub(super) fn of(document: &Value) -> Draft {
        let declared = document.get("$schema").and_then(Value::as_str);
        let Some(uri) = declared else {
            return Draft::Draft202012;
        };
        if uri.contains("draft-04") {
            Draft::Draft4
        } else if uri.contains("draft-06") {
            Draft::Draft6
        } else if uri.contains("draft-07") {
            Draft::Draft7
        } else if uri.contains("2019-09") {
            Draft::Draft201909
        } else {
            Draft::Draft202012
        }
    }

    /// Whether `$ref` makes every keyword beside it ignored.
    pub(super) fn ref_overrides_siblings(self) -> bool {
        self <= Draft::Draft7
    }

    /// Whether `integer` refuses `1.0`.
    pub(super) fn integer_refuses_fractions_written(self) -> bool {
        self == Draft::Draft4
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Draft::Draft4 => "draft 4",
            Draft::Draft6 => "draft 6",
            Draft::Draft7 => "draft 7",
            Draft::Draft201909 => "draft 2019-09",
            Draft::Draft202012 => "draft 2020-12",
        }
    }
}

/// A type name read from `type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TypeName {
    pub(super) family: Family,
    pub(super) integer: bool,
    /// Spelled in Gemini's upper case.
    pub(super) gemini: bool,
}

/// The family a `type` name stands for, in JSON Schema's or Gemini's
/// spelling; `None` for any other name.
pub(super) fn type_name(name: &str) -> Option<TypeName> {
    let (family, integer) = match name.to_ascii_lowercase().as_str() {
        "null" => (Family::Null, false),
        "boolean" => (Family::Boolean, false),
        "number" => (Family::Number, false),
        "integer" => (Family::Number, true),
        "string" => (Family::String, false),
        "array" => (Family::Array, false),
        "object" => (Family::Object, false),
        _ => return None,
    };
    let gemini = name.bytes().all(|b| b.is_ascii_uppercase());
    if !gemini && name.bytes().any(|b| b.is_ascii_uppercase()) {
        // `String`, `Object`: neither JSON Schema nor Gemini.
        return None;
    }
    Some(TypeName {
        family,
        integer,
        gemini,
    })
}

/// What to write instead of a type name that is not one.
pub(super) fn type_name_hint(name: &str) -> &'static str {
    match name {
        "dict" | "map" | "HashMap" | "Hashtable" | "Object" => "write \"object\"",
        "float" | "double" | "decimal" => "write \"number\"",
        "int" | "long" | "short" | "byte" => "write \"integer\"",
        "str" | "String" | "char" => "write \"string\"",
        "bool" | "Boolean" => "write \"boolean\"",
        "list" | "tuple" | "ArrayList" | "Array" | "set" => "write \"array\" with `items`",
        "any" | "Any" | "" => "leave `type` out for a value of any type",
        _ => "use one of null, boolean, number, integer, string, array, object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn drafts_come_from_the_root_schema_keyword() {
        let draft = |uri: &str| Draft::of(&json!({"$schema": uri}));
        assert_eq!(
            draft("http://json-schema.org/draft-04/schema#"),
            Draft::Draft4
        );
        assert_eq!(
            draft("http://json-schema.org/draft-07/schema#"),
            Draft::Draft7
        );
        assert_eq!(
            draft("https://json-schema.org/draft/2019-09/schema"),
            Draft::Draft201909
        );
        assert_eq!(
            draft("https://json-schema.org/draft/2020-12/schema"),
            Draft::Draft202012
        );
        assert_eq!(Draft::of(&json!({})), Draft::Draft202012);
        assert!(Draft::Draft7.ref_overrides_siblings());
        assert!(!Draft::Draft201909.ref_overrides_siblings());
    }

    #[test]
    fn type_names_in_both_spellings() {
        assert_eq!(type_name("integer").map(|t| t.integer), Some(true));
        assert_eq!(type_name("STRING").map(|t| t.gemini), Some(true));
        assert_eq!(type_name("string").map(|t| t.gemini), Some(false));
        assert_eq!(type_name("String"), None);
        assert_eq!(type_name("dict"), None);
        assert_eq!(type_name_hint("dict"), "write \"object\"");
    }
}
