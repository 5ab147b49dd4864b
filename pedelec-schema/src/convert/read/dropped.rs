//! Keywords the subset has no room for: annotations (dropped, lossless),
//! keys JSON Schema ignores (dropped, lossless), keywords that constrain
//! nothing (lossless), and constraints (dropped, widening), each with what
//! the handler must now check.

use serde_json::{Map, Value};

use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::parse::keywords::{self, KeywordClass};

/// How many characters of a dropped keyword's value a message quotes.
const QUOTED: usize = 120;

/// Records the change for a keyword the subset cannot hold.
pub(super) fn drop_keyword(
    ctx: &mut Context<'_>,
    map: &Map<String, Value>,
    key: &str,
    value: &Value,
    here: &str,
) {
    let (code, message) = classify(map, key, value);
    ctx.note(code, here, message);
}

fn classify(map: &Map<String, Value>, key: &str, value: &Value) -> (ChangeCode, String) {
    if let Some(reason) = no_op(map, key, value) {
        return (
            ChangeCode::NoOpConstraintDropped,
            format!("`{key}` was dropped: {reason}"),
        );
    }
    if is_annotation(key) {
        return (
            ChangeCode::AnnotationDropped,
            format!("`{key}` was dropped: it only annotates"),
        );
    }
    match keywords::classify(key) {
        KeywordClass::Unknown => (
            ChangeCode::UnknownKeywordDropped,
            format!(
                "`{key}` was dropped: it is not a JSON Schema keyword, so it constrained nothing"
            ),
        ),
        _ => (
            ChangeCode::ConstraintDropped,
            format!("`{key}` was dropped: {}", handler_check(map, key, value)),
        ),
    }
}

fn is_annotation(key: &str) -> bool {
    matches!(
        key,
        "$schema"
            | "$id"
            | "$comment"
            | "$anchor"
            | "$dynamicAnchor"
            | "$recursiveAnchor"
            | "$vocabulary"
            | "readOnly"
            | "writeOnly"
            | "deprecated"
            | "contentMediaType"
            | "contentEncoding"
            | "contentSchema"
            | "discriminator"
            | "xml"
            | "externalDocs"
    )
}

/// Why the keyword constrains nothing here, if it does not.
fn no_op(map: &Map<String, Value>, key: &str, value: &Value) -> Option<&'static str> {
    let accepts_all =
        matches!(value, Value::Bool(true)) || value.as_object().is_some_and(|m| m.is_empty());
    match key {
        "additionalProperties" | "unevaluatedProperties" | "unevaluatedItems" if accepts_all => {
            Some("it allows every value")
        }
        "nullable" => Some("only `nullable: true` changes what a node accepts"),
        "propertyNames" if accepts_all || value == &serde_json::json!({"type": "string"}) => {
            Some("every property name is a string")
        }
        "minProperties" | "minContains" if value.as_f64() == Some(0.0) => {
            Some("a minimum of 0 excludes nothing")
        }
        "then" | "else" if !map.contains_key("if") => Some("it applies only beside `if`"),
        "dependentRequired" | "dependentSchemas" | "dependencies" | "patternProperties"
            if value.as_object().is_some_and(|m| m.is_empty()) =>
        {
            Some("it is empty")
        }
        _ => None,
    }
}

/// What the handler must check now that `key` is gone.
fn handler_check(map: &Map<String, Value>, key: &str, value: &Value) -> String {
    let quoted = quote(value);
    match key {
        "additionalProperties" | "unevaluatedProperties" if value == &Value::Bool(false) => {
            let names: Vec<String> = map
                .get("properties")
                .and_then(Value::as_object)
                .map(|p| p.keys().map(|k| format!("`{k}`")).collect())
                .unwrap_or_default();
            if names.is_empty() {
                "the handler must refuse every property".to_owned()
            } else {
                format!(
                    "the handler must refuse properties other than {}",
                    names.join(", ")
                )
            }
        }
        "additionalProperties" | "unevaluatedProperties" => format!(
            "the handler must check every property not listed in `properties` against {quoted}"
        ),
        "patternProperties" => {
            format!("the handler must check the properties whose names match against {quoted}")
        }
        "propertyNames" => format!("the handler must check every property name against {quoted}"),
        "minProperties" | "maxProperties" => {
            format!("the handler must check the number of properties ({key}: {quoted})")
        }
        "dependentRequired" | "dependentSchemas" | "dependencies" => {
            format!("the handler must check the properties that depend on others: {quoted}")
        }
        "multipleOf" => format!("the handler must check the number is a multiple of {quoted}"),
        "contains" | "minContains" | "maxContains" => {
            format!("the handler must check which elements the array contains ({key}: {quoted})")
        }
        "not" => format!("the handler must refuse values that match {quoted}"),
        "if" | "then" | "else" => {
            format!("the handler must check the condition ({key}: {quoted})")
        }
        "$dynamicRef" | "$recursiveRef" => format!(
            "dynamic references are not followed; the handler must check the value against \
             {quoted}"
        ),
        _ => format!("the handler must check it ({key}: {quoted})"),
    }
}

/// The value as compact JSON, cut to [`QUOTED`] characters.
fn quote(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() <= QUOTED {
        return format!("`{text}`");
    }
    let cut: String = text.chars().take(QUOTED).collect();
    format!("`{cut}...`")
}
