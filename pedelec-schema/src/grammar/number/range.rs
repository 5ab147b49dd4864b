//! Numbers between a `minimum` and a `maximum`, written without an
//! exponent, with a grammar that holds exactly as serde_json reads them.
//!
//! The validator compares the number serde_json read against the bound
//! exactly (`numeric.rs`), so what matters is the value serde_json makes of
//! a text - but for a float equal to the bound's own, which the readers of
//! text compare as written (`validate/texts.rs`), and which the grammar
//! writes only as the bound itself (below):
//!
//! - An integer text within `u64` (`i64` for a negative one) is read
//!   exactly: its range is the bounds' exact range.
//! - Every other text (a fraction, or a longer integer) becomes an `f64`.
//!   With serde_json's `float_roundtrip` feature that `f64` is the text's
//!   value correctly rounded, which is monotonic. Without it (the default)
//!   it is not: the parser rounds the first 19 or 20 significant digits to
//!   a float, then multiplies or divides by a rounded power of ten, and a
//!   text just above a float bound can come out one float below it
//!   (`0.00000000081263971196316487` reads as a float below the bound
//!   `8.126397119631649e-10`, whose exact value it exceeds). Either build may
//!   read the arguments, so the grammar holds for both:
//!   - a *short* text, at most 15 significant digits and at most 22 after
//!     the point, is read correctly rounded by both: its significand and
//!     the power of ten are exact floats, and one division rounds once.
//!     Near a bound the grammar lists the short values one by one, each
//!     checked by rounding it;
//!   - any other text is written only if it lies at least [`MARGIN`]
//!     floats inside the bounds, beyond the reach of the default parser's
//!     error (below).
//!
//! The narrowing this costs: a text with more than 15 significant digits
//! within [`MARGIN`] floats of a bound, which the grammar does not write
//! (the short spellings of those values remain). A short text that rounds
//! onto a bound's float is the bound's own shortest decimal (two decimals
//! of 15 digits are further apart than a float's rounding reaches), so the
//! grammar never writes a text beyond a bound that rounds onto it
//! (`0.30000000000000001` for a `maximum` of `0.3`), which the readers of
//! text refuse.

use serde_json::Number;

use crate::grammar::digits::{decimal_range, decrement, digits_of, fraction_range, increment};
use crate::grammar::expr::Expr;

/// The most digits of an integer part: a longer one can exceed `f64::MAX`,
/// which serde_json refuses as out of range.
pub(super) const MAX_INTEGER_DIGITS: usize = 308;

/// How many floats inside its bounds a long text stays.
///
/// The default parser's result is at most five roundings away from the
/// text's value: the significand (the first digits that fit a `u64`, the
/// rest dropped, which lowers the value by less than 10^-18 of it), its
/// conversion to a float, the power of ten (exact up to 10^22) and the
/// multiplication or division, and, below 10^-308, one more power and
/// division. Each rounding moves the value by at most half a unit in the
/// last place of a float near it, so by less than 2.5 floats of the bound's
/// binade in all, or twice that across a binade edge, and in the subnormal
/// range each adds at most half the smallest float. (Measured over millions
/// of random texts: two floats at most.) Sixteen floats leave room for all
/// of it, and the one float [`long_range`]'s shortest decimals give up;
/// `float_roundtrip`'s correct rounding moves half a float.
pub(super) const MARGIN: u64 = 16;

/// The most significant digits of a short text.
const SHORT_DIGITS: usize = 15;
/// The most fraction digits of a short text: 10^22 is the last exact power.
const SHORT_FRACTION: usize = 22;

/// A non-negative decimal, exactly: integer digits without leading zeros
/// (`[0]` for none) and fraction digits without trailing zeros.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Decimal {
    /// The integer part's length first, so that the derived order is the
    /// numeric one.
    len: usize,
    int: Vec<u8>,
    frac: Vec<u8>,
}

impl Decimal {
    fn new(int: Vec<u8>, mut frac: Vec<u8>) -> Decimal {
        let start = int.iter().position(|&d| d != 0).unwrap_or(int.len());
        let mut int = int[start..].to_vec();
        if int.is_empty() {
            int.push(0);
        }
        while frac.last() == Some(&0) {
            frac.pop();
        }
        Decimal {
            len: int.len(),
            int,
            frac,
        }
    }

    fn zero() -> Decimal {
        Decimal::new(vec![0], Vec::new())
    }

    /// The magnitude of a text of digits with an optional point.
    pub(super) fn parse(text: &str) -> Decimal {
        let (int, frac) = text.split_once('.').unwrap_or((text, ""));
        Decimal::new(digits_of(int), digits_of(frac))
    }

