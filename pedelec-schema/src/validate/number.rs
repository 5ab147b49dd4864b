//! The number and integer rule: most values settle with two comparisons
//! against an interval of the bounds; failures, `enum`s, values beyond
//! `i64` and floats equal to a bound take the exact comparison, which
//! compares a float on a bound's edge by the text it was read from too,
//! where that is known (`texts.rs`).

use std::cmp::Ordering;
use std::sync::Arc;

use serde_json::Number;

use super::texts::{self, Edge};
use super::{fail, FailFast, Sink, Trail};
use crate::document::Span;
use crate::document::{Failure, Found};
use crate::numeric::{self, decimal, Interval, Num};
use crate::schema::NumberNode;

/// A `number` or `integer` node.
/// The JSON type a `number` node takes, as its type failure names it.
pub(super) const EXPECTED: &str = "a number";

#[derive(Debug, Clone)]
pub(crate) struct NumberRule {
    site: Span,
    integer: bool,
    allowed: Option<Arc<[Number]>>,
    minimum: Option<Bound>,
    maximum: Option<Bound>,
    /// The bounds as a shortcut for the common cases; `None` with an
    /// `enum`, which the shortcut does not cover.
    shortcut: Option<Interval>,
}

/// A `minimum` or `maximum`: ready to compare, and as the schema wrote it.
#[derive(Debug, Clone)]
struct Bound {
    exact: Num,
    written: Number,
}

impl Bound {
    fn of(number: &Number) -> Bound {
        Bound {
            exact: Num::of(number),
            written: number.clone(),
        }
    }

    /// The double nearest the bound (the bound, if it is a float): a float
    /// equal to it is on the bound's edge, where the text it was read from
    /// may be on either side of the bound (`numeric/decimal.rs`). Worked
    /// out when asked, as the bound's text is: a float on an edge is rare,
    /// and every rule the walk passes is as large as its largest kind.
    fn edge(&self) -> f64 {
        match self.exact {
            // `as` rounds to the nearest, as reading a text does.
            Num::Int(int) => int as f64,
            Num::Float(float) => float,
        }
    }

    /// Whether `number` is a float on the bound's edge.
    fn on_edge(&self, number: &Number) -> bool {
        number.is_f64() && number.as_f64() == Some(self.edge())
    }

    /// Whether `number`, read from a text no longer at hand, may have been
    /// read from one outside the bound (below it for a `minimum`, where
    /// `lower`) although the double is not: a float on the edge may, but for
    /// an edge of zero, where the float keeps the text's sign (`-1e-400` is
    /// read as `-0.0`), so that `0.0` is no text below zero and `-0.0` none
    /// above it.
    fn doubts(&self, number: &Number, lower: bool) -> bool {
        match self.on_edge(number) {
            true if self.edge() == 0.0 => {
                number.as_f64().is_some_and(f64::is_sign_negative) == lower
            }
            on_edge => on_edge,
        }
    }

    /// Whether `number`, whose value is `num`, is on the `side` of the
    /// bound (`Less` below a `minimum`, `Greater` above a `maximum`): by its
    /// value, what a program reads; and on the bound's edge also by `text`,
    /// the text it was read from, where that is known, what was written. A
    /// number is inside only if both are: so a text's readers refuse what
    /// `validate` on its `Value` refuses, and more (`1e-400` above a
    /// `maximum` of `0`), never less. A text that is its float's shortest
    /// decimal is that float's spelling, as serde_json and JavaScript write
    /// a float (`-9.223372036854776e18` for -2^63, `i64::MIN`): the float
    /// decides it.
    fn beyond(&self, number: &Number, num: Num, text: Option<&str>, side: Ordering) -> bool {
        num.cmp(self.exact) == side
            || text.is_some_and(|text| {
                self.on_edge(number)
                    && decimal::compare(text, &decimal::written(self.exact)) == side
                    && !decimal::spells(text, num)
            })
    }
}

impl NumberRule {
    /// Where the node is in the schema.
    pub(super) fn site(&self) -> Span {
        self.site
    }

    pub(super) fn compile(node: &NumberNode, integer: bool, site: Span) -> Self {
        NumberRule {
            site,
            integer,
            allowed: node.enum_values.as_deref().map(Arc::from),
            minimum: node.minimum.as_ref().map(Bound::of),
            maximum: node.maximum.as_ref().map(Bound::of),
            shortcut: node.enum_values.is_none().then(|| {
                Interval::of(
                    node.minimum.as_ref().map(Num::of),
                    node.maximum.as_ref().map(Num::of),
                )
            }),
        }
    }

