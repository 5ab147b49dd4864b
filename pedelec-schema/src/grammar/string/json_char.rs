//! The JSON spellings of decoded characters: a character inside a JSON
//! string may be written raw, as a short escape, as `\uXXXX` (hex digits of
//! either case) or, beyond the BMP, as a surrogate pair of two such escapes.
//! serde_json reads every one of them, so a grammar that held only one
//! spelling would refuse texts that `validate_str` accepts.
//!
//! The builders describe strings by their decoded characters (what
//! `minLength` counts and `pattern` matches); this file maps those
//! descriptions onto JSON text, one character at a time.

use crate::grammar::build::Build;
use crate::grammar::expr::{CharSet, Expr};

/// The characters JSON lets a string hold raw: all but `"`, `\` and the
/// controls U+0000 to U+001F.
fn raw_allowed() -> CharSet {
    CharSet::any().difference(&CharSet::from_ranges([
        ('\0', '\u{1F}'),
        ('"', '"'),
        ('\\', '\\'),
    ]))
}

/// The short escapes: the character and the letter after the backslash.
const SHORT_ESCAPES: &[(char, char)] = &[
    ('"', '"'),
    ('\\', '\\'),
    ('/', '/'),
    ('\u{8}', 'b'),
    ('\u{C}', 'f'),
    ('\n', 'n'),
    ('\r', 'r'),
    ('\t', 't'),
];

/// Every JSON spelling of one character of `set`.
pub(crate) fn encode_set(set: &CharSet) -> Expr {
    let raw = one_of(set.intersection(&raw_allowed()));
    let short = one_of(CharSet::from_ranges(
        SHORT_ESCAPES
            .iter()
            .filter(|(c, _)| set.contains(*c))
            .map(|&(_, letter)| (letter, letter)),
    ));
    // The set's code units and its astral characters as pairs, each
    // written once for the whole set: written range by range, `\p{L}`'s
    // 600 ranges repeat their leading digits hundreds of times over.
    let bmp: Ranges = set
        .ranges()
        .iter()
        .flat_map(|&(lo, hi)| {
            let (lo, hi) = (lo as u32, hi as u32);
            // A range of `char`s may span the surrogates' numbers without
            // holding one (`CharSet::any` is one range); their escapes are
            // lone surrogates, which serde_json refuses.
            [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi.min(0xFFFF))]
        })
        .filter(|&(lo, hi)| lo <= hi)
        .collect();
    let astral: Ranges = set
        .ranges()
        .iter()
        .map(|&(lo, hi)| ((lo as u32).max(0x1_0000), hi as u32))
        .filter(|&(lo, hi)| lo <= hi)
        .collect();
    let mut hex = Vec::new();
    if !bmp.is_empty() {
        hex.push(hex_set(&bmp, 4));
    }
    if !astral.is_empty() {
        hex.push(surrogate_pairs(&astral));
    }
    let escaped = Expr::alt([short, Expr::seq([Expr::text("u"), Expr::alt(hex)])]);
    Expr::alt([raw, Expr::seq([Expr::text("\\"), escaped])])
}

/// One character of `set`, as a literal when it is one: `"x"` reads better
/// than `[x]`.
fn one_of(set: CharSet) -> Expr {
    match set.ranges() {
        [(lo, hi)] if lo == hi => Expr::text(lo.to_string()),
        _ => Expr::class(set),
    }
}

/// Every spelling of one character, as a lexeme of its own when the set
/// has more than one character, so that a class the pattern uses twice is
/// written once and the string's rule reads as the pattern does.
fn encode_class(set: &CharSet, cx: &mut Build) -> Expr {
    match set.ranges() {
        [] => Expr::nothing(),
        [(lo, hi)] if lo == hi => encode_set(set),
        _ => cx.lexeme("char", encode_set(set)),
    }
}

/// Any one character in any spelling: the unit `minLength` and `maxLength`
/// count.
pub(crate) fn any_char(cx: &mut Build) -> Expr {
    encode_class(&CharSet::any(), cx)
}