    /// The exact value of `|float|` (a finite float): Rust writes every
    /// digit when asked for as many as the smallest float has, 1074.
    pub(super) fn of_f64(float: f64) -> Decimal {
        Decimal::parse(&format!("{:.1074}", float.abs()))
    }

    fn is_zero(&self) -> bool {
        self.int == [0] && self.frac.is_empty()
    }

    /// The least integer at or above.
    fn ceil(&self) -> Vec<u8> {
        if self.frac.is_empty() {
            self.int.clone()
        } else {
            increment(&self.int)
        }
    }

    /// The text: digits, and a point only if there is a fraction.
    pub(super) fn text(&self) -> String {
        let digit = |d: &u8| char::from(b'0' + d);
        let mut out: String = self.int.iter().map(digit).collect();
        if !self.frac.is_empty() {
            out.push('.');
            out.extend(self.frac.iter().map(digit));
        }
        out
    }
}

/// One end of a range of magnitudes: its exact value and the float the
/// comparison reduces to for a text read as a float (for a lower end the
/// least float at or above it, for an upper end the greatest at or below).
#[derive(Debug, Clone)]
pub(super) struct End {
    exact: Decimal,
    float: f64,
}

/// The magnitudes of one sign's texts a node accepts: `lo` of `None` is
/// zero, `hi` of `None` unbounded.
#[derive(Debug, Clone)]
pub(super) struct Side {
    lo: Option<End>,
    hi: Option<End>,
}

/// A bound split into its sign and the end of its magnitude; `lower` says
/// which way an integer bound no float holds rounds to a float.
fn end(bound: &Number, lower: bool) -> (bool, End) {
    if let Some(float) = bound.as_f64().filter(|_| bound.is_f64()) {
        let negative = float < 0.0;
        let float = float.abs();
        return (
            negative,
            End {
                exact: Decimal::of_f64(float),
                float,
            },
        );
    }
    let int: i128 = bound
        .as_u64()
        .map(i128::from)
        .or_else(|| bound.as_i64().map(i128::from))
        .unwrap_or(0);
    let magnitude = int.unsigned_abs();
    let negative = int < 0;
    // The end of the magnitude: a lower bound of a negative number is the
    // upper end of its magnitude, and the other way round.
    let lower_magnitude = lower != negative;
    let mut float = magnitude as f64;
    // Exact: a float up to 2^64 is an integer that fits a u128.
    if lower_magnitude && (float as u128) < magnitude {
        float = float.next_up();
    } else if !lower_magnitude && (float as u128) > magnitude {
        float = float.next_down();
    }
    (
        negative,
        End {
            exact: Decimal::parse(&magnitude.to_string()),
            float,
        },
    )
}

/// The magnitudes of the non-negative texts and of the negative ones (each
/// `None` when that sign holds nothing) between `minimum` and `maximum`.
/// A negative text is read as the negation of its magnitude's value, by
/// both parsers, so `-x` passes exactly when `x` lies in
/// `-maximum..=-minimum`; zero lies on both sides.
pub(super) fn sides(minimum: Option<&Number>, maximum: Option<&Number>) -> [Option<Side>; 2] {
    let min = minimum.map(|m| end(m, true));
    let max = maximum.map(|m| end(m, false));
    let zero = || End {
        exact: Decimal::zero(),
        float: 0.0,
    };
    let positive = match &max {
        Some((true, hi)) if !hi.exact.is_zero() => None,
        _ => Some(Side {
            lo: match &min {
                Some((false, lo)) if !lo.exact.is_zero() => Some(lo.clone()),
                _ => None,
            },
            hi: max
                .as_ref()
                .map(|(negative, hi)| if *negative { zero() } else { hi.clone() }),
        }),
    };
    let negative = match &min {
        Some((false, lo)) if !lo.exact.is_zero() => None,
        _ => Some(Side {
            lo: match &max {
                Some((true, hi)) if !hi.exact.is_zero() => Some(hi.clone()),
                _ => None,
            },
            hi: min
                .as_ref()
                .map(|(negative, lo)| if *negative { lo.clone() } else { zero() }),
        }),
    };
    [positive, negative]
}

