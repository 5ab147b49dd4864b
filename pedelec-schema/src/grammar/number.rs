//! JSON numbers. (Being written: for now any integer or number.)

use super::build::Build;
use super::digits::decimal_range;
use super::expr::{CharSet, Expr};
use crate::schema::NumberNode;

/// The JSON text of an integer `node` accepts.
pub(crate) fn integer(_node: &NumberNode, cx: &mut Build) -> Expr {
    let body = Expr::seq([
        Expr::optional(Expr::text("-")),
        decimal_range(&[0], None, 308),
    ]);
    cx.lexeme("integer", body)
}

/// The JSON text of a number `node` accepts.
pub(crate) fn number(_node: &NumberNode, cx: &mut Build) -> Expr {
    let digit = Expr::class(CharSet::from_ranges([('0', '9')]));
    let body = Expr::seq([
        Expr::optional(Expr::text("-")),
        decimal_range(&[0], None, 308),
        Expr::optional(Expr::seq([Expr::text("."), Expr::repeat(digit, 1, None)])),
    ]);
    cx.lexeme("number", body)
}
