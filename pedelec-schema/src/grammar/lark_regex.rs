//! A Lark terminal written as one regex (`CHAR_1: /[a-z]|\\u.../`) rather
//! than as Lark's own expression of literals, classes and counts: llguidance
//! reads a terminal's every `/.../` and `"..."` as a regex of its own, so a
//! string's JSON spellings written in Lark's syntax are hundreds of small
//! regexes to parse and join on every compile, and as one regex a single
//! parse. A body that refers to another terminal or intersects (`&`) stays
//! in Lark's syntax: a regex can do neither.

use super::expr::{nesting, Expr, Rule, RuleKind};
use super::text::{write_class, write_count};

/// How deep a terminal's body may nest and still be written whole: each
/// level is at most two of the regex parser's (a group and the
/// alternation, concatenation or repetition in it), and llguidance's
/// parser (regex-syntax) refuses past 250.
const MAX_NESTING: usize = 64;

/// The regex of a terminal's `body`, without the slashes; `None` when the
/// body refers to a rule or intersects.
pub(crate) fn regex(body: &Expr) -> Option<String> {
    let mut out = String::new();
    write(&mut out, body, Place::Top).then_some(out)
}

/// Whether `rule` is written as one regex: a lexeme with no reference and
/// no intersection, nesting no deeper than the regex parser reads. Such a
/// rule needs no splitting for the depth of Lark's own syntax.
pub(crate) fn is_one_regex(rule: &Rule) -> bool {
    rule.kind == RuleKind::Lexeme
        && nesting(&rule.body) <= MAX_NESTING
        && regex(&rule.body).is_some()
}

/// How tightly an expression must bind where it is written.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    Top,
    Part,
    Atom,
}

/// Writes `expr`; false when it cannot be a regex.
fn write(out: &mut String, expr: &Expr, place: Place) -> bool {
    let needs_group = match expr {
        Expr::Alt(choices) => choices.len() > 1 && place > Place::Top,
        Expr::Seq(_) | Expr::Repeat(..) => place == Place::Atom,
        Expr::Text(text) => place == Place::Atom && text.chars().nth(1).is_some(),
        Expr::Class(_) | Expr::And(_) | Expr::Ref(_) => false,
    };
    if needs_group {
        out.push_str("(?:");
        let written = write(out, expr, Place::Top);
        out.push(')');
        return written;
    }
    match expr {
        Expr::Text(text) => {
            text.chars().for_each(|c| push_char(out, c));
            true
        }
        Expr::Class(set) => {
            write_class(out, set, ("[", "]"), push_class_char);
            true
        }
        Expr::Seq(parts) => parts.iter().all(|part| write(out, part, Place::Part)),
        Expr::Alt(choices) if choices.is_empty() => {
            // An empty class is no regex: the class of no character.
            out.push_str("[^\\x{0}-\\x{10FFFF}]");
            true
        }
        Expr::Alt(choices) => choices.iter().enumerate().all(|(i, choice)| {
            if i > 0 {
                out.push('|');
            }
            write(out, choice, Place::Part)
        }),
        Expr::Repeat(inner, min, max) => {
            let mut operand = String::new();
            if !write(&mut operand, inner, Place::Atom) {
                return false;
            }
            // llguidance reads counts as i32, as in the rest of the Lark.
            let clamp = |n: u32| n.min(i32::MAX as u32);
            write_count(
                out,
                &operand,
                clamp(*min),
                max.filter(|&max| max <= i32::MAX as u32),
            );
            true
        }
        Expr::And(_) | Expr::Ref(_) => false,
    }
}

/// A character of a literal: letters, digits and the punctuation a regex
/// reads as itself as they are, anything else as `\x{...}` (which also
/// keeps the terminal's closing `/` out of the regex).
fn push_char(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() || "\"'_,:;!@%=<>`".contains(c) {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}

/// A character of a class, written as the rest of the Lark writes classes.
fn push_class_char(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::expr::CharSet;

    #[test]
    fn bodies_become_one_regex_that_groups_what_it_must() {
        let digit = Expr::class(CharSet::from_ranges([('0', '9')]));
        let body = Expr::alt([
            Expr::text("-"),
            Expr::seq([
                Expr::text("ab"),
                Expr::repeat(Expr::alt([digit.clone(), Expr::text("x/")]), 1, Some(3)),
            ]),
            Expr::repeat(Expr::text("\"q\""), 0, None),
        ]);
        assert_eq!(
            regex(&body).unwrap(),
            r#"\x{2D}|ab(?:[0-9]|x\x{2F}){1,3}|(?:"q")*"#
        );
        assert_eq!(regex(&Expr::nothing()).unwrap(), "[^\\x{0}-\\x{10FFFF}]");
        let with_ref = Expr::seq([digit, Expr::Ref(crate::grammar::expr::RuleId(0))]);
        assert_eq!(regex(&with_ref), None);
    }

    #[test]
    fn only_a_plain_lexeme_within_the_regex_parsers_depth_is_one_regex() {
        let rule = |kind, body| Rule {
            name: "r-1".to_owned(),
            kind,
            body,
        };
        // `(?:b(?:(?:b...)|[c-d])?)?`: each level a repetition, a sequence
        // or an alternation, each written in a group where it must be.
        let class = Expr::class(CharSet::from_ranges([('c', 'd')]));
        let mut deepest = Expr::text("a");
        while nesting(&deepest) < MAX_NESTING {
            deepest = match nesting(&deepest) % 3 {
                0 => Expr::optional(deepest),
                1 => Expr::seq([Expr::text("b"), deepest]),
                _ => Expr::alt([deepest, class.clone()]),
            };
        }
        assert_eq!(nesting(&deepest), MAX_NESTING);
        assert!(is_one_regex(&rule(RuleKind::Lexeme, deepest.clone())));
        // The parser llguidance reads it with (derivre's regex-syntax, at
        // its default nesting limit) takes it.
        let written = regex(&deepest).unwrap();
        assert!(
            regex_syntax::Parser::new().parse(&written).is_ok(),
            "{written}"
        );
        assert!(!is_one_regex(&rule(RuleKind::Rule, deepest.clone())));
        let deeper = Expr::seq([Expr::text("c"), deepest]);
        assert!(!is_one_regex(&rule(RuleKind::Lexeme, deeper)));
        let with_ref = Expr::seq([Expr::text("a"), Expr::Ref(crate::grammar::expr::RuleId(0))]);
        assert!(!is_one_regex(&rule(RuleKind::Lexeme, with_ref)));
    }
}
