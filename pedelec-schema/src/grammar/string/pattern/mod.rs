//! A `pattern` as an expression over decoded characters: the texts of
//! which some part matches it, since JSON Schema's `pattern` is a search.
//!
//! The pattern is read from its translation into the `regex` crate's
//! dialect, which carries the ECMA-262 meaning (`\d` ASCII, `.` without
//! line terminators, `\b` between an ASCII word character and anything
//! else), parsed by regex-syntax, the parser the `regex` crate runs it
//! with. So the grammar holds the pattern exactly as `validate` matches
//! it, and no second reading of ECMA-262 exists to drift.
//!
//! Every assertion the gatekeeper lets through (`^`, `$`, `\b`, `\B`) is a
//! condition on the characters beside a point of the text, so each part of
//! the pattern is kept as [`Piece`]s that remember what the characters just
//! before and just after them may be ([`Side`]): the text's edge, a word
//! character, or another one. Where two parts meet, each one's condition
//! is settled by the other's first or last character (`edges.rs`), and a
//! repetition whose copies meet at such a condition is a walk through the
//! kinds of copy it can chain (`repeat.rs`). Only a counted repetition too
//! large to write out that way is taken as always true, which widens.

mod edges;
mod repeat;
#[cfg(test)]
mod tests;

use regex_syntax::hir::{Class, Hir, HirKind, Look};

use self::edges::End;
use crate::grammar::expr::{CharSet, Expr};

/// What the character beside a piece may be: a set of these bits.
pub(super) type Side = u8;
/// No character: the text's start (before a piece) or end (after it).
const EDGE: Side = 1;
/// An ASCII word character, `[0-9A-Za-z_]`.
const WORD: Side = 2;
/// Any other character.
const OTHER: Side = 4;
/// No condition.
const FREE: Side = EDGE | WORD | OTHER;

/// The characters `\b` counts as word characters.
fn word() -> CharSet {
    CharSet::from_ranges([('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')])
}

/// The characters of a `WORD` or `OTHER` side.
fn chars_of(side: Side) -> CharSet {
    match side {
        WORD => word(),
        OTHER => word().complement(),
        _ => unreachable!("one character kind"),
    }
}

/// The decoded texts `pattern` (in the `regex` crate's dialect) matches
/// somewhere in, and whether an assertion was taken as always true.
pub(crate) fn search(regex_source: &str) -> (Expr, bool) {
    let hir = regex_syntax::Parser::new()
        .parse(regex_source)
        .expect("the regex crate compiled this source with this parser");
    let mut widened = false;
    let pieces = pieces(&hir, &mut widened);
    let texts = pieces.into_iter().map(|piece| {
        Expr::seq([
            beside(piece.before, End::Last),
            piece.body,
            beside(piece.after, End::First),
        ])
    });
    (Expr::alt(texts), widened)
}

/// The texts that may stand before (`End::Last`: their last character is
/// the one before the piece) or after a piece with this side.
fn beside(side: Side, end: End) -> Expr {
    let any = || Expr::repeat(Expr::class(CharSet::any()), 0, None);
    if side == FREE {
        return any();
    }
    let mut choices = Vec::new();
    if side & EDGE != 0 {
        choices.push(Expr::empty());
    }
    match side & (WORD | OTHER) {
        0 => {}
        WORD | OTHER => {
            let next = Expr::class(chars_of(side & (WORD | OTHER)));
            choices.push(match end {
                End::Last => Expr::seq([any(), next]),
                End::First => Expr::seq([next, any()]),
            });
        }
        _ => choices.push(Expr::repeat(Expr::class(CharSet::any()), 1, None)),
    }
    Expr::alt(choices)
}

/// Texts a part of the pattern matches, with what the characters just
/// before and after the match may be.
#[derive(Debug, Clone)]
pub(super) struct Piece {
    pub(super) before: Side,
    pub(super) body: Expr,
    pub(super) after: Side,
}

impl Piece {
    fn free(body: Expr) -> Piece {
        Piece {
            before: FREE,
            body,
            after: FREE,
        }
    }

    fn is_free(&self) -> bool {
        self.before == FREE && self.after == FREE
    }
}

fn plain(body: Expr) -> Vec<Piece> {
    vec![Piece::free(body)]
}

