//! JSON numbers: the texts of an `integer` or `number` node, in forms that
//! serde_json reads without error and the node's bounds and `enum` accept.
//!
//! - An integer: `-?` digits without leading zeros, in at most 308 (a
//!   longer one can exceed `f64::MAX`, which serde_json refuses).
//! - A number without bounds: the same with an optional fraction, or an
//!   exponent after a one-digit mantissa, `-?[0-9](\.[0-9]+)?[eE]`, that
//!   keeps it finite: a negative one of one to three digits (it may
//!   underflow to zero, which serde_json allows), or a non-negative one up
//!   to 307 without leading zeros, `+` optional (a mantissa below 10 times
//!   10^307 is below `f64::MAX`).
//! - A number with bounds: no exponent; the exact range, as serde_json
//!   reads it (`number_range.rs`).
//! - An `enum`: each value the bounds accept, in one text serde_json reads
//!   back as that value.
//!
//! `-0` and `-0.0` are zero, and are written wherever zero is in range.

mod range;

use serde_json::{Number, Value};

use super::build::Build;
use super::digits::{decimal_digit, decimal_range};
use super::expr::Expr;
use crate::change::ChangeCode;
use crate::numeric;
use crate::schema::{NumberNode, SchemaNode};
use crate::validate::Validator;

/// 2^63: the largest magnitude of a negative integer serde_json reads
/// exactly (`i64::MIN`).
const NEGATIVE_EXACT: &str = "9223372036854775808";

/// The JSON text of an integer `node` accepts.
pub(crate) fn integer(node: &NumberNode, cx: &mut Build) -> Expr {
    cx.change(
        ChangeCode::GrammarIntegerSpelling,
        None,
        "an integer is written as digits without leading zeros, a fraction or an exponent, in at most 308 digits; one beyond the u64 or i64 range within a few floats of a bound is not",
    );
    let body = match &node.enum_values {
        Some(values) => enumerated(node, values, true, cx),
        None => bounded(node, false),
    };
    named(cx, "integer", body)
}

/// The JSON text of a number `node` accepts.
pub(crate) fn number(node: &NumberNode, cx: &mut Build) -> Expr {
    let body = match &node.enum_values {
        Some(values) => enumerated(node, values, false, cx),
        None if node.minimum.is_none() && node.maximum.is_none() => {
            cx.change(
                ChangeCode::GrammarNumberSpelling,
                None,
                "a number is written in decimal, in at most 308 integer digits, or with an exponent after a one-digit mantissa: a negative one of at most three digits, or one up to 307",
            );
            unbounded_number()
        }
        None => {
            cx.change(
                ChangeCode::GrammarNumberSpelling,
                None,
                "a number with a bound is written in decimal without an exponent, within the bounds as a decimal; a text of more than 15 significant digits within a few floats of a bound is not",
            );
            bounded(node, true)
        }
    };
    named(cx, "number", body)
}

/// A lexeme, unless nothing matches: then nothing, which the walk drops.
fn named(cx: &mut Build, hint: &str, body: Expr) -> Expr {
    if body.is_nothing() {
        body
    } else {
        cx.lexeme(hint, body)
    }
}

/// `-?(0|[1-9][0-9]{0,307})(\.[0-9]+)?`, or a one-digit mantissa with an
/// exponent that keeps it finite.
fn unbounded_number() -> Expr {
    let digits = Expr::repeat(decimal_digit(0, 9), 1, None);
    let fraction = Expr::optional(Expr::seq([Expr::text("."), digits.clone()]));
    let plain = Expr::seq([
        decimal_range(&[0], None, range::MAX_INTEGER_DIGITS),
        fraction.clone(),
    ]);
    let exponent = Expr::alt([
        Expr::seq([
            Expr::text("-"),
            Expr::repeat(decimal_digit(0, 9), 1, Some(3)),
        ]),
        Expr::seq([
            Expr::optional(Expr::text("+")),
            decimal_range(&[0], Some(&[3, 0, 7]), 3),
        ]),
    ]);
    let scientific = Expr::seq([
        decimal_digit(0, 9),
        fraction,
        Expr::class(super::expr::CharSet::from_ranges([('e', 'e'), ('E', 'E')])),
        exponent,
    ]);
    Expr::seq([
        Expr::optional(Expr::text("-")),
        Expr::alt([plain, scientific]),
    ])
}

