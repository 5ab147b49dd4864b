use serde_json::Value;

use super::{fail, node, type_mismatch, Here, Sink};
use crate::schema::ObjectNode;

pub(super) fn check<S: Sink>(
    object: &ObjectNode,
    value: &Value,
    here: Here<'_>,
    sink: &mut S,
) -> bool {
    let Value::Object(map) = value else {
        return type_mismatch("an object", value, here, sink);
    };
    let mut valid = true;
    for name in &object.required {
        if !map.contains_key(name) {
            fail!(
                sink,
                here,
                valid,
                "required",
                "the required property `{name}` is missing"
            );
        }
    }
    let properties_schema = here.schema.key("properties");
    for property in &object.properties {
        let Some(present) = map.get(&property.name) else {
            continue;
        };
        let property_here = Here {
            instance: &here.instance.key(&property.name),
            schema: &properties_schema.key(&property.name),
        };
        if !node(&property.node, present, property_here, sink) {
            valid = false;
            if S::FAIL_FAST {
                return false;
            }
        }
    }
    valid
}
