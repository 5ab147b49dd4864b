//! Exact arithmetic on JSON numbers.
//!
//! `serde_json` keeps a number as `u64`, `i64` or `f64`, whichever holds it
//! exactly. Comparing them through `f64` would lose precision beyond 2^53
//! (`9007199254740993 > 9007199254740992.0` would be false), so comparisons
//! here are exact across all three representations.

use std::cmp::Ordering;

use serde_json::Number;

/// A JSON number in the representation `serde_json` chose for it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    #[inline]
    pub(crate) fn of(number: &Number) -> Num {
        if let Some(u) = number.as_u64() {
            Num::Int(i128::from(u))
        } else if let Some(i) = number.as_i64() {
            Num::Int(i128::from(i))
        } else {
            // serde_json only builds finite floats, so this is never NaN.
            Num::Float(number.as_f64().unwrap_or(0.0))
        }
    }

    /// Whether the number has a zero fractional part (`1.0` is an integer).
    #[inline]
    pub(crate) fn is_integer(self) -> bool {
        match self {
            Num::Int(_) => true,
            Num::Float(f) => f.is_finite() && f.fract() == 0.0,
        }
    }

    #[inline]
    pub(crate) fn cmp(self, other: Num) -> Ordering {
        match (self, other) {
            (Num::Int(a), Num::Int(b)) => a.cmp(&b),
            (Num::Float(a), Num::Float(b)) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
            (Num::Int(a), Num::Float(b)) => cmp_int_float(a, b),
            (Num::Float(a), Num::Int(b)) => cmp_int_float(b, a).reverse(),
        }
    }
}

/// Compares an integer with a float without rounding either.
#[inline]
fn cmp_int_float(int: i128, float: f64) -> Ordering {
    // Integers up to 2^53 are exact as floats: the common case needs no
    // more than a float comparison.
    const EXACT: u128 = 1 << 53;
    if int.unsigned_abs() <= EXACT {
        // Through i64: converting an i128 to a float is a library call,
        // an i64 one instruction.
        return (int as i64 as f64)
            .partial_cmp(&float)
            .unwrap_or(Ordering::Equal);
    }
    cmp_big_int_float(int, float)
}

/// [`cmp_int_float`] for integers beyond 2^53, which a float cannot hold.
#[cold]
fn cmp_big_int_float(int: i128, float: f64) -> Ordering {
    // 2^127 bounds every i128; floats beyond it are beyond every integer here.
    const LIMIT: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;
    if float >= LIMIT {
        return Ordering::Less;
    }
    if float < -LIMIT {
        return Ordering::Greater;
    }
    let whole = float.trunc();
    // Exact: `whole` is an integer-valued float inside the i128 range.
    match int.cmp(&(whole as i128)) {
        Ordering::Equal => 0.0_f64
            .partial_cmp(&(float - whole))
            .unwrap_or(Ordering::Equal),
        unequal => unequal,
    }
}

/// Compares two JSON numbers by mathematical value.
pub(crate) fn compare(a: &Number, b: &Number) -> Ordering {
    Num::of(a).cmp(Num::of(b))
}

/// Whether two JSON numbers are mathematically equal (`1 == 1.0`).
pub(crate) fn equal(a: &Number, b: &Number) -> bool {
    compare(a, b) == Ordering::Equal
}

/// Whether a JSON number has a zero fractional part.
pub(crate) fn is_integer(number: &Number) -> bool {
    Num::of(number).is_integer()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(value: serde_json::Value) -> Number {
        match value {
            serde_json::Value::Number(n) => n,
            other => panic!("not a number: {other}"),
        }
    }

    #[test]
    fn integers_and_floats_compare_exactly_beyond_2_pow_53() {
        let big = n(json!(9_007_199_254_740_993_u64));
        let float = n(json!(9_007_199_254_740_992.0));
        assert_eq!(compare(&big, &float), Ordering::Greater);
        assert_eq!(compare(&float, &big), Ordering::Less);
        assert_eq!(
            compare(&n(json!(u64::MAX)), &n(json!(18_446_744_073_709_551_615.0))),
            Ordering::Less,
            "u64::MAX is one less than 2^64, which is what the float holds"
        );
        assert_eq!(
            compare(&n(json!(i64::MIN)), &n(json!(-9_223_372_036_854_775_808.0))),
            Ordering::Equal
        );
    }

    #[test]
    fn mixed_representations_are_equal_by_value() {
        assert!(equal(&n(json!(1)), &n(json!(1.0))));
        assert!(equal(&n(json!(-0.0)), &n(json!(0))));
        assert!(!equal(&n(json!(1)), &n(json!(1.5))));
        assert_eq!(compare(&n(json!(-1)), &n(json!(u64::MAX))), Ordering::Less);
        assert_eq!(compare(&n(json!(2)), &n(json!(1.5))), Ordering::Greater);
        assert_eq!(compare(&n(json!(-2)), &n(json!(-1.5))), Ordering::Less);
        assert_eq!(compare(&n(json!(1)), &n(json!(1e308))), Ordering::Less);
        assert_eq!(compare(&n(json!(-1)), &n(json!(-1e308))), Ordering::Greater);
    }

    #[test]
    fn integer_means_zero_fraction() {
        assert!(is_integer(&n(json!(1.0))));
        assert!(is_integer(&n(json!(1e308))));
        assert!(is_integer(&n(json!(-0.0))));
        assert!(!is_integer(&n(json!(0.5))));
        assert!(is_integer(&n(json!(u64::MAX))));
    }
}