/// The JSON text of the decoded texts `decoded` matches (texts, classes,
/// sequences, alternations and repeats of decoded characters), each
/// character in every spelling.
pub(crate) fn encode(decoded: &Expr, cx: &mut Build) -> Expr {
    match decoded {
        Expr::Text(text) => Expr::seq(text.chars().map(|c| encode_set(&CharSet::single(c)))),
        Expr::Class(set) => encode_class(set, cx),
        Expr::Seq(parts) => {
            let parts: Vec<Expr> = parts.iter().map(|part| encode(part, cx)).collect();
            Expr::seq(parts)
        }
        Expr::Alt(choices) => {
            let choices: Vec<Expr> = choices.iter().map(|choice| encode(choice, cx)).collect();
            Expr::alt(choices)
        }
        Expr::Repeat(inner, min, max) => Expr::repeat(encode(inner, cx), *min, *max),
        // The decoded descriptions are built from the five forms above
        // only; an intersection or a rule has no decoded meaning here.
        Expr::And(_) | Expr::Ref(_) => unreachable!("not a decoded-character expression"),
    }
}

/// Numbers as inclusive ranges, sorted and disjoint.
type Ranges = Vec<(u32, u32)>;

/// The `width` hex digits of the numbers in `ranges` (sorted, disjoint,
/// each below 16^`width`), any case: the leading digits whose rests are the
/// same set share one class and one rest, so each digit is written once
/// per distinct rest rather than once per range.
fn hex_set(ranges: &[(u32, u32)], width: u32) -> Expr {
    if width == 0 {
        return Expr::empty();
    }
    let unit = 16u32.pow(width - 1);
    // The rests after each leading digit, and the digits that share them,
    // in the order of their first digit.
    let mut groups: Vec<(Ranges, Vec<u8>)> = Vec::new();
    for digit in 0..16u8 {
        let from = u32::from(digit) * unit;
        let to = from + (unit - 1);
        let rest: Ranges = ranges
            .iter()
            .filter(|&&(lo, hi)| lo <= to && hi >= from)
            .map(|&(lo, hi)| (lo.max(from) - from, hi.min(to) - from))
            .collect();
        if rest.is_empty() {
            continue;
        }
        match groups.iter_mut().find(|(same, _)| *same == rest) {
            Some((_, digits)) => digits.push(digit),
            None => groups.push((rest, vec![digit])),
        }
    }
    Expr::alt(groups.into_iter().map(|(rest, digits)| {
        let rest = if rest == [(0, unit - 1)] {
            let any: Vec<u8> = (0..16).collect();
            Expr::repeat(hex_digits(&any), width - 1, Some(width - 1))
        } else {
            hex_set(&rest, width - 1)
        };
        Expr::seq([hex_digits(&digits), rest])
    }))
}

/// One of the hex `digits`, a letter in either case, as serde_json reads
/// it.
fn hex_digits(digits: &[u8]) -> Expr {
    if let [d] = digits {
        if *d < 10 {
            return Expr::text(char::from(b'0' + d).to_string());
        }
    }
    let ranges = digits.iter().flat_map(|&d| {
        let lower = char::from_digit(u32::from(d), 16).expect("a hex digit");
        [lower, lower.to_ascii_uppercase()].map(|c| (c, c))
    });
    Expr::class(CharSet::from_ranges(ranges))
}

/// The UTF-16 surrogates of an astral scalar value.
fn surrogates(c: u32) -> (u32, u32) {
    let offset = c - 0x1_0000;
    (0xD800 + (offset >> 10), 0xDC00 + (offset & 0x3FF))
}