/// The magnitude texts of `side`: integers, and with `fractions` texts with
/// a point. `exact_limit` is the largest integer serde_json reads exactly
/// for this sign (`u64::MAX`, or 2^63 for a negative text).
pub(super) fn magnitudes(side: &Side, fractions: bool, exact_limit: &str) -> Expr {
    let limit = digits_of(exact_limit);
    let beyond_limit = increment(&limit);
    let lo_int = side.lo.as_ref().map_or(vec![0], |lo| lo.exact.ceil());
    let hi_int = side.hi.as_ref().map(|hi| hi.exact.int.clone());
    let long = long_range(side);
    let mut choices = Vec::new();

    // Integers read exactly, and longer ones read as floats, in one range
    // where they meet.
    let exact_hi = match &hi_int {
        Some(hi) if less(hi, &limit) => hi.clone(),
        _ => limit.clone(),
    };
    let mut ints: Vec<(Vec<u8>, Option<Vec<u8>>)> = Vec::new();
    if !less(&exact_hi, &lo_int) {
        ints.push((lo_int, Some(exact_hi)));
    }
    if let Some((c_lo, c_hi)) = &long {
        let from = max(c_lo.ceil(), beyond_limit.clone());
        let to = c_hi.as_ref().map(|hi| hi.int.clone());
        if to.as_ref().is_none_or(|to| !less(to, &from)) {
            match ints.last_mut() {
                Some((_, exact_to)) if from == beyond_limit && *exact_to == Some(limit) => {
                    *exact_to = to;
                }
                _ => ints.push((from, to)),
            }
        }
    }
    for (from, to) in ints {
        choices.push(integer_range(&from, to.as_deref()));
    }

    if fractions {
        match &long {
            Some((c_lo, c_hi)) => {
                choices.push(fraction_texts(c_lo, c_hi.as_ref()));
                if let Some(lo) = &side.lo {
                    choices.push(short_texts(
                        side,
                        &Decimal::of_f64(lo.float.next_down()),
                        c_lo,
                    ));
                }
                if let (Some(c_hi), Some(hi)) = (c_hi, &side.hi) {
                    choices.push(short_texts(
                        side,
                        c_hi,
                        &Decimal::of_f64(hi.float.next_up()),
                    ));
                }
            }
            None => {
                if side.lo.is_none() {
                    // Zero, in any number of digits: read as 0 by both.
                    choices.push(Expr::seq([
                        Expr::text("0."),
                        Expr::repeat(Expr::text("0"), 1, None),
                    ]));
                }
                let from = side
                    .lo
                    .as_ref()
                    .map_or_else(Decimal::zero, |lo| Decimal::of_f64(lo.float.next_down()));
                // Without an upper end only a lower one near `f64::MAX`
                // leaves no long texts, and no short text comes near it.
                if let Some(hi) = &side.hi {
                    let to = Decimal::of_f64(hi.float.next_up());
                    choices.push(short_texts(side, &from, &to));
                }
            }
        }
    }
    Expr::alt(choices)
}

/// Where long texts may lie: beyond the float [`MARGIN`] floats inside
/// each end, so more than `MARGIN - 1` floats inside
/// (none at zero, which no parser crosses: a magnitude is read as a
/// non-negative float). `None` when that leaves nothing.
fn long_range(side: &Side) -> Option<(Decimal, Option<Decimal>)> {
    let lo = match &side.lo {
        None => Decimal::zero(),
        Some(lo) => {
            let inside = f64::from_bits(lo.float.to_bits().checked_add(MARGIN)?);
            if !inside.is_finite() {
                return None;
            }
            shortest(inside)
        }
    };
    let hi = match &side.hi {
        None => None,
        Some(hi) => {
            let bits = hi.float.abs().to_bits().checked_sub(MARGIN)?;
            Some(shortest(f64::from_bits(bits)))
        }
    };
    match &hi {
        Some(hi) if *hi < lo => None,
        _ => Some((lo, hi)),
    }
}

/// The shortest decimal that rounds to `float` (non-negative): strictly
/// between its neighbours, so it is at most one float short of `float`,
/// and in at most 17 significant digits, which keeps the grammar small
/// where the exact value has hundreds.
fn shortest(float: f64) -> Decimal {
    Decimal::parse(&format!("{float}"))
}

/// Integer texts from `lo` to `hi` in at most [`MAX_INTEGER_DIGITS`].
fn integer_range(lo: &[u8], hi: Option<&[u8]>) -> Expr {
    let hi = hi.filter(|hi| hi.len() <= MAX_INTEGER_DIGITS);
    decimal_range(lo, hi, MAX_INTEGER_DIGITS)
}

