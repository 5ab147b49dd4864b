//! The texts of an expression that begin (or end) with a character of a
//! set: what a word boundary asks of the part of a pattern beside it.
//! Both are exact on decoded-character expressions, by the structure of the
//! expression, so the result is an expression of the same kind.

use super::nullable;
use crate::grammar::expr::{CharSet, Expr};

/// Which end of the text a set constrains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum End {
    First,
    Last,
}

/// The texts of `expr` whose character at `end` is in `set` (so never the
/// empty text).
pub(super) fn at(expr: &Expr, end: End, set: &CharSet) -> Expr {
    match expr {
        Expr::Text(text) => {
            let c = match end {
                End::First => text.chars().next(),
                End::Last => text.chars().next_back(),
            };
            match c {
                Some(c) if set.contains(c) => expr.clone(),
                _ => Expr::nothing(),
            }
        }
        Expr::Class(class) => Expr::class(class.intersection(set)),
        Expr::Alt(choices) => Expr::alt(choices.iter().map(|choice| at(choice, end, set))),
        Expr::And(parts) => Expr::and(parts.iter().map(|part| at(part, end, set))),
        Expr::Seq(parts) => seq_at(parts, end, set),
        Expr::Repeat(inner, min, max) => {
            // Copies that match the empty text can be dropped, so the text
            // is one copy that reaches `end` and at most `max - 1` others.
            let (rest_min, rest_max) = if *min == 0 || nullable(inner) {
                (0, max.map(|max| max - 1))
            } else {
                (min - 1, max.map(|max| max - 1))
            };
            let edge = at(inner, end, set);
            let rest = Expr::repeat((**inner).clone(), rest_min, rest_max);
            match end {
                End::First => Expr::seq([edge, rest]),
                End::Last => Expr::seq([rest, edge]),
            }
        }
        Expr::Ref(_) => unreachable!("not a decoded-character expression"),
    }
}

/// A sequence's texts with `end` in `set`: the part nearest `end` reaches
/// it, or matches the empty text and the rest of the sequence does.
fn seq_at(parts: &[Expr], end: End, set: &CharSet) -> Expr {
    let (near, rest) = match end {
        End::First => match parts.split_first() {
            Some((near, rest)) => (near, rest),
            None => return Expr::nothing(),
        },
        End::Last => match parts.split_last() {
            Some((near, rest)) => (near, rest),
            None => return Expr::nothing(),
        },
    };
    let whole_rest = Expr::seq(rest.iter().cloned());
    let reached = match end {
        End::First => Expr::seq([at(near, end, set), whole_rest]),
        End::Last => Expr::seq([whole_rest, at(near, end, set)]),
    };
    if nullable(near) {
        Expr::alt([reached, seq_at(rest, end, set)])
    } else {
        reached
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::digits::tests::matches;

    #[test]
    fn the_texts_that_begin_or_end_in_a_set() {
        let digits = CharSet::from_ranges([('0', '9')]);
        let letters = Expr::class(CharSet::from_ranges([('a', 'z')]));
        let number = Expr::class(digits.clone());
        // (a-z | 0-9)* then x?: texts of every shape.
        let expr = Expr::seq([
            Expr::repeat(Expr::alt([letters, number]), 0, Some(3)),
            Expr::optional(Expr::text("x")),
        ]);
        for text in ["", "a", "1", "a1", "1a", "x", "1x", "ab1", "12x", "a12"] {
            let first = text.chars().next().is_some_and(|c| digits.contains(c));
            let last = text.chars().next_back().is_some_and(|c| digits.contains(c));
            let whole = matches(&expr, text);
            assert_eq!(
                matches(&at(&expr, End::First, &digits), text),
                whole && first,
                "first of {text:?}"
            );
            assert_eq!(
                matches(&at(&expr, End::Last, &digits), text),
                whole && last,
                "last of {text:?}"
            );
        }
    }
}
