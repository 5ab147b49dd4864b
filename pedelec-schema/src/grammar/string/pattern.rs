//! A `pattern` as an expression over decoded characters: the texts of
//! which some part matches it, since JSON Schema's `pattern` is a search.
//!
//! The pattern is read from its translation into the `regex` crate's
//! dialect, which carries the ECMA-262 meaning (`\d` ASCII, `.` without
//! line terminators), parsed by regex-syntax, the parser the `regex` crate
//! runs it with. So the grammar holds the pattern exactly as `validate`
//! matches it, and no second reading of ECMA-262 exists to drift.
//!
//! `^` and `$` (the `Look::Start` and `Look::End` of the Hir) are exact
//! wherever they stand outside a repetition: each part of the pattern is
//! kept as [`Piece`]s that remember whether they must touch the text's
//! start or end, so `^a|b$`, `(?:^a|b)c` and `a^b` all mean what the
//! regex engine makes of them. Any other assertion is taken as always
//! true, which only widens.

use regex_syntax::hir::{Class, Hir, HirKind, Look};

use crate::grammar::expr::{CharSet, Expr};

/// The decoded texts `pattern` (in the `regex` crate's dialect) matches
/// somewhere in, and whether an assertion was taken as always true.
pub(crate) fn search(regex_source: &str) -> (Expr, bool) {
    let hir = regex_syntax::Parser::new()
        .parse(regex_source)
        .expect("the regex crate compiled this source with this parser");
    let mut widened = false;
    let pieces = pieces(&hir, &mut widened);
    let any = || Expr::repeat(Expr::class(CharSet::any()), 0, None);
    let texts = pieces.into_iter().map(|piece| {
        Expr::seq([
            if piece.at_start { Expr::empty() } else { any() },
            piece.body,
            if piece.at_end { Expr::empty() } else { any() },
        ])
    });
    (Expr::alt(texts), widened)
}

/// Texts a part of the pattern matches, and whether the match must begin
/// at the text's start (`at_start`) or finish at its end (`at_end`).
#[derive(Debug, Clone)]
struct Piece {
    at_start: bool,
    at_end: bool,
    body: Expr,
}

fn plain(body: Expr) -> Vec<Piece> {
    vec![Piece {
        at_start: false,
        at_end: false,
        body,
    }]
}

fn pieces(hir: &Hir, widened: &mut bool) -> Vec<Piece> {
    match hir.kind() {
        HirKind::Empty => plain(Expr::empty()),
        HirKind::Literal(literal) => match std::str::from_utf8(&literal.0) {
            Ok(text) => plain(Expr::text(text)),
            // A literal that is no UTF-8 matches no `&str` at all.
            Err(_) => Vec::new(),
        },
        HirKind::Class(class) => plain(Expr::class(char_set(class))),
        HirKind::Look(Look::Start) => vec![Piece {
            at_start: true,
            at_end: false,
            body: Expr::empty(),
        }],
        HirKind::Look(Look::End) => vec![Piece {
            at_start: false,
            at_end: true,
            body: Expr::empty(),
        }],
        HirKind::Look(_) => {
            *widened = true;
            plain(Expr::empty())
        }
        HirKind::Capture(capture) => pieces(&capture.sub, widened),
        HirKind::Alternation(subs) => {
            merge(subs.iter().flat_map(|sub| pieces(sub, widened)).collect())
        }
        HirKind::Concat(subs) => subs.iter().fold(plain(Expr::empty()), |before, sub| {
            let after = pieces(sub, widened);
            let mut out = Vec::new();
            for left in &before {
                for right in &after {
                    out.extend(join(left, right));
                }
            }
            merge(out)
        }),
        HirKind::Repetition(rep) => {
            let inner = pieces(&rep.sub, widened);
            if rep.max == Some(1) {
                // `x?` is `x` or nothing: anchors inside stay exact.
                let mut out = inner;
                if rep.min == 0 {
                    out.extend(plain(Expr::empty()));
                }
                return merge(out);
            }
            if inner.iter().any(|piece| piece.at_start || piece.at_end) {
                // An anchor repeated (`(?:^a)*`) would need the count's
                // every copy to agree; the anchor is taken as true instead.
                *widened = true;
            }
            let body = Expr::alt(inner.into_iter().map(|piece| piece.body));
            plain(Expr::repeat(body, rep.min, rep.max))
        }
    }
}

