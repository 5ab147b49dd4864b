//! Reading numbers: bounds (inclusive, exclusive in draft 4's boolean
//! form and in later drafts' numeric form) and integer `format`s, and
//! keeping the tighter of two bounds. `lower/numbers.rs` writes them as
//! the subset's inclusive `minimum`/`maximum`.

use std::cmp::Ordering;

use serde_json::{Map, Number, Value};

use super::facets::not_a_schema;
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::shape::{Bound, Facets, Family};
use crate::message::Described;
use crate::numeric;
use crate::pointer;

/// The integer `format`s with a range, as schemars and OpenAPI write them.
const INTEGER_FORMATS: &[(&str, i128, i128)] = &[
    ("int8", i8::MIN as i128, i8::MAX as i128),
    ("int16", i16::MIN as i128, i16::MAX as i128),
    ("int32", i32::MIN as i128, i32::MAX as i128),
    ("int64", i64::MIN as i128, i64::MAX as i128),
    ("uint8", 0, u8::MAX as i128),
    ("uint16", 0, u16::MAX as i128),
    ("uint32", 0, u32::MAX as i128),
    ("uint64", 0, u64::MAX as i128),
];

/// Number formats every JSON number meets: serde_json reads every number
/// as an `f64` at worst.
const NUMBER_FORMATS_WITHOUT_EFFECT: &[&str] = &["double"];

/// The family a `format` constrains: numbers for the number formats,
/// strings for the rest.
pub(super) fn format_family(format: &str) -> Family {
    let numeric = INTEGER_FORMATS.iter().any(|(name, _, _)| *name == format)
        || NUMBER_FORMATS_WITHOUT_EFFECT.contains(&format)
        || matches!(format, "float" | "int" | "uint");
    if numeric {
        Family::Number
    } else {
        Family::String
    }
}

/// `value` as a JSON number, if one holds it exactly: an `i64`, a `u64`,
/// or a float (2^64 is one).
pub(in crate::convert) fn integer_number(value: i128) -> Option<Number> {
    if let Ok(small) = i64::try_from(value) {
        return Some(Number::from(small));
    }
    if let Ok(large) = u64::try_from(value) {
        return Some(Number::from(large));
    }
    let float = value as f64;
    (float as i128 == value)
        .then(|| Number::from_f64(float))
        .flatten()
}

/// Reads `format`: an integer format becomes `integer` with its range;
/// every other format is dropped.
pub(super) fn read_format(ctx: &mut Context<'_>, facets: &mut Facets, value: &Value, here: &str) {
    let Value::String(format) = value else {
        ctx.note(
            ChangeCode::AnnotationDropped,
            here,
            format!(
                "`format` must be a string, found {}; it was dropped",
                Described(value)
            ),
        );
        return;
    };
    if let Some((_, low, high)) = INTEGER_FORMATS.iter().find(|(name, _, _)| name == format) {
        facets.integer = true;
        let range = (integer_number(*low), integer_number(*high));
        let (Some(low_bound), Some(high_bound)) = range else {
            unreachable!("every integer format's range fits an i64 or a u64")
        };
        restrict_minimum(facets, bound(low_bound, false, here));
        restrict_maximum(facets, bound(high_bound, false, here));
        ctx.note(
            ChangeCode::IntegerFormatToBounds,
            here,
            format!(
                "`format: \"{format}\"` became `type: integer` with `minimum: {low}` and \
                 `maximum: {high}`"
            ),
        );
    } else if NUMBER_FORMATS_WITHOUT_EFFECT.contains(&format.as_str()) {
        ctx.note(
            ChangeCode::AnnotationDropped,
            here,
            format!("`format: \"{format}\"` was dropped: every JSON number meets it"),
        );
    } else {
        ctx.note(
            ChangeCode::FormatDropped,
            here,
            format!(
                "`format: \"{format}\"` was dropped: the handler must check the value is a \
                 valid {format}"
            ),
        );
    }
}

fn bound(value: Number, exclusive: bool, at: &str) -> Bound {
    Bound {
        value,
        exclusive,
        at: at.to_owned(),
    }
}

/// Reads `minimum`, `maximum`, and the numeric form of `exclusiveMinimum`
/// and `exclusiveMaximum` (the boolean form waits for
/// [`apply_boolean_exclusives`]).
pub(super) fn read_bound(
    ctx: &mut Context<'_>,
    facets: &mut Facets,
    key: &str,
    value: &Value,
    here: &str,
) {
    let exclusive = key.starts_with("exclusive");
    let number = match value {
        Value::Number(number) => number.clone(),
        Value::Bool(_) if exclusive => return,
        other => {
            not_a_schema(
                ctx,
                here,
                format!("`{key}` must be a number, found {}", Described(other)),
            );
            return;
        }
    };
    let new = bound(number, exclusive, here);
    if key.ends_with("inimum") {
        restrict_minimum(facets, new);
    } else {
        restrict_maximum(facets, new);
    }
}

/// Draft 4's `exclusiveMinimum: true` makes `minimum` exclusive; `false`
/// says nothing.
pub(super) fn apply_boolean_exclusives(
    ctx: &mut Context<'_>,
    facets: &mut Facets,
    map: &Map<String, Value>,
    at: &str,
) {
    for (key, bound) in [
        ("exclusiveMinimum", &mut facets.minimum),
        ("exclusiveMaximum", &mut facets.maximum),
    ] {
        let Some(Value::Bool(exclusive)) = map.get(key) else {
            continue;
        };
        let here = pointer::join(at, key);
        match bound {
            Some(bound) if *exclusive => bound.exclusive = true,
            _ => ctx.note(
                ChangeCode::NoOpConstraintDropped,
                &here,
                format!("`{key}: {exclusive}` was dropped: it excludes no bound here"),
            ),
        }
    }
}

/// Keeps the greater of two lower bounds (the exclusive one when equal).
pub(in crate::convert) fn restrict_minimum(facets: &mut Facets, new: Bound) {
    facets.minimum = Some(match facets.minimum.take() {
        None => new,
        Some(old) => tighter(old, new, Ordering::Greater),
    });
}

/// Keeps the lesser of two upper bounds (the exclusive one when equal).
pub(in crate::convert) fn restrict_maximum(facets: &mut Facets, new: Bound) {
    facets.maximum = Some(match facets.maximum.take() {
        None => new,
        Some(old) => tighter(old, new, Ordering::Less),
    });
}

fn tighter(old: Bound, new: Bound, wins: Ordering) -> Bound {
    match numeric::compare(&new.value, &old.value) {
        Ordering::Equal if new.exclusive && !old.exclusive => new,
        Ordering::Equal => old,
        order if order == wins => new,
        _ => old,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_formats_name_their_family() {
        assert_eq!(format_family("uint32"), Family::Number);
        assert_eq!(format_family("double"), Family::Number);
        assert_eq!(format_family("date-time"), Family::String);
    }
}
