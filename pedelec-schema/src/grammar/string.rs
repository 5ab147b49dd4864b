//! JSON strings. (Being written: for now any JSON string.)

use super::build::Build;
use super::expr::{CharSet, Expr};
use crate::schema::StringNode;

/// The JSON text of a string `node` accepts, quotes included.
pub(crate) fn string(_node: &StringNode, cx: &mut Build) -> Expr {
    let raw = Expr::class(CharSet::any().difference(&CharSet::from_ranges([
        ('\0', '\u{1F}'),
        ('"', '"'),
        ('\\', '\\'),
    ])));
    let escape = Expr::seq([
        Expr::text("\\"),
        Expr::alt([
            Expr::class(CharSet::from_ranges([
                ('"', '"'),
                ('\\', '\\'),
                ('/', '/'),
                ('b', 'b'),
                ('f', 'f'),
                ('n', 'n'),
                ('r', 'r'),
                ('t', 't'),
            ])),
            Expr::seq([
                Expr::text("u"),
                Expr::repeat(
                    Expr::class(CharSet::from_ranges([('0', '9'), ('a', 'f'), ('A', 'F')])),
                    4,
                    Some(4),
                ),
            ]),
        ]),
    ]);
    cx.lexeme(
        "string",
        Expr::seq([
            Expr::text("\""),
            Expr::repeat(Expr::alt([raw, escape]), 0, None),
            Expr::text("\""),
        ]),
    )
}
