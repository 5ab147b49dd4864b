//! What a lane asks of its compiled rule beyond the walk's checks: whether
//! it takes a value begun as the reader says, and whether a complete value
//! passes the rule's own keywords, its children having passed theirs.

use serde_json::Value;

use crate::text::Begun;
use crate::validate::Rule;

/// Whether `value`, whose children each passed their nodes, passes what
/// `rule` itself checks: all of a leaf, a container's own keywords. `seen`
/// holds an object's properties seen, as a lane's `seen` does; `float` is
/// the text a float was read from.
pub(super) fn own_keywords_pass(
    rule: &Rule,
    value: &Value,
    seen: u64,
    float: Option<&str>,
) -> bool {
    match (rule, value) {
        (Rule::Object(rule), Value::Object(_)) if rule.property_count() <= 64 => {
            rule.has_required_bits(seen)
        }
        (Rule::String(rule), Value::String(text)) => rule.accepts_text(text),
        (Rule::Number(rule), Value::Number(number)) => match float {
            Some(float) => rule.accepts_text(number, float),
            None => rule.accepts_number(number),
        },
        (Rule::Boolean(rule), Value::Bool(b)) => rule.accepts_bool(*b),
        (Rule::Object(rule), Value::Object(map)) => rule.has_required(map),
        (Rule::Array(rule), Value::Array(items)) => rule.accepts_own(items),
        _ => rule.accepts(value),
    }
}

/// Whether `rule` takes a value begun as `begun` (a `oneOf` is expanded
/// before it is asked).
pub(super) fn takes(rule: &Rule, begun: Begun) -> bool {
    matches!(
        (rule, begun),
        (Rule::String(_), Begun::String)
            | (Rule::Number(_), Begun::Number)
            | (Rule::Boolean(_), Begun::Boolean)
            | (Rule::Array(_), Begun::Array)
            | (Rule::Object(_), Begun::Object)
    )
}