    pub(super) fn expected(&self) -> &'static str {
        if self.integer {
            "an integer"
        } else {
            EXPECTED
        }
    }

    /// Most numbers pass by the shortcut; the rest - failures, `enum`s,
    /// numbers beyond `i64` - are decided exactly.
    #[inline(always)]
    pub(super) fn check<S: Sink>(&self, number: &Number, at: &Trail<'_>, sink: &mut S) -> bool {
        if let Some(shortcut) = &self.shortcut {
            if shortcut.surely_contains(number, self.integer) {
                return true;
            }
        }
        self.check_exactly(number, at, sink)
    }

    #[inline(never)]
    fn check_exactly<S: Sink>(&self, number: &Number, at: &Trail<'_>, sink: &mut S) -> bool {
        self.check_number(number, at, sink)
    }

    /// Whether `number` passes, for a walk that has the number but no
    /// `Value` (reading arguments straight from JSON text).
    #[inline(always)]
    pub(super) fn accepts_number(&self, number: &Number) -> bool {
        if let Some(shortcut) = &self.shortcut {
            if shortcut.surely_contains(number, self.integer) {
                return true;
            }
        }
        self.accepts_number_exactly(number)
    }

    #[inline(never)]
    fn accepts_number_exactly(&self, number: &Number) -> bool {
        self.check_number(number, &Trail::ROOT, &mut FailFast)
    }

    /// Whether `number`, read from the text `text`, passes: on a bound's
    /// edge, by its text (for the stream, which has it at hand).
    pub(super) fn accepts_text(&self, number: &Number, text: &str) -> bool {
        if let Some(shortcut) = &self.shortcut {
            if shortcut.surely_contains(number, self.integer) {
                return true;
            }
        }
        self.check_written(number, Some(text), &Trail::ROOT, &mut FailFast)
    }

    /// Whether `number` is a float on the edge of `minimum` or `maximum`.
    fn on_edge(&self, number: &Number) -> bool {
        [&self.minimum, &self.maximum]
            .into_iter()
            .flatten()
            .any(|bound| bound.on_edge(number))
    }

    /// Whether checking `number` needs the text it was read from: it is a
    /// float on a bound's edge, which the text may be on the other side of.
    pub(super) fn needs_text(&self, number: &Number) -> bool {
        self.on_edge(number) && self.doubts(number)
    }

    /// Whether `number`, a float on an edge, may have been read from a
    /// text on the other side of a bound than the double (`Bound::doubts`).
    fn doubts(&self, number: &Number) -> bool {
        let doubts = |bound: &Option<Bound>, lower| {
            bound
                .as_ref()
                .is_some_and(|bound| bound.doubts(number, lower))
        };
        doubts(&self.minimum, true) || doubts(&self.maximum, false)
    }

    /// The edges of the bounds, for the floats whose text a walk needs
    /// (`texts.rs`).
    pub(super) fn edges(&self) -> impl Iterator<Item = Edge> + '_ {
        [&self.minimum, &self.maximum]
            .into_iter()
            .flatten()
            .map(|bound| Edge::of(bound.exact))
    }

    /// Checks `number` exactly, by its text on a bound's edge where the
    /// walk's value came with the texts of its numbers (`texts.rs`).
    #[inline(always)]
    fn check_number<S: Sink>(&self, number: &Number, at: &Trail<'_>, sink: &mut S) -> bool {
        match self.on_edge(number) {
            true => texts::with_text(number, self.doubts(number), |text| {
                self.check_written(number, text, at, sink)
            }),
            false => self.check_written(number, None, at, sink),
        }
    }

    /// Checks `number`, read from `text` where that is known.
    fn check_written<S: Sink>(
        &self,
        number: &Number,
        text: Option<&str>,
        at: &Trail<'_>,
        sink: &mut S,
    ) -> bool {
        let num = Num::of(number);
        if self.integer && !num.is_integer() {
            sink.fail(at, self.site, |_| Failure::Type {
                expected: self.expected(),
                found: Found::Number(number.clone()),
            });
            return false;
        }
        let mut valid = true;
        if let Some(allowed) = &self.allowed {
            if !allowed
                .iter()
                .any(|candidate| numeric::equal(candidate, number))
            {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::NumberEnum {
                        number: number.clone(),
                        allowed: Arc::clone(allowed),
                    }
                );
            }
        }
        if let Some(minimum) = &self.minimum {
            if minimum.beyond(number, num, text, Ordering::Less) {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Minimum {
                        number: number.clone(),
                        minimum: minimum.written.clone(),
                        text: decided_by(text, || minimum.beyond(
                            number,
                            num,
                            None,
                            Ordering::Less
                        )),
                    }
                );
            }
        }
        if let Some(maximum) = &self.maximum {
            if maximum.beyond(number, num, text, Ordering::Greater) {
                fail!(
                    sink,
                    at,
                    self.site,
                    valid,
                    Failure::Maximum {
                        number: number.clone(),
                        maximum: maximum.written.clone(),
                        text: decided_by(text, || maximum.beyond(
                            number,
                            num,
                            None,
                            Ordering::Greater
                        )),
                    }
                );
            }
        }
        valid
    }
}

