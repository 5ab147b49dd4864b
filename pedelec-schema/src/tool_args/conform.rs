//! Reading validated arguments into the Rust type.
//!
//! Two things that the schema accepts would still make serde fail, so when
//! the first attempt fails, the value is brought into the shape serde reads
//! and read again:
//!
//! - An `integer` node accepts `3.0` (JSON Schema: a number with a zero
//!   fractional part is an integer), but serde does not read a float into a
//!   `u8`. Such floats under `integer` nodes become integers.
//! - Properties that the schema does not name are allowed, as in JSON
//!   Schema, and serde ignores them in structs, but an externally tagged enum
//!   (`{"Variant": {...}}`) must be an object with a single key. Properties
//!   the schema does not name are dropped.
//!
//! Both follow the schema, through the rules it compiled
//! (`validate/compiled.rs`): under a `oneOf`, the branch that owns the
//! value leads the way (`validate/choice.rs`; validation proved one does).
//! Where none does - which no validated value meets - the value is left
//! as it is.

use serde::de::DeserializeOwned;
use serde_json::{Number, Value};

use super::refusal::refusal;
use crate::document::ArgsError;
use crate::tool_args_schema::ToolArgsSchema;
use crate::validate::{CompiledNode, CompiledObject, Kind};

/// Deserializes `args`, which `schema` accepted.
///
/// They are read by reference, although reading them by value would move
/// their strings into `T` instead of copying them: a value serde refuses
/// must still be there to be read again for its path.
pub(crate) fn deserialize<T: DeserializeOwned>(
    schema: &ToolArgsSchema,
    args: Value,
) -> Result<T, ArgsError> {
    // The common case reads the value as it came, so a float stays exactly
    // what the agent sent (`-0.0` included).
    if let Ok(parsed) = T::deserialize(&args) {
        return Ok(parsed);
    }
    let mut args = args;
    conform_object(schema.compiled(), &mut args);
    // Only a value serde refuses pays for tracking the path.
    serde_path_to_error::deserialize(&args)
        .map_err(|refused| ArgsError::Deserialize(refusal(schema, &args, refused)))
}

fn conform_object(object: CompiledObject<'_>, value: &mut Value) {
    let Value::Object(map) = value else { return };
    map.retain(|name, _| object.property(name).is_some());
    for property in object.properties() {
        if let Some(present) = map.get_mut(property.name) {
            conform(property.node, present);
        }
    }
}

fn conform(node: CompiledNode<'_>, value: &mut Value) {
    match node.kind() {
        Kind::Integer => integral_float_to_integer(value),
        Kind::Object(object) => conform_object(object, value),
        Kind::Array(array) => {
            if let Value::Array(items) = value {
                for item in items {
                    conform(array.items(), item);
                }
            }
        }
        Kind::OneOf(one_of) => {
            if let Some(owner) = one_of.owner(value) {
                conform(one_of.branch(owner), value);
            }
        }
        Kind::String | Kind::Number | Kind::Boolean => {}
    }
}

/// `3.0` -> `3`, when the float is an integer that `u64` or `i64` holds
/// (every integer type's range is within those; see `ToolArgsNode`).
fn integral_float_to_integer(value: &mut Value) {
    let Value::Number(number) = value else { return };
    let Some(float) = number.as_f64().filter(|_| number.is_f64()) else {
        return;
    };
    if float.fract() != 0.0 {
        return;
    }
    // 2^64 and -2^63 are exact as f64, so these comparisons are exact, and
    // an integral float inside them converts without rounding.
    const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;
    const MINUS_TWO_POW_63: f64 = -9_223_372_036_854_775_808.0;
    if (0.0..TWO_POW_64).contains(&float) {
        *number = Number::from(float as u64);
    } else if (MINUS_TWO_POW_63..0.0).contains(&float) {
        *number = Number::from(float as i64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn conformed(schema: Value, mut value: Value) -> Value {
        let schema = ToolArgsSchema::from_value(&schema).unwrap();
        conform_object(schema.compiled(), &mut value);
        value
    }

    #[test]
    fn integral_floats_under_integer_nodes_become_integers() {
        let schema = json!({"type": "object", "properties": {
            "n": {"type": "integer"}, "f": {"type": "number"},
            "list": {"type": "array", "items": {"type": "integer"}}
        }});
        let value = conformed(
            schema,
            json!({"n": 3.0, "f": 2.0, "list": [-1.0, 1e19, 2.5]}),
        );
        assert!(value["n"].is_u64());
        assert!(value["f"].is_f64(), "number nodes keep floats");
        assert_eq!(value["list"][0], json!(-1));
        assert_eq!(value["list"][1], json!(10_000_000_000_000_000_000_u64));
        assert!(
            value["list"][2].is_f64(),
            "a fraction stays (validation refused it)"
        );
    }

    #[test]
    fn floats_beyond_64_bits_stay_floats() {
        let mut value = json!(18_446_744_073_709_551_616.0);
        integral_float_to_integer(&mut value);
        assert!(value.is_f64());
        let mut value = json!(-9_223_372_036_854_775_808.0);
        integral_float_to_integer(&mut value);
        assert_eq!(value, json!(i64::MIN));
    }

    #[test]
    fn unnamed_properties_are_dropped_following_the_matching_branch() {
        let schema = json!({"type": "object", "properties": {"v": {"oneOf": [
            {"type": "object", "properties": {"A": {"type": "integer"}}, "required": ["A"]},
            {"type": "string"}
        ]}}});
        let value = conformed(schema, json!({"v": {"A": 1.0, "extra": true}, "other": 1}));
        assert_eq!(value, json!({"v": {"A": 1}}));
    }

    /// Validation proves one branch owns the value; a value two branches
    /// accept (which `deserialize` never gets) has no owner, and is left
    /// as it is. (It followed the first of them before the choice was
    /// made in one place, `validate/choice.rs`.)
    #[test]
    fn a_value_two_branches_accept_is_left_as_it_is() {
        let schema = json!({"type": "object", "properties": {"v": {"oneOf": [
            {"type": "object", "properties": {"A": {"type": "integer"}}},
            {"type": "object", "properties": {"B": {"type": "string"}}}
        ]}}});
        let value = conformed(schema, json!({"v": {"A": 1.0, "C": true}}));
        assert_eq!(value, json!({"v": {"A": 1.0, "C": true}}));
    }
}
