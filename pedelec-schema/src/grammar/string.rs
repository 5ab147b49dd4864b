//! JSON strings: the texts of the strings a node accepts, every character
//! in every spelling serde_json reads (`json_char.rs`), with `minLength`
//! and `maxLength` counted in decoded characters and `pattern` matched
//! against the decoded string (`pattern.rs`), as `validate` does.
//!
//! Both lengths and a pattern are held together exactly where the format
//! has intersection (Lark's `&`); in GBNF only where the pattern's shape
//! gives the product cheaply (see [`with_length`]), and otherwise the
//! grammar holds the pattern and says which bound it leaves to `validate`.

mod json_char;
mod pattern;
#[cfg(test)]
mod tests;

use serde_json::Value;

use super::build::Build;
use super::expr::Expr;
use crate::change::ChangeCode;
use crate::schema::{SchemaNode, StringNode};
use crate::validate::Validator;

/// The JSON text of a string `node` accepts, quotes included.
pub(crate) fn string(node: &StringNode, cx: &mut Build) -> Expr {
    if let Some(values) = &node.enum_values {
        // The gatekeeper checks each value's type, not the node's other
        // keywords: a value the lengths or the pattern refuse is one no
        // valid call holds, so it is not written. The node's compiled rule
        // decides, as validation does.
        let rule = Validator::of(&SchemaNode::String(node.clone()));
        let accepted = |value: &&String| rule.accepts(&Value::String((*value).clone()));
        cx.change(
            ChangeCode::GrammarEnumSpelling,
            None,
            "each `enum` value is written as serde_json writes it (`\"é\"`, not `\"\\u00e9\"`)",
        );
        let texts = values
            .iter()
            .filter(accepted)
            .map(|value| Expr::text(serde_json::to_string(value).expect("a string serializes")));
        return cx.lexeme("string", Expr::alt(texts));
    }
    let bounds = Bounds::of(node);
    let body = match &node.pattern {
        None => bounds.repeat(json_char::any_char(cx)),
        Some(pattern) => {
            let (searched, widened) = pattern::search(&pattern.regex_source());
            if widened {
                cx.change(
                    ChangeCode::GrammarPatternAssertion,
                    Some("pattern"),
                    "an assertion inside a repetition of more than 16 copies (`(?:\\ba){17}`) is taken as always true; `validate` checks it",
                );
            }
            pattern_with_bounds(&searched, bounds, cx)
        }
    };
    cx.lexeme(
        "string",
        Expr::seq([Expr::text("\""), body, Expr::text("\"")]),
    )
}

/// `minLength` and `maxLength` in decoded characters; a `maxLength` beyond
/// `u32::MAX` limits nothing a model writes, a `minLength` beyond it
/// admits nothing.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    min: u64,
    max: Option<u64>,
}

impl Bounds {
    fn of(node: &StringNode) -> Bounds {
        Bounds {
            min: node.min_length.unwrap_or(0),
            max: node.max_length.filter(|&max| max <= u64::from(u32::MAX)),
        }
    }

    fn is_none(self) -> bool {
        self.min == 0 && self.max.is_none()
    }

    /// `unit` as many times as the bounds allow.
    fn repeat(self, unit: Expr) -> Expr {
        match u32::try_from(self.min) {
            Ok(min) => Expr::repeat(unit, min, self.max.map(|max| max as u32)),
            Err(_) => Expr::nothing(),
        }
    }
}

/// The encoded body of a pattern's texts that also keep the lengths.
fn pattern_with_bounds(searched: &Expr, bounds: Bounds, cx: &mut Build) -> Expr {
    if bounds.is_none() {
        return json_char::encode(searched, cx);
    }
    if cx.format.has_intersection() {
        if !admits_length(searched, bounds) {
            // An empty intersection written out would be a dead end: the
            // engine would let the model open the string and find no way
            // to close it.
            return Expr::nothing();
        }
        let lengths = bounds.repeat(json_char::any_char(cx));
        let lengths = cx.lexeme("string-length", lengths);
        let matched = json_char::encode(searched, cx);
        let matched = cx.lexeme("string-pattern", matched);
        return Expr::and([lengths, matched]);
    }
    if let Some(exact) = with_length(searched, bounds.min, bounds.max) {
        return json_char::encode(&exact, cx);
    }
    // No exact product: keep whichever bound the shape still allows, and
    // say which one the grammar leaves to `validate`.
    let (kept, dropped) = if let Some(only_max) = with_length(searched, 0, bounds.max) {
        (only_max, Some("minLength"))
    } else if let Some(only_min) = with_length(searched, bounds.min, None) {
        (only_min, Some("maxLength"))
    } else {
        (searched.clone(), None)
    };
    let dropped: Vec<&str> = match dropped {
        Some(keyword) => vec![keyword],
        None => [
            ("minLength", bounds.min > 0),
            ("maxLength", bounds.max.is_some()),
        ]
        .into_iter()
        .filter(|(_, present)| *present)
        .map(|(keyword, _)| keyword)
        .collect(),
    };
    for keyword in dropped {
        cx.change(
            ChangeCode::GrammarLengthBesidePattern,
            Some(keyword),
            format!(
                "GBNF has no intersection and the pattern's shape gives no exact product: the grammar holds the pattern, `validate` holds `{keyword}`"
            ),
        );
    }
    json_char::encode(&kept, cx)
}

