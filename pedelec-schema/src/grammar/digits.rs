//! Ranges of numbers as digit patterns: the one algorithm behind every
//! bounded number in a grammar - an integer between `minimum` and
//! `maximum` (base 10, digit strings of any length), and a `\uXXXX` escape
//! of a character in a set (base 16, four digits).
//!
//! It works on digit strings, not machine integers, so a bound of 10^308
//! costs what a bound of 10 does.

use super::expr::Expr;

/// Texts of `lo.len()` digits whose value lies in `lo..=hi` (digit values,
/// most significant first; `lo` and `hi` of one length, `lo <= hi`), with
/// `digit(a, b)` the expression of one digit from `a` to `b`.
///
/// The classic split: share the common leading digit; else take `lo`'s
/// first digit with anything above its rest, the digits strictly between
/// with any rest, and `hi`'s first digit with anything below its rest.
/// The alternatives are disjoint, so the grammar stays unambiguous.
pub(crate) fn digit_range(lo: &[u8], hi: &[u8], base: u8, digit: &dyn Fn(u8, u8) -> Expr) -> Expr {
    debug_assert_eq!(lo.len(), hi.len());
    let Some((&first_lo, rest_lo)) = lo.split_first() else {
        return Expr::empty();
    };
    let (&first_hi, rest_hi) = hi.split_first().expect("same length");
    let top = base - 1;
    if first_lo == first_hi {
        return Expr::seq([
            digit(first_lo, first_lo),
            digit_range(rest_lo, rest_hi, base, digit),
        ]);
    }
    let rest = rest_lo.len() as u32;
    let any_rest = || Expr::repeat(digit(0, top), rest, Some(rest));
    let mut choices = Vec::new();
    let mut full_lo = first_lo;
    if rest_lo.iter().any(|&d| d != 0) {
        let max: Vec<u8> = vec![top; rest_lo.len()];
        choices.push(Expr::seq([
            digit(first_lo, first_lo),
            digit_range(rest_lo, &max, base, digit),
        ]));
        full_lo += 1;
    }
    let mut full_hi = first_hi;
    let mut last = None;
    if rest_hi.iter().any(|&d| d != top) {
        let min: Vec<u8> = vec![0; rest_hi.len()];
        last = Some(Expr::seq([
            digit(first_hi, first_hi),
            digit_range(&min, rest_hi, base, digit),
        ]));
        full_hi -= 1;
    }
    if full_lo <= full_hi {
        choices.push(Expr::seq([digit(full_lo, full_hi), any_rest()]));
    }
    choices.extend(last);
    Expr::alt(choices)
}

/// Decimal texts without leading zeros (`0` itself excepted) of the whole
/// numbers from `lo` to `hi` (decimal digit strings without leading zeros;
/// `hi` of `None` is unbounded: any number of digits up to `max_digits`).
pub(crate) fn decimal_range(lo: &[u8], hi: Option<&[u8]>, max_digits: usize) -> Expr {
    let digit = |a: u8, b: u8| decimal_digit(a, b);
    let smallest = |len: usize| {
        let mut digits = vec![0; len];
        if len > 1 {
            digits[0] = 1;
        }
        digits
    };
    let (hi_len, hi) = match hi {
        Some(hi) => (hi.len(), Some(hi)),
        None => (max_digits, None),
    };
    if lo.len() > hi_len {
        return Expr::nothing();
    }
    let mut choices = Vec::new();
    // As long as `lo`: from `lo` up.
    let top = match hi {
        Some(hi) if hi.len() == lo.len() => hi.to_vec(),
        _ => vec![9; lo.len()],
    };
    if lo <= top.as_slice() {
        choices.push(digit_range(lo, &top, 10, &digit));
    }
    // Every length strictly between: any number of that many digits, in
    // one expression rather than one per length.
    let full_to = if hi.is_some() { hi_len - 1 } else { hi_len };
    if full_to > lo.len() {
        let (from, to) = (lo.len() as u32, full_to as u32 - 1);
        choices.push(Expr::seq([
            decimal_digit(1, 9),
            Expr::repeat(decimal_digit(0, 9), from, Some(to)),
        ]));
    }
    // As long as `hi`: up to `hi`.
    if let Some(hi) = hi {
        if hi.len() > lo.len() {
            choices.push(digit_range(&smallest(hi.len()), hi, 10, &digit));
        }
    }
    Expr::alt(choices)
}

