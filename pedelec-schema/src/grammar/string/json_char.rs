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
use crate::grammar::digits::digit_range;
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
    let mut hex = Vec::new();
    for &(lo, hi) in set.ranges() {
        let (lo, hi) = (lo as u32, hi as u32);
        // A range of `char`s may span the surrogates' numbers without
        // holding one (`CharSet::any` is one range); their escapes are
        // lone surrogates, which serde_json refuses.
        for (from, to) in [(lo, hi.min(0xD7FF)), (lo.max(0xE000), hi.min(0xFFFF))] {
            if from <= to {
                hex.push(hex_range(from, to));
            }
        }
        if hi >= 0x1_0000 {
            hex.push(surrogate_pairs(lo.max(0x1_0000), hi));
        }
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

/// The four hex digits (after `\u`) of the code units `lo..=hi`, any case.
fn hex_range(lo: u32, hi: u32) -> Expr {
    digit_range(&four_digits(lo), &four_digits(hi), 16, &hex_digit)
}

/// One hex digit from `a` to `b`; a letter in either case, as serde_json
/// reads it.
fn hex_digit(a: u8, b: u8) -> Expr {
    if a == b && a < 10 {
        return Expr::text(char::from(b'0' + a).to_string());
    }
    let ranges = (a..=b).flat_map(|d| {
        let lower = char::from_digit(u32::from(d), 16).expect("a hex digit");
        [lower, lower.to_ascii_uppercase()].map(|c| (c, c))
    });
    Expr::class(CharSet::from_ranges(ranges))
}

fn four_digits(n: u32) -> Vec<u8> {
    (0..4).rev().map(|i| ((n >> (4 * i)) & 0xF) as u8).collect()
}

/// The UTF-16 surrogates of an astral scalar value.
fn surrogates(c: u32) -> (u32, u32) {
    let offset = c - 0x1_0000;
    (0xD800 + (offset >> 10), 0xDC00 + (offset & 0x3FF))
}

/// The surrogate pairs (after the first `\u`) of the astral characters
/// `lo..=hi`: the same split as `digit_range`'s, one level up, with the
/// high surrogate as the leading digit and the low one as the rest.
fn surrogate_pairs(lo: u32, hi: u32) -> Expr {
    let (lo_high, lo_low) = surrogates(lo);
    let (hi_high, hi_low) = surrogates(hi);
    let pair = |high: (u32, u32), low: (u32, u32)| {
        Expr::seq([
            hex_range(high.0, high.1),
            Expr::text("\\u"),
            hex_range(low.0, low.1),
        ])
    };
    if lo_high == hi_high {
        return pair((lo_high, lo_high), (lo_low, hi_low));
    }
    let mut choices = Vec::new();
    let mut full_from = lo_high;
    if lo_low != 0xDC00 {
        choices.push(pair((lo_high, lo_high), (lo_low, 0xDFFF)));
        full_from += 1;
    }
    let mut full_to = hi_high;
    let mut last = None;
    if hi_low != 0xDFFF {
        last = Some(pair((hi_high, hi_high), (0xDC00, hi_low)));
        full_to -= 1;
    }
    if full_from <= full_to {
        choices.push(pair((full_from, full_to), (0xDC00, 0xDFFF)));
    }
    choices.extend(last);
    Expr::alt(choices)
}