/// The surrogate pairs (after the first `\u`) of the astral characters in
/// `ranges` (sorted, disjoint): the high surrogates whose low ones are the
/// same set share one set of digits and one set of lows.
fn surrogate_pairs(ranges: &[(u32, u32)]) -> Expr {
    // Each high surrogate, or run of them, with its lows.
    let mut highs: Vec<((u32, u32), Ranges)> = Vec::new();
    let mut push = |high: u32, to: u32, low: (u32, u32)| match highs.last_mut() {
        Some((last, lows)) if *last == (high, to) && high == to => lows.push(low),
        _ => highs.push(((high, to), vec![low])),
    };
    for &(lo, hi) in ranges {
        let (lo_high, lo_low) = surrogates(lo);
        let (hi_high, hi_low) = surrogates(hi);
        if lo_high == hi_high {
            push(lo_high, lo_high, (lo_low, hi_low));
            continue;
        }
        push(lo_high, lo_high, (lo_low, 0xDFFF));
        if lo_high + 1 < hi_high {
            push(lo_high + 1, hi_high - 1, (0xDC00, 0xDFFF));
        }
        push(hi_high, hi_high, (0xDC00, hi_low));
    }
    let mut groups: Vec<(Ranges, Ranges)> = Vec::new();
    for (high, lows) in highs {
        match groups.iter_mut().find(|(same, _)| *same == lows) {
            Some((_, all)) => match all.last_mut() {
                Some(last) if last.1 + 1 == high.0 => last.1 = high.1,
                _ => all.push(high),
            },
            None => groups.push((lows, vec![high])),
        }
    }
    Expr::alt(
        groups.into_iter().map(|(lows, highs)| {
            Expr::seq([hex_set(&highs, 4), Expr::text("\\u"), hex_set(&lows, 4)])
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::lark_regex;

    /// A regex of `expr` alone, anchored.
    fn compiled(expr: &Expr) -> regex::Regex {
        let body = lark_regex::regex(expr).expect("plain");
        regex::Regex::new(&format!("^(?:{body})$")).expect("a regex")
    }

    /// Sorted, disjoint ranges below `limit`, from a seed: runs and single
    /// numbers, as Unicode's classes have them.
    fn ranges(seed: u64, limit: u32, count: usize) -> Vec<(u32, u32)> {
        let mut state = seed;
        let mut next = |bound: u32| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % u64::from(bound)) as u32
        };
        let mut out: Vec<(u32, u32)> = Vec::new();
        let mut at = next(limit / count as u32);
        while out.len() < count && at < limit {
            let len = if next(3) == 0 {
                0
            } else {
                next(limit / count as u32 / 2)
            };
            let hi = (at + len).min(limit - 1);
            out.push((at, hi));
            at = hi + 2 + next(limit / count as u32);
        }
        out
    }

    #[test]
    fn four_hex_digits_of_a_set_of_ranges_in_either_case_and_nothing_else() {
        let sets = [
            vec![(0, 0xFFFF)],
            vec![(0x41, 0x5A), (0x61, 0x7A)],
            vec![(0xE9, 0xA1F)],
            ranges(1, 0x1_0000, 600),
            ranges(2, 0x1_0000, 40),
        ];
        for set in sets {
            let re = compiled(&hex_set(&set, 4));
            for n in 0..0x1_0000u32 {
                let inside = set.iter().any(|&(lo, hi)| (lo..=hi).contains(&n));
                for text in [format!("{n:04x}"), format!("{n:04X}")] {
                    assert_eq!(re.is_match(&text), inside, "{text} in {set:?}");
                }
            }
            assert!(!re.is_match("00g0") && !re.is_match("000") && !re.is_match("00000"));
        }
    }

    #[test]
    fn surrogate_pairs_of_a_set_of_astral_ranges_and_nothing_else() {
        let sets = [
            vec![(0x1_0000, 0x10_FFFF)],
            vec![(0x1F600, 0x1F64F)],
            vec![
                (0x1_03FF, 0x1_0400),
                (0x1_0800, 0x1_0C01),
                (0x10_FFFF, 0x10_FFFF),
            ],
            ranges(3, 0x10_0000, 300)
                .into_iter()
                .map(|(lo, hi)| (lo + 0x1_0000, hi + 0x1_0000))
                .collect(),
        ];
        for set in sets {
            let re = compiled(&surrogate_pairs(&set));
            // Every range's edges and their neighbours, and a stride
            // through all the rest.
            let edges = set
                .iter()
                .flat_map(|&(lo, hi)| [lo - 1, lo, lo + 1, hi - 1, hi, hi + 1]);
            for c in edges.chain((0x1_0000..=0x10_FFFF).step_by(97)) {
                if !(0x1_0000..=0x10_FFFF).contains(&c) {
                    continue;
                }
                let inside = set.iter().any(|&(lo, hi)| (lo..=hi).contains(&c));
                let (high, low) = surrogates(c);
                let text = format!("{high:04X}\\u{low:04x}");
                assert_eq!(re.is_match(&text), inside, "{c:X} in {set:?}");
            }
        }
    }
}