/// The texts of `expr` (decoded characters) of `min` to `max` characters,
/// when the expression's shape gives them without growing: a fixed-length
/// expression is kept or dropped whole, an alternation takes the bounds
/// into each choice, a sequence into its one part of varying length, and a
/// repeat of a fixed-length unit narrows its count. `None` when no such
/// rewriting holds the bounds exactly.
fn with_length(expr: &Expr, min: u64, max: Option<u64>) -> Option<Expr> {
    with_length_within(expr, min, max, MAX_SPLITS)
}

/// How many optional parts [`with_length`] may split a sequence on.
const MAX_SPLITS: u32 = 3;

fn with_length_within(expr: &Expr, min: u64, max: Option<u64>, splits: u32) -> Option<Expr> {
    let (shortest, longest) = lengths(expr);
    if longest.is_some_and(|longest| longest < min) || max.is_some_and(|max| shortest > max) {
        return Some(Expr::nothing());
    }
    if shortest >= min && longest_within(longest, max) {
        return Some(expr.clone());
    }
    match expr {
        Expr::Alt(choices) => choices
            .iter()
            .map(|choice| with_length_within(choice, min, max, splits))
            .collect::<Option<Vec<_>>>()
            .map(Expr::alt),
        Expr::Seq(parts) => {
            let varying: Vec<usize> = (0..parts.len())
                .filter(|&i| fixed(&parts[i]).is_none())
                .collect();
            let at = match varying[..] {
                [at] => at,
                // Two parts of varying length: an optional one of a fixed
                // length (`\d?`) is either absent or present, and each
                // case may have one varying part left. Each split doubles
                // the expression, so only a few are made.
                _ => {
                    let optional = varying.iter().copied().find(|&i| {
                        matches!(&parts[i], Expr::Repeat(inner, 0, Some(1)) if fixed(inner).is_some())
                    })?;
                    if splits == 0 {
                        return None;
                    }
                    let Expr::Repeat(inner, ..) = &parts[optional] else {
                        unreachable!("found above")
                    };
                    let choice = |part: Expr| {
                        let mut parts = parts.clone();
                        parts[optional] = part;
                        with_length_within(&Expr::seq(parts), min, max, splits - 1)
                    };
                    return Some(Expr::alt([
                        choice(Expr::empty())?,
                        choice((**inner).clone())?,
                    ]));
                }
            };
            let others: u64 = (0..parts.len())
                .filter(|&i| i != at)
                .map(|i| fixed(&parts[i]).expect("the other parts are fixed"))
                .fold(0, u64::saturating_add);
            let inner = with_length_within(
                &parts[at],
                min.saturating_sub(others),
                match max {
                    Some(max) => Some(max.checked_sub(others)?),
                    None => None,
                },
                splits,
            )?;
            let mut parts = parts.clone();
            parts[at] = inner;
            Some(Expr::seq(parts))
        }
        Expr::Repeat(inner, count_min, count_max) => {
            let unit = fixed(inner).filter(|&unit| unit > 0)?;
            let lo = u64::from(*count_min).max(min.div_ceil(unit));
            let hi = match (count_max, max) {
                (Some(a), Some(b)) => Some(u64::from(*a).min(b / unit)),
                (Some(a), None) => Some(u64::from(*a)),
                (None, Some(b)) => Some(b / unit),
                (None, None) => None,
            };
            let lo = u32::try_from(lo).ok()?;
            let hi = hi.map(|hi| u32::try_from(hi).unwrap_or(u32::MAX));
            Some(Expr::repeat((**inner).clone(), lo, hi))
        }
        _ => None,
    }
}

fn longest_within(longest: Option<u64>, max: Option<u64>) -> bool {
    match (longest, max) {
        (_, None) => true,
        (Some(longest), Some(max)) => longest <= max,
        (None, Some(_)) => false,
    }
}

/// Lengths up to this many characters are counted one by one; beyond it,
/// [`admits_length`] goes by the shortest and longest text alone.
const COUNTED_LENGTHS: u64 = 4096;

/// Whether some text of the decoded expression has a length within
/// `bounds`. Exact for bounds up to [`COUNTED_LENGTHS`], where it counts
/// every length the expression can have (`^(?:aa)+$` has no text of 3
/// characters, though 3 lies between its shortest and longest).
fn admits_length(expr: &Expr, bounds: Bounds) -> bool {
    let (shortest, longest) = lengths(expr);
    let overlaps =
        shortest <= bounds.max.unwrap_or(u64::MAX) && longest.is_none_or(|l| l >= bounds.min);
    match bounds.max {
        Some(max) if overlaps && max <= COUNTED_LENGTHS => {
            let set = length_set(expr, max as usize);
            (bounds.min as usize..=max as usize).any(|n| set.contains(n))
        }
        _ => overlaps,
    }
}

