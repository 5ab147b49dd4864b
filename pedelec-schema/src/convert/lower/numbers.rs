//! Writing numbers as the subset's inclusive `minimum`/`maximum`.
//!
//! Exclusive bounds on an integer node become the next integer inside,
//! exactly, whatever the number's representation; where no exact step
//! exists (a float bound beyond 2^53, where floats are more than 1 apart)
//! the bound is kept inclusive and the change says it widens.

use std::cmp::Ordering;

use serde_json::{Number, Value};

use super::Form;
use crate::change::ChangeCode;
use crate::convert::context::Context;
use crate::convert::read::numbers::integer_number;
use crate::convert::shape::{Bound, Facets};
use crate::numeric::{self, Num};
use crate::schema::{NumberNode, SchemaNode};

/// Writes a number node ([`SchemaNode::Integer`] when the facets say
/// integer); [`Form::Nothing`] when no number can pass.
pub(super) fn lower_number(ctx: &mut Context<'_>, facets: &Facets) -> Form {
    let integer = facets.integer;
    let minimum = facets
        .minimum
        .as_ref()
        .map(|b| inclusive(ctx, b, integer, true));
    let maximum = facets
        .maximum
        .as_ref()
        .map(|b| inclusive(ctx, b, integer, false));
    if let (Some(low), Some(high)) = (&minimum, &maximum) {
        if numeric::compare(low, high) == Ordering::Greater {
            return Form::Nothing;
        }
    }
    let mut node = NumberNode::default();
    if let Some(values) = &facets.enum_values {
        let numbers: Vec<Number> = values
            .value
            .iter()
            .filter_map(Value::as_number)
            .filter(|n| !integer || numeric::is_integer(n))
            .cloned()
            .collect();
        if numbers.is_empty() {
            return Form::Nothing;
        }
        node.enum_values = Some(numbers);
    }
    node.minimum = minimum;
    node.maximum = maximum;
    Form::Node(if integer {
        SchemaNode::Integer(node)
    } else {
        SchemaNode::Number(node)
    })
}

/// The inclusive form of a bound.
fn inclusive(ctx: &mut Context<'_>, bound: &Bound, integer: bool, lower: bool) -> Number {
    if !bound.exclusive {
        return bound.value.clone();
    }
    let keyword = if lower { "minimum" } else { "maximum" };
    if integer {
        if let Some(step) = next_integer(&bound.value, lower) {
            ctx.note(
                ChangeCode::ExclusiveBoundOnInteger,
                &bound.at,
                format!(
                    "the exclusive bound {} became `{keyword}: {step}`, the nearest integer \
                     inside it",
                    bound.value
                ),
            );
            return step;
        }
    }
    ctx.note(
        ChangeCode::ExclusiveBoundMadeInclusive,
        &bound.at,
        format!(
            "the exclusive bound {value} became `{keyword}: {value}`: the handler must refuse \
             {value} itself",
            value = bound.value
        ),
    );
    bound.value.clone()
}

/// The least integer above `value` (`lower`) or the greatest below it, if
/// it can be written exactly.
fn next_integer(value: &Number, lower: bool) -> Option<Number> {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    match Num::of(value) {
        Num::Int(int) => integer_number(if lower { int + 1 } else { int - 1 }),
        // A float with a fraction part is below 2^52: its neighbours are exact.
        Num::Float(float) if float.fract() != 0.0 => {
            integer_number((if lower { float.ceil() } else { float.floor() }) as i128)
        }
        Num::Float(float) if float.abs() < EXACT => {
            integer_number((if lower { float + 1.0 } else { float - 1.0 }) as i128)
        }
        Num::Float(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(value: Value) -> Number {
        value.as_number().cloned().unwrap()
    }

    #[test]
    fn exclusive_integer_bounds_step_exactly() {
        assert_eq!(next_integer(&n(json!(0)), true), Some(n(json!(1))));
        assert_eq!(next_integer(&n(json!(10)), false), Some(n(json!(9))));
        assert_eq!(next_integer(&n(json!(0.5)), true), Some(n(json!(1))));
        assert_eq!(next_integer(&n(json!(-0.5)), false), Some(n(json!(-1))));
        assert_eq!(next_integer(&n(json!(2.0)), true), Some(n(json!(3))));
        assert_eq!(
            next_integer(&n(json!(u64::MAX)), false),
            Some(n(json!(u64::MAX - 1)))
        );
        assert_eq!(
            next_integer(&n(json!(u64::MAX)), true),
            Some(n(json!(18_446_744_073_709_551_616.0)))
        );
        assert_eq!(next_integer(&n(json!(1e300)), true), None);
        // -2^63 - 1 has no exact JSON number: no step, the bound widens.
        assert_eq!(next_integer(&n(json!(i64::MIN)), false), None);
    }
}