/// One decimal digit from `a` to `b`.
pub(crate) fn decimal_digit(a: u8, b: u8) -> Expr {
    if a == b {
        Expr::text(char::from(b'0' + a).to_string())
    } else {
        Expr::class(super::expr::CharSet::from_ranges([(
            char::from(b'0' + a),
            char::from(b'0' + b),
        )]))
    }
}

/// The decimal digits of `n`, most significant first.
pub(crate) fn digits_of(text: &str) -> Vec<u8> {
    text.bytes().map(|b| b - b'0').collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::grammar::expr::CharSet;

    /// Whether `expr` (texts, classes, sequences, alternations, repeats,
    /// intersections) matches `text`, by brute force over every split.
    pub(in crate::grammar) fn matches(expr: &Expr, text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        ends(expr, &chars, 0).contains(&chars.len())
    }

    fn ends(expr: &Expr, text: &[char], at: usize) -> Vec<usize> {
        match expr {
            Expr::Text(t) => {
                let t: Vec<char> = t.chars().collect();
                if text[at..].starts_with(&t) {
                    vec![at + t.len()]
                } else {
                    vec![]
                }
            }
            Expr::Class(set) => match text.get(at) {
                Some(&c) if set.contains(c) => vec![at + 1],
                _ => vec![],
            },
            Expr::Seq(parts) => parts.iter().fold(vec![at], |starts, part| {
                let mut out: Vec<usize> =
                    starts.iter().flat_map(|&s| ends(part, text, s)).collect();
                out.sort_unstable();
                out.dedup();
                out
            }),
            Expr::Alt(choices) => choices.iter().flat_map(|c| ends(c, text, at)).collect(),
            Expr::Repeat(inner, min, max) => {
                let mut reached = vec![at];
                let mut out = Vec::new();
                for count in 0..=max.unwrap_or(text.len() as u32 + 1) {
                    if count >= *min {
                        out.extend(reached.iter().copied());
                    }
                    reached = reached.iter().flat_map(|&s| ends(inner, text, s)).collect();
                    reached.sort_unstable();
                    reached.dedup();
                    if reached.is_empty() {
                        break;
                    }
                }
                out
            }
            Expr::And(parts) => {
                parts
                    .iter()
                    .skip(1)
                    .fold(ends(&parts[0], text, at), |mut out, part| {
                        let other = ends(part, text, at);
                        out.retain(|end| other.contains(end));
                        out
                    })
            }
            other => panic!("not in digit patterns: {other:?}"),
        }
    }

    #[test]
    fn decimal_ranges_hold_exactly_their_numbers() {
        for (lo, hi) in [
            (0u32, 0u32),
            (0, 9),
            (3, 17),
            (10, 99),
            (7, 1234),
            (99, 100),
            (120, 4509),
        ] {
            let expr = decimal_range(
                &digits_of(&lo.to_string()),
                Some(&digits_of(&hi.to_string())),
                10,
            );
            for n in 0..5000u32 {
                assert_eq!(
                    matches(&expr, &n.to_string()),
                    (lo..=hi).contains(&n),
                    "{n} in {lo}..={hi}"
                );
            }
            assert!(!matches(&expr, &format!("0{lo}")), "no leading zero");
        }
    }

    #[test]
    fn unbounded_ranges_stop_at_the_digit_limit() {
        let expr = decimal_range(&digits_of("42"), None, 4);
        assert!(!matches(&expr, "41") && matches(&expr, "42") && matches(&expr, "9999"));
        assert!(!matches(&expr, "10000"));
    }

    #[test]
    fn hexadecimal_ranges_of_four_digits() {
        let hex = |a: u8, b: u8| {
            let c = |d: u8| char::from_digit(u32::from(d), 16).unwrap();
            Expr::class(CharSet::from_ranges([(c(a), c(b))]))
        };
        let four = |n: u32| {
            (0..4)
                .rev()
                .map(|i| ((n >> (4 * i)) & 15) as u8)
                .collect::<Vec<u8>>()
        };
        let expr = digit_range(&four(0x00e9), &four(0x0a1f), 16, &hex);
        for n in [0x00e8u32, 0x00e9, 0x00ff, 0x0100, 0x09ff, 0x0a1f, 0x0a20] {
            let text = format!("{n:04x}");
            assert_eq!(
                matches(&expr, &text),
                (0x00e9..=0x0a1f).contains(&n),
                "{text}"
            );
        }
    }
}
