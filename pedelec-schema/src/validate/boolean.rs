use serde_json::Value;

use super::{fail, type_mismatch, Here, Sink};
use crate::message::Listed;
use crate::schema::BooleanNode;

#[inline]
pub(super) fn check<S: Sink>(
    node: &BooleanNode,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    let Value::Bool(b) = value else {
        return type_mismatch("a boolean", value, here, sink);
    };
    let mut valid = true;
    if let Some(allowed) = &node.enum_values {
        if !allowed.contains(b) {
            fail!(
                sink,
                here,
                valid,
                "enum",
                "{b} is not allowed here; use {}",
                Listed(allowed)
            );
        }
    }
    valid
}
