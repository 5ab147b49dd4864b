//! Ranges of numbers as digit patterns: the one algorithm behind every
//! bounded number in a grammar - an integer between `minimum` and
//! `maximum` (digit strings of any length) and the digits after a decimal
//! point between two fractions. (A `\uXXXX` escape's hex digits are a set
//! of ranges at once, in `string/json_char.rs`.)
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
pub(crate) fn digit_range(lo: &[u8], hi: &[u8], digit: &dyn Fn(u8, u8) -> Expr) -> Expr {
    debug_assert_eq!(lo.len(), hi.len());
    let Some((&first_lo, rest_lo)) = lo.split_first() else {
        return Expr::empty();
    };
    let (&first_hi, rest_hi) = hi.split_first().expect("same length");
    let top = 9;
    if first_lo == first_hi {
        return Expr::seq([
            digit(first_lo, first_lo),
            digit_range(rest_lo, rest_hi, digit),
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
            digit_range(rest_lo, &max, digit),
        ]));
        full_lo += 1;
    }
    let mut full_hi = first_hi;
    let mut last = None;
    if rest_hi.iter().any(|&d| d != top) {
        let min: Vec<u8> = vec![0; rest_hi.len()];
        last = Some(Expr::seq([
            digit(first_hi, first_hi),
            digit_range(&min, rest_hi, digit),
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
        choices.push(digit_range(lo, &top, &digit));
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
            choices.push(digit_range(&smallest(hi.len()), hi, &digit));
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

/// The digits after a decimal point, at least one, whose fraction lies
/// between `lo` and `hi` (`None`: below 1), both digit strings without
/// trailing zeros read as fractions: `5` is one half, the empty string 0.
///
/// A fraction text has any length, and its missing digits are zeros: `5`,
/// `50` and `500` are one fraction, so each bound is compared as if padded
/// with zeros, and the fraction `0` is the only one that ends in a run of
/// zeros below every bound but zero.
pub(crate) fn fraction_range(lo: &[u8], hi: Option<&[u8]>) -> Expr {
    let any = Expr::repeat(decimal_digit(0, 9), 1, None);
    match hi {
        None if lo.is_empty() => any,
        None => at_least(lo),
        Some(hi) => between(lo, hi),
    }
}

/// Digit strings (maybe empty) whose fraction is at least `lo`.
fn at_least(lo: &[u8]) -> Expr {
    let Some((&first, rest)) = lo.split_first() else {
        return Expr::repeat(decimal_digit(0, 9), 0, None);
    };
    // A run of zeros in one step rather than one nesting per zero, so that
    // the tree of a bound like 10^-300 stays shallow.
    let zeros = lo.iter().take_while(|&&d| d == 0).count();
    if zeros > 0 {
        return Expr::alt([
            Expr::seq([Expr::text("0".repeat(zeros)), at_least(&lo[zeros..])]),
            Expr::seq([
                Expr::repeat(Expr::text("0"), 0, Some(zeros as u32 - 1)),
                decimal_digit(1, 9),
                Expr::repeat(decimal_digit(0, 9), 0, None),
            ]),
        ]);
    }
    let mut choices = vec![Expr::seq([decimal_digit(first, first), at_least(rest)])];
    if first < 9 {
        choices.push(Expr::seq([
            decimal_digit(first + 1, 9),
            Expr::repeat(decimal_digit(0, 9), 0, None),
        ]));
    }
    Expr::alt(choices)
}

/// Digit strings (maybe empty) whose fraction is at most `hi`: the empty
/// one always, since its fraction is zero.
fn at_most(hi: &[u8]) -> Expr {
    if hi.is_empty() {
        return Expr::repeat(Expr::text("0"), 0, None);
    }
    Expr::optional(at_most_some(hi))
}

/// Digit strings, at least one, whose fraction is at most `hi` (not zero).
fn at_most_some(hi: &[u8]) -> Expr {
    let zeros = hi.iter().take_while(|&&d| d == 0).count();
    if zeros > 0 {
        // Within the run only zeros stay at most `hi`.
        return Expr::alt([
            Expr::repeat(Expr::text("0"), 1, Some(zeros as u32)),
            Expr::seq([Expr::text("0".repeat(zeros)), at_most_some(&hi[zeros..])]),
        ]);
    }
    let (&first, rest) = hi.split_first().expect("a fraction above zero");
    let mut choices = Vec::new();
    if first > 0 {
        choices.push(Expr::seq([
            decimal_digit(0, first - 1),
            Expr::repeat(decimal_digit(0, 9), 0, None),
        ]));
    }
    choices.push(Expr::seq([decimal_digit(first, first), at_most(rest)]));
    Expr::alt(choices)
}

/// Digit strings, at least one, whose fraction lies in `lo..=hi`.
fn between(lo: &[u8], hi: &[u8]) -> Expr {
    match (lo.split_first(), hi.split_first()) {
        (None, None) => Expr::repeat(Expr::text("0"), 1, None),
        (None, Some(_)) => at_most_some(hi),
        // `lo` is above zero and `hi` is zero: nothing.
        (Some(_), None) => Expr::nothing(),
        (Some((&a, lo_rest)), Some((&b, hi_rest))) if a == b => {
            // After the shared digit the rest may be empty only if the
            // rest of `lo` is zero.
            let rest = if lo_rest.is_empty() {
                Expr::optional(between(lo_rest, hi_rest))
            } else {
                between(lo_rest, hi_rest)
            };
            Expr::seq([decimal_digit(a, a), rest])
        }
        (Some((&a, lo_rest)), Some((&b, hi_rest))) => {
            let mut choices = vec![Expr::seq([decimal_digit(a, a), at_least(lo_rest)])];
            if a + 1 < b {
                choices.push(Expr::seq([
                    decimal_digit(a + 1, b - 1),
                    Expr::repeat(decimal_digit(0, 9), 0, None),
                ]));
            }
            choices.push(Expr::seq([decimal_digit(b, b), at_most(hi_rest)]));
            Expr::alt(choices)
        }
    }
}

/// `digits + 1` (no leading zeros in, none out).
pub(crate) fn increment(digits: &[u8]) -> Vec<u8> {
    let mut out = digits.to_vec();
    for d in out.iter_mut().rev() {
        if *d == 9 {
            *d = 0;
        } else {
            *d += 1;
            return out;
        }
    }
    out.insert(0, 1);
    out
}

/// `digits - 1`, or `None` below zero (no leading zeros in, none out).
pub(crate) fn decrement(digits: &[u8]) -> Option<Vec<u8>> {
    if digits.iter().all(|&d| d == 0) {
        return None;
    }
    let mut out = digits.to_vec();
    for d in out.iter_mut().rev() {
        if *d == 0 {
            *d = 9;
        } else {
            *d -= 1;
            break;
        }
    }
    if out.len() > 1 && out[0] == 0 {
        out.remove(0);
    }
    Some(out)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

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
                let limit = max.unwrap_or(text.len() as u32 + 1);
                for count in 0..=limit {
                    if count >= *min {
                        out.extend(reached.iter().copied());
                    }
                    // One more round would only be thrown away, and nested
                    // optionals would each double the work.
                    if count == limit {
                        break;
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

    /// Every fraction text of up to four digits against bounds of up to
    /// three: matched exactly when its padded value lies between them.
    #[test]
    fn fraction_ranges_hold_exactly_their_fractions() {
        let value = |digits: &str| -> u32 { format!("{digits:0<4}")[..4].parse().unwrap() };
        let mut bounds: Vec<String> = vec![String::new()];
        for n in 0..1000u32 {
            let text = format!("{n:03}");
            bounds.push(text.trim_end_matches('0').to_owned());
        }
        bounds.sort();
        bounds.dedup();
        let picks: Vec<&String> = bounds
            .iter()
            .step_by(37)
            .chain(bounds.iter().take(12))
            .collect();
        let mut texts = Vec::new();
        for len in 1..=4u32 {
            for n in 0..10u32.pow(len) {
                texts.push(format!("{n:0width$}", width = len as usize));
            }
        }
        for lo in &picks {
            for hi in picks.iter().map(|hi| Some(hi.as_str())).chain([None]) {
                if hi.is_some_and(|hi| value(hi) < value(lo)) {
                    continue;
                }
                let expr = fraction_range(&digits_of(lo), hi.map(digits_of).as_deref());
                let edges = ["0", "00", "0000", "9999"].map(String::from);
                for text in texts.iter().step_by(7).chain(&edges) {
                    let inside =
                        value(text) >= value(lo) && hi.is_none_or(|hi| value(text) <= value(hi));
                    assert_eq!(matches(&expr, text), inside, ".{text} in .{lo}..=.{hi:?}");
                }
                assert!(!matches(&expr, ""), "at least one digit");
            }
        }
    }

    #[test]
    fn unbounded_ranges_stop_at_the_digit_limit() {
        let expr = decimal_range(&digits_of("42"), None, 4);
        assert!(!matches(&expr, "41") && matches(&expr, "42") && matches(&expr, "9999"));
        assert!(!matches(&expr, "10000"));
    }
}
