//! Numbers compared as the decimals they are written as.
//!
//! serde_json reads a number's text into the nearest `f64` where it is not
//! an integer that a `u64` or `i64` holds, and the nearest may be on the
//! other side of a bound: `1e-400` is read as `0.0`, and
//! `1.00000000000000000001` as `1.0`. Where the text is still at hand, it
//! decides: [`compare`] compares two numbers' texts exactly, digit by
//! digit, whatever their length or exponent, and [`written`] writes a
//! number the crate holds as the text a schema writes for it.
//!
//! A float's shortest decimal stands for the float ([`spells`]): it is
//! how serde_json and JavaScript write a float, so that a `Value` written
//! and read again is the same, at a bound too.
//!
//! A bound is the number the schema holds as the schema writes it: an
//! integer as it is, a float as the shortest decimal that reads back as the
//! same double (`0.1`, not the double's exact expansion
//! `0.1000000000000000055...`, which would put the text `0.1` below a
//! `minimum` of `0.1`). Rounding to the nearest double keeps order, so a
//! text whose double differs from the bound's is on the same side of the
//! bound as its double: only a double equal to the bound's leaves the side
//! to the text (`validate/number.rs`).

use std::cmp::Ordering;

use serde_json::Number;

use super::Num;

/// The text a schema writes for `number` ([the module's](self) bound):
/// an integer's digits, a float's shortest decimal that reads back as it.
pub(crate) fn written(number: Num) -> String {
    match number {
        Num::Int(int) => int.to_string(),
        // serde_json's writer (ryu): the shortest digits that read back as
        // the double, `1e300` in exponent form. (Rust's own float
        // formatting would add its code to the WebAssembly module.)
        Num::Float(float) => Number::from_f64(float).map_or_else(String::new, |n| n.to_string()),
    }
}

/// Whether `text` is `number`'s shortest decimal, in any spelling of it
/// (`1e308`, `1.0e308`): the text a writer of floats writes for it, which
/// stands for the float, not for the decimal (`-9.223372036854776e18` is
/// -2^63 to JavaScript, which writes it so).
pub(crate) fn spells(text: &str, number: Num) -> bool {
    compare(text, &written(number)) == Ordering::Equal
}

/// Whether `text` is a short decimal - at most 15 significant digits,
/// between 1e-300 and 1e300 or zero - which is the shortest decimal of the
/// float it is read as, and so [`spells`] it: two such decimals are further
/// apart than a float's rounding reaches (a float holds 15.9 digits), so
/// no shorter one reads as the same float. Looked at without reading the
/// float.
pub(crate) fn is_short(text: &str) -> bool {
    let decimal = Decimal::of(text);
    let Some((first, point)) = decimal.lead else {
        return true;
    };
    let last = (0..decimal.integer.len() + decimal.fraction.len())
        .rev()
        .find(|&at| decimal.digit_at(at) != b'0')
        .unwrap_or(first);
    last - first < 15 && (-300..300).contains(&point)
}

/// Compares the numbers written `a` and `b` (each in JSON's number grammar)
/// by their exact values: `-0` and `0.0e5` are zero, `1e-400` is above it.
pub(crate) fn compare(a: &str, b: &str) -> Ordering {
    let (a, b) = (Decimal::of(a), Decimal::of(b));
    match (a.lead, b.lead) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => sign(!b.negative).reverse(),
        (Some(_), None) => sign(!a.negative),
        (Some(_), Some(_)) if a.negative != b.negative => sign(b.negative),
        (Some(_), Some(_)) => {
            let magnitude = a.magnitude(&b);
            match a.negative {
                true => magnitude.reverse(),
                false => magnitude,
            }
        }
    }
}

/// `Greater` for a positive number against zero or a negative one.
fn sign(positive: bool) -> Ordering {
    match positive {
        true => Ordering::Greater,
        false => Ordering::Less,
    }
}

/// A number's text, read as a sign, its digits and where its point is.
struct Decimal<'a> {
    negative: bool,
    /// The digits before the point and after it (without the point).
    integer: &'a [u8],
    fraction: &'a [u8],
    /// For a number that is not zero, where its first nonzero digit is
    /// among the digits, and its power of ten plus one: the number is
    /// `0.DIGITS × 10^point`, DIGITS from that first one on.
    lead: Option<(usize, i64)>,
}

impl<'a> Decimal<'a> {
    fn of(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let negative = bytes.first() == Some(&b'-');
        let unsigned = &bytes[usize::from(negative)..];
        let mantissa_end = unsigned
            .iter()
            .position(|&byte| matches!(byte, b'e' | b'E'))
            .unwrap_or(unsigned.len());
        let (mantissa, exponent) = unsigned.split_at(mantissa_end);
        let (integer, fraction) = match mantissa.iter().position(|&byte| byte == b'.') {
            Some(point) => (&mantissa[..point], &mantissa[point + 1..]),
            None => (mantissa, &mantissa[mantissa.len()..]),
        };
        let mut decimal = Decimal {
            negative,
            integer,
            fraction,
            lead: None,
        };
        let first = (0..integer.len() + fraction.len()).find(|&at| decimal.digit_at(at) != b'0');
        decimal.lead = first.map(|first| {
            // The text is at most `MAX_TEXT_LEN` long, so the count of
            // digits fits; the exponent saturates, far beyond any double.
            let before_point = integer.len() as i64 - first as i64;
            (first, before_point.saturating_add(exponent_of(exponent)))
        });
        decimal
    }