/// The text a failure shows for its number: the text only where it, not
/// the float, put the number past the bound (`1e-400`, whose float `0.0`
/// passes `maximum: 0`); elsewhere the float's words, which `validate` on
/// the `Value` gives too.
fn decided_by(text: Option<&str>, float_beyond: impl FnOnce() -> bool) -> Option<Box<str>> {
    text.filter(|_| !float_beyond()).map(Box::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Texts that serde_json reads as `float`: its shortest decimal, and
    /// decimals just above and just below it in magnitude, within half a
    /// float of it; for zero, the tiny numbers of its sign.
    fn texts_of(float: f64) -> Vec<String> {
        if float == 0.0 {
            let sign = if float.is_sign_negative() { "-" } else { "" };
            return vec![
                format!("{sign}0.0"),
                format!("{sign}1e-400"),
                format!("{sign}0e9"),
            ];
        }
        let long = format!("{float:.40e}");
        let (mantissa, exponent) = long.split_once('e').unwrap();
        let last = mantissa.as_bytes()[mantissa.len() - 1];
        let below = match last {
            b'0' => format!("{}e{exponent}", &mantissa[..mantissa.len() - 1]),
            _ => format!(
                "{}{}9999e{exponent}",
                &mantissa[..mantissa.len() - 1],
                char::from(last - 1)
            ),
        };
        vec![
            format!("{float:e}"),
            format!("{mantissa}0001e{exponent}"),
            below,
            long,
        ]
    }

    /// The double's answer without the text, tied to its plain meaning:
    /// where the rule does not doubt a float, every text read as that
    /// float is decided alike by its text; where those texts disagree, it
    /// doubts.
    #[test]
    fn a_float_is_doubted_wherever_its_texts_disagree() {
        let bounds: Vec<Number> = [
            serde_json::json!(0),
            serde_json::json!(-0.0),
            serde_json::json!(1),
            serde_json::json!(0.1),
            serde_json::json!(-2.5),
            serde_json::json!(9_007_199_254_740_993_u64),
            serde_json::json!(5e-324),
        ]
        .into_iter()
        .map(|bound| bound.as_number().unwrap().clone())
        .collect();
        let (mut doubted, mut disagreed) = (0, 0);
        for bound in &bounds {
            let edge = Bound::of(bound).edge();
            let floats = [edge, -edge, edge.next_up(), edge.next_down(), 0.0, -0.0];
            for node in [
                NumberNode::default().minimum(bound.clone()),
                NumberNode::default().maximum(bound.clone()),
            ] {
                let rule = NumberRule::compile(&node, false, Span::ROOT);
                for float in floats {
                    let number = Number::from_f64(float).unwrap();
                    let by_double = rule.accepts_number(&number);
                    let verdicts: Vec<bool> = texts_of(float)
                        .iter()
                        .map(|text| {
                            let read: Number = serde_json::from_str(text).unwrap();
                            assert_eq!(read.as_f64().map(f64::to_bits), Some(float.to_bits()));
                            rule.accepts_text(&number, text)
                        })
                        .collect();
                    let context = format!("{float:e} against {node:?}");
                    let doubts = rule.needs_text(&number);
                    doubted += usize::from(doubts);
                    if !doubts {
                        assert!(verdicts.iter().all(|&v| v == by_double), "{context}");
                    }
                    if verdicts.iter().any(|&v| v != verdicts[0]) {
                        disagreed += 1;
                        assert!(doubts, "{context}");
                    }
                }
            }
        }
        assert!(disagreed > 0 && doubted >= disagreed);
    }
}