/// `left` then `right`, or nothing when their anchors cannot both hold:
/// an anchor at the start inside `right` needs `left` to match the empty
/// text (and so `left` to begin at the start too), and one at the end
/// inside `left` needs `right` to.
fn join(left: &Piece, right: &Piece) -> Option<Piece> {
    let left_body = if right.at_start {
        nullable(&left.body).then(Expr::empty)?
    } else {
        left.body.clone()
    };
    let right_body = if left.at_end {
        nullable(&right.body).then(Expr::empty)?
    } else {
        right.body.clone()
    };
    let body = Expr::seq([left_body, right_body]);
    if body.is_nothing() {
        return None;
    }
    Some(Piece {
        at_start: left.at_start || right.at_start,
        at_end: left.at_end || right.at_end,
        body,
    })
}

/// At most one piece per pair of anchors, so that a long concatenation of
/// alternations does not multiply them.
fn merge(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    for piece in pieces {
        if piece.body.is_nothing() {
            continue;
        }
        match out
            .iter_mut()
            .find(|p| p.at_start == piece.at_start && p.at_end == piece.at_end)
        {
            Some(same) => {
                let body = std::mem::replace(&mut same.body, Expr::empty());
                same.body = Expr::alt([body, piece.body]);
            }
            None => out.push(piece),
        }
    }
    out
}

/// Whether a decoded expression matches the empty text.
pub(crate) fn nullable(expr: &Expr) -> bool {
    match expr {
        Expr::Text(text) => text.is_empty(),
        Expr::Class(_) => false,
        Expr::Seq(parts) | Expr::And(parts) => parts.iter().all(nullable),
        Expr::Alt(choices) => choices.iter().any(nullable),
        Expr::Repeat(inner, min, _) => *min == 0 || nullable(inner),
        Expr::Ref(_) => unreachable!("not a decoded-character expression"),
    }
}

fn char_set(class: &Class) -> CharSet {
    match class {
        Class::Unicode(class) => {
            CharSet::from_ranges(class.ranges().iter().map(|r| (r.start(), r.end())))
        }
        // In UTF-8 mode a byte class can only hold ASCII; a byte above it
        // would match part of a character, which a `&str` search never does.
        Class::Bytes(class) => CharSet::from_ranges(
            class
                .ranges()
                .iter()
                .filter(|r| r.start() <= 0x7F)
                .map(|r| (char::from(r.start()), char::from(r.end().min(0x7F)))),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::digits::tests::matches;
    use crate::pattern::Pattern;

    /// The decoded-level search expression of an ECMA pattern.
    fn decoded(source: &str) -> (Expr, bool) {
        search(&Pattern::new(source).unwrap().regex_source())
    }

    #[test]
    fn anchors_are_exact_anywhere_outside_a_repetition() {
        for (source, texts) in [
            ("^a|b$", &["a", "ax", "b", "xb", "x", "xa", "bx", ""][..]),
            ("(?:^a|b)c", &["ac", "acx", "xbc", "xac", "bcx", "ab"]),
            ("a^b", &["ab", "a", "b", ""]),
            ("^$", &["", "a"]),
            ("^(?:ab$|c)", &["ab", "abx", "c", "cx", "xab"]),
            ("a?^b", &["b", "ab", "bx", "xb"]),
            ("(?:^)?a", &["a", "xa", ""]),
        ] {
            let (expr, widened) = decoded(source);
            assert!(!widened, "{source}");
            let pattern = Pattern::new(source).unwrap();
            for text in texts {
                assert_eq!(
                    matches(&expr, text),
                    pattern.is_match(text),
                    "{source} on {text:?}"
                );
            }
        }
    }

    #[test]
    fn ecma_meanings_come_through_the_translation() {
        for (source, text, expected) in [
            (r"^\d$", "7", true),
            (r"^\d$", "\u{0660}", false),
            (r"^\w$", "é", false),
            ("^.$", "\n", false),
            ("^.$", "\u{2028}", false),
            ("^.$", "\r", false),
            ("^.$", "😀", true),
            (r"^\s$", "\u{FEFF}", true),
            ("^[^]$", "\n", true),
            ("^[]$", "a", false),
            (r"^\u{1F600}$", "😀", true),
        ] {
            let (expr, _) = decoded(source);
            assert_eq!(matches(&expr, text), expected, "{source} on {text:?}");
        }
    }

    #[test]
    fn other_assertions_widen() {
        let (expr, widened) = decoded(r"\bcat");
        assert!(widened);
        assert!(matches(&expr, "a cat") && matches(&expr, "concat"));
        let (_, widened) = decoded("(?:^a)+");
        assert!(widened);
        assert!(!decoded("^a+$").1);
    }
}
