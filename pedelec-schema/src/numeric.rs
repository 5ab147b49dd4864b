//! Exact arithmetic on JSON numbers.
//!
//! `serde_json` keeps a number as `u64`, `i64` or `f64`, whichever holds it
//! exactly. Comparing them through `f64` would lose precision beyond 2^53
//! (`9007199254740993 > 9007199254740992.0` would be false), so comparisons
//! here are exact across all three representations. A number's text is
//! more than its `f64` where the double rounded it; `decimal.rs` compares
//! texts exactly.

pub(crate) mod decimal;

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

/// The numbers between two optional bounds, prepared so that the common
/// cases - an `i64`, or a float against bounds a float holds exactly - are
/// settled with two comparisons.
///
/// [`surely_contains`](Self::surely_contains) answers `true` only when the
/// number is inside; `false` means "decide exactly" (with [`Num::cmp`]), so
/// the interval can only make a check faster, never change its answer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Interval {
    /// The `i64` values inside, `low..=high` (empty when `low > high`).
    ints: (i64, i64),
    /// The floats inside, when both bounds are exact as floats.
    floats: Option<(f64, f64)>,
}

impl Interval {
    pub(crate) fn of(minimum: Option<Num>, maximum: Option<Num>) -> Interval {
        let ints = match (
            minimum.map_or(Some(i64::MIN), least_int_above),
            maximum.map_or(Some(i64::MAX), greatest_int_below),
        ) {
            (Some(low), Some(high)) => (low, high),
            _ => (1, 0),
        };
        let floats = match (
            minimum.map_or(Some(f64::NEG_INFINITY), exact_float),
            maximum.map_or(Some(f64::INFINITY), exact_float),
        ) {
            (Some(low), Some(high)) => Some((low, high)),
            _ => None,
        };
        Interval { ints, floats }
    }

    /// Whether `number` is surely inside (and, if `integer`, an integer).
    /// A float equal to a bound is never surely inside: it may have been
    /// read from a text that the double rounded, on either side of the
    /// bound (`1e-400` is read as `0.0`), which only the exact check asks.
    #[inline(always)]
    pub(crate) fn surely_contains(&self, number: &Number, integer: bool) -> bool {
        if let Some(int) = number.as_i64() {
            return self.ints.0 <= int && int <= self.ints.1;
        }
        match self.floats {
            Some((low, high)) if number.is_f64() => {
                let float = number.as_f64().unwrap_or(f64::NAN);
                (!integer || float.fract() == 0.0) && low < float && float < high
            }
            _ => false,
        }
    }
}

/// 2^63, the first float beyond `i64`.
const I64_END: f64 = 9_223_372_036_854_775_808.0;

/// The least `i64` at or above `bound`, if there is one.
fn least_int_above(bound: Num) -> Option<i64> {
    match bound {
        Num::Int(int) => {
            (int <= i128::from(i64::MAX)).then(|| int.max(i128::from(i64::MIN)) as i64)
        }
        // Exact: a ceiled float inside the i64 range is an i64.
        Num::Float(float) => {
            let ceiled = float.ceil();
            (ceiled < I64_END).then(|| ceiled.max(-I64_END) as i64)
        }
    }
}

/// The greatest `i64` at or below `bound`, if there is one.
fn greatest_int_below(bound: Num) -> Option<i64> {
    match bound {
        Num::Int(int) => {
            (int >= i128::from(i64::MIN)).then(|| int.min(i128::from(i64::MAX)) as i64)
        }
        Num::Float(float) => {
            let floored = float.floor();
            // `as` saturates: a float at or beyond 2^63 becomes i64::MAX.
            (floored >= -I64_END).then_some(floored as i64)
        }
    }
}

/// `bound` as a float, if a float holds it exactly.
fn exact_float(bound: Num) -> Option<f64> {
    match bound {
        Num::Float(float) => Some(float),
        Num::Int(int) if int.unsigned_abs() <= 1 << 53 => Some(int as i64 as f64),
        Num::Int(_) => None,
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

    /// The interval is a shortcut: wherever it says "inside", comparing
    /// exactly must agree, and for `i64` values and floats against exact
    /// bounds it must also say "inside" whenever comparing exactly does.
    #[test]
    fn intervals_agree_with_exact_comparison() {
        let edges = [
            json!(0),
            json!(-0.0),
            json!(1),
            json!(1.0),
            json!(1.5),
            json!(-1.5),
            json!(-100),
            json!(100),
            json!(9_007_199_254_740_992_u64),
            json!(9_007_199_254_740_993_u64),
            json!(9_007_199_254_740_992.0),
            json!(i64::MAX),
            json!(i64::MIN),
            json!(u64::MAX),
            json!(9_223_372_036_854_775_808.0),
            json!(-9_223_372_036_854_775_808.0),
            json!(1e300),
            json!(-1e300),
            json!(f64::MAX),
        ];
        let numbers: Vec<Number> = edges.into_iter().map(n).collect();
        let bounds: Vec<Option<Num>> = std::iter::once(None)
            .chain(numbers.iter().map(|b| Some(Num::of(b))))
            .collect();
        for &minimum in &bounds {
            for &maximum in &bounds {
                let interval = Interval::of(minimum, maximum);
                for number in &numbers {
                    let value = Num::of(number);
                    let inside = minimum.is_none_or(|m| value.cmp(m) != Ordering::Less)
                        && maximum.is_none_or(|m| value.cmp(m) != Ordering::Greater);
                    for integer in [false, true] {
                        let exact = inside && (!integer || value.is_integer());
                        let fast = interval.surely_contains(number, integer);
                        let context =
                            format!("{number} in {minimum:?}..={maximum:?}, integer {integer}");
                        assert!(!fast || exact, "shortcut says inside: {context}");
                        // A float equal to a bound is left to the exact
                        // check, which may know the text it was read from.
                        let on_bound = [minimum, maximum]
                            .into_iter()
                            .flatten()
                            .any(|bound| value.cmp(bound) == Ordering::Equal);
                        let settled = number.as_i64().is_some()
                            || (number.is_f64() && interval.floats.is_some() && !on_bound);
                        assert!(!settled || fast == exact, "shortcut disagrees: {context}");
                    }
                }
            }
        }
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
