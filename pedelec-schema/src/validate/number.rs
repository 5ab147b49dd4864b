use std::cmp::Ordering;

use serde_json::Value;

use super::plan::NumberPlan;
use super::{fail, type_mismatch, Here, Sink};
use crate::message::Listed;
use crate::numeric::{self, Num};
use crate::schema::NumberNode;

#[inline]
pub(super) fn check<S: Sink>(
    node: &NumberNode,
    bounds: &NumberPlan,
    integer: bool,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    let Value::Number(number) = value else {
        let expected = if integer { "an integer" } else { "a number" };
        return type_mismatch(expected, value, here, sink);
    };
    let num = Num::of(number);
    if integer && !num.is_integer() {
        return type_mismatch("an integer", value, here, sink);
    }
    let mut valid = true;
    if let Some(allowed) = &node.enum_values {
        if !allowed
            .iter()
            .any(|candidate| numeric::equal(candidate, number))
        {
            fail!(
                sink,
                here,
                valid,
                "enum",
                "{number} is not allowed here; use {}",
                Listed(allowed)
            );
        }
    }
    if let (Some(minimum), Some(min)) = (&node.minimum, bounds.minimum) {
        if num.cmp(min) == Ordering::Less {
            fail!(
                sink,
                here,
                valid,
                "minimum",
                "{number} is less than the minimum {minimum}"
            );
        }
    }
    if let (Some(maximum), Some(max)) = (&node.maximum, bounds.maximum) {
        if num.cmp(max) == Ordering::Greater {
            fail!(
                sink,
                here,
                valid,
                "maximum",
                "{number} is greater than the maximum {maximum}"
            );
        }
    }
    valid
}