    /// The digit at `at` among the digits before and after the point.
    fn digit_at(&self, at: usize) -> u8 {
        match at.checked_sub(self.integer.len()) {
            None => self.integer[at],
            Some(after) => self.fraction[after],
        }
    }

    /// The significant digits, from the first nonzero one.
    fn significant(&self) -> impl Iterator<Item = u8> + '_ {
        let first = self.lead.map_or(usize::MAX, |(first, _)| first);
        (first..self.integer.len() + self.fraction.len()).map(|at| self.digit_at(at))
    }

    /// Compares the magnitudes of two numbers that are not zero: by their
    /// powers of ten, then digit by digit, a missing digit being `0`.
    fn magnitude(&self, other: &Decimal<'_>) -> Ordering {
        let point = |decimal: &Decimal<'_>| decimal.lead.map_or(0, |(_, point)| point);
        match point(self).cmp(&point(other)) {
            Ordering::Equal => {}
            unequal => return unequal,
        }
        let (mut mine, mut theirs) = (self.significant(), other.significant());
        loop {
            match (mine.next(), theirs.next()) {
                (None, None) => return Ordering::Equal,
                (Some(a), None) if a != b'0' => return Ordering::Greater,
                (None, Some(b)) if b != b'0' => return Ordering::Less,
                (Some(a), Some(b)) if a != b => return a.cmp(&b),
                _ => {}
            }
        }
    }
}

/// The exponent after `e` (with it), saturating: `e-400` is -400.
fn exponent_of(exponent: &[u8]) -> i64 {
    let Some((_, digits)) = exponent.split_first() else {
        return 0;
    };
    let (negative, digits) = match digits.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, digits),
    };
    let value = digits.iter().fold(0i64, |value, &digit| {
        value
            .saturating_mul(10)
            .saturating_add(i64::from(digit - b'0'))
    });
    match negative {
        true => -value,
        false => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers in increasing order, equal ones in one group.
    const ORDERED: &[&[&str]] = &[
        &["-1e400", "-10e399"],
        &["-1.5", "-15e-1", "-0.15E1"],
        &["-1"],
        &["-1e-400"],
        &["0", "-0", "0.0", "-0.0", "0e5", "0E-999999999999999999999"],
        &["1e-400", "0.1e-399", "10e-401"],
        &["4.9e-324"],
        &["0.1", "0.10", "1e-1", "1.0e-1"],
        &["0.1000000000000000055511151231257827"],
        &["1", "1.0", "1e0", "10e-1", "0.01e2"],
        &["1.00000000000000000001"],
        &["9007199254740992"],
        &[
            "9007199254740993",
            "9007199254740993.0",
            "9.007199254740993e15",
        ],
        &["18446744073709551615"],
        &["18446744073709551616", "1.8446744073709551616e19"],
        &["1e308"],
        &["1e400", "1E+400"],
        &["1e999999999999999999999"],
    ];

    #[test]
    fn numbers_compare_by_their_exact_values() {
        for (i, group) in ORDERED.iter().enumerate() {
            for (j, other) in ORDERED.iter().enumerate() {
                for a in *group {
                    for b in *other {
                        assert_eq!(compare(a, b), i.cmp(&j), "{a} against {b}");
                    }
                }
            }
        }
    }

    /// A short decimal is its float's shortest decimal, whatever its
    /// spelling; a long one, or one beyond the normal floats, may not be.
    #[test]
    fn a_short_decimal_spells_its_float() {
        for text in [
            "0",
            "-0.0",
            "1",
            "1.0",
            "0.25",
            "-2.5e-3",
            "123456789012345",
            "1.23456789012345e-299",
            "9.99999999999999e298",
            "100000000000000000000000",
            "0.1000000000000",
            "7e22",
        ] {
            let float: f64 = text.parse().unwrap();
            assert!(is_short(text), "{text}");
            assert!(spells(text, Num::Float(float)), "{text}");
        }
        for text in [
            "1234567890123456",
            "1.00000000000000000001",
            "1e-400",
            "1e-302",
            "1e300",
            "-9223372036854775809",
        ] {
            assert!(!is_short(text), "{text}");
        }
    }

    /// A bound is written as the shortest decimal of its double, which
    /// reads back as it, and which every text of that double is not below
    /// and above at once.
    #[test]
    fn bounds_are_written_as_the_schema_writes_them() {
        assert_eq!(written(Num::Int(-5)), "-5");
        assert_eq!(written(Num::Int(u64::MAX.into())), "18446744073709551615");
        assert_eq!(written(Num::Float(0.1)), "0.1");
        assert_eq!(written(Num::Float(-0.0)), "-0.0");
        assert_eq!(written(Num::Float(5e-324)), "5e-324");
        assert_eq!(written(Num::Float(1e300)), "1e+300");
        for float in [0.1, 0.3, 1.0 / 3.0, -2.5e-300, f64::MAX, f64::MIN_POSITIVE] {
            let text = written(Num::Float(float));
            assert_eq!(text.parse::<f64>(), Ok(float), "{text}");
            assert_eq!(compare(&text, &float.to_string()), Ordering::Equal);
        }
    }
}