/// Which lengths up to `cap` the decoded expression's texts can have.
fn length_set(expr: &Expr, cap: usize) -> LengthSet {
    let mut set = LengthSet::empty(cap);
    match expr {
        Expr::Text(text) => set.insert(text.chars().count()),
        Expr::Class(_) => set.insert(1),
        Expr::Seq(parts) => {
            set.insert(0);
            for part in parts {
                set = set.sum(&length_set(part, cap));
            }
        }
        Expr::Alt(choices) => {
            for choice in choices {
                set.union_with(&length_set(choice, cap));
            }
        }
        Expr::Repeat(inner, min, max) => {
            let one = length_set(inner, cap);
            // `reached` holds the lengths of exactly `count` copies; it
            // empties once every length passes the cap (an inner text of
            // at least one character), or stops changing (one of none).
            let mut reached = LengthSet::empty(cap);
            reached.insert(0);
            let limit = max.map_or(u64::MAX, u64::from);
            let mut count = 0u64;
            loop {
                if count >= u64::from(*min) {
                    set.union_with(&reached);
                }
                if count == limit || reached.is_empty() {
                    break;
                }
                let next = reached.sum(&one);
                if next == reached && count >= u64::from(*min) {
                    break;
                }
                reached = next;
                count += 1;
            }
        }
        // Decoded expressions hold neither: a rule or an intersection
        // could be anything, so every length is taken as possible.
        Expr::Ref(_) | Expr::And(_) => (0..=cap).for_each(|n| set.insert(n)),
    }
    set
}

/// A set of lengths `0..=cap`, one bit each.
#[derive(Clone, PartialEq)]
struct LengthSet {
    words: Vec<u64>,
    cap: usize,
}

impl LengthSet {
    fn empty(cap: usize) -> LengthSet {
        LengthSet {
            words: vec![0; cap / 64 + 1],
            cap,
        }
    }

    fn insert(&mut self, n: usize) {
        if n <= self.cap {
            self.words[n / 64] |= 1 << (n % 64);
        }
    }

    fn contains(&self, n: usize) -> bool {
        n <= self.cap && self.words[n / 64] & (1 << (n % 64)) != 0
    }

    fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    fn union_with(&mut self, other: &LengthSet) {
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w |= o;
        }
    }

    /// `a + b` for `a` in `self` and `b` in `other`, up to the cap: `self`
    /// shifted by each of `other`'s lengths.
    fn sum(&self, other: &LengthSet) -> LengthSet {
        let mut out = LengthSet::empty(self.cap);
        for shift in (0..=self.cap).filter(|&n| other.contains(n)) {
            let (whole, bits) = (shift / 64, shift % 64);
            for i in (whole..out.words.len()).rev() {
                let low = self.words[i - whole] << bits;
                let carry = if bits > 0 && i > whole {
                    self.words[i - whole - 1] >> (64 - bits)
                } else {
                    0
                };
                out.words[i] |= low | carry;
            }
        }
        // Bits past the cap in the last word mean nothing.
        let last = out.words.len() - 1;
        let used = self.cap % 64 + 1;
        if used < 64 {
            out.words[last] &= (1u64 << used) - 1;
        }
        out
    }
}

/// The length of every text `expr` matches, when they all have one.
fn fixed(expr: &Expr) -> Option<u64> {
    match lengths(expr) {
        (shortest, Some(longest)) if shortest == longest => Some(shortest),
        _ => None,
    }
}

/// The shortest and longest (`None`: unbounded) text of a decoded
/// expression, in characters; for one that matches nothing, `(MAX, 0)`,
/// which every bound check reads as "nothing to keep".
fn lengths(expr: &Expr) -> (u64, Option<u64>) {
    match expr {
        Expr::Text(text) => {
            let n = text.chars().count() as u64;
            (n, Some(n))
        }
        Expr::Class(_) => (1, Some(1)),
        Expr::Seq(parts) => parts.iter().fold((0, Some(0)), |(lo, hi), part| {
            let (part_lo, part_hi) = lengths(part);
            (
                lo.saturating_add(part_lo),
                hi.zip(part_hi).map(|(a, b)| a.saturating_add(b)),
            )
        }),
        Expr::Alt(choices) if choices.is_empty() => (u64::MAX, Some(0)),
        Expr::Alt(choices) => choices.iter().map(lengths).fold(
            (u64::MAX, Some(0)),
            |(lo, hi), (choice_lo, choice_hi)| {
                (lo.min(choice_lo), hi.zip(choice_hi).map(|(a, b)| a.max(b)))
            },
        ),
        Expr::Repeat(inner, min, max) => {
            let (lo, hi) = lengths(inner);
            (
                lo.saturating_mul(u64::from(*min)),
                match (hi, max) {
                    (Some(0), _) => Some(0),
                    (Some(hi), Some(max)) => Some(hi.saturating_mul(u64::from(*max))),
                    _ => None,
                },
            )
        }
        Expr::And(_) | Expr::Ref(_) => (0, None),
    }
}