/// The empty text between two characters, one of which is in each of the
/// given pairs of sides, for each pair.
fn point(pairs: &[(Side, Side)]) -> Vec<Piece> {
    pairs
        .iter()
        .map(|&(before, after)| Piece {
            before,
            body: Expr::empty(),
            after,
        })
        .collect()
}

fn pieces(hir: &Hir, widened: &mut bool) -> Vec<Piece> {
    const NOT_WORD: Side = EDGE | OTHER;
    match hir.kind() {
        HirKind::Empty => plain(Expr::empty()),
        HirKind::Literal(literal) => match std::str::from_utf8(&literal.0) {
            Ok(text) => plain(Expr::text(text)),
            // A literal that is no UTF-8 matches no `&str` at all.
            Err(_) => Vec::new(),
        },
        HirKind::Class(class) => plain(Expr::class(char_set(class))),
        HirKind::Look(Look::Start) => point(&[(EDGE, FREE)]),
        HirKind::Look(Look::End) => point(&[(FREE, EDGE)]),
        HirKind::Look(Look::WordAscii) => point(&[(WORD, NOT_WORD), (NOT_WORD, WORD)]),
        HirKind::Look(Look::WordAsciiNegate) => point(&[(WORD, WORD), (NOT_WORD, NOT_WORD)]),
        HirKind::Look(_) => {
            // The translation writes no other assertion.
            *widened = true;
            plain(Expr::empty())
        }
        HirKind::Capture(capture) => pieces(&capture.sub, widened),
        HirKind::Alternation(subs) => {
            merge(subs.iter().flat_map(|sub| pieces(sub, widened)).collect())
        }
        HirKind::Concat(subs) => subs.iter().fold(plain(Expr::empty()), |before, sub| {
            concat(&before, &pieces(sub, widened))
        }),
        HirKind::Repetition(rep) => {
            let inner = pieces(&rep.sub, widened);
            if !inner.iter().all(Piece::is_free) {
                match repeat::repeat(&inner, rep.min, rep.max) {
                    Some(copies) => return copies,
                    // Too many copies to write out: the conditions go.
                    None => *widened = true,
                }
            }
            let body = Expr::alt(inner.into_iter().map(|piece| piece.body));
            plain(Expr::repeat(body, rep.min, rep.max))
        }
    }
}

/// Every piece of `left` followed by every piece of `right`.
pub(super) fn concat(left: &[Piece], right: &[Piece]) -> Vec<Piece> {
    let mut out = Vec::new();
    for l in left {
        for r in right {
            join(l, r, &mut out);
        }
    }
    merge(out)
}

/// `left` then `right`: where they meet, `right.before` is settled by the
/// last character of `left`'s text and `left.after` by the first of
/// `right`'s; where one of them is empty, the condition passes on to the
/// character beyond it. A text is split by its edge characters only when
/// the other side asks about them.
fn join(left: &Piece, right: &Piece, out: &mut Vec<Piece>) {
    for (last, left_body) in split(&left.body, End::Last, right.before) {
        for (first, right_body) in split(&right.body, End::First, left.after) {
            let before = if last == EDGE {
                left.before & right.before
            } else {
                left.before
            };
            let after = if first == EDGE {
                left.after & right.after
            } else {
                right.after
            };
            let body = Expr::seq([left_body.clone(), right_body]);
            if before != 0 && after != 0 && !body.is_nothing() {
                out.push(Piece {
                    before,
                    body,
                    after,
                });
            }
        }
    }
}

/// The texts of `body` by the kind of character at `end` (`EDGE`: the
/// empty text), keeping only the kinds `allowed` admits; one unsplit
/// entry, marked `FREE`, when `allowed` admits every kind.
fn split(body: &Expr, end: End, allowed: Side) -> Vec<(Side, Expr)> {
    if allowed == FREE {
        return vec![(FREE, body.clone())];
    }
    let mut out = Vec::new();
    if nullable(body) {
        out.push((EDGE, Expr::empty()));
    }
    for kind in [WORD, OTHER] {
        if allowed & kind != 0 {
            out.push((kind, edges::at(body, end, &chars_of(kind))));
        }
    }
    out
}

/// At most one piece per pair of sides, so that a long concatenation of
/// alternations does not multiply them.
pub(super) fn merge(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    for piece in pieces {
        if piece.body.is_nothing() || piece.before == 0 || piece.after == 0 {
            continue;
        }
        match out
            .iter_mut()
            .find(|p| p.before == piece.before && p.after == piece.after)
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
