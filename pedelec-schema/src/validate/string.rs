use serde_json::Value;

use super::{fail, type_mismatch, Here, Sink};
use crate::message::{Listed, Quoted};
use crate::schema::StringNode;

#[inline]
pub(super) fn check<S: Sink>(
    node: &StringNode,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    let Value::String(text) = value else {
        return type_mismatch("a string", value, here, sink);
    };
    let mut valid = true;
    if let Some(allowed) = &node.enum_values {
        if !allowed.iter().any(|candidate| candidate == text) {
            fail!(
                sink,
                here,
                valid,
                "enum",
                "{} is not allowed here; use {}",
                Quoted::new(text),
                Listed(allowed)
            );
        }
    }
    if let Some(min) = node.min_length {
        // A string has at most as many code points as bytes, so most strings
        // are settled without counting.
        if (text.len() as u64) < min || (code_points(text) as u64) < min {
            let count = code_points(text);
            fail!(
                sink,
                here,
                valid,
                "minLength",
                "the string has {count} characters, fewer than the minimum length {min}"
            );
        }
    }
    if let Some(max) = node.max_length {
        if (text.len() as u64) > max && (code_points(text) as u64) > max {
            let count = code_points(text);
            fail!(
                sink,
                here,
                valid,
                "maxLength",
                "the string has {count} characters, more than the maximum length {max}; shorten it"
            );
        }
    }
    if let Some(pattern) = &node.pattern {
        if !pattern.is_match(text) {
            fail!(
                sink,
                here,
                valid,
                "pattern",
                "{} does not match the pattern {}",
                Quoted::new(text),
                Quoted::with_limit(pattern.as_str(), 80)
            );
        }
    }
    valid
}

/// String lengths in JSON Schema count Unicode code points.
fn code_points(text: &str) -> usize {
    text.chars().count()
}
