use serde_json::Value;

use super::plan::Plan;
use super::{child, equality, fail, type_mismatch, Here, Sink};
use crate::schema::ArrayNode;

pub(super) fn check<S: Sink>(
    array: &ArrayNode,
    items_plan: &Plan,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    let Value::Array(elements) = value else {
        return type_mismatch("an array", value, here, sink);
    };
    let mut valid = true;
    let count = elements.len() as u64;
    if let Some(min) = array.min_items {
        if count < min {
            fail!(
                sink,
                here,
                valid,
                "minItems",
                "the array has {count} items, fewer than the minimum {min}"
            );
        }
    }
    if let Some(max) = array.max_items {
        if count > max {
            fail!(
                sink,
                here,
                valid,
                "maxItems",
                "the array has {count} items, more than the maximum {max}; send at most {max}"
            );
        }
    }
    let items_schema = here.schema.key("items");
    for (index, element) in elements.iter().enumerate() {
        let element_here = Here {
            instance: &here.instance.index(index),
            schema: &items_schema,
        };
        if !child(&array.items, items_plan, element, element_here, sink) {
            valid = false;
            if S::FAIL_FAST {
                return false;
            }
        }
    }
    if array.unique_items {
        if let Some((first, second)) = equality::find_duplicate(elements) {
            fail!(
                sink,
                here,
                valid,
                "uniqueItems",
                "items {first} and {second} are equal, but the items must be unique"
            );
        }
    }
    valid
}