/// The texts between the node's bounds, without an exponent: integers,
/// and with `fractions` decimals too.
fn bounded(node: &NumberNode, fractions: bool) -> Expr {
    let [positive, negative] = range::sides(node.minimum.as_ref(), node.maximum.as_ref());
    let u64_max = u64::MAX.to_string();
    Expr::alt([
        positive.map_or_else(Expr::nothing, |side| {
            range::magnitudes(&side, fractions, &u64_max)
        }),
        negative.map_or_else(Expr::nothing, |side| {
            Expr::seq([
                Expr::text("-"),
                range::magnitudes(&side, fractions, NEGATIVE_EXACT),
            ])
        }),
    ])
}

/// The `enum` values the bounds accept, each in a text that both of
/// serde_json's parsers read back as the value.
fn enumerated(node: &NumberNode, values: &[Number], integer: bool, cx: &mut Build) -> Expr {
    // The node's compiled rule decides which values a call can hold, as
    // validation does (the gatekeeper checks only their type).
    let rule = Validator::of(&if integer {
        SchemaNode::Integer(node.clone())
    } else {
        SchemaNode::Number(node.clone())
    });
    let texts: Vec<Option<String>> = values
        .iter()
        .filter(|value| rule.accepts(&Value::Number((*value).clone())))
        .map(|value| spelling(value, integer))
        .collect();
    let lost = texts.iter().filter(|text| text.is_none()).count();
    let mut message = if integer {
        "an `enum` value is written as its integer's digits where serde_json reads them back exactly, else as serde_json writes it (`2`, not `2.0`)".to_owned()
    } else {
        "an `enum` value is written as serde_json writes it (`1`, not `1.0`)".to_owned()
    };
    if lost > 0 {
        message.push_str(&format!(
            "; {lost} value(s) that serde_json does not read back exactly from any such text are left out"
        ));
    }
    cx.change(ChangeCode::GrammarEnumSpelling, None, message);
    Expr::alt(texts.into_iter().flatten().map(Expr::text))
}

/// The first of `value`'s texts - for an integer node its digits, then
/// serde_json's own - that reads back as `value`.
fn spelling(value: &Number, integer: bool) -> Option<String> {
    let own = serde_json::to_string(value).expect("a number serializes");
    let digits = integer.then(|| integer_digits(value)).flatten();
    digits
        .into_iter()
        .chain(std::iter::once(own))
        .find(|text| reads_back(text, value))
}

/// An integer-valued number's digits, in at most 308.
fn integer_digits(value: &Number) -> Option<String> {
    let text = match (value.as_u64(), value.as_i64(), value.as_f64()) {
        (Some(u), ..) => u.to_string(),
        (_, Some(i), _) => i.to_string(),
        (.., Some(0.0)) => "0".to_owned(),
        (.., Some(f)) => format!("{f:.0}"),
        _ => return None,
    };
    (text.trim_start_matches('-').len() <= range::MAX_INTEGER_DIGITS).then_some(text)
}

/// Whether `text` reads as `value` with this build's serde_json, and, if it
/// reads as a float, when correctly rounded too (serde_json with
/// `float_roundtrip`, which another crate may turn on): the build that
/// reads the arguments may be either.
fn reads_back(text: &str, value: &Number) -> bool {
    let Ok(read) = serde_json::from_str::<Number>(text) else {
        return false;
    };
    if !numeric::equal(&read, value) {
        return false;
    }
    if !read.is_f64() {
        return true;
    }
    text.parse::<f64>()
        .ok()
        .and_then(Number::from_f64)
        .is_some_and(|rounded| numeric::equal(&rounded, value))
}

#[cfg(test)]
mod tests;
