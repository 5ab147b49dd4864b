//! A repetition whose copies ask something of their neighbours (`(?:\bab)+`,
//! `(?:^a)*`): where two copies meet, each settles the other's condition.
//!
//! A fixed number of copies is their concatenation. Any number of copies
//! is a walk: each copy that is not empty is a node, kept by its two sides
//! and the kinds of its first and last characters, one node may follow
//! another when each satisfies the other's condition, and the texts of the
//! walks are read off that graph by Kleene's construction. Empty copies
//! never need to be walked through: leaving one out only drops the
//! conditions it adds.

use super::edges::{self, End};
use super::{chars_of, concat, merge, Piece, Side, OTHER, WORD};
use crate::grammar::expr::Expr;

/// Copies written out one by one at most; past it the caller widens.
const UNROLL: u32 = 16;

/// Kinds of copy the walk may hold at most: Kleene's construction grows
/// with the fourth power of their number.
const NODES: usize = 8;

/// The pieces of `inner` repeated `min` to `max` times, or `None` when the
/// counts are too large to write out.
pub(super) fn repeat(inner: &[Piece], min: u32, max: Option<u32>) -> Option<Vec<Piece>> {
    if min > UNROLL {
        return None;
    }
    let mut out = vec![Piece::free(Expr::empty())];
    for _ in 0..min {
        out = concat(&out, inner);
    }
    let rest = match max {
        None => walks(inner)?,
        Some(max) if max - min <= UNROLL => {
            // Up to `k` copies: `k` times a copy or nothing at all.
            let mut optional = inner.to_vec();
            optional.push(Piece::free(Expr::empty()));
            let mut rest = vec![Piece::free(Expr::empty())];
            for _ in min..max {
                rest = concat(&rest, &optional);
            }
            rest
        }
        Some(_) => return None,
    };
    Some(concat(&out, &rest))
}

/// A kind of copy that is not empty.
struct Node {
    before: Side,
    first: Side,
    last: Side,
    after: Side,
    body: Expr,
}

/// Any number of copies (none included).
fn walks(inner: &[Piece]) -> Option<Vec<Piece>> {
    let nodes = nodes(inner);
    if nodes.len() > NODES {
        return None;
    }
    let n = nodes.len();
    let follows = |i: usize, j: usize| {
        nodes[i].last & nodes[j].before != 0 && nodes[j].first & nodes[i].after != 0
    };
    // `paths[i][j]`: the texts of the nodes after `i` on a walk from `i`
    // to `j` (the empty text when `i == j`).
    let mut paths: Vec<Vec<Expr>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let step = if follows(i, j) {
                        nodes[j].body.clone()
                    } else {
                        Expr::nothing()
                    };
                    if i == j {
                        Expr::alt([Expr::empty(), step])
                    } else {
                        step
                    }
                })
                .collect()
        })
        .collect();
    for k in 0..n {
        let loop_k = Expr::repeat(paths[k][k].clone(), 0, None);
        let through: Vec<Vec<Expr>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        Expr::alt([
                            paths[i][j].clone(),
                            Expr::seq([paths[i][k].clone(), loop_k.clone(), paths[k][j].clone()]),
                        ])
                    })
                    .collect()
            })
            .collect();
        paths = through;
    }
    let mut out = vec![Piece::free(Expr::empty())];
    for (i, from) in nodes.iter().enumerate() {
        for (j, to) in nodes.iter().enumerate() {
            out.push(Piece {
                before: from.before,
                body: Expr::seq([from.body.clone(), paths[i][j].clone()]),
                after: to.after,
            });
        }
    }
    Some(merge(out))
}

/// The copies that are not empty, by their sides and edge characters.
fn nodes(inner: &[Piece]) -> Vec<Node> {
    let mut nodes: Vec<Node> = Vec::new();
    for piece in inner {
        for first in [WORD, OTHER] {
            let starting = edges::at(&piece.body, End::First, &chars_of(first));
            for last in [WORD, OTHER] {
                let body = edges::at(&starting, End::Last, &chars_of(last));
                if body.is_nothing() {
                    continue;
                }
                match nodes.iter_mut().find(|node| {
                    (node.before, node.first, node.last, node.after)
                        == (piece.before, first, last, piece.after)
                }) {
                    Some(same) => {
                        let was = std::mem::replace(&mut same.body, Expr::empty());
                        same.body = Expr::alt([was, body]);
                    }
                    None => nodes.push(Node {
                        before: piece.before,
                        first,
                        last,
                        after: piece.after,
                        body,
                    }),
                }
            }
        }
    }
    nodes
}