/// Texts with a point whose value lies in `lo..=hi`: the integer part
/// decides, and only where it equals an end's does the fraction.
fn fraction_texts(lo: &Decimal, hi: Option<&Decimal>) -> Expr {
    let point = |int: &[u8], frac: Expr| {
        let int: String = int.iter().map(|d| char::from(b'0' + d)).collect();
        Expr::seq([Expr::text(int + "."), frac])
    };
    if lo.int.len() > MAX_INTEGER_DIGITS {
        return Expr::nothing();
    }
    let hi = hi.filter(|hi| hi.int.len() <= MAX_INTEGER_DIGITS);
    match hi {
        Some(hi) if hi.int == lo.int => point(&lo.int, fraction_range(&lo.frac, Some(&hi.frac))),
        _ => {
            let mut choices = vec![point(&lo.int, fraction_range(&lo.frac, None))];
            let from = increment(&lo.int);
            let to = hi.and_then(|hi| decrement(&hi.int));
            if to.as_ref().is_none_or(|to| !less(to, &from)) && from.len() <= MAX_INTEGER_DIGITS {
                choices.push(Expr::seq([
                    integer_range(&from, to.as_deref()),
                    Expr::text("."),
                    fraction_range(&[], None),
                ]));
            }
            if let Some(hi) = hi {
                choices.push(point(&hi.int, fraction_range(&[], Some(&hi.frac))));
            }
            Expr::alt(choices)
        }
    }
}

/// The short texts with a point strictly between `from` and `to` whose
/// correctly rounded value `side` accepts, value by value.
///
/// Every short value there is a multiple of `10^q`, with `q` the larger of
/// the 15th significant digit's place at `from`'s magnitude and the 22nd
/// fraction digit's; the window is a few floats wide, so it holds a handful.
fn short_texts(side: &Side, from: &Decimal, to: &Decimal) -> Expr {
    if from.int.len() > SHORT_DIGITS {
        return Expr::nothing();
    }
    // The place of `from`'s first significant digit, as a power of ten.
    let magnitude: i64 = if from.int != [0] {
        from.int.len() as i64 - 1
    } else {
        match from.frac.iter().position(|&d| d != 0) {
            Some(zeros) => -(zeros as i64) - 1,
            None => -(SHORT_FRACTION as i64),
        }
    };
    let places = (SHORT_DIGITS as i64 - 1 - magnitude).min(SHORT_FRACTION as i64);
    debug_assert!(places >= 0);
    let places = places as usize;
    // floor(from * 10^places), then one step up: the first multiple above.
    let mut scaled = from.int.clone();
    scaled.extend((0..places).map(|i| from.frac.get(i).copied().unwrap_or(0)));
    let mut step = increment(&Decimal::new(scaled, Vec::new()).int);
    let mut choices = Vec::new();
    loop {
        let split = step.len().saturating_sub(places);
        let mut frac = vec![0; places.saturating_sub(step.len())];
        frac.extend_from_slice(&step[split..]);
        let value = Decimal::new(step[..split].to_vec(), frac);
        if value >= *to {
            break;
        }
        let rounded: f64 = value.text().parse().expect("a decimal text");
        let inside = side.lo.as_ref().is_none_or(|lo| rounded >= lo.float)
            && side.hi.as_ref().is_none_or(|hi| rounded <= hi.float);
        if inside {
            choices.push(short_spellings(&value));
        }
        step = increment(&step);
        debug_assert!(choices.len() < 1000, "a window of a few floats");
    }
    Expr::alt(choices)
}

/// `value` with a point and from its own fraction digits to as many
/// trailing zeros as keep it short.
fn short_spellings(value: &Decimal) -> Expr {
    let (int_digits, leading) = if value.int == [0] {
        (0, value.frac.iter().take_while(|&&d| d == 0).count())
    } else {
        (value.int.len(), 0)
    };
    let least = value.frac.len().max(1);
    let most = (SHORT_DIGITS + leading)
        .saturating_sub(int_digits)
        .min(SHORT_FRACTION);
    if least > most {
        return Expr::nothing();
    }
    let mut text = value.text();
    if value.frac.is_empty() {
        text.push('.');
    }
    let pad = (least - value.frac.len()) as u32;
    Expr::seq([
        Expr::text(text),
        Expr::repeat(Expr::text("0"), pad, Some((most - value.frac.len()) as u32)),
    ])
}

/// `a < b` for integer digit strings without leading zeros.
fn less(a: &[u8], b: &[u8]) -> bool {
    (a.len(), a) < (b.len(), b)
}

fn max(a: Vec<u8>, b: Vec<u8>) -> Vec<u8> {
    if less(&a, &b) {
        b
    } else {
        a
    }
}
